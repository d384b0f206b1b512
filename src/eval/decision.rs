//! The decision model: must-have states, the shortlist in three groups, the
//! decision under unknowns (score intervals, possible and necessary winners,
//! decisive questions), and the recommendation state.
//!
//! In plain words (docs/assessment.md, "The decision model"):
//! - every must-have (knock-out rule, minimum SEAL) is **met**, **failed** or
//!   **open** for each provider; a failed one excludes; an open one keeps the
//!   provider (flagged) or excludes it, as the requirements' `open_must_haves` say;
//! - each provider's score is an interval: **worst** if every open fact turned
//!   out against it, **best** if every one turned out in its favour;
//! - a **possible winner** could still rank first however the open facts turn
//!   out; the **necessary winner** ranks first whatever they turn out to be;
//! - a **decisive question** is an open question whose answer can change who
//!   ranks first; its **value** is how far its answer can move the provider's
//!   score (for an open must-have: the provider's whole best score, since a "no"
//!   removes it).

use serde::Serialize;

use super::{FactRead, Outcome, ProviderAssessment, RuleResult};
use crate::i18n::{self, Lang};
use crate::model::requirements::OpenMustHaves;
use crate::model::rule_pack::{Severity, Text};

/// Scores equal within this are a tie (broken by provider id, as in the ranking).
const EPS: f64 = 1e-9;

/// At most this many questions that can change the leader on their own are put
/// on the "ask first" list (all of them stay in the decisive questions).
pub const MAX_CHALLENGER_QUESTIONS: usize = 5;

/// The state of one must-have for one provider.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum MustHaveState {
    Met,
    Failed,
    Open,
}

/// One must-have (knock-out rule or minimum SEAL) for one provider.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct MustHave {
    /// Rule ID, or `SEAL SOV-n` for a minimum SEAL level.
    pub rule: String,
    pub state: MustHaveState,
    /// Met only because of a valid waiver.
    #[serde(skip_serializing_if = "std::ops::Not::not")]
    pub waived: bool,
    /// What decided it.
    pub reason: Text,
    /// The facts read (for met and failed must-haves: the evidence).
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub evidence: Vec<FactRead>,
}

/// The must-haves of one provider from its rule results and SEAL gate.
pub fn must_haves(results: &[RuleResult], seal: &super::seal::SealProfile) -> Vec<MustHave> {
    let mut out: Vec<MustHave> = results
        .iter()
        .filter(|r| r.severity == Severity::Knockout)
        .map(|r| {
            let waived = r.outcome != Outcome::Pass && r.effectively_passed();
            let state = if r.effectively_passed() {
                MustHaveState::Met
            } else if r.outcome == Outcome::Fail {
                MustHaveState::Failed
            } else {
                MustHaveState::Open
            };
            MustHave {
                rule: r.rule.clone(),
                state,
                waived,
                reason: r.reason.clone(),
                evidence: if r.outcome == Outcome::Unknown {
                    Vec::new()
                } else {
                    r.facts.clone()
                },
            }
        })
        .collect();
    for (objs, state) in [
        (&seal.gate_failed, MustHaveState::Failed),
        (&seal.gate_open, MustHaveState::Open),
    ] {
        for o in objs {
            out.push(MustHave {
                rule: format!("SEAL {o}"),
                state,
                waived: false,
                reason: Text::new(
                    format!("minimum SEAL level for {o} (requirements sovereignty_seal.min_seal)"),
                    format!("Mindest-SEAL-Stufe für {o} (Anforderungen sovereignty_seal.min_seal)"),
                ),
                evidence: Vec::new(),
            });
        }
    }
    out
}

/// Why a provider is not on the shortlist.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Excluded {
    pub id: String,
    /// Must-haves that failed.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub failed: Vec<String>,
    /// Must-haves not proven, with `open_must_haves: exclude`.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub unproven: Vec<String>,
}

/// A provider kept with open must-haves.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct OpenEntry {
    pub id: String,
    pub open: Vec<String>,
}

/// The shortlist in three groups.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Shortlist {
    pub open_must_haves: OpenMustHaves,
    /// Every must-have met, in rank order.
    pub cleared: Vec<String>,
    /// Kept, but at least one must-have open, in rank order.
    pub open: Vec<OpenEntry>,
    /// Excluded, by id, with the rules that excluded them.
    pub excluded: Vec<Excluded>,
}

/// Builds the shortlist from ranked providers.
pub fn shortlist(ranked: &[ProviderAssessment], policy: OpenMustHaves) -> Shortlist {
    let ids = |p: &ProviderAssessment, s: MustHaveState| -> Vec<String> {
        p.must_haves
            .iter()
            .filter(|m| m.state == s)
            .map(|m| m.rule.clone())
            .collect()
    };
    let mut out = Shortlist {
        open_must_haves: policy,
        cleared: Vec::new(),
        open: Vec::new(),
        excluded: Vec::new(),
    };
    for p in ranked {
        let open = ids(p, MustHaveState::Open);
        if !p.eligible {
            out.excluded.push(Excluded {
                id: p.id.clone(),
                failed: ids(p, MustHaveState::Failed),
                unproven: if policy == OpenMustHaves::Exclude {
                    open
                } else {
                    Vec::new()
                },
            });
        } else if open.is_empty() {
            out.cleared.push(p.id.clone());
        } else {
            out.open.push(OpenEntry {
                id: p.id.clone(),
                open,
            });
        }
    }
    out
}

/// A score interval over the open facts.
#[derive(Debug, Clone, Copy, PartialEq, Serialize)]
pub struct ScoreInterval {
    /// Every open fact against the provider (the stated total: unknown earns nothing).
    pub worst: f64,
    /// Every open fact in the provider's favour.
    pub best: f64,
}

/// What kind of decisive question.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum QuestionKind {
    /// An open must-have: a "no" excludes the provider.
    MustHave,
    /// A scored rule: the answer moves the provider's score.
    Score,
}

/// An open question whose answer can change who ranks first.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct DecisiveQuestion {
    pub provider: String,
    pub rule: String,
    pub kind: QuestionKind,
    /// Points (0–100) the answer can move: the rule's share of the provider's total;
    /// for a must-have the provider's whole best score (a "no" removes it).
    pub value: f64,
    /// Answered on its own in the provider's favour (for the leader's must-have:
    /// against it), it changes who ranks first.
    pub changes_leader_alone: bool,
    pub question: Text,
}

/// The decision under unknowns.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct DecisionUnderUnknowns {
    /// Providers that could still rank first, in rank order.
    pub possible_winners: Vec<String>,
    /// The provider that ranks first however the open facts turn out, if any.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub necessary_winner: Option<String>,
    /// Decisive questions, most valuable first.
    pub decisive_questions: Vec<DecisiveQuestion>,
}

fn beats(a: f64, aid: &str, b: f64, bid: &str) -> bool {
    a > b + EPS || ((a - b).abs() <= EPS && aid < bid)
}

/// A provider on the shortlist may still drop out: it has an open must-have.
fn can_drop(p: &ProviderAssessment) -> bool {
    p.must_haves.iter().any(|m| m.state == MustHaveState::Open)
}

/// Possible winners, the necessary winner and the decisive questions of ranked providers.
pub fn under_unknowns(ranked: &[ProviderAssessment]) -> DecisionUnderUnknowns {
    let el: Vec<&ProviderAssessment> = ranked.iter().filter(|p| p.eligible).collect();
    let possible: Vec<&ProviderAssessment> = el
        .iter()
        .copied()
        .filter(|p| {
            el.iter()
                .filter(|q| q.id != p.id && !can_drop(q))
                .all(|q| beats(p.best_exact, &p.id, q.total_exact, &q.id))
        })
        .collect();
    let necessary = el
        .iter()
        .find(|p| {
            !can_drop(p)
                && el
                    .iter()
                    .filter(|q| q.id != p.id)
                    .all(|q| beats(p.total_exact, &p.id, q.best_exact, &q.id))
        })
        .map(|p| p.id.clone());
    let mut decisive = Vec::new();
    if necessary.is_none() {
        let leader = el.first();
        for p in &possible {
            let hi = el
                .iter()
                .filter(|q| q.id != p.id)
                .map(|q| (q.best_exact, q.id.as_str()))
                .fold(None::<(f64, &str)>, |m, x| match m {
                    Some(m) if beats(m.0, m.1, x.0, x.1) => Some(m),
                    _ => Some(x),
                });
            let assured = hi.is_none_or(|(b, id)| beats(p.total_exact, &p.id, b, id));
            let is_leader = leader.is_some_and(|l| l.id == p.id);
            for q in &p.open_questions {
                if q.waived {
                    continue;
                }
                let ko = q.severity == Severity::Knockout;
                if !ko && (assured || q.points_exact <= EPS) {
                    continue;
                }
                let changes = if is_leader {
                    ko
                } else {
                    leader.is_some_and(|l| {
                        beats(p.total_exact + q.points_exact, &p.id, l.total_exact, &l.id)
                    })
                };
                decisive.push(DecisiveQuestion {
                    provider: p.id.clone(),
                    rule: q.rule.clone(),
                    kind: if ko {
                        QuestionKind::MustHave
                    } else {
                        QuestionKind::Score
                    },
                    value: super::round1(if ko { p.best_exact } else { q.points_exact }),
                    changes_leader_alone: changes,
                    question: q.question.clone(),
                });
            }
        }
        let pos = |id: &str| el.iter().position(|p| p.id == id).unwrap_or(usize::MAX);
        decisive.sort_by(|a, b| {
            b.value
                .total_cmp(&a.value)
                .then_with(|| b.changes_leader_alone.cmp(&a.changes_leader_alone))
                .then_with(|| pos(&a.provider).cmp(&pos(&b.provider)))
                .then_with(|| a.rule.cmp(&b.rule))
        });
    }
    DecisionUnderUnknowns {
        possible_winners: possible.iter().map(|p| p.id.clone()).collect(),
        necessary_winner: necessary,
        decisive_questions: decisive,
    }
}

/// Why the leader cannot be recommended yet.
#[derive(Debug, Clone, PartialEq, Serialize)]
#[serde(tag = "blocker", rename_all = "snake_case")]
pub enum Blocker {
    /// Must-haves not proven yet.
    OpenMustHaves { rules: Vec<String> },
    /// No offer of the provider qualifies (or whether one does is open).
    NoQualifyingOffer,
    /// First place is not settled: not the necessary winner, and first in fewer
    /// than the threshold of the draws over weights and open facts.
    NotSettled { first_pct: f64 },
}

/// How a recommendation is justified.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum RecommendBasis {
    /// First however the open facts turn out.
    NecessaryWinner,
    /// First in at least the threshold share of the draws over weights and open facts.
    RobustlyFirst,
}

/// Why nobody can be recommended.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum NoneReason {
    /// No provider profile was assessed.
    NoProviders,
    /// Every provider is excluded by a must-have.
    AllExcluded,
}

/// A question to ask, by provider and rule.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Ask {
    pub provider: String,
    pub rule: String,
}

/// The recommendation state.
#[derive(Debug, Clone, PartialEq, Serialize)]
#[serde(tag = "state", rename_all = "snake_case")]
pub enum Recommendation {
    /// Recommend this provider.
    Recommend {
        provider: String,
        basis: RecommendBasis,
        first_pct: f64,
    },
    /// This provider leads, but cannot be recommended yet: ask these questions first.
    Leads {
        provider: String,
        blockers: Vec<Blocker>,
        /// Open must-haves of the leader.
        open_must_haves: usize,
        /// The questions to ask first: the leader's open must-haves, then up to
        /// [`MAX_CHALLENGER_QUESTIONS`] of the most valuable questions that can
        /// change the leader on their own.
        ask: Vec<Ask>,
    },
    /// No provider can be recommended.
    None { reason: NoneReason, excluded: usize },
}

/// The recommendation from the ranked providers, the decision under unknowns and
/// the share of draws (weights and open facts) in which the leader stays first.
pub fn recommend(
    ranked: &[ProviderAssessment],
    d: &DecisionUnderUnknowns,
    leader_first_pct: Option<f64>,
    threshold_pct: f64,
) -> Recommendation {
    if ranked.is_empty() {
        return Recommendation::None {
            reason: NoneReason::NoProviders,
            excluded: 0,
        };
    }
    let Some(leader) = ranked.iter().find(|p| p.eligible) else {
        return Recommendation::None {
            reason: NoneReason::AllExcluded,
            excluded: ranked.len(),
        };
    };
    let open: Vec<String> = leader
        .must_haves_in(MustHaveState::Open)
        .map(|m| m.rule.clone())
        .collect();
    let first_pct = leader_first_pct.unwrap_or(0.0);
    let necessary = d.necessary_winner.as_deref() == Some(leader.id.as_str());
    let mut blockers = Vec::new();
    if !open.is_empty() {
        blockers.push(Blocker::OpenMustHaves {
            rules: open.clone(),
        });
    }
    // Never recommend a provider none of whose offers is known to qualify,
    // whatever the rules say (GPU-001 may be switched off or downgraded).
    if !leader.offers.verdict().qualifies() {
        blockers.push(Blocker::NoQualifyingOffer);
    }
    if !necessary && first_pct < threshold_pct {
        blockers.push(Blocker::NotSettled { first_pct });
    }
    if blockers.is_empty() {
        return Recommendation::Recommend {
            provider: leader.id.clone(),
            basis: if necessary {
                RecommendBasis::NecessaryWinner
            } else {
                RecommendBasis::RobustlyFirst
            },
            first_pct,
        };
    }
    // First the leader's open must-haves (it cannot be recommended without them),
    // then the most valuable questions that can change the leader on their own.
    let ask = d
        .decisive_questions
        .iter()
        .filter(|q| q.provider == leader.id && q.kind == QuestionKind::MustHave)
        .chain(
            d.decisive_questions
                .iter()
                .filter(|q| {
                    q.changes_leader_alone
                        && !(q.provider == leader.id && q.kind == QuestionKind::MustHave)
                })
                .take(MAX_CHALLENGER_QUESTIONS),
        )
        .map(|q| Ask {
            provider: q.provider.clone(),
            rule: q.rule.clone(),
        })
        .collect();
    Recommendation::Leads {
        provider: leader.id.clone(),
        blockers,
        open_must_haves: open.len(),
        ask,
    }
}

impl Recommendation {
    /// The provider recommended or leading.
    pub fn provider(&self) -> Option<&str> {
        match self {
            Recommendation::Recommend { provider, .. } | Recommendation::Leads { provider, .. } => {
                Some(provider)
            }
            Recommendation::None { .. } => None,
        }
    }

    /// One plain sentence; `name` gives a provider's display name for its id.
    pub fn sentence(&self, lang: Lang, name: &dyn Fn(&str) -> String) -> String {
        match self {
            Recommendation::Recommend {
                provider, basis, ..
            } => i18n::fill(
                lang,
                match basis {
                    RecommendBasis::NecessaryWinner => "rec_recommend_necessary",
                    RecommendBasis::RobustlyFirst => "rec_recommend_robust",
                },
                &[("provider", &name(provider))],
            ),
            Recommendation::Leads {
                provider,
                blockers,
                open_must_haves,
                ask,
            } => {
                let k = ask.len().to_string();
                let n = open_must_haves.to_string();
                let p = name(provider);
                let key = if *open_must_haves > 0 {
                    "rec_leads_open"
                } else if blockers.contains(&Blocker::NoQualifyingOffer) {
                    "rec_leads_no_offer"
                } else {
                    "rec_leads_unsettled"
                };
                let key = if ask.len() == 1 {
                    format!("{key}_one")
                } else {
                    key.to_string()
                };
                i18n::fill(lang, &key, &[("provider", &p), ("n", &n), ("k", &k)])
            }
            Recommendation::None { reason, excluded } => match reason {
                NoneReason::NoProviders => i18n::t(lang, "rec_none_no_providers").to_string(),
                NoneReason::AllExcluded => i18n::fill(
                    lang,
                    "rec_none_all_excluded",
                    &[("n", &excluded.to_string())],
                ),
            },
        }
    }

    /// The next step, as one sentence.
    pub fn next_step(&self, lang: Lang, name: &dyn Fn(&str) -> String) -> String {
        match self {
            Recommendation::Recommend { provider, .. } => {
                i18n::fill(lang, "rec_next_recommend", &[("provider", &name(provider))])
            }
            Recommendation::Leads { provider, ask, .. } => {
                let mut others: Vec<&str> = ask
                    .iter()
                    .map(|a| a.provider.as_str())
                    .filter(|p| p != provider)
                    .collect();
                others.sort();
                others.dedup();
                if others.is_empty() {
                    i18n::fill(lang, "rec_next_leads", &[("id", provider)])
                } else {
                    i18n::fill(
                        lang,
                        "rec_next_leads_others",
                        &[("id", provider), ("others", &others.join(", "))],
                    )
                }
            }
            Recommendation::None { reason, .. } => i18n::t(
                lang,
                match reason {
                    NoneReason::NoProviders => "rec_next_no_providers",
                    NoneReason::AllExcluded => "rec_next_all_excluded",
                },
            )
            .to_string(),
        }
    }
}
