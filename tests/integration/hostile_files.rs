//! Hostile files and folders, made at test time: named pipes, devices behind
//! links, link loops, folders of self-links, a folder named like a file, long
//! numerals. Each ends in a clear message naming the file (exit 2) or a warning,
//! never a hang or unbounded reading. (Unix only: pipes and links.)
#![cfg(unix)]

use std::os::unix::fs::symlink;
use std::path::Path;
use std::process::Output;

use crate::common::{command, temp_dir};

const PROFILE: &str = "kind: provider\nschema_version: 1\nid: acme\nname: Acme\n";

/// Runs cloudvet in `dir` with a hard timeout: a hang fails the test instead of
/// blocking the suite.
fn run_in(dir: &Path, args: &[&str]) -> Output {
    let mut child = command()
        .current_dir(dir)
        .args(args)
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::piped())
        .spawn()
        .expect("run cloudvet");
    for _ in 0..600 {
        if child.try_wait().expect("wait").is_some() {
            return child.wait_with_output().expect("output");
        }
        std::thread::sleep(std::time::Duration::from_millis(100));
    }
    let _ = child.kill();
    let out = child.wait_with_output().expect("output");
    panic!(
        "cloudvet {args:?} did not finish within 60 s; stderr:\n{}",
        String::from_utf8_lossy(&out.stderr)
    );
}

fn mkfifo(path: &Path) {
    let st = std::process::Command::new("mkfifo")
        .arg(path)
        .status()
        .expect("mkfifo");
    assert!(st.success());
}

fn refused(out: &Output, code: &str, file: &str) -> String {
    let err = String::from_utf8_lossy(&out.stderr).into_owned();
    assert_eq!(out.status.code(), Some(2), "{err}");
    assert!(
        err.contains(&format!("error[{code}]")),
        "wanted {code}: {err}"
    );
    assert!(err.contains(file), "wanted the file {file} named: {err}");
    err
}

#[test]
fn pipes_and_devices_are_refused_by_name_for_every_input() {
    let dir = temp_dir("hostile-files-special");
    mkfifo(&dir.join("fifo.yaml"));
    mkfifo(&dir.join("fifo.pdf"));
    symlink("/dev/zero", dir.join("zero.yaml")).unwrap();
    symlink("/dev/urandom", dir.join("random.pdf")).unwrap();
    symlink("/dev/zero", dir.join("zero.txt")).unwrap();
    for (args, file, code) in [
        (
            vec!["validate", "fifo.yaml"],
            "fifo.yaml",
            "not-a-regular-file",
        ),
        (
            vec!["validate", "zero.yaml"],
            "zero.yaml",
            "not-a-regular-file",
        ),
        (
            vec!["dpa", "scan", "fifo.pdf"],
            "fifo.pdf",
            "dpa-file-unreadable",
        ),
        (
            vec!["dpa", "scan", "random.pdf"],
            "random.pdf",
            "dpa-file-unreadable",
        ),
        (
            vec!["dpa", "scan", "zero.txt"],
            "zero.txt",
            "dpa-file-unreadable",
        ),
        (
            vec!["assess", "--providers", "fifo.yaml"],
            "fifo.yaml",
            "not-a-regular-file",
        ),
        (
            vec!["cost", "--requirements", "zero.yaml"],
            "zero.yaml",
            "not-a-regular-file",
        ),
    ] {
        let out = run_in(&dir, &args);
        let err = refused(&out, code, file);
        assert!(
            err.contains("not a regular file") || err.contains("named pipe"),
            "{args:?}: {err}"
        );
    }
    // A pipe inside a providers folder is named too, and the real profile is read.
    let p = dir.join("providers");
    std::fs::create_dir(&p).unwrap();
    mkfifo(&p.join("pipe.yaml"));
    let out = run_in(&dir, &["validate", "providers"]);
    refused(&out, "not-a-regular-file", "pipe.yaml");
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn a_folder_of_self_links_is_walked_once() {
    let dir = temp_dir("hostile-files-loops");
    let p = dir.join("providers");
    std::fs::create_dir(&p).unwrap();
    let profile = std::fs::read_to_string(crate::common::root().join("providers/ionos.yaml"))
        .expect("shipped profile");
    std::fs::write(p.join("ionos.yaml"), profile).unwrap();
    for l in ["a", "b", "c", "d"] {
        symlink(".", p.join(l)).unwrap();
    }
    // A second name for the same file is the same file: read once.
    symlink("ionos.yaml", p.join("same.yaml")).unwrap();
    let out = run_in(&dir, &["validate", "--format", "json", "providers"]);
    let err = String::from_utf8_lossy(&out.stderr);
    let diags: Vec<serde_json::Value> = serde_json::from_slice(&out.stdout).unwrap();
    let codes: Vec<&str> = diags.iter().filter_map(|d| d["code"].as_str()).collect();
    assert!(!codes.contains(&"duplicate-id"), "{codes:?} {err}");
    assert_eq!(
        codes.iter().filter(|c| **c == "symlink-loop").count(),
        4,
        "{codes:?}"
    );
    assert!(
        diags
            .iter()
            .filter(|d| d["code"] == "symlink-loop")
            .all(|d| d["severity"] == "warning"),
        "{diags:?}"
    );
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn link_loops_and_dangling_links_say_so() {
    let dir = temp_dir("hostile-files-links");
    symlink("self.yaml", dir.join("self.yaml")).unwrap();
    symlink("b.yaml", dir.join("a.yaml")).unwrap();
    symlink("a.yaml", dir.join("b.yaml")).unwrap();
    symlink("gone.yaml", dir.join("dangling.yaml")).unwrap();
    for f in ["self.yaml", "a.yaml", "dangling.yaml"] {
        let out = run_in(&dir, &["validate", f]);
        let err = refused(&out, "symlink-loop", f);
        assert!(!err.contains("did you mean"), "{err}");
        assert!(!err.contains("no such file"), "{err}");
    }
    let out = run_in(&dir, &["dpa", "scan", "self.yaml"]);
    let err = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(2), "{err}");
    assert!(err.contains("loops"), "{err}");
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn a_folder_where_a_file_is_expected_is_an_error() {
    let dir = temp_dir("hostile-files-folder");
    std::fs::create_dir(dir.join("acme.yaml")).unwrap();
    let out = run_in(&dir, &["validate", "acme.yaml"]);
    refused(&out, "not-a-regular-file", "acme.yaml");
    let out = run_in(&dir, &["cost", "--requirements", "acme.yaml"]);
    refused(&out, "not-a-regular-file", "acme.yaml");
    let p = dir.join("providers");
    std::fs::create_dir_all(p.join("x.yaml")).unwrap();
    let out = run_in(&dir, &["validate", "providers"]);
    refused(&out, "not-a-regular-file", "x.yaml");
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn an_absurdly_long_number_is_shortened_and_not_called_non_finite() {
    let dir = temp_dir("hostile-files-number");
    let digits = "9".repeat(60_000);
    std::fs::write(
        dir.join("acme.yaml"),
        format!("{PROFILE}sla:\n  availability_pct: {digits}\n"),
    )
    .unwrap();
    let out = run_in(&dir, &["validate", "acme.yaml"]);
    let err = refused(&out, "number-out-of-range", "acme.yaml");
    assert!(!err.contains("non-finite"), "{err}");
    assert!(err.contains("60000 digits"), "{err}");
    assert!(
        err.len() < 2_000,
        "the message echoes the number: {} bytes",
        err.len()
    );
    let _ = std::fs::remove_dir_all(&dir);
}
