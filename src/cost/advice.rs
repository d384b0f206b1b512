//! Budget advice and recommendations, derived from the computed figures. Each
//! recommendation states the figure and the threshold that triggered it.

use super::why::{Arg, Msg};
use rust_decimal::Decimal;
use serde::Serialize;

use super::{cents, fmt_d, ComparisonBasis, LineKind, Money, OfferCost};
use crate::model::workload::{Precision, Workload};
use crate::model::Amount;

/// Spot is recommended when it saves at least this share of on-demand compute after rework.
pub const SPOT_MIN_SAVING_PCT: u32 = 20;
/// Data next to compute is flagged when egress is at least this share of the subtotal.
pub const DATA_LOCALITY_MIN_SHARE_PCT: u32 = 10;
/// Quantisation / distillation is suggested when operation is at least this share of the subtotal.
pub const OPERATION_DOMINANT_SHARE_PCT: u32 = 50;
/// Alert thresholds, percent of the planned cost.
pub const ALERT_THRESHOLDS_PCT: [u32; 3] = [50, 80, 100];

/// One budget alert.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct BudgetAlert {
    pub pct: u32,
    pub amount: Money,
}

/// Budget alerts and the automatic stop for the rank-1 offer.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct BudgetAdvice {
    /// `provider/offer` the advice is for; absent when no offer is ranked.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub offer: Option<String>,
    /// `total` (the offer's complete total) or `comparable_total` (items are excluded:
    /// see `caveat`); absent when no offer is ranked.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub basis: Option<&'static str>,
    /// When the advice rests on the comparable total: which items it leaves out.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub caveat: Option<super::Why>,
    /// The planned cost: the subtotal before the buffer.
    pub planned_cost: Money,
    /// Alerts at 50 / 80 / 100 % of the planned cost.
    pub alerts: Vec<BudgetAlert>,
    /// Stop automatically at the planned cost plus the buffer (= the total).
    pub automatic_stop: Money,
    pub currency: String,
}

/// A recommendation with the figure behind it.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Recommendation {
    /// Stable ID: `spot`, `data_locality`, `mixed_precision`, `budget_alerts`, `quantisation`.
    pub id: &'static str,
    pub title: &'static str,
    /// Why, with the figures.
    pub reason: String,
    /// The title in German.
    pub title_de: &'static str,
    /// The reason in German (German number format).
    pub reason_de: String,
}

/// Budget advice for the rank-1 offer: on its complete total when it has one, else on its
/// comparable total with a caveat naming the excluded items.
pub fn budget(offers: &[OfferCost], basis: &ComparisonBasis, currency: &str) -> BudgetAdvice {
    let best = offers.iter().find(|o| o.rank == Some(1));
    let figures = best.and_then(|o| {
        match (
            o.totals.subtotal.amount(),
            o.totals.total.amount(),
            &o.comparable,
        ) {
            (Some(sub), Some(total), _) => Some((o, sub, total, "total", None)),
            (_, _, Some(c)) => {
                let caveat = super::Why::new(Msg::LeavesOut).with(
                    "list",
                    Arg::List(
                        basis
                            .excluded
                            .iter()
                            .map(|e| {
                                super::Why::new(Msg::ItemInParens)
                                    .with("item", e.item)
                                    .with("why", &e.reason)
                            })
                            .collect(),
                    ),
                );
                Some((o, c.subtotal.0, c.total.0, "comparable_total", Some(caveat)))
            }
            _ => None,
        }
    });
    match figures {
        Some((o, planned, total, kind, caveat)) => BudgetAdvice {
            offer: Some(format!("{}/{}", o.provider_id, o.offer_id)),
            basis: Some(kind),
            caveat,
            planned_cost: Money::Amount(Amount(planned)),
            alerts: ALERT_THRESHOLDS_PCT
                .iter()
                .map(|p| BudgetAlert {
                    pct: *p,
                    amount: Money::Amount(Amount(cents(
                        planned * Decimal::from(*p) / Decimal::from(100),
                    ))),
                })
                .collect(),
            automatic_stop: Money::Amount(Amount(total)),
            currency: currency.to_string(),
        },
        None => {
            let why = super::Why::new(Msg::NoKnownComputeCost);
            BudgetAdvice {
                offer: None,
                basis: None,
                caveat: None,
                planned_cost: Money::Missing(why.clone()),
                alerts: ALERT_THRESHOLDS_PCT
                    .iter()
                    .map(|p| BudgetAlert {
                        pct: *p,
                        amount: Money::Missing(why.clone()),
                    })
                    .collect(),
                automatic_stop: Money::Missing(why),
                currency: currency.to_string(),
            }
        }
    }
}

fn de(d: Decimal) -> String {
    crate::i18n::number(crate::i18n::Lang::De, d, 2)
}

fn pct_de(share: Decimal) -> String {
    format!(
        "{} %",
        (share * Decimal::from(100))
            .round_dp(1)
            .normalize()
            .to_string()
            .replace('.', ",")
    )
}

fn pct(share: Decimal) -> String {
    format!("{} %", (share * Decimal::from(100)).round_dp(1).normalize())
}

/// The recommendations the figures support.
pub fn recommendations(
    w: &Workload,
    offers: &[OfferCost],
    budget: &BudgetAdvice,
    currency: &str,
) -> Vec<Recommendation> {
    let mut out = Vec::new();
    let best = offers.iter().find(|o| o.rank == Some(1));
    // Spot.
    if w.spot.accepted {
        let threshold = Decimal::from(SPOT_MIN_SAVING_PCT);
        let qualifying: Vec<&OfferCost> = offers
            .iter()
            .filter(|o| {
                o.spot
                    .as_ref()
                    .and_then(|s| s.saving_pct)
                    .is_some_and(|p| p.0 >= threshold)
            })
            .collect();
        let cheapest_spot = offers
            .iter()
            .filter_map(|o| {
                o.spot
                    .as_ref()
                    .and_then(|s| s.totals.total.amount())
                    .map(|t| (t, o))
            })
            .min_by(|a, b| a.0.cmp(&b.0));
        if let (false, Some((t, o))) = (qualifying.is_empty(), cheapest_spot) {
            let s = o.spot.as_ref();
            out.push(Recommendation {
                id: "spot",
                title: "Use spot / interruptible capacity",
                reason: format!(
                    "on {} offer(s) spot saves at least {SPOT_MIN_SAVING_PCT} % of on-demand compute after rework; the cheapest spot total is {} {currency} on {}/{} (saving {} % of compute, {} h to result)",
                    qualifying.len(),
                    fmt_d(t),
                    o.provider_id,
                    o.offer_id,
                    s.and_then(|s| s.saving_pct).map(|p| p.to_string()).unwrap_or_else(|| "?".into()),
                    s.and_then(|s| s.time_to_result_hours).map(|p| p.to_string()).unwrap_or_else(|| "?".into()),
                ),
                title_de: "Spot-/unterbrechbare Kapazität nutzen",
                reason_de: format!(
                    "bei {} Angebot(en) spart Spot nach Nacharbeit mindestens {SPOT_MIN_SAVING_PCT} % der On-Demand-Rechenkosten; die günstigste Spot-Summe ist {} {currency} bei {}/{} (Ersparnis {} % der Rechenkosten, {} h bis zum Ergebnis)",
                    qualifying.len(),
                    de(t),
                    o.provider_id,
                    o.offer_id,
                    s.and_then(|s| s.saving_pct).map(|p| p.to_string().replace('.', ",")).unwrap_or_else(|| "?".into()),
                    s.and_then(|s| s.time_to_result_hours).map(|p| p.to_string().replace('.', ",")).unwrap_or_else(|| "?".into()),
                ),
            });
        }
    }
    // Data next to compute.
    if let Some(o) = best {
        if let Some(share) = o.share(LineKind::Egress) {
            if share * Decimal::from(100) >= Decimal::from(DATA_LOCALITY_MIN_SHARE_PCT) {
                out.push(Recommendation {
                    id: "data_locality",
                    title: "Keep data next to compute",
                    reason: format!(
                        "egress is {} of the planned cost on {}/{} (threshold {DATA_LOCALITY_MIN_SHARE_PCT} %): process and store results where the GPUs are, or negotiate the egress allowance",
                        pct(share),
                        o.provider_id,
                        o.offer_id
                    ),
                    title_de: "Daten neben der Rechenleistung halten",
                    reason_de: format!(
                        "Egress ist {} der geplanten Kosten bei {}/{} (Schwelle {DATA_LOCALITY_MIN_SHARE_PCT} %): Ergebnisse dort verarbeiten und speichern, wo die GPUs sind, oder das Egress-Freikontingent verhandeln",
                        pct_de(share),
                        o.provider_id,
                        o.offer_id
                    ),
                });
            }
        }
    }
    // Mixed precision.
    if let Some(m) = &w.throughput.measured {
        if m.precision == Precision::Fp32 {
            out.push(Recommendation {
                id: "mixed_precision",
                title: "Try mixed precision (bf16/fp16)",
                reason: "the test run was measured in fp32; 16-bit mixed precision usually raises throughput on tensor-core GPUs — measure a new run, cloudvet does not guess the gain".into(),
                title_de: "Gemischte Genauigkeit (bf16/fp16) versuchen",
                reason_de: "der Testlauf wurde in fp32 gemessen; 16-Bit-Mixed-Precision erhöht auf Tensor-Core-GPUs meist den Durchsatz — einen neuen Lauf messen, cloudvet schätzt den Gewinn nicht".into(),
            });
        }
    }
    // Quantisation / distillation.
    if let Some(o) = best {
        if let Some(share) = o.share(LineKind::Operation) {
            if share * Decimal::from(100) >= Decimal::from(OPERATION_DOMINANT_SHARE_PCT) {
                out.push(Recommendation {
                    id: "quantisation",
                    title: "Quantise or distil the model for operation",
                    reason: format!(
                        "operation is {} of the planned cost on {}/{} (threshold {OPERATION_DOMINANT_SHARE_PCT} %): a smaller or quantised model may run on fewer or cheaper GPUs",
                        pct(share),
                        o.provider_id,
                        o.offer_id
                    ),
                    title_de: "Modell für den Betrieb quantisieren oder destillieren",
                    reason_de: format!(
                        "der Betrieb ist {} der geplanten Kosten bei {}/{} (Schwelle {OPERATION_DOMINANT_SHARE_PCT} %): ein kleineres oder quantisiertes Modell läuft womöglich auf weniger oder günstigeren GPUs",
                        pct_de(share),
                        o.provider_id,
                        o.offer_id
                    ),
                });
            }
        }
    }
    // Budget alerts: always.
    let reason = match (&budget.offer, &budget.automatic_stop) {
        (Some(o), Money::Amount(stop)) => format!(
            "set alerts at {} % of the planned cost of {o} and stop automatically at {} {currency} (planned cost plus the {} % buffer){}",
            ALERT_THRESHOLDS_PCT.map(|p| p.to_string()).join(" / "),
            fmt_d(stop.0),
            w.buffer_pct,
            match &budget.caveat {
                Some(c) => format!("; {c}"),
                None => String::new(),
            }
        ),
        _ => "set alerts at 50 / 80 / 100 % of the planned cost and an automatic stop at the total including the buffer, once an offer can be priced".into(),
    };
    let reason_de = match (&budget.offer, &budget.automatic_stop) {
        (Some(o), Money::Amount(stop)) => format!(
            "Warnungen bei {} % der geplanten Kosten von {o} einrichten und automatisch bei {} {currency} stoppen (geplante Kosten plus {} % Puffer){}",
            ALERT_THRESHOLDS_PCT.map(|p| p.to_string()).join(" / "),
            de(stop.0),
            w.buffer_pct.to_string().replace('.', ","),
            match &budget.caveat {
                Some(c) => format!("; {}", c.render(crate::i18n::Lang::De)),
                None => String::new(),
            }
        ),
        _ => "Warnungen bei 50 / 80 / 100 % der geplanten Kosten und einen automatischen Stopp bei der Gesamtsumme einschließlich Puffer einrichten, sobald ein Angebot berechnet werden kann".into(),
    };
    out.push(Recommendation {
        id: "budget_alerts",
        title: "Set budget alerts and an automatic stop",
        reason,
        title_de: "Budgetwarnungen und automatischen Stopp einrichten",
        reason_de,
    });
    out
}
