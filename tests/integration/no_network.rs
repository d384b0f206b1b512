//! No network and no code execution from data, by construction (issue 7
//! point 5): the dependency tree holds no HTTP or TLS client, the library
//! source opens no sockets and starts no processes, and the template engine
//! offers templates no way to reach the environment, the file system or a
//! shell. See docs/reliability.md.

use std::path::Path;

use crate::common::root;

/// Crates whose presence in Cargo.lock would give the binary a way to talk to
/// the network: HTTP clients and servers, TLS stacks, URL fetchers.
const NETWORK_CRATES: &[&str] = &[
    "reqwest",
    "hyper",
    "hyper-util",
    "h2",
    "ureq",
    "curl",
    "curl-sys",
    "isahc",
    "attohttpc",
    "surf",
    "native-tls",
    "rustls",
    "openssl",
    "openssl-sys",
    "tokio-rustls",
    "hyper-tls",
    "hyper-rustls",
    "tungstenite",
];

/// Package names in a Cargo.lock (`name = "..."` inside `[[package]]`).
fn locked_packages(lock: &str) -> Vec<String> {
    lock.lines()
        .filter_map(|l| l.trim().strip_prefix("name = \""))
        .filter_map(|l| l.strip_suffix('"'))
        .map(str::to_string)
        .collect()
}

#[test]
fn no_http_or_tls_client_in_the_dependency_tree() {
    let lock = std::fs::read_to_string(root().join("Cargo.lock")).expect("Cargo.lock is committed");
    let packages = locked_packages(&lock);
    // The parser must actually see the tree, or the check below proves nothing.
    for expected in ["serde", "serde_yaml", "tera", "jsonschema", "printpdf"] {
        assert!(
            packages.iter().any(|p| p == expected),
            "{expected} not found in Cargo.lock: the lock parser is broken"
        );
    }
    let found: Vec<&String> = packages
        .iter()
        .filter(|p| NETWORK_CRATES.contains(&p.as_str()))
        .collect();
    assert!(
        found.is_empty(),
        "network/TLS crates in Cargo.lock: {found:?}. cloudvet must not be able to \
         reach the network; find the dependency that pulls them in (`cargo tree -i NAME`) \
         and turn off its feature (e.g. jsonschema's `resolve-http`)"
    );
}

#[test]
fn the_lock_parser_sees_a_forbidden_crate() {
    // The check above must be able to fail.
    let lock = "[[package]]\nname = \"reqwest\"\nversion = \"0.12.0\"\n";
    let packages = locked_packages(lock);
    assert!(packages
        .iter()
        .any(|p| NETWORK_CRATES.contains(&p.as_str())));
}

fn rust_files(dir: &Path, out: &mut Vec<std::path::PathBuf>) {
    for e in std::fs::read_dir(dir).unwrap().flatten() {
        let p = e.path();
        if p.is_dir() {
            rust_files(&p, out);
        } else if p.extension().is_some_and(|x| x == "rs") {
            out.push(p);
        }
    }
}

/// The library and binary never open a socket or start a process: nothing in
/// the data can make them do so.
#[test]
fn source_opens_no_sockets_and_starts_no_processes() {
    let mut files = Vec::new();
    rust_files(&root().join("src"), &mut files);
    files.push(root().join("build.rs"));
    assert!(files.len() > 10, "src/ not found");
    let forbidden = [
        "std::net",
        "TcpStream",
        "UdpSocket",
        "std::process::Command",
        "process::Command",
        "Command::new(",
        "libc::",
    ];
    let mut hits = Vec::new();
    for f in files.iter().filter(|f| f.exists()) {
        let text = std::fs::read_to_string(f).unwrap();
        for (i, line) in text.lines().enumerate() {
            let code = line.split("//").next().unwrap_or("");
            for word in forbidden {
                if code.contains(word) {
                    hits.push(format!("{}:{}: {}", f.display(), i + 1, line.trim()));
                }
            }
        }
    }
    assert!(
        hits.is_empty(),
        "network or process use in src/:\n{}",
        hits.join("\n")
    );
}

/// Tera (the report templates, which users may override) offers no function
/// that reads the environment or files, fetches, or runs a command: a
/// template that tries fails to build. Its only built-in functions are
/// `range` and `throw`; the `glob_fs` feature (loading templates from disk by
/// glob) is off.
#[test]
fn templates_cannot_reach_environment_files_or_commands() {
    for attempt in [
        r#"{{ get_env(name="HOME") }}"#,
        r#"{{ get_env(name="PATH", default="") }}"#,
        r#"{{ now() }}"#,
        r#"{{ get_random(start=0, end=9) }}"#,
        r#"{{ load_data(path="/etc/passwd") }}"#,
        r#"{{ load_data(url="http://example.com/") }}"#,
        r#"{{ exec(cmd="id") }}"#,
        r#"{{ "id" | shell }}"#,
        r#"{% include "/etc/passwd" %}"#,
        r#"{% import "/etc/passwd" as p %}"#,
        r#"{% extends "/etc/hostname" %}"#,
    ] {
        let mut tera = tera::Tera::default();
        let built = tera.add_raw_template("override.html", attempt);
        let rendered = built
            .is_ok()
            .then(|| tera.render("override.html", &tera::Context::new()));
        assert!(
            built.is_err() || matches!(rendered, Some(Err(_))),
            "a template reached outside: {attempt} -> {rendered:?}"
        );
    }
    // A harmless template renders, so the failures above are not a broken setup.
    let mut tera = tera::Tera::default();
    tera.add_raw_template("ok.html", "{% for i in range(end=3) %}{{ i }}{% endfor %}")
        .unwrap();
    assert_eq!(
        tera.render("ok.html", &tera::Context::new()).unwrap(),
        "012"
    );
}
