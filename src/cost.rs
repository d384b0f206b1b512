//! Cost stage: what the workload costs on each offer, and how long it takes.
//!
//! Implements the benchmark-backed method of docs/cost-model.md: per-GPU throughput
//! from a measured run (or benchmark rows), relative speed of other GPU models
//! from benchmark rows of the same benchmark at the same GPU count, job
//! throughput with a scaling efficiency per doubling, billed time with billing
//! increment and minimum duration, spot rework, storage, egress tiers, operation,
//! buffer, a low–high range and time to result; budget advice, recommendations
//! and rent versus buy.
//!
//! Money is exact (`rust_decimal`). Throughput and time use `f64` up to one point:
//! compute seconds are rounded *up* to whole seconds (`ceil`), and from there on
//! everything is decimal. Each line item is converted into the report currency
//! and rounded half-to-even to cents; subtotal, buffer and total are sums of the
//! rounded items, so every table adds up as printed.
//!
//! Entry point: [`compare`].

use crate::diag::{CostCode, ValidateCode};
use std::collections::{BTreeMap, BTreeSet};
use std::fmt;
use std::sync::Arc;

use rust_decimal::{Decimal, RoundingStrategy};
use serde::ser::{SerializeStruct, Serializer};
use serde::Serialize;

use crate::diag::Diagnostic;
use crate::model::gpu::{self, gpu_model};
use crate::model::provider::{EgressPrice, Offer, ProviderProfile, TierMode};
use crate::model::rent_vs_buy::RentVsBuy;
use crate::model::workload::{JobKind, Workload};
use crate::model::{Amount, Requirements};

pub mod advice;
pub mod benchmarks;
pub mod ownership;
pub mod qualified;
pub mod shared_text;
pub mod text;
pub mod validate;
pub mod why;

pub use benchmarks::{Benchmarks, MLPERF_NOTE};
pub use shared_text::SharedText;
pub use why::Why;
use why::{num, Msg};

/// Hours in a month for minimum terms (8,760 h / 12).
pub const HOURS_PER_MONTH: u32 = 730;
/// Assumed billing increment when the offer does not state one: per hour, the
/// coarsest increment common for GPU clouds (the assumption is marked in the output).
pub const ASSUMED_INCREMENT_SECONDS: u64 = 3600;

/// Everything the comparison reads.
#[derive(Debug, Clone, Copy)]
pub struct CostInputs<'a> {
    pub workload: &'a Workload,
    /// Display name of the workload file, for diagnostics.
    pub workload_file: Option<&'a str>,
    pub providers: &'a [ProviderProfile],
    pub requirements: &'a Requirements,
    pub benchmarks: &'a Benchmarks,
    /// Rent-vs-buy inputs; `None` leaves the section out.
    pub rent_vs_buy: Option<&'a RentVsBuy>,
    pub rent_vs_buy_file: Option<&'a str>,
    /// Only these provider IDs (e.g. the assessment's eligible ones); `None` = all.
    pub allowed_providers: Option<&'a BTreeSet<String>>,
}

/// A sum of money in the report currency, or why it cannot be given. Never 0 for "unknown".
#[derive(Debug, Clone, PartialEq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Money {
    Amount(Amount),
    /// Why; shared between the offers it applies to.
    Missing(Why),
}

impl Money {
    pub fn amount(&self) -> Option<Decimal> {
        match self {
            Money::Amount(a) => Some(a.0),
            Money::Missing(_) => None,
        }
    }
    fn of(d: Decimal) -> Self {
        Money::Amount(Amount(d))
    }
}

/// How an offer's throughput is known. JSON writes `snake_case`; [`BasisKind::as_str`]
/// gives the CSV and table word (`benchmark-derived`, `no basis`), derived by strum.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, strum::IntoStaticStr)]
#[serde(rename_all = "snake_case")]
pub enum BasisKind {
    /// The measured run used this GPU model: factor 1.
    #[strum(serialize = "measured")]
    Measured,
    /// From benchmark rows (cited).
    #[strum(serialize = "benchmark-derived")]
    BenchmarkDerived,
    /// No usable rows: no cost is given.
    #[strum(serialize = "no basis")]
    NoBasis,
}

impl BasisKind {
    pub fn as_str(self) -> &'static str {
        self.into()
    }
}

/// The throughput the comparison starts from.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct ReferenceThroughput {
    /// `measured` or `benchmark`.
    pub source: &'static str,
    pub gpu_model: String,
    pub gpu_count: u32,
    /// Work units per second per GPU, corrected for the scaling of `gpu_count` GPUs.
    pub per_gpu_per_second: f64,
    pub work_unit: String,
    /// The arithmetic, written out.
    pub calculation: Why,
    /// Benchmark rows used (benchmark-only basis).
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub rows: Vec<String>,
}

/// How the speed of one GPU model is known.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct GpuBasis {
    pub gpu_model: String,
    pub basis: BasisKind,
    /// speed(this GPU) / speed(reference GPU).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub factor: Option<f64>,
    /// Work units per second per GPU on this model.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub per_gpu_per_second: Option<f64>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub uncertainty_pct: Option<f64>,
    /// Why (no basis) or how (rows, count, statistic).
    pub explanation: Why,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub benchmark: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub relative: Option<benchmarks::RelativeSpeed>,
}

/// Billing terms as used, with what was assumed.
#[derive(Debug, Clone, Copy, PartialEq, Serialize)]
pub struct BillingTerms {
    pub increment_seconds: u64,
    pub increment_assumed: bool,
    pub minimum_seconds: u64,
    pub minimum_assumed: bool,
    pub minimum_term_months: u32,
    pub minimum_term_assumed: bool,
}

/// What a line item is for. JSON writes `snake_case`; [`LineKind::as_str`] gives the
/// English label (also the key of its translation in `cost::text`), derived by strum.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, strum::IntoStaticStr)]
#[serde(rename_all = "snake_case")]
#[strum(serialize_all = "lowercase")]
pub enum LineKind {
    #[strum(serialize = "compute (on-demand)")]
    ComputeOnDemand,
    #[strum(serialize = "compute (spot)")]
    ComputeSpot,
    Storage,
    Egress,
    Operation,
}

impl LineKind {
    pub fn as_str(self) -> &'static str {
        self.into()
    }
}

/// One line of an offer's cost, with the arithmetic.
///
/// The arithmetic of a compute line is kept as its numbers and written out only when the
/// line is shown or serialised ([`LineItem::calculation`]): a comparison of a million
/// offers formats nothing per offer (docs/performance.md, section "Cost").
#[derive(Debug, Clone, PartialEq)]
pub struct LineItem {
    pub item: LineKind,
    /// In the report currency, rounded half-to-even to cents.
    pub amount: Money,
    /// In the price's currency, unrounded.
    pub original: Option<Amount>,
    pub original_currency: Option<SharedText>,
    /// 1 original unit = `rate` report units.
    pub rate: Option<Amount>,
    arithmetic: Arithmetic,
}

/// The numbers behind a line item's `calculation` text.
#[derive(Debug, Clone, PartialEq)]
enum Arithmetic {
    /// Nothing to show (a missing line).
    None,
    /// Written out once (storage, egress and operation: the same for all offers of a provider).
    Text(Why),
    /// A compute line: instances × billed seconds × price per instance-hour, converted.
    Compute {
        run: Arc<RunTerms>,
        /// Absent when the price (or rate) is missing.
        terms: Option<ComputeTerms>,
        /// Spot lines: the rework added to the compute time.
        rework: Option<Rework>,
    },
}

#[derive(Debug, Clone, Copy, PartialEq)]
struct ComputeTerms {
    instances: u32,
    billed: u64,
    /// Compute seconds (spot: with the rework).
    seconds: u64,
    price: Amount,
}

#[derive(Debug, Clone, Copy, PartialEq)]
struct Rework {
    /// Compute seconds before the rework, unrounded.
    compute_seconds: f64,
    /// Rework seconds, rounded up.
    seconds: u64,
}

/// What the compute lines of one comparison share: the report currency and the spot terms.
#[derive(Debug, PartialEq)]
struct RunTerms {
    report: SharedText,
    interruptions_per_100_hours: f64,
    checkpoint_interval_minutes: f64,
    restart_minutes: f64,
}

impl LineItem {
    /// The arithmetic, written out (e.g. `8 instance(s) × 3600 s billed (3542 s computed) /
    /// 3600 × 24 EUR/instance-h = 192.00 EUR`); empty for a missing line.
    pub fn calculation(&self) -> Calculation<'_> {
        Calculation(self)
    }

    fn missing(item: LineKind, why: Why) -> Self {
        LineItem {
            item,
            amount: Money::Missing(why),
            original: None,
            original_currency: None,
            rate: None,
            arithmetic: Arithmetic::None,
        }
    }

    /// A line whose arithmetic is written out already.
    fn written(item: LineKind, amount: Money, calculation: Why) -> Self {
        LineItem {
            item,
            amount,
            original: None,
            original_currency: None,
            rate: None,
            arithmetic: Arithmetic::Text(calculation),
        }
    }
}

/// A line item's arithmetic as text: `Display`s and serialises as a string.
#[derive(Debug, Clone, Copy)]
pub struct Calculation<'a>(&'a LineItem);

impl Calculation<'_> {
    /// The arithmetic in `lang` (German: decimal commas, German words).
    pub fn render(&self, lang: crate::i18n::Lang) -> String {
        self.why().map(|w| w.render(lang)).unwrap_or_default()
    }

    fn why(&self) -> Option<Why> {
        let l = self.0;
        match &l.arithmetic {
            Arithmetic::None => None,
            Arithmetic::Text(t) => Some(t.clone()),
            Arithmetic::Compute { run, terms, rework } => {
                let rework = rework.map(|r| {
                    let interruptions =
                        r.compute_seconds / 3600.0 / 100.0 * run.interruptions_per_100_hours;
                    Why::new(Msg::CalcRework)
                        .with("n", num(fmt_f(interruptions)))
                        .with("h", num(fmt_f(r.compute_seconds / 3600.0)))
                        .with("rate", num(fmt_f(run.interruptions_per_100_hours)))
                        .with("ckpt", num(fmt_f(run.checkpoint_interval_minutes)))
                        .with("restart", num(fmt_f(run.restart_minutes)))
                        .with("s", num(r.seconds))
                });
                let Some(t) = terms else {
                    return rework;
                };
                let currency = l.original_currency.as_deref().unwrap_or_default();
                let compute = Why::new(Msg::CalcCompute)
                    .with("k", num(t.instances))
                    .with("billed", num(t.billed))
                    .with("secs", num(t.seconds))
                    .with("price", num(t.price))
                    .with("currency", currency);
                let line = Why::concat(
                    compute,
                    conversion(
                        l.original.map_or(Decimal::ZERO, |a| a.0),
                        currency,
                        l.rate.map_or(Decimal::ONE, |a| a.0),
                        l.amount.amount().unwrap_or_default(),
                        &run.report,
                    ),
                );
                Some(match rework {
                    Some(r) => Why::concat(r, line),
                    None => line,
                })
            }
        }
    }
}

impl fmt::Display for Calculation<'_> {
    /// The English text (JSON).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.render(crate::i18n::Lang::En))
    }
}

/// ` = 36.00 EUR`, or ` = 40.000000 USD × 0.9 EUR/USD = 36.00 EUR` for another currency.
fn conversion(
    original: Decimal,
    currency: &str,
    rate: Decimal,
    amount: Decimal,
    report: &str,
) -> Why {
    if currency == report {
        Why::new(Msg::CalcSameCurrency)
            .with("amount", num(fmt_d(cents(original))))
            .with("currency", currency)
    } else {
        Why::new(Msg::CalcConversion)
            .with("original", num(fmt_d(original.round_dp(6))))
            .with("currency", currency)
            .with("rate", num(rate.normalize()))
            .with("report", report)
            .with("amount", num(fmt_d(amount)))
    }
}

/// A work unit in the reader's language.
fn unit(u: crate::model::workload::WorkUnit) -> why::Arg {
    use crate::model::workload::WorkUnit;
    why::Arg::Label(match u {
        WorkUnit::Samples => "cost_why_unit_samples",
        WorkUnit::Tokens => "cost_why_unit_tokens",
        WorkUnit::Requests => "cost_why_unit_requests",
        WorkUnit::BenchmarkRuns => "cost_why_unit_benchmark_runs",
    })
}

impl Serialize for Calculation<'_> {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.collect_str(self)
    }
}

impl Serialize for LineItem {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        let mut st = s.serialize_struct("LineItem", 6)?;
        st.serialize_field("item", &self.item)?;
        st.serialize_field("amount", &self.amount)?;
        match &self.original {
            Some(o) => st.serialize_field("original", o)?,
            None => st.skip_field("original")?,
        }
        match &self.original_currency {
            Some(c) => st.serialize_field("original_currency", c)?,
            None => st.skip_field("original_currency")?,
        }
        match &self.rate {
            Some(r) => st.serialize_field("rate", r)?,
            None => st.skip_field("rate")?,
        }
        st.serialize_field("calculation", &self.calculation())?;
        st.end()
    }
}

/// An offer's line items: its compute line, then its provider's storage, egress and
/// operation lines (shared by all offers of the provider). Empty when the offer has no cost.
#[derive(Debug, Clone, PartialEq, Default)]
pub struct OfferLines {
    compute: Option<LineItem>,
    side: Option<Arc<[LineItem]>>,
}

impl OfferLines {
    pub fn iter(
        &self,
    ) -> std::iter::Chain<std::option::Iter<'_, LineItem>, std::slice::Iter<'_, LineItem>> {
        self.compute
            .iter()
            .chain(self.side.as_deref().unwrap_or_default())
    }
    pub fn len(&self) -> usize {
        usize::from(self.compute.is_some()) + self.side.as_deref().map_or(0, <[LineItem]>::len)
    }
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }
    pub fn get(&self, i: usize) -> Option<&LineItem> {
        self.iter().nth(i)
    }
    /// The first line of this kind.
    pub fn find(&self, kind: LineKind) -> Option<&LineItem> {
        self.iter().find(|l| l.item == kind)
    }
}

impl std::ops::Index<usize> for OfferLines {
    type Output = LineItem;
    fn index(&self, i: usize) -> &LineItem {
        match self.get(i) {
            Some(l) => l,
            // As a slice's index: only code that knows the lines indexes them
            // (inputs never choose `i`; use `get` otherwise).
            None => panic!("line {i} of {} lines", self.len()),
        }
    }
}

impl<'a> IntoIterator for &'a OfferLines {
    type Item = &'a LineItem;
    type IntoIter =
        std::iter::Chain<std::option::Iter<'a, LineItem>, std::slice::Iter<'a, LineItem>>;
    fn into_iter(self) -> Self::IntoIter {
        self.iter()
    }
}

impl Serialize for OfferLines {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.collect_seq(self.iter())
    }
}

/// Assumptions made for one offer (marked `*` in the table), written out when shown.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct Assumptions {
    increment: bool,
    minimum: bool,
    term: bool,
    /// Instances the job spans, when more than one.
    spans_instances: u32,
}

/// One assumption made for an offer.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Assumption {
    IncrementNotStated,
    MinimumNotStated,
    TermNotStated,
    SpansInstances(u32),
}

impl Assumption {
    /// A billing term the provider does not state.
    pub fn not_stated(self) -> bool {
        !matches!(self, Assumption::SpansInstances(_))
    }
}

impl Assumption {
    /// The assumption as a sentence of the catalogue.
    pub fn why(self) -> Why {
        match self {
            Assumption::IncrementNotStated => {
                Why::new(Msg::AssumeIncrement).with("secs", num(ASSUMED_INCREMENT_SECONDS))
            }
            Assumption::MinimumNotStated => Why::new(Msg::AssumeMinimum),
            Assumption::TermNotStated => Why::new(Msg::AssumeTerm),
            Assumption::SpansInstances(n) => Why::new(Msg::AssumeSpans).with("n", num(n)),
        }
    }

    /// The assumption in `lang`.
    pub fn render(self, lang: crate::i18n::Lang) -> String {
        self.why().render(lang)
    }
}

impl fmt::Display for Assumption {
    /// The English text (JSON).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.why().to_string())
    }
}

impl Assumptions {
    pub fn iter(&self) -> impl Iterator<Item = Assumption> {
        [
            self.increment.then_some(Assumption::IncrementNotStated),
            self.minimum.then_some(Assumption::MinimumNotStated),
            self.term.then_some(Assumption::TermNotStated),
            (self.spans_instances > 1).then_some(Assumption::SpansInstances(self.spans_instances)),
        ]
        .into_iter()
        .flatten()
    }
    pub fn is_empty(&self) -> bool {
        self.iter().next().is_none()
    }
    /// The assumptions as text, joined with `sep`.
    pub fn join(&self, sep: &str) -> String {
        self.iter()
            .map(|a| a.to_string())
            .collect::<Vec<_>>()
            .join(sep)
    }
}

impl Serialize for Assumptions {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.collect_seq(self.iter().map(|a| a.to_string()))
    }
}

/// Subtotal, buffer and total.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Totals {
    pub subtotal: Money,
    pub buffer: Money,
    pub total: Money,
    /// When an item is missing: the sum of the known items (not a total).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub known_part: Option<Amount>,
}

/// Compute plus the items known for every ranked offer, with the buffer on them.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct ComparableTotal {
    pub subtotal: Amount,
    pub buffer: Amount,
    pub total: Amount,
}

/// A line item left out of the comparable total, and why.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct ExcludedItem {
    pub item: LineKind,
    /// Ranked offers for which the item is missing …
    pub missing_for: usize,
    /// … out of this many ranked offers.
    pub ranked_offers: usize,
    /// The distinct reasons (provider named once in `providers`).
    pub reason: Why,
    /// Providers whose offers lack the item.
    pub providers: Vec<String>,
}

/// What the ranking compares: the items in every ranked offer's comparable total.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct ComparisonBasis {
    /// `total` when every ranked offer has a complete total (then comparable = total),
    /// else `comparable_total`.
    pub ranked_by: &'static str,
    /// Items in the comparable total (always `compute_on_demand` first), then the buffer.
    pub included: Vec<LineKind>,
    /// Items left out of every offer's comparable total because they are not known for all.
    pub excluded: Vec<ExcludedItem>,
    /// One sentence for people, in English (the human table prints it in the chosen language).
    pub note: String,
}

/// Low and high total from the throughput uncertainty.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct CostRange {
    pub uncertainty_pct: f64,
    pub low: Money,
    pub high: Money,
}

/// The spot variant of an offer.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct SpotVariant {
    pub compute: LineItem,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub rework_seconds: Option<u64>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub billed_seconds: Option<u64>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub time_to_result_hours: Option<Amount>,
    pub totals: Totals,
    /// Low and high spot total from the throughput uncertainty (rework scales with the time).
    pub range: CostRange,
    /// On-demand compute minus spot compute (report currency).
    pub saving: Money,
    /// Saving in percent of on-demand compute.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub saving_pct: Option<Amount>,
}

/// The cost of the workload on one offer.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct OfferCost {
    /// 1 = cheapest comparable total (see `comparison_basis`); absent for offers whose
    /// compute cost itself is missing (no basis, no on-demand price).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub rank: Option<u32>,
    pub provider_id: SharedText,
    pub provider_name: SharedText,
    pub offer_id: String,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub instance_type: Option<String>,
    pub region: SharedText,
    /// The region's country, when the profile lists the region.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub country: Option<SharedText>,
    pub gpu_model: SharedText,
    /// When the offer names a generic model (e.g. `H100`) and its own data settles the
    /// specific one in `gpu_model`: the model as written and why.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub gpu_model_as_written: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub gpu_model_resolved: Option<Why>,
    pub gpus_per_instance: u32,
    /// Currency of the offer's prices.
    pub currency: SharedText,
    pub basis: BasisKind,
    pub basis_explanation: Why,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub factor: Option<f64>,
    /// Instances rented: ceil(GPUs per job / GPUs per instance).
    pub instances: u32,
    /// Compute seconds of the job, rounded up to whole seconds.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub compute_seconds: Option<u64>,
    /// GPUs per job × compute hours.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub gpu_hours: Option<Amount>,
    /// Wall hours until the result (on-demand), two decimals.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub time_to_result_hours: Option<Amount>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub billed_seconds: Option<u64>,
    pub billing: BillingTerms,
    pub lines: OfferLines,
    pub totals: Totals,
    /// The comparable total the offers are ranked by: on-demand compute plus the items known
    /// for every ranked offer, plus the buffer on that; present for ranked offers.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub comparable: Option<ComparableTotal>,
    pub range: CostRange,
    /// Boxed: most of an offer's size, and offers are moved when they are ranked.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub spot: Option<Box<SpotVariant>>,
    /// Assumptions made for this offer (marked `*` in the table).
    #[serde(skip_serializing_if = "Assumptions::is_empty")]
    pub assumptions: Assumptions,
}

impl OfferCost {
    /// The complete on-demand total, if there is one.
    pub fn total(&self) -> Option<Decimal> {
        self.totals.total.amount()
    }
    /// The share of the subtotal one item takes, when both are known and the subtotal is positive.
    pub fn share(&self, kind: LineKind) -> Option<Decimal> {
        let sub = self.totals.subtotal.amount()?;
        if sub <= Decimal::ZERO {
            return None;
        }
        let item = self.lines.find(kind)?.amount.amount()?;
        Some(item / sub)
    }
}

/// An exchange rate as used.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct RateUsed {
    pub from: String,
    pub rate: Amount,
    pub date: String,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub source: Option<String>,
}

/// A short description of the workload as read.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct WorkloadSummary {
    pub name: String,
    pub job: JobKind,
    pub work_unit: String,
    /// Total work (per_epoch × epochs or per_month × months).
    pub total_work: f64,
    pub work_calculation: Why,
    pub gpus_per_job: u32,
    pub scaling_efficiency: f64,
    pub buffer_pct: Amount,
    pub spot_accepted: bool,
}

/// The whole comparison: the single thing the renderers (and the report) read.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct CostComparison {
    /// "Benchmark figures are derived from MLPerf results and are not verified by MLCommons."
    pub benchmark_note: &'static str,
    pub workload: WorkloadSummary,
    pub report_currency: String,
    pub exchange_rates: Vec<RateUsed>,
    pub reference: ReferenceThroughput,
    /// One entry per GPU model among the offers, sorted by ID.
    pub gpu_bases: Vec<GpuBasis>,
    /// Sorted: complete totals ascending, then incomplete ones, then offers without basis.
    pub offers: Vec<OfferCost>,
    /// What the ranking compares and which items are left out, with why.
    pub comparison_basis: ComparisonBasis,
    /// Per compared provider: the offer the operation after the job is costed on (its
    /// cheapest qualifying offer of the operation's GPU model and count), or why there is
    /// none. Empty when the workload has no operation.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub operation_offers: Vec<advice::OperationChoice>,
    pub budget: advice::BudgetAdvice,
    pub recommendations: Vec<advice::Recommendation>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub rent_vs_buy: Option<ownership::RentVsBuyResult>,
    /// Method assumptions that hold for every offer.
    pub method_notes: Vec<Why>,
    /// Benchmark table files read.
    pub benchmark_files: Vec<String>,
    /// Every benchmark row used (reference and relative speeds), with its source, by row ID.
    pub benchmark_rows: Vec<benchmarks::BenchmarkRow>,
    /// When the comparison was restricted (e.g. to the assessment's eligible providers):
    /// the provider IDs allowed, sorted.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub allowed_providers: Option<Vec<String>>,
    /// Offers left out because they do not qualify under the requirements
    /// ([`qualified::compare_qualifying`]): never ranked; listed when asked for.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub not_qualifying: Vec<qualified::NotQualifyingOffer>,
    /// How many offers were left out as not qualifying (listed or not).
    #[serde(skip_serializing_if = "is_zero")]
    pub not_qualifying_count: usize,
}

fn is_zero(n: &usize) -> bool {
    *n == 0
}

/// Rounds half-to-even to cents.
pub fn cents(d: Decimal) -> Decimal {
    d.round_dp_with_strategy(2, RoundingStrategy::MidpointNearestEven)
}

/// Exchange rates into the report currency.
#[derive(Debug, Clone)]
pub struct Rates {
    pub report: String,
    map: BTreeMap<String, Decimal>,
    used: Vec<RateUsed>,
}

impl Rates {
    pub fn from_requirements(r: &Requirements) -> Self {
        let mut map = BTreeMap::new();
        let mut used = Vec::new();
        for x in &r.currency.rates {
            map.insert(x.from.clone(), x.rate.0);
            used.push(RateUsed {
                from: x.from.clone(),
                rate: x.rate,
                date: x.date.to_string(),
                source: x.source.clone(),
            });
        }
        Rates {
            report: r.currency.report.clone(),
            map,
            used,
        }
    }
    /// 1 unit of `currency` in report units; 1 for the report currency itself.
    pub fn rate(&self, currency: &str) -> Option<Decimal> {
        if currency == self.report {
            Some(Decimal::ONE)
        } else {
            self.map.get(currency).copied()
        }
    }
}

/// Compares the workload's cost across all offers of the (allowed) providers.
///
/// The comparable total's items are chosen over the offers of *every* provider given,
/// allowed or not ([`rank`]), so that restricting the comparison (to the assessment's
/// eligible providers) never changes an offer's comparable total: `cost`,
/// `cost --eligible-only` and the report give the same figure for the same offer.
pub fn compare(inputs: &CostInputs) -> Result<CostComparison, Vec<Diagnostic>> {
    compare_with(inputs, None)
}

/// [`compare`], with the offers each provider may run the operation after the job on
/// (`operation[i]` for `inputs.providers[i]`); `None`: all of the provider's offers.
pub(crate) fn compare_with(
    inputs: &CostInputs,
    operation: Option<&[Vec<&Offer>]>,
) -> Result<CostComparison, Vec<Diagnostic>> {
    let w = inputs.workload;
    let mut diags = validate::workload(w, inputs.workload_file, Some(inputs.benchmarks));
    if let Some(r) = inputs.rent_vs_buy {
        diags.extend(validate::rent_vs_buy(r, inputs.rent_vs_buy_file));
    }
    let rates = Rates::from_requirements(inputs.requirements);
    let is_shown = |p: &ProviderProfile| inputs.allowed_providers.is_none_or(|a| a.contains(&p.id));
    let shown_providers: Vec<&ProviderProfile> =
        inputs.providers.iter().filter(|p| is_shown(p)).collect();
    diags.extend(check_rates(&rates, &shown_providers, inputs));
    if diags.iter().any(Diagnostic::is_error) {
        return Err(diags);
    }
    // The providers the comparable items are chosen over: every provider given whose
    // prices can be converted (a provider left out of the comparison need not have rates).
    let mut providers: Vec<&ProviderProfile> = Vec::with_capacity(inputs.providers.len());
    let mut shown: Vec<bool> = Vec::with_capacity(inputs.providers.len());
    let mut op_offers: Vec<Vec<&Offer>> = Vec::with_capacity(inputs.providers.len());
    for (i, p) in inputs.providers.iter().enumerate() {
        let s = is_shown(p);
        if !s && !has_rates(&rates, p) {
            continue;
        }
        providers.push(p);
        shown.push(s);
        op_offers.push(match operation {
            Some(ops) => ops.get(i).cloned().unwrap_or_default(),
            None => p.offers.iter().collect(),
        });
    }
    let mut ctx = Context::new(w, inputs.benchmarks, &rates)?;
    ctx.prepare(inputs.benchmarks, &providers);

    // Storage, egress and operation depend on the provider only: once per provider.
    let ops: Vec<OperationOffer> = providers
        .iter()
        .zip(&op_offers)
        .map(|(p, o)| operation_offer(&ctx, p, o))
        .collect();
    let parts: Vec<ProviderPart> = providers
        .iter()
        .zip(&ops)
        .map(|(p, op)| ctx.provider_part(p, op))
        .collect();
    let (offers, comparison_basis) = rank(&ctx, &providers, &parts, &shown);

    // The GPU models of the offers shown, and the benchmark rows behind them.
    let shown_models: BTreeSet<&str> = offers.iter().map(|o| o.gpu_model.as_str()).collect();
    let gpu_bases: Vec<GpuBasis> = ctx
        .bases
        .iter()
        .filter(|b| shown_models.contains(b.model.as_str()))
        .map(|b| b.basis.clone())
        .collect();
    let mut used: BTreeSet<&str> = ctx.reference.rows.iter().map(String::as_str).collect();
    for b in &gpu_bases {
        if let Some(r) = &b.relative {
            used.extend(r.reference_rows.iter().map(String::as_str));
            used.extend(r.offer_rows.iter().map(String::as_str));
        }
    }
    let benchmark_rows = used
        .into_iter()
        .filter_map(|id| inputs.benchmarks.row(id).cloned())
        .collect();
    let operation_offers: Vec<advice::OperationChoice> = providers
        .iter()
        .zip(&ops)
        .zip(&shown)
        // The providers compared that have offers (qualifying ones, with requirements).
        .filter(|((p, _), s)| **s && !p.offers.is_empty())
        .filter_map(|((p, op), _)| op.choice(p))
        .collect();
    let budget = advice::budget(
        &offers,
        &comparison_basis,
        &rates.report,
        &advice::AdviceFor::Cheapest,
    );
    let recommendations = advice::recommendations(w, &offers, &budget, &rates.report);
    let rent_vs_buy = inputs
        .rent_vs_buy
        .map(|r| ownership::compare(r, &shown_providers, &rates));
    let mut method_notes = vec![
        Why::new(Msg::MethodScaling).with("eff", num(w.scaling_efficiency)),
        Why::new(Msg::MethodInstances),
        Why::new(Msg::MethodSeconds),
        Why::new(Msg::MethodRounding),
        Why::new(Msg::MethodRange)
            .with("m", num(w.uncertainty.measured_pct))
            .with("b", num(w.uncertainty.benchmark_pct)),
        Why::new(Msg::MethodRanked),
    ];
    if w.spot.accepted {
        method_notes.push(Why::new(Msg::MethodSpot));
    }
    if inputs.allowed_providers.is_some() {
        method_notes.push(Why::new(Msg::MethodSameBasis));
    }
    Ok(CostComparison {
        benchmark_note: MLPERF_NOTE,
        workload: ctx.summary.clone(),
        report_currency: rates.report.clone(),
        exchange_rates: rates.used.clone(),
        reference: ctx.reference.clone(),
        gpu_bases,
        offers,
        comparison_basis,
        operation_offers,
        budget,
        recommendations,
        rent_vs_buy,
        method_notes,
        benchmark_files: inputs.benchmarks.files.clone(),
        benchmark_rows,
        allowed_providers: inputs
            .allowed_providers
            .map(|a| a.iter().cloned().collect()),
        not_qualifying: Vec::new(),
        not_qualifying_count: 0,
    })
}

impl CostComparison {
    /// Makes the budget advice and the recommendations that rest on one offer
    /// (data locality, quantisation, budget alerts) about the offer `whom` names: the
    /// cheapest ranked offer, or the recommended or leading provider's best qualifying
    /// offer (its best-ranked one).
    pub fn advise_for(&mut self, w: &Workload, whom: &advice::AdviceFor) {
        self.budget = advice::budget(
            &self.offers,
            &self.comparison_basis,
            &self.report_currency,
            whom,
        );
        self.recommendations =
            advice::recommendations(w, &self.offers, &self.budget, &self.report_currency);
    }

    /// The offer the budget advice is for.
    pub fn advised_offer(&self) -> Option<&OfferCost> {
        let d = self.budget.offer_detail.as_ref()?;
        self.offers
            .iter()
            .find(|o| *o.provider_id == *d.provider_id && o.offer_id == d.offer_id)
    }
}

/// True when every price of the provider can be converted into the report currency.
fn has_rates(rates: &Rates, p: &ProviderProfile) -> bool {
    p.offers.iter().all(|o| rates.rate(&o.currency).is_some())
        && p.storage
            .as_ref()
            .is_none_or(|s| rates.rate(&s.currency).is_some())
        && p.egress
            .as_ref()
            .is_none_or(|e| rates.rate(&e.currency).is_some())
}

/// Every currency a price is given in needs a rate into the report currency.
fn check_rates(
    rates: &Rates,
    providers: &[&ProviderProfile],
    inputs: &CostInputs,
) -> Vec<Diagnostic> {
    let mut missing: BTreeMap<String, Vec<String>> = BTreeMap::new();
    // The place is written out only for a currency without a rate (not once per offer).
    let mut need = |cur: &str, what: &dyn Fn() -> String| {
        if rates.rate(cur).is_none() {
            missing.entry(cur.to_string()).or_default().push(what());
        }
    };
    for p in providers {
        for (i, o) in p.offers.iter().enumerate() {
            need(&o.currency, &|| {
                format!("provider {} /offers/{i}/currency", p.id)
            });
        }
        if let Some(s) = &p.storage {
            need(&s.currency, &|| {
                format!("provider {} /storage/currency", p.id)
            });
        }
        if let Some(e) = &p.egress {
            need(&e.currency, &|| {
                format!("provider {} /egress/currency", p.id)
            });
        }
    }
    if let Some(r) = inputs.rent_vs_buy {
        need(&r.currency, &|| {
            format!(
                "{} /currency",
                inputs.rent_vs_buy_file.unwrap_or("rent-vs-buy inputs")
            )
        });
    }
    missing
        .into_iter()
        .map(|(cur, places)| {
            let n = places.len();
            let shown: Vec<String> = places.into_iter().take(3).collect();
            Diagnostic::error(
                ValidateCode::MissingExchangeRate,
                format!(
                    "prices in {cur} cannot be converted into the report currency {}: the requirements give no {cur} rate (used by {}{})",
                    rates.report,
                    shown.join(", "),
                    if n > 3 { format!(" and {} more", n - 3) } else { String::new() }
                ),
            )
            .pointer("/currency/rates")
            .expected(format!("a rate `{{from: {cur}, rate: …, date: YYYY-MM-DD}}` in the requirements"))
            .help("add the rate with its date and source (e.g. the ECB reference rate); cloudvet never fetches rates")
        })
        .collect()
}

/// What stays the same for every offer.
struct Context<'a> {
    w: &'a Workload,
    rates: &'a Rates,
    total_work: f64,
    reference: ReferenceThroughput,
    summary: WorkloadSummary,
    /// One per GPU model among the offers, sorted by model.
    bases: Vec<PreparedBasis>,
    basis_index: BTreeMap<String, u32>,
    /// Fraction of the throughput, ± (measured, benchmark).
    uncertainty: (f64, f64),
    /// GPUs per job in units of one GPU: n × e^log2(n).
    job_gpus: f64,
    /// The currency codes of the offers, each held once, and their rates.
    currencies: Vec<SharedText>,
    currency_rates: Vec<Option<Decimal>>,
    run: Arc<RunTerms>,
    reasons: Reasons,
}

/// n × e^log2(n): the throughput of n GPUs in units of one GPU.
pub fn scaled_gpus(n: u32, efficiency: f64) -> f64 {
    let n = f64::from(n);
    n * efficiency.powf(n.log2())
}

impl<'a> Context<'a> {
    fn new(w: &'a Workload, b: &'a Benchmarks, rates: &'a Rates) -> Result<Self, Vec<Diagnostic>> {
        let (total_work, work_calculation) = if w.job.is_inference() {
            let (m, n) = (
                w.work.per_month.unwrap_or(0.0),
                w.work.months.unwrap_or(0.0),
            );
            (
                m * n,
                Why::new(Msg::WorkInference)
                    .with("m", num(fmt_f(m)))
                    .with("unit", unit(w.work.unit))
                    .with("n", num(fmt_f(n))),
            )
        } else {
            let (e, n) = (
                w.work.per_epoch.unwrap_or(0.0),
                w.work.epochs.unwrap_or(0.0),
            );
            (
                e * n,
                Why::new(Msg::WorkTraining)
                    .with("e", num(fmt_f(e)))
                    .with("unit", unit(w.work.unit))
                    .with("n", num(fmt_f(n))),
            )
        };
        let table = validate::table_for(w.job);
        let reference = if let Some(m) = &w.throughput.measured {
            let scaled = scaled_gpus(m.gpu_count, w.scaling_efficiency);
            let per_gpu = m.work_done / m.wall_seconds / scaled;
            ReferenceThroughput {
                source: "measured",
                gpu_model: m.gpu_model.clone(),
                gpu_count: m.gpu_count,
                per_gpu_per_second: per_gpu,
                work_unit: w.work.unit.as_str().into(),
                calculation: Why::new(Msg::RefMeasured)
                    .with("work", num(fmt_f(m.work_done)))
                    .with("unit", unit(w.work.unit))
                    .with("secs", num(fmt_f(m.wall_seconds)))
                    .with("count", num(m.gpu_count))
                    .with("eff", num(w.scaling_efficiency))
                    .with("scaled", num(fmt_f(scaled)))
                    .with("per_gpu", num(fmt_f(per_gpu)))
                    .with("precision", m.precision.as_str()),
                rows: Vec::new(),
            }
        } else {
            // Validation guarantees a benchmark with reference GPU, count and rows.
            let bref = w.throughput.benchmark.as_ref().ok_or_else(Vec::new)?;
            let gpu = bref.reference_gpu.clone().unwrap_or_default();
            let count = bref.reference_gpu_count.unwrap_or(1);
            let family = gpu_model(&gpu)
                .and_then(|g| g.benchmark_family)
                .unwrap_or("");
            let abs = b
                .absolute_speed(table, &bref.name, bref.scenario.as_deref(), family, count)
                .map_err(|why| {
                    vec![Diagnostic::error(
                        CostCode::NoBenchmarkRows,
                        why.to_string(),
                    )]
                })?;
            let scaled = scaled_gpus(count, w.scaling_efficiency);
            let per_gpu = abs.per_second / scaled;
            let first = match table {
                benchmarks::Table::Training => {
                    Why::new(Msg::RefFirstTraining).with("median", num(fmt_f(abs.median)))
                }
                benchmarks::Table::Inference => Why::new(Msg::RefFirstInference)
                    .with("median", num(fmt_f(abs.median)))
                    .with("metric", &abs.metric),
            };
            ReferenceThroughput {
                source: "benchmark",
                gpu_model: gpu.clone(),
                gpu_count: count,
                per_gpu_per_second: per_gpu,
                work_unit: w.work.unit.as_str().into(),
                calculation: Why::new(Msg::RefBenchmark)
                    .with("first", first)
                    .with("count", num(count))
                    .with("gpu", &gpu)
                    .with("eff", num(w.scaling_efficiency))
                    .with("scaled", num(fmt_f(scaled)))
                    .with("per_gpu", num(fmt_f(per_gpu)))
                    .with("unit", unit(w.work.unit))
                    .with("rows", abs.rows.join(", ")),
                rows: abs.rows,
            }
        };
        let summary = WorkloadSummary {
            name: w.name.clone(),
            job: w.job,
            work_unit: w.work.unit.as_str().into(),
            total_work,
            work_calculation,
            gpus_per_job: w.gpus_per_job,
            scaling_efficiency: w.scaling_efficiency,
            buffer_pct: w.buffer_pct,
            spot_accepted: w.spot.accepted,
        };
        Ok(Context {
            w,
            rates,
            total_work,
            reference,
            summary,
            bases: Vec::new(),
            basis_index: BTreeMap::new(),
            uncertainty: (
                w.uncertainty.measured_pct / 100.0,
                w.uncertainty.benchmark_pct / 100.0,
            ),
            job_gpus: scaled_gpus(w.gpus_per_job, w.scaling_efficiency),
            currencies: Vec::new(),
            currency_rates: Vec::new(),
            run: Arc::new(RunTerms {
                report: rates.report.as_str().into(),
                interruptions_per_100_hours: w.spot.interruptions_per_100_hours.unwrap_or(0.0),
                checkpoint_interval_minutes: w.spot.checkpoint_interval_minutes.unwrap_or(0.0),
                restart_minutes: w.spot.restart_minutes.unwrap_or(0.0),
            }),
            reasons: Reasons::new(),
        })
    }

    fn basis(&self, b: &Benchmarks, gpu: &str) -> GpuBasis {
        let w = self.w;
        let r = &self.reference;
        let measured = r.source == "measured";
        let unc = if measured {
            self.uncertainty.0
        } else {
            self.uncertainty.1
        } * 100.0;
        let bench = w.throughput.benchmark.as_ref();
        let bench_name = bench.map(|x| match &x.scenario {
            Some(s) => format!("{} ({s})", x.name),
            None => x.name.clone(),
        });
        let no = |why: Why| GpuBasis {
            gpu_model: gpu.to_string(),
            basis: BasisKind::NoBasis,
            factor: None,
            per_gpu_per_second: None,
            uncertainty_pct: None,
            explanation: why,
            benchmark: bench_name.clone(),
            relative: None,
        };
        if gpu == r.gpu_model {
            return GpuBasis {
                gpu_model: gpu.to_string(),
                basis: if measured {
                    BasisKind::Measured
                } else {
                    BasisKind::BenchmarkDerived
                },
                factor: Some(1.0),
                per_gpu_per_second: Some(r.per_gpu_per_second),
                uncertainty_pct: Some(unc),
                explanation: Why::new(if measured {
                    Msg::MeasuredOn
                } else {
                    Msg::ReferenceRowsFor
                })
                .with("gpu", gpu),
                benchmark: bench_name,
                relative: None,
            };
        }
        let Some(bref) = bench else {
            return no(Why::new(Msg::NoBenchmarkNamed)
                .with("gpu", gpu)
                .with("reference", &r.gpu_model));
        };
        let Some(offer_model) = gpu_model(gpu) else {
            return no(Why::new(Msg::NotInCatalogue).with("gpu", gpu));
        };
        let Some(offer_family) = offer_model.benchmark_family else {
            return no(Why::new(Msg::NoFormFactor).with("gpu", gpu));
        };
        let Some(ref_family) = gpu_model(&r.gpu_model).and_then(|g| g.benchmark_family) else {
            return no(Why::new(Msg::ReferenceNoFormFactor).with("gpu", &r.gpu_model));
        };
        let table = validate::table_for(w.job);
        match b.relative_speed_with_fallback(
            table,
            &bref.name,
            bref.scenario.as_deref(),
            ref_family,
            offer_family,
            w.gpus_per_job,
        ) {
            Ok(rel) => {
                let explanation = Why::new(match table {
                    benchmarks::Table::Training => Msg::FactorTraining,
                    benchmarks::Table::Inference => Msg::FactorInference,
                })
                .with("factor", num(fmt_f(rel.factor)))
                .with("bench", &rel.benchmark)
                .with("ref_median", num(fmt_f(rel.reference_median)))
                .with("offer_median", num(fmt_f(rel.offer_median)))
                .with("count", num(rel.gpu_count))
                .with("reference", &r.gpu_model)
                .with("gpu", gpu)
                .with("ref_n", num(rel.reference_rows.len()))
                .with("ref_rows", rel.reference_rows.join(", "))
                .with("offer_n", num(rel.offer_rows.len()))
                .with("offer_rows", rel.offer_rows.join(", "));
                let explanation = if rel.same_submitters.is_empty() {
                    explanation
                } else {
                    Why::new(Msg::SameSubmitters)
                        .with("why", explanation)
                        .with("submitters", rel.same_submitters.join(", "))
                };
                let explanation = match &rel.fallback_reason {
                    Some(why) => Why::new(Msg::FallbackUsed)
                        .with("why", explanation)
                        .with("bench", &rel.benchmark)
                        .with("instead", why),
                    None => explanation,
                };
                GpuBasis {
                    gpu_model: gpu.to_string(),
                    basis: BasisKind::BenchmarkDerived,
                    factor: Some(rel.factor),
                    per_gpu_per_second: Some(r.per_gpu_per_second * rel.factor),
                    uncertainty_pct: Some(self.uncertainty.1 * 100.0),
                    explanation,
                    benchmark: bench_name,
                    relative: Some(rel),
                }
            }
            Err(why) => no(why),
        }
    }

    /// Billing terms of an offer, with assumptions for unknown ones.
    fn billing(o: &Offer) -> (BillingTerms, Assumptions) {
        let mut assumed = Assumptions::default();
        let (increment_seconds, increment_assumed) = match o.billing_increment_seconds.get() {
            Some(&s) if s > 0 => (u64::from(s), false),
            _ => {
                assumed.increment = true;
                (ASSUMED_INCREMENT_SECONDS, true)
            }
        };
        let (minimum_seconds, minimum_assumed) = match o.minimum_billed_seconds.get() {
            Some(&s) => (u64::from(s), false),
            None => {
                assumed.minimum = true;
                (0, true)
            }
        };
        let (minimum_term_months, minimum_term_assumed) = match o.minimum_term_months.get() {
            Some(&m) => (m, false),
            None => {
                assumed.term = true;
                (0, true)
            }
        };
        (
            BillingTerms {
                increment_seconds,
                increment_assumed,
                minimum_seconds,
                minimum_assumed,
                minimum_term_months,
                minimum_term_assumed,
            },
            assumed,
        )
    }

    /// Looks up what the ranking and the offer's cost need: its GPU model's basis, its
    /// currency and rate (once per offer), and the on-demand compute amount the offers are
    /// ranked by. The compute line of [`Context::offer`] reuses these figures.
    fn ranking_inputs(&self, o: &Offer) -> OfferInputs {
        let basis = self.basis_index.get(offer_gpu(o).id).copied();
        let currency = self
            .currencies
            .iter()
            .position(|c| c.as_str() == o.currency)
            .map(|c| c as u32);
        let mut inputs = OfferInputs {
            basis,
            currency,
            compute: None,
        };
        let Some(per_gpu) = basis.and_then(|b| self.bases[b as usize].basis.per_gpu_per_second)
        else {
            return inputs;
        };
        if o.gpus_per_instance == 0 {
            return inputs;
        }
        let Some(seconds) = whole_seconds(self.total_work / (per_gpu * self.job_gpus)) else {
            return inputs;
        };
        let (billing, _) = Self::billing(o);
        let instances = self.w.gpus_per_job.div_ceil(o.gpus_per_instance);
        inputs.compute = Some(self.compute_figures(
            instances,
            billed_seconds(seconds, &billing),
            o.price_on_demand,
            inputs.rate(self),
            &o.currency,
            &self.reasons.no_on_demand_price,
        ));
        inputs
    }

    fn offer(
        &self,
        part: &ProviderPart,
        o: &Offer,
        inputs: &OfferInputs,
        ranked: Option<(u32, ComparableTotal)>,
    ) -> OfferCost {
        let (billing, mut assumptions) = Self::billing(o);
        let resolved = resolution_why(o, &offer_gpu(o));
        let n = self.w.gpus_per_job;
        let gpi = o.gpus_per_instance;
        let instances = if gpi == 0 { 0 } else { n.div_ceil(gpi) };
        let basis = inputs.basis.map(|b| &self.bases[b as usize]);
        let currency = match inputs.currency {
            Some(c) => self.currencies[c as usize].clone(),
            None => o.currency.as_str().into(),
        };
        let (kind, factor, unc, per_gpu) = match basis {
            Some(b) => (
                b.basis.basis,
                b.basis.factor,
                b.basis.uncertainty_pct.unwrap_or(0.0),
                b.basis.per_gpu_per_second,
            ),
            None => (BasisKind::NoBasis, None, 0.0, None),
        };
        let no_cost = |why: Why, assumptions: Assumptions| OfferCost {
            rank: None,
            provider_id: part.id.clone(),
            provider_name: part.name.clone(),
            offer_id: o.id.clone(),
            instance_type: o.instance_type.clone(),
            region: part.region(&o.region),
            country: part.country(&o.region),
            gpu_model: basis.map_or_else(|| o.gpu_model.as_str().into(), |b| b.model.clone()),
            gpu_model_as_written: resolved.as_ref().map(|_| o.gpu_model.clone()),
            gpu_model_resolved: resolved.clone(),
            gpus_per_instance: gpi,
            currency: currency.clone(),
            basis: kind,
            basis_explanation: basis
                .map_or_else(|| Why::new(Msg::BasisNotComputed), |b| b.short.clone()),
            factor,
            instances,
            compute_seconds: None,
            gpu_hours: None,
            time_to_result_hours: None,
            billed_seconds: None,
            billing,
            lines: OfferLines::default(),
            totals: Totals::missing(&why),
            comparable: None,
            range: CostRange {
                uncertainty_pct: unc,
                low: Money::Missing(why.clone()),
                high: Money::Missing(why),
            },
            spot: None,
            assumptions,
        };
        // Every offer's GPU model was prepared; the fallback only guards against a bug.
        let Some(per_gpu) = per_gpu else {
            let why = match basis {
                Some(b) => b.no_basis.clone(),
                None => Why::new(Msg::BasisNotComputed),
            };
            return no_cost(why, assumptions);
        };
        if gpi == 0 {
            return no_cost(Why::new(Msg::ZeroGpusPerInstance), assumptions);
        }
        if instances > 1 {
            assumptions.spans_instances = instances;
        }
        let seconds_f = self.total_work / (per_gpu * self.job_gpus);
        let Some(seconds) = whole_seconds(seconds_f) else {
            return no_cost(self.reasons.compute_out_of_range.clone(), assumptions);
        };
        let billed = billed_seconds(seconds, &billing);
        let rate = inputs.rate(self);
        let od = ComputeTerms {
            instances,
            billed,
            seconds,
            price: o.price_on_demand.unwrap_or_default(),
        };
        // The ranking pass computed the same figures (same seconds, billing and price).
        let figures = match &inputs.compute {
            Some(f) => f.clone(),
            None => self.compute_figures(
                instances,
                billed,
                o.price_on_demand,
                rate,
                &o.currency,
                &self.reasons.no_on_demand_price,
            ),
        };
        let compute = self.compute_line(
            LineKind::ComputeOnDemand,
            od,
            figures,
            rate,
            &currency,
            None,
        );
        let totals = self.totals(&compute.amount, LineKind::ComputeOnDemand, part);
        let od_compute = compute.amount.amount();

        // Range from the throughput uncertainty: amounts only, no text.
        let u = unc / 100.0;
        let range_total = |factor: f64| -> Money {
            let Some(s) = whole_seconds(seconds_f * factor) else {
                return Money::Missing(self.reasons.compute_out_of_range.clone());
            };
            let b = billed_seconds(s, &billing);
            if b == billed {
                // Billed the same as the point estimate: the same total.
                return totals.total.clone();
            }
            let c = self.compute_figures(
                instances,
                b,
                o.price_on_demand,
                rate,
                &o.currency,
                &self.reasons.no_on_demand_price,
            );
            self.total(&c.amount(), LineKind::ComputeOnDemand, part)
        };
        let range = CostRange {
            uncertainty_pct: unc,
            low: range_total(1.0 / (1.0 + u)),
            high: range_total(1.0 / (1.0 - u)),
        };
        let spot = self.w.spot.accepted.then(|| {
            Box::new(self.spot(
                o, part, instances, seconds_f, &billing, unc, od_compute, rate, &currency,
            ))
        });
        let (rank, comparable) = ranked.unzip();
        OfferCost {
            rank,
            provider_id: part.id.clone(),
            provider_name: part.name.clone(),
            offer_id: o.id.clone(),
            instance_type: o.instance_type.clone(),
            region: part.region(&o.region),
            country: part.country(&o.region),
            gpu_model: basis.map_or_else(|| o.gpu_model.as_str().into(), |b| b.model.clone()),
            gpu_model_as_written: resolved.as_ref().map(|_| o.gpu_model.clone()),
            gpu_model_resolved: resolved.clone(),
            gpus_per_instance: gpi,
            currency,
            basis: kind,
            basis_explanation: basis
                .map_or_else(|| Why::new(Msg::BasisNotComputed), |b| b.short.clone()),
            factor,
            instances,
            compute_seconds: Some(seconds),
            gpu_hours: Some(Amount(hours_2dp(u128::from(seconds) * u128::from(n)))),
            time_to_result_hours: Some(Amount(hours_2dp(u128::from(seconds)))),
            billed_seconds: Some(billed),
            billing,
            lines: OfferLines {
                compute: Some(compute),
                side: Some(part.lines.clone()),
            },
            totals,
            comparable,
            range,
            spot,
            assumptions,
        }
    }

    #[allow(clippy::too_many_arguments)]
    fn spot(
        &self,
        o: &Offer,
        part: &ProviderPart,
        instances: u32,
        seconds_f: f64,
        billing: &BillingTerms,
        unc: f64,
        od_compute: Option<Decimal>,
        rate: Option<Decimal>,
        currency: &SharedText,
    ) -> SpotVariant {
        let s = &self.w.spot;
        let ckpt = s.checkpoint_interval_minutes.unwrap_or(0.0);
        let restart = s.restart_minutes.unwrap_or(0.0);
        let per_100h = s.interruptions_per_100_hours.unwrap_or(0.0);
        let interruptions = seconds_f / 3600.0 / 100.0 * per_100h;
        let rework_f = interruptions * (ckpt / 2.0 + restart) * 60.0;
        let (Some(rework), Some(total_s)) =
            (whole_seconds(rework_f), whole_seconds(seconds_f + rework_f))
        else {
            let why = &self.reasons.spot_out_of_range;
            return SpotVariant {
                compute: LineItem::missing(LineKind::ComputeSpot, why.clone()),
                rework_seconds: None,
                billed_seconds: None,
                time_to_result_hours: None,
                totals: Totals::missing(why),
                range: CostRange {
                    uncertainty_pct: unc,
                    low: Money::Missing(why.clone()),
                    high: Money::Missing(why.clone()),
                },
                saving: Money::Missing(why.clone()),
                saving_pct: None,
            };
        };
        let billed = billed_seconds(total_s, billing);
        let figures = self.compute_figures(
            instances,
            billed,
            o.price_spot,
            rate,
            &o.currency,
            &self.reasons.no_spot_price,
        );
        let compute = self.compute_line(
            LineKind::ComputeSpot,
            ComputeTerms {
                instances,
                billed,
                seconds: total_s,
                price: o.price_spot.unwrap_or_default(),
            },
            figures,
            rate,
            currency,
            Some(Rework {
                compute_seconds: seconds_f,
                seconds: rework,
            }),
        );
        let totals = self.totals(&compute.amount, LineKind::ComputeSpot, part);
        // The spot total for a compute time (rework grows with it), for the range.
        let total_for = |secs: f64| -> Money {
            let rw = secs / 3600.0 / 100.0 * per_100h * (ckpt / 2.0 + restart) * 60.0;
            let Some(t) = whole_seconds(secs + rw) else {
                return Money::Missing(self.reasons.spot_out_of_range.clone());
            };
            let b = billed_seconds(t, billing);
            if b == billed {
                // Billed the same as the point estimate: the same total.
                return totals.total.clone();
            }
            let c = self.compute_figures(
                instances,
                b,
                o.price_spot,
                rate,
                &o.currency,
                &self.reasons.no_spot_price,
            );
            self.total(&c.amount(), LineKind::ComputeSpot, part)
        };
        let u = unc / 100.0;
        let range = CostRange {
            uncertainty_pct: unc,
            low: total_for(seconds_f / (1.0 + u)),
            high: total_for(seconds_f / (1.0 - u)),
        };
        let (saving, saving_pct) = match (od_compute, compute.amount.amount()) {
            (Some(a), Some(b)) => {
                let pct = if a > Decimal::ZERO {
                    Some(Amount(round2((a - b) * Decimal::from(100) / a)))
                } else {
                    None
                };
                (Money::of(a - b), pct)
            }
            (None, _) => (
                Money::Missing(self.reasons.no_on_demand_to_compare.clone()),
                None,
            ),
            (_, None) => (
                Money::Missing(self.reasons.no_spot_price_short.clone()),
                None,
            ),
        };
        SpotVariant {
            compute,
            rework_seconds: Some(rework),
            billed_seconds: Some(billed),
            time_to_result_hours: Some(Amount(hours_2dp(u128::from(total_s)))),
            totals,
            range,
            saving,
            saving_pct,
        }
    }

    /// k × billed seconds × price per instance-hour / 3600, converted; the arithmetic is
    /// kept as numbers and written out when shown.
    fn compute_line(
        &self,
        kind: LineKind,
        terms: ComputeTerms,
        figures: ComputeFigures,
        rate: Option<Decimal>,
        currency: &SharedText,
        rework: Option<Rework>,
    ) -> LineItem {
        match (figures, rate) {
            (ComputeFigures::Priced { original, amount }, Some(rate)) => LineItem {
                item: kind,
                amount: Money::of(amount),
                original: Some(Amount(original)),
                original_currency: Some(currency.clone()),
                rate: Some(Amount(rate)),
                arithmetic: Arithmetic::Compute {
                    run: self.run.clone(),
                    terms: Some(terms),
                    rework,
                },
            },
            (ComputeFigures::Priced { .. }, None) => {
                unreachable_rate(kind, currency, &self.run, rework)
            }
            (ComputeFigures::Missing(why), _) => LineItem {
                arithmetic: match rework {
                    // The rework is shown even when the spot price is missing.
                    Some(_) => Arithmetic::Compute {
                        run: self.run.clone(),
                        terms: None,
                        rework,
                    },
                    None => Arithmetic::None,
                },
                ..LineItem::missing(kind, why)
            },
        }
    }

    /// The amounts of a compute line: k × billed seconds × price / 3600, and that converted
    /// and rounded to cents; or why there is none.
    fn compute_figures(
        &self,
        instances: u32,
        billed: u64,
        price: Option<Amount>,
        rate: Option<Decimal>,
        currency: &str,
        missing: &Why,
    ) -> ComputeFigures {
        let Some(price) = price else {
            return ComputeFigures::Missing(missing.clone());
        };
        // Rates were checked before; a missing one here would be a bug, shown as missing.
        let Some(rate) = rate else {
            return ComputeFigures::Missing(
                Why::new(Msg::NoExchangeRate).with("currency", currency),
            );
        };
        let original = compute_original(instances, billed, price.0);
        ComputeFigures::Priced {
            original,
            // × 1 for the report currency changes nothing.
            amount: cents(if rate == Decimal::ONE {
                original
            } else {
                original * rate
            }),
        }
    }

    /// A side line (written out once per provider), converted.
    fn converted(&self, kind: LineKind, original: Decimal, currency: &str, calc: Why) -> LineItem {
        // Rates were checked before; a missing one here would be a bug, shown as missing.
        let Some(rate) = self.rates.rate(currency) else {
            return LineItem::missing(
                kind,
                Why::new(Msg::NoExchangeRate).with("currency", currency),
            );
        };
        let amount = cents(original * rate);
        let calculation = Why::concat(
            calc,
            conversion(original, currency, rate, amount, &self.rates.report),
        );
        LineItem {
            item: kind,
            amount: Money::of(amount),
            original: Some(Amount(original)),
            original_currency: Some(
                self.currencies
                    .iter()
                    .find(|c| c.as_str() == currency)
                    .cloned()
                    .unwrap_or_else(|| currency.into()),
            ),
            rate: Some(Amount(rate)),
            arithmetic: Arithmetic::Text(calculation),
        }
    }

    /// What all offers of a provider share: names, storage, egress and operation lines
    /// (the same for on-demand and spot), their sum and why a total is missing.
    fn provider_part(&self, p: &ProviderProfile, op: &OperationOffer) -> ProviderPart {
        let lines = self.side_items(p, op);
        let mut sum = Decimal::ZERO;
        let mut missing: Vec<Why> = Vec::new();
        for l in &lines {
            match &l.amount {
                Money::Amount(a) => sum += a.0,
                Money::Missing(why) => missing.push(Why::item(l.item, why)),
            }
        }
        // The total's reason when the compute line has no price, for each kind.
        let no_price = |kind: LineKind, why: &Why| -> Why {
            let mut all = vec![Why::item(kind, why)];
            all.extend(missing.iter().cloned());
            Why::all(all)
        };
        let missing = (!missing.is_empty()).then(|| Why::all(missing.clone()));
        let mut regions: Vec<SharedText> = Vec::new();
        for o in &p.offers {
            if !regions.iter().any(|r| r.as_str() == o.region) {
                regions.push(o.region.as_str().into());
            }
        }
        ProviderPart {
            id: p.id.as_str().into(),
            name: p.name.as_str().into(),
            regions,
            countries: p
                .regions
                .iter()
                .map(|r| (r.id.clone(), SharedText::from(r.country.as_str())))
                .collect(),
            on_demand_no_price: no_price(
                LineKind::ComputeOnDemand,
                &self.reasons.no_on_demand_price,
            ),
            spot_no_price: no_price(LineKind::ComputeSpot, &self.reasons.no_spot_price),
            lines: lines.into(),
            sum,
            missing,
        }
    }

    fn side_items(&self, p: &ProviderProfile, op: &OperationOffer) -> Vec<LineItem> {
        let d = &self.w.data;
        let mut lines = Vec::new();
        // Storage.
        let volume = d.dataset_gb.0 + d.checkpoint_gb.0 * Decimal::from(d.checkpoints_kept);
        if volume.is_zero() || d.storage_months.0.is_zero() {
            lines.push(LineItem::written(
                LineKind::Storage,
                Money::of(Decimal::ZERO),
                Why::new(Msg::CalcNoData),
            ));
        } else if let Some(s) = &p.storage {
            let original = volume * s.price_per_gb_month.0 * d.storage_months.0;
            let calc = Why::new(Msg::CalcStorage)
                .with("ds", num(d.dataset_gb))
                .with("ck", num(d.checkpoint_gb))
                .with("n", num(d.checkpoints_kept))
                .with("vol", num(volume.normalize()))
                .with("price", num(s.price_per_gb_month))
                .with("currency", &s.currency)
                .with("months", num(d.storage_months));
            lines.push(self.converted(LineKind::Storage, original, &s.currency, calc));
        } else {
            lines.push(LineItem::missing(
                LineKind::Storage,
                Why::new(Msg::PriceNotStated).with("provider", &p.id),
            ));
        }
        // Egress: the one-off volume as one month, plus monthly operation egress.
        let monthly = self
            .w
            .operation
            .as_ref()
            .map(|o| (o.egress_gb_per_month.0, o.months.0))
            .filter(|(gb, m)| !gb.is_zero() && !m.is_zero());
        if d.egress_gb.0.is_zero() && monthly.is_none() {
            lines.push(LineItem::written(
                LineKind::Egress,
                Money::of(Decimal::ZERO),
                Why::new(Msg::CalcNoEgress),
            ));
        } else if let Some(e) = &p.egress {
            let mut parts = Vec::new();
            let mut original = Decimal::ZERO;
            let mut failed = None;
            if !d.egress_gb.0.is_zero() {
                match egress_cost(e, d.egress_gb.0) {
                    Ok((c, calc)) => {
                        original += c;
                        parts.push(
                            Why::new(Msg::CalcOneOff)
                                .with("gb", num(d.egress_gb))
                                .with("calc", calc),
                        );
                    }
                    Err(why) => failed = Some(why),
                }
            }
            if let Some((gb, months)) = monthly {
                match egress_cost(e, gb) {
                    Ok((c, calc)) => {
                        original += c * months;
                        parts.push(
                            Why::new(Msg::CalcMonthly)
                                .with("gb", num(gb.normalize()))
                                .with("calc", calc)
                                .with("months", num(months.normalize())),
                        );
                    }
                    Err(why) => failed = Some(why),
                }
            }
            match failed {
                Some(why) => lines.push(LineItem::missing(LineKind::Egress, why)),
                None => lines.push(self.converted(
                    LineKind::Egress,
                    original,
                    &e.currency,
                    Why::all(parts),
                )),
            }
        } else {
            lines.push(LineItem::missing(
                LineKind::Egress,
                Why::new(Msg::PriceNotStated).with("provider", &p.id),
            ));
        }
        // Operation.
        if let Some(o) = &self.w.operation {
            match op {
                OperationOffer::Found {
                    offer_id,
                    instances,
                    price,
                    currency,
                    ..
                } => {
                    let original =
                        Decimal::from(*instances) * price.0 * o.hours_per_month.0 * o.months.0;
                    let calc = Why::new(Msg::CalcOperation)
                        .with("k", num(instances))
                        .with("offer", offer_id)
                        .with("h", num(o.hours_per_month))
                        .with("months", num(o.months))
                        .with("price", num(price))
                        .with("currency", currency.as_str());
                    lines.push(self.converted(LineKind::Operation, original, currency, calc));
                }
                OperationOffer::Missing(why) => {
                    lines.push(LineItem::missing(LineKind::Operation, why.clone()));
                }
                OperationOffer::NotAsked => {}
            }
        }
        lines
    }

    /// Subtotal, buffer and total from the compute amount and the side lines.
    fn totals(&self, compute: &Money, kind: LineKind, part: &ProviderPart) -> Totals {
        match self.missing_reason(compute, kind, part) {
            Some(why) => {
                let mut t = Totals::missing(&why);
                t.known_part = Some(Amount(compute.amount().unwrap_or(Decimal::ZERO) + part.sum));
                t
            }
            None => {
                let sum = compute.amount().unwrap_or(Decimal::ZERO) + part.sum;
                let buffer = self.buffer(sum);
                Totals {
                    subtotal: Money::of(sum),
                    buffer: Money::of(buffer),
                    total: Money::of(sum + buffer),
                    known_part: None,
                }
            }
        }
    }

    /// The total alone (for the low–high ranges): the same figure as `totals(..).total`.
    fn total(&self, compute: &Money, kind: LineKind, part: &ProviderPart) -> Money {
        match self.missing_reason(compute, kind, part) {
            Some(why) => Money::Missing(why),
            None => {
                let sum = compute.amount().unwrap_or(Decimal::ZERO) + part.sum;
                Money::of(sum + self.buffer(sum))
            }
        }
    }

    /// The buffer on a subtotal, rounded half-to-even to cents.
    fn buffer(&self, sum: Decimal) -> Decimal {
        buffer_of(sum, self.w.buffer_pct.0)
    }

    /// Why the total is missing: "item: why" for the compute line and each side line, in order.
    fn missing_reason(&self, compute: &Money, kind: LineKind, part: &ProviderPart) -> Option<Why> {
        match (compute, &part.missing) {
            (Money::Amount(_), None) => None,
            (Money::Amount(_), Some(s)) => Some(s.clone()),
            (Money::Missing(why), _) if *why == self.reasons.no_on_demand_price => {
                Some(part.on_demand_no_price.clone())
            }
            (Money::Missing(why), _) if *why == self.reasons.no_spot_price => {
                Some(part.spot_no_price.clone())
            }
            (Money::Missing(why), None) => Some(Why::item(kind, why)),
            (Money::Missing(why), Some(s)) => Some(Why::all(vec![Why::item(kind, why), s.clone()])),
        }
    }
}

/// k × billed seconds × price per instance-hour / 3600, in the price's currency, unrounded.
///
/// 3600 = 9 × 400 and 1/400 = 0.0025, so when 9 divides k × billed × the price's digits the
/// quotient ends after four more decimal places: it is then computed exactly in integers —
/// the value the decimal division gives, without the division (per-hour billing always,
/// per-minute billing often). Otherwise the decimal division rounds at 28 digits, as before.
fn compute_original(instances: u32, billed: u64, price: Decimal) -> Decimal {
    if let Some(x) = i64::try_from(price.mantissa())
        .ok()
        .and_then(|m| m.checked_mul(i64::from(instances)))
        .and_then(|m| m.checked_mul(i64::try_from(billed).ok()?))
    {
        if x % 9 == 0 && price.scale() + 4 <= 28 {
            if let Some(q) = (x / 9).checked_mul(25) {
                return Decimal::new(q, price.scale() + 4);
            }
        }
    }
    Decimal::from(instances) * Decimal::from(billed) * price / Decimal::from(3600)
}

/// A compute line without a rate for its currency: a bug (rates are checked first), shown
/// as missing rather than as 0.
fn unreachable_rate(
    kind: LineKind,
    currency: &str,
    run: &Arc<RunTerms>,
    rework: Option<Rework>,
) -> LineItem {
    LineItem {
        arithmetic: match rework {
            Some(_) => Arithmetic::Compute {
                run: run.clone(),
                terms: None,
                rework,
            },
            None => Arithmetic::None,
        },
        ..LineItem::missing(
            kind,
            Why::new(Msg::NoExchangeRate).with("currency", currency),
        )
    }
}

/// `sum × pct / 100`, rounded half-to-even to cents.
///
/// The product is exact in `Decimal`, and so is dividing it by 100 (two more decimal
/// places): the result is the same as `cents(sum * pct / 100)`, without a division.
fn buffer_of(sum: Decimal, pct: Decimal) -> Decimal {
    if let Some(b) = buffer_in_integers(sum, pct) {
        return b;
    }
    let product = sum * pct;
    let mut x = product;
    match x.set_scale(product.scale() + 2) {
        Ok(()) => cents(x),
        // More than 28 decimal places: divide.
        Err(_) => cents(product / Decimal::from(100)),
    }
}

/// [`buffer_of`] in integers for a sum of at most two decimals: cents × pct / 100, rounded
/// half-to-even. `None` (use decimals) where the product would not be exact in `Decimal`.
fn buffer_in_integers(sum: Decimal, pct: Decimal) -> Option<Decimal> {
    if sum.scale() > 2 {
        return None;
    }
    // In i64 (a hardware division); larger sums take the decimal path.
    let cents = i64::try_from(sum.mantissa())
        .ok()?
        .checked_mul(10i64.pow(2 - sum.scale()))?;
    let x = cents.checked_mul(i64::try_from(pct.mantissa()).ok()?)?;
    let d = 100i64.checked_mul(10i64.checked_pow(pct.scale())?)?;
    let (q, r) = (x.div_euclid(d), x.rem_euclid(d));
    let q = if 2 * r > d || (2 * r == d && q % 2 != 0) {
        q + 1
    } else {
        q
    };
    Some(Decimal::new(q, 2))
}

/// `seconds / 3600` rounded half-to-even to two decimals (hours), in integers:
/// `seconds / 36` hundredths, half-to-even on the remainder. The same figure as
/// `round2(Decimal::from(seconds) / 3600)`: a quotient of whole seconds lies either exactly
/// on a midpoint (then the decimal division is exact too) or at least 1/360000 h away
/// from one, far beyond the decimal division's 28 digits.
fn hours_2dp(seconds: u128) -> Decimal {
    let (q, r) = (seconds / 36, seconds % 36);
    let q = if r > 18 || (r == 18 && q % 2 == 1) {
        q + 1
    } else {
        q
    };
    // Beyond Decimal's 96 bits (not reached: compute seconds stop at 10^12): the largest.
    i128::try_from(q)
        .ok()
        .and_then(|q| Decimal::try_from_i128_with_scale(q, 2).ok())
        .unwrap_or(Decimal::MAX)
}

/// What the ranking pass found for an offer (indices into the context's tables), reused
/// when the offer's cost is built.
struct OfferInputs {
    basis: Option<u32>,
    currency: Option<u32>,
    /// The on-demand compute figures; `None` when the offer gets no cost at all (no basis,
    /// 0 GPUs per instance, compute time out of range).
    compute: Option<ComputeFigures>,
}

impl OfferInputs {
    fn rate(&self, ctx: &Context) -> Option<Decimal> {
        self.currency.and_then(|c| ctx.currency_rates[c as usize])
    }
}

/// The amounts of a compute line, or why there are none.
#[derive(Debug, Clone)]
enum ComputeFigures {
    Priced { original: Decimal, amount: Decimal },
    Missing(Why),
}

impl ComputeFigures {
    fn amount(&self) -> Money {
        match self {
            ComputeFigures::Priced { amount, .. } => Money::of(*amount),
            ComputeFigures::Missing(why) => Money::Missing(why.clone()),
        }
    }
}

/// What all offers of one provider share, worked out once per provider.
struct ProviderPart {
    id: SharedText,
    name: SharedText,
    /// The regions its offers name.
    regions: Vec<SharedText>,
    /// Region ID → country, as the profile lists them.
    countries: Vec<(String, SharedText)>,
    /// Storage, egress and operation lines.
    lines: Arc<[LineItem]>,
    /// Sum of the known side amounts.
    sum: Decimal,
    /// "item: why" for each missing side line, joined with "; ".
    missing: Option<Why>,
    /// The reason of the total when an offer has no on-demand (spot) price.
    on_demand_no_price: Why,
    spot_no_price: Why,
}

impl ProviderPart {
    fn region(&self, r: &str) -> SharedText {
        match self.regions.iter().find(|x| x.as_str() == r) {
            Some(x) => x.clone(),
            None => SharedText::from(r),
        }
    }
    fn country(&self, r: &str) -> Option<SharedText> {
        self.countries
            .iter()
            .find(|(id, _)| id == r)
            .map(|(_, c)| c.clone())
    }
}

/// Reasons that recur across offers, made once per comparison.
struct Reasons {
    no_on_demand_price: Why,
    no_spot_price: Why,
    no_spot_price_short: Why,
    no_on_demand_to_compare: Why,
    compute_out_of_range: Why,
    spot_out_of_range: Why,
}

impl Reasons {
    fn new() -> Self {
        Reasons {
            no_on_demand_price: Why::new(Msg::NoOnDemandPrice),
            no_spot_price: Why::new(Msg::NoSpotPrice),
            no_spot_price_short: Why::new(Msg::NoSpotPriceShort),
            no_on_demand_to_compare: Why::new(Msg::NoOnDemandToCompare),
            compute_out_of_range: Why::new(Msg::ComputeOutOfRange),
            spot_out_of_range: Why::new(Msg::SpotOutOfRange),
        }
    }
}

/// A GPU model's basis with what its offers share.
struct PreparedBasis {
    basis: GpuBasis,
    model: SharedText,
    /// The per-offer explanation.
    short: Why,
    /// "no basis: why", the reason of every total on this model without a basis.
    no_basis: Why,
}

impl GpuBasis {
    /// The per-offer explanation: the reason (no basis) or the factor with a pointer to the rows.
    fn short_explanation(&self) -> Why {
        match (&self.basis, &self.relative) {
            (BasisKind::BenchmarkDerived, Some(rel)) => Why::new(Msg::FactorShort)
                .with("factor", num(fmt_f(rel.factor)))
                .with("ref_n", num(rel.reference_rows.len()))
                .with("offer_n", num(rel.offer_rows.len()))
                .with("bench", &rel.benchmark)
                .with("count", num(rel.gpu_count)),
            _ => self.explanation.clone(),
        }
    }
}

impl Totals {
    fn missing(why: &Why) -> Self {
        Totals {
            subtotal: Money::Missing(why.clone()),
            buffer: Money::Missing(why.clone()),
            total: Money::Missing(why.clone()),
            known_part: None,
        }
    }
}

/// The provider's offer used to price operation after the job.
#[derive(Debug, Clone)]
enum OperationOffer {
    Found {
        offer_id: String,
        instances: u32,
        price: Amount,
        currency: String,
        gpus_per_instance: u32,
        gpu_model: String,
        region: String,
    },
    /// The provider has no offer to run the operation on.
    Missing(Why),
    /// The workload has no operation.
    NotAsked,
}

impl OperationOffer {
    /// What the outputs show: the offer used (or why there is none).
    fn choice(&self, p: &ProviderProfile) -> Option<advice::OperationChoice> {
        let country = |region: &str| {
            p.regions
                .iter()
                .find(|r| r.id == region)
                .map(|r| r.country.clone())
        };
        match self {
            OperationOffer::NotAsked => None,
            OperationOffer::Found {
                offer_id,
                instances,
                price,
                currency,
                gpus_per_instance,
                gpu_model,
                region,
            } => Some(advice::OperationChoice {
                provider_id: p.id.clone(),
                provider_name: p.name.clone(),
                offer_id: Some(offer_id.clone()),
                gpus_per_instance: Some(*gpus_per_instance),
                instances: Some(*instances),
                gpu_model: Some(gpu_model.clone()),
                region: Some(region.clone()),
                country: country(region),
                price_per_instance_hour: Some(*price),
                currency: Some(currency.clone()),
                missing: None,
            }),
            OperationOffer::Missing(why) => Some(advice::OperationChoice {
                provider_id: p.id.clone(),
                provider_name: p.name.clone(),
                offer_id: None,
                gpus_per_instance: None,
                instances: None,
                gpu_model: None,
                region: None,
                country: None,
                price_per_instance_hour: None,
                currency: None,
                missing: Some(why.clone()),
            }),
        }
    }
}

/// The provider's cheapest on-demand way (in report currency) to run the operation GPUs,
/// among `candidates` (the offers that qualify for operation: allowed country and
/// availability — not the training job's GPU model, memory or GPUs per instance, so a
/// one-GPU operation runs on a one-GPU offer where there is one). Each instance
/// counts whole: `ceil(operation GPUs / GPUs per instance)` instances.
fn operation_offer(ctx: &Context, p: &ProviderProfile, candidates: &[&Offer]) -> OperationOffer {
    let Some(op) = &ctx.w.operation else {
        return OperationOffer::NotAsked;
    };
    let mut best: Option<(Decimal, &Offer, u32, Amount)> = None;
    for o in candidates {
        let runs = o.gpu_model == op.gpu_model || offer_gpu(o).id == op.gpu_model;
        if !runs || o.gpus_per_instance == 0 {
            continue;
        }
        let (Some(price), Some(rate)) = (o.price_on_demand, ctx.rates.rate(&o.currency)) else {
            continue;
        };
        let k = op.gpus.div_ceil(o.gpus_per_instance);
        let hourly = Decimal::from(k) * price.0 * rate;
        let better = match &best {
            None => true,
            Some((b, bo, ..)) => hourly < *b || (hourly == *b && o.id < bo.id),
        };
        if better {
            best = Some((hourly, o, k, price));
        }
    }
    match best {
        Some((_, o, k, price)) => OperationOffer::Found {
            offer_id: o.id.clone(),
            instances: k,
            price,
            currency: o.currency.to_string(),
            gpus_per_instance: o.gpus_per_instance,
            gpu_model: o.gpu_model.clone(),
            region: o.region.clone(),
        },
        None => OperationOffer::Missing(
            Why::new(Msg::NoOperationOffer)
                .with("provider", &p.id)
                .with("gpu", &op.gpu_model),
        ),
    }
}

pub use crate::model::gpu::resolve_offer as offer_gpu;

/// Why an offer's generic GPU model was taken as a specific one, in words.
fn resolution_why(o: &Offer, r: &gpu::Resolved<'_>) -> Option<Why> {
    Some(match r.evidence.as_ref()? {
        gpu::Evidence::InstanceName(word) => Why::new(Msg::ResolvedInstanceName)
            .with("written", &o.gpu_model)
            .with("model", r.id)
            .with("word", word.as_str())
            .with("instance", o.instance_type.as_deref().unwrap_or("")),
        gpu::Evidence::Interconnect(f) => Why::new(Msg::ResolvedInterconnect)
            .with("written", &o.gpu_model)
            .with("model", r.id)
            .with(
                "link",
                match f {
                    gpu::FormFactor::Pcie => "pcie",
                    _ => "nvlink",
                },
            ),
    })
}

/// Rounds f64 seconds up to whole seconds; `None` when not finite, negative or beyond 10^12 s.
/// A tolerance of one microsecond absorbs binary floating-point noise, so that
/// 11664 / 3.24 = 3600.0000000000005 counts as 3600 s, not 3601 s.
pub fn whole_seconds(s: f64) -> Option<u64> {
    if s.is_finite() && (0.0..=1e12).contains(&s) {
        Some((s - 1e-6).ceil().max(0.0) as u64)
    } else {
        None
    }
}

/// Seconds rounded up to the increment, at least the minimum duration and term.
pub fn billed_seconds(seconds: u64, t: &BillingTerms) -> u64 {
    let inc = t.increment_seconds.max(1);
    let rounded = seconds.div_ceil(inc).saturating_mul(inc);
    let term = u64::from(t.minimum_term_months) * u64::from(HOURS_PER_MONTH) * 3600;
    rounded.max(t.minimum_seconds).max(term)
}

/// Egress cost in the price's currency for one month's volume, with the arithmetic.
pub fn egress_cost(e: &EgressPrice, gb: Decimal) -> Result<(Decimal, Why), Why> {
    let free = e.free_gb_per_month.0;
    let billable = (gb - free).max(Decimal::ZERO);
    let head = Why::new(Msg::CalcEgressHead)
        .with("gb", num(gb.normalize()))
        .with("free", num(free.normalize()))
        .with("bill", num(billable.normalize()));
    if billable.is_zero() {
        return Ok((
            Decimal::ZERO,
            Why::new(Msg::CalcEgressZero)
                .with("head", head)
                .with("currency", &e.currency),
        ));
    }
    if e.tiers.is_empty() {
        return Err(Why::new(Msg::EgressNoTiers));
    }
    // The tier the volume falls in: under `volume` every tier, under `graduated` a
    // tier marked `bracket`, prices the whole volume at its rate.
    let reached = e
        .tiers
        .iter()
        .find(|t| t.up_to_gb.is_none_or(|u| billable <= u.0));
    if let Some(t) = reached.filter(|t| t.bracket && e.tier_mode == TierMode::Graduated) {
        let cost = billable * t.price_per_gb.0;
        return Ok((
            cost,
            Why::new(Msg::CalcBracket)
                .with("head", head)
                .with("gb", num(billable.normalize()))
                .with("price", num(t.price_per_gb))
                .with("cost", num(cost.normalize()))
                .with("currency", &e.currency),
        ));
    }
    match e.tier_mode {
        TierMode::Graduated => {
            let mut cost = Decimal::ZERO;
            let mut lower = Decimal::ZERO;
            let mut parts = Vec::new();
            for t in &e.tiers {
                let upper = t.up_to_gb.map(|a| a.0);
                let top = upper.map_or(billable, |u| billable.min(u));
                if top > lower {
                    let gb_in = top - lower;
                    cost += gb_in * t.price_per_gb.0;
                    parts.push(
                        Why::new(Msg::CalcGraduatedPart)
                            .with("gb", num(gb_in.normalize()))
                            .with("price", num(t.price_per_gb)),
                    );
                }
                match upper {
                    Some(u) if billable > u => lower = u,
                    _ => {
                        return Ok((
                            cost,
                            Why::new(Msg::CalcGraduated)
                                .with("head", head)
                                .with(
                                    "parts",
                                    Why::new(Msg::Sum).with("list", why::Arg::List(parts)),
                                )
                                .with("cost", num(cost.normalize()))
                                .with("currency", &e.currency),
                        ));
                    }
                }
            }
            Err(Why::new(Msg::EgressBeyondTier)
                .with("gb", num(billable.normalize()))
                .with("last", num(lower.normalize())))
        }
        TierMode::Volume => {
            for t in &e.tiers {
                if t.up_to_gb.is_none_or(|u| billable <= u.0) {
                    let cost = billable * t.price_per_gb.0;
                    return Ok((
                        cost,
                        Why::new(Msg::CalcVolume)
                            .with("head", head)
                            .with("gb", num(billable.normalize()))
                            .with("price", num(t.price_per_gb))
                            .with("cost", num(cost.normalize()))
                            .with("currency", &e.currency),
                    ));
                }
            }
            Err(Why::new(Msg::EgressBeyondLastTier).with("gb", num(billable.normalize())))
        }
    }
}

/// Side items that may enter the comparable total, in output order.
const SIDE_ITEMS: [LineKind; 3] = [LineKind::Storage, LineKind::Egress, LineKind::Operation];

/// Ranks the offers by their comparable total, costs them in that order and returns what
/// the ranking compares.
///
/// Ranked offers: those whose on-demand compute cost is known. Included items: compute,
/// and each side item known for every ranked offer (an item no offer has, such as
/// operation without an operation phase, is simply absent). Comparable subtotal = the sum
/// of the included (rounded) items; buffer = subtotal × buffer % rounded half-to-even to
/// cents; comparable total = subtotal + buffer. When nothing is excluded this equals the
/// complete total. Sort: ranked offers by comparable total, then unranked offers with a
/// known part (by it), then the rest; ties by provider and offer ID.
///
/// Side items are the same for all offers of a provider, so what is included is decided
/// per provider from the compute amounts alone; the sort runs on small keys, and each
/// offer's full cost is built once, in its final place (docs/performance.md).
///
/// The included items are decided over every provider in `providers`; only the offers
/// of providers marked in `shown` are ranked and returned. So leaving providers out of
/// the comparison (`shown`) never changes the comparable total of an offer shown.
fn rank(
    ctx: &Context,
    providers: &[&ProviderProfile],
    parts: &[ProviderPart],
    shown: &[bool],
) -> (Vec<OfferCost>, ComparisonBasis) {
    let buffer_pct = ctx.w.buffer_pct.0;
    // The compute amount of every offer (`None`: no cost at all), in input order.
    let computes: Vec<Vec<OfferInputs>> = providers
        .iter()
        .map(|p| p.offers.iter().map(|o| ctx.ranking_inputs(o)).collect())
        .collect();
    let ranked = |m: &OfferInputs| matches!(m.compute, Some(ComputeFigures::Priced { .. }));
    let ranked_per_provider: Vec<usize> = computes
        .iter()
        .map(|c| c.iter().filter(|m| ranked(m)).count())
        .collect();
    let n_ranked: usize = ranked_per_provider.iter().sum();
    let mut included = vec![LineKind::ComputeOnDemand];
    let mut excluded = Vec::new();
    for k in SIDE_ITEMS {
        let mut ids: BTreeSet<&str> = BTreeSet::new();
        let mut reasons: Vec<Why> = Vec::new();
        let mut missing_for = 0;
        let mut present = false;
        for (part, &n) in parts.iter().zip(&ranked_per_provider) {
            if n == 0 {
                continue;
            }
            match part.lines.iter().find(|l| l.item == k).map(|l| &l.amount) {
                Some(Money::Amount(_)) => present = true,
                Some(Money::Missing(why)) => {
                    present = true;
                    missing_for += n;
                    // The provider is named in `providers`; say the reason once.
                    if ids.insert(&part.id) {
                        let w = why.without_provider();
                        if !reasons.contains(&w) {
                            reasons.push(w);
                        }
                    }
                }
                None => {}
            }
        }
        if !present {
            continue;
        }
        if missing_for == 0 {
            included.push(k);
        } else {
            excluded.push(ExcludedItem {
                item: k,
                missing_for,
                ranked_offers: n_ranked,
                reason: {
                    // In text order, as the set of texts was.
                    reasons.sort_by_cached_key(|w| w.to_string());
                    Why::all(reasons)
                },
                providers: ids.into_iter().map(str::to_string).collect(),
            });
        }
    }
    // The included side items of each provider, summed once.
    let included_side: Vec<Decimal> = parts
        .iter()
        .map(|part| {
            part.lines
                .iter()
                .filter(|l| included.contains(&l.item))
                .filter_map(|l| l.amount.amount())
                .sum()
        })
        .collect();
    let ties = tie_order(providers);
    // (group, amount, tie, provider, offer): small keys; the tie number is unique.
    let mut order: Vec<(u8, Decimal, u32, u32, u32)> = Vec::with_capacity(ties.len());
    let mut next = 0;
    for (pi, c) in computes.iter().enumerate() {
        if !shown[pi] {
            next += c.len();
            continue;
        }
        for (oi, m) in c.iter().enumerate() {
            let (group, amount) = match &m.compute {
                Some(ComputeFigures::Priced { amount, .. }) => {
                    let sub = amount + included_side[pi];
                    (0, sub + buffer_of(sub, buffer_pct))
                }
                // Unranked with a basis: the known part is the side sum.
                Some(ComputeFigures::Missing(_)) => (1, parts[pi].sum),
                None => (2, Decimal::ZERO),
            };
            order.push((group, amount, ties[next], pi as u32, oi as u32));
            next += 1;
        }
    }
    // Amounts are whole cents: sorted as integers where they fit (the same order).
    let sequence: Vec<(u8, u32, u32)> = match order
        .iter()
        .map(|&(g, a, t, p, o)| Some((g, cents_key(a)?, t, p, o)))
        .collect::<Option<Vec<_>>>()
    {
        Some(mut keys) => {
            drop(order);
            keys.sort_unstable();
            keys.into_iter().map(|(g, _, _, p, o)| (g, p, o)).collect()
        }
        None => {
            order.sort_unstable();
            order.into_iter().map(|(g, _, _, p, o)| (g, p, o)).collect()
        }
    };
    let mut offers = Vec::with_capacity(sequence.len());
    let mut r = 0;
    for &(group, pi, oi) in &sequence {
        let (pi, oi) = (pi as usize, oi as usize);
        let inputs = &computes[pi][oi];
        // Rank and comparable total go in as the offer is built (no second write).
        let ranked = match &inputs.compute {
            Some(ComputeFigures::Priced { amount, .. }) if group == 0 => {
                let sub = amount + included_side[pi];
                let buffer = buffer_of(sub, buffer_pct);
                r += 1;
                Some((
                    r,
                    ComparableTotal {
                        subtotal: Amount(sub),
                        buffer: Amount(buffer),
                        total: Amount(sub + buffer),
                    },
                ))
            }
            _ => None,
        };
        offers.push(ctx.offer(&parts[pi], &providers[pi].offers[oi], inputs, ranked));
    }
    let names = |v: &[LineKind]| v.iter().map(|k| k.as_str()).collect::<Vec<_>>().join(" + ");
    let note = if excluded.is_empty() {
        format!(
            "Ranked by the total: {} + buffer; every item is known for every ranked offer.",
            names(&included)
        )
    } else {
        format!(
            "Ranked by the comparable total = {} + buffer on them. Not included for any offer, because not known for every ranked offer (never counted as 0): {}.",
            names(&included),
            excluded
                .iter()
                .map(|e| format!(
                    "{}: {} (missing for {} of {} ranked offers: {})",
                    e.item.as_str(),
                    e.reason,
                    e.missing_for,
                    e.ranked_offers,
                    e.providers.join(", ")
                ))
                .collect::<Vec<_>>()
                .join("; ")
        )
    };
    let basis = ComparisonBasis {
        ranked_by: if excluded.is_empty() {
            "total"
        } else {
            "comparable_total"
        },
        included,
        excluded,
        note,
    };
    (offers, basis)
}

/// An amount as whole cents, when it is a whole number of cents within i64 (ordered like
/// the amount).
fn cents_key(d: Decimal) -> Option<i64> {
    if d.scale() > 2 {
        return None;
    }
    i64::try_from(d.mantissa())
        .ok()?
        .checked_mul(10i64.pow(2 - d.scale()))
}

/// A number per offer that orders ties in the amount: by provider ID, then offer ID, then
/// input position (offers numbered in input order, provider by provider). Worked out once,
/// so the sort compares numbers, not strings.
fn tie_order(providers: &[&ProviderProfile]) -> Vec<u32> {
    let mut start = Vec::with_capacity(providers.len());
    let mut n = 0usize;
    for p in providers {
        start.push(n);
        n += p.offers.len();
    }
    let mut by_id: Vec<usize> = (0..providers.len()).collect();
    by_id.sort_by(|&a, &b| providers[a].id.cmp(&providers[b].id).then(a.cmp(&b)));
    let mut ties = vec![0u32; n];
    let mut next = 0u32;
    let mut i = 0;
    while i < by_id.len() {
        // Providers sharing an ID (a duplicate) are ordered together, by offer ID.
        let mut j = i + 1;
        while j < by_id.len() && providers[by_id[j]].id == providers[by_id[i]].id {
            j += 1;
        }
        let start = &start;
        let mut group: Vec<(&str, usize)> = by_id[i..j]
            .iter()
            .flat_map(|&p| {
                providers[p]
                    .offers
                    .iter()
                    .enumerate()
                    .map(move |(k, o)| (o.id.as_str(), start[p] + k))
            })
            .collect();
        group.sort_unstable();
        for (_, global) in group {
            ties[global] = next;
            next += 1;
        }
        i = j;
    }
    ties
}

fn round2(d: Decimal) -> Decimal {
    d.round_dp_with_strategy(2, RoundingStrategy::MidpointNearestEven)
}

/// A float for people: up to 4 significant decimals, no exponent for ordinary sizes.
pub fn fmt_f(v: f64) -> String {
    if v == v.trunc() && v.abs() < 1e15 {
        return format!("{v:.0}");
    }
    let a = v.abs();
    let s = if a >= 100.0 {
        format!("{v:.2}")
    } else if a >= 1.0 {
        format!("{v:.4}")
    } else if a >= 1e-4 {
        format!("{v:.6}")
    } else {
        format!("{v:e}")
    };
    if s.contains('.') && !s.contains('e') {
        s.trim_end_matches('0').trim_end_matches('.').to_string()
    } else {
        s
    }
}

/// A decimal without trailing zeros beyond two decimals.
pub fn fmt_d(d: Decimal) -> String {
    let n = d.normalize();
    if n.scale() < 2 {
        format!("{:.2}", n)
    } else {
        n.to_string()
    }
}

impl Context<'_> {
    /// Computes the basis of every GPU model the offers use (once per model), and
    /// interns the offers' currency codes.
    fn prepare(&mut self, b: &Benchmarks, providers: &[&ProviderProfile]) {
        // Inserted one by one: a lookup per offer, not a sort of every offer's model.
        let mut models: BTreeSet<&str> = BTreeSet::new();
        let mut currencies: BTreeSet<&str> = BTreeSet::from([self.rates.report.as_str()]);
        for o in providers.iter().flat_map(|p| &p.offers) {
            models.insert(offer_gpu(o).id);
            currencies.insert(&o.currency);
        }
        for m in models {
            let basis = self.basis(b, m);
            self.basis_index
                .insert(m.to_string(), self.bases.len() as u32);
            self.bases.push(PreparedBasis {
                model: m.into(),
                short: basis.short_explanation(),
                no_basis: Why::new(Msg::NoBasis).with("why", &basis.explanation),
                basis,
            });
        }
        self.currency_rates = currencies.iter().map(|c| self.rates.rate(c)).collect();
        self.currencies = currencies.into_iter().map(SharedText::from).collect();
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::str::FromStr;

    /// The integer hours give the same figures as the decimal division they replace.
    #[test]
    fn hours_in_integers_equal_the_decimal_division() {
        let seconds = (0..200_000u64)
            .chain((0..2_000).map(|i| 999_999_999_000 + i * 997))
            .chain([1_000_000_000_000, 18, 54, 90, 3_582, 3_618]);
        for s in seconds {
            let decimal = round2(Decimal::from(s) / Decimal::from(3600));
            assert_eq!(hours_2dp(u128::from(s)), decimal, "{s} s");
            let gpu = round2(Decimal::from(s) * Decimal::from(8) / Decimal::from(3600));
            assert_eq!(hours_2dp(u128::from(s) * 8), gpu, "{s} s × 8 GPUs");
        }
    }

    /// The exact integer quotient is the decimal division's value, and converts and rounds
    /// to the same cents.
    #[test]
    fn compute_original_in_integers_equals_the_decimal_division() {
        let rate = Decimal::from_str("0.9").unwrap();
        let odd = Decimal::from_str("1.0837").unwrap();
        let prices = [
            "24", "24.00", "9.20", "2.30", "28.00", "5.5", "26.6667", "0.000123", "98.32",
        ];
        for p in prices {
            let price = Decimal::from_str(p).unwrap();
            for k in [1u32, 2, 3, 8] {
                for billed in (0..4_000u64).chain((0..300).map(|i| 3_600_000_000 + i * 60)) {
                    let fast = compute_original(k, billed, price);
                    let slow =
                        Decimal::from(k) * Decimal::from(billed) * price / Decimal::from(3600);
                    assert_eq!(fast, slow, "{k} × {billed} s × {p}");
                    assert_eq!(cents(fast * rate), cents(slow * rate));
                    assert_eq!(cents(fast * odd), cents(slow * odd));
                    assert_eq!(fmt_d(fast.round_dp(6)), fmt_d(slow.round_dp(6)));
                }
            }
        }
    }

    /// Egress with the tiers AWS and GCP publish, as SkyPilot's `get_egress_cost()`
    /// transcribes them (shared/reference/egress_reference.csv), through the shipped
    /// profiles: AWS graduated with a bracket tier above 150 TB, GCP volume (every tier a
    /// bracket). 1 TB = 1,024 GB as in the reference. Figures in USD, worked by hand.
    #[test]
    fn egress_tiers_of_aws_and_gcp_give_the_published_figures() {
        let (profiles, _) = crate::validate::embedded_providers();
        let egress = |id: &str| {
            profiles
                .iter()
                .find(|p| p.value.id == id)
                .and_then(|p| p.value.egress.clone())
                .unwrap()
        };
        let (aws, gcp) = (egress("aws"), egress("gcp"));
        let cost = |e: &EgressPrice, gb: &str| {
            egress_cost(e, Decimal::from_str(gb).unwrap())
                .map(|(c, _)| cents(c))
                .unwrap()
        };
        let d = |x: &str| Decimal::from_str(x).unwrap();
        // AWS: first GB free, 0.09 to 10 TB, 0.085 to 50 TB, 0.07 to 150 TB, graduated;
        // above 150 TB the whole volume at 0.05.
        // 0.5 GB: inside the free first GB = 0.
        assert_eq!(cost(&aws, "0.5"), d("0.00"));
        // 5 TB = 5,120 GB: 1 × 0 + 5,119 × 0.09 = 460.71.
        assert_eq!(cost(&aws, "5120"), d("460.71"));
        // 60 TB = 61,440 GB: 1 × 0 + 10,239 × 0.09 (921.51) + 40,960 × 0.085 (3,481.60)
        // + 10,240 × 0.07 (716.80) = 5,119.91.
        assert_eq!(cost(&aws, "61440"), d("5119.91"));
        // 200 TB = 204,800 GB, beyond 150 TB: the whole volume × 0.05 = 10,240.00
        // (graduated all the way it would be 921.51 + 3,481.60 + 102,400 × 0.07
        // + 51,200 × 0.05 = 14,131.11).
        assert_eq!(cost(&aws, "204800"), d("10240.00"));
        // The bracket edge: 150 TB itself is still graduated (921.51 + 3,481.60 +
        // 7,168.00 = 11,571.11); one GB more is priced whole: 153,601 × 0.05 = 7,680.05.
        assert_eq!(cost(&aws, "153600"), d("11571.11"));
        assert_eq!(cost(&aws, "153601"), d("7680.05"));
        let mut graduated = aws.clone();
        graduated.tiers.last_mut().unwrap().bracket = false;
        assert_eq!(cost(&graduated, "204800"), d("14131.11"));
        // GCP: the rate of the bracket the volume falls in, on the whole volume:
        // 0.12 to 1 TB, 0.11 to 10 TB, 0.08 above.
        // 0.5 GB × 0.12 = 0.06.
        assert_eq!(cost(&gcp, "0.5"), d("0.06"));
        // 5,120 GB × 0.11 = 563.20.
        assert_eq!(cost(&gcp, "5120"), d("563.20"));
        // 61,440 GB × 0.08 = 4,915.20.
        assert_eq!(cost(&gcp, "61440"), d("4915.20"));
        // 204,800 GB × 0.08 = 16,384.00.
        assert_eq!(cost(&gcp, "204800"), d("16384.00"));
        // The arithmetic says which rule applied.
        let (_, why) = egress_cost(&aws, d("204800")).unwrap();
        assert!(
            why.to_string().contains("bracket: 204800 GB × 0.05"),
            "{why}"
        );
    }

    /// The derived enum texts are the words the files and outputs always used.
    #[test]
    fn enum_texts_are_the_serde_names() {
        use crate::model::workload::{JobKind, Precision, WorkUnit};
        let serde_name = |v: serde_json::Value| v.as_str().unwrap().to_string();
        for j in [JobKind::Training, JobKind::FineTuning, JobKind::Inference] {
            assert_eq!(j.as_str(), serde_name(serde_json::to_value(j).unwrap()));
        }
        for u in [
            WorkUnit::Samples,
            WorkUnit::Tokens,
            WorkUnit::Requests,
            WorkUnit::BenchmarkRuns,
        ] {
            assert_eq!(u.as_str(), serde_name(serde_json::to_value(u).unwrap()));
        }
        for p in [
            Precision::Fp32,
            Precision::Tf32,
            Precision::Bf16,
            Precision::Fp16,
            Precision::Fp8,
        ] {
            assert_eq!(p.as_str(), serde_name(serde_json::to_value(p).unwrap()));
        }
        use crate::model::common::EvidenceStatus;
        use crate::model::rule_pack::{Area, Severity};
        for a in Area::ALL {
            assert_eq!(a.key(), serde_name(serde_json::to_value(a).unwrap()));
        }
        for v in [
            Severity::Knockout,
            Severity::Major,
            Severity::Minor,
            Severity::Info,
        ] {
            assert_eq!(v.key(), serde_name(serde_json::to_value(v).unwrap()));
        }
        for v in [
            EvidenceStatus::Verified,
            EvidenceStatus::SelfDeclared,
            EvidenceStatus::ThirdParty,
            EvidenceStatus::KeywordProbe,
        ] {
            assert_eq!(v.as_str(), serde_name(serde_json::to_value(v).unwrap()));
        }
        for v in [
            crate::eval::Outcome::Pass,
            crate::eval::Outcome::Fail,
            crate::eval::Outcome::Unknown,
        ] {
            assert_eq!(v.key(), serde_name(serde_json::to_value(v).unwrap()));
        }
        assert_eq!(BasisKind::BenchmarkDerived.as_str(), "benchmark-derived");
        assert_eq!(BasisKind::NoBasis.as_str(), "no basis");
        assert_eq!(LineKind::ComputeOnDemand.as_str(), "compute (on-demand)");
        assert_eq!(LineKind::Egress.as_str(), "egress");
    }

    /// The buffer without a division gives the same figures as with one.
    #[test]
    fn buffer_without_division_equals_the_division() {
        let pcts = ["0", "5", "12.5", "20", "33.33", "100", "7.125", "0.001"];
        for p in pcts {
            let pct = Decimal::from_str(p).unwrap();
            for c in (-5_000..50_000i64).chain((0..500).map(|i| 123_456_789_000 + i * 7919)) {
                for scale in [2, 0, 1, 3] {
                    let sum = Decimal::new(c, scale);
                    assert_eq!(
                        buffer_of(sum, pct),
                        cents(sum * pct / Decimal::from(100)),
                        "{sum} × {pct} %"
                    );
                }
            }
        }
    }
}
