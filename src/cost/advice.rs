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

/// Whose offer the budget advice is for.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub enum AdviceFor {
    /// The cheapest ranked offer (`cost` without an assessment).
    #[default]
    Cheapest,
    /// The recommended provider's best qualifying offer.
    Recommended(String),
    /// The leading provider's best qualifying offer ("X leads, but …").
    Leading(String),
    /// No provider can be recommended: the cheapest ranked offer, said so.
    NoneRecommended,
}

impl AdviceFor {
    /// From the assessment's recommendation state.
    pub fn from_recommendation(r: &crate::eval::decision::Recommendation) -> AdviceFor {
        use crate::eval::decision::Recommendation as R;
        match r {
            R::Recommend { provider, .. } => AdviceFor::Recommended(provider.clone()),
            R::Leads { provider, .. } => AdviceFor::Leading(provider.clone()),
            R::None { .. } => AdviceFor::NoneRecommended,
        }
    }

    /// The provider whose best offer is meant, if one is.
    pub fn provider(&self) -> Option<&str> {
        match self {
            AdviceFor::Recommended(p) | AdviceFor::Leading(p) => Some(p),
            AdviceFor::Cheapest | AdviceFor::NoneRecommended => None,
        }
    }

    /// The stable token for JSON.
    pub fn token(&self) -> &'static str {
        match self {
            AdviceFor::Cheapest => "cheapest",
            AdviceFor::Recommended(_) => "recommended",
            AdviceFor::Leading(_) => "leading",
            AdviceFor::NoneRecommended => "cheapest_none_recommended",
        }
    }

    /// Which offer, in words (`the leading provider's best qualifying offer`).
    pub fn why(&self) -> super::Why {
        super::Why::new(match self {
            AdviceFor::Cheapest => Msg::BudgetForCheapest,
            AdviceFor::Recommended(_) => Msg::BudgetForRecommended,
            AdviceFor::Leading(_) => Msg::BudgetForLeading,
            AdviceFor::NoneRecommended => Msg::BudgetForNoneRecommended,
        })
    }
}

/// An offer named for people: provider, GPUs × model, region and country.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct OfferRef {
    pub provider_id: String,
    pub provider_name: String,
    pub offer_id: String,
    pub gpus_per_instance: u32,
    /// Instances the job rents.
    pub instances: u32,
    pub gpu_model: String,
    pub region: String,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub country: Option<String>,
}

impl OfferRef {
    pub fn of(o: &OfferCost) -> OfferRef {
        OfferRef {
            provider_id: o.provider_id.to_string(),
            provider_name: o.provider_name.to_string(),
            offer_id: o.offer_id.clone(),
            gpus_per_instance: o.gpus_per_instance,
            instances: o.instances,
            gpu_model: o.gpu_model.to_string(),
            region: o.region.to_string(),
            country: o.country.as_ref().map(|c| c.to_string()),
        }
    }

    /// `Nebius (AI Cloud) · gpu-h200-… (8× H200-SXM, eu-north1, FI)`.
    pub fn label(&self) -> String {
        format!(
            "{} · {} ({})",
            self.provider_name,
            self.offer_id,
            self.hardware()
        )
    }

    /// `8× H200-SXM, eu-north1, FI`.
    pub fn hardware(&self) -> String {
        let mut s = format!(
            "{}× {}, {}",
            self.gpus_per_instance, self.gpu_model, self.region
        );
        if let Some(c) = &self.country {
            s.push_str(&format!(", {c}"));
        }
        s
    }
}

/// The offer the operation after the job is costed on, for one provider.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct OperationChoice {
    pub provider_id: String,
    pub provider_name: String,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub offer_id: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub gpus_per_instance: Option<u32>,
    /// Instances rented for the operation's GPUs.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub instances: Option<u32>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub gpu_model: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub region: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub country: Option<String>,
    /// Price per instance-hour in `currency`.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub price_per_instance_hour: Option<Amount>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub currency: Option<String>,
    /// Why the provider has no offer for the operation.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub missing: Option<super::Why>,
}

impl OperationChoice {
    /// `gpu-h100-sxm-1gpu… (1× H100-SXM, eu-north1, FI)`, or `missing: why` in `lang`.
    pub fn describe(&self, lang: crate::i18n::Lang) -> String {
        match (&self.offer_id, &self.missing) {
            (Some(id), _) => {
                let mut s = format!(
                    "{id} ({}× {}, {}",
                    self.gpus_per_instance.unwrap_or(0),
                    self.gpu_model.as_deref().unwrap_or(""),
                    self.region.as_deref().unwrap_or("")
                );
                if let Some(c) = &self.country {
                    s.push_str(&format!(", {c}"));
                }
                s.push(')');
                if let Some(k) = self.instances.filter(|k| *k > 1) {
                    s.push_str(&format!(" × {k}"));
                }
                s
            }
            (None, Some(w)) => w.render(lang),
            (None, None) => String::new(),
        }
    }
}

/// Budget alerts and the automatic stop for one offer: the cheapest ranked one, or the
/// recommended (leading) provider's best qualifying offer ([`AdviceFor`]).
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct BudgetAdvice {
    /// `provider/offer` the advice is for; absent when no offer is ranked.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub offer: Option<String>,
    /// Whose offer: `cheapest`, `recommended`, `leading` or `cheapest_none_recommended`.
    pub chosen: &'static str,
    /// Which offer, in words.
    pub chosen_text: super::Why,
    /// The offer, named for people.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub offer_detail: Option<OfferRef>,
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

/// Budget advice for one offer (see [`AdviceFor`]): the rank-1 offer, or the named
/// provider's best-ranked offer (its best qualifying offer: only qualifying offers are
/// ranked); on its complete total when it has one, else on its comparable total with a
/// caveat naming the excluded items. A named provider without a ranked offer gets no
/// figures — never another provider's.
pub fn budget(
    offers: &[OfferCost],
    basis: &ComparisonBasis,
    currency: &str,
    whom: &AdviceFor,
) -> BudgetAdvice {
    let best = match whom.provider() {
        Some(p) => offers
            .iter()
            .filter(|o| *o.provider_id == *p && o.rank.is_some())
            .min_by_key(|o| o.rank),
        None => offers.iter().find(|o| o.rank == Some(1)),
    };
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
            chosen: whom.token(),
            chosen_text: whom.why(),
            offer_detail: Some(OfferRef::of(o)),
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
            let why = match whom.provider() {
                Some(p) => super::Why::new(Msg::NoPricedOfferFor).with("provider", p),
                None => super::Why::new(Msg::NoKnownComputeCost),
            };
            BudgetAdvice {
                offer: None,
                chosen: whom.token(),
                chosen_text: whom.why(),
                offer_detail: None,
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
    // The offer the budget is for: the figures below rest on the same offer.
    let best = budget.offer_detail.as_ref().and_then(|d| {
        offers
            .iter()
            .find(|o| *o.provider_id == *d.provider_id && o.offer_id == d.offer_id)
    });
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
