//! The parts of the report model that only the editions need (issue 14): the
//! decision edition's next steps, decisive questions, shortlist in three groups,
//! cost of the options, risks and what the result rests on; the DPO annex's
//! findings per provider and area; the procurement annex's offers and cost lines;
//! the legend. Built from the same assessment and cost figures as the rest of
//! the model, so every edition and format says the same.

use std::collections::BTreeMap;

use rust_decimal::Decimal;
use serde_json::Value;

use super::assemble::Inputs;
use super::build::Texts;
use super::cost_input::{CostInput, OfferFigures};
use super::*;
use crate::eval::decision::{Blocker, MustHaveState, QuestionKind, Recommendation as Rec};
use crate::eval::{self, Assessment, ProviderAssessment};
use crate::i18n::{self, Lang};
use crate::model::rule_pack::{Area, Severity};

/// At most this many decisive questions are shown one by one in the decision edition.
pub const DECISION_QUESTIONS: usize = 6;
/// Providers up to this rank show their open points grouped by area.
pub const OPEN_DETAIL_RANKS: u32 = 3;
/// At most this many decisive questions of the leader, and of each other provider.
const QUESTIONS_LEADER: usize = 4;
const QUESTIONS_OTHER: usize = 2;
/// At most this many risks in the decision edition.
pub const DECISION_RISKS: usize = 5;
/// The areas of the DPO annex: GDPR Art. 28, Chapter V, Art. 32, AI Act Art. 4.
pub const DPO_AREAS: [Area; 4] = [Area::Dpa, Area::Transfers, Area::Security, Area::AiLiteracy];
/// The areas whose findings the procurement annex shows: the rest.
pub const PROCUREMENT_AREAS: [Area; 5] = [
    Area::GpuAvailability,
    Area::Certifications,
    Area::LocationSovereignty,
    Area::ExitPortability,
    Area::Commercial,
];
/// Longest DPA passage quoted in the DPO annex (characters).
const PASSAGE_CHARS: usize = 320;

fn name_of(a: &Assessment, id: &str) -> String {
    a.providers
        .iter()
        .find(|p| p.id == id)
        .map(|p| p.name.clone())
        .unwrap_or_else(|| id.to_string())
}

fn rule_title(a: &Assessment, rule: &str, lang: Lang) -> String {
    a.rules
        .iter()
        .find(|r| r.id == rule)
        .map(|r| r.title.get_in(lang).to_string())
        .unwrap_or_else(|| rule.to_string())
}

fn citations(a: &Assessment, rule: &str, lang: Lang) -> String {
    a.rules
        .iter()
        .find(|r| r.id == rule)
        .map(|r| r.citations_in(lang).join("; "))
        .unwrap_or_default()
}

/// `1 provider profile` / `18 provider profiles`: the `_one` key for one.
fn count(lang: Lang, key: &str, n: usize) -> String {
    let k = if n == 1 {
        format!("{key}_one")
    } else {
        key.to_string()
    };
    i18n::fill(lang, &k, &[("n", &n.to_string())])
}

/// Items joined as a list in the language: `a, b and c` / `a, b und c`.
fn and_list(lang: Lang, items: &[String]) -> String {
    match items {
        [] => String::new(),
        [one] => one.clone(),
        [rest @ .., last] => format!("{} {} {last}", rest.join(", "), i18n::t(lang, "ed_and")),
    }
}

/// Area title and count per area, largest first: `Data processing agreement 12, …`.
fn by_area(lang: Lang, areas: &[Area]) -> String {
    let mut counts: BTreeMap<Area, usize> = BTreeMap::new();
    for a in areas {
        *counts.entry(*a).or_default() += 1;
    }
    let mut v: Vec<(Area, usize)> = counts.into_iter().collect();
    v.sort_by(|x, y| y.1.cmp(&x.1).then(x.0.cmp(&y.0)));
    v.iter()
        .map(|(a, n)| format!("{} {n}", a.title().get_in(lang)))
        .collect::<Vec<_>>()
        .join(", ")
}

fn rule_area(a: &Assessment, rule: &str) -> Option<Area> {
    a.rules.iter().find(|r| r.id == rule).map(|r| r.area)
}

/// A fact's name in words: its label from the catalogue, after the name of the
/// list item it belongs to (`ISO/IEC 27001 certificate: accreditation …`).
fn fact_label(pointer: &str, lang: Lang, doc: &Value) -> String {
    crate::eval::why::subject(lang, pointer, doc)
}

/// Counts of rules met, not met and open of a provider (waived ones count as met).
fn rule_counts(p: &ProviderAssessment) -> (u32, u32, u32) {
    let mut c = (0, 0, 0);
    for r in &p.results {
        if r.effectively_passed() {
            c.0 += 1;
        } else if r.outcome == eval::Outcome::Fail {
            c.1 += 1;
        } else {
            c.2 += 1;
        }
    }
    c
}

fn counts_text(lang: Lang, met: u32, failed: u32, unknown: u32) -> String {
    i18n::fill(
        lang,
        "ed_counts",
        &[
            ("met", &met.to_string()),
            ("failed", &failed.to_string()),
            ("open", &unknown.to_string()),
        ],
    )
}

/// Not met, open, met, leaving out the zeros: `1 not met, 12 open`.
fn counts_short(lang: Lang, met: u32, failed: u32, unknown: u32) -> String {
    let parts: Vec<String> = [
        (failed, "ed_n_failed"),
        (unknown, "ed_n_open"),
        (met, "ed_n_met"),
    ]
    .iter()
    .filter(|(n, _)| *n > 0)
    .map(|(n, k)| i18n::fill(lang, k, &[("n", &n.to_string())]))
    .collect();
    if parts.is_empty() {
        "–".to_string()
    } else {
        parts.join(", ")
    }
}

/// The cheapest offer of a provider with a complete total, else its best-ranked
/// offer with a comparable total.
fn best_offer<'c>(cost: Option<&'c CostInput>, provider: &str) -> Option<&'c OfferFigures> {
    let c = cost?;
    // The cost stage's decision offer (the recommended or leading provider's best
    // qualifying offer, the one the budget advice is for) when it is this provider's.
    if let Some(o) = c
        .decision_offer
        .and_then(|i| c.offers.get(i))
        .filter(|o| o.provider_id == provider)
    {
        return Some(o);
    }
    let offers = &c.offers;
    offers
        .iter()
        .filter(|o| o.provider_id == provider && o.on_demand.is_some())
        .min_by(|a, b| {
            let (x, y) = (a.on_demand.map(|s| s.mid), b.on_demand.map(|s| s.mid));
            x.cmp(&y).then_with(|| a.offer_id.cmp(&b.offer_id))
        })
        .or_else(|| {
            offers
                .iter()
                .filter(|o| o.provider_id == provider && o.comparable.is_some())
                .min_by(|a, b| {
                    (a.rank, a.comparable, &a.offer_id).cmp(&(b.rank, b.comparable, &b.offer_id))
                })
        })
}

/// The offer as management reads it: `8× H100-SXM, eu-north1, FI` (no offer ID).
fn offer_short(o: &OfferFigures) -> String {
    let mut s = format!("{}× {}", o.gpus_per_instance, o.gpu);
    for part in [&o.region, &o.country].into_iter().flatten() {
        s.push_str(", ");
        s.push_str(part);
    }
    s
}

fn offer_words(o: &OfferFigures) -> String {
    match &o.region {
        Some(r) => format!("{} ({}× {}, {r})", o.offer_id, o.gpus_per_instance, o.gpu),
        None => format!("{} ({}× {})", o.offer_id, o.gpus_per_instance, o.gpu),
    }
}

// ---------------------------------------------------------------------------
// The decision edition

fn group_row(inp: &Inputs<'_>, tx: &Texts, p: &ProviderAssessment) -> GroupRow {
    let lang = inp.lang;
    let a = inp.assessment;
    let (met, failed, unknown) = rule_counts(p);
    let score = tx.score(p.total);
    let best = tx.score(p.score_interval.best);
    let score_text = if (p.score_interval.best - p.total).abs() < 0.05 {
        score.text.clone()
    } else {
        i18n::fill(
            lang,
            "ed_score_up_to",
            &[("score", &score.text), ("best", &best.text)],
        )
    };
    let open_rules: Vec<Area> = p
        .results
        .iter()
        .filter(|r| r.outcome == eval::Outcome::Unknown && !r.effectively_passed())
        .map(|r| r.area)
        .collect();
    // Grouped by area for the first three only: further down, the counts say enough.
    let open_text = if open_rules.is_empty() || p.rank.is_none_or(|r| r > OPEN_DETAIL_RANKS) {
        String::new()
    } else {
        i18n::fill(
            lang,
            "ed_not_stated",
            &[("list", &by_area(lang, &open_rules))],
        )
    };
    let excluded_by: Vec<String> = if p.eligible {
        Vec::new()
    } else {
        let mut v: Vec<String> = p
            .must_haves
            .iter()
            .filter(|m| m.state == MustHaveState::Failed)
            .map(|m| {
                let title = if m.rule.starts_with("SEAL ") {
                    m.reason.get_in(lang).to_string()
                } else {
                    rule_title(a, &m.rule, lang)
                };
                let reason = p
                    .results
                    .iter()
                    .find(|r| r.rule == m.rule)
                    .map(|r| r.reason.get_in(lang).to_string())
                    .unwrap_or_default();
                if reason.is_empty() {
                    title
                } else {
                    format!("{title}: {reason}")
                }
            })
            .collect();
        if v.is_empty() {
            // Excluded because must-haves are not proven (`open_must_haves: exclude`).
            let open: Vec<Area> = p
                .must_haves_in(MustHaveState::Open)
                .filter_map(|m| rule_area(a, &m.rule))
                .collect();
            v.push(i18n::fill(
                lang,
                "ed_excluded_unproven",
                &[
                    ("n", &open.len().to_string()),
                    ("list", &by_area(lang, &open)),
                ],
            ));
        }
        v
    };
    let currency = inp.cost.map(|c| c.currency.as_str()).unwrap_or("EUR");
    let offer = best_offer(inp.cost, &p.id);
    let cost = offer.and_then(|o| {
        o.on_demand
            .map(|s| tx.range(s.low, s.mid, s.high, currency))
    });
    let cost_comparable = offer
        .filter(|o| o.on_demand.is_none())
        .and_then(|o| o.comparable.map(|k| tx.money(k, currency)));
    let cost_text = match (&cost, &cost_comparable) {
        (Some(r), _) => r.text.clone(),
        (None, Some(m)) => format!("{} ({})", m.text, tx.label("comparable")),
        (None, None) => tx.label("ed_no_cost"),
    };
    GroupRow {
        rank: p.rank,
        provider_id: p.id.clone(),
        provider_name: p.name.clone(),
        score,
        best_score: best,
        score_text,
        met,
        failed,
        unknown,
        rules_text: i18n::fill(
            lang,
            "ed_all_rules",
            &[("counts", &counts_text(lang, met, failed, unknown))],
        ),
        must_haves_text: {
            let n = |st: MustHaveState| p.must_haves.iter().filter(|m| m.state == st).count();
            let (m, f, o) = (
                n(MustHaveState::Met),
                n(MustHaveState::Failed),
                n(MustHaveState::Open),
            );
            i18n::fill(
                lang,
                if f > 0 {
                    "ed_must_haves_failed"
                } else {
                    "ed_must_haves"
                },
                &[
                    ("met", &m.to_string()),
                    ("total", &p.must_haves.len().to_string()),
                    ("failed", &f.to_string()),
                    ("open", &o.to_string()),
                ],
            )
        },
        open_text,
        excluded_by,
        cost_text,
        cost,
        cost_comparable,
    }
}

/// The leader's open must-haves by area, in one phrase.
fn open_must_haves_by_area(a: &Assessment, p: &ProviderAssessment, lang: Lang) -> String {
    let areas: Vec<Area> = p
        .must_haves_in(MustHaveState::Open)
        .filter_map(|m| rule_area(a, &m.rule))
        .collect();
    by_area(lang, &areas)
}

fn next_steps(inp: &Inputs<'_>, tx: &Texts) -> Vec<String> {
    let lang = inp.lang;
    let a = inp.assessment;
    let name = |id: &str| name_of(a, id);
    let mut steps = Vec::new();
    match &a.recommendation {
        Rec::Recommend { provider, .. } => {
            steps.push(i18n::fill(
                lang,
                "ed_step_negotiate",
                &[("provider", &name(provider))],
            ));
            if let Some(d) = inp.reviews.iter().find(|r| &r.provider == provider) {
                if d.sign_off.is_none() {
                    steps.push(i18n::fill(
                        lang,
                        "ed_step_dpa_sign_off",
                        &[("provider", &name(provider))],
                    ));
                }
            } else {
                steps.push(i18n::fill(
                    lang,
                    "ed_step_dpa_review",
                    &[("provider", &name(provider))],
                ));
            }
        }
        Rec::Leads {
            provider,
            blockers,
            ask,
            ..
        } => {
            if let Some(leader) = a.providers.iter().find(|p| &p.id == provider) {
                let open = leader.must_haves_in(MustHaveState::Open).count();
                if open > 0 {
                    steps.push(i18n::fill(
                        lang,
                        if open == 1 {
                            "ed_step_ask_leader_one"
                        } else {
                            "ed_step_ask_leader"
                        },
                        &[
                            ("provider", &leader.name),
                            ("n", &open.to_string()),
                            ("areas", &open_must_haves_by_area(a, leader, lang)),
                        ],
                    ));
                }
                if blockers.contains(&Blocker::NoQualifyingOffer) {
                    steps.push(i18n::fill(
                        lang,
                        "ed_step_no_offer",
                        &[("provider", &leader.name)],
                    ));
                }
            }
            // Challengers in the order the recommendation asks them.
            let mut others: Vec<(&str, usize)> = Vec::new();
            for q in ask.iter().filter(|q| &q.provider != provider) {
                match others.iter_mut().find(|(p, _)| *p == q.provider) {
                    Some(e) => e.1 += 1,
                    None => others.push((&q.provider, 1)),
                }
            }
            for (p, k) in others {
                steps.push(i18n::fill(
                    lang,
                    if k == 1 {
                        "ed_step_ask_other_one"
                    } else {
                        "ed_step_ask_other"
                    },
                    &[("provider", &name(p)), ("k", &k.to_string())],
                ));
            }
            steps.push(tx.label("ed_step_reassess"));
        }
        Rec::None { reason, .. } => steps.push(tx.label(match reason {
            eval::decision::NoneReason::NoProviders => "ed_step_no_providers",
            eval::decision::NoneReason::AllExcluded => "ed_step_all_excluded",
        })),
    }
    // Prices the providers do not state: the cost figures are comparable totals.
    if let Some(leader) = a.recommendation.provider() {
        if best_offer(inp.cost, leader).is_some_and(|o| o.on_demand.is_none()) {
            steps.push(i18n::fill(
                lang,
                "ed_step_prices",
                &[("provider", &name(leader))],
            ));
        }
    }
    steps
}

fn question_items(inp: &Inputs<'_>, tx: &Texts) -> (Vec<QuestionItem>, Option<String>) {
    let lang = inp.lang;
    let a = inp.assessment;
    let d = &a.decision;
    let leader = a.recommendation.provider();
    // The recommendation's "ask first" list leads, then the rest by value; at most one
    // question per provider and area, so the list shows the breadth of what is open.
    let asked: Vec<(&str, &str)> = match &a.recommendation {
        Rec::Leads { ask, .. } => ask
            .iter()
            .map(|q| (q.provider.as_str(), q.rule.as_str()))
            .collect(),
        _ => Vec::new(),
    };
    let pos = |q: &eval::decision::DecisiveQuestion| {
        asked
            .iter()
            .position(|(p, r)| *p == q.provider && *r == q.rule)
            .unwrap_or(usize::MAX)
    };
    let mut ordered: Vec<&eval::decision::DecisiveQuestion> = d.decisive_questions.iter().collect();
    // Stable: within "not asked first" the decision model's order (by value) stays.
    ordered.sort_by_key(|q| pos(q));
    let mut seen: Vec<(&str, Option<Area>)> = Vec::new();
    let mut items = Vec::new();
    for q in ordered {
        if items.len() >= DECISION_QUESTIONS {
            break;
        }
        let area = rule_area(a, &q.rule);
        if seen.contains(&(q.provider.as_str(), area)) {
            continue;
        }
        let is_leader = leader == Some(q.provider.as_str());
        let cap = if is_leader {
            QUESTIONS_LEADER
        } else {
            QUESTIONS_OTHER
        };
        if seen.iter().filter(|(p, _)| *p == q.provider).count() >= cap {
            continue;
        }
        seen.push((q.provider.as_str(), area));
        let provider_name = name_of(a, &q.provider);
        let must_have = q.kind == QuestionKind::MustHave;
        let points = i18n::number_f64(lang, q.value, 1);
        let effect = match (must_have, is_leader, q.changes_leader_alone) {
            (true, true, _) => i18n::fill(
                lang,
                "ed_effect_leader_must_have",
                &[("provider", &provider_name)],
            ),
            (true, false, _) => {
                i18n::fill(lang, "ed_effect_must_have", &[("provider", &provider_name)])
            }
            (false, _, true) => i18n::fill(
                lang,
                "ed_effect_first",
                &[("provider", &provider_name), ("points", &points)],
            ),
            (false, _, false) => i18n::fill(
                lang,
                "ed_effect_points",
                &[("provider", &provider_name), ("points", &points)],
            ),
        };
        items.push(QuestionItem {
            provider_id: q.provider.clone(),
            provider_name,
            rule_id: q.rule.clone(),
            topic: rule_title(a, &q.rule, lang),
            question: q.question.get_in(lang).to_string(),
            must_have,
            value: tx.score(q.value),
            effect,
        });
    }
    // What is not shown: first the rest of the "ask first" list the state sentence
    // counts, then the other decisive questions.
    let shown_asked = items
        .iter()
        .filter(|q| asked.contains(&(q.provider_id.as_str(), q.rule_id.as_str())))
        .count();
    let more_asked = asked.len().saturating_sub(shown_asked);
    let rest = d
        .decisive_questions
        .len()
        .saturating_sub(items.len() + more_asked);
    let mut providers: Vec<&str> = d
        .decisive_questions
        .iter()
        .map(|q| q.provider.as_str())
        .collect();
    providers.sort_unstable();
    providers.dedup();
    let num = |n: usize| i18n::number(lang, Decimal::from(n as u64), 0);
    let more = if more_asked > 0 {
        Some(i18n::fill(
            lang,
            "ed_questions_more_asked",
            &[
                ("n", &num(more_asked)),
                ("k", &num(asked.len())),
                ("rest", &num(rest)),
                ("m", &num(providers.len())),
            ],
        ))
    } else if rest > 0 {
        Some(i18n::fill(
            lang,
            "ed_questions_more",
            &[("n", &num(rest)), ("m", &num(providers.len()))],
        ))
    } else {
        None
    };
    (items, more)
}

fn cost_sentences(inp: &Inputs<'_>, tx: &Texts, rows: &[&GroupRow]) -> Vec<String> {
    let lang = inp.lang;
    let Some(cost) = inp.cost else {
        return vec![tx.label("ed_cost_none")];
    };
    let mut out = Vec::new();
    let cur = cost.currency.as_str();
    let complete: Vec<(&GroupRow, &MoneyRange)> = rows
        .iter()
        .filter_map(|r| r.cost.as_ref().map(|c| (*r, c)))
        .collect();
    if let (Some(lo), Some(hi)) = (
        complete
            .iter()
            .min_by(|a, b| a.1.low.amount.cmp(&b.1.low.amount)),
        complete
            .iter()
            .max_by(|a, b| a.1.high.amount.cmp(&b.1.high.amount)),
    ) {
        out.push(i18n::fill(
            lang,
            "ed_cost_range",
            &[
                ("low", &lo.1.low.text),
                ("low_name", &lo.0.provider_name),
                ("high", &hi.1.high.text),
                ("high_name", &hi.0.provider_name),
                ("n", &complete.len().to_string()),
            ],
        ));
    }
    let comparable: Vec<(&GroupRow, &Money)> = rows
        .iter()
        .filter_map(|r| r.cost_comparable.as_ref().map(|c| (*r, c)))
        .collect();
    if let (Some(lo), Some(hi)) = (
        comparable.iter().min_by(|a, b| a.1.amount.cmp(&b.1.amount)),
        comparable.iter().max_by(|a, b| a.1.amount.cmp(&b.1.amount)),
    ) {
        out.push(i18n::fill(
            lang,
            if comparable.len() == 1 {
                "ed_cost_comparable_one"
            } else {
                "ed_cost_comparable"
            },
            &[
                ("low", &lo.1.text),
                ("low_name", &lo.0.provider_name),
                ("high", &hi.1.text),
                ("high_name", &hi.0.provider_name),
            ],
        ));
    }
    // The leader's figure, with the offer and the time to result.
    if let Some(id) = inp.assessment.recommendation.provider() {
        if let Some(o) = best_offer(inp.cost, id) {
            let figure = match (o.on_demand, o.comparable) {
                (Some(s), _) => Some(tx.range(s.low, s.mid, s.high, cur).text),
                (None, Some(k)) => Some(format!(
                    "{} ({})",
                    tx.money(k, cur).text,
                    tx.label("comparable")
                )),
                _ => None,
            };
            if let Some(figure) = figure {
                out.push(i18n::fill(
                    lang,
                    "ed_cost_leader",
                    &[
                        ("provider", &name_of(inp.assessment, id)),
                        ("cost", &figure),
                        ("offer", &offer_short(o)),
                        (
                            "time",
                            &o.time_to_result_hours
                                .map(|h| tx.hours(h).text)
                                .unwrap_or_else(|| tx.label("not_applicable")),
                        ),
                    ],
                ));
            }
        }
    }
    let without = rows
        .iter()
        .filter(|r| r.cost.is_none() && r.cost_comparable.is_none())
        .count();
    if without > 0 {
        out.push(i18n::fill(
            lang,
            if without == 1 {
                "ed_cost_without_one"
            } else {
                "ed_cost_without"
            },
            &[("n", &without.to_string()), ("m", &rows.len().to_string())],
        ));
    }
    if out.is_empty() {
        out.push(tx.label("ed_cost_none"));
    }
    out
}

/// Cut-off of the evidence age: facts dated before it are stale.
fn evidence_cutoff(a: &Assessment) -> Option<chrono::NaiveDate> {
    if a.max_evidence_age_months == 0 {
        return None;
    }
    a.evaluation_date
        .0
        .checked_sub_months(chrono::Months::new(a.max_evidence_age_months))
}

fn rests_on(inp: &Inputs<'_>, tx: &Texts, robustness: &str) -> Vec<String> {
    let lang = inp.lang;
    let a = inp.assessment;
    let mut out = Vec::new();
    if let Some(p) = a.providers.iter().find(|p| p.eligible) {
        out.push(i18n::fill(
            lang,
            "ed_rests_confidence",
            &[
                ("provider", &p.name),
                ("pct", &tx.percent(p.confidence_pct).text),
            ],
        ));
        if p.score_interval.best - p.total >= 0.05 {
            out.push(i18n::fill(
                lang,
                "ed_rests_interval",
                &[
                    ("provider", &p.name),
                    ("score", &tx.score(p.total).text),
                    ("best", &tx.score(p.score_interval.best).text),
                ],
            ));
        }
    }
    out.push(robustness.to_string());
    if let Some(s) = a
        .robustness_open_facts
        .sentence(lang, &|id: &str| name_of(a, id))
    {
        out.push(s);
    }
    // Waivers: decisions the organisation took, said where the result is explained.
    for p in &a.providers {
        for r in &p.results {
            let Some(w) = &r.waiver else { continue };
            let by = w
                .approved_by
                .as_deref()
                .map(|b| i18n::fill(lang, "ed_waiver_by", &[("who", b)]))
                .unwrap_or_default();
            out.push(i18n::fill(
                lang,
                if w.applied {
                    "ed_waiver"
                } else {
                    "ed_waiver_expired"
                },
                &[
                    ("provider", &p.name),
                    ("title", r.title.get_in(lang)),
                    ("date", &tx.date(w.expires.0).text),
                    ("by", &by),
                    ("why", &w.justification),
                ],
            ));
        }
    }
    // Evidence age over the facts the rules read for the providers still in the running.
    let cutoff = evidence_cutoff(a);
    let mut dated: BTreeMap<(String, String), crate::model::AsOf> = BTreeMap::new();
    for p in a.providers.iter().filter(|p| p.eligible) {
        for r in &p.results {
            for f in &r.facts {
                if let Some(d) = f
                    .as_of
                    .as_deref()
                    .and_then(|s| s.parse::<crate::model::AsOf>().ok())
                {
                    dated.insert((p.id.clone(), f.pointer.clone()), d);
                }
            }
        }
    }
    let oldest = dated.values().min_by_key(|d| d.earliest());
    let newest = dated.values().max_by_key(|d| d.earliest());
    match (oldest, newest) {
        (Some(o), Some(n)) => {
            let stale = cutoff.map_or(0, |c| dated.values().filter(|d| d.earliest() < c).count());
            let months = a.max_evidence_age_months.to_string();
            out.push(i18n::fill(
                lang,
                if stale > 0 {
                    "ed_rests_age_stale"
                } else {
                    "ed_rests_age"
                },
                &[
                    ("n", &dated.len().to_string()),
                    ("oldest", &tx.as_of(o).text),
                    ("newest", &tx.as_of(n).text),
                    ("stale", &stale.to_string()),
                    ("months", &months),
                ],
            ));
        }
        _ => out.push(tx.label("ed_rests_age_none")),
    }
    out
}

fn risks(inp: &Inputs<'_>, tx: &Texts) -> Vec<String> {
    let lang = inp.lang;
    let a = inp.assessment;
    let mut out = Vec::new();
    let Some(leader) = a.providers.iter().find(|p| p.eligible) else {
        return out;
    };
    let open = leader.must_haves_in(MustHaveState::Open).count();
    if open > 0 {
        out.push(i18n::fill(
            lang,
            if open == 1 {
                "ed_risk_open_one"
            } else {
                "ed_risk_open"
            },
            &[("provider", &leader.name), ("n", &open.to_string())],
        ));
    }
    if !leader.offers.verdict().qualifies() {
        out.push(i18n::fill(
            lang,
            "ed_risk_no_offer",
            &[("provider", &leader.name)],
        ));
    }
    // Example data: every figure below is only as good as the public sources.
    if a.providers.iter().any(|p| p.eligible && p.example_data) {
        out.push(tx.label("ed_risk_example"));
    }
    if let Rec::Leads { blockers, .. } = &a.recommendation {
        if let Some(Blocker::NotSettled { first_pct }) = blockers
            .iter()
            .find(|b| matches!(b, Blocker::NotSettled { .. }))
        {
            out.push(i18n::fill(
                lang,
                "ed_risk_unsettled",
                &[
                    ("provider", &leader.name),
                    ("pct", &i18n::percent(lang, *first_pct, 0)),
                ],
            ));
        }
    }
    if a.robustness.robust == Some(false) {
        out.push(tx.label("risk_not_robust"));
    }
    if leader.confidence_pct < 50.0 {
        out.push(i18n::fill(
            lang,
            if leader.confidence_pct < 0.5 {
                "ed_risk_confidence_none"
            } else {
                "ed_risk_confidence"
            },
            &[
                ("provider", &leader.name),
                ("pct", &tx.percent(leader.confidence_pct).text),
            ],
        ));
    }
    for r in leader.results.iter().filter(|r| {
        r.outcome == eval::Outcome::Fail
            && !r.effectively_passed()
            && matches!(r.severity, Severity::Major)
    }) {
        out.push(i18n::fill(
            lang,
            "ed_risk_failed",
            &[("provider", &leader.name), ("title", r.title.get_in(lang))],
        ));
    }
    if best_offer(inp.cost, &leader.id).is_some_and(|o| o.on_demand.is_none()) {
        out.push(i18n::fill(
            lang,
            "ed_risk_cost_incomplete",
            &[("provider", &leader.name)],
        ));
    }
    if !inp.reviews.iter().any(|r| r.provider == leader.id) {
        out.push(i18n::fill(
            lang,
            "ed_risk_dpa_not_reviewed",
            &[("provider", &leader.name)],
        ));
    }
    out.truncate(DECISION_RISKS);
    out
}

/// The provenance in one line: tool, date, the inputs counted by kind, document ID.
fn provenance_line(lang: Lang, files: &[InputRow], date: &str, id: &str, version: &str) -> String {
    let mut kinds: Vec<(&str, usize)> = Vec::new();
    for f in files {
        match kinds.iter_mut().find(|(k, _)| *k == f.kind) {
            Some(e) => e.1 += 1,
            None => kinds.push((&f.kind, 1)),
        }
    }
    let inputs: Vec<String> = kinds
        .iter()
        .map(|(k, n)| {
            let key = format!("ed_kind_{k}");
            if i18n::t(lang, &key) == key {
                count(lang, "ed_kind_other", *n)
            } else {
                count(lang, &key, *n)
            }
        })
        .collect();
    i18n::fill(
        lang,
        "ed_provenance_line",
        &[
            ("version", version),
            ("date", date),
            ("inputs", &and_list(lang, &inputs)),
            ("id", id),
        ],
    )
}

/// The decision edition's parts.
pub fn decision_section(
    inp: &Inputs<'_>,
    tx: &Texts,
    robustness: &str,
    date: &str,
    document_id: &str,
) -> DecisionSection {
    let lang = inp.lang;
    let a = inp.assessment;
    let rows: Vec<GroupRow> = a.providers.iter().map(|p| group_row(inp, tx, p)).collect();
    let group = |ids: &[String]| -> Vec<GroupRow> {
        ids.iter()
            .filter_map(|id| rows.iter().find(|r| &r.provider_id == id).cloned())
            .collect()
    };
    let cleared = group(&a.shortlist.cleared);
    let open = group(
        &a.shortlist
            .open
            .iter()
            .map(|e| e.id.clone())
            .collect::<Vec<_>>(),
    );
    let excluded = group(
        &a.shortlist
            .excluded
            .iter()
            .map(|e| e.id.clone())
            .collect::<Vec<_>>(),
    );
    let in_running: Vec<&GroupRow> = cleared.iter().chain(&open).collect();
    let (questions, questions_more) = question_items(inp, tx);
    let rules: usize = a.packs.iter().map(|p| p.applied).sum();
    let method = i18n::fill(
        lang,
        "ed_method",
        &[
            ("rules", &rules.to_string()),
            ("packs", &a.packs.len().to_string()),
            (
                "samples",
                &i18n::number(lang, Decimal::from(a.robustness.samples), 0),
            ),
            (
                "spread",
                &i18n::percent(lang, a.robustness.weight_spread_pct, 0),
            ),
        ],
    );
    DecisionSection {
        next_steps: next_steps(inp, tx),
        questions,
        questions_more,
        cost: cost_sentences(inp, tx, &in_running),
        cleared,
        open,
        excluded,
        risks: risks(inp, tx),
        rests_on: rests_on(inp, tx, robustness),
        method,
        provenance: provenance_line(lang, &inp.files, date, document_id, inp.tool_version),
    }
}

/// The reasons for the recommendation state, one sentence each: the score, the
/// cost, what is still open (grouped by area), example data. Robustness is said
/// once, under what the result rests on.
pub fn reasons(inp: &Inputs<'_>, tx: &Texts, p: &ProviderAssessment) -> Vec<String> {
    let lang = inp.lang;
    let a = inp.assessment;
    let eligible = a.providers.iter().filter(|p| p.eligible).count();
    let mut out = vec![i18n::fill(
        lang,
        "reason_score",
        &[
            ("n", &eligible.to_string()),
            ("score", &tx.score(p.total).text),
            ("confidence", &tx.percent(p.confidence_pct).text),
        ],
    )];
    let cur = inp.cost.map(|c| c.currency.as_str()).unwrap_or("EUR");
    if let Some(o) = best_offer(inp.cost, &p.id) {
        let time = o
            .time_to_result_hours
            .map(|h| tx.hours(h).text)
            .unwrap_or_else(|| tx.label("not_applicable"));
        match (o.on_demand, o.comparable) {
            (Some(s), _) => out.push(i18n::fill(
                lang,
                "ed_reason_cost",
                &[
                    ("offer", &offer_short(o)),
                    ("cost", &tx.range(s.low, s.mid, s.high, cur).text),
                    ("time", &time),
                ],
            )),
            (None, Some(k)) => out.push(i18n::fill(
                lang,
                "ed_reason_cost_comparable",
                &[
                    ("cost", &tx.money(k, cur).text),
                    ("offer", &offer_short(o)),
                    ("time", &time),
                ],
            )),
            _ => {}
        }
    }
    let open = p.must_haves_in(MustHaveState::Open).count();
    if open > 0 {
        out.push(i18n::fill(
            lang,
            if open == 1 {
                "ed_reason_open_one"
            } else {
                "ed_reason_open"
            },
            &[("n", &open.to_string())],
        ));
    }
    if p.example_data {
        out.push(tx.label("reason_example"));
    }
    out
}

// ---------------------------------------------------------------------------
// The DPO annex

fn is_unknown(v: &Value) -> bool {
    matches!(v, Value::Null) || v.as_str() == Some(crate::model::common::UNKNOWN)
}

/// The DPA passage a review found for a fact: `§ 7.2: “…”` (shortened).
fn passage_for(review: Option<&ReviewFacts<'_>>, pointer: &str) -> Option<String> {
    let (review, facts) = review?;
    let rf = facts.iter().find(|f| f.pointer == pointer)?;
    let mut parts = Vec::new();
    for el in &rf.elements {
        let e = review.elements.iter().find(|e| e.element == *el)?;
        let scan = e.scan.as_ref()?;
        let text = scan.passage.as_deref()?.trim();
        if text.is_empty() {
            continue;
        }
        let mut t: String = text.chars().take(PASSAGE_CHARS).collect();
        if text.chars().count() > PASSAGE_CHARS {
            t.push('…');
        }
        parts.push(match &scan.section {
            Some(s) => format!("{s}: “{t}”"),
            None => format!("“{t}”"),
        });
    }
    (!parts.is_empty()).then(|| parts.join(" "))
}

fn status_text(status: Option<&str>, note: Option<&str>, tx: &Texts) -> String {
    let s = super::assemble::status_label(status, tx);
    match note {
        Some(n) => format!("{s}, {}", super::assemble::fact_note(n, tx)),
        None => s,
    }
}

/// A DPO's review and the profile facts it decided (computed once per provider).
type ReviewFacts<'r> = (
    &'r crate::model::review::DpaReview,
    Vec<crate::dpa::ReviewFact>,
);

fn dpo_finding(
    inp: &Inputs<'_>,
    tx: &Texts,
    r: &eval::RuleResult,
    review: Option<&ReviewFacts<'_>>,
    doc: &Value,
) -> FindingDetail {
    let lang = inp.lang;
    let waived = r.waiver.as_ref().is_some_and(|w| w.applied) && r.outcome != eval::Outcome::Pass;
    let mut outcome_text = tx.label(r.outcome.key());
    if waived {
        outcome_text = format!("{outcome_text} ({})", tx.label("waived"));
    }
    let mut evidence = Vec::new();
    let mut not_stated = Vec::new();
    for f in &r.facts {
        let label = fact_label(&f.pointer, lang, doc);
        if is_unknown(&f.value) {
            if !not_stated.contains(&label) {
                not_stated.push(label);
            }
            continue;
        }
        evidence.push(EvidenceRow {
            fact: label,
            pointer: f.pointer.clone(),
            value: super::assemble::value_text(&f.value, tx),
            source: f.source.clone(),
            as_of: f
                .as_of
                .as_ref()
                .and_then(|s| s.parse::<crate::model::AsOf>().ok())
                .map(|a| tx.as_of(&a)),
            status_text: status_text(f.status.as_deref(), f.note.as_deref(), tx),
            passage: passage_for(review, &f.pointer),
        });
    }
    for m in &r.missing {
        // A stated fact can leave a rule open too (stale evidence): it is in the evidence.
        if evidence.iter().any(|e| &e.pointer == m) {
            continue;
        }
        let label = fact_label(m, lang, doc);
        if !not_stated.contains(&label) {
            not_stated.push(label);
        }
    }
    let has_evidence = !evidence.is_empty();
    FindingDetail {
        rule_id: r.rule.clone(),
        title: r.title.get_in(lang).to_string(),
        outcome: match r.outcome {
            eval::Outcome::Pass => Outcome::Pass,
            eval::Outcome::Fail => Outcome::Fail,
            eval::Outcome::Unknown => Outcome::Unknown,
        },
        outcome_text,
        severity_text: tx.label(r.severity.key()),
        reason: r.reason.get_in(lang).to_string(),
        legal_basis: citations(inp.assessment, &r.rule, lang),
        evidence,
        // Without a stated fact the reason already names what is not stated.
        not_stated: (!not_stated.is_empty() && has_evidence).then(|| {
            i18n::fill(
                lang,
                "ed_not_stated_facts",
                &[("list", &not_stated.join(", "))],
            )
        }),
        waived,
    }
}

/// The DPO annex: every provider, in shortlist order; excluded ones with the
/// must-haves that excluded them only.
pub fn dpo_annex(inp: &Inputs<'_>, tx: &Texts) -> Vec<ProviderFindings> {
    findings_by_area(inp, tx, &DPO_AREAS, true)
}

/// Every provider's findings that fail or are open in `areas`, in shortlist order;
/// excluded providers with the must-haves that excluded them only.
fn findings_by_area(
    inp: &Inputs<'_>,
    tx: &Texts,
    areas: &[Area],
    open_scored: bool,
) -> Vec<ProviderFindings> {
    let lang = inp.lang;
    let a = inp.assessment;
    let group_of = |id: &str| -> &'static str {
        if a.shortlist.cleared.iter().any(|c| c == id) {
            "cleared"
        } else if a.shortlist.open.iter().any(|e| e.id == id) {
            "open"
        } else {
            "excluded"
        }
    };
    a.providers
        .iter()
        .map(|p| {
            let group = group_of(&p.id);
            let review = inp
                .reviews
                .iter()
                .find(|r| r.provider == p.id)
                .map(|r| (r, crate::dpa::review_to_facts(r)));
            // The profile as the rules read it: list items are named from it.
            let doc = inp
                .providers
                .iter()
                .find(|x| x.id == p.id)
                .map(eval::profile_json)
                .unwrap_or(Value::Null);
            let areas = areas
                .iter()
                .filter(|area| a.rules.iter().any(|r| r.area == **area))
                .map(|area| {
                    let results: Vec<&eval::RuleResult> =
                        p.results.iter().filter(|r| r.area == *area).collect();
                    let met = results.iter().filter(|r| r.effectively_passed()).count() as u32;
                    let failed = results
                        .iter()
                        .filter(|r| !r.effectively_passed() && r.outcome == eval::Outcome::Fail)
                        .count() as u32;
                    let unknown = results.len() as u32 - met - failed;
                    let mut shown: Vec<&eval::RuleResult> = results
                        .iter()
                        .copied()
                        .filter(|r| r.outcome != eval::Outcome::Pass)
                        .filter(|r| {
                            p.eligible
                                || (r.outcome == eval::Outcome::Fail
                                    && p.knockouts_failed.contains(&r.rule))
                        })
                        // Open rules that are not must-haves only where asked for.
                        .filter(|r| {
                            open_scored
                                || r.outcome == eval::Outcome::Fail
                                || r.severity == Severity::Knockout
                        })
                        .collect();
                    // Not met first, then open; within each by severity, then rule.
                    shown.sort_by_key(|r| {
                        (
                            r.outcome != eval::Outcome::Fail,
                            severity_rank(r.severity),
                            r.rule.clone(),
                        )
                    });
                    AreaFindings {
                        id: area.key().to_string(),
                        title: area.title().get_in(lang).to_string(),
                        met,
                        failed,
                        unknown,
                        counts_text: counts_text(lang, met, failed, unknown),
                        counts_short: counts_short(lang, met, failed, unknown),
                        findings: shown
                            .into_iter()
                            .map(|r| dpo_finding(inp, tx, r, review.as_ref(), &doc))
                            .collect(),
                    }
                })
                .collect();
            ProviderFindings {
                provider_id: p.id.clone(),
                provider_name: p.name.clone(),
                rank: p.rank,
                group: group.to_string(),
                group_text: tx.label(&format!("ed_group_{group}")),
                areas,
                note: (!p.eligible).then(|| tx.label("ed_dpo_excluded_note")),
            }
        })
        .collect()
}

fn severity_rank(s: Severity) -> u8 {
    match s {
        Severity::Knockout => 0,
        Severity::Major => 1,
        Severity::Minor => 2,
        Severity::Info => 3,
    }
}

// ---------------------------------------------------------------------------
// The procurement annex

pub fn procurement_section(inp: &Inputs<'_>, tx: &Texts) -> ProcurementSection {
    let lang = inp.lang;
    let a = inp.assessment;
    let offers = a
        .providers
        .iter()
        .map(|p| {
            let v = p.offers.verdict();
            let key = match v {
                eval::qualify::Verdict::Qualifies => "qualifies",
                eval::qualify::Verdict::DoesNotQualify => "does_not_qualify",
                eval::qualify::Verdict::Open => "open",
            };
            OfferQualificationRow {
                provider_id: p.id.clone(),
                provider_name: p.name.clone(),
                verdict: key.to_string(),
                verdict_text: v.label(lang).to_string(),
                summary: p.offers.render(lang),
                qualifying: p.offers.qualifying_ids.clone(),
            }
        })
        .collect();
    let cur = inp.cost.map(|c| c.currency.as_str()).unwrap_or("EUR");
    let cost_details = a
        .providers
        .iter()
        .filter(|p| p.eligible)
        .filter_map(|p| {
            let o = inp
                .cost?
                .offers
                .iter()
                .find(|o| o.provider_id == p.id && !o.lines.is_empty())?;
            Some(CostDetail {
                provider_id: p.id.clone(),
                provider_name: p.name.clone(),
                offer: offer_words(o),
                lines: o
                    .lines
                    .iter()
                    .map(|l| {
                        let amount = l.amount.map(|x| tx.money(x, cur));
                        CostLineRow {
                            item: l.item.clone(),
                            amount_text: match (&amount, &l.missing) {
                                (Some(m), _) => m.text.clone(),
                                (None, Some(w)) => format!("{}: {w}", tx.label("missing")),
                                (None, None) => "–".to_string(),
                            },
                            amount,
                            calculation: l.calculation.clone(),
                        }
                    })
                    .collect(),
            })
        })
        .collect();
    ProcurementSection {
        offers,
        cost_details,
        // Procurement acts on what fails and on the must-haves; the open scored points
        // are counted here and asked in the questionnaire.
        findings: findings_by_area(inp, tx, &PROCUREMENT_AREAS, false),
    }
}

// ---------------------------------------------------------------------------
// The legend

/// What the marks of legal references (the catalogue's citation words) and the
/// evidence statuses of facts mean.
pub fn legend(tx: &Texts) -> Vec<LegendRow> {
    [
        ("legend_mark_none", "evidence_legend_verified"),
        ("evidence_secondary", "evidence_legend_secondary"),
        ("evidence_unverified", "evidence_legend_unverified"),
        ("verified", "legend_status_verified"),
        ("self_declared", "legend_status_self_declared"),
        ("third_party", "legend_status_third_party"),
        ("keyword_probe", "legend_status_keyword_probe"),
    ]
    .iter()
    .map(|(mark, meaning)| LegendRow {
        mark: tx.label(mark),
        meaning: tx.label(meaning),
    })
    .collect()
}
