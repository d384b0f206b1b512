//! `cloudvet assess`, `rules` and `questionnaire` driven through the real binary,
//! with golden files for the fixture catalogue (`UPDATE_GOLDEN=1` rewrites them).

use std::path::{Path, PathBuf};
use std::process::Command;

fn bin() -> Command {
    let mut c = Command::new(env!("CARGO_BIN_EXE_cloudvet"));
    c.env_remove("SOURCE_DATE_EPOCH");
    c
}

fn fixture(p: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/fixtures/rules")
        .join(p)
}

fn run(args: &[&str]) -> (i32, String, String) {
    let out = bin().args(args).output().expect("binary runs");
    (
        out.status.code().unwrap_or(-1),
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

fn golden(name: &str, have: &str) {
    let p = fixture(&format!("golden/{name}"));
    if std::env::var_os("UPDATE_GOLDEN").is_some() {
        std::fs::write(&p, have).unwrap();
        return;
    }
    let want = std::fs::read_to_string(&p).unwrap_or_default();
    assert_eq!(
        have, want,
        "golden file {name} differs; UPDATE_GOLDEN=1 rewrites it"
    );
}

fn fixture_args<'a>(providers: &'a str, extra: &[&'a str]) -> Vec<&'a str> {
    let mut v = vec!["assess", "--providers", providers, "--as-of", "2026-11-30"];
    v.extend_from_slice(extra);
    v
}

#[test]
fn assess_on_the_embedded_defaults_gives_a_cited_ranking() {
    let (code, out, err) = run(&["assess", "--as-of", "2026-11-30"]);
    assert_eq!(code, 0, "{err}");
    assert!(out.contains("Rank"), "{out}");
    assert!(
        out.contains("Robust") || out.contains("Not robust"),
        "{out}"
    );
    assert!(out.contains("GDPR Art. 28(3)"), "citations shown: {out}");
    let (code, json, _) = run(&["assess", "--as-of", "2026-11-30", "--format", "json"]);
    assert_eq!(code, 0);
    let v: serde_json::Value = serde_json::from_str(&json).unwrap();
    assert!(v["providers"].as_array().unwrap().len() >= 10);
    assert!(v["rules"].as_array().unwrap().len() >= 60);
    assert!(v["robustness"]["leader"].is_string());
    // The same inputs give the same bytes.
    let (_, again, _) = run(&["assess", "--as-of", "2026-11-30", "--format", "json"]);
    assert_eq!(json, again);
}

#[test]
fn fixture_catalogue_human_csv_and_json() {
    let dir = fixture("providers");
    let d = dir.to_str().unwrap();
    let (code, out, err) = run(&fixture_args(d, &[]));
    assert_eq!(code, 0, "{err}");
    golden("assess.txt", &out);
    let (_, de, _) = run(&fixture_args(d, &["--lang", "de"]));
    golden("assess.de.txt", &de);
    let (_, csv, _) = run(&fixture_args(d, &["--format", "csv"]));
    golden("assess.csv", &csv);
    let (_, json, _) = run(&fixture_args(d, &["--format", "json"]));
    let v: serde_json::Value = serde_json::from_str(&json).unwrap();
    let ps = v["providers"].as_array().unwrap();
    assert_eq!(ps[0]["id"], "alpha");
    assert_eq!(ps[0]["rank"], 1);
    let beta = ps.iter().find(|p| p["id"] == "beta").unwrap();
    assert_eq!(beta["eligible"], false);
    assert!(beta["knockouts_failed"]
        .as_array()
        .unwrap()
        .iter()
        .any(|r| r == "GPU-001"));
    assert!(beta["knockouts_failed"]
        .as_array()
        .unwrap()
        .iter()
        .any(|r| r == "DPA-017"));
    // The facts read are recorded with their source.
    let alpha = &ps[0];
    let dpa1 = alpha["results"]
        .as_array()
        .unwrap()
        .iter()
        .find(|r| r["rule"] == "DPA-001")
        .unwrap();
    assert_eq!(dpa1["outcome"], "pass");
    assert_eq!(dpa1["facts"][0]["pointer"], "/dpa/available");
    assert_eq!(dpa1["facts"][0]["source"], "https://alpha.example/dpa");
    assert_eq!(dpa1["facts"][0]["status"], "verified");
    // The expired certificate is unknown, and says so.
    let cert = beta["results"]
        .as_array()
        .unwrap()
        .iter()
        .find(|r| r["rule"] == "CERT-001")
        .unwrap();
    assert_eq!(cert["outcome"], "unknown");
    assert!(cert["reason"]["en"]
        .as_str()
        .unwrap()
        .contains("expired on 31 Jan 2025"));
    // An unknown knock-out keeps gamma in, flagged.
    let gamma = ps.iter().find(|p| p["id"] == "gamma").unwrap();
    assert_eq!(gamma["eligible"], true);
    assert!(!gamma["open_must_haves"].as_array().unwrap().is_empty());
}

#[test]
fn input_order_does_not_change_the_output() {
    let a = fixture("providers/alpha.yaml");
    let b = fixture("providers/beta.yaml");
    let g = fixture("providers/gamma.yaml");
    let (a, b, g) = (
        a.to_str().unwrap(),
        b.to_str().unwrap(),
        g.to_str().unwrap(),
    );
    let one = run(&[
        "assess",
        "--as-of",
        "2026-11-30",
        "--format",
        "json",
        "--providers",
        a,
        b,
        g,
    ])
    .1;
    let two = run(&[
        "assess",
        "--as-of",
        "2026-11-30",
        "--format",
        "json",
        "--providers",
        g,
        a,
        b,
    ])
    .1;
    assert_eq!(one, two);
}

#[test]
fn gates_trip_with_exit_1_and_bad_input_is_exit_2() {
    let d = fixture("providers");
    let d = d.to_str().unwrap();
    let imp = fixture("requirements-impossible.yaml");
    let (code, _, err) = run(&fixture_args(
        d,
        &[
            "--requirements",
            imp.to_str().unwrap(),
            "--fail-on",
            "no-eligible",
        ],
    ));
    assert_eq!(code, 1, "{err}");
    let (code, _, _) = run(&fixture_args(d, &["--fail-on", "no-eligible"]));
    assert_eq!(code, 0);
    let (code, _, _) = run(&fixture_args(d, &["--fail-on", "knockout"]));
    assert_eq!(code, 1, "beta fails knock-outs");
    let alpha = fixture("providers/alpha.yaml");
    let (code, _, err) = run(&fixture_args(
        alpha.to_str().unwrap(),
        &["--fail-on", "knockout"],
    ));
    assert_eq!(code, 0, "{err}");
    let bad = fixture("requirements-bad-area.yaml");
    let (code, _, err) = run(&fixture_args(d, &["--requirements", bad.to_str().unwrap()]));
    assert_eq!(code, 2);
    assert!(
        err.contains("unknown-area") && err.contains("pricing"),
        "{err}"
    );
    let (code, _, err) = run(&["assess", "--providers", d, "--as-of", "2026-02-30"]);
    assert_eq!(code, 2);
    assert!(err.contains("invalid-date"), "{err}");
    let (code, _, err) = run(&fixture_args("/nonexistent/folder", &[]));
    assert_eq!(code, 2, "{err}");
}

#[test]
fn waivers_apply_until_they_expire_and_the_report_says_so() {
    let d = fixture("providers");
    let w = fixture("requirements-waiver.yaml");
    let (code, json, err) = run(&fixture_args(
        d.to_str().unwrap(),
        &["--requirements", w.to_str().unwrap(), "--format", "json"],
    ));
    assert_eq!(code, 0, "{err}");
    let v: serde_json::Value = serde_json::from_str(&json).unwrap();
    let waivers = v["waivers"].as_array().unwrap();
    assert_eq!(waivers[0]["status"], "applied");
    assert_eq!(waivers[1]["status"], "expired");
    let beta = v["providers"]
        .as_array()
        .unwrap()
        .iter()
        .find(|p| p["id"] == "beta")
        .unwrap();
    let ko: Vec<&str> = beta["knockouts_failed"]
        .as_array()
        .unwrap()
        .iter()
        .map(|x| x.as_str().unwrap())
        .collect();
    assert_eq!(
        ko,
        vec!["GPU-001"],
        "DPA-017 is waived, GPU-001's waiver expired"
    );
    let (_, human, _) = run(&fixture_args(
        d.to_str().unwrap(),
        &["--requirements", w.to_str().unwrap()],
    ));
    assert!(
        human.contains("Waiver expired: GPU-001 / Beta GPU (fixture)"),
        "{human}"
    );
}

#[test]
fn ai_literacy_wording_follows_the_evaluation_date() {
    let d = fixture("providers");
    let rules_at = |date: &str| -> Vec<String> {
        let (_, json, _) = run(&[
            "assess",
            "--providers",
            d.to_str().unwrap(),
            "--as-of",
            date,
            "--format",
            "json",
        ]);
        let v: serde_json::Value = serde_json::from_str(&json).unwrap();
        v["rules"]
            .as_array()
            .unwrap()
            .iter()
            .map(|r| r["id"].as_str().unwrap().to_string())
            .collect()
    };
    let old = rules_at("2026-07-26");
    let new = rules_at("2026-07-27");
    assert!(old.contains(&"AI-002".to_string()) && !old.contains(&"AI-003".to_string()));
    assert!(new.contains(&"AI-003".to_string()) && !new.contains(&"AI-002".to_string()));
    let before = rules_at("2027-01-11");
    let after = rules_at("2027-01-12");
    assert!(before.contains(&"EXIT-007".to_string()) && !before.contains(&"EXIT-012".to_string()));
    assert!(after.contains(&"EXIT-012".to_string()) && !after.contains(&"EXIT-007".to_string()));
}

#[test]
fn rules_list_and_explain() {
    let (code, out, _) = run(&["rules", "list"]);
    assert_eq!(code, 0);
    for id in [
        "DPA-001", "TR-003", "SEC-005", "AI-003", "LOC-003", "CERT-005", "EXIT-012", "GPU-004",
        "COM-004",
    ] {
        assert!(out.contains(id), "{id} missing");
    }
    let (code, out, _) = run(&["rules", "explain", "DPA-017"]);
    assert_eq!(code, 0);
    assert!(
        out.contains("GDPR Art. 28(3)(h)") && out.contains("Question to the vendor"),
        "{out}"
    );
    let (code, out, _) = run(&["rules", "explain", "dpa-017", "--lang", "de"]);
    assert_eq!(code, 0);
    assert!(
        out.contains("Frage an den Anbieter") && out.contains("Prüfrechte"),
        "{out}"
    );
    let (code, _, err) = run(&["rules", "explain", "XYZ-999"]);
    assert_eq!(code, 2);
    assert!(err.contains("unknown-rule"));
}

#[test]
fn questionnaire_round_trip_merges_answers_as_self_declared_facts() {
    let tmp = std::env::temp_dir().join(format!("cloudvet-q-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&tmp);
    let d = fixture("providers");
    let d = d.to_str().unwrap();
    let (code, _, err) = run(&[
        "questionnaire",
        "--provider",
        "gamma",
        "--providers",
        d,
        "--as-of",
        "2026-11-30",
        "--out",
        tmp.to_str().unwrap(),
    ]);
    assert_eq!(code, 0, "{err}");
    let yaml_path = tmp.join("gamma-questionnaire.yaml");
    let text = std::fs::read_to_string(&yaml_path).unwrap();
    assert!(text.contains("DPA-017") && text.contains("/dpa/clauses/inspection_allowed"));
    assert!(std::fs::read_to_string(tmp.join("gamma-questionnaire.md"))
        .unwrap()
        .contains("DPA-017"));
    // Nothing filled in yet: merging changes nothing (it may sit in answers/).
    let (code, _, err) = run(&fixture_args(
        d,
        &["--answers", yaml_path.to_str().unwrap()],
    ));
    assert_eq!(code, 0, "{err}");
    // An answer without the file's date: merging is refused with exit 2.
    let mut q: serde_json::Value = serde_yaml::from_str(&text).unwrap();
    q["questions"][0]["answers"][0]["value"] = true.into();
    let undated = tmp.join("undated.yaml");
    std::fs::write(&undated, serde_yaml::to_string(&q).unwrap()).unwrap();
    let (code, _, err) = run(&fixture_args(d, &["--answers", undated.to_str().unwrap()]));
    assert_eq!(code, 2, "{err}");
    assert!(err.contains("questionnaire-not-dated"), "{err}");
    // Answer the audit question and date the file.
    let mut q: serde_json::Value = serde_yaml::from_str(&text).unwrap();
    q["answered_on"] = "2026-12-01".into();
    q["answered_by"] = "Gamma DPO".into();
    for question in q["questions"].as_array_mut().unwrap() {
        for a in question["answers"].as_array_mut().unwrap() {
            if a["fact"] == "/dpa/clauses/audit" || a["fact"] == "/dpa/clauses/inspection_allowed" {
                a["value"] = true.into();
                a["source"] = "https://gamma.example/dpa".into();
            }
        }
    }
    let answered = tmp.join("answered.yaml");
    std::fs::write(&answered, serde_yaml::to_string(&q).unwrap()).unwrap();
    let (code, json, err) = run(&fixture_args(
        d,
        &["--answers", answered.to_str().unwrap(), "--format", "json"],
    ));
    assert_eq!(code, 0, "{err}");
    let v: serde_json::Value = serde_json::from_str(&json).unwrap();
    let gamma = v["providers"]
        .as_array()
        .unwrap()
        .iter()
        .find(|p| p["id"] == "gamma")
        .unwrap();
    let r = gamma["results"]
        .as_array()
        .unwrap()
        .iter()
        .find(|r| r["rule"] == "DPA-017")
        .unwrap();
    assert_eq!(r["outcome"], "pass");
    assert_eq!(r["facts"][0]["status"], "self_declared");
    assert_eq!(r["facts"][0]["as_of"], "2026-12-01");
    assert_eq!(r["verified"], false);
    // An answer of the wrong type is refused with its location.
    for question in q["questions"].as_array_mut().unwrap() {
        for a in question["answers"].as_array_mut().unwrap() {
            if a["fact"] == "/dpa/breach_notice_hours" {
                a["value"] = "soon".into();
            }
        }
    }
    std::fs::write(&answered, serde_yaml::to_string(&q).unwrap()).unwrap();
    let (code, _, err) = run(&fixture_args(d, &["--answers", answered.to_str().unwrap()]));
    assert_eq!(code, 2, "{err}");
    assert!(err.contains("answer-does-not-fit"), "{err}");
    let _ = std::fs::remove_dir_all(&tmp);
}

#[test]
fn a_broken_pack_is_refused_with_its_location() {
    let bad = fixture("bad-pack");
    let (code, _, err) = run(&["rules", "list", "--rules", bad.to_str().unwrap()]);
    assert_eq!(code, 2, "{err}");
    assert!(err.contains("invalid-rule"), "{err}");
    assert!(
        err.contains("BRK-001: question has no German text"),
        "{err}"
    );
    assert!(
        err.contains("a rule needs at least one legal basis"),
        "{err}"
    );
    assert!(err.contains("offers are read through `count`"), "{err}");
    assert!(err.contains("broken.yaml:"), "line:column given: {err}");
    let f = bad.join("broken.yaml");
    let (code, _, _) = run(&["validate", f.to_str().unwrap()]);
    assert_eq!(code, 2, "validate runs the pack checks too");
}

#[test]
fn a_pack_in_rules_dir_replaces_the_shipped_one() {
    let custom = fixture("custom-pack");
    let d = fixture("providers");
    let (code, json, err) = run(&fixture_args(
        d.to_str().unwrap(),
        &["--rules", custom.to_str().unwrap(), "--format", "json"],
    ));
    assert_eq!(code, 0, "{err}");
    let v: serde_json::Value = serde_json::from_str(&json).unwrap();
    let ids: Vec<&str> = v["rules"]
        .as_array()
        .unwrap()
        .iter()
        .map(|r| r["id"].as_str().unwrap())
        .collect();
    assert!(ids.contains(&"OWN-001"));
    assert!(!ids.iter().any(|i| i.starts_with("COM-")), "{ids:?}");
    let gamma = v["providers"]
        .as_array()
        .unwrap()
        .iter()
        .find(|p| p["id"] == "gamma")
        .unwrap();
    assert!(gamma["open_must_haves"]
        .as_array()
        .unwrap()
        .iter()
        .any(|r| r == "OWN-001"));
}
