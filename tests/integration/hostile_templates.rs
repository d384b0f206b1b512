//! The template sandbox (`report --templates DIR`, docs/templates.md), with
//! template folders made at test time: links out of the folder, link loops,
//! pipes, and templates that write without bound. Each stops the run with
//! `template-sandbox` (or `template-error`) and writes nothing; none hangs.
#![cfg(unix)]

use std::os::unix::fs::symlink;
use std::path::Path;
use std::process::Output;

use crate::common::{command, temp_dir};

fn report(out: &Path, templates: &Path) -> Output {
    command()
        .args([
            "report",
            "--as-of",
            "2026-11-30",
            "--format",
            "md,html",
            "--out",
            out.to_str().unwrap(),
            "--templates",
            templates.to_str().unwrap(),
        ])
        .output()
        .expect("run cloudvet")
}

fn refused(out: &Output, code: &str, dir: &Path, what: &str) -> String {
    let err = String::from_utf8_lossy(&out.stderr).into_owned();
    assert_eq!(out.status.code(), Some(2), "{what}: {err}");
    assert!(err.contains(&format!("error[{code}]")), "{what}: {err}");
    assert!(!dir.join("out").exists(), "{what}: something was written");
    err
}

#[test]
fn a_link_out_of_the_template_folder_is_refused() {
    let dir = temp_dir("tpl-escape");
    let secret = dir.join("secret.txt");
    std::fs::write(&secret, "TOP SECRET CONTENT").unwrap();
    let t = dir.join("tpl");
    std::fs::create_dir_all(t.join("partials")).unwrap();
    // As an override of a used template, and as an added partial.
    symlink(&secret, t.join("decision.md")).unwrap();
    let err = refused(
        &report(&dir.join("out"), &t),
        "template-sandbox",
        &dir,
        "file link",
    );
    assert!(err.contains("outside the template folder"), "{err}");
    assert!(!err.contains("TOP SECRET"), "{err}");
    std::fs::remove_file(t.join("decision.md")).unwrap();
    symlink("../../secret.txt", t.join("partials/x.html")).unwrap();
    refused(
        &report(&dir.join("out"), &t),
        "template-sandbox",
        &dir,
        "relative link",
    );
    std::fs::remove_file(t.join("partials/x.html")).unwrap();
    // A folder link out of it.
    symlink(&dir, t.join("up")).unwrap();
    refused(
        &report(&dir.join("out"), &t),
        "template-sandbox",
        &dir,
        "folder link",
    );
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn link_loops_and_pipes_in_the_template_folder_do_not_hang() {
    let dir = temp_dir("tpl-loops");
    let t = dir.join("tpl");
    std::fs::create_dir_all(&t).unwrap();
    std::fs::write(t.join("decision.md"), "LOOPED {{ meta.title }}\n").unwrap();
    for l in ["a", "b", "c"] {
        symlink(".", t.join(l)).unwrap();
    }
    let out = report(&dir.join("out"), &t);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let md = std::fs::read_to_string(dir.join("out/decision.md")).unwrap();
    assert!(md.starts_with("LOOPED"), "{md}");
    std::fs::remove_dir_all(dir.join("out")).unwrap();
    // A self-link named like a template, and a pipe.
    symlink("self.html", t.join("self.html")).unwrap();
    let err = refused(
        &report(&dir.join("out"), &t),
        "template-error",
        &dir,
        "self link",
    );
    assert!(err.contains("loops"), "{err}");
    std::fs::remove_file(t.join("self.html")).unwrap();
    let st = std::process::Command::new("mkfifo")
        .arg(t.join("pipe.md"))
        .status()
        .unwrap();
    assert!(st.success());
    let err = refused(
        &report(&dir.join("out"), &t),
        "template-error",
        &dir,
        "pipe",
    );
    assert!(err.contains("named pipe"), "{err}");
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn nested_loops_stop_at_the_output_budget() {
    let dir = temp_dir("tpl-budget");
    let t = dir.join("tpl");
    std::fs::create_dir_all(&t).unwrap();
    // 10^15 lines if it ran to the end; each of tera's loops stays in its limit.
    std::fs::write(
        t.join("decision.md"),
        "{% for a in range(end=100000) %}{% for b in range(end=100000) %}{% for c in range(end=100000) %}{{ a }}-{{ b }}-{{ c }} lorem ipsum dolor sit amet\n{% endfor %}{% endfor %}{% endfor %}",
    )
    .unwrap();
    let err = refused(
        &report(&dir.join("out"), &t),
        "template-sandbox",
        &dir,
        "loops",
    );
    assert!(err.contains("budget"), "{err}");
    let _ = std::fs::remove_dir_all(&dir);
}

/// A template folder holding only `decision.md` with `body`.
fn one_template(dir: &Path, body: &str) -> std::path::PathBuf {
    let t = dir.join("tpl");
    std::fs::create_dir_all(&t).unwrap();
    std::fs::write(t.join("decision.md"), body).unwrap();
    t
}

#[test]
fn values_built_without_writing_stop_at_the_memory_budget() {
    // A string doubled 40 times (16 TiB) and kept, then never written; and a
    // `filter` block capturing a megabyte 100,000 times, output that never
    // reaches the output budget.
    for (name, body) in [
        (
            "doubling",
            "{% set_global s = \"xxxxxxxxxxxxxxxx\" %}{% for i in range(end=40) %}{% set_global s = s ~ s %}{% endfor %}{{ s | length }}",
        ),
        (
            "capture",
            "{% set_global s = \"xxxxxxxxxxxxxxxx\" %}{% for i in range(end=16) %}{% set_global s = s ~ s %}{% endfor %}{% filter upper %}{% for a in range(end=100000) %}{{ s | safe }}{% endfor %}{% endfilter %}",
        ),
    ] {
        let dir = temp_dir(&format!("tpl-memory-{name}"));
        let t = one_template(&dir, body);
        let err = refused(
            &report(&dir.join("out"), &t),
            "template-sandbox",
            &dir,
            name,
        );
        // Linux watches memory; elsewhere the time budget stops it.
        assert!(
            err.contains("memory budget") || err.contains("time budget"),
            "{name}: {err}"
        );
        if cfg!(target_os = "linux") {
            assert!(err.contains("memory budget"), "{name}: {err}");
        }
        let _ = std::fs::remove_dir_all(&dir);
    }
}

#[test]
fn loops_that_write_nothing_stop_at_the_time_budget() {
    let dir = temp_dir("tpl-silent");
    // 10^10 iterations that write nothing and keep nothing.
    let t = one_template(
        &dir,
        "{% for a in range(end=100000) %}{% for b in range(end=100000) %}{% set x = a + b %}{% endfor %}{% endfor %}done",
    );
    let start = std::time::Instant::now();
    let err = refused(
        &report(&dir.join("out"), &t),
        "template-sandbox",
        &dir,
        "silent",
    );
    assert!(err.contains("time budget"), "{err}");
    // Not a timing assertion: only that it ends, long before the loops would.
    assert!(start.elapsed() < std::time::Duration::from_secs(120));
    let _ = std::fs::remove_dir_all(&dir);
}
