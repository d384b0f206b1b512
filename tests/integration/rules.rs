//! Rule packs and the rules engine: every example gives its stated outcome, the
//! registry is well formed, properties of the scoring hold, the generated docs
//! are fresh.

use cloudvet::eval::{self, examples, packs};
use cloudvet::model::rule_pack::{RulePack, RuleStatus};

fn shipped() -> Vec<RulePack> {
    match packs::shipped() {
        Ok(p) => p,
        Err(d) => panic!(
            "shipped packs do not load:\n{}",
            d.iter()
                .map(|x| x.to_string())
                .collect::<Vec<_>>()
                .join("\n")
        ),
    }
}

#[test]
fn every_example_gives_its_stated_outcome() {
    let packs = shipped();
    let runs = examples::run_all(&packs);
    assert!(runs.len() > 100, "only {} examples", runs.len());
    let bad: Vec<String> = runs
        .iter()
        .filter(|r| !r.ok())
        .map(|r| {
            format!(
                "{} example {}: expected {:?}, got {:?} ({})",
                r.rule, r.index, r.expected, r.got, r.reason
            )
        })
        .collect();
    assert!(bad.is_empty(), "{}", bad.join("\n"));
}

#[test]
fn every_active_rule_has_pass_and_non_pass_examples() {
    for p in shipped() {
        for r in p.rules.iter().filter(|r| r.status == RuleStatus::Active) {
            let kinds: Vec<_> = r.examples.iter().map(|e| e.expect).collect();
            assert!(
                kinds.contains(&cloudvet::model::rule_pack::ExpectedOutcome::Pass),
                "{} has no pass example",
                r.id
            );
            assert!(kinds.len() >= 2, "{} needs a fail or unknown example", r.id);
        }
    }
}

#[test]
fn registry_is_well_formed() {
    let packs = shipped();
    let mut ids = std::collections::BTreeSet::new();
    for p in &packs {
        for r in &p.rules {
            assert!(packs::well_formed_id(&r.id), "{}", r.id);
            assert!(ids.insert(r.id.clone()), "duplicate {}", r.id);
            assert!(!r.legal_basis.is_empty(), "{} has no legal basis", r.id);
            for t in [&r.title, &r.explanation, &r.question, &r.remediation] {
                assert!(
                    !t.en.trim().is_empty() && !t.de.trim().is_empty(),
                    "{}",
                    r.id
                );
                assert_ne!(
                    t.en.trim(),
                    t.de.trim(),
                    "{}: German text equals English",
                    r.id
                );
            }
            assert!(
                r.question.en.contains('?'),
                "{}: question is not a question",
                r.id
            );
            assert!(
                r.question.de.contains('?'),
                "{}: Frage ohne Fragezeichen",
                r.id
            );
        }
    }
    let _ = eval::Outcome::Pass;
}

fn repo(path: &str) -> std::path::PathBuf {
    std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join(path)
}

/// Compares a generated file with the committed one; `UPDATE_DOCS=1` rewrites it.
fn check_generated(path: &str, want: &str, stale: &mut Vec<String>) {
    let p = repo(path);
    let have = std::fs::read_to_string(&p).unwrap_or_default();
    if have != want {
        if std::env::var_os("UPDATE_DOCS").is_some() {
            std::fs::create_dir_all(p.parent().unwrap()).unwrap();
            std::fs::write(&p, want).unwrap();
        } else {
            stale.push(path.to_string());
        }
    }
}

#[test]
fn rules_docs_are_fresh() {
    let mut stale = Vec::new();
    for p in shipped() {
        check_generated(
            &format!("docs/rules/{}.md", p.id),
            &cloudvet::eval::docs::pack_markdown(&p),
            &mut stale,
        );
    }
    assert!(
        stale.is_empty(),
        "generated files are stale: {}\nrun `UPDATE_DOCS=1 cargo test --test rules` (or `cloudvet rules docs`) and commit",
        stale.join(", ")
    );
}

#[test]
fn shipped_packs_validate_against_their_schema() {
    let schema =
        serde_json::to_value(schemars::schema_for!(cloudvet::model::rule_pack::RulePack)).unwrap();
    let validator = jsonschema::validator_for(&schema).unwrap();
    for (path, bytes) in cloudvet::embedded::files_under("rules") {
        let yaml: serde_yaml::Value = serde_yaml::from_slice(bytes).unwrap();
        let json = serde_json::to_value(yaml).unwrap();
        let errors: Vec<String> = validator
            .iter_errors(&json)
            .map(|e| format!("{} at {}", e, e.instance_path()))
            .collect();
        assert!(errors.is_empty(), "{path}:\n{}", errors.join("\n"));
    }
}

#[test]
fn engine_and_questionnaire_codes() {
    use cloudvet::eval::questionnaire::{Answer, Question, Questionnaire};
    use cloudvet::model::rule_pack::Severity;
    use serde_json::json;
    let codes =
        |d: &[cloudvet::diag::Diagnostic]| d.iter().map(|x| x.code.as_str()).collect::<Vec<_>>();
    let packs = shipped();
    let date: cloudvet::model::common::Date = "2026-11-30".parse().unwrap();
    let req = |extra: serde_json::Value| {
        let mut r = examples::base_requirements();
        examples::merge(&mut r, &extra);
        serde_json::from_value::<cloudvet::model::Requirements>(r).unwrap()
    };
    // Requirements naming things that do not exist.
    let r = req(
        json!({"rule_overrides": [{"rule": "DPA-999", "set": "off"}],
                       "area_weights": {"pricing": 1.0, "dpa": -1.0}}),
    );
    let d = eval::Engine::new(&packs, &r, date).err().unwrap();
    assert_eq!(
        codes(&d),
        vec!["unknown-rule", "invalid-weight", "unknown-area"]
    );
    // A threshold taken from a requirement that is not a number.
    let mut custom = packs.iter().find(|p| p.id == "commercial").unwrap().clone();
    custom.rules[2].check =
        serde_yaml::from_str("ge: {fact: /sla/availability_pct, requirement: /title}").unwrap();
    let d = eval::Engine::new(
        std::slice::from_ref(&custom),
        &req(json!({"commercial": {"min_sla_pct": 99.0}})),
        date,
    )
    .err()
    .unwrap();
    assert_eq!(codes(&d), vec!["invalid-check"]);
    // A malformed rule ID (the schema refuses it in files; the library checks it too).
    let mut bad = custom.clone();
    bad.rules[0].id = "com-1".into();
    assert!(codes(&packs::check_pack(&bad)).contains(&"malformed-rule-id"));
    // Two packs with one id.
    let dir = std::env::temp_dir().join(format!("cloudvet-dup-pack-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    for name in ["a.yaml", "b.yaml"] {
        let mut p = custom.clone();
        p.rules.truncate(1);
        p.rules[0].id = if name == "a.yaml" {
            "COM-101".into()
        } else {
            "COM-102".into()
        };
        std::fs::write(
            dir.join(name),
            serde_yaml::to_string(&serde_json::to_value(&p).unwrap()).unwrap(),
        )
        .unwrap();
    }
    let d = packs::parse_files(&packs::files_in(&dir).unwrap())
        .err()
        .unwrap();
    assert_eq!(codes(&d), vec!["duplicate-pack-id"]);
    std::fs::remove_dir_all(&dir).unwrap();
    // Two profiles with one id, through the library.
    let p: cloudvet::model::ProviderProfile = serde_json::from_value(
        json!({"kind": "provider", "schema_version": 1, "id": "x", "name": "X"}),
    )
    .unwrap();
    let d = eval::assess(&[p.clone(), p.clone()], &packs, &req(json!({})), date)
        .err()
        .unwrap();
    assert_eq!(codes(&d), vec!["duplicate-id"]);
    // A questionnaire answer with a malformed pointer.
    let q = Questionnaire {
        kind: "questionnaire".into(),
        schema_version: 1,
        provider: "x".into(),
        raised_on: date,
        answered_by: None,
        answered_on: Some(date),
        questions: vec![Question {
            rule: "DPA-017".into(),
            severity: Severity::Knockout,
            question: cloudvet::model::rule_pack::Text::new("?", "?"),
            finding: None,
            answers: vec![Answer {
                fact: "dpa/clauses/audit".into(),
                value: json!(true),
                source: None,
                note: None,
            }],
        }],
    };
    let d = eval::questionnaire::merge_answers(&p, &q, "q.yaml")
        .err()
        .unwrap();
    assert_eq!(codes(&d), vec!["invalid-pointer"]);
}
