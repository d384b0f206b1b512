//! Properties of the rules engine over the shipped packs, with generated profiles
//! (seeded SplitMix64, so every run checks the same cases), and one test per
//! GDPR Art. 28(3) point.

use cloudvet::eval::examples::{base_requirements, merge};
use cloudvet::eval::smaa::SplitMix64;
use cloudvet::eval::{self, packs, Assessment, Outcome};
use cloudvet::model::common::Date;
use cloudvet::model::provider::ProviderProfile;
use cloudvet::model::requirements::Requirements;
use cloudvet::model::rule_pack::{RulePack, Severity};
use serde_json::{json, Value};

fn shipped() -> Vec<RulePack> {
    packs::shipped().expect("shipped packs load")
}

fn date() -> Date {
    "2026-11-30".parse().unwrap()
}

fn requirements(extra: Value) -> Requirements {
    let mut r = base_requirements();
    merge(
        &mut r,
        &json!({"gpu": {"models": ["H100-SXM"], "min_vram_gb": 80, "min_gpus_per_instance": 8},
                "must_have_certifications": ["iso27001"],
                "commercial": {"min_sla_pct": 99.5}}),
    );
    merge(&mut r, &extra);
    serde_json::from_value(r).unwrap()
}

/// Every boolean fact the shipped packs check for `true`.
const BOOL_FACTS: &[&str] = &[
    "/dpa/available",
    "/dpa/processing_description/subject_matter",
    "/dpa/processing_description/duration",
    "/dpa/processing_description/nature_and_purpose",
    "/dpa/processing_description/data_types",
    "/dpa/processing_description/data_subject_categories",
    "/dpa/processing_description/controller_rights",
    "/dpa/clauses/instructions",
    "/dpa/clauses/transfer_instructions",
    "/dpa/clauses/legal_requirement_notice",
    "/dpa/clauses/confidentiality",
    "/dpa/clauses/security",
    "/dpa/clauses/subprocessor_conditions",
    "/dpa/clauses/dsr_assistance",
    "/dpa/clauses/art32_36_assistance",
    "/dpa/clauses/delete_or_return",
    "/dpa/clauses/deletion_certificate",
    "/dpa/clauses/audit",
    "/dpa/clauses/inspection_allowed",
    "/dpa/clauses/infringing_instruction_notice",
    "/dpa/tom_annex/concrete",
    "/dpa/tom_annex/change_approval",
    "/dpa/subprocessors/change_notice",
    "/dpa/subprocessors/objection_right",
    "/dpa/subprocessors/flow_down",
    "/dpa/subprocessors/liability",
    "/dpa/subprocessors/all_tiers_listed",
    "/dpa/no_own_purpose_use",
    "/dpa/based_on_scc_2021_915",
    "/transfers/locations_disclosed",
    "/transfers/tia_available",
    "/transfers/government_access_policy",
    "/security/encryption_at_rest",
    "/security/encryption_in_transit",
    "/security/customer_managed_keys",
    "/security/hold_your_own_key",
    "/security/redundancy",
    "/security/backup",
    "/sovereignty/eu_data_residency_commitment",
    "/sovereignty/eu_only_operations",
    "/exit/extension_right",
    "/exit/erasure_guarantee",
    "/exit/exportable_spec",
    "/exit/open_api",
    "/exit/egress_waiver_on_exit",
    "/data_act/exemptions_disclosed",
    "/sla/service_credits",
    "/ai_literacy/staff_programme",
    "/ai_literacy/records",
    "/energy/eed_reported",
];

fn set(doc: &mut Value, ptr: &str, v: Value) {
    let mut node = doc;
    let segs: Vec<&str> = ptr[1..].split('/').collect();
    for s in &segs[..segs.len() - 1] {
        node = node
            .as_object_mut()
            .unwrap()
            .entry(s.to_string())
            .or_insert_with(|| json!({}));
    }
    node.as_object_mut()
        .unwrap()
        .insert(segs[segs.len() - 1].to_string(), v);
}

fn status(rng: &mut SplitMix64) -> &'static str {
    ["verified", "self_declared", "third_party"][(rng.next_u64() % 3) as usize]
}

/// A random profile: each boolean fact true, false or absent; numbers and lists at random.
/// One in `false_odds` boolean facts is false; of the rest, two thirds are true.
fn random_profile_with(id: &str, rng: &mut SplitMix64, false_odds: u64) -> Value {
    let mut p =
        json!({"kind": "provider", "schema_version": 1, "id": id, "name": id.to_uppercase()});
    for f in BOOL_FACTS {
        if rng.next_u64().is_multiple_of(false_odds) {
            set(&mut p, f, json!({"value": false, "status": status(rng)}));
        } else if !rng.next_u64().is_multiple_of(3) {
            set(&mut p, f, json!({"value": true, "status": status(rng)}));
        }
    }
    let pick = |rng: &mut SplitMix64, xs: &[Value]| {
        xs[(rng.next_u64() % xs.len() as u64) as usize].clone()
    };
    if rng.next_u64().is_multiple_of(2) {
        set(
            &mut p,
            "/dpa/binding_form",
            pick(
                rng,
                &[json!("signed"), json!("on_request"), json!("click_accept")],
            ),
        );
    }
    if rng.next_u64().is_multiple_of(2) {
        set(
            &mut p,
            "/dpa/breach_notice_hours",
            pick(rng, &[json!(24), json!(72)]),
        );
    }
    if rng.next_u64().is_multiple_of(2) {
        set(
            &mut p,
            "/identity/ultimate_parent_country",
            pick(rng, &[json!("DE"), json!("US")]),
        );
    }
    if rng.next_u64().is_multiple_of(2) {
        set(
            &mut p,
            "/exit/notice_period_days",
            pick(rng, &[json!(30), json!(90)]),
        );
    }
    if rng.next_u64().is_multiple_of(2) {
        set(
            &mut p,
            "/sla/availability_pct",
            pick(rng, &[json!(99.0), json!(99.9)]),
        );
    }
    let country = pick(rng, &[json!("DE"), json!("US"), json!("FR")]);
    let model = pick(rng, &[json!("H100-SXM"), json!("L40S")]);
    p["regions"] = json!([{"id": "r1", "country": country}]);
    p["offers"] = json!([{"id": "o1", "region": "r1", "gpu_model": model, "gpus_per_instance": 8,
                          "currency": "EUR", "interconnect": "nvlink", "availability": "on_demand"}]);
    if rng.next_u64().is_multiple_of(2) {
        p["certifications"] = json!([{"scheme": "iso27001", "name": "ISO/IEC 27001:2022",
                                       "valid_until": pick(rng, &[json!("2025-01-31"), json!("2028-01-31")])}]);
    }
    p
}

fn random_profile(id: &str, rng: &mut SplitMix64) -> Value {
    random_profile_with(id, rng, 3)
}

fn profile(v: Value) -> ProviderProfile {
    serde_json::from_value(v).unwrap()
}

fn assess(ps: &[ProviderProfile], packs: &[RulePack], req: &Requirements) -> Assessment {
    eval::assess(ps, packs, req, date()).unwrap()
}

#[test]
fn making_a_failing_fact_pass_never_lowers_the_score() {
    let packs = shipped();
    let req = requirements(json!({}));
    let mut rng = SplitMix64::new(1);
    let mut checked = 0;
    for case in 0..40 {
        let base = random_profile(&format!("p{case}"), &mut rng);
        let before = assess(&[profile(base.clone())], &packs, &req);
        let b = &before.providers[0];
        for f in BOOL_FACTS {
            let failing = b.results.iter().any(|r| {
                r.outcome == Outcome::Fail
                    && r.facts
                        .iter()
                        .any(|x| x.pointer == *f && x.value == json!(false))
            });
            if !failing {
                continue;
            }
            let mut fixed = base.clone();
            set(
                &mut fixed,
                f,
                json!({"value": true, "status": "self_declared"}),
            );
            let after = assess(&[profile(fixed)], &packs, &req);
            let a = &after.providers[0];
            assert!(
                a.total_exact >= b.total_exact - 1e-9,
                "case {case}: setting {f} to true lowered the total {} → {}",
                b.total_exact,
                a.total_exact
            );
            assert!(a.knockouts_failed.len() <= b.knockouts_failed.len());
            checked += 1;
        }
    }
    assert!(checked > 100, "only {checked} flips checked");
}

#[test]
fn a_failed_knockout_always_excludes_and_nothing_else_does() {
    let packs = shipped();
    let req = requirements(json!({}));
    let mut rng = SplitMix64::new(2);
    let ps: Vec<ProviderProfile> = (0..60)
        .map(|i| profile(random_profile_with(&format!("p{i:02}"), &mut rng, 40)))
        .collect();
    let a = assess(&ps, &packs, &req);
    let mut excluded = 0;
    for p in &a.providers {
        let ko_fail = p
            .results
            .iter()
            .any(|r| r.severity == Severity::Knockout && r.outcome == Outcome::Fail);
        assert_eq!(p.eligible, !ko_fail, "{}", p.id);
        assert_eq!(p.rank.is_some(), p.eligible, "{}", p.id);
        if !p.eligible {
            excluded += 1;
        }
    }
    assert!(excluded > 0 && excluded < a.providers.len(), "{excluded}");
}

#[test]
fn an_unknown_never_passes_a_knockout() {
    let packs = shipped();
    let req = requirements(json!({}));
    // Nothing known at all: no knock-out may pass.
    let empty =
        profile(json!({"kind": "provider", "schema_version": 1, "id": "blank", "name": "Blank"}));
    let a = assess(&[empty], &packs, &req);
    let p = &a.providers[0];
    for r in p
        .results
        .iter()
        .filter(|r| r.severity == Severity::Knockout)
    {
        assert_ne!(r.outcome, Outcome::Pass, "{} passed on no facts", r.rule);
        if r.outcome == Outcome::Unknown {
            assert!(p.open_must_haves.contains(&r.rule), "{}", r.rule);
        }
    }
    assert!(p.eligible, "unknown knock-outs keep the provider in");
    assert!(!p.open_must_haves.is_empty());
    assert_eq!(p.total, 0.0);
    // Random profiles: every unknown knock-out is an open must-have, never counted as passed.
    let mut rng = SplitMix64::new(3);
    for i in 0..30 {
        let a = assess(
            &[profile(random_profile(&format!("r{i}"), &mut rng))],
            &packs,
            &req,
        );
        let p = &a.providers[0];
        for r in p
            .results
            .iter()
            .filter(|r| r.severity == Severity::Knockout && r.outcome == Outcome::Unknown)
        {
            assert!(!r.effectively_passed());
            assert!(p.open_must_haves.contains(&r.rule));
            assert!(p.open_questions.iter().any(|q| q.rule == r.rule));
        }
    }
}

#[test]
fn shuffling_the_input_never_changes_the_result() {
    let packs = shipped();
    let req = requirements(json!({}));
    let mut rng = SplitMix64::new(4);
    let ps: Vec<ProviderProfile> = (0..12)
        .map(|i| profile(random_profile(&format!("p{i:02}"), &mut rng)))
        .collect();
    let reference = serde_json::to_string(&assess(&ps, &packs, &req)).unwrap();
    for _ in 0..5 {
        let mut shuffled = ps.clone();
        for i in (1..shuffled.len()).rev() {
            let j = (rng.next_u64() % (i as u64 + 1)) as usize;
            shuffled.swap(i, j);
        }
        let mut rev_packs = packs.clone();
        rev_packs.reverse();
        assert_eq!(
            serde_json::to_string(&assess(&shuffled, &rev_packs, &req)).unwrap(),
            reference
        );
    }
}

/// A profile whose DPA meets every rule of the dpa pack.
fn compliant_dpa() -> Value {
    let mut p = json!({"kind": "provider", "schema_version": 1, "id": "good", "name": "Good"});
    for f in BOOL_FACTS.iter().filter(|f| f.starts_with("/dpa/")) {
        set(&mut p, f, json!(true));
    }
    set(&mut p, "/dpa/binding_form", json!("signed"));
    set(&mut p, "/dpa/tom_annex/review_interval_months", json!(12));
    set(&mut p, "/dpa/subprocessors/authorisation", json!("general"));
    set(&mut p, "/dpa/subprocessors/notice_days", json!(30));
    set(
        &mut p,
        "/dpa/subprocessors/list_url",
        json!("https://example.com/sub"),
    );
    set(
        &mut p,
        "/dpa/subprocessors/list",
        json!([{"name": "Colo", "country": "DE", "function": "data centre"}]),
    );
    set(&mut p, "/dpa/breach_notice_hours", json!(24));
    p["codes_of_conduct"] = json!([{"code": "cispe"}]);
    p
}

#[test]
fn each_art_28_3_point_missing_fails_only_its_rule() {
    let packs: Vec<RulePack> = shipped().into_iter().filter(|p| p.id == "dpa").collect();
    let req = requirements(json!({}));
    let good = assess(&[profile(compliant_dpa())], &packs, &req);
    let failing: Vec<_> = good.providers[0]
        .results
        .iter()
        .filter(|r| r.outcome != Outcome::Pass)
        .map(|r| &r.rule)
        .collect();
    assert!(
        failing.is_empty(),
        "compliant DPA does not pass: {failing:?}"
    );
    let points = [
        ("(a)", "/dpa/clauses/instructions", "DPA-003"),
        ("(b)", "/dpa/clauses/confidentiality", "DPA-004"),
        ("(c)", "/dpa/clauses/security", "DPA-005"),
        ("(d)", "/dpa/clauses/subprocessor_conditions", "DPA-007"),
        ("(e)", "/dpa/clauses/dsr_assistance", "DPA-013"),
        ("(f)", "/dpa/clauses/art32_36_assistance", "DPA-014"),
        ("(g)", "/dpa/clauses/delete_or_return", "DPA-016"),
        ("(h)", "/dpa/clauses/inspection_allowed", "DPA-017"),
        (
            "second subparagraph",
            "/dpa/clauses/infringing_instruction_notice",
            "DPA-018",
        ),
    ];
    for (point, fact, rule) in points {
        let mut p = compliant_dpa();
        set(&mut p, fact, json!(false));
        let a = assess(&[profile(p)], &packs, &req);
        let failed: Vec<&str> = a.providers[0]
            .results
            .iter()
            .filter(|r| r.outcome != Outcome::Pass)
            .map(|r| r.rule.as_str())
            .collect();
        assert_eq!(failed, vec![rule], "Art. 28(3) {point}");
        let r = a.providers[0]
            .results
            .iter()
            .find(|r| r.rule == rule)
            .unwrap();
        assert_eq!(r.outcome, Outcome::Fail, "Art. 28(3) {point}");
        let citations = &a.rules.iter().find(|x| x.id == rule).unwrap().citations;
        assert!(
            citations.iter().any(|c| c.starts_with("GDPR Art. 28(3)")),
            "{rule} cites {citations:?}"
        );
    }
}
