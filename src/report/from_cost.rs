//! Reads the cost model's comparison into the report's cost figures, and writes
//! the cost recommendations in the report's language from the same figures.

use rust_decimal::prelude::ToPrimitive;
use rust_decimal::Decimal;

use super::cost_input::{
    AdviceText, Basis, BudgetFigures, CostInput, LineFigures, OfferFigures, OwnershipFigures, Span,
};
use crate::cost::advice::{
    ALERT_THRESHOLDS_PCT, DATA_LOCALITY_MIN_SHARE_PCT, OPERATION_DOMINANT_SHARE_PCT,
    SPOT_MIN_SAVING_PCT,
};
use crate::cost::ownership::BreakEven;
use crate::cost::{BasisKind, CostComparison, LineKind, Money, OfferCost};
use crate::i18n::{self, Lang};
use crate::model::workload::JobKind;

fn f(d: Decimal) -> f64 {
    d.to_f64().unwrap_or(0.0)
}

/// Low/mid/high of an offer's on-demand total.
fn on_demand(o: &OfferCost) -> Option<Span> {
    let mid = o.totals.total.amount()?;
    Some(Span {
        low: o.range.low.amount().unwrap_or(mid),
        mid,
        high: o.range.high.amount().unwrap_or(mid),
    })
}

/// The spot total with the same relative range as on-demand.
fn spot(o: &OfferCost, od: Option<Span>) -> Option<Span> {
    let mid = o.spot.as_ref()?.totals.total.amount()?;
    let (lo, hi) = match od {
        Some(s) if !s.mid.is_zero() => (s.low / s.mid, s.high / s.mid),
        _ => (Decimal::ONE, Decimal::ONE),
    };
    let cents = |d: Decimal| d.round_dp(2);
    Some(Span {
        low: cents(mid * lo),
        mid,
        high: cents(mid * hi),
    })
}

fn missing(m: &Money) -> Option<String> {
    match m {
        Money::Missing(why) => Some(why.to_string()),
        Money::Amount(_) => None,
    }
}

/// The items the comparable total leaves out, in words: `storage (why), egress (why)`.
fn left_out(c: &CostComparison, lang: Lang) -> String {
    c.comparison_basis
        .excluded
        .iter()
        .map(|e| {
            format!(
                "{} ({})",
                crate::cost::text::t(lang, e.item.as_str()),
                e.reason.render(lang)
            )
        })
        .collect::<Vec<_>>()
        .join(", ")
}

fn job(lang: Lang, j: JobKind) -> String {
    let key = match j {
        JobKind::Training => "job_training",
        JobKind::FineTuning => "job_fine_tuning",
        JobKind::Inference => "job_inference",
    };
    i18n::t(lang, key).to_string()
}

/// An offer's cost lines with their arithmetic, then subtotal, buffer, total and (when
/// the total is missing) the comparable total: the procurement annex shows them.
fn lines(c: &CostComparison, o: &OfferCost, lang: Lang) -> Vec<LineFigures> {
    use crate::cost::text;
    let line = |item: String, m: &Money, calculation: String| LineFigures {
        item,
        amount: m.amount(),
        missing: missing(m),
        calculation,
    };
    let mut out: Vec<LineFigures> = o
        .lines
        .iter()
        .map(|l| {
            line(
                text::t(lang, l.item.as_str()),
                &l.amount,
                l.calculation().render(lang),
            )
        })
        .collect();
    let buffer = i18n::number_f64(lang, f(c.workload.buffer_pct.0), 0);
    out.push(line(
        text::t(lang, "subtotal"),
        &o.totals.subtotal,
        String::new(),
    ));
    out.push(line(
        text::t(lang, "buffer"),
        &o.totals.buffer,
        text::fill(lang, "buffer_of_subtotal", &[("p", &buffer)]),
    ));
    out.push(line(text::t(lang, "total"), &o.totals.total, String::new()));
    if let (Some(k), Money::Missing(_)) = (&o.comparable, &o.totals.total) {
        let cur = c.report_currency.as_str();
        out.push(LineFigures {
            item: text::t(lang, "comparable_total"),
            amount: Some(k.total.0),
            missing: None,
            calculation: format!(
                "{} + {} % {} {}",
                i18n::money(lang, k.subtotal.0, cur),
                buffer,
                text::t(lang, "buffer"),
                i18n::money(lang, k.buffer.0, cur)
            ),
        });
    }
    out
}

/// The advice, in the report's language, from the figures the cost model used.
fn advice(c: &CostComparison, lang: Lang) -> Vec<AdviceText> {
    let cur = c.report_currency.as_str();
    let money = |d: Decimal| i18n::money(lang, d, cur);
    let pct = |d: Decimal| i18n::percent(lang, f(d), 0);
    // The offer the budget advice is for (the recommended or leading provider's best
    // qualifying offer in the report).
    let best = c.advised_offer();
    let label = |o: &OfferCost| format!("{} · {}", o.provider_name, o.offer_id);
    let mut out = Vec::new();
    for r in &c.recommendations {
        let text = match r.id {
            "spot" => {
                let qualifying = c
                    .offers
                    .iter()
                    .filter(|o| {
                        o.spot
                            .as_ref()
                            .and_then(|s| s.saving_pct)
                            .is_some_and(|p| p.0 >= Decimal::from(SPOT_MIN_SAVING_PCT))
                    })
                    .count();
                let cheapest = c
                    .offers
                    .iter()
                    .filter_map(|o| o.spot.as_ref()?.totals.total.amount().map(|t| (t, o)))
                    .min_by(|a, b| a.0.cmp(&b.0));
                match cheapest {
                    Some((t, o)) => i18n::fill(
                        lang,
                        "advice_spot",
                        &[
                            ("n", &qualifying.to_string()),
                            (
                                "min",
                                &i18n::percent(lang, f64::from(SPOT_MIN_SAVING_PCT), 0),
                            ),
                            ("total", &money(t)),
                            ("offer", &label(o)),
                            (
                                "saving",
                                &o.spot
                                    .as_ref()
                                    .and_then(|s| s.saving_pct)
                                    .map(|p| pct(p.0))
                                    .unwrap_or_else(|| "–".into()),
                            ),
                        ],
                    ),
                    None => r.reason.clone(),
                }
            }
            "data_locality" => match best.and_then(|o| o.share(LineKind::Egress).map(|s| (o, s))) {
                Some((o, s)) => i18n::fill(
                    lang,
                    "advice_data_locality",
                    &[
                        ("share", &pct(s * Decimal::ONE_HUNDRED)),
                        ("offer", &label(o)),
                        (
                            "min",
                            &i18n::percent(lang, f64::from(DATA_LOCALITY_MIN_SHARE_PCT), 0),
                        ),
                    ],
                ),
                None => r.reason.clone(),
            },
            "mixed_precision" => i18n::t(lang, "advice_mixed_precision").to_string(),
            "quantisation" => match best.and_then(|o| o.share(LineKind::Operation).map(|s| (o, s)))
            {
                Some((o, s)) => i18n::fill(
                    lang,
                    "advice_quantisation",
                    &[
                        ("share", &pct(s * Decimal::ONE_HUNDRED)),
                        ("offer", &label(o)),
                        (
                            "min",
                            &i18n::percent(lang, f64::from(OPERATION_DOMINANT_SHARE_PCT), 0),
                        ),
                    ],
                ),
                None => r.reason.clone(),
            },
            "budget_alerts" => {
                let thresholds = ALERT_THRESHOLDS_PCT
                    .iter()
                    .map(|p| p.to_string())
                    .collect::<Vec<_>>()
                    .join(" / ");
                match (best, c.budget.automatic_stop.amount(), c.budget.basis) {
                    (Some(o), Some(stop), Some("total")) => i18n::fill(
                        lang,
                        "advice_budget",
                        &[
                            ("thresholds", &thresholds),
                            ("offer", &label(o)),
                            ("total", &money(stop)),
                            ("buffer", &pct(c.workload.buffer_pct.0)),
                        ],
                    ),
                    (Some(o), Some(stop), _) => i18n::fill(
                        lang,
                        "advice_budget_comparable",
                        &[
                            ("thresholds", &thresholds),
                            ("offer", &label(o)),
                            ("total", &money(stop)),
                            ("buffer", &pct(c.workload.buffer_pct.0)),
                            ("left", &left_out(c, lang)),
                        ],
                    ),
                    _ => match &c.budget.automatic_stop {
                        crate::cost::Money::Missing(why) => {
                            // A sentence of its own: capitalised.
                            let w = why.render(lang);
                            let mut chars = w.chars();
                            let w = match chars.next() {
                                Some(f) => f.to_uppercase().chain(chars).collect(),
                                None => w,
                            };
                            i18n::fill(lang, "advice_budget_missing", &[("why", &w)])
                        }
                        crate::cost::Money::Amount(_) => {
                            i18n::t(lang, "advice_budget_none").to_string()
                        }
                    },
                }
            }
            _ => r.reason.clone(),
        };
        let title_key = format!("advice_title_{}", r.id);
        let title = match i18n::t(lang, &title_key) {
            "" => r.title.to_string(),
            t => t.to_string(),
        };
        out.push(AdviceText {
            kind: r.id.to_string(),
            title,
            text,
        });
    }
    out
}

/// What the comparable total holds and which items it leaves out, and why, in
/// one sentence; `None` when every ranked offer has a complete total.
fn comparison_note(c: &CostComparison, lang: Lang) -> Option<String> {
    let cb = &c.comparison_basis;
    if cb.excluded.is_empty() {
        return None;
    }
    let mut items: Vec<String> = cb
        .included
        .iter()
        .map(|k| crate::cost::text::t(lang, k.as_str()))
        .collect();
    items.push(i18n::fill(
        lang,
        "comparable_buffer",
        &[(
            "buffer",
            &i18n::percent(lang, f(c.workload.buffer_pct.0), 0),
        )],
    ));
    let left_out = cb
        .excluded
        .iter()
        .map(|e| {
            i18n::fill(
                lang,
                "comparable_left_out",
                &[
                    ("item", &crate::cost::text::t(lang, e.item.as_str())),
                    ("reason", &e.reason.render(lang)),
                    ("n", &e.missing_for.to_string()),
                    ("m", &e.ranked_offers.to_string()),
                ],
            )
        })
        .collect::<Vec<_>>()
        .join("; ");
    Some(i18n::fill(
        lang,
        "comparable_note",
        &[("items", &items.join(" + ")), ("left_out", &left_out)],
    ))
}

/// The report's cost figures from the comparison.
pub fn cost_input(c: &CostComparison, lang: Lang) -> CostInput {
    let cur = c.report_currency.clone();
    // Each provider's best rank.
    let mut best: std::collections::HashMap<&str, Option<u32>> = std::collections::HashMap::new();
    for o in c.offers.iter().filter(|o| o.rank.is_some()) {
        let e = best.entry(o.provider_id.as_ref()).or_insert(o.rank);
        if o.rank < *e {
            *e = o.rank;
        }
    }
    let offers = c
        .offers
        .iter()
        .map(|o| {
            let od = on_demand(o);
            let sp = spot(o, od);
            let basis = match o.basis {
                BasisKind::Measured => Basis::Measured,
                BasisKind::BenchmarkDerived => Basis::BenchmarkDerived,
                BasisKind::NoBasis => Basis::NoBasis,
            };
            let saving = match (od, sp) {
                (Some(d), Some(s)) if !d.mid.is_zero() => {
                    Some(f((d.mid - s.mid) / d.mid * Decimal::ONE_HUNDRED))
                }
                _ => None,
            };
            OfferFigures {
                provider_id: o.provider_id.to_string(),
                provider_name: o.provider_name.to_string(),
                offer_id: o.offer_id.clone(),
                gpu: o.gpu_model.to_string(),
                gpus_per_instance: o.gpus_per_instance,
                region: Some(o.region.to_string()),
                country: o.country.as_ref().map(|c| c.to_string()),
                basis,
                on_demand: od,
                spot: sp,
                spot_saving_pct: saving,
                // Without a complete total: the comparable total the cost model
                // ranks by (compute + the items known for every ranked offer + buffer).
                rank: o.rank,
                comparable: if od.is_none() {
                    o.comparable.as_ref().map(|k| k.total.0)
                } else {
                    None
                },
                time_to_result_hours: o.time_to_result_hours.map(|h| f(h.0)),
                // A ranked offer's missing items are named once, in the comparison note.
                missing: if od.is_none() && o.comparable.is_none() {
                    missing(&o.totals.total).map(|m| format!("{}: {m}", i18n::t(lang, "missing")))
                } else {
                    None
                },
                // Each provider's best-ranked offer is shown line by line.
                lines: if o.rank.is_some() && best.get(o.provider_id.as_ref()) == Some(&o.rank) {
                    lines(c, o, lang)
                } else {
                    Vec::new()
                },
            }
        })
        .collect();
    let w = &c.workload;
    let workload = i18n::fill(
        lang,
        "workload_line",
        &[
            ("name", &w.name),
            ("job", &job(lang, w.job)),
            ("work", &i18n::number_f64(lang, w.total_work, 0)),
            ("unit", &w.work_unit),
            ("gpus", &w.gpus_per_job.to_string()),
        ],
    );
    let budget = c.budget.offer_detail.as_ref().and_then(|offer| {
        let mut sentence = i18n::fill(
            lang,
            "cost_budget_for",
            &[
                ("chosen", &c.budget.chosen_text.render(lang)),
                ("offer", &offer.label()),
            ],
        );
        if c.budget.basis == Some("comparable_total") {
            sentence.push(' ');
            sentence.push_str(&i18n::fill(
                lang,
                "cost_budget_caveat",
                &[("left", &left_out(c, lang))],
            ));
        }
        Some(BudgetFigures {
            offer: sentence,
            alerts: c
                .budget
                .alerts
                .iter()
                .filter_map(|a| Some((a.pct, a.amount.amount()?)))
                .collect(),
            automatic_stop: c.budget.automatic_stop.amount()?,
        })
    });
    let ownership = c.rent_vs_buy.as_ref().map(|r| OwnershipFigures {
        owned_per_used_gpu_hour: r.owned_per_gpu_hour.0,
        cloud_per_gpu_hour: r.rented_per_gpu_hour.amount(),
        expected_utilisation_pct: f(r.utilisation_pct.0),
        break_even_utilisation_pct: match &r.break_even_utilisation {
            BreakEven::Pct(p) => Some(f(p.0)),
            _ => None,
        },
    });
    let mut benchmark_sources: Vec<(String, String)> = c
        .benchmark_files
        .iter()
        .map(|file| (file.clone(), "benchmarks/SOURCES.md".to_string()))
        .collect();
    for b in &c.gpu_bases {
        if let Some(rel) = &b.relative {
            benchmark_sources.push((
                format!(
                    "{} / {}: × {}",
                    b.gpu_model,
                    c.reference.gpu_model,
                    i18n::number_f64(lang, rel.factor, 2)
                ),
                rel.offer_rows.join("; "),
            ));
        }
    }
    let mut notes: Vec<String> = c
        .exchange_rates
        .iter()
        .map(|r| {
            let src = r.source.clone().unwrap_or_default();
            format!(
                "1 {} = {} ({}{})",
                r.from,
                i18n::money_places(lang, r.rate.0, &cur, 4),
                r.date,
                if src.is_empty() {
                    String::new()
                } else {
                    format!(", {src}")
                }
            )
        })
        .collect();
    if !c.operation_offers.is_empty() {
        let list = c
            .operation_offers
            .iter()
            .map(|op| format!("{}: {}", op.provider_name, op.describe(lang)))
            .collect::<Vec<_>>()
            .join("; ");
        notes.push(i18n::fill(lang, "cost_operation_note", &[("list", &list)]));
    }
    notes.push(i18n::t(lang, "mlperf_disclaimer").to_string());
    let decision_offer = c.advised_offer().and_then(|a| {
        c.offers
            .iter()
            .position(|o| o.provider_id == a.provider_id && o.offer_id == a.offer_id)
    });
    CostInput {
        comparison_note: comparison_note(c, lang),
        currency: cur,
        workload,
        offers,
        decision_offer,
        budget,
        ownership,
        advice: advice(c, lang),
        benchmark_sources,
        notes,
    }
}
