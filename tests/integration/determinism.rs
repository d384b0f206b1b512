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

const REPORT_FILES: &[&str] = &[
    "annex-dpo.html",
    "annex-dpo.md",
    "annex-dpo.pdf",
    "annex-procurement.html",
    "annex-procurement.md",
    "annex-procurement.pdf",
    "cost.csv",
    "decision.html",
    "decision.md",
    "decision.pdf",
    "report.json",
    "shortlist.csv",
];

/// Every file in a folder, by name.
fn folder_bytes(dir: &Path) -> Vec<(String, Vec<u8>)> {
    let mut out: Vec<(String, Vec<u8>)> = std::fs::read_dir(dir)
        .unwrap()
        .flatten()
        .map(|e| {
            let p = e.path();
            let bytes = if p.is_dir() {
                b"<folder>".to_vec()
            } else {
                std::fs::read(&p).unwrap()
            };
            (e.file_name().to_string_lossy().into_owned(), bytes)
        })
        .collect();
    out.sort();
    out
}

fn report_into(out: &Path, providers: &[String]) -> Output {
    let out_s = out.display().to_string();
    let mut args = vec!["report", "--out", &out_s, "--as-of", "2026-11-30"];
    args.push("--providers");
    args.extend(providers.iter().map(String::as_str));
    let o = cloudvet(&args);
    assert_eq!(
        o.status.code(),
        Some(0),
        "report failed:\n{}",
        String::from_utf8_lossy(&o.stderr)
    );
    o
}

/// Every report format, PDF included, is the same bytes whatever order the
/// profiles were created in on disk or listed on the command line. The
/// profiles sit at the same path in every run (file names are part of the
/// report's provenance), so the outputs compare byte for byte.
#[test]
fn report_is_byte_identical_across_file_order() {
    let mut files: Vec<(PathBuf, PathBuf)> = corpus()
        .into_iter()
        .filter(|(rel, _)| rel.starts_with("providers"))
        .collect();
    let inputs = copy_in_order("det-report-in", &files);
    let folder = [inputs.join("providers").display().to_string()];
    let out = temp_dir("det-report-out");

    report_into(&out.join("a"), &folder);
    let a = folder_bytes(&out.join("a"));
    let names: Vec<&str> = a.iter().map(|(n, _)| n.as_str()).collect();
    assert_eq!(names, REPORT_FILES);

    // The same folder, files created in the reverse order.
    std::fs::remove_dir_all(&inputs).unwrap();
    files.reverse();
    let again = copy_in_order("det-report-in", &files);
    assert_eq!(again, inputs);
    report_into(&out.join("b"), &folder);
    // The files on the command line, in reverse order.
    let listed: Vec<String> = files
        .iter()
        .map(|(rel, _)| inputs.join(rel).display().to_string())
        .collect();
    report_into(&out.join("c"), &listed);

    for other in ["b", "c"] {
        for ((name, x), (_, y)) in a.iter().zip(folder_bytes(&out.join(other))) {
            assert!(
                *x == y,
                "{name} differs between input orders (run a vs {other})"
            );
        }
    }
    let _ = std::fs::remove_dir_all(&inputs);
    let _ = std::fs::remove_dir_all(&out);
}

/// A report run that fails leaves an existing report untouched and no
/// temporary file behind: all formats are rendered before any is written,
/// and each file is written to a temporary name and renamed.
#[test]
fn failing_report_run_leaves_the_existing_report_intact() {
    let dir = temp_dir("det-atomic");
    let out = dir.join("report");
    let out_s = out.display().to_string();
    let o = cloudvet(&["report", "--out", &out_s, "--as-of", "2026-11-30"]);
    assert_eq!(o.status.code(), Some(0));
    let before = folder_bytes(&out);
    assert_eq!(before.len(), REPORT_FILES.len());

    // A broken template override: the run fails while rendering.
    let tpl = dir.join("templates");
    std::fs::create_dir_all(&tpl).unwrap();
    std::fs::write(tpl.join("decision.md"), "{% if %}\n").unwrap();
    let tpl_s = tpl.display().to_string();
    let o = cloudvet(&[
        "--lang",
        "de",
        "report",
        "--out",
        &out_s,
        "--as-of",
        "2027-01-15",
        "--templates",
        &tpl_s,
    ]);
    assert_eq!(o.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&o.stderr).contains("template-error"));
    assert_eq!(
        folder_bytes(&out),
        before,
        "a failed render changed the existing report"
    );

    // A target that cannot be replaced (a folder where decision.html goes), in a
    // run of all formats with another date (so every file would change): the
    // run fails before any file is replaced — the report set is written all or
    // nothing — and no temporary file is left.
    std::fs::remove_file(out.join("decision.html")).unwrap();
    std::fs::create_dir(out.join("decision.html")).unwrap();
    let o = cloudvet(&["report", "--out", &out_s, "--as-of", "2026-11-30"]);
    assert_eq!(
        o.status.code(),
        Some(2),
        "{}",
        String::from_utf8_lossy(&o.stderr)
    );
    let after = folder_bytes(&out);
    let names: Vec<&str> = after.iter().map(|(n, _)| n.as_str()).collect();
    assert!(
        !names
            .iter()
            .any(|n| n.contains("tmp") || n.starts_with('.')),
        "temporary file left: {names:?}"
    );
    for (name, bytes) in &before {
        if name != "decision.html" {
            let now = std::fs::read(out.join(name)).unwrap();
            assert!(now == *bytes, "{name} changed");
        }
    }
    let _ = std::fs::remove_dir_all(&dir);
}
