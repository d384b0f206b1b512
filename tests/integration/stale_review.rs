//! A DPA review is bound to the DPA version it reviewed (issue 13 item 7): once the
//! profile's current DPA is another version or date, the review is stale — not
//! applied — and `assess`, `validate` and the report say so, naming both versions.

use std::path::PathBuf;

use crate::common::{cloudvet, fixture, temp_dir};

fn folder() -> PathBuf {
    fixture("invalid/dpa-review-stale")
}

fn dpa009(extra: &[&str]) -> (String, String) {
    let profile = folder().join("acme.yaml");
    let mut args = vec![
        "assess",
        "--format",
        "json",
        "--as-of",
        "2026-12-01",
        "--providers",
        profile.to_str().unwrap(),
    ];
    args.extend_from_slice(extra);
    let o = cloudvet(&args);
    let err = String::from_utf8_lossy(&o.stderr).into_owned();
    assert!(o.status.success(), "{err}");
    let v: serde_json::Value = serde_json::from_slice(&o.stdout).unwrap();
    let r = v["providers"][0]["results"]
        .as_array()
        .unwrap()
        .iter()
        .find(|r| r["rule"] == "DPA-009")
        .cloned()
        .expect("DPA-009");
    (r["outcome"].as_str().unwrap().to_string(), err)
}

#[test]
fn a_stale_review_is_not_applied_and_a_current_one_is() {
    let review = folder().join("acme-review.yaml");
    let (without, _) = dpa009(&[]);
    // The old review's 30 days do not override the profile's current 14.
    let (stale, err) = dpa009(&["--reviews", review.to_str().unwrap()]);
    assert_eq!(stale, without);
    assert!(err.contains("warning[dpa-review-stale]"), "{err}");
    assert!(
        err.contains("version 2.0 of 2026-03-01") && err.contains("version 3.0 of 2026-11-15"),
        "{err}"
    );
    assert!(!err.contains("applied to `acme`"), "{err}");

    // The same review of the current version is applied.
    let dir = temp_dir("current-review");
    let current = std::fs::read_to_string(&review)
        .unwrap()
        .replace("version: \"2.0\"", "version: \"3.0\"")
        .replace("date: 2026-03-01", "date: 2026-11-15");
    let path = dir.join("acme-review.yaml");
    std::fs::write(&path, current).unwrap();
    let (applied, err) = dpa009(&["--reviews", path.to_str().unwrap()]);
    assert!(!err.contains("dpa-review-stale"), "{err}");
    assert_ne!(applied, without, "the current review decides DPA-009");
}

#[test]
fn the_report_says_the_review_is_stale_in_both_languages() {
    let out = temp_dir("stale-report");
    for (lang, words) in [
        (
            "en",
            [
                "review stale",
                "version 2.0 of 2026-03-01",
                "version 3.0 of 2026-11-15",
            ],
        ),
        (
            "de",
            [
                "Prüfung veraltet",
                "Version 2.0 vom 2026-03-01",
                "Version 3.0 vom 2026-11-15",
            ],
        ),
    ] {
        let dir = out.join(lang);
        let o = cloudvet(&[
            "--lang",
            lang,
            "report",
            "--providers",
            folder().join("acme.yaml").to_str().unwrap(),
            "--reviews",
            folder().join("acme-review.yaml").to_str().unwrap(),
            "--as-of",
            "2026-12-01",
            "--format",
            "json,md",
            "--out",
            dir.to_str().unwrap(),
        ]);
        let err = String::from_utf8_lossy(&o.stderr);
        assert!(o.status.success(), "{err}");
        assert!(err.contains("dpa-review-stale"), "{err}");
        // The DPA review status is in the data protection annex.
        let md = std::fs::read_to_string(dir.join("annex-dpo.md")).unwrap();
        for w in words {
            assert!(md.contains(w), "{lang}: `{w}` missing from the report");
        }
    }
}

#[test]
fn dpa_scan_records_the_version_and_date_the_document_states() {
    let dir = temp_dir("scan-version");
    let doc = dir.join("acme-dpa.txt");
    let body = std::fs::read_to_string(fixture("dpa/en-complete-numbered.txt")).unwrap();
    std::fs::write(
        &doc,
        format!("DATA PROCESSING ADDENDUM\nVersion 3.0 of 15 November 2026\n\n{body}"),
    )
    .unwrap();
    let out = dir.join("review.yaml");
    let o = cloudvet(&[
        "dpa",
        "scan",
        doc.to_str().unwrap(),
        "--provider",
        "aws",
        "--out",
        out.to_str().unwrap(),
    ]);
    let stdout = String::from_utf8_lossy(&o.stdout);
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    assert!(
        stdout.contains("DPA version: 3.0 (line 2); dated: 2026-11-15 (line 2)"),
        "{stdout}"
    );
    let review = std::fs::read_to_string(&out).unwrap();
    assert!(
        review.contains("version: '3.0'") || review.contains("version: \"3.0\""),
        "{review}"
    );
    assert!(review.contains("date: 2026-11-15"), "{review}");
}
