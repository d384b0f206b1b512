//! Issue 15, item 5: the BSI C3A pack (variants selected in the requirements,
//! knock-outs only on request) and the BSI C5 attestation logic (which catalogue
//! version counts for which audit period, Type 1 vs Type 2, bridge letters, scope
//! of service and locations). Each test assesses profiles that differ only in the
//! fact in question, with every shipped pack, and checks the rule's verdict.

use cloudvet::eval::examples::{base_profile, base_requirements, merge};
use cloudvet::eval::{self, packs, Outcome, ProviderAssessment};
use cloudvet::model::common::Date;
use cloudvet::model::provider::ProviderProfile;
use cloudvet::model::requirements::Requirements;
use cloudvet::model::rule_pack::Severity;
use serde_json::{json, Value};

fn assess_on(profile: Value, req: Value, date: &str) -> ProviderAssessment {
    let mut p = base_profile();
    merge(&mut p, &profile);
    let profile: ProviderProfile = serde_json::from_value(p).expect("profile fits");
    let mut r = base_requirements();
    merge(&mut r, &req);
    let req: Requirements = serde_json::from_value(r).expect("requirements fit");
    let date: Date = date.parse().unwrap();
    let packs = packs::shipped().expect("shipped packs load");
    let mut a = eval::assess(&[profile], &packs, &req, date).expect("assessment runs");
    a.providers.remove(0)
}

fn outcome(p: &ProviderAssessment, rule: &str) -> Outcome {
    p.results
        .iter()
        .find(|r| r.rule == rule)
        .unwrap_or_else(|| panic!("{rule} did not apply"))
        .outcome
}

fn applied(p: &ProviderAssessment) -> Vec<&str> {
    p.results
        .iter()
        .filter(|r| r.rule.starts_with("C3A-"))
        .map(|r| r.rule.as_str())
        .collect()
}

/// A C5 entry with the given fields on top of a current C5:2026 Type 2 in scope.
fn c5(extra: Value) -> Value {
    let mut c = json!({"scheme": "bsi_c5", "name": "C5", "version": "C5:2026",
        "report_type": "type2", "covers_gpu_service": true, "covers_offered_locations": true,
        "valid_from": "2025-10-01", "period_end": "2026-09-30"});
    merge(&mut c, &extra);
    json!({"certifications": [c]})
}

fn v(rule: &str, profile: Value, req: Value, date: &str) -> Outcome {
    outcome(&assess_on(profile, req, date), rule)
}

const D: &str = "2026-11-30";

#[test]
fn c3a_applies_only_when_the_requirements_select_it() {
    let none = assess_on(json!({}), json!({}), D);
    assert!(applied(&none).is_empty(), "{:?}", applied(&none));
    let eu = assess_on(json!({}), json!({"c3a": {}}), D);
    let de = assess_on(json!({}), json!({"c3a": {"variant": "de"}}), D);
    let (eu, de) = (applied(&eu), applied(&de));
    // The EU variant picks the C1/C3 criteria, the Germany variant the C2/C4 ones.
    for id in ["C3A-002", "C3A-004", "C3A-006", "C3A-010", "C3A-013"] {
        assert!(eu.contains(&id) && !de.contains(&id), "{id}");
    }
    for id in ["C3A-003", "C3A-005", "C3A-007", "C3A-011"] {
        assert!(de.contains(&id) && !eu.contains(&id), "{id}");
    }
    // Criteria without a pair apply in both.
    for id in ["C3A-001", "C3A-008", "C3A-009", "C3A-012", "C3A-014"] {
        assert!(de.contains(&id) && eu.contains(&id), "{id}");
    }
}

#[test]
fn c3a_variant_decides_a_french_provider() {
    let fr = json!({"identity": {"hq_country": "FR", "ultimate_parent_country": "FR"}});
    assert_eq!(
        v("C3A-004", fr.clone(), json!({"c3a": {}}), D),
        Outcome::Pass
    );
    assert_eq!(
        v("C3A-006", fr.clone(), json!({"c3a": {}}), D),
        Outcome::Pass
    );
    let de = json!({"c3a": {"variant": "de"}});
    assert_eq!(v("C3A-005", fr.clone(), de.clone(), D), Outcome::Fail);
    assert_eq!(v("C3A-007", fr, de, D), Outcome::Fail);
}

#[test]
fn c3a_is_major_unless_must_have_is_set() {
    let us = json!({"identity": {"hq_country": "US"}});
    let sev = |req: Value| {
        let a = assess_on(us.clone(), req, D);
        let r = a.results.iter().find(|r| r.rule == "C3A-004").unwrap();
        (r.severity, a.eligible)
    };
    assert_eq!(sev(json!({"c3a": {}})), (Severity::Major, true));
    assert_eq!(
        sev(json!({"c3a": {"must_have": true}})),
        (Severity::Knockout, false)
    );
}

#[test]
fn c3a_jurisdiction_reads_the_customer_agreement_not_the_dpa() {
    let dpa_only = json!({"dpa": {"governing_law": "DE"}});
    assert_eq!(
        v("C3A-002", dpa_only, json!({"c3a": {}}), D),
        Outcome::Unknown
    );
    let with = |courts: &str| json!({"sovereignty": {"contract_governing_law": "IE", "contract_courts": courts}});
    assert_eq!(
        v("C3A-002", with("IE"), json!({"c3a": {}}), D),
        Outcome::Pass
    );
    assert_eq!(
        v("C3A-002", with("US"), json!({"c3a": {}}), D),
        Outcome::Fail
    );
}

#[test]
fn c5_type1_never_counts_type2_does() {
    assert_eq!(v("CERT-005", c5(json!({})), json!({}), D), Outcome::Pass);
    assert_eq!(
        v(
            "CERT-005",
            c5(json!({"report_type": "type1"})),
            json!({}),
            D
        ),
        Outcome::Unknown
    );
    let c3a = json!({"c3a": {}});
    assert_eq!(v("C3A-001", c5(json!({})), c3a.clone(), D), Outcome::Pass);
    assert_eq!(
        v(
            "C3A-001",
            c5(json!({"report_type": "type1"})),
            c3a.clone(),
            D
        ),
        Outcome::Unknown
    );
    // On a list declared complete, Type 1 only is a failure.
    let mut p = c5(json!({"report_type": "type1"}));
    merge(&mut p, &json!({"certifications_complete": true}));
    assert_eq!(v("C3A-001", p, c3a, D), Outcome::Fail);
}

#[test]
fn c5_2020_counts_for_c5_but_not_for_c3a() {
    let old = c5(json!({"version": "C5:2020", "name": "C5:2020"}));
    assert_eq!(v("CERT-005", old.clone(), json!({}), D), Outcome::Pass);
    assert_eq!(v("CERT-014", old.clone(), json!({}), D), Outcome::Pass);
    assert_eq!(v("C3A-001", old, json!({"c3a": {}}), D), Outcome::Unknown);
}

#[test]
fn c5_2020_only_for_periods_beginning_before_june_2027() {
    let at = |version: &str, start: &str| {
        c5(json!({"version": version, "valid_from": start, "period_end": "2028-03-31"}))
    };
    let d = "2028-06-30";
    assert_eq!(
        v("CERT-014", at("C5:2020", "2027-05-31"), json!({}), d),
        Outcome::Pass
    );
    assert_eq!(
        v("CERT-014", at("C5:2020", "2027-06-01"), json!({}), d),
        Outcome::Fail
    );
    assert_eq!(
        v("CERT-014", at("C5:2026", "2027-06-01"), json!({}), d),
        Outcome::Pass
    );
    let mut no_start = at("C5:2020", "2027-05-31");
    no_start["certifications"][0]
        .as_object_mut()
        .unwrap()
        .remove("valid_from");
    assert_eq!(v("CERT-014", no_start, json!({}), d), Outcome::Unknown);
}

#[test]
fn a_bridge_letter_never_makes_an_old_report_current() {
    let old = json!({"period_end": "2025-06-30"});
    let mut bridged = old.clone();
    merge(&mut bridged, &json!({"bridge_letter_until": "2026-12-31"}));
    for rule in ["CERT-005", "C3A-001"] {
        let req = json!({"c3a": {}});
        assert_eq!(v(rule, c5(old.clone()), req.clone(), D), Outcome::Unknown);
        assert_eq!(
            v(rule, c5(bridged.clone()), req.clone(), D),
            Outcome::Unknown
        );
        // … and does no harm to a current one.
        assert_eq!(
            v(
                rule,
                c5(json!({"bridge_letter_until": "2026-12-31"})),
                req,
                D
            ),
            Outcome::Pass
        );
    }
}

#[test]
fn c5_scope_covers_service_and_locations() {
    assert_eq!(v("CERT-015", c5(json!({})), json!({}), D), Outcome::Pass);
    assert_eq!(
        v(
            "CERT-015",
            c5(json!({"covers_offered_locations": false})),
            json!({}),
            D
        ),
        Outcome::Fail
    );
    assert_eq!(
        v(
            "CERT-015",
            c5(json!({"covers_gpu_service": false})),
            json!({}),
            D
        ),
        Outcome::Fail
    );
    let mut open = c5(json!({}));
    open["certifications"][0]
        .as_object_mut()
        .unwrap()
        .remove("covers_offered_locations");
    assert_eq!(v("CERT-015", open, json!({}), D), Outcome::Unknown);
}

#[test]
fn the_c3a_pack_runs_on_the_catalogue() {
    let dir = crate::common::temp_dir("c3a-catalogue");
    for (variant, must) in [("eu", false), ("de", true)] {
        let mut req =
            std::fs::read_to_string(crate::common::root().join("docs/examples/requirements.yaml"))
                .unwrap();
        req.push_str(&format!(
            "c3a:\n  variant: {variant}\n  must_have: {must}\n"
        ));
        let path = dir.join(format!("req-{variant}.yaml"));
        std::fs::write(&path, req).unwrap();
        let out = crate::common::cloudvet(&[
            "assess",
            "--requirements",
            path.to_str().unwrap(),
            "--as-of",
            "2026-11-30",
            "--format",
            "json",
        ]);
        assert_eq!(
            out.status.code(),
            Some(0),
            "{}",
            String::from_utf8_lossy(&out.stderr)
        );
        let a: Value = serde_json::from_slice(&out.stdout).unwrap();
        let providers = a["providers"].as_array().unwrap();
        assert!(providers.len() > 10);
        // Every provider is judged on the C3A rules of the chosen variant.
        let pair = if variant == "de" {
            "C3A-005"
        } else {
            "C3A-004"
        };
        for p in providers {
            let results = p["results"].as_array().unwrap();
            assert!(
                results.iter().any(|r| r["rule"] == pair),
                "{} lacks {pair}",
                p["id"]
            );
        }
        // In the Germany variant with must_have, a provider with a US head office
        // is excluded on C3A-005.
        if must {
            let aws = providers.iter().find(|p| p["id"] == "aws").unwrap();
            assert_eq!(aws["eligible"], false);
        }
    }
}

#[test]
fn min_seal_keys_and_levels_are_checked() {
    let dir = crate::common::temp_dir("min-seal");
    let path = dir.join("requirements.yaml");
    let write = |min: &str| {
        std::fs::write(
            &path,
            format!("kind: requirements\nschema_version: 1\ntitle: T\ncurrency:\n  report: EUR\nsovereignty_seal:\n  min_seal: {min}\n"),
        )
        .unwrap();
    };
    write("{SOV-2: 2, SOV-3: 4}");
    let (code, diags) = crate::common::validate_json(&path);
    assert_eq!(code, 0, "{diags:?}");
    write("{sov_3: 2}");
    let (code, diags) = crate::common::validate_json(&path);
    assert_eq!(code, 2);
    let d = diags
        .iter()
        .find(|d| d["code"] == "unknown-objective")
        .expect("unknown-objective");
    assert!(d.to_string().contains("did you mean `SOV-3`?"), "{d}");
    write("{SOV-3: 5}");
    let (code, diags) = crate::common::validate_json(&path);
    assert_eq!(code, 2);
    assert!(
        diags.iter().any(|d| d["code"] == "seal-level-out-of-range"),
        "{diags:?}"
    );
    // The gate reads the same file in `assess`: refused there too, exit 2.
    let out = crate::common::cloudvet(&["assess", "--requirements", path.to_str().unwrap()]);
    assert_eq!(out.status.code(), Some(2));
}

#[test]
fn the_report_has_a_seal_row_per_provider_in_both_languages() {
    let dir = crate::common::temp_dir("seal-report");
    let mut req =
        std::fs::read_to_string(crate::common::root().join("docs/examples/requirements.yaml"))
            .unwrap();
    req.push_str("sovereignty_seal:\n  min_seal: {SOV-2: 2}\n");
    let path = dir.join("requirements.yaml");
    std::fs::write(&path, req).unwrap();
    for (lang, title, open, below) in [
        ("en", "Sovereignty levels", "(open)", "below minimum: SOV-2"),
        (
            "de",
            "Souveränitätsstufen",
            "(offen)",
            "unter dem Mindestwert: SOV-2",
        ),
    ] {
        let out_dir = dir.join(lang);
        let out = crate::common::cloudvet(&[
            "--lang",
            lang,
            "report",
            "--providers",
            "tests/fixtures/rules/providers",
            "--requirements",
            path.to_str().unwrap(),
            "--as-of",
            "2026-11-30",
            "--format",
            "md,html",
            "--out",
            out_dir.to_str().unwrap(),
        ]);
        assert_eq!(
            out.status.code(),
            Some(0),
            "{}",
            String::from_utf8_lossy(&out.stderr)
        );
        // The SEAL levels are in the procurement annex.
        let md = std::fs::read_to_string(out_dir.join("annex-procurement.md")).unwrap();
        let table = &md[md.find(title).expect("SEAL table")..];
        // Beta: a US parent puts SOV-2 at SEAL-1 on known facts, below the minimum.
        let aws = table
            .lines()
            .find(|l| l.starts_with("| Beta GPU"))
            .expect("Beta row");
        assert!(aws.contains(below), "{aws}");
        assert!(aws.contains(open), "{aws}");
        assert_eq!(aws.matches(" |").count(), 9, "{aws}");
        let html = std::fs::read_to_string(out_dir.join("annex-procurement.html")).unwrap();
        assert!(html.contains(title) && html.contains(below));
    }
}
