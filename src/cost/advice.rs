//! Budget advice and recommendations, derived from the computed figures. Each
//! recommendation states the figure and the threshold that triggered it.

use super::why::{Arg, Msg};
use rust_decimal::Decimal;
use serde::Serialize;

use super::{cents, fmt_d, ComparisonBasis, LineKind, Money, OfferCost};
use crate::i18n::{self, Lang};
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

/// Whose offer the budget advice is for; its JSON token (`budget.chosen`) is derived.
#[derive(Debug, Clone, PartialEq, Eq, Default, strum::IntoStaticStr)]
#[strum(serialize_all = "snake_case")]
pub enum AdviceFor {
    /// The cheapest ranked offer (`cost` without an assessment).
    #[default]
    Cheapest,
    /// The recommended provider's best qualifying offer.
    Recommended(String),
    /// The leading provider's best qualifying offer ("X leads, but …").
    Leading(String),
    /// No provider can be recommended: the cheapest ranked offer, said so.
    #[strum(serialize = "cheapest_none_recommended")]
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
        self.into()
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

/// Money in `lang`'s number format, no grouping in English (`1234.50`), German grouping
/// and decimal comma (`1.234,50`), as the texts always had.
fn money(lang: Lang, d: Decimal) -> String {
    match lang {
        Lang::En => fmt_d(d),
        Lang::De => i18n::number(Lang::De, d, 2),
    }
}

/// A decimal text with the language's decimal mark.
fn decimal(lang: Lang, s: String) -> String {
    match lang {
        Lang::En => s,
        Lang::De => s.replace('.', ","),
    }
}

/// A share as a percentage with one decimal: `12.5 %` / `12,5 %`.
fn share_pct(lang: Lang, share: Decimal) -> String {
    let p = (share * Decimal::from(100))
        .round_dp(1)
        .normalize()
        .to_string();
    format!("{} %", decimal(lang, p))
}

/// The catalogue text `key` with `{why}` filled (the budget's missing reason).
fn fill(lang: Lang, key: &str, why: &str) -> String {
    i18n::fill(lang, key, &[("why", why)])
}

/// True when the budget was asked for a named provider (recommended or leading).
fn whom_named(b: &BudgetAdvice) -> bool {
    matches!(b.chosen, "recommended" | "leading")
}

/// A recommendation whose title and reason are the catalogue's `cost_rec_<id>_title` and
/// `cost_rec_<id>`, in English and German, with the arguments each language gets.
fn recommendation(
    id: &'static str,
    args: impl Fn(Lang) -> Vec<(&'static str, String)>,
) -> Recommendation {
    let text = |lang: Lang| {
        let a = args(lang);
        let pairs: Vec<(&str, &str)> = a.iter().map(|(k, v)| (*k, v.as_str())).collect();
        i18n::fill(lang, &format!("cost_rec_{id}"), &pairs)
    };
    let title = format!("cost_rec_{id}_title");
    Recommendation {
        id,
        title: i18n::t(Lang::En, &title),
        reason: text(Lang::En),
        title_de: i18n::t(Lang::De, &title),
        reason_de: text(Lang::De),
    }
}

/// Mixed precision: the measured run was fp32.
fn mixed_precision(w: &Workload, out: &mut Vec<Recommendation>) {
    if w.throughput
        .measured
        .as_ref()
        .is_some_and(|m| m.precision == Precision::Fp32)
    {
        out.push(recommendation("mixed_precision", |_| Vec::new()));
    }
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
        let qualifying = offers
            .iter()
            .filter(|o| {
                o.spot
                    .as_ref()
                    .and_then(|s| s.saving_pct)
                    .is_some_and(|p| p.0 >= threshold)
            })
            .count();
        let cheapest_spot = offers
            .iter()
            .filter_map(|o| {
                o.spot
                    .as_ref()
                    .and_then(|s| s.totals.total.amount())
                    .map(|t| (t, o))
            })
            .min_by(|a, b| a.0.cmp(&b.0));
        if let (true, Some((t, o))) = (qualifying > 0, cheapest_spot) {
            let s = o.spot.as_ref();
            let opt = |x: Option<Amount>, lang: Lang| {
                x.map(|p| decimal(lang, p.to_string()))
                    .unwrap_or_else(|| "?".into())
            };
            out.push(recommendation("spot", |lang| {
                vec![
                    ("n", qualifying.to_string()),
                    ("min", SPOT_MIN_SAVING_PCT.to_string()),
                    ("total", money(lang, t)),
                    ("currency", currency.to_string()),
                    ("offer", format!("{}/{}", o.provider_id, o.offer_id)),
                    ("saving", opt(s.and_then(|s| s.saving_pct), lang)),
                    ("hours", opt(s.and_then(|s| s.time_to_result_hours), lang)),
                ]
            }));
        }
    }
    // Data next to compute and quantisation: shares of the budget offer's planned cost.
    let share_of = |id: &'static str, kind: LineKind, min: u32| {
        let (o, share) = best.and_then(|o| Some((o, o.share(kind)?)))?;
        (share * Decimal::from(100) >= Decimal::from(min)).then(|| {
            recommendation(id, |lang| {
                vec![
                    ("share", share_pct(lang, share)),
                    ("offer", format!("{}/{}", o.provider_id, o.offer_id)),
                    ("min", min.to_string()),
                ]
            })
        })
    };
    out.extend(share_of(
        "data_locality",
        LineKind::Egress,
        DATA_LOCALITY_MIN_SHARE_PCT,
    ));
    mixed_precision(w, &mut out);
    out.extend(share_of(
        "quantisation",
        LineKind::Operation,
        OPERATION_DOMINANT_SHARE_PCT,
    ));
    // Budget alerts: always.
    let alerts = match (&budget.offer, &budget.automatic_stop) {
        (Some(o), Money::Amount(stop)) => recommendation("budget_alerts", |lang| {
            vec![
                (
                    "thresholds",
                    ALERT_THRESHOLDS_PCT.map(|p| p.to_string()).join(" / "),
                ),
                ("offer", o.clone()),
                ("stop", money(lang, stop.0)),
                ("currency", currency.to_string()),
                ("buffer", decimal(lang, w.buffer_pct.to_string())),
                (
                    "caveat",
                    budget
                        .caveat
                        .as_ref()
                        .map(|c| format!("; {}", c.render(lang)))
                        .unwrap_or_default(),
                ),
            ]
        }),
        (None, Money::Missing(why)) if whom_named(budget) => Recommendation {
            reason: fill(
                Lang::En,
                "cost_rec_budget_alerts_missing",
                &why.render(Lang::En),
            ),
            reason_de: fill(
                Lang::De,
                "cost_rec_budget_alerts_missing",
                &why.render(Lang::De),
            ),
            ..recommendation("budget_alerts", |_| Vec::new())
        },
        _ => Recommendation {
            reason: i18n::t(Lang::En, "cost_rec_budget_alerts_none").to_string(),
            reason_de: i18n::t(Lang::De, "cost_rec_budget_alerts_none").to_string(),
            ..recommendation("budget_alerts", |_| Vec::new())
        },
    };
    out.push(alerts);
    out
}
