//! Determinism (issue 7 point 4): the same inputs give the same bytes, across
//! runs and whatever order the files were created in on disk. Folders are read
//! in sorted order, maps are ordered, no wall clock enters the output.

use std::path::{Path, PathBuf};
use std::process::Output;

use crate::common::{cloudvet, root, temp_dir};

/// Every input file the tests use: the shipped catalogue and every fixture
/// (valid and invalid), as (relative path in the copy, source path).
fn corpus() -> Vec<(PathBuf, PathBuf)> {
    fn walk(base: &Path, dir: &Path, out: &mut Vec<(PathBuf, PathBuf)>) {
        let mut entries: Vec<PathBuf> = std::fs::read_dir(dir)
            .unwrap()
            .flatten()
            .map(|e| e.path())
            .collect();
        entries.sort();
        for p in entries {
            if p.is_dir() {
                walk(base, &p, out);
            } else {
                out.push((p.strip_prefix(base).unwrap().to_path_buf(), p.clone()));
            }
        }
    }
    let mut out = Vec::new();
    for folder in ["providers", "tests/fixtures"] {
        let base = root().join(folder);
        let mut part = Vec::new();
        walk(&base, &base, &mut part);
        out.extend(
            part.into_iter()
                .map(|(rel, src)| (Path::new(folder).join(rel), src)),
        );
    }
    assert!(out.len() > 40, "corpus too small: {}", out.len());
    out
}

/// Copies the corpus into `name`, creating files (and folders) in the given order.
fn copy_in_order(name: &str, files: &[(PathBuf, PathBuf)]) -> PathBuf {
    let dir = temp_dir(name);
    for (rel, src) in files {
        let dest = dir.join(rel);
        std::fs::create_dir_all(dest.parent().unwrap()).unwrap();
        std::fs::copy(src, &dest).unwrap();
    }
    dir
}

/// Stdout with the temp folder replaced by a fixed marker, so two copies compare.
fn normalised(out: &Output, dir: &Path) -> String {
    String::from_utf8(out.stdout.clone())
        .unwrap()
        .replace(&dir.display().to_string(), "<DIR>")
}

#[test]
fn validate_json_is_byte_identical_across_runs_and_file_order() {
    let files = corpus();
    let forward = copy_in_order("det-forward", &files);
    let mut reversed_files = files.clone();
    reversed_files.reverse();
    let reversed = copy_in_order("det-reversed", &reversed_files);

    let run = |dir: &Path| {
        let out = cloudvet(&["validate", "--format", "json", &dir.display().to_string()]);
        assert_eq!(out.status.code(), Some(2), "the corpus holds invalid files");
        out
    };
    let a1 = run(&forward);
    let a2 = run(&forward);
    assert_eq!(a1.stdout, a2.stdout, "two runs on the same folder differ");
    let b = run(&reversed);
    let (na, nb) = (normalised(&a1, &forward), normalised(&b, &reversed));
    assert!(na.len() > 1000, "suspiciously little output: {na}");
    assert_eq!(na, nb, "file creation order changed the output");

    // The human format (stderr) too.
    let human = |dir: &Path| {
        let out = cloudvet(&["validate", &dir.display().to_string()]);
        String::from_utf8(out.stderr)
            .unwrap()
            .replace(&dir.display().to_string(), "<DIR>")
    };
    assert_eq!(human(&forward), human(&reversed));

    let _ = std::fs::remove_dir_all(&forward);
    let _ = std::fs::remove_dir_all(&reversed);
}

#[test]
fn validate_of_the_embedded_defaults_is_byte_identical() {
    let a = cloudvet(&["validate", "--format", "json"]);
    let b = cloudvet(&["validate", "--format", "json"]);
    assert_eq!(
        a.status.code(),
        Some(0),
        "{}",
        String::from_utf8_lossy(&a.stdout)
    );
    assert_eq!(a.stdout, b.stdout);
    assert_eq!(a.stderr, b.stderr);
}

/// The shipped catalogue copied into two folders in opposite creation order,
/// and its files listed in both orders.
struct Catalogue {
    forward: PathBuf,
    reversed: PathBuf,
    files: Vec<String>,
}

fn catalogue(name: &str) -> Catalogue {
    let mut files: Vec<(PathBuf, PathBuf)> = corpus()
        .into_iter()
        .filter(|(rel, _)| rel.starts_with("providers"))
        .collect();
    let forward = copy_in_order(&format!("{name}-forward"), &files);
    files.reverse();
    let reversed = copy_in_order(&format!("{name}-reversed"), &files);
    let files = files
        .iter()
        .map(|(rel, _)| forward.join(rel).display().to_string())
        .collect();
    Catalogue {
        forward,
        reversed,
        files,
    }
}

/// Runs a command three ways (forward folder twice, reversed folder, files in
/// reverse order on the command line) and checks all outputs are the same bytes.
fn same_bytes_every_way(cat: &Catalogue, args: &[&str]) {
    let with = |providers: &[String]| {
        let mut a: Vec<&str> = args.to_vec();
        a.push("--providers");
        a.extend(providers.iter().map(String::as_str));
        let out = cloudvet(&a);
        assert!(
            out.status.code() == Some(0) || out.status.code() == Some(1),
            "{args:?}: exit {:?}\n{}",
            out.status.code(),
            String::from_utf8_lossy(&out.stderr)
        );
        out
    };
    let forward = [cat.forward.join("providers").display().to_string()];
    let reversed = [cat.reversed.join("providers").display().to_string()];
    let a1 = with(&forward);
    let a2 = with(&forward);
    assert_eq!(a1.stdout, a2.stdout, "{args:?}: two runs differ");
    let b = with(&reversed);
    let c = with(&cat.files);
    let na = normalised(&a1, &cat.forward);
    assert!(na.len() > 500, "{args:?}: suspiciously little output");
    assert_eq!(
        na,
        normalised(&b, &cat.reversed),
        "{args:?}: folder creation order changed the output"
    );
    assert_eq!(
        na,
        normalised(&c, &cat.forward),
        "{args:?}: command-line file order changed the output"
    );
}

#[test]
fn assess_is_byte_identical_across_runs_and_file_order() {
    let cat = catalogue("det-assess");
    for format in ["json", "csv", "human"] {
        same_bytes_every_way(
            &cat,
            &["assess", "--as-of", "2026-11-30", "--format", format],
        );
    }
    let _ = std::fs::remove_dir_all(&cat.forward);
    let _ = std::fs::remove_dir_all(&cat.reversed);
}

#[test]
fn cost_is_byte_identical_across_runs_and_file_order() {
    let cat = catalogue("det-cost");
    for format in ["json", "csv", "human"] {
        same_bytes_every_way(&cat, &["cost", "--format", format]);
    }
    let _ = std::fs::remove_dir_all(&cat.forward);
    let _ = std::fs::remove_dir_all(&cat.reversed);
}
