//! Assembles the `Report` from the assessment (rules engine), the provider
//! profiles, the cost figures and the provenance of every input. All wording
//! comes from the i18n table or the rule packs; all numbers from the inputs.

use std::collections::{BTreeMap, BTreeSet};

use rust_decimal::prelude::ToPrimitive;
use rust_decimal::Decimal;
use serde_json::Value;

use super::build::{document_id, Texts};
use super::chart::{bar_chart, value_map, BarInput, PointInput};
use super::cost_input::{Basis, CostInput, OfferFigures};
use super::*;
use crate::eval::{self, Assessment, ProviderAssessment};
use crate::i18n::{self, Lang};
use crate::model::ProviderProfile;

/// Everything the report is built from.
pub struct Inputs<'a> {
    pub lang: Lang,
    pub assessment: &'a Assessment,
    pub providers: &'a [ProviderProfile],
    pub cost: Option<&'a CostInput>,
    /// DPA reviews (`cloudvet dpa`), at most one per provider.
    pub reviews: &'a [crate::model::review::DpaReview],
    /// Every input file with its SHA-256, in the order read.
    pub files: Vec<InputRow>,
    pub tool_version: &'a str,
}

/// The cheapest costed offer of a provider (by on-demand point estimate).
fn cheapest<'c>(cost: Option<&'c CostInput>, provider: &str) -> Option<&'c OfferFigures> {
    cost?
        .offers
        .iter()
        .filter(|o| o.provider_id == provider && o.on_demand.is_some())
        .min_by(|a, b| {
            let (x, y) = (a.on_demand.map(|s| s.mid), b.on_demand.map(|s| s.mid));
            x.cmp(&y).then_with(|| a.offer_id.cmp(&b.offer_id))
        })
}

/// When no offer of a provider has a complete total: its best-ranked offer's
/// comparable total (the figure the cost model ranks by).
fn lowest_known<'c>(
    cost: Option<&'c CostInput>,
    provider: &str,
) -> Option<(Decimal, &'c OfferFigures)> {
    cost?
        .offers
        .iter()
        .filter(|o| o.provider_id == provider && o.on_demand.is_none())
        .filter_map(|o| o.comparable.map(|k| (k, o)))
        .min_by(|a, b| (a.1.rank, a.0, &a.1.offer_id).cmp(&(b.1.rank, b.0, &b.1.offer_id)))
}

/// The offer the cost beside the recommendation and the budget advice are for, when it
/// is `provider`'s: the recommended (or leading) provider's best qualifying offer.
fn decision_offer<'c>(cost: Option<&'c CostInput>, provider: &str) -> Option<&'c OfferFigures> {
    let c = cost?;
    c.decision_offer
        .and_then(|i| c.offers.get(i))
        .filter(|o| o.provider_id == provider)
}

fn offer_label(o: &OfferFigures) -> String {
    format!("{} · {}× {}", o.provider_name, o.gpus_per_instance, o.gpu)
}

/// A fact value as words in the report's language (`unknown`, yes/no, enum
/// values by their label, dates); the offers' tally as a sentence.
pub(super) fn value_text(v: &Value, tx: &Texts) -> String {
    if let Value::Object(m) = v {
        if let (Some(matching), Some(total)) = (m.get("matching"), m.get("total")) {
            let n = |x: &Value| x.as_u64().unwrap_or(0).to_string();
            return i18n::fill(
                tx.lang,
                "facts_offers_tally",
                &[
                    ("matching", &n(matching)),
                    ("total", &n(total)),
                    ("undecided", &n(m.get("undecided").unwrap_or(&Value::Null))),
                ],
            );
        }
    }
    crate::eval::why::value_words(tx.lang, v)
}

/// A note the rules engine put on a fact it read (`stale`, `keyword match
/// only`), in words.
pub(super) fn fact_note(note: &str, tx: &Texts) -> String {
    match note {
        "stale" => i18n::t(tx.lang, "fact_note_stale").to_string(),
        "keyword match only" => i18n::t(tx.lang, "fact_note_keyword_only").to_string(),
        other => other.to_string(),
    }
}

pub(super) fn status_label(status: Option<&str>, tx: &Texts) -> String {
    match status {
        Some(s @ ("verified" | "self_declared" | "third_party" | "keyword_probe")) => tx.label(s),
        Some(other) => other.to_string(),
        None => "–".to_string(),
    }
}

fn robustness_of(a: &Assessment, p: &ProviderAssessment, tx: &Texts) -> Robustness {
    let r = a.robustness.providers.iter().find(|r| r.id == p.id);
    let first = r.map(|r| r.first_pct).unwrap_or(0.0);
    let top3 = r.map(|r| r.top3_pct).unwrap_or(0.0);
    let leader = a.robustness.leader.as_deref() == Some(p.id.as_str());
    let robust = leader && a.robustness.robust == Some(true);
    // Compact: "first / top 3", with the verdict for the leader.
    let mut text = if r.is_some() {
        format!("{} / {}", tx.percent(first).text, tx.percent(top3).text)
    } else {
        "–".to_string()
    };
    if leader && a.robustness.robust.is_some() {
        let word = tx.label(if robust { "robust" } else { "not_robust" });
        text = format!("{word} ({text})");
    }
    Robustness {
        rank_first: tx.percent(first),
        top3: tx.percent(top3),
        robust,
        text,
    }
}

/// The robustness result in one sentence, from the numbers: the leader's display
/// name and the language's number format (the rules engine's own sentence uses
/// the provider ID and English decimals).
pub(crate) fn robustness_sentence(a: &Assessment, lang: Lang) -> String {
    let rb = &a.robustness;
    let (Some(id), Some(first), Some(robust)) = (&rb.leader, rb.leader_first_pct, rb.robust) else {
        return i18n::t(lang, "robustness_none").to_string();
    };
    let leader = a
        .providers
        .iter()
        .find(|p| &p.id == id)
        .map(|p| p.name.clone())
        .unwrap_or_else(|| id.clone());
    let places = if first.fract() == 0.0 { 0 } else { 1 };
    i18n::fill(
        lang,
        if robust {
            "robustness_robust"
        } else {
            "robustness_not_robust"
        },
        &[
            ("leader", &leader),
            ("pct", &i18n::percent(lang, first, places)),
            ("samples", &i18n::number(lang, Decimal::from(rb.samples), 0)),
            ("spread", &i18n::percent(lang, rb.weight_spread_pct, 0)),
        ],
    )
}

fn citations(a: &Assessment, rule: &str, lang: Lang) -> String {
    a.rules
        .iter()
        .find(|r| r.id == rule)
        .map(|r| r.citations_in(lang).join("; "))
        .unwrap_or_default()
}

fn rule_title(a: &Assessment, rule: &str, lang: Lang) -> String {
    a.rules
        .iter()
        .find(|r| r.id == rule)
        .map(|r| r.title.get_in(lang).to_string())
        .unwrap_or_else(|| rule.to_string())
}

/// Up to three rules with their titles, then "and N more".
fn rule_list(a: &Assessment, rules: &[String], lang: Lang) -> String {
    let mut parts: Vec<String> = rules
        .iter()
        .take(3)
        .map(|r| format!("{r} {}", rule_title(a, r, lang)))
        .collect();
    if rules.len() > 3 {
        parts.push(i18n::fill(
            lang,
            "and_more",
            &[("n", &(rules.len() - 3).to_string())],
        ));
    }
    parts.join("; ")
}

fn outcome(o: eval::Outcome) -> Outcome {
    match o {
        eval::Outcome::Pass => Outcome::Pass,
        eval::Outcome::Fail => Outcome::Fail,
        eval::Outcome::Unknown => Outcome::Unknown,
    }
}

fn span(tx: &Texts, s: &super::cost_input::Span, currency: &str) -> MoneyRange {
    tx.range(s.low, s.mid, s.high, currency)
}

fn shortlist_row(inp: &Inputs<'_>, tx: &Texts, p: &ProviderAssessment) -> ShortlistRow {
    let cheapest = cheapest(inp.cost, &p.id);
    let currency = inp.cost.map(|c| c.currency.as_str()).unwrap_or("EUR");
    ShortlistRow {
        rank: p.rank,
        provider_id: p.id.clone(),
        provider_name: p.name.clone(),
        eligible: p.eligible,
        status_text: tx.label(if p.eligible { "eligible" } else { "excluded" }),
        score: tx.score(p.total),
        confidence: tx.percent(p.confidence_pct),
        robustness: robustness_of(inp.assessment, p, tx),
        open_must_haves: p.open_must_haves.len() as u32,
        cost: cheapest.and_then(|o| o.on_demand.as_ref().map(|s| span(tx, s, currency))),
        cost_comparable: if cheapest.is_none() {
            lowest_known(inp.cost, &p.id).map(|(k, _)| tx.money(k, currency))
        } else {
            None
        },
        time_to_result: cheapest
            .or_else(|| lowest_known(inp.cost, &p.id).map(|(_, o)| o))
            .and_then(|o| o.time_to_result_hours.map(|h| tx.hours(h))),
    }
}

fn severity_rank(s: &str) -> u8 {
    match s {
        "knockout" => 0,
        "major" => 1,
        "minor" => 2,
        _ => 3,
    }
}

fn provider_section(
    inp: &Inputs<'_>,
    tx: &Texts,
    row: &ShortlistRow,
    p: &ProviderAssessment,
) -> ProviderSection {
    let lang = inp.lang;
    let profile = inp.providers.iter().find(|x| x.id == p.id);
    let mut findings: Vec<FindingRow> = p
        .results
        .iter()
        .map(|r| {
            let waived =
                r.waiver.as_ref().is_some_and(|w| w.applied) && r.outcome != eval::Outcome::Pass;
            let mut outcome_text = tx.label(r.outcome.key());
            if waived {
                outcome_text = format!("{outcome_text} ({})", tx.label("waived"));
            }
            FindingRow {
                rule_id: r.rule.clone(),
                title: r.title.get_in(lang).to_string(),
                outcome: outcome(r.outcome),
                outcome_text,
                severity: r.severity.key().to_string(),
                severity_text: tx.label(r.severity.key()),
                reason: r.reason.get_in(lang).to_string(),
                legal_basis: citations(inp.assessment, &r.rule, lang),
                waived,
            }
        })
        .collect();
    // Failures first, then unknowns, then passes; within each by severity and ID.
    let order = |o: Outcome| match o {
        Outcome::Fail => 0,
        Outcome::Unknown => 1,
        Outcome::Pass => 2,
    };
    findings.sort_by(|a, b| {
        (order(a.outcome), severity_rank(&a.severity), &a.rule_id).cmp(&(
            order(b.outcome),
            severity_rank(&b.severity),
            &b.rule_id,
        ))
    });
    let mut facts: BTreeMap<String, FactRow> = BTreeMap::new();
    let doc = profile.map(eval::profile_json).unwrap_or(Value::Null);
    for r in &p.results {
        for f in &r.facts {
            facts.entry(f.pointer.clone()).or_insert_with(|| {
                let mut status_text = status_label(f.status.as_deref(), tx);
                if let Some(n) = &f.note {
                    status_text = format!("{status_text} ({})", fact_note(n, tx));
                }
                FactRow {
                    label: crate::eval::why::subject(lang, &f.pointer, &doc),
                    pointer: f.pointer.clone(),
                    value: value_text(&f.value, tx),
                    source: f.source.clone(),
                    as_of: f
                        .as_of
                        .as_ref()
                        .and_then(|s| s.parse::<crate::model::AsOf>().ok())
                        .map(|a| tx.as_of(&a)),
                    status: f.status.clone(),
                    status_text,
                }
            });
        }
    }
    let waivers = p
        .results
        .iter()
        .filter_map(|r| {
            let w = r.waiver.as_ref()?;
            Some(WaiverRow {
                rule_id: r.rule.clone(),
                justification: w.justification.clone(),
                approved_by: w.approved_by.clone(),
                expires: tx.date(w.expires.0),
                expired: !w.applied,
                status_text: tx.label(if w.applied { "waiver_valid" } else { "expired" }),
            })
        })
        .collect();
    ProviderSection {
        id: p.id.clone(),
        name: p.name.clone(),
        legal_entity: profile.and_then(|x| x.identity.legal_entity.get().cloned()),
        hq_country: profile.and_then(|x| x.identity.hq_country.get().cloned()),
        eligible: p.eligible,
        status_text: row.status_text.clone(),
        rank: p.rank,
        score: row.score.clone(),
        confidence: row.confidence.clone(),
        robustness: row.robustness.clone(),
        areas: p
            .areas
            .iter()
            .map(|a| AreaRow {
                id: a.area.key().to_string(),
                name: a.title.get_in(lang).to_string(),
                score: tx.score(a.score),
                weight: tx.percent(a.share_pct),
            })
            .collect(),
        passed: findings
            .iter()
            .filter(|f| f.outcome == Outcome::Pass)
            .map(|f| f.rule_id.clone())
            .collect(),
        findings,
        facts: facts.into_values().collect(),
        open_questions: p
            .open_questions
            .iter()
            .map(|q| QuestionRow {
                rule_id: q.rule.clone(),
                question: q.question.get_in(lang).to_string(),
            })
            .collect(),
        waivers,
    }
}

fn cost_section(inp: &Inputs<'_>, tx: &Texts, cost: &CostInput) -> CostSection {
    let lang = inp.lang;
    let cur = cost.currency.as_str();
    let eligible: BTreeSet<&str> = inp
        .assessment
        .providers
        .iter()
        .filter(|p| p.eligible)
        .map(|p| p.id.as_str())
        .collect();
    let mut offers: Vec<&OfferFigures> = cost.offers.iter().collect();
    // The cost model's ranking (by comparable total, rank 1 = cheapest), then the
    // unranked offers in the cost model's order (known part, then the rest).
    offers.sort_by(|a, b| {
        let key = |o: &OfferFigures| (o.rank.is_none(), o.rank.unwrap_or(0));
        key(a).cmp(&key(b))
    });
    let rows: Vec<CostRow> = offers
        .iter()
        .map(|o| CostRow {
            provider_id: o.provider_id.clone(),
            provider_name: o.provider_name.clone(),
            offer_id: o.offer_id.clone(),
            gpu: o.gpu.clone(),
            gpus_per_instance: o.gpus_per_instance,
            region: o.region.clone(),
            basis: o.basis.key().to_string(),
            basis_text: tx.label(o.basis.key()),
            eligible: eligible.contains(o.provider_id.as_str()),
            on_demand: o.on_demand.as_ref().map(|s| span(tx, s, cur)),
            spot: o.spot.as_ref().map(|s| span(tx, s, cur)),
            comparable: o.comparable.map(|k| tx.money(k, cur)),
            time_to_result: o.time_to_result_hours.map(|h| tx.hours(h)),
            missing: o
                .missing
                .clone()
                .or_else(|| (o.basis == Basis::NoBasis).then(|| tx.label("no_basis"))),
        })
        .collect();
    let top3: BTreeSet<&str> = inp
        .assessment
        .providers
        .iter()
        .filter(|p| p.rank.is_some_and(|r| r <= 3))
        .map(|p| p.id.as_str())
        .collect();
    // In the cost model's ranking: the complete total with its range where there
    // is one, else the comparable total (drawn open); at most 20 bars.
    let mut bars: Vec<BarInput> = offers
        .iter()
        .filter_map(|o| {
            let (low, mid, high, comparable) = match (o.on_demand, o.comparable) {
                (Some(s), _) => (s.low, s.mid, s.high, false),
                (None, Some(k)) => (k, k, k, true),
                (None, None) => return None,
            };
            Some(BarInput {
                label: offer_label(o),
                place: super::chart::place(
                    inp.providers,
                    &o.provider_id,
                    o.region.as_deref(),
                    inp.lang,
                ),
                offer: o.offer_id.clone(),
                low,
                mid,
                high,
                highlight: top3.contains(o.provider_id.as_str()),
                comparable,
            })
        })
        .collect();
    bars.truncate(20);
    let spot_vs_on_demand = offers
        .iter()
        .filter_map(|o| {
            let (d, s) = (o.on_demand?, o.spot?);
            let saving = o.spot_saving_pct.unwrap_or_else(|| {
                if d.mid.is_zero() {
                    0.0
                } else {
                    ((d.mid - s.mid) / d.mid * Decimal::ONE_HUNDRED)
                        .to_f64()
                        .unwrap_or(0.0)
                }
            });
            Some(SpotRow {
                offer: offer_label(o),
                on_demand: tx.money(d.mid, cur),
                spot: tx.money(s.mid, cur),
                saving: tx.percent(saving),
            })
        })
        .collect();
    CostSection {
        currency: cur.to_string(),
        workload: cost.workload.clone(),
        comparison_note: cost.comparison_note.clone(),
        rows,
        chart: bar_chart(&bars, cur, lang),
        spot_vs_on_demand,
        budget: cost.budget.as_ref().map(|b| BudgetAdvice {
            offer: b.offer.clone(),
            alerts: b
                .alerts
                .iter()
                .map(|(pct, amount)| BudgetAlert {
                    percent: *pct,
                    amount: tx.money(*amount, cur),
                })
                .collect(),
            automatic_stop: tx.money(b.automatic_stop, cur),
        }),
        rent_vs_buy: cost.ownership.as_ref().map(|o| {
            let verdict = match o.break_even_utilisation_pct {
                Some(be) if o.expected_utilisation_pct >= be => i18n::fill(
                    lang,
                    "verdict_buy",
                    &[
                        ("be", &tx.percent(be).text),
                        ("exp", &tx.percent(o.expected_utilisation_pct).text),
                    ],
                ),
                Some(be) => i18n::fill(
                    lang,
                    "verdict_rent",
                    &[
                        ("be", &tx.percent(be).text),
                        ("exp", &tx.percent(o.expected_utilisation_pct).text),
                    ],
                ),
                None => tx.label("verdict_rent_always"),
            };
            RentVsBuy {
                owned_per_gpu_hour: tx.money(o.owned_per_used_gpu_hour, cur),
                cloud_per_gpu_hour: o.cloud_per_gpu_hour.map(|c| tx.money(c, cur)),
                expected_utilisation: tx.percent(o.expected_utilisation_pct),
                break_even_utilisation: o.break_even_utilisation_pct.map(|b| tx.percent(b)),
                verdict,
            }
        }),
        notes: cost.notes.clone(),
    }
}

/// Builds the report.
pub fn build(inp: &Inputs<'_>) -> Report {
    let lang = inp.lang;
    let tx = Texts::new(lang);
    let a = inp.assessment;

    let shortlist: Vec<ShortlistRow> = a
        .providers
        .iter()
        .map(|p| shortlist_row(inp, &tx, p))
        .collect();
    let providers: Vec<ProviderSection> = a
        .providers
        .iter()
        .zip(&shortlist)
        .map(|(p, row)| provider_section(inp, &tx, row, p))
        .collect();

    // Knock-outs.
    let mut knockouts = Vec::new();
    let mut excluded_by: BTreeMap<String, Vec<String>> = BTreeMap::new();
    for p in a.providers.iter().filter(|p| !p.eligible) {
        for rule in &p.knockouts_failed {
            let reason = p
                .results
                .iter()
                .find(|r| &r.rule == rule)
                .map(|r| r.reason.get_in(lang).to_string())
                .unwrap_or_default();
            knockouts.push(KnockoutRow {
                provider_id: p.id.clone(),
                provider_name: p.name.clone(),
                rule_id: rule.clone(),
                title: rule_title(a, rule, lang),
                reason,
                legal_basis: citations(a, rule, lang),
            });
            excluded_by
                .entry(rule.clone())
                .or_default()
                .push(p.name.clone());
        }
    }
    let mut excluded_by: Vec<ExcludedBy> = excluded_by
        .into_iter()
        .map(|(rule, providers)| ExcludedBy {
            title: rule_title(a, &rule, lang),
            rule_id: rule,
            count: providers.len() as u32,
            providers,
        })
        .collect();
    excluded_by.sort_by(|x, y| {
        y.count
            .cmp(&x.count)
            .then_with(|| x.rule_id.cmp(&y.rule_id))
    });

    // Summary.
    let eligible: Vec<&ProviderAssessment> = a.providers.iter().filter(|p| p.eligible).collect();
    let leader = eligible.first().copied();
    let top: Vec<ShortlistRow> = shortlist
        .iter()
        .filter(|r| r.eligible)
        .take(3)
        .cloned()
        .collect();
    let open_must_haves: Vec<OpenMustHaves> = eligible
        .iter()
        .take(3)
        .filter(|p| !p.open_must_haves.is_empty())
        .map(|p| OpenMustHaves {
            provider_id: p.id.clone(),
            provider_name: p.name.clone(),
            rules: p
                .open_must_haves
                .iter()
                .map(|r| RuleRef {
                    rule_id: r.clone(),
                    title: rule_title(a, r, lang),
                })
                .collect(),
            text: rule_list(a, &p.open_must_haves, lang),
        })
        .collect();
    // The leader of the recommendation state is the first eligible provider.
    let name = |id: &str| {
        a.providers
            .iter()
            .find(|p| p.id == id)
            .map(|p| p.name.clone())
            .unwrap_or_else(|| id.to_string())
    };
    let rec = &a.recommendation;
    let state = match rec {
        crate::eval::decision::Recommendation::Recommend { .. } => "recommend",
        crate::eval::decision::Recommendation::Leads { .. } => "leads",
        crate::eval::decision::Recommendation::None { .. } => "none",
    };
    let sentence = rec.sentence(lang, &name);
    let next_step = rec.next_step(lang, &name);
    let recommendation = leader.map(|p| {
        let reasons = super::editions::reasons(inp, &tx, p);
        Recommendation {
            state: state.to_string(),
            sentence: sentence.clone(),
            next_step: next_step.clone(),
            provider_id: p.id.clone(),
            provider_name: p.name.clone(),
            reasons,
        }
    });
    let recommendation = recommendation.or_else(|| {
        Some(Recommendation {
            state: state.to_string(),
            sentence: sentence.clone(),
            next_step: next_step.clone(),
            provider_id: String::new(),
            provider_name: String::new(),
            reasons: Vec::new(),
        })
    });
    let headline = match leader {
        Some(p) => i18n::fill(
            lang,
            "headline_some",
            &[
                ("eligible", &eligible.len().to_string()),
                ("assessed", &a.providers.len().to_string()),
                ("name", &p.name),
                ("score", &tx.score(p.total).text),
            ],
        ),
        None => i18n::fill(
            lang,
            "headline_none",
            &[("assessed", &a.providers.len().to_string())],
        ),
    };
    // The cost of the recommended (or leading) provider's best qualifying offer — the
    // offer the budget advice is for — not a span over other providers' offers.
    let decision = leader.and_then(|p| decision_offer(inp.cost, &p.id));
    let currency_of = inp.cost.map(|c| c.currency.as_str()).unwrap_or("EUR");
    let cost_range = decision
        .and_then(|o| o.on_demand)
        .map(|s| span(&tx, &s, currency_of));
    let cost_comparable = decision
        .filter(|o| o.on_demand.is_none())
        .and_then(|o| o.comparable)
        .map(|k| {
            let mut r = tx.range(k, k, k, currency_of);
            r.text = r.mid.text.clone();
            r
        });
    let cost_comparable_note = cost_comparable
        .as_ref()
        .and_then(|_| inp.cost.and_then(|c| c.comparison_note.clone()));
    let mut main_risks = Vec::new();
    if a.robustness.robust == Some(false) {
        main_risks.push(tx.label("risk_not_robust"));
    }
    for p in eligible.iter().take(3) {
        for r in p.results.iter().filter(|r| {
            r.outcome == eval::Outcome::Fail
                && !r.effectively_passed()
                && matches!(r.severity, crate::model::rule_pack::Severity::Major)
        }) {
            main_risks.push(i18n::fill(
                lang,
                "risk_failed",
                &[
                    ("name", &p.name),
                    ("rule", &r.rule),
                    ("title", r.title.get_in(lang)),
                ],
            ));
        }
    }
    main_risks.truncate(8);

    // Value map.
    let points: Vec<PointInput> = eligible
        .iter()
        .filter_map(|p| {
            let (cost, comparable) = match cheapest(inp.cost, &p.id) {
                Some(o) => (o.on_demand?.mid, false),
                None => (lowest_known(inp.cost, &p.id)?.0, true),
            };
            Some(PointInput {
                provider_id: p.id.clone(),
                label: p.name.clone(),
                score: p.total,
                cost,
                comparable,
            })
        })
        .collect();
    let currency = inp
        .cost
        .map(|c| c.currency.clone())
        .unwrap_or_else(|| "EUR".into());
    let mut note = tx.label("value_map_note");
    if points.iter().any(|p| p.comparable) {
        note = format!("{note} {}", tx.label("value_map_lower"));
    }
    let value_map = value_map(&points, &currency, lang, note);

    // DPA review status: the DPO's review file where there is one, else the profile.
    let dpa_reviews = a
        .providers
        .iter()
        .map(|p| {
            let profile = inp.providers.iter().find(|x| x.id == p.id);
            let review = inp.reviews.iter().find(|r| r.provider == p.id);
            super::dpa::status(&tx, &p.id, &p.name, profile, review)
        })
        .collect();

    // Method and sources.
    let rb = &a.robustness;
    let mut method_text = vec![
        tx.label("method_rules"),
        tx.label("method_scores"),
        i18n::fill(
            lang,
            "method_robustness",
            &[
                ("samples", &i18n::number(lang, Decimal::from(rb.samples), 0)),
                ("spread", &i18n::percent(lang, rb.weight_spread_pct, 0)),
                ("seed", &rb.seed.to_string()),
            ],
        ),
    ];
    if inp.cost.is_some() {
        method_text.push(tx.label("method_cost"));
    }
    let mut legal: BTreeMap<String, BTreeSet<String>> = BTreeMap::new();
    let used: BTreeSet<&str> = a
        .providers
        .iter()
        .flat_map(|p| p.results.iter().map(|r| r.rule.as_str()))
        .collect();
    for r in a.rules.iter().filter(|r| used.contains(r.id.as_str())) {
        for b in &r.legal_basis {
            let (inst, rest) = i18n::citations::parts(lang, b);
            legal.entry(inst).or_default().insert(rest);
        }
    }
    let legal_texts = legal
        .into_iter()
        .map(|(inst, arts)| {
            let arts: Vec<String> = arts.into_iter().filter(|x| !x.is_empty()).collect();
            if arts.is_empty() {
                inst
            } else {
                format!("{inst}: {}", arts.join(", "))
            }
        })
        .collect();
    let mut price_sources: Vec<PriceSourceRow> = Vec::new();
    for prof in inp.providers {
        let mut seen = BTreeSet::new();
        for o in &prof.offers {
            if let Some(src) = &o.provenance.source {
                if seen.insert(src.clone()) {
                    price_sources.push(PriceSourceRow {
                        provider: prof.name.clone(),
                        source: src.clone(),
                        as_of: o.provenance.as_of.as_ref().map(|d| tx.as_of(d)),
                    });
                }
            }
        }
    }
    let benchmark_sources = inp
        .cost
        .map(|c| {
            c.benchmark_sources
                .iter()
                .map(|(b, s)| BenchmarkSourceRow {
                    benchmark: b.clone(),
                    source: s.clone(),
                    benchmark_text: i18n::fields::file_words(lang, b),
                    source_text: if s.starts_with('T') && s.contains(';') || s.starts_with("T0") {
                        i18n::fields::rows_words(lang, s)
                    } else {
                        s.clone()
                    },
                })
                .collect()
        })
        .unwrap_or_default();
    let recommendations = inp
        .cost
        .map(|c| {
            c.advice
                .iter()
                .map(|x| Advice {
                    kind: x.kind.clone(),
                    title: x.title.clone(),
                    text: x.text.clone(),
                })
                .collect()
        })
        .unwrap_or_default();

    let date = tx.date(a.evaluation_date.0);
    let doc_id = document_id(&inp.files, &date.iso, lang);
    let robustness_note = robustness_sentence(a, lang);
    let decision =
        super::editions::decision_section(inp, &tx, &robustness_note, &date.text, &doc_id);
    let author = format!("cloudvet {}", inp.tool_version);
    Report {
        report_version: REPORT_VERSION,
        lang,
        labels: i18n::labels(lang),
        meta: Meta {
            title: tx.label("title"),
            subject: tx.label("subject"),
            author,
            tool: "cloudvet".into(),
            tool_version: inp.tool_version.to_string(),
            evaluation_date: date.clone(),
            document_id: doc_id,
        },
        summary: Summary {
            recommendation,
            headline,
            top,
            assessed: a.providers.len() as u32,
            eligible: eligible.len() as u32,
            excluded: (a.providers.len() - eligible.len()) as u32,
            excluded_by,
            cost_range,
            cost_comparable,
            cost_comparable_note,
            main_risks,
            open_must_haves,
            robustness_note,
        },
        shortlist,
        knockouts,
        seal: a
            .providers
            .iter()
            .map(|p| SealRow {
                provider_id: p.id.clone(),
                provider_name: p.name.clone(),
                levels: p
                    .seal
                    .objectives
                    .iter()
                    .map(|o| SealCell {
                        objective: o.objective.clone(),
                        level: o.level,
                        open: o.open,
                        minimum: o.minimum,
                    })
                    .collect(),
                below_minimum: p.seal.gate_failed.clone(),
            })
            .collect(),
        providers,
        cost: inp.cost.map(|c| cost_section(inp, &tx, c)),
        value_map,
        recommendations,
        dpa_reviews,
        method: Method {
            text: method_text,
            rule_packs: a
                .packs
                .iter()
                .map(|p| RulePackRow {
                    id: p.id.clone(),
                    title: p.title.get_in(lang).to_string(),
                    version: p.version.clone(),
                    rules: p.applied as u32,
                })
                .collect(),
            legal_texts,
            benchmark_sources,
            benchmark_disclaimer: tx.label("mlperf_disclaimer"),
            price_sources,
        },
        provenance: ProvenanceSection {
            tool: "cloudvet".into(),
            tool_version: inp.tool_version.to_string(),
            evaluation_date: date,
            inputs: inp
                .files
                .iter()
                .map(|f| InputRow {
                    file_text: i18n::fields::file_words(lang, &f.file),
                    kind_text: i18n::fields::kind_words(lang, &f.kind),
                    ..f.clone()
                })
                .collect(),
        },
        decision,
        dpo: super::editions::dpo_annex(inp, &tx),
        procurement: super::editions::procurement_section(inp, &tx),
        legend: super::editions::legend(&tx),
    }
}
