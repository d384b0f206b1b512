//! `cloudvet diff`: two versions of a fixture profile (tests/fixtures/diff/v1 →
//! v2: price raised, DPA 3.0 with a shorter sub-processor notice, a US
//! sub-processor and remote access from the US, the C5 attestation ended before
//! the evaluation date) must be reported as those changes, and as the verdict
//! changes they cause.

use std::process::Command;

use serde_json::Value;

use crate::common::{cloudvet, fixture, temp_dir};

const V1: &str = "tests/fixtures/diff/v1/acme-gpu.yaml";
const V2: &str = "tests/fixtures/diff/v2/acme-gpu.yaml";

fn text(b: &[u8]) -> String {
    String::from_utf8_lossy(b).into_owned()
}

fn json_diff(args: &[&str]) -> Value {
    let mut all = vec!["diff"];
    all.extend_from_slice(args);
    all.extend_from_slice(&["--format", "json", "--as-of", "2026-12-01"]);
    let out = cloudvet(&all);
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    serde_json::from_slice(&out.stdout).expect("JSON output")
}

fn change<'a>(p: &'a Value, path: &str) -> &'a Value {
    p["changes"]
        .as_array()
        .unwrap()
        .iter()
        .find(|c| c["path"] == path)
        .unwrap_or_else(|| panic!("no change at {path}: {:#}", p["changes"]))
}

#[test]
fn reports_the_changed_facts() {
    let r = json_diff(&[V1, V2]);
    assert_eq!(r["evaluation_date"], "2026-12-01");
    let p = &r["providers"][0];
    assert_eq!(p["id"], "acme-gpu");
    assert_eq!(p["status"], "changed");

    let price = change(p, "/offers[h100x8-fra-1]/price_on_demand");
    assert_eq!(price["kind"], "changed");
    assert_eq!(price["old"], 24);
    assert_eq!(price["new"], 26.4);
    assert_eq!(price["note"], "+10.0 %");
    assert_eq!(price["pointer_new"], "/offers/0/price_on_demand");

    let version = change(p, "/dpa/version");
    assert_eq!(
        (&version["old"], &version["new"]),
        (&Value::from("2.0"), &Value::from("3.0"))
    );
    let notice = change(p, "/dpa/subprocessors/notice_days");
    assert_eq!(
        (&notice["old"], &notice["new"]),
        (&Value::from(30), &Value::from(14))
    );

    let sub = change(p, "/dpa/subprocessors/list[Helpdesk Inc.]");
    assert_eq!(sub["kind"], "added");
    assert_eq!(sub["new"]["country"], "US");
    assert_eq!(sub["note"], "US, third country");
    let remote = change(p, "/transfers/remote_access_countries[US]");
    assert_eq!(remote["kind"], "added");

    let until = change(p, "/certifications[bsi_c5]/valid_until");
    assert_eq!(until["new"], "2026-10-31");
    let expired = p["changes"]
        .as_array()
        .unwrap()
        .iter()
        .find(|c| c["kind"] == "expired")
        .expect("an expiry");
    assert_eq!(expired["path"], "/certifications[bsi_c5]");
    assert!(expired["note"]
        .as_str()
        .unwrap()
        .contains("before the evaluation date 2026-12-01"));

    // Same value, new evidence status: reported apart from the content changes.
    let ev = p["evidence_changes"].as_array().unwrap();
    assert_eq!(ev.len(), 1, "{ev:#?}");
    assert_eq!(ev[0]["path"], "/certifications[iso27001]");
    assert_eq!(ev[0]["new"]["status"], "verified");
    // Nothing is reported that did not change.
    assert!(p["changes"]
        .as_array()
        .unwrap()
        .iter()
        .all(|c| c["section"] != "exit"));
}

#[test]
fn reports_the_verdict_changes() {
    let r = json_diff(&[V1, V2]);
    let v = &r["providers"][0]["verdicts"];
    // US remote access with no transfer recorded for it: TR-003 becomes an open
    // must-have (unknown), not a failed knock-out (issue 15), so the provider stays eligible.
    assert_eq!(v["old"]["eligible"], true);
    assert_eq!(v["new"]["eligible"], true);
    assert!(v["new"]["total"].as_f64().unwrap() < v["old"]["total"].as_f64().unwrap());
    let ko: Vec<&str> = v["new"]["knockouts_failed"]
        .as_array()
        .unwrap()
        .iter()
        .filter_map(Value::as_str)
        .collect();
    assert!(!ko.contains(&"TR-003"), "{ko:?}");
    let changes = v["changes"].as_array().unwrap();
    let find = |id: &str| {
        changes
            .iter()
            .find(|c| c["rule"] == id)
            .unwrap_or_else(|| panic!("{id} not among {changes:#?}"))
    };
    let dpa9 = find("DPA-009");
    assert_eq!(
        (&dpa9["old"], &dpa9["new"]),
        (&Value::from("pass"), &Value::from("fail"))
    );
    assert!(dpa9["reason"]["en"].as_str().unwrap().contains("14"));
    let tr3 = find("TR-003");
    assert_eq!(tr3["severity"], "knockout");
    assert_eq!(tr3["new"], "unknown");
    // Knock-outs come first.
    assert_eq!(changes[0]["severity"], "knockout");
}

#[test]
fn verdicts_follow_the_requirements_given() {
    let tmp = temp_dir("diff-req");
    let req = tmp.join("requirements.yaml");
    std::fs::write(
        &req,
        "kind: requirements\nschema_version: 1\ntitle: Lenient\ndata: {personal_data: true}\n\
         commercial: {min_subprocessor_notice_days: 10}\ncurrency: {report: EUR}\n",
    )
    .unwrap();
    let r = json_diff(&[V1, V2, "--requirements", &req.display().to_string()]);
    assert_eq!(r["requirements_title"], "Lenient");
    let changes = r["providers"][0]["verdicts"]["changes"].as_array().unwrap();
    assert!(
        changes.iter().all(|c| c["rule"] != "DPA-009"),
        "14 days are enough under these requirements: {changes:#?}"
    );
    let _ = std::fs::remove_dir_all(&tmp);
}

#[test]
fn human_and_markdown_say_the_same() {
    let out = cloudvet(&["diff", V1, V2, "--as-of", "2026-12-01"]);
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    let h = text(&out.stdout);
    for needle in [
        "acme-gpu — Acme GPU Cloud: 9 change(s), 1 evidence update(s)",
        "~ Offer h100x8-fra-1 › On-demand price per hour: 24 → 26.4 [+10.0 %]",
        "~ Data processing agreement (DPA) › Notice period for sub-processor changes (days): 30 → 14",
        "Sub-processor Helpdesk Inc. (added)",
        "[US, third country]",
        "! BSI C5 attestation (expired)",
        "TR-003 [knock-out]",
        "DPA-009 [major]",
        ": pass → fail",
    ] {
        assert!(h.contains(needle), "missing `{needle}` in:\n{h}");
    }
    let md = cloudvet(&[
        "--lang",
        "de",
        "diff",
        V1,
        V2,
        "--as-of",
        "2026-12-01",
        "--format",
        "md",
    ]);
    let m = text(&md.stdout);
    assert!(m.contains("| | Was | Alt | Neu | Hinweis |"), "{m}");
    assert!(
        m.contains(
            "| geändert | Auftragsverarbeitungsvertrag (AVV) › Version des AVV | 2.0 | 3.0 |  |"
        ),
        "{m}"
    );
    assert!(m.contains("| Zulässig | ja | ja |"), "{m}");
    assert!(m.contains("TR-003, TR-004 |"), "{m}");
    assert!(m.contains("+10,0\u{a0}%"), "{m}");
}

#[test]
fn folders_are_matched_by_id() {
    let tmp = temp_dir("diff-folders");
    let (old, new) = (tmp.join("old"), tmp.join("new"));
    std::fs::create_dir_all(&old).unwrap();
    std::fs::create_dir_all(&new).unwrap();
    std::fs::copy(fixture("diff/v1/acme-gpu.yaml"), old.join("acme-gpu.yaml")).unwrap();
    // One provider in both folders, one only in the new, one only in the old.
    std::fs::copy(fixture("diff/v2/acme-gpu.yaml"), new.join("acme-gpu.yaml")).unwrap();
    std::fs::write(
        new.join("beta-gpu.yaml"),
        "kind: provider\nschema_version: 1\nid: beta-gpu\nname: Beta GPU\n",
    )
    .unwrap();
    std::fs::write(
        old.join("gone-gpu.yaml"),
        "kind: provider\nschema_version: 1\nid: gone-gpu\nname: Gone GPU\n",
    )
    .unwrap();
    let r = json_diff(&[&old.display().to_string(), &new.display().to_string()]);
    let st: Vec<(String, String)> = r["providers"]
        .as_array()
        .unwrap()
        .iter()
        .map(|p| {
            (
                p["id"].as_str().unwrap().into(),
                p["status"].as_str().unwrap().into(),
            )
        })
        .collect();
    assert_eq!(
        st,
        vec![
            ("acme-gpu".into(), "changed".into()),
            ("beta-gpu".into(), "added".into()),
            ("gone-gpu".into(), "removed".into())
        ]
    );
    let _ = std::fs::remove_dir_all(&tmp);
}

#[test]
fn the_same_profile_has_no_changes() {
    let r = json_diff(&[V1, V1]);
    let p = &r["providers"][0];
    assert_eq!(p["status"], "unchanged");
    assert_eq!(p["changes"].as_array().unwrap().len(), 0);
    assert_eq!(p["verdicts"]["changes"].as_array().unwrap().len(), 0);
    let out = cloudvet(&["diff", V1, V1, "--as-of", "2026-12-01"]);
    let h = text(&out.stdout);
    assert!(
        h.contains("No changes (nor in the assessment): acme-gpu"),
        "{h}"
    );
    assert!(!h.contains("Assessment:"), "{h}");
}

#[test]
fn bad_input_is_exit_2_with_a_hint() {
    let out = cloudvet(&["diff", V1, "tests/fixtures/diff/v2/"]);
    assert_eq!(out.status.code(), Some(2));
    assert!(text(&out.stderr).contains("both be files or both be folders"));
    let out = cloudvet(&["diff", "tests/fixtures/diff/v3/acme-gpu.yaml", V2]);
    assert_eq!(out.status.code(), Some(2));
    let err = text(&out.stderr);
    assert!(err.contains("no such file or folder"), "{err}");
    let out = cloudvet(&["diff", "tests/fixtures/diff/v", V2]);
    assert!(
        text(&out.stderr).contains("did you mean"),
        "{}",
        text(&out.stderr)
    );
    let out = cloudvet(&["diff", V1, V2, "--as-of", "2026-13-01"]);
    assert_eq!(out.status.code(), Some(2));
}

#[test]
fn output_file_is_written() {
    let tmp = temp_dir("diff-out");
    let target = tmp.join("changes.md");
    let out = Command::new(env!("CARGO_BIN_EXE_cloudvet"))
        .args([
            "diff",
            V1,
            V2,
            "--as-of",
            "2026-12-01",
            "--format",
            "md",
            "-o",
        ])
        .arg(&target)
        .current_dir(crate::common::root())
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    assert!(out.stdout.is_empty());
    let md = std::fs::read_to_string(&target).unwrap();
    assert!(md.starts_with("# Provider profile changes"), "{md}");
    let _ = std::fs::remove_dir_all(&tmp);
}
