//! A completed DPA review feeds the assessment: `cloudvet assess --reviews DIR`
//! turns the DPO's verdicts into verified facts that decide the DPA rules.

use std::path::{Path, PathBuf};
use std::process::Command;

use cloudvet::model::review::{Art28Element, DpaReview, SignOff, SignOffDecision, Verdict};

fn run(args: &[&str]) -> (i32, String, String) {
    let o = Command::new(env!("CARGO_BIN_EXE_cloudvet"))
        .args(args)
        .output()
        .unwrap();
    (
        o.status.code().unwrap_or(-1),
        String::from_utf8_lossy(&o.stdout).into_owned(),
        String::from_utf8_lossy(&o.stderr).into_owned(),
    )
}

fn tmp(name: &str) -> PathBuf {
    let d = std::env::temp_dir().join(format!("cloudvet-dpa-assess-{}-{name}", std::process::id()));
    let _ = std::fs::remove_dir_all(&d);
    std::fs::create_dir_all(&d).unwrap();
    d
}

fn outcome(assessment: &serde_json::Value, provider: &str, rule: &str) -> String {
    let p = assessment["providers"]
        .as_array()
        .unwrap()
        .iter()
        .find(|p| p["id"] == provider)
        .unwrap();
    let r = p["results"]
        .as_array()
        .unwrap()
        .iter()
        .find(|r| r["rule"] == rule)
        .unwrap();
    r["outcome"].as_str().unwrap().to_string()
}

/// The first object anywhere below `v` whose `rule_id` is `rule`.
fn find_rule<'a>(v: &'a serde_json::Value, rule: &str) -> Option<&'a serde_json::Value> {
    match v {
        serde_json::Value::Object(m) => {
            if m.get("rule_id").and_then(|x| x.as_str()) == Some(rule) {
                return Some(v);
            }
            m.values().find_map(|x| find_rule(x, rule))
        }
        serde_json::Value::Array(a) => a.iter().find_map(|x| find_rule(x, rule)),
        _ => None,
    }
}

fn assess(extra: &[&str]) -> (serde_json::Value, String) {
    let mut args = vec!["assess", "--format", "json", "--as-of", "2026-11-30"];
    args.extend_from_slice(extra);
    let (rc, out, err) = run(&args);
    assert_eq!(rc, 0, "{err}");
    (serde_json::from_str(&out).unwrap(), err)
}

#[test]
fn a_completed_review_decides_the_dpa_rules() {
    let dir = tmp("reviews");
    let review_path = dir.join("hetzner.yaml");
    let doc = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/fixtures/dpa/de-complete-paragraphen.txt");
    let (rc, _, err) = run(&[
        "dpa",
        "scan",
        doc.to_str().unwrap(),
        "--provider",
        "hetzner",
        "--out",
        review_path.to_str().unwrap(),
    ]);
    assert_eq!(rc, 0, "{err}");

    let (before, _) = assess(&[]);
    assert_eq!(outcome(&before, "hetzner", "DPA-004"), "unknown");

    // A pending review changes nothing.
    let (pending, _) = assess(&["--reviews", dir.to_str().unwrap()]);
    assert_eq!(outcome(&pending, "hetzner", "DPA-004"), "unknown");

    // The DPO decides: all accepted, the sub-processor terms to be negotiated.
    let mut review: DpaReview =
        serde_yaml::from_str(&std::fs::read_to_string(&review_path).unwrap()).unwrap();
    for e in &mut review.elements {
        e.verdict = if matches!(
            e.element,
            Art28Element::SubprocessorAuthorisation
                | Art28Element::SubprocessorObjection
                | Art28Element::SubprocessorFlowDown
        ) {
            Verdict::Negotiate
        } else {
            Verdict::Accept
        };
        e.reviewer = Some("Dr. A. Muster".into());
        e.date = Some("2026-11-30".parse().unwrap());
    }
    review.sign_off = Some(SignOff {
        name: "Dr. A. Muster".into(),
        role: None,
        date: "2026-11-30".parse().unwrap(),
        decision: SignOffDecision::ApprovedWithConditions,
        comment: None,
    });
    std::fs::write(&review_path, serde_yaml::to_string(&review).unwrap()).unwrap();

    let (after, err) = assess(&["--reviews", dir.to_str().unwrap()]);
    assert!(
        err.contains("DPA review") && err.contains("`hetzner`"),
        "{err}"
    );
    // Confidentiality accepted → pass, from a verified fact.
    assert_eq!(outcome(&after, "hetzner", "DPA-004"), "pass");
    // Flow-down under negotiation → the clause as written does not pass.
    assert_eq!(outcome(&after, "hetzner", "DPA-011"), "fail");
    // Other providers are untouched.
    assert_eq!(
        outcome(&after, "aws", "DPA-004"),
        outcome(&before, "aws", "DPA-004")
    );

    // The decision report evaluates with the same facts it names as its basis.
    let out = dir.join("report");
    let (rc, _, err) = run(&[
        "report",
        "--reviews",
        dir.to_str().unwrap(),
        "--format",
        "json",
        "--as-of",
        "2026-11-30",
        "--out",
        out.to_str().unwrap(),
    ]);
    assert_eq!(rc, 0, "{err}");
    let report: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(out.join("report.json")).unwrap()).unwrap();
    let hetzner = report["providers"]
        .as_array()
        .unwrap()
        .iter()
        .find(|p| p["id"] == "hetzner")
        .unwrap();
    assert_eq!(
        find_rule(hetzner, "DPA-004").map(|r| r["outcome"].clone()),
        Some(serde_json::json!("pass")),
        "{hetzner}"
    );
    let status = report["dpa_reviews"]
        .as_array()
        .unwrap()
        .iter()
        .find(|d| d["provider_id"] == "hetzner")
        .unwrap();
    assert_eq!(status["reviewed"], true);

    // A review for a provider that is not assessed is bad input.
    let mut ghost = review.clone();
    ghost.provider = "no-such-provider".into();
    std::fs::write(
        dir.join("ghost.yaml"),
        serde_yaml::to_string(&ghost).unwrap(),
    )
    .unwrap();
    // `assess` runs the same cross-file check as `report` (pipeline::load), which
    // finds the review naming an unknown provider before the review is applied.
    for cmd in ["assess", "report"] {
        let out = dir.join("out");
        let (rc, _, err) = run(&[
            cmd,
            "--reviews",
            dir.to_str().unwrap(),
            "--out",
            out.to_str().unwrap(),
        ][..if cmd == "assess" { 3 } else { 5 }]);
        assert_eq!(rc, 2, "{cmd}: {err}");
        assert!(err.contains("unknown-provider"), "{cmd}: {err}");
        assert!(err.contains("ghost.yaml"), "{cmd}: {err}");
    }
}
