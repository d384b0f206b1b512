//! Which rule verdicts, scores and eligibility change between two versions of a
//! profile: the rules engine runs on each version alone, with the same rule
//! packs, requirements and evaluation date, and the results are compared rule by
//! rule.

use serde::Serialize;

use crate::diag::Diagnostic;
use crate::eval::{self, Outcome, ProviderAssessment};
use crate::model::common::Date;
use crate::model::provider::ProviderProfile;
use crate::model::requirements::Requirements;
use crate::model::rule_pack::{RulePack, Severity, Text};

/// The assessment of one version, in brief.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Standing {
    /// No knock-out failed.
    pub eligible: bool,
    /// Weighted total 0–100 (unknown counts as 0).
    pub total: f64,
    /// Total if every unknown passed.
    pub total_if_unknowns_pass: f64,
    /// Share of the scored weight decided on verified evidence, in percent.
    pub confidence_pct: f64,
    pub knockouts_failed: Vec<String>,
    pub open_must_haves: Vec<String>,
    pub passed: usize,
    pub failed: usize,
    pub unknown: usize,
}

impl Standing {
    fn of(a: &ProviderAssessment) -> Standing {
        let count = |o: Outcome| a.results.iter().filter(|r| r.outcome == o).count();
        Standing {
            eligible: a.eligible,
            total: a.total,
            total_if_unknowns_pass: a.total_if_unknowns_pass,
            confidence_pct: a.confidence_pct,
            knockouts_failed: a.knockouts_failed.clone(),
            open_must_haves: a.open_must_haves.clone(),
            passed: count(Outcome::Pass),
            failed: count(Outcome::Fail),
            unknown: count(Outcome::Unknown),
        }
    }
}

/// One rule whose verdict differs.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct VerdictChange {
    pub rule: String,
    pub title: Text,
    pub severity: Severity,
    /// `None` when the rule did not apply to that version.
    pub old: Option<Outcome>,
    pub new: Option<Outcome>,
    /// Why the new verdict is what it is (or the old one, for a rule that no longer applies).
    pub reason: Text,
}

/// The verdict side of a comparison.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct VerdictDiff {
    pub old: Standing,
    pub new: Standing,
    /// Knock-outs first, then by severity, then by rule ID.
    pub changes: Vec<VerdictChange>,
}

/// Compiles the rule packs for these requirements on this date, once for all
/// the providers compared.
pub fn engine<'p>(
    packs: &'p [RulePack],
    requirements: &'p Requirements,
    date: Date,
) -> Result<eval::Engine<'p>, Vec<Diagnostic>> {
    eval::Engine::new(packs, requirements, date)
}

/// The rules engine's view of the change from `old` to `new`.
pub fn compare(engine: &eval::Engine, old: &ProviderProfile, new: &ProviderProfile) -> VerdictDiff {
    let a = engine.assess_provider(old);
    let b = engine.assess_provider(new);
    let mut changes = Vec::new();
    for r in &a.results {
        let after = b.results.iter().find(|x| x.rule == r.rule);
        let new_outcome = after.map(|x| x.outcome);
        if new_outcome != Some(r.outcome) {
            changes.push(VerdictChange {
                rule: r.rule.clone(),
                title: r.title.clone(),
                severity: after.map_or(r.severity, |x| x.severity),
                old: Some(r.outcome),
                new: new_outcome,
                reason: after.map_or_else(|| r.reason.clone(), |x| x.reason.clone()),
            });
        }
    }
    for x in &b.results {
        if !a.results.iter().any(|r| r.rule == x.rule) {
            changes.push(VerdictChange {
                rule: x.rule.clone(),
                title: x.title.clone(),
                severity: x.severity,
                old: None,
                new: Some(x.outcome),
                reason: x.reason.clone(),
            });
        }
    }
    changes.sort_by(|p, q| {
        (severity_rank(p.severity), &p.rule).cmp(&(severity_rank(q.severity), &q.rule))
    });
    VerdictDiff {
        old: Standing::of(&a),
        new: Standing::of(&b),
        changes,
    }
}

fn severity_rank(s: Severity) -> u8 {
    match s {
        Severity::Knockout => 0,
        Severity::Major => 1,
        Severity::Minor => 2,
        Severity::Info => 3,
    }
}
