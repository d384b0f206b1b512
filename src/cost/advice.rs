//! Budget advice and recommendations, derived from the computed figures. Each
//! recommendation states the figure and the threshold that triggered it.

use rust_decimal::Decimal;
use serde::Serialize;

use super::{cents, fmt_d, LineKind, Money, OfferCost};
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

/// Budget alerts and the automatic stop for the cheapest complete offer.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct BudgetAdvice {
    /// `provider/offer` the advice is for; absent when no offer has a complete total.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub offer: Option<String>,
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
}

/// Budget advice for the rank-1 offer.
pub fn budget(offers: &[OfferCost], currency: &str) -> BudgetAdvice {
    let best = offers.iter().find(|o| o.rank == Some(1));
    match best {
        Some(o) => {
            let planned = o.totals.subtotal.amount().unwrap_or_default();
            BudgetAdvice {
                offer: Some(format!("{}/{}", o.provider_id, o.offer_id)),
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
                automatic_stop: o.totals.total.clone(),
                currency: currency.to_string(),
            }
        }
        None => {
            let why = "no offer has a complete total".to_string();
            BudgetAdvice {
                offer: None,
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

fn pct(share: Decimal) -> String {
    format!("{} %", (share * Decimal::from(100)).round_dp(1).normalize())
}

/// The recommendations the figures support.
pub fn recommendations(w: &Workload, offers: &[OfferCost], currency: &str) -> Vec<Recommendation> {
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
                });
            }
        }
    }
    // Budget alerts: always.
    let reason = match best {
        Some(o) => format!(
            "set alerts at {} % of the planned cost of {}/{} and stop automatically at its total including the {} % buffer ({})",
            ALERT_THRESHOLDS_PCT.map(|p| p.to_string()).join(" / "),
            o.provider_id,
            o.offer_id,
            w.buffer_pct,
            match &o.totals.total {
                Money::Amount(a) => format!("{} {currency}", fmt_d(a.0)),
                Money::Missing(m) => format!("missing: {m}"),
            }
        ),
        None => "set alerts at 50 / 80 / 100 % of the planned cost and an automatic stop at the total including the buffer, once an offer can be priced".into(),
    };
    out.push(Recommendation {
        id: "budget_alerts",
        title: "Set budget alerts and an automatic stop",
        reason,
    });
    out
}
