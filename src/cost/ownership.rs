//! Rent versus buy: the cost per *used* GPU-hour of owning a server, beside the
//! cheapest cloud offer per GPU-hour of the same GPU model, and the utilisation at
//! which owning becomes cheaper. Owning pays for idle hours; the cloud does not.
//!
//! With G GPUs, utilisation U (0–1), 8,760 hours a year:
//! - fixed per year  F = (price − residual) / lifetime + price × maintenance % + 12 × hosting + staff
//! - energy per year E(U) = 8,760 × PUE × electricity × (idle kW + (load kW − idle kW) × U)
//! - owned per used GPU-hour = (F + E(U)) / (G × 8,760 × U)
//! - break-even U* solves owned(U*) = rent: U* = (F + 8,760·PUE·p·idle) / (8,760 × (rent·G − PUE·p·(load − idle)))

use rust_decimal::{Decimal, RoundingStrategy};
use serde::Serialize;

use super::why::{num, Msg, Why};
use super::{fmt_d, Money, Rates};
use crate::model::provider::ProviderProfile;
use crate::model::rent_vs_buy::{Figure, RentVsBuy};
use crate::model::Amount;

/// Hours in a year.
pub const HOURS_PER_YEAR: u32 = 8760;

/// One input as used, with its source or the mark that it is an assumption.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct InputUsed {
    pub name: &'static str,
    pub value: Amount,
    pub unit: Why,
    /// The source, or `assumption (no source)`.
    pub source: String,
    /// No source: the figure is an assumption.
    #[serde(skip)]
    pub assumed: bool,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub as_of: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub note: Option<String>,
}

/// Break-even utilisation.
#[derive(Debug, Clone, PartialEq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum BreakEven {
    /// Owning is cheaper from this utilisation (percent) upwards.
    Pct(Amount),
    /// Owning is not cheaper at any utilisation up to 100 %.
    Never(Why),
    Missing(Why),
}

/// The result.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct RentVsBuyResult {
    pub name: String,
    pub gpu_model: String,
    /// Report currency of every amount below.
    pub currency: String,
    pub inputs: Vec<InputUsed>,
    /// Fixed cost per year (cents).
    pub fixed_per_year: Amount,
    pub fixed_calculation: Why,
    /// Energy per year at the stated utilisation (cents).
    pub energy_per_year: Amount,
    pub energy_calculation: Why,
    /// Used GPU-hours per year at the stated utilisation.
    pub used_gpu_hours_per_year: Amount,
    pub utilisation_pct: Amount,
    /// Cost per used GPU-hour when owning (4 decimals).
    pub owned_per_gpu_hour: Amount,
    pub owned_calculation: Why,
    /// The cheapest on-demand cloud price per GPU-hour of the same model (4 decimals).
    pub rented_per_gpu_hour: Money,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub rented_offer: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub rented_calculation: Option<Why>,
    pub break_even_utilisation: BreakEven,
    /// One sentence.
    pub verdict: Why,
}

/// A unit of an input (`years`, `EUR/month`) in the reader's language.
fn unit(msg: Msg, cur: &str) -> Why {
    Why::new(msg).with("u", cur)
}

fn r4(d: Decimal) -> Decimal {
    d.round_dp_with_strategy(4, RoundingStrategy::MidpointNearestEven)
}

/// How an input converts into the report currency.
#[derive(Clone, Copy, PartialEq)]
enum Kind {
    /// An amount of money in the file's currency: × rate.
    Money,
    /// A count, a ratio or a physical quantity: as it is.
    Plain,
    /// A percentage: / 100.
    Pct,
}

/// Every input once: its name, the figure, its unit and how it converts. The same table
/// gives the inputs as shown (`inputs` in the result) and the values the arithmetic uses.
fn table(r: &RentVsBuy) -> [(&'static str, &Figure, Why, Kind); 12] {
    let cur = r.currency.as_str();
    [
        (
            "server_price",
            &r.server_price,
            unit(Msg::UnitPlain, cur),
            Kind::Money,
        ),
        (
            "gpus_per_server",
            &r.gpus_per_server,
            unit(Msg::UnitPlain, "GPUs"),
            Kind::Plain,
        ),
        (
            "lifetime_years",
            &r.lifetime_years,
            unit(Msg::UnitYears, cur),
            Kind::Plain,
        ),
        (
            "residual_value",
            &r.residual_value,
            unit(Msg::UnitPlain, cur),
            Kind::Money,
        ),
        (
            "power_kw_load",
            &r.power_kw_load,
            unit(Msg::UnitPlain, "kW"),
            Kind::Plain,
        ),
        (
            "power_kw_idle",
            &r.power_kw_idle,
            unit(Msg::UnitPlain, "kW"),
            Kind::Plain,
        ),
        ("pue", &r.pue, unit(Msg::UnitRatio, cur), Kind::Plain),
        (
            "electricity_price_per_kwh",
            &r.electricity_price_per_kwh,
            unit(Msg::UnitPerKwh, cur),
            Kind::Money,
        ),
        (
            "maintenance_pct_per_year",
            &r.maintenance_pct_per_year,
            unit(Msg::UnitPctOfPrice, cur),
            Kind::Pct,
        ),
        (
            "hosting_per_month",
            &r.hosting_per_month,
            unit(Msg::UnitPerMonth, cur),
            Kind::Money,
        ),
        (
            "staff_per_year",
            &r.staff_per_year,
            unit(Msg::UnitPerYear, cur),
            Kind::Money,
        ),
        (
            "utilisation_pct",
            &r.utilisation_pct,
            unit(Msg::UnitPlain, "%"),
            Kind::Pct,
        ),
    ]
}

fn input(name: &'static str, f: &Figure, unit: Why) -> InputUsed {
    InputUsed {
        name,
        value: f.value,
        unit,
        assumed: f.source.is_none(),
        source: f
            .source
            .clone()
            .unwrap_or_else(|| "assumption (no source)".to_string()),
        as_of: f.as_of.map(|a| a.to_string()),
        note: f.note.clone(),
    }
}

/// Computes rent versus buy against the offers of the given providers.
pub fn compare(r: &RentVsBuy, providers: &[&ProviderProfile], rates: &Rates) -> RentVsBuyResult {
    let cur = &r.currency;
    let rate = rates.rate(cur).unwrap_or(Decimal::ONE);
    let rep = &rates.report;
    let h = Decimal::from(HOURS_PER_YEAR);
    let hundred = Decimal::from(100);
    let rows = table(r);
    // The values in the report currency (money × rate, percentages / 100), in table order.
    let [price, g, life, residual, load, idle, pue, elec, maint, hosting, staff, u] =
        rows.each_ref().map(|(_, f, _, kind)| match kind {
            Kind::Money => f.value.0 * rate,
            Kind::Plain => f.value.0,
            Kind::Pct => f.value.0 / hundred,
        });
    let inputs: Vec<InputUsed> = rows
        .into_iter()
        .map(|(name, f, unit, _)| input(name, f, unit))
        .collect();

    let fixed = (price - residual) / life + price * maint + Decimal::from(12) * hosting + staff;
    let energy = h * pue * elec * (idle + (load - idle) * u);
    let used = g * h * u;
    let owned = (fixed + energy) / used;

    let conv = (cur != rep).then(|| {
        Why::new(Msg::RvbInputsIn)
            .with("cur", cur.as_str())
            .with("rate", num(rate.normalize()))
            .with("rep", rep.as_str())
    });
    let fixed_calculation = Why::new(Msg::RvbFixed)
        .with("price", num(fmt_d(price)))
        .with("residual", num(fmt_d(residual)))
        .with("life", num(life.normalize()))
        .with("maint", num(r.maintenance_pct_per_year.value))
        .with("hosting", num(fmt_d(hosting)))
        .with("staff", num(fmt_d(staff)))
        .with("fixed", num(fmt_d(super::cents(fixed))))
        .with("rep", rep.as_str());
    let fixed_calculation = match conv {
        Some(c) => Why::concat(fixed_calculation, c),
        None => fixed_calculation,
    };
    let energy_calculation = Why::new(Msg::RvbEnergy)
        .with("pue", num(pue.normalize()))
        .with("elec", num(elec.normalize()))
        .with("idle", num(idle.normalize()))
        .with("load", num(load.normalize()))
        .with("u", num(u.normalize()))
        .with("energy", num(fmt_d(super::cents(energy))))
        .with("rep", rep.as_str());
    let owned_calculation = Why::new(Msg::RvbOwned)
        .with("fixed", num(fmt_d(super::cents(fixed))))
        .with("energy", num(fmt_d(super::cents(energy))))
        .with("g", num(g.normalize()))
        .with("u", num(u.normalize()))
        .with("owned", num(r4(owned).normalize()))
        .with("rep", rep.as_str());

    // Cheapest on-demand price per GPU-hour of the same model.
    let mut best: Option<(Decimal, String, Why)> = None;
    for p in providers {
        for o in &p.offers {
            if o.gpu_model != r.gpu_model || o.gpus_per_instance == 0 {
                continue;
            }
            let (Some(pr), Some(rt)) = (o.price_on_demand, rates.rate(&o.currency)) else {
                continue;
            };
            let per_gpu = pr.0 * rt / Decimal::from(o.gpus_per_instance);
            let id = format!("{}/{}", p.id, o.id);
            let calc = Why::new(Msg::RvbRented)
                .with("price", num(pr))
                .with("cur", o.currency.as_str())
                .with("rate", num(rt.normalize()))
                .with("rep", rep.as_str())
                .with("gpus", num(o.gpus_per_instance));
            if best
                .as_ref()
                .is_none_or(|(b, bid, _)| per_gpu < *b || (per_gpu == *b && id < *bid))
            {
                best = Some((per_gpu, id, calc));
            }
        }
    }

    let (rented, rented_offer, rented_calculation, break_even, verdict) = match best {
        None => {
            let why = Why::new(Msg::OwnNoOnDemandPrice).with("gpu", &r.gpu_model);
            (
                Money::Missing(why.clone()),
                None,
                None,
                BreakEven::Missing(why.clone()),
                Why::new(Msg::CannotCompare).with("why", why),
            )
        }
        Some((rent, id, calc)) => {
            let numerator = fixed + h * pue * elec * idle;
            let denominator = h * (rent * g - pue * elec * (load - idle));
            let be = if denominator <= Decimal::ZERO {
                BreakEven::Never(
                    Why::new(Msg::ElectricityExceedsRent)
                        .with("rate", num(r4(rent).normalize()))
                        .with("currency", rep.as_str()),
                )
            } else {
                let ustar = numerator / denominator;
                if ustar > Decimal::ONE {
                    BreakEven::Never(
                        Why::new(Msg::NeedsOver100)
                            .with("pct", num((ustar * hundred).round_dp(1).normalize())),
                    )
                } else {
                    BreakEven::Pct(Amount(
                        (ustar * hundred)
                            .round_dp_with_strategy(1, RoundingStrategy::MidpointNearestEven),
                    ))
                }
            };
            let verdict = Why::new(if owned < rent {
                Msg::OwnCheaper
            } else {
                Msg::RentCheaper
            })
            .with("util", num(r.utilisation_pct.value))
            .with("owned", num(r4(owned).normalize()))
            .with("currency", rep.as_str())
            .with("rent", num(r4(rent).normalize()))
            .with("offer", id.as_str());
            (
                Money::Amount(Amount(r4(rent))),
                Some(id),
                Some(
                    Why::new(Msg::RvbRentedTotal)
                        .with("calc", calc)
                        .with("rent", num(r4(rent).normalize()))
                        .with("rep", rep.as_str()),
                ),
                be,
                verdict,
            )
        }
    };

    RentVsBuyResult {
        name: r.name.clone(),
        gpu_model: r.gpu_model.clone(),
        currency: rep.clone(),
        inputs,
        fixed_per_year: Amount(super::cents(fixed)),
        fixed_calculation,
        energy_per_year: Amount(super::cents(energy)),
        energy_calculation,
        used_gpu_hours_per_year: Amount(used.round_dp(2)),
        utilisation_pct: r.utilisation_pct.value,
        owned_per_gpu_hour: Amount(r4(owned)),
        owned_calculation,
        rented_per_gpu_hour: rented,
        rented_offer,
        rented_calculation,
        break_even_utilisation: break_even,
        verdict,
    }
}
