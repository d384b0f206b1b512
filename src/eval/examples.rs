//! Running a rule's examples: each profile fragment is merged onto a minimal
//! profile, each requirements fragment onto the example base, and the rule must
//! give the stated outcome. The tests run every example of every shipped rule.

use serde_json::{json, Value};

use super::{Engine, Outcome};
use crate::model::common::Date;
use crate::model::provider::ProviderProfile;
use crate::model::requirements::Requirements;
use crate::model::rule_pack::{ExpectedOutcome, Rule, RulePack};

/// The default evaluation date of examples.
pub const EXAMPLE_DATE: &str = "2026-11-30";

/// The outcome of one example.
#[derive(Debug, Clone, PartialEq)]
pub struct ExampleRun {
    pub rule: String,
    pub index: usize,
    pub expected: ExpectedOutcome,
    /// The outcome, or why the example could not run.
    pub got: Result<Outcome, String>,
    pub reason: String,
}

impl ExampleRun {
    pub fn ok(&self) -> bool {
        matches!(
            (&self.got, self.expected),
            (Ok(Outcome::Pass), ExpectedOutcome::Pass)
                | (Ok(Outcome::Fail), ExpectedOutcome::Fail)
                | (Ok(Outcome::Unknown), ExpectedOutcome::Unknown)
        )
    }
}

/// Deep-merges `patch` into `base` (objects merge; everything else replaces).
pub fn merge(base: &mut Value, patch: &Value) {
    match (base, patch) {
        (Value::Object(b), Value::Object(p)) => {
            for (k, v) in p {
                match b.get_mut(k) {
                    Some(slot) => merge(slot, v),
                    None => {
                        b.insert(k.clone(), v.clone());
                    }
                }
            }
        }
        (b, p) => *b = p.clone(),
    }
}

/// The minimal profile examples start from.
pub fn base_profile() -> Value {
    json!({"kind": "provider", "schema_version": 1, "id": "example", "name": "Example provider"})
}

/// The requirements examples start from: personal data, EU/EEA allowed, EUR.
pub fn base_requirements() -> Value {
    json!({
        "kind": "requirements", "schema_version": 1, "title": "Example requirements",
        "data": {"personal_data": true},
        "currency": {"report": "EUR"}
    })
}

/// Runs every example of `rule` (taken from `pack`).
pub fn run_rule_examples(pack: &RulePack, rule: &Rule) -> Vec<ExampleRun> {
    let single = RulePack {
        rules: vec![rule.clone()],
        ..pack.clone()
    };
    let packs = [single];
    rule.examples
        .iter()
        .enumerate()
        .map(|(i, ex)| {
            let run = |got, reason| ExampleRun {
                rule: rule.id.clone(),
                index: i,
                expected: ex.expect,
                got,
                reason,
            };
            let mut p = base_profile();
            merge(&mut p, &ex.profile);
            let profile: ProviderProfile = match serde_json::from_value(p) {
                Ok(p) => p,
                Err(e) => {
                    return run(
                        Err(format!("profile fragment does not fit: {e}")),
                        String::new(),
                    )
                }
            };
            let mut r = base_requirements();
            if let Some(rq) = &ex.requirements {
                merge(&mut r, rq);
            }
            let req: Requirements = match serde_json::from_value(r) {
                Ok(r) => r,
                Err(e) => {
                    return run(
                        Err(format!("requirements fragment does not fit: {e}")),
                        String::new(),
                    )
                }
            };
            let date = ex.evaluation_date.unwrap_or_else(|| {
                EXAMPLE_DATE
                    .parse::<Date>()
                    .unwrap_or(Date(chrono::NaiveDate::MIN))
            });
            let engine = match Engine::new(&packs, &req, date) {
                Ok(e) => e,
                Err(d) => {
                    let msgs: Vec<String> = d.iter().map(|x| x.message.clone()).collect();
                    return run(Err(msgs.join("; ")), String::new());
                }
            };
            let a = engine.assess_provider(&profile);
            match a.results.first() {
                Some(res) => run(Ok(res.outcome), res.reason.en.clone()),
                None => run(
                    Err("the rule does not apply under the example's requirements and date".into()),
                    String::new(),
                ),
            }
        })
        .collect()
}

/// Runs every example of every active rule in `packs`.
pub fn run_all(packs: &[RulePack]) -> Vec<ExampleRun> {
    packs
        .iter()
        .flat_map(|p| {
            p.rules
                .iter()
                .filter(|r| r.status == crate::model::rule_pack::RuleStatus::Active)
                .flat_map(move |r| run_rule_examples(p, r))
        })
        .collect()
}
