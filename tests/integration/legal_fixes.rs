//! Issue 15, point 1: one test per corrected rule. Each test assesses two (or
//! three) profiles that differ only in the fact the correction is about, with
//! the full shipped packs, and checks the verdict of that rule — so a rule that
//! regresses to its old reading fails here, not only in its own examples.

use cloudvet::eval::examples::{base_profile, base_requirements, merge};
use cloudvet::eval::{self, packs, Outcome, ProviderAssessment};
use cloudvet::model::common::Date;
use cloudvet::model::provider::ProviderProfile;
use cloudvet::model::requirements::Requirements;
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

fn verdict(rule: &str, profile: Value) -> Outcome {
    outcome(&assess_on(profile, json!({}), "2026-11-30"), rule)
}

fn verdict_on(rule: &str, profile: Value, date: &str) -> Outcome {
    outcome(&assess_on(profile, json!({}), date), rule)
}

#[test]
fn tr007_no_tia_needed_for_adequacy_or_dpf_but_for_sccs() {
    let with = |tool: &str| {
        json!({"transfers": {"tia_available": false, "remote_access_countries": ["US"],
            "destinations": [{"country": "US", "tool": tool, "dpf_listed": true, "scc_module": 3}]}})
    };
    assert_eq!(verdict("TR-007", with("dpf")), Outcome::Pass);
    assert_eq!(verdict("TR-007", with("adequacy")), Outcome::Pass);
    assert_eq!(verdict("TR-007", with("scc2021914")), Outcome::Fail);
}

#[test]
fn tr003_every_remote_access_country_needs_its_own_tool() {
    let us = json!({"country": "US", "tool": "scc2021914", "scc_module": 3});
    let base = |dests: Value| json!({"transfers": {"remote_access_countries": ["US", "IN"], "destinations": dests}});
    // Only the US covered: India is open, not passed.
    assert_eq!(
        verdict("TR-003", base(json!([us.clone()]))),
        Outcome::Unknown
    );
    // India recorded without a tool: fail.
    assert_eq!(
        verdict(
            "TR-003",
            base(json!([us.clone(), {"country": "IN", "tool": "none"}]))
        ),
        Outcome::Fail
    );
    // India under SCCs as well: pass.
    assert_eq!(
        verdict(
            "TR-003",
            base(json!([us, {"country": "IN", "tool": "scc2021914", "scc_module": 3}]))
        ),
        Outcome::Pass
    );
}

#[test]
fn tr003_accepts_every_art46_tool() {
    for tool in [
        "public_authority_instrument",
        "scc_supervisory_authority",
        "code_of_conduct",
        "certification",
        "authorised_clauses",
        "bcr",
    ] {
        let p = json!({"transfers": {"remote_access_countries": ["IN"],
            "destinations": [{"country": "IN", "tool": tool}]}});
        assert_eq!(verdict("TR-003", p), Outcome::Pass, "{tool}");
    }
}

#[test]
fn tr004_to_006_missing_destination_is_unknown_and_implies_no_derogation() {
    let missing = json!({"transfers": {"remote_access_countries": ["US"], "destinations": []}});
    let eea = json!({"transfers": {"remote_access_countries": ["DE"], "destinations": []}});
    for rule in ["TR-004", "TR-005", "TR-006"] {
        assert_eq!(verdict(rule, missing.clone()), Outcome::Unknown, "{rule}");
        assert_eq!(verdict(rule, eea.clone()), Outcome::Pass, "{rule}");
    }
    // TR-004 is a knock-out: an unknown is an open must-have, not an exclusion.
    let p = assess_on(missing, json!({}), "2026-11-30");
    assert!(!p.knockouts_failed.contains(&"TR-004".to_string()));
    assert!(p.open_must_haves.contains(&"TR-004".to_string()));
}

#[test]
fn exit012_egress_for_the_exit_copy_is_a_switching_charge() {
    let with =
        |egress: &str| json!({"exit": {"switching_fee": "none", "switching_egress": egress}});
    assert_eq!(
        verdict_on("EXIT-012", with("none"), "2027-01-12"),
        Outcome::Pass
    );
    assert_eq!(
        verdict_on("EXIT-012", with("at_cost"), "2027-01-12"),
        Outcome::Fail
    );
    assert_eq!(
        verdict_on(
            "EXIT-012",
            json!({"exit": {"switching_fee": "none"}}),
            "2027-01-12"
        ),
        Outcome::Unknown
    );
}

#[test]
fn exit010_switching_egress_at_cost_only_until_2027() {
    let with = |egress: &str| json!({"exit": {"switching_egress": egress}});
    assert_eq!(verdict("EXIT-010", with("at_cost")), Outcome::Pass);
    assert_eq!(verdict("EXIT-010", with("full")), Outcome::Fail);
    // From 12 Jan 2027 EXIT-010 no longer applies; EXIT-012 fails the same fact.
    let p = assess_on(
        json!({"exit": {"switching_fee": "none", "switching_egress": "at_cost"}}),
        json!({}),
        "2027-01-12",
    );
    assert!(p.results.iter().all(|r| r.rule != "EXIT-010"));
    assert_eq!(outcome(&p, "EXIT-012"), Outcome::Fail);
}

#[test]
fn exit013_parallel_use_egress_is_its_own_rule() {
    assert_eq!(
        verdict(
            "EXIT-013",
            json!({"exit": {"parallel_use_egress": "at_cost"}})
        ),
        Outcome::Pass
    );
    assert_eq!(
        verdict("EXIT-013", json!({"exit": {"parallel_use_egress": "full"}})),
        Outcome::Fail
    );
    // A parallel-use waiver says nothing about switching egress.
    assert_eq!(
        verdict("EXIT-010", json!({"exit": {"parallel_use_egress": "none"}})),
        Outcome::Unknown
    );
}

fn cites(rule: &str, instrument: &str, article: &str, paragraph: Option<&str>) -> bool {
    let packs = packs::shipped().unwrap();
    let r = packs
        .iter()
        .flat_map(|p| p.rules.iter())
        .find(|r| r.id == rule)
        .unwrap();
    r.legal_basis.iter().any(|b| {
        b.instrument == instrument
            && b.article.as_deref() == Some(article)
            && (paragraph.is_none() || b.paragraph.as_deref() == paragraph)
    })
}

#[test]
fn citations_match_what_the_checks_test() {
    // EXIT-009 checks open interfaces (Art. 30(2)), not IaaS functional equivalence (30(1)).
    assert!(cites("EXIT-009", "DA", "30", Some("2")));
    assert!(!cites("EXIT-009", "DA", "30", Some("1")));
    // EXIT-010 checks switching egress (Art. 29), not parallel use (Art. 34).
    assert!(cites("EXIT-010", "DA", "29", Some("3")));
    assert!(!cites("EXIT-010", "DA", "34", None));
    assert!(cites("EXIT-013", "DA", "34", Some("2")));
    // Art. 44 GDPR conditions transfers; EU location is the buyer's policy.
    assert!(!cites("GPU-001", "GDPR", "44", None));
    assert!(!cites("LOC-001", "GDPR", "44", None));
    // LOC-004 checks publication (28(1)(a)); the contract listing (28(2)) is LOC-008.
    assert!(!cites("LOC-004", "DA", "28", Some("2")));
    assert!(cites("LOC-008", "DA", "28", Some("2")));
    // TR-003 cites the whole of Art. 46(2) and 46(3).
    assert!(cites("TR-003", "GDPR", "46", Some("3")));
}

#[test]
fn exit006_explanation_keeps_the_successful_switch_condition() {
    let packs = packs::shipped().unwrap();
    let r = packs
        .iter()
        .flat_map(|p| p.rules.iter())
        .find(|r| r.id == "EXIT-006")
        .unwrap();
    assert!(r.explanation.en.contains("completed successfully"));
    assert!(r.explanation.de.contains("erfolgreich abgeschlossen"));
}

#[test]
fn loc008_contract_listing_differs_from_publication() {
    let with = |listed: bool| {
        json!({"data_act": {"jurisdiction_disclosure_url": "https://example.com/da",
            "disclosure_listed_in_contract": listed}})
    };
    assert_eq!(verdict("LOC-004", with(false)), Outcome::Pass);
    assert_eq!(verdict("LOC-008", with(false)), Outcome::Fail);
    assert_eq!(verdict("LOC-008", with(true)), Outcome::Pass);
}

#[test]
fn loc001_applies_without_personal_data() {
    let p = assess_on(
        json!({"sovereignty": {"eu_data_residency_commitment": false}}),
        json!({"data": {"personal_data": false}}),
        "2026-11-30",
    );
    assert_eq!(outcome(&p, "LOC-001"), Outcome::Fail);
}

#[test]
fn dpa001_on_request_is_an_open_must_have_not_a_failure() {
    let with = |form: &str| json!({"dpa": {"available": true, "binding_form": form}});
    let on_request = assess_on(with("on_request"), json!({}), "2026-11-30");
    assert_eq!(outcome(&on_request, "DPA-001"), Outcome::Unknown);
    assert!(!on_request.knockouts_failed.contains(&"DPA-001".to_string()));
    assert!(on_request.open_must_haves.contains(&"DPA-001".to_string()));
    assert_eq!(verdict("DPA-001", with("signed")), Outcome::Pass);
    assert_eq!(
        verdict("DPA-001", json!({"dpa": {"available": false}})),
        Outcome::Fail
    );
}

#[test]
fn cert005_a_passed_valid_until_makes_c5_not_current() {
    let with = |valid_until: Option<&str>| {
        let mut c = json!({"scheme": "bsi_c5", "name": "C5:2020", "report_type": "type2",
            "period_end": "2026-09-30"});
        if let Some(v) = valid_until {
            c["valid_until"] = json!(v);
        }
        json!({"certifications": [c]})
    };
    assert_eq!(verdict("CERT-005", with(None)), Outcome::Pass);
    assert_eq!(verdict("CERT-005", with(Some("2027-09-30"))), Outcome::Pass);
    assert_eq!(
        verdict("CERT-005", with(Some("2026-11-16"))),
        Outcome::Unknown
    );
}

#[test]
fn cert009_011_absence_fails_only_on_a_list_declared_complete() {
    let with = |complete: Option<bool>| {
        let mut p = json!({"certifications": [{"scheme": "iso27001", "name": "ISO/IEC 27001"}]});
        if let Some(c) = complete {
            p["certifications_complete"] = json!({"value": c, "source": "https://example.com/c"});
        }
        p
    };
    for rule in ["CERT-009", "CERT-011"] {
        assert_eq!(verdict(rule, with(None)), Outcome::Unknown, "{rule}");
        assert_eq!(verdict(rule, with(Some(false))), Outcome::Unknown, "{rule}");
        assert_eq!(verdict(rule, with(Some(true))), Outcome::Fail, "{rule}");
    }
}

/// Disclosure rules whose check is "the fact is known" (`exists`, or `any` with an
/// `exists`): by the check language, an absent fact is unknown and a present one
/// passes, so they cannot fail. They are the only rules allowed to lack a fail
/// example; docs/rules.md ("Second reading") lists them with the reason.
const CANNOT_FAIL: &[&str] = &[
    "AI-001", "AI-005", "EXIT-001", "EXIT-008", "LOC-004", "LOC-005", "LOC-007", "TR-002",
];

#[test]
fn every_rule_has_pass_fail_and_unknown_examples() {
    use cloudvet::model::rule_pack::{Check, ExpectedOutcome, RuleStatus};
    let mut without_fail = Vec::new();
    for p in packs::shipped().unwrap() {
        for r in p.rules.iter().filter(|r| r.status == RuleStatus::Active) {
            let has = |k| r.examples.iter().any(|e| e.expect == k);
            assert!(has(ExpectedOutcome::Pass), "{} has no pass example", r.id);
            assert!(
                has(ExpectedOutcome::Unknown),
                "{} has no unknown example",
                r.id
            );
            if !has(ExpectedOutcome::Fail) {
                let existence = match &r.check {
                    Check::Exists(_) => true,
                    Check::Any(v) => v.iter().any(|c| matches!(c, Check::Exists(_))),
                    _ => false,
                };
                assert!(existence, "{} has no fail example", r.id);
                without_fail.push(r.id.clone());
            }
        }
    }
    without_fail.sort();
    assert_eq!(without_fail, CANNOT_FAIL);
}

#[test]
fn catalogue_profiles_no_longer_over_claim() {
    let packs = packs::shipped().unwrap();
    let (loaded, diags) = cloudvet::validate::embedded_providers();
    assert!(diags.is_empty(), "{diags:?}");
    let catalogue: Vec<ProviderProfile> = loaded.into_iter().map(|l| l.value).collect();
    let mut r = base_requirements();
    merge(
        &mut r,
        &json!({"gpu": {"models": ["H100-SXM"]}, "commercial": {"german_support": true}}),
    );
    let req: Requirements = serde_json::from_value(r).unwrap();
    let a = eval::assess(&catalogue, &packs, &req, "2026-11-30".parse().unwrap()).unwrap();
    let get = |id: &str, rule: &str| {
        let p = a.providers.iter().find(|p| p.id == id).unwrap();
        outcome(p, rule)
    };
    // A planned VS-NfD cloud and an addendum for other regions are no sovereignty evidence.
    assert_ne!(get("stackit", "LOC-007"), Outcome::Pass);
    assert_ne!(get("aws", "LOC-007"), Outcome::Pass);
    // Catalogue rows that prove no EU availability do not pass the GPU must-have.
    assert_ne!(get("lambda", "GPU-001"), Outcome::Pass);
    // A DSA contact point's languages are not support languages.
    assert_eq!(get("hetzner", "COM-004"), Outcome::Unknown);
    // A free download of non-personal data is no switching-egress waiver.
    assert_eq!(get("nebius", "EXIT-010"), Outcome::Unknown);
}

#[test]
fn minimum_seal_gate_excludes_before_ranking() {
    let us = json!({"identity": {"ultimate_parent_country": {"value": "US", "source": "https://example.com"}}});
    let de = json!({"identity": {"ultimate_parent_country": {"value": "DE", "source": "https://example.com"}}});
    let gate = json!({"sovereignty_seal": {"min_seal": {"SOV-1": 2}}});
    let p = assess_on(us.clone(), gate.clone(), "2026-11-30");
    assert_eq!(p.seal.objectives[0].level, 1);
    assert_eq!(p.seal.gate_failed, ["SOV-1"]);
    assert!(!p.eligible && p.rank.is_none());
    // Same profile without a minimum: the gate is off.
    assert!(assess_on(us, json!({}), "2026-11-30")
        .seal
        .gate_failed
        .is_empty());
    // An EU parent reaches the minimum on this criterion, but the objective stays open.
    let p = assess_on(de, gate, "2026-11-30");
    assert!(p.seal.gate_failed.is_empty());
    assert_eq!(p.seal.gate_open, ["SOV-1"]);
    // The levels are in the JSON of the assessment.
    let v = serde_json::to_value(&p).unwrap();
    assert_eq!(v["seal"]["objectives"][0]["objective"], "SOV-1");
    assert_eq!(v["seal"]["objectives"][0]["open"], true);
}
