//! The cost figures the report needs, in the report currency, as exact
//! decimals. Filled from the cost model's comparison (`from_cost` in
//! `assemble.rs`), so the report's layout does not follow every change of the
//! cost model's own output types.

use rust_decimal::Decimal;

/// Low, point estimate and high of a total.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Span {
    pub low: Decimal,
    pub mid: Decimal,
    pub high: Decimal,
}

/// How the throughput on an offer's GPU was established.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Basis {
    Measured,
    BenchmarkDerived,
    NoBasis,
}

impl Basis {
    pub fn key(self) -> &'static str {
        match self {
            Basis::Measured => "measured",
            Basis::BenchmarkDerived => "benchmark_derived",
            Basis::NoBasis => "no_basis",
        }
    }
}

/// One offer, costed.
#[derive(Debug, Clone, PartialEq)]
pub struct OfferFigures {
    pub provider_id: String,
    pub provider_name: String,
    pub offer_id: String,
    pub gpu: String,
    pub gpus_per_instance: u32,
    pub region: Option<String>,
    /// The region's country, when the profile lists the region.
    pub country: Option<String>,
    pub basis: Basis,
    /// On-demand total with its range; absent when it cannot be computed.
    pub on_demand: Option<Span>,
    /// Spot total (with interruption rework) with its range, when offered and allowed.
    pub spot: Option<Span>,
    /// Spot saving against on-demand, percent.
    pub spot_saving_pct: Option<f64>,
    /// The cost model's rank (by comparable total; `None` = unranked).
    pub rank: Option<u32>,
    /// When the complete total is missing: the comparable total the offer is ranked by.
    pub comparable: Option<Decimal>,
    pub time_to_result_hours: Option<f64>,
    /// Why a figure is missing, in the report's language or as the cost model wrote it.
    pub missing: Option<String>,
    /// The cost lines with their arithmetic, then subtotal, buffer and total (and the
    /// comparable total when the total is missing), in the report's language.
    pub lines: Vec<LineFigures>,
}

/// One cost line of an offer as the report shows it.
#[derive(Debug, Clone, PartialEq)]
pub struct LineFigures {
    /// The item in the report's language.
    pub item: String,
    /// In the report currency; absent when missing.
    pub amount: Option<Decimal>,
    /// Why the amount is missing.
    pub missing: Option<String>,
    /// The arithmetic, written out in the report's language.
    pub calculation: String,
}

/// Rent vs buy.
#[derive(Debug, Clone, PartialEq)]
pub struct OwnershipFigures {
    pub owned_per_used_gpu_hour: Decimal,
    pub cloud_per_gpu_hour: Option<Decimal>,
    pub expected_utilisation_pct: f64,
    pub break_even_utilisation_pct: Option<f64>,
}

/// Budget alerts for one offer.
#[derive(Debug, Clone, PartialEq)]
pub struct BudgetFigures {
    /// Whose offer and which, in a sentence (with the caveat when the budget rests on
    /// the comparable total).
    pub offer: String,
    pub alerts: Vec<(u32, Decimal)>,
    pub automatic_stop: Decimal,
}

/// A recommendation derived by the cost model.
#[derive(Debug, Clone, PartialEq)]
pub struct AdviceText {
    pub kind: String,
    pub title: String,
    pub text: String,
}

/// Everything the report shows about cost.
#[derive(Debug, Clone, PartialEq)]
pub struct CostInput {
    /// "Comparable total: compute + buffer; storage left out — why", when items are left out.
    pub comparison_note: Option<String>,
    pub currency: String,
    pub workload: String,
    pub offers: Vec<OfferFigures>,
    /// The offer the cost beside the recommendation and the budget advice are for: the
    /// recommended (or leading) provider's best qualifying offer, or the cheapest
    /// ranked one; an index into `offers`.
    pub decision_offer: Option<usize>,
    pub budget: Option<BudgetFigures>,
    pub ownership: Option<OwnershipFigures>,
    pub advice: Vec<AdviceText>,
    /// (benchmark, source) rows the speed factors came from.
    pub benchmark_sources: Vec<(String, String)>,
    /// Exchange rates, assumptions, rounding.
    pub notes: Vec<String>,
}
