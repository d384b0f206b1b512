//! Golden files for `cloudvet dpa`: a scan's review file and the rendered review
//! (Markdown and HTML, English and German). `UPDATE_GOLDEN=1 cargo test --test
//! dpa_golden` rewrites them; review the diff before committing.

use std::path::{Path, PathBuf};
use std::process::Command;

fn golden_dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/dpa/golden")
}

fn run(args: &[&str]) {
    let o = Command::new(env!("CARGO_BIN_EXE_cloudvet"))
        .args(args)
        .output()
        .unwrap();
    assert!(
        o.status.success(),
        "{args:?}: {}",
        String::from_utf8_lossy(&o.stderr)
    );
}

fn compare(produced: &Path, golden: &Path, stale: &mut Vec<String>) {
    let new = std::fs::read_to_string(produced).unwrap();
    if std::env::var_os("UPDATE_GOLDEN").is_some() {
        std::fs::write(golden, &new).unwrap();
        return;
    }
    let old = std::fs::read_to_string(golden).unwrap_or_default();
    if old != new {
        stale.push(golden.display().to_string());
    }
}

#[test]
fn scan_and_report_match_the_golden_files() {
    let tmp = std::env::temp_dir().join(format!("cloudvet-dpa-golden-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&tmp);
    std::fs::create_dir_all(tmp.join("de")).unwrap();
    let mut stale = Vec::new();

    // The review file a scan writes.
    let doc =
        Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/dpa/en-complete-clauses.md");
    let scanned = tmp.join("scan.yaml");
    // `--provider` must name a known profile: a folder with the fictional one.
    let providers = tmp.join("providers");
    std::fs::create_dir_all(&providers).unwrap();
    std::fs::write(providers.join("helio-racks.yaml"), "id: helio-racks\n").unwrap();
    run(&[
        "dpa",
        "scan",
        doc.to_str().unwrap(),
        "--provider",
        "helio-racks",
        "--providers",
        providers.to_str().unwrap(),
        "--out",
        scanned.to_str().unwrap(),
    ]);
    compare(
        &scanned,
        &golden_dir().join("en-complete-clauses.scan.yaml"),
        &mut stale,
    );

    // The rendered review.
    let review = golden_dir().join("acme-gpu.review.yaml");
    run(&[
        "dpa",
        "report",
        review.to_str().unwrap(),
        "--out",
        tmp.to_str().unwrap(),
    ]);
    let de = tmp.join("de");
    run(&[
        "--lang",
        "de",
        "dpa",
        "report",
        review.to_str().unwrap(),
        "--format",
        "md",
        "--out",
        de.to_str().unwrap(),
    ]);
    for (produced, golden) in [
        (tmp.join("acme-gpu.review.md"), "acme-gpu.review.md"),
        (tmp.join("acme-gpu.review.html"), "acme-gpu.review.html"),
        (de.join("acme-gpu.review.md"), "acme-gpu.review.de.md"),
    ] {
        compare(&produced, &golden_dir().join(golden), &mut stale);
    }
    assert!(
        stale.is_empty(),
        "golden files differ: {stale:?}; run `UPDATE_GOLDEN=1 cargo test --test dpa_golden` and review the diff"
    );
}
