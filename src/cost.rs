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

use std::collections::{BTreeMap, BTreeSet};

use rust_decimal::{Decimal, RoundingStrategy};
use serde::Serialize;

use crate::diag::Diagnostic;
use crate::model::gpu::gpu_model;
use crate::model::provider::{EgressPrice, Offer, ProviderProfile, TierMode};
use crate::model::rent_vs_buy::RentVsBuy;
use crate::model::workload::{JobKind, Workload};
use crate::model::{Amount, Requirements};

pub mod advice;
pub mod benchmarks;
pub mod csv;
pub mod ownership;
pub mod render;
pub mod text;
pub mod validate;

pub use benchmarks::{Benchmarks, MLPERF_NOTE};

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
    Missing(String),
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

/// How an offer's throughput is known.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum BasisKind {
    /// The measured run used this GPU model: factor 1.
    Measured,
    /// From benchmark rows (cited).
    BenchmarkDerived,
    /// No usable rows: no cost is given.
    NoBasis,
}

impl BasisKind {
    pub fn as_str(self) -> &'static str {
        match self {
            BasisKind::Measured => "measured",
            BasisKind::BenchmarkDerived => "benchmark-derived",
            BasisKind::NoBasis => "no basis",
        }
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
    pub calculation: String,
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
    pub explanation: String,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub benchmark: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub relative: Option<benchmarks::RelativeSpeed>,
    /// The one-line form shown per offer (computed once per model).
    #[serde(skip)]
    pub short: String,
}

/// Billing terms as used, with what was assumed.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct BillingTerms {
    pub increment_seconds: u64,
    pub increment_assumed: bool,
    pub minimum_seconds: u64,
    pub minimum_assumed: bool,
    pub minimum_term_months: u32,
    pub minimum_term_assumed: bool,
}

/// What a line item is for.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum LineKind {
    ComputeOnDemand,
    ComputeSpot,
    Storage,
    Egress,
    Operation,
}

impl LineKind {
    pub fn as_str(self) -> &'static str {
        match self {
            LineKind::ComputeOnDemand => "compute (on-demand)",
            LineKind::ComputeSpot => "compute (spot)",
            LineKind::Storage => "storage",
            LineKind::Egress => "egress",
            LineKind::Operation => "operation",
        }
    }
}

/// One line of an offer's cost, with the arithmetic.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct LineItem {
    pub item: LineKind,
    /// In the report currency, rounded half-to-even to cents.
    pub amount: Money,
    /// In the price's currency, unrounded.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub original: Option<Amount>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub original_currency: Option<String>,
    /// 1 original unit = `rate` report units.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub rate: Option<Amount>,
    /// The arithmetic, written out.
    pub calculation: String,
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
    pub reason: String,
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
    pub provider_id: String,
    pub provider_name: String,
    pub offer_id: String,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub instance_type: Option<String>,
    pub region: String,
    pub gpu_model: String,
    pub gpus_per_instance: u32,
    /// Currency of the offer's prices.
    pub currency: String,
    pub basis: BasisKind,
    pub basis_explanation: String,
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
    pub lines: Vec<LineItem>,
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
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub assumptions: Vec<String>,
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
        let item = self
            .lines
            .iter()
            .find(|l| l.item == kind)?
            .amount
            .amount()?;
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
    pub work_calculation: String,
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
    pub budget: advice::BudgetAdvice,
    pub recommendations: Vec<advice::Recommendation>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub rent_vs_buy: Option<ownership::RentVsBuyResult>,
    /// Method assumptions that hold for every offer.
    pub method_notes: Vec<String>,
    /// Benchmark table files read.
    pub benchmark_files: Vec<String>,
    /// Every benchmark row used (reference and relative speeds), with its source, by row ID.
    pub benchmark_rows: Vec<benchmarks::BenchmarkRow>,
    /// When the comparison was restricted (e.g. to the assessment's eligible providers):
    /// the provider IDs allowed, sorted.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub allowed_providers: Option<Vec<String>>,
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
pub fn compare(inputs: &CostInputs) -> Result<CostComparison, Vec<Diagnostic>> {
    let w = inputs.workload;
    let mut diags = validate::workload(w, inputs.workload_file, Some(inputs.benchmarks));
    if let Some(r) = inputs.rent_vs_buy {
        diags.extend(validate::rent_vs_buy(r, inputs.rent_vs_buy_file));
    }
    let rates = Rates::from_requirements(inputs.requirements);
    let providers: Vec<&ProviderProfile> = inputs
        .providers
        .iter()
        .filter(|p| inputs.allowed_providers.is_none_or(|a| a.contains(&p.id)))
        .collect();
    diags.extend(check_rates(&rates, &providers, inputs));
    if diags.iter().any(Diagnostic::is_error) {
        return Err(diags);
    }
    let mut ctx = Context::new(w, inputs.benchmarks, &rates)?;
    ctx.prepare(inputs.benchmarks, &providers);

    let mut offers = Vec::with_capacity(providers.iter().map(|p| p.offers.len()).sum());
    for p in &providers {
        // Storage, egress and operation depend on the provider only: once per provider.
        let op = operation_offer(&ctx, p);
        let side = ctx.side_lines(p, &op);
        for o in &p.offers {
            offers.push(ctx.offer(p, o, &side));
        }
    }
    let comparison_basis = rank(&mut offers, w.buffer_pct.0);

    let gpu_bases: Vec<GpuBasis> = ctx.bases.values().cloned().collect();
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
    let budget = advice::budget(&offers, &comparison_basis, &rates.report);
    let recommendations = advice::recommendations(w, &offers, &budget, &rates.report);
    let rent_vs_buy = inputs
        .rent_vs_buy
        .map(|r| ownership::compare(r, &providers, &rates));
    let mut method_notes = vec![
        format!(
            "Job throughput with n GPUs = per-GPU throughput × n × {}^log2(n) (scaling efficiency per doubling).",
            w.scaling_efficiency
        ),
        "Instances = ceil(GPUs per job / GPUs per instance); unused GPUs of a partly used instance are paid for.".into(),
        "Compute seconds are rounded up to whole seconds, then to the billing increment, and raised to the minimum billed duration and the minimum term (1 month = 730 h).".into(),
        "Each line item is converted into the report currency and rounded half-to-even to cents; subtotal, buffer and total add up the rounded figures.".into(),
        format!(
            "Range: throughput ±{}% (measured GPU) or ±{}% (benchmark-derived); compute time = work / throughput, so low = time / (1 + u), high = time / (1 − u).",
            w.uncertainty.measured_pct, w.uncertainty.benchmark_pct
        ),
        "The table is ranked by the comparable total (on-demand compute plus the items known for every ranked offer, plus the buffer); the complete total is shown where every item is known; the spot total is shown beside it.".into(),
    ];
    if w.spot.accepted {
        method_notes.push("Spot rework = interruptions × (checkpoint interval / 2 + restart time); interruptions = compute hours / 100 × interruptions per 100 hours (first order: rework itself is not interrupted again). Minimum durations are not charged again per restart.".into());
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
        budget,
        recommendations,
        rent_vs_buy,
        method_notes,
        benchmark_files: inputs.benchmarks.files.clone(),
        benchmark_rows,
        allowed_providers: inputs
            .allowed_providers
            .map(|a| a.iter().cloned().collect()),
    })
}

/// Every currency a price is given in needs a rate into the report currency.
fn check_rates(
    rates: &Rates,
    providers: &[&ProviderProfile],
    inputs: &CostInputs,
) -> Vec<Diagnostic> {
    let mut missing: BTreeMap<String, Vec<String>> = BTreeMap::new();
    let mut need = |cur: &str, what: String| {
        if rates.rate(cur).is_none() {
            missing.entry(cur.to_string()).or_default().push(what);
        }
    };
    for p in providers {
        for (i, o) in p.offers.iter().enumerate() {
            need(
                &o.currency,
                format!("provider {} /offers/{i}/currency", p.id),
            );
        }
        if let Some(s) = &p.storage {
            need(&s.currency, format!("provider {} /storage/currency", p.id));
        }
        if let Some(e) = &p.egress {
            need(&e.currency, format!("provider {} /egress/currency", p.id));
        }
    }
    if let Some(r) = inputs.rent_vs_buy {
        need(
            &r.currency,
            format!(
                "{} /currency",
                inputs.rent_vs_buy_file.unwrap_or("rent-vs-buy inputs")
            ),
        );
    }
    missing
        .into_iter()
        .map(|(cur, places)| {
            let n = places.len();
            let shown: Vec<String> = places.into_iter().take(3).collect();
            Diagnostic::error(
                "missing-exchange-rate",
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
    bases: BTreeMap<String, GpuBasis>,
    /// Fraction of the throughput, ± (measured, benchmark).
    uncertainty: (f64, f64),
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
                format!(
                    "{} {} per month × {} months",
                    fmt_f(m),
                    w.work.unit.as_str(),
                    fmt_f(n)
                ),
            )
        } else {
            let (e, n) = (
                w.work.per_epoch.unwrap_or(0.0),
                w.work.epochs.unwrap_or(0.0),
            );
            (
                e * n,
                format!(
                    "{} {} per epoch × {} epochs",
                    fmt_f(e),
                    w.work.unit.as_str(),
                    fmt_f(n)
                ),
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
                calculation: format!(
                    "{} {} / {} s / ({} GPUs × {}^log2({}) = {}) = {} {} per GPU-second ({} precision)",
                    fmt_f(m.work_done),
                    w.work.unit.as_str(),
                    fmt_f(m.wall_seconds),
                    m.gpu_count,
                    w.scaling_efficiency,
                    m.gpu_count,
                    fmt_f(scaled),
                    fmt_f(per_gpu),
                    w.work.unit.as_str(),
                    m.precision.as_str()
                ),
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
                .map_err(|why| vec![Diagnostic::error("no-benchmark-rows", why)])?;
            let scaled = scaled_gpus(count, w.scaling_efficiency);
            let per_gpu = abs.per_second / scaled;
            let first = match table {
                benchmarks::Table::Training => format!(
                    "1 run / ({} min median time to train × 60)",
                    fmt_f(abs.median)
                ),
                benchmarks::Table::Inference => {
                    format!("{} {} median", fmt_f(abs.median), abs.metric)
                }
            };
            ReferenceThroughput {
                source: "benchmark",
                gpu_model: gpu.clone(),
                gpu_count: count,
                per_gpu_per_second: per_gpu,
                work_unit: w.work.unit.as_str().into(),
                calculation: format!(
                    "{first} on {count} × {gpu} / ({count} × {}^log2({count}) = {}) = {} {} per GPU-second (rows {})",
                    w.scaling_efficiency,
                    fmt_f(scaled),
                    fmt_f(per_gpu),
                    w.work.unit.as_str(),
                    abs.rows.join(", ")
                ),
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
            bases: BTreeMap::new(),
            uncertainty: (
                w.uncertainty.measured_pct / 100.0,
                w.uncertainty.benchmark_pct / 100.0,
            ),
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
        let no = |why: String| GpuBasis {
            gpu_model: gpu.to_string(),
            basis: BasisKind::NoBasis,
            factor: None,
            per_gpu_per_second: None,
            uncertainty_pct: None,
            explanation: why,
            benchmark: bench_name.clone(),
            relative: None,
            short: String::new(),
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
                explanation: if measured {
                    format!("measured on {gpu}: factor 1")
                } else {
                    format!("the reference rows are for {gpu}: factor 1")
                },
                benchmark: bench_name,
                relative: None,
                short: String::new(),
            };
        }
        let Some(bref) = bench else {
            return no(format!(
                "the workload names no benchmark to compare {gpu} with the measured {}",
                r.gpu_model
            ));
        };
        let Some(offer_model) = gpu_model(gpu) else {
            return no(format!("{gpu} is not a GPU model of the catalogue"));
        };
        let Some(offer_family) = offer_model.benchmark_family else {
            return no(format!(
                "{gpu} does not state its form factor, so no benchmark rows stand for it"
            ));
        };
        let Some(ref_family) = gpu_model(&r.gpu_model).and_then(|g| g.benchmark_family) else {
            return no(format!(
                "the reference GPU {} does not state its form factor, so no benchmark rows stand for it",
                r.gpu_model
            ));
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
                let metric = match table {
                    benchmarks::Table::Training => "time to train",
                    benchmarks::Table::Inference => "throughput",
                };
                let explanation = match table {
                    benchmarks::Table::Training => format!(
                        "factor {} = median {metric} of {} {} min on {} × {} ({} rows: {}) / median {} min on {} × {gpu} ({} rows: {})",
                        fmt_f(rel.factor),
                        rel.benchmark,
                        fmt_f(rel.reference_median),
                        rel.gpu_count,
                        r.gpu_model,
                        rel.reference_rows.len(),
                        rel.reference_rows.join(", "),
                        fmt_f(rel.offer_median),
                        rel.gpu_count,
                        rel.offer_rows.len(),
                        rel.offer_rows.join(", ")
                    ),
                    benchmarks::Table::Inference => format!(
                        "factor {} = median {metric} of {} {} on {} × {gpu} ({} rows: {}) / median {} on {} × {} ({} rows: {})",
                        fmt_f(rel.factor),
                        rel.benchmark,
                        fmt_f(rel.offer_median),
                        rel.gpu_count,
                        rel.offer_rows.len(),
                        rel.offer_rows.join(", "),
                        fmt_f(rel.reference_median),
                        rel.gpu_count,
                        r.gpu_model,
                        rel.reference_rows.len(),
                        rel.reference_rows.join(", ")
                    ),
                };
                let explanation = if rel.same_submitters.is_empty() {
                    explanation
                } else {
                    format!(
                        "{explanation}; only submitters with rows for both models: {}",
                        rel.same_submitters.join(", ")
                    )
                };
                let explanation = match &rel.fallback_reason {
                    Some(why) => format!("{explanation}; {} used instead of {why}", rel.benchmark),
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
                    short: String::new(),
                }
            }
            Err(why) => no(why),
        }
    }

    /// Billing terms of an offer, with assumptions for unknown ones.
    fn billing(o: &Offer, assumptions: &mut Vec<String>) -> BillingTerms {
        let (increment_seconds, increment_assumed) = match o.billing_increment_seconds.get() {
            Some(&s) if s > 0 => (u64::from(s), false),
            _ => {
                assumptions.push(format!(
                    "billing increment not stated: per-hour billing ({ASSUMED_INCREMENT_SECONDS} s) assumed"
                ));
                (ASSUMED_INCREMENT_SECONDS, true)
            }
        };
        let (minimum_seconds, minimum_assumed) = match o.minimum_billed_seconds.get() {
            Some(&s) => (u64::from(s), false),
            None => {
                assumptions.push(
                    "minimum billed duration not stated: none assumed beyond one billing increment"
                        .into(),
                );
                (0, true)
            }
        };
        let (minimum_term_months, minimum_term_assumed) = match o.minimum_term_months.get() {
            Some(&m) => (m, false),
            None => {
                assumptions.push("minimum contract term not stated: none assumed".into());
                (0, true)
            }
        };
        BillingTerms {
            increment_seconds,
            increment_assumed,
            minimum_seconds,
            minimum_assumed,
            minimum_term_months,
            minimum_term_assumed,
        }
    }

    fn offer(&self, p: &ProviderProfile, o: &Offer, side: &Side) -> OfferCost {
        let mut assumptions = Vec::new();
        let billing = Self::billing(o, &mut assumptions);
        let n = self.w.gpus_per_job;
        let gpi = o.gpus_per_instance;
        let instances = if gpi == 0 { 0 } else { n.div_ceil(gpi) };
        // Every offer's GPU model was prepared; the fallback only guards against a bug.
        let fallback;
        let basis = match self.bases.get(&o.gpu_model) {
            Some(b) => b,
            None => {
                fallback = GpuBasis {
                    gpu_model: o.gpu_model.clone(),
                    basis: BasisKind::NoBasis,
                    factor: None,
                    per_gpu_per_second: None,
                    uncertainty_pct: None,
                    explanation: "basis not computed".into(),
                    benchmark: None,
                    relative: None,
                    short: String::new(),
                };
                &fallback
            }
        };
        let mut cost = OfferCost {
            rank: None,
            provider_id: p.id.clone(),
            provider_name: p.name.clone(),
            offer_id: o.id.clone(),
            instance_type: o.instance_type.clone(),
            region: o.region.clone(),
            gpu_model: o.gpu_model.clone(),
            gpus_per_instance: gpi,
            currency: o.currency.clone(),
            basis: basis.basis,
            basis_explanation: basis.short.clone(),
            factor: basis.factor,
            instances,
            compute_seconds: None,
            gpu_hours: None,
            time_to_result_hours: None,
            billed_seconds: None,
            billing,
            lines: Vec::new(),
            totals: Totals {
                subtotal: Money::Missing(String::new()),
                buffer: Money::Missing(String::new()),
                total: Money::Missing(String::new()),
                known_part: None,
            },
            comparable: None,
            range: CostRange {
                uncertainty_pct: basis.uncertainty_pct.unwrap_or(0.0),
                low: Money::Missing(String::new()),
                high: Money::Missing(String::new()),
            },
            spot: None,
            assumptions,
        };
        let Some(per_gpu) = basis.per_gpu_per_second else {
            let why = format!("no basis: {}", basis.explanation);
            cost.totals = Totals::missing(&why);
            cost.range.low = Money::Missing(why.clone());
            cost.range.high = Money::Missing(why);
            return cost;
        };
        if gpi == 0 {
            let why = "the offer states 0 GPUs per instance".to_string();
            cost.totals = Totals::missing(&why);
            cost.range.low = Money::Missing(why.clone());
            cost.range.high = Money::Missing(why);
            return cost;
        }
        if instances > 1 {
            cost.assumptions.push(format!(
                "the job spans {instances} instances; the network between them is covered only by the scaling efficiency"
            ));
        }
        let job_per_second = per_gpu * scaled_gpus(n, self.w.scaling_efficiency);
        let seconds_f = self.total_work / job_per_second;
        let Some(seconds) = whole_seconds(seconds_f) else {
            let why = format!("compute time {seconds_f} s is out of range");
            cost.totals = Totals::missing(&why);
            cost.range.low = Money::Missing(why.clone());
            cost.range.high = Money::Missing(why);
            return cost;
        };
        cost.compute_seconds = Some(seconds);
        cost.gpu_hours = Some(Amount(round2(
            Decimal::from(seconds) * Decimal::from(n) / Decimal::from(3600),
        )));
        cost.time_to_result_hours =
            Some(Amount(round2(Decimal::from(seconds) / Decimal::from(3600))));
        let billed = billed_seconds(seconds, &cost.billing);
        cost.billed_seconds = Some(billed);

        let compute = self.compute_line(
            LineKind::ComputeOnDemand,
            o,
            instances,
            seconds,
            billed,
            o.price_on_demand,
            "the offer has no on-demand price",
        );
        cost.totals = self.totals(&compute.amount, LineKind::ComputeOnDemand, side);
        let od_compute = compute.amount.amount();
        let mut lines = Vec::with_capacity(side.lines.len() + 1);
        lines.push(compute);
        lines.extend_from_slice(&side.lines);
        cost.lines = lines;

        // Range from the throughput uncertainty: amounts only, no text.
        let u = basis.uncertainty_pct.unwrap_or(0.0) / 100.0;
        let range_total = |factor: f64| -> Money {
            let Some(s) = whole_seconds(seconds_f * factor) else {
                return Money::Missing("compute time out of range".into());
            };
            let b = billed_seconds(s, &cost.billing);
            let c = self.compute_money(
                o,
                instances,
                b,
                o.price_on_demand,
                "the offer has no on-demand price",
            );
            self.total(&c, LineKind::ComputeOnDemand, side)
        };
        let low = range_total(1.0 / (1.0 + u));
        let high = range_total(1.0 / (1.0 - u));
        cost.range.low = low;
        cost.range.high = high;

        if self.w.spot.accepted {
            cost.spot = Some(Box::new(
                self.spot(o, instances, seconds_f, &cost, od_compute, side),
            ));
        }
        cost
    }

    fn spot(
        &self,
        o: &Offer,
        instances: u32,
        seconds_f: f64,
        od: &OfferCost,
        od_compute: Option<Decimal>,
        side: &Side,
    ) -> SpotVariant {
        let s = &self.w.spot;
        let ckpt = s.checkpoint_interval_minutes.unwrap_or(0.0);
        let restart = s.restart_minutes.unwrap_or(0.0);
        let rate = s.interruptions_per_100_hours.unwrap_or(0.0);
        let interruptions = seconds_f / 3600.0 / 100.0 * rate;
        let rework_f = interruptions * (ckpt / 2.0 + restart) * 60.0;
        let (Some(rework), Some(total_s)) =
            (whole_seconds(rework_f), whole_seconds(seconds_f + rework_f))
        else {
            let why = "spot compute time out of range".to_string();
            return SpotVariant {
                compute: LineItem::missing(LineKind::ComputeSpot, why.clone()),
                rework_seconds: None,
                billed_seconds: None,
                time_to_result_hours: None,
                totals: Totals::missing(&why),
                range: CostRange {
                    uncertainty_pct: od.range.uncertainty_pct,
                    low: Money::Missing(why.clone()),
                    high: Money::Missing(why.clone()),
                },
                saving: Money::Missing(why),
                saving_pct: None,
            };
        };
        // The spot total for a compute time (rework grows with it), for the range.
        let total_for = |secs: f64| -> Money {
            let rw = secs / 3600.0 / 100.0 * rate * (ckpt / 2.0 + restart) * 60.0;
            let Some(t) = whole_seconds(secs + rw) else {
                return Money::Missing("spot compute time out of range".into());
            };
            let b = billed_seconds(t, &od.billing);
            let c =
                self.compute_money(o, instances, b, o.price_spot, "the offer has no spot price");
            self.total(&c, LineKind::ComputeSpot, side)
        };
        let u = od.range.uncertainty_pct / 100.0;
        let range = CostRange {
            uncertainty_pct: od.range.uncertainty_pct,
            low: total_for(seconds_f / (1.0 + u)),
            high: total_for(seconds_f / (1.0 - u)),
        };
        let billed = billed_seconds(total_s, &od.billing);
        let mut compute = self.compute_line(
            LineKind::ComputeSpot,
            o,
            instances,
            total_s,
            billed,
            o.price_spot,
            "the offer has no spot price",
        );
        compute.calculation = format!(
            "rework = {} interruptions ({} compute h / 100 × {}) × ({} min / 2 + {} min) = {} s; {}",
            fmt_f(interruptions),
            fmt_f(seconds_f / 3600.0),
            fmt_f(rate),
            fmt_f(ckpt),
            fmt_f(restart),
            rework,
            compute.calculation
        );
        let totals = self.totals(&compute.amount, LineKind::ComputeSpot, side);
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
                Money::Missing("no on-demand compute cost to compare".into()),
                None,
            ),
            (_, None) => (Money::Missing("no spot price".into()), None),
        };
        SpotVariant {
            compute,
            rework_seconds: Some(rework),
            billed_seconds: Some(billed),
            time_to_result_hours: Some(Amount(round2(
                Decimal::from(total_s) / Decimal::from(3600),
            ))),
            totals,
            range,
            saving,
            saving_pct,
        }
    }

    /// k × billed seconds × price per instance-hour / 3600, converted, with the arithmetic.
    #[allow(clippy::too_many_arguments)]
    fn compute_line(
        &self,
        kind: LineKind,
        o: &Offer,
        instances: u32,
        seconds: u64,
        billed: u64,
        price: Option<Amount>,
        missing: &str,
    ) -> LineItem {
        let Some(price) = price else {
            return LineItem::missing(kind, missing.to_string());
        };
        let original =
            Decimal::from(instances) * Decimal::from(billed) * price.0 / Decimal::from(3600);
        let calc = format!(
            "{instances} instance(s) × {billed} s billed ({seconds} s computed) / 3600 × {price} {}/instance-h",
            o.currency
        );
        self.converted(kind, original, &o.currency, calc)
    }

    /// The same amount as `compute_line`, without the text (for ranges).
    fn compute_money(
        &self,
        o: &Offer,
        instances: u32,
        billed: u64,
        price: Option<Amount>,
        missing: &str,
    ) -> Money {
        let Some(price) = price else {
            return Money::Missing(missing.to_string());
        };
        let Some(rate) = self.rates.rate(&o.currency) else {
            return Money::Missing(format!("no exchange rate for {}", o.currency));
        };
        let original =
            Decimal::from(instances) * Decimal::from(billed) * price.0 / Decimal::from(3600);
        Money::of(cents(original * rate))
    }

    fn converted(
        &self,
        kind: LineKind,
        original: Decimal,
        currency: &str,
        calc: String,
    ) -> LineItem {
        // Rates were checked before; a missing one here would be a bug, shown as missing.
        let Some(rate) = self.rates.rate(currency) else {
            return LineItem::missing(kind, format!("no exchange rate for {currency}"));
        };
        let amount = cents(original * rate);
        let calculation = if currency == self.rates.report {
            format!("{calc} = {} {currency}", fmt_d(cents(original)))
        } else {
            format!(
                "{calc} = {} {currency} × {} {}/{currency} = {} {}",
                fmt_d(original.round_dp(6)),
                rate.normalize(),
                self.rates.report,
                fmt_d(amount),
                self.rates.report
            )
        };
        LineItem {
            item: kind,
            amount: Money::of(amount),
            original: Some(Amount(original)),
            original_currency: Some(currency.to_string()),
            rate: Some(Amount(rate)),
            calculation,
        }
    }

    /// Storage, egress and operation lines (the same for on-demand and spot).
    fn side_lines(&self, p: &ProviderProfile, op: &OperationOffer) -> Side {
        let lines = self.side_items(p, op);
        let mut sum = Decimal::ZERO;
        let mut missing: Vec<String> = Vec::new();
        for l in &lines {
            match &l.amount {
                Money::Amount(a) => sum += a.0,
                Money::Missing(why) => missing.push(format!("{}: {why}", l.item.as_str())),
            }
        }
        Side {
            lines,
            sum,
            missing: (!missing.is_empty()).then(|| missing.join("; ")),
        }
    }

    fn side_items(&self, p: &ProviderProfile, op: &OperationOffer) -> Vec<LineItem> {
        let d = &self.w.data;
        let mut lines = Vec::new();
        // Storage.
        let volume = d.dataset_gb.0 + d.checkpoint_gb.0 * Decimal::from(d.checkpoints_kept);
        if volume.is_zero() || d.storage_months.0.is_zero() {
            lines.push(LineItem {
                item: LineKind::Storage,
                amount: Money::of(Decimal::ZERO),
                original: None,
                original_currency: None,
                rate: None,
                calculation: "no data stored (volume or months is 0)".into(),
            });
        } else if let Some(s) = &p.storage {
            let original = volume * s.price_per_gb_month.0 * d.storage_months.0;
            let calc = format!(
                "({} GB dataset + {} GB × {} checkpoints) = {} GB × {} {}/GB-month × {} months",
                d.dataset_gb,
                d.checkpoint_gb,
                d.checkpoints_kept,
                volume.normalize(),
                s.price_per_gb_month,
                s.currency,
                d.storage_months
            );
            lines.push(self.converted(LineKind::Storage, original, &s.currency, calc));
        } else {
            lines.push(LineItem::missing(
                LineKind::Storage,
                format!("price not stated by provider {} — ask the vendor", p.id),
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
            lines.push(LineItem {
                item: LineKind::Egress,
                amount: Money::of(Decimal::ZERO),
                original: None,
                original_currency: None,
                rate: None,
                calculation: "no egress".into(),
            });
        } else if let Some(e) = &p.egress {
            let mut parts = Vec::new();
            let mut original = Decimal::ZERO;
            let mut failed = None;
            if !d.egress_gb.0.is_zero() {
                match egress_cost(e, d.egress_gb.0) {
                    Ok((c, calc)) => {
                        original += c;
                        parts.push(format!("one-off {} GB: {calc}", d.egress_gb));
                    }
                    Err(why) => failed = Some(why),
                }
            }
            if let Some((gb, months)) = monthly {
                match egress_cost(e, gb) {
                    Ok((c, calc)) => {
                        original += c * months;
                        parts.push(format!(
                            "{} GB per month: ({calc}) × {} months",
                            gb.normalize(),
                            months.normalize()
                        ));
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
                    parts.join("; "),
                )),
            }
        } else {
            lines.push(LineItem::missing(
                LineKind::Egress,
                format!("price not stated by provider {} — ask the vendor", p.id),
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
                } => {
                    let original =
                        Decimal::from(*instances) * price.0 * o.hours_per_month.0 * o.months.0;
                    let calc = format!(
                        "{instances} instance(s) of {offer_id} × {} h/month × {} months × {price} {currency}/instance-h",
                        o.hours_per_month, o.months
                    );
                    lines.push(self.converted(LineKind::Operation, original, currency, calc));
                }
                OperationOffer::Missing(why) => {
                    lines.push(LineItem::missing(LineKind::Operation, why.clone()));
                }
            }
        }
        lines
    }

    /// Subtotal, buffer and total from the compute amount and the side lines.
    fn totals(&self, compute: &Money, kind: LineKind, side: &Side) -> Totals {
        match Self::missing_reason(compute, kind, side) {
            Some(why) => {
                let mut t = Totals::missing(&why);
                t.known_part = Some(Amount(compute.amount().unwrap_or(Decimal::ZERO) + side.sum));
                t
            }
            None => {
                let sum = compute.amount().unwrap_or(Decimal::ZERO) + side.sum;
                let buffer = cents(sum * self.w.buffer_pct.0 / Decimal::from(100));
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
    fn total(&self, compute: &Money, kind: LineKind, side: &Side) -> Money {
        match Self::missing_reason(compute, kind, side) {
            Some(why) => Money::Missing(why),
            None => {
                let sum = compute.amount().unwrap_or(Decimal::ZERO) + side.sum;
                Money::of(sum + cents(sum * self.w.buffer_pct.0 / Decimal::from(100)))
            }
        }
    }

    /// Why the total is missing: "item: why" for the compute line and each side line, in order.
    fn missing_reason(compute: &Money, kind: LineKind, side: &Side) -> Option<String> {
        match (compute, &side.missing) {
            (Money::Amount(_), None) => None,
            (Money::Amount(_), Some(s)) => Some(s.clone()),
            (Money::Missing(why), None) => Some(format!("{}: {why}", kind.as_str())),
            (Money::Missing(why), Some(s)) => Some(format!("{}: {why}; {s}", kind.as_str())),
        }
    }
}

/// Storage, egress and operation of one provider (the same for all its offers), with their sum
/// and the reasons of the missing ones, worked out once per provider.
struct Side {
    lines: Vec<LineItem>,
    /// Sum of the known side amounts.
    sum: Decimal,
    /// "item: why" for each missing side line, joined with "; ".
    missing: Option<String>,
}

impl GpuBasis {
    /// The per-offer explanation: the reason (no basis) or the factor with a pointer to the rows.
    fn short_explanation(&self) -> String {
        match (&self.basis, &self.relative) {
            (BasisKind::BenchmarkDerived, Some(rel)) => format!(
                "factor {} from {} + {} {} rows at {} GPUs (rows listed under gpu_bases)",
                fmt_f(rel.factor),
                rel.reference_rows.len(),
                rel.offer_rows.len(),
                rel.benchmark,
                rel.gpu_count
            ),
            _ => self.explanation.clone(),
        }
    }
}

impl Totals {
    fn missing(why: &str) -> Self {
        Totals {
            subtotal: Money::Missing(why.to_string()),
            buffer: Money::Missing(why.to_string()),
            total: Money::Missing(why.to_string()),
            known_part: None,
        }
    }
}

impl LineItem {
    fn missing(item: LineKind, why: String) -> Self {
        LineItem {
            item,
            amount: Money::Missing(why),
            original: None,
            original_currency: None,
            rate: None,
            calculation: String::new(),
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
    },
    Missing(String),
}

/// The provider's cheapest on-demand way (in report currency) to run the operation GPUs.
fn operation_offer(ctx: &Context, p: &ProviderProfile) -> OperationOffer {
    let Some(op) = &ctx.w.operation else {
        return OperationOffer::Missing(String::new());
    };
    let mut best: Option<(Decimal, &str, u32, Amount, &str)> = None;
    for o in &p.offers {
        if o.gpu_model != op.gpu_model || o.gpus_per_instance == 0 {
            continue;
        }
        let (Some(price), Some(rate)) = (o.price_on_demand, ctx.rates.rate(&o.currency)) else {
            continue;
        };
        let k = op.gpus.div_ceil(o.gpus_per_instance);
        let hourly = Decimal::from(k) * price.0 * rate;
        let better = match &best {
            None => true,
            Some((b, id, ..)) => hourly < *b || (hourly == *b && o.id.as_str() < *id),
        };
        if better {
            best = Some((hourly, &o.id, k, price, &o.currency));
        }
    }
    match best {
        Some((_, id, k, price, cur)) => OperationOffer::Found {
            offer_id: id.to_string(),
            instances: k,
            price,
            currency: cur.to_string(),
        },
        None => OperationOffer::Missing(format!(
            "provider {} has no on-demand offer of {} for operation",
            p.id, op.gpu_model
        )),
    }
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
pub fn egress_cost(e: &EgressPrice, gb: Decimal) -> Result<(Decimal, String), String> {
    let free = e.free_gb_per_month.0;
    let billable = (gb - free).max(Decimal::ZERO);
    let head = format!(
        "max(0, {} GB − {} GB free) = {} GB",
        gb.normalize(),
        free.normalize(),
        billable.normalize()
    );
    if billable.is_zero() {
        return Ok((Decimal::ZERO, format!("{head} → 0 {}", e.currency)));
    }
    if e.tiers.is_empty() {
        return Err("the egress price states no tiers".into());
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
                    parts.push(format!("{} GB × {}", gb_in.normalize(), t.price_per_gb));
                }
                match upper {
                    Some(u) if billable > u => lower = u,
                    _ => {
                        return Ok((
                            cost,
                            format!(
                                "{head}; graduated: {} = {} {}",
                                parts.join(" + "),
                                cost.normalize(),
                                e.currency
                            ),
                        ));
                    }
                }
            }
            Err(format!(
                "egress of {} GB lies beyond the last stated tier ({} GB)",
                billable.normalize(),
                lower.normalize()
            ))
        }
        TierMode::Volume => {
            for t in &e.tiers {
                if t.up_to_gb.is_none_or(|u| billable <= u.0) {
                    let cost = billable * t.price_per_gb.0;
                    return Ok((
                        cost,
                        format!(
                            "{head}; volume tier: {} GB × {} = {} {}",
                            billable.normalize(),
                            t.price_per_gb,
                            cost.normalize(),
                            e.currency
                        ),
                    ));
                }
            }
            Err(format!(
                "egress of {} GB lies beyond the last stated tier",
                billable.normalize()
            ))
        }
    }
}

/// Side items that may enter the comparable total, in output order.
const SIDE_ITEMS: [LineKind; 3] = [LineKind::Storage, LineKind::Egress, LineKind::Operation];

/// Ranks the offers by their comparable total and returns what it compares.
///
/// Ranked offers: those whose on-demand compute cost is known. Included items: compute,
/// and each side item known for every ranked offer (an item no offer has, such as
/// operation without an operation phase, is simply absent). Comparable subtotal = the sum
/// of the included (rounded) items; buffer = subtotal × buffer % rounded half-to-even to
/// cents; comparable total = subtotal + buffer. When nothing is excluded this equals the
/// complete total. Sort: ranked offers by comparable total, then unranked offers with a
/// known part (by it), then the rest; ties by provider and offer ID.
fn rank(offers: &mut Vec<OfferCost>, buffer_pct: Decimal) -> ComparisonBasis {
    fn item(o: &OfferCost, k: LineKind) -> Option<&Money> {
        o.lines.iter().find(|l| l.item == k).map(|l| &l.amount)
    }
    let ranked = |o: &OfferCost| {
        o.basis != BasisKind::NoBasis
            && matches!(item(o, LineKind::ComputeOnDemand), Some(Money::Amount(_)))
    };
    let n_ranked = offers.iter().filter(|o| ranked(o)).count();
    let mut included = vec![LineKind::ComputeOnDemand];
    let mut excluded = Vec::new();
    for k in SIDE_ITEMS {
        let mut providers: BTreeSet<&str> = BTreeSet::new();
        let mut reasons: BTreeSet<String> = BTreeSet::new();
        let mut missing_for = 0;
        let mut present = false;
        for o in offers.iter().filter(|o| ranked(o)) {
            match item(o, k) {
                Some(Money::Amount(_)) => present = true,
                Some(Money::Missing(why)) => {
                    present = true;
                    missing_for += 1;
                    // Side lines are the same for all offers of a provider: one reason each.
                    if providers.insert(&o.provider_id) {
                        // The provider is named in `providers`; say the reason once.
                        reasons.insert(why.replace(&format!(" {}", o.provider_id), ""));
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
                reason: reasons.into_iter().collect::<Vec<_>>().join("; "),
                providers: providers.into_iter().map(str::to_string).collect(),
            });
        }
    }
    for o in offers.iter_mut() {
        if !ranked(o) {
            continue;
        }
        let sub: Decimal = o
            .lines
            .iter()
            .filter(|l| included.contains(&l.item))
            .filter_map(|l| l.amount.amount())
            .sum();
        let buffer = cents(sub * buffer_pct / Decimal::from(100));
        o.comparable = Some(ComparableTotal {
            subtotal: Amount(sub),
            buffer: Amount(buffer),
            total: Amount(sub + buffer),
        });
    }
    fn key(o: &OfferCost) -> (u8, Decimal) {
        match (&o.comparable, o.totals.known_part) {
            (Some(c), _) => (0, c.total.0),
            (None, Some(k)) if o.basis != BasisKind::NoBasis => (1, k.0),
            _ => (2, Decimal::ZERO),
        }
    }
    // Sort small (key, index) pairs, then move each offer once: offers are large, and
    // sorting them in place moved each of them many times (docs/performance.md).
    let mut order: Vec<(u8, Decimal, usize)> = offers
        .iter()
        .enumerate()
        .map(|(i, o)| {
            let (group, amount) = key(o);
            (group, amount, i)
        })
        .collect();
    order.sort_unstable_by(|x, y| {
        let (a, b) = (&offers[x.2], &offers[y.2]);
        (x.0, x.1)
            .cmp(&(y.0, y.1))
            .then_with(|| a.provider_id.cmp(&b.provider_id))
            .then_with(|| a.offer_id.cmp(&b.offer_id))
            .then_with(|| x.2.cmp(&y.2))
    });
    let mut slots: Vec<Option<OfferCost>> = std::mem::take(offers).into_iter().map(Some).collect();
    let mut sorted = Vec::with_capacity(order.len());
    sorted.extend(order.iter().filter_map(|&(_, _, i)| slots[i].take()));
    *offers = sorted;
    let mut r = 0;
    for o in offers.iter_mut() {
        if o.comparable.is_some() {
            r += 1;
            o.rank = Some(r);
        }
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
    ComparisonBasis {
        ranked_by: if excluded.is_empty() {
            "total"
        } else {
            "comparable_total"
        },
        included,
        excluded,
        note,
    }
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
    /// Computes the basis of every GPU model the offers use (once per model).
    fn prepare(&mut self, b: &Benchmarks, providers: &[&ProviderProfile]) {
        let models: BTreeSet<&str> = providers
            .iter()
            .flat_map(|p| p.offers.iter().map(|o| o.gpu_model.as_str()))
            .collect();
        for m in models {
            let mut basis = self.basis(b, m);
            basis.short = basis.short_explanation();
            self.bases.insert(m.to_string(), basis);
        }
    }
}
