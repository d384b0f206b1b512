//! The decision model (issue 13, items 1–4): must-have states and the shortlist
//! groups, offer qualification, the decision under unknowns and the
//! recommendation states. Small constructed packs make the scores exact; seeded
//! SplitMix64 loops stand in for property tests (every run checks the same cases).

use cloudvet::eval::decision::{Blocker, MustHaveState, QuestionKind, Recommendation};
use cloudvet::eval::examples::{base_requirements, merge};
use cloudvet::eval::qualify::{qualify_offers, Verdict};
use cloudvet::eval::smaa::SplitMix64;
use cloudvet::eval::{self, packs, Assessment};
use cloudvet::model::common::Date;
use cloudvet::model::provider::ProviderProfile;
use cloudvet::model::requirements::Requirements;
use cloudvet::model::rule_pack::RulePack;
use serde_json::{json, Value};

/// KO-001 (must-have, DPA), SEC-001 (weight 3) and SEC-002 (weight 1), and the
/// GPU must-have on qualifying offers.
const PACK: &str = r#"
kind: rule_pack
schema_version: 1
id: decision_test
version: "1"
title: {en: Decision test, de: Entscheidungstest}
rules:
  - id: KOT-001
    area: dpa
    severity: knockout
    weight: 1
    title: {en: A DPA exists, de: Ein AVV liegt vor}
    explanation: {en: x, de: x}
    question: {en: Do you offer a DPA?, de: Bieten Sie einen AVV an?}
    remediation: {en: x, de: x}
    legal_basis: [{instrument: REQ, reference: test}]
    check: {equals: {fact: /dpa/available, value: true}}
  - id: SCT-001
    area: security
    severity: major
    weight: 3
    title: {en: Encryption at rest, de: Verschlüsselung im Ruhezustand}
    explanation: {en: x, de: x}
    question: {en: Do you encrypt at rest?, de: Verschlüsseln Sie ruhende Daten?}
    remediation: {en: x, de: x}
    legal_basis: [{instrument: REQ, reference: test}]
    check: {equals: {fact: /security/encryption_at_rest, value: true}}
  - id: SCT-002
    area: security
    severity: major
    weight: 1
    title: {en: Backups, de: Sicherungen}
    explanation: {en: x, de: x}
    question: {en: Do you back up?, de: Sichern Sie?}
    remediation: {en: x, de: x}
    legal_basis: [{instrument: REQ, reference: test}]
    check: {equals: {fact: /security/backup, value: true}}
  - id: GPT-001
    area: gpu_availability
    severity: knockout
    weight: 1
    title: {en: An offer qualifies, de: Ein Angebot ist geeignet}
    explanation: {en: x, de: x}
    question: {en: Which offers?, de: Welche Angebote?}
    remediation: {en: x, de: x}
    legal_basis: [{instrument: REQ, reference: test}]
    check:
      count: {list: /offers, where: {equals: {fact: /qualifies, value: true}}, at_least: 1, when_none: unknown_if_empty}
"#;

fn pack() -> Vec<RulePack> {
    vec![serde_yaml::from_str(PACK).expect("test pack parses")]
}

fn date() -> Date {
    "2026-11-30".parse().unwrap()
}

fn requirements(extra: Value) -> Requirements {
    let mut r = base_requirements();
    merge(&mut r, &extra);
    serde_json::from_value(r).unwrap()
}

const DE_OFFER: &str = r#"{"regions": [{"id": "fra", "country": "DE"}], "offers": [{"id": "o1", "region": "fra", "gpu_model": "H100-SXM", "gpus_per_instance": 8, "currency": "EUR"}]}"#;

/// A profile with `facts` merged in (`null` leaves a fact out: unknown).
fn profile(id: &str, facts: Value) -> ProviderProfile {
    let mut p =
        json!({"kind": "provider", "schema_version": 1, "id": id, "name": id.to_uppercase()});
    merge(&mut p, &serde_json::from_str::<Value>(DE_OFFER).unwrap());
    merge(&mut p, &facts);
    strip_nulls(&mut p);
    serde_json::from_value(p).unwrap()
}

fn strip_nulls(v: &mut Value) {
    if let Value::Object(m) = v {
        m.retain(|_, x| !x.is_null());
        for x in m.values_mut() {
            strip_nulls(x);
        }
    }
}

fn assess(ps: &[ProviderProfile], req: &Requirements) -> Assessment {
    eval::assess(ps, &pack(), req, date()).expect("assessment runs")
}

fn state(a: &Assessment, provider: &str, rule: &str) -> MustHaveState {
    a.providers
        .iter()
        .find(|p| p.id == provider)
        .and_then(|p| p.must_haves.iter().find(|m| m.rule == rule))
        .map(|m| m.state)
        .unwrap_or_else(|| panic!("{provider} {rule} has a must-have state"))
}

#[test]
fn a_must_have_a_provider_provably_lacks_excludes_it() {
    let ps = [
        profile("good", json!({"dpa": {"available": true}})),
        profile("lacks", json!({"dpa": {"available": false}})),
    ];
    let a = assess(&ps, &requirements(json!({})));
    assert_eq!(state(&a, "good", "KOT-001"), MustHaveState::Met);
    assert_eq!(state(&a, "lacks", "KOT-001"), MustHaveState::Failed);
    let lacks = a.providers.iter().find(|p| p.id == "lacks").unwrap();
    assert!(!lacks.eligible && lacks.rank.is_none());
    assert_eq!(a.shortlist.cleared, ["good"]);
    assert_eq!(a.shortlist.excluded.len(), 1);
    assert_eq!(a.shortlist.excluded[0].id, "lacks");
    assert_eq!(a.shortlist.excluded[0].failed, ["KOT-001"]);
    // Met must-haves carry their evidence.
    let good = a.providers.iter().find(|p| p.id == "good").unwrap();
    let met = good
        .must_haves
        .iter()
        .find(|m| m.rule == "KOT-001")
        .unwrap();
    assert!(met.evidence.iter().any(|f| f.pointer == "/dpa/available"));
    // On the shipped packs too: a certification must-have a provider provably lacks
    // (its certification list declared complete) excludes it.
    let shipped = packs::shipped().unwrap();
    let req = requirements(json!({"must_have_certifications": ["bsi_c5"]}));
    let p = profile(
        "nocert",
        json!({"certifications": [], "certifications_complete": true}),
    );
    let a = eval::assess(&[p], &shipped, &req, date()).unwrap();
    let ex = &a.shortlist.excluded;
    assert!(
        ex.iter().any(|e| e.id == "nocert" && !e.failed.is_empty()),
        "a provably missing BSI C5 excludes: {ex:?}"
    );
}

#[test]
fn with_exclude_an_unproven_must_have_excludes() {
    let ps = [
        profile("proven", json!({"dpa": {"available": true}})),
        profile("unproven", json!({})),
    ];
    let keep = assess(&ps, &requirements(json!({})));
    assert_eq!(state(&keep, "unproven", "KOT-001"), MustHaveState::Open);
    assert!(keep.providers.iter().all(|p| p.eligible));
    assert_eq!(keep.shortlist.open.len(), 1);
    assert_eq!(keep.shortlist.open[0].id, "unproven");
    assert_eq!(keep.shortlist.open[0].open, ["KOT-001"]);

    let exclude = assess(&ps, &requirements(json!({"open_must_haves": "exclude"})));
    let u = exclude
        .providers
        .iter()
        .find(|p| p.id == "unproven")
        .unwrap();
    assert!(
        !u.eligible,
        "an unproven must-have excludes under `exclude`"
    );
    assert!(exclude.shortlist.open.is_empty());
    assert_eq!(exclude.shortlist.excluded[0].id, "unproven");
    assert_eq!(exclude.shortlist.excluded[0].unproven, ["KOT-001"]);
    assert!(exclude.shortlist.excluded[0].failed.is_empty());
}

const COUNTRIES: [&str; 8] = ["DE", "FI", "FR", "GB", "US", "CH", "NL", "AT"];

#[test]
fn a_de_only_requirement_never_lets_a_non_de_offer_qualify() {
    let req = requirements(json!({"locations": {"allow_eea": false, "allowed_countries": ["DE"]}}));
    let mut rng = SplitMix64::new(13);
    for case in 0..300 {
        let n_regions = 1 + (rng.next_u64() % 4) as usize;
        let regions: Vec<Value> = (0..n_regions)
            .map(|i| {
                let c = COUNTRIES[(rng.next_u64() % COUNTRIES.len() as u64) as usize];
                json!({"id": format!("r{i}"), "country": c})
            })
            .collect();
        let n_offers = (rng.next_u64() % 5) as usize;
        let offers: Vec<Value> = (0..n_offers)
            .map(|i| {
                // Now and then an offer names a region the profile does not list.
                let r = rng.next_u64() % (n_regions as u64 + 1);
                json!({"id": format!("o{i}"), "region": format!("r{r}"), "gpu_model": "H100-SXM",
                       "gpus_per_instance": 8, "currency": "EUR"})
            })
            .collect();
        let p = profile(
            "p",
            json!({"regions": regions, "offers": offers, "dpa": {"available": true}}),
        );
        let q = qualify_offers(&p, &req);
        for o in &q {
            if o.verdict == Verdict::Qualifies {
                assert_eq!(o.country.as_deref(), Some("DE"), "case {case}: {o:?}");
            }
        }
        let a = assess(std::slice::from_ref(&p), &req);
        let gpu = state(&a, "p", "GPT-001");
        let any_de = q.iter().any(|o| o.verdict == Verdict::Qualifies);
        assert_eq!(gpu == MustHaveState::Met, any_de, "case {case}");
        if n_offers > 0 && q.iter().all(|o| o.verdict == Verdict::DoesNotQualify) {
            assert_eq!(
                gpu,
                MustHaveState::Failed,
                "case {case}: known offers, none qualifies"
            );
        }
        if n_offers == 0 {
            assert_eq!(gpu, MustHaveState::Open, "case {case}: no offers stated");
        }
    }
    // The shipped GPU must-have: a Finnish offer under a DE-only policy fails GPU-001.
    let shipped = packs::shipped().unwrap();
    let fi = profile(
        "fi-only",
        json!({"regions": [{"id": "fra", "country": "FI"}]}),
    );
    let a = eval::assess(&[fi], &shipped, &req, date()).unwrap();
    let p = &a.providers[0];
    assert!(
        p.knockouts_failed.contains(&"GPU-001".to_string()),
        "{:?}",
        p.knockouts_failed
    );
    assert!(!p.eligible);
}

fn random_fact(rng: &mut SplitMix64) -> Value {
    match rng.next_u64() % 3 {
        0 => Value::Bool(true),
        1 => Value::Bool(false),
        _ => Value::Null,
    }
}

fn random_profiles(rng: &mut SplitMix64) -> Vec<ProviderProfile> {
    let n = 2 + (rng.next_u64() % 4) as usize;
    (0..n)
        .map(|i| {
            let offers = match rng.next_u64() % 4 {
                0 => json!([]),
                1 => json!([{"id": "o1", "region": "fra", "gpu_model": "L40S", "gpus_per_instance": 1, "currency": "EUR"}]),
                _ => json!([{"id": "o1", "region": "fra", "gpu_model": "H100-SXM", "gpus_per_instance": 8, "currency": "EUR"}]),
            };
            profile(
                &format!("p{i}"),
                json!({
                    "offers": offers,
                    "dpa": {"available": random_fact(rng)},
                    "security": {"encryption_at_rest": random_fact(rng), "backup": random_fact(rng)}
                }),
            )
        })
        .collect()
}

#[test]
fn a_provider_with_no_qualifying_offer_is_never_recommended() {
    let req = requirements(json!({"gpu": {"min_vram_gb": 80}}));
    let mut rng = SplitMix64::new(4242);
    let mut recommended = 0;
    for case in 0..300 {
        let ps = random_profiles(&mut rng);
        let a = assess(&ps, &req);
        if let Recommendation::Recommend { provider, .. } = &a.recommendation {
            recommended += 1;
            let p = a.providers.iter().find(|p| &p.id == provider).unwrap();
            assert_eq!(p.offers.verdict(), Verdict::Qualifies, "case {case}");
            assert!(
                p.must_haves.iter().all(|m| m.state == MustHaveState::Met),
                "case {case}: every must-have met"
            );
        }
    }
    assert!(
        recommended > 10,
        "the loop reaches the recommend state ({recommended})"
    );
    // With the GPU must-have switched off, the guard still holds.
    let req = requirements(json!({"rule_overrides": [{"rule": "GPT-001", "set": "off"}]}));
    let p = profile(
        "nogpu",
        json!({"offers": [], "dpa": {"available": true}, "security": {"encryption_at_rest": true, "backup": true}}),
    );
    let a = assess(&[p], &req);
    match &a.recommendation {
        Recommendation::Leads { blockers, .. } => {
            assert!(
                blockers.contains(&Blocker::NoQualifyingOffer),
                "{blockers:?}"
            )
        }
        other => panic!("not recommended without a qualifying offer: {other:?}"),
    }
}

/// Each unknown fact of `p` (left out) resolved at random.
fn resolve(p: &ProviderProfile, rng: &mut SplitMix64) -> ProviderProfile {
    let mut v = serde_json::to_value(p).unwrap();
    for ptr in [
        "/dpa/available",
        "/security/encryption_at_rest",
        "/security/backup",
    ] {
        if v.pointer(ptr)
            .is_none_or(|x| x.is_null() || x.get("value") == Some(&json!("unknown")))
        {
            let (parent, key) = ptr.rsplit_once('/').unwrap();
            let b = rng.next_u64() & 1 == 1;
            if v.pointer(parent).is_none() {
                merge(&mut v, &json!({parent.trim_start_matches('/'): {}}));
            }
            v.pointer_mut(parent).unwrap()[key] = Value::Bool(b);
        }
    }
    serde_json::from_value(v).unwrap()
}

#[test]
fn a_necessary_winner_stays_first_under_random_resolutions() {
    let req = requirements(json!({}));
    let mut rng = SplitMix64::new(99);
    let mut checked = 0;
    for case in 0..400 {
        let ps = random_profiles(&mut rng);
        let a = assess(&ps, &req);
        let Some(w) = a.decision.necessary_winner.clone() else {
            continue;
        };
        checked += 1;
        assert!(a.decision.decisive_questions.is_empty(), "case {case}");
        assert_eq!(
            a.decision.possible_winners,
            std::slice::from_ref(&w),
            "case {case}"
        );
        for _ in 0..20 {
            let resolved: Vec<ProviderProfile> = ps.iter().map(|p| resolve(p, &mut rng)).collect();
            let b = assess(&resolved, &req);
            let first = b
                .providers
                .iter()
                .find(|p| p.rank == Some(1))
                .map(|p| p.id.clone());
            assert_eq!(first.as_deref(), Some(w.as_str()), "case {case}");
        }
    }
    assert!(checked > 10, "the loop finds necessary winners ({checked})");
}

#[test]
fn answering_one_decisive_question_in_the_runner_ups_favour_changes_the_leader() {
    let req = requirements(json!({}));
    // a: encryption yes, backup no → security 3/4. b: encryption open, backup yes → 1/4 now, 4/4 at best.
    let a_p = profile(
        "a",
        json!({"dpa": {"available": true}, "security": {"encryption_at_rest": true, "backup": false}}),
    );
    let b_open = profile(
        "b",
        json!({"dpa": {"available": true}, "security": {"backup": true}}),
    );
    let before = assess(&[a_p.clone(), b_open], &req);
    assert_eq!(before.providers[0].id, "a", "a leads");
    assert!(before.decision.necessary_winner.is_none());
    assert_eq!(before.decision.possible_winners, ["a", "b"]);
    let q = before
        .decision
        .decisive_questions
        .iter()
        .find(|q| q.provider == "b" && q.rule == "SCT-001")
        .expect("b's open encryption question is decisive");
    assert_eq!(q.kind, QuestionKind::Score);
    assert!(q.changes_leader_alone);
    assert!(q.value > 0.0);
    let [lo, hi] = [
        before.providers[1].score_interval.worst,
        before.providers[1].score_interval.best,
    ];
    assert!(lo < hi, "b's score is an interval over its open fact");
    match &before.recommendation {
        Recommendation::Leads { provider, ask, .. } => {
            assert_eq!(provider, "a");
            assert!(ask.iter().any(|x| x.provider == "b" && x.rule == "SCT-001"));
        }
        other => panic!("a leads but is not settled: {other:?}"),
    }
    // The answer comes back in b's favour.
    let b_yes = profile(
        "b",
        json!({"dpa": {"available": true}, "security": {"backup": true, "encryption_at_rest": true}}),
    );
    let after = assess(&[a_p, b_yes], &req);
    assert_eq!(after.providers[0].id, "b", "the leader changed");
    assert_eq!(after.decision.necessary_winner.as_deref(), Some("b"));
    assert!(matches!(
        &after.recommendation,
        Recommendation::Recommend { provider, .. } if provider == "b"
    ));
}

#[test]
fn recommendation_sentences_exist_in_both_languages_on_the_defaults() {
    let out = super::common::cloudvet(&["assess", "--as-of", "2026-12-01"]);
    let s = String::from_utf8_lossy(&out.stdout);
    let first = s.lines().nth(3).unwrap_or_default();
    assert!(
        first.starts_with("Recommendation: "),
        "assess leads with the state: {first}"
    );
    assert!(s.contains("Next step: "), "{s}");
    let out = super::common::cloudvet(&["--lang", "de", "assess", "--as-of", "2026-12-01"]);
    let s = String::from_utf8_lossy(&out.stdout);
    assert!(
        s.lines()
            .nth(3)
            .unwrap_or_default()
            .starts_with("Empfehlung: "),
        "{s}"
    );
    assert!(s.contains("Nächster Schritt: "));
}
