//! Cost model tests with the arithmetic written out, and `cloudvet cost` driven
//! through the real binary. Money is compared as exact decimals.

use std::collections::BTreeSet;
use std::process::Command;
use std::str::FromStr;

use cloudvet::cost::advice::BudgetAdvice;
use cloudvet::cost::ownership::BreakEven;
use cloudvet::cost::{
    self, BasisKind, Benchmarks, CostComparison, CostInputs, LineKind, Money, OfferCost,
    MLPERF_NOTE,
};
use cloudvet::model::rent_vs_buy::RentVsBuy;
use cloudvet::model::workload::Workload;
use cloudvet::model::{ProviderProfile, Requirements};
use rust_decimal::Decimal;

fn d(s: &str) -> Decimal {
    Decimal::from_str(s).unwrap()
}

/// A training workload measured on one H100-SXM at exactly 1 sample per second, so that
/// compute seconds = samples / (GPUs × efficiency^log2 GPUs). `extra` adds or overrides fields.
fn workload(per_epoch: &str, gpus: u32, extra: &str) -> Workload {
    // Buffer 0 unless the test sets one.
    let buffer = if extra.to_string().contains("buffer_pct") {
        ""
    } else {
        "buffer_pct: 0"
    };
    let text = format!(
        "kind: workload
schema_version: 1
name: test
job: training
work: {{unit: samples, per_epoch: {per_epoch}, epochs: 1}}
throughput:
  measured: {{gpu_model: H100-SXM, gpu_count: 1, work_done: 1, wall_seconds: 1, precision: bf16}}
  benchmark: {{name: llama2_70b_lora}}
gpus_per_job: {gpus}
{buffer}
{extra}"
    );
    serde_yaml::from_str(&text).unwrap()
}

fn provider(id: &str, offers: &str, rest: &str) -> ProviderProfile {
    let text = format!(
        "kind: provider
schema_version: 1
id: {id}
name: {id}
regions: [{{id: r1, country: DE}}]
offers:
{offers}
{rest}"
    );
    serde_yaml::from_str(&text).unwrap()
}

/// One offer line in flow style.
fn offer(id: &str, gpu: &str, gpi: u32, cur: &str, price: &str, billing: &str) -> String {
    format!(
        "  - {{id: {id}, region: r1, gpu_model: {gpu}, gpus_per_instance: {gpi}, currency: {cur}, price_on_demand: {price}, {billing}}}\n"
    )
}

fn requirements(report: &str, rates: &str) -> Requirements {
    serde_yaml::from_str(&format!(
        "kind: requirements
schema_version: 1
title: t
currency:
  report: {report}
  rates: {rates}
"
    ))
    .unwrap()
}

fn eur() -> Requirements {
    requirements(
        "EUR",
        "[{from: USD, rate: 0.9, date: 2026-11-27}, {from: CHF, rate: 0.5, date: 2026-11-27}]",
    )
}

fn compare_with(
    w: &Workload,
    ps: &[ProviderProfile],
    r: &Requirements,
    rvb: Option<&RentVsBuy>,
) -> CostComparison {
    let b = Benchmarks::embedded().unwrap();
    cost::compare(&CostInputs {
        workload: w,
        workload_file: None,
        providers: ps,
        requirements: r,
        benchmarks: &b,
        rent_vs_buy: rvb,
        rent_vs_buy_file: None,
        allowed_providers: None,
    })
    .unwrap()
}

fn compare(w: &Workload, ps: &[ProviderProfile], r: &Requirements) -> CostComparison {
    compare_with(w, ps, r, None)
}

fn find<'a>(c: &'a CostComparison, offer_id: &str) -> &'a OfferCost {
    c.offers.iter().find(|o| o.offer_id == offer_id).unwrap()
}

fn line(o: &OfferCost, k: LineKind) -> Decimal {
    o.lines
        .iter()
        .find(|l| l.item == k)
        .unwrap()
        .amount
        .amount()
        .unwrap()
}

fn total(o: &OfferCost) -> Decimal {
    o.totals.total.amount().unwrap()
}

const PER_SECOND: &str =
    "billing_increment_seconds: 1, minimum_billed_seconds: 0, minimum_term_months: 0";
const PER_MINUTE: &str =
    "billing_increment_seconds: 60, minimum_billed_seconds: 0, minimum_term_months: 0";
const PER_HOUR: &str =
    "billing_increment_seconds: 3600, minimum_billed_seconds: 0, minimum_term_months: 0";

#[test]
fn billing_increments_and_minimum_duration() {
    // 3,601 samples at 1 sample/s on 1 GPU = 3,601 s of compute. Price 36 EUR/h = 0.01 EUR/s.
    let w = workload("3601", 1, "");
    let p = provider(
        "p",
        &[
            offer("sec", "H100-SXM", 1, "EUR", "36", PER_SECOND),
            offer("min", "H100-SXM", 1, "EUR", "36", PER_MINUTE),
            offer("hour", "H100-SXM", 1, "EUR", "36", PER_HOUR),
            offer(
                "term",
                "H100-SXM",
                1,
                "EUR",
                "36",
                "billing_increment_seconds: 1, minimum_billed_seconds: 0, minimum_term_months: 1",
            ),
        ]
        .concat(),
        "",
    );
    let c = compare(&w, &[p], &eur());
    // Per second: 3,601 s billed × 36 / 3,600 = 36.01 EUR.
    let o = find(&c, "sec");
    assert_eq!(o.compute_seconds, Some(3601));
    assert_eq!(o.billed_seconds, Some(3601));
    assert_eq!(line(o, LineKind::ComputeOnDemand), d("36.01"));
    // Per minute: ceil(3,601 / 60) = 61 minutes = 3,660 s × 0.01 = 36.60 EUR.
    let o = find(&c, "min");
    assert_eq!(o.billed_seconds, Some(3660));
    assert_eq!(line(o, LineKind::ComputeOnDemand), d("36.60"));
    // Per hour: ceil(3,601 / 3,600) = 2 hours = 72.00 EUR.
    let o = find(&c, "hour");
    assert_eq!(o.billed_seconds, Some(7200));
    assert_eq!(line(o, LineKind::ComputeOnDemand), d("72.00"));
    // Minimum term of one month: at least 730 h × 36 = 26,280.00 EUR.
    let o = find(&c, "term");
    assert_eq!(o.billed_seconds, Some(730 * 3600));
    assert_eq!(line(o, LineKind::ComputeOnDemand), d("26280.00"));
    // Sorted by total, cheapest first.
    let order: Vec<&str> = c.offers.iter().map(|o| o.offer_id.as_str()).collect();
    assert_eq!(order, ["sec", "min", "hour", "term"]);
    assert_eq!(c.offers[0].rank, Some(1));

    // Minimum billed duration: 30 s of compute, minimum 60 s, per second → 60 s × 0.01 = 0.60 EUR.
    let w = workload("30", 1, "");
    let p = provider(
        "p",
        &offer(
            "min60",
            "H100-SXM",
            1,
            "EUR",
            "36",
            "billing_increment_seconds: 1, minimum_billed_seconds: 60, minimum_term_months: 0",
        ),
        "",
    );
    let c = compare(&w, &[p], &eur());
    let o = find(&c, "min60");
    assert_eq!(o.compute_seconds, Some(30));
    assert_eq!(o.billed_seconds, Some(60));
    assert_eq!(line(o, LineKind::ComputeOnDemand), d("0.60"));
}

#[test]
fn unknown_billing_increment_is_assumed_per_hour_and_marked() {
    // 3,601 s with no stated increment: per-hour worst case → 2 h × 36 = 72.00, with the assumption listed.
    let w = workload("3601", 1, "");
    let p = provider(
        "p",
        &offer("x", "H100-SXM", 1, "EUR", "36", "note: none"),
        "",
    );
    let c = compare(&w, &[p], &eur());
    let o = find(&c, "x");
    assert!(o.billing.increment_assumed && o.billing.minimum_assumed);
    assert_eq!(line(o, LineKind::ComputeOnDemand), d("72.00"));
    assert!(o
        .assumptions
        .iter()
        .any(|a| a.to_string().contains("per-hour billing")));
}

#[test]
fn multi_gpu_instances_and_scaling_efficiency() {
    // 12 GPUs per job, 8 per instance → ceil(12 / 8) = 2 instances.
    // Efficiency 1.0: job throughput 12 samples/s; 43,200 samples → 3,600 s.
    // Cost 2 instances × 1 h × 36 EUR = 72.00 EUR (the 4 idle GPUs are paid for).
    let w = workload("43200", 12, "scaling_efficiency: 1.0");
    let p = provider(
        "p",
        &offer("x8", "H100-SXM", 8, "EUR", "36", PER_SECOND),
        "",
    );
    let c = compare(&w, &[p], &eur());
    let o = find(&c, "x8");
    assert_eq!(o.instances, 2);
    assert_eq!(o.compute_seconds, Some(3600));
    assert_eq!(o.gpu_hours.unwrap().0, d("12"));
    assert_eq!(line(o, LineKind::ComputeOnDemand), d("72.00"));

    // Scaling: 4 GPUs at 0.9 per doubling → 4 × 0.9^log2(4) = 4 × 0.81 = 3.24 samples/s.
    // 11,664 samples / 3.24 = 3,600 s (not 3,601: float noise is absorbed).
    // One 4-GPU instance, 3,600 s × 0.01 = 36.00 EUR.
    let w = workload("11664", 4, "scaling_efficiency: 0.9");
    let p = provider(
        "p",
        &offer("x4", "H100-SXM", 4, "EUR", "36", PER_SECOND),
        "",
    );
    let c = compare(&w, &[p], &eur());
    let o = find(&c, "x4");
    assert_eq!(o.compute_seconds, Some(3600));
    assert_eq!(line(o, LineKind::ComputeOnDemand), d("36.00"));

    // The measured run's own GPU count is corrected too: 1.8 samples in 1 s on 2 GPUs at 0.9
    // → per GPU 1.8 / (2 × 0.9^1) = 1.0 sample/s; on 4 GPUs again 3.24/s → 3,600 s.
    let mut w = workload("11664", 4, "scaling_efficiency: 0.9");
    let m = w.throughput.measured.as_mut().unwrap();
    m.gpu_count = 2;
    m.work_done = 1.8;
    let p = provider(
        "p",
        &offer("x4", "H100-SXM", 4, "EUR", "36", PER_SECOND),
        "",
    );
    let c = compare(&w, &[p], &eur());
    assert!((c.reference.per_gpu_per_second - 1.0).abs() < 1e-12);
    assert_eq!(find(&c, "x4").compute_seconds, Some(3600));
}

#[test]
fn spot_rework_and_saving() {
    // 360,000 samples at 1/s = 100 h. 2 interruptions per 100 h → 2 interruptions.
    // Rework per interruption: checkpoint 30 min / 2 + restart 5 min = 20 min = 1,200 s → 2,400 s.
    // Spot: 362,400 s × 3.60 EUR/h / 3,600 = 362.40 EUR. On-demand: 100 h × 36 = 3,600.00 EUR.
    // Saving 3,237.60 EUR = 89.93 % of on-demand compute.
    let w = workload(
        "360000",
        1,
        "spot: {accepted: true, checkpoint_interval_minutes: 30, restart_minutes: 5, interruptions_per_100_hours: 2}",
    );
    let p = provider(
        "p",
        "  - {id: s, region: r1, gpu_model: H100-SXM, gpus_per_instance: 1, currency: EUR, price_on_demand: 36, price_spot: 3.60, billing_increment_seconds: 1, minimum_billed_seconds: 0, minimum_term_months: 0}\n  - {id: nospot, region: r1, gpu_model: H100-SXM, gpus_per_instance: 1, currency: EUR, price_on_demand: 36, billing_increment_seconds: 1, minimum_billed_seconds: 0, minimum_term_months: 0}\n",
        "",
    );
    let c = compare(&w, &[p], &eur());
    let o = find(&c, "s");
    assert_eq!(line(o, LineKind::ComputeOnDemand), d("3600.00"));
    let s = o.spot.as_ref().unwrap();
    assert_eq!(s.rework_seconds, Some(2400));
    assert_eq!(s.billed_seconds, Some(362_400));
    assert_eq!(
        s.compute.amount,
        Money::Amount(cloudvet::model::Amount(d("362.40")))
    );
    assert_eq!(s.saving.amount(), Some(d("3237.60")));
    assert_eq!(s.saving_pct.unwrap().0, d("89.93"));
    assert_eq!(s.time_to_result_hours.unwrap().0, d("100.67"));
    // Spot range, ±5 %: low compute 360,000 / 1.05 = 342,857.14 s, rework 342,857.14 / 3,600 / 100 × 2
    // × 1,200 s = 2,285.71 s, together 345,142.86 → 345,143 s × 3.60 / 3,600 = 345.14 EUR;
    // high 360,000 / 0.95 = 378,947.37 s + 2,526.32 s = 381,473.68 → 381,474 s → 381.47 EUR.
    assert_eq!(s.range.low.amount(), Some(d("345.14")));
    assert_eq!(s.range.high.amount(), Some(d("381.47")));
    // No spot price: missing, with the reason, never 0.
    let n = find(&c, "nospot").spot.as_ref().unwrap();
    assert_eq!(
        n.compute.amount,
        Money::Missing(cloudvet::cost::Why::new(
            cloudvet::cost::why::Msg::NoSpotPrice
        ))
    );
    assert!(n.totals.total.amount().is_none());
    // Spot saves ≥ 20 % → recommended.
    assert!(c.recommendations.iter().any(|r| r.id == "spot"));
}

#[test]
fn egress_tiers_allowance_and_storage() {
    // Graduated: 1,500 GB − 100 GB free = 1,400 GB; first 1,000 GB × 0.05 = 50, next 400 GB × 0.02 = 8 → 58.00 EUR.
    // Storage: (100 GB dataset + 50 GB × 2 checkpoints) = 200 GB × 0.08 × 3 months = 48.00 EUR.
    let w = workload(
        "3600",
        1,
        "data: {dataset_gb: 100, checkpoint_gb: 50, checkpoints_kept: 2, storage_months: 3, egress_gb: 1500}",
    );
    let grad = provider(
        "grad",
        &offer("g", "H100-SXM", 1, "EUR", "36", PER_SECOND),
        "storage: {currency: EUR, price_per_gb_month: 0.08}
egress:
  currency: EUR
  free_gb_per_month: 100
  tier_mode: graduated
  tiers: [{up_to_gb: 1000, price_per_gb: 0.05}, {price_per_gb: 0.02}]",
    );
    // Volume: 1,500 GB, no allowance, falls in the ≤ 10,240 GB tier → whole volume × 0.11 = 165 USD × 0.9 = 148.50 EUR.
    let vol = provider(
        "vol",
        &offer("v", "H100-SXM", 1, "EUR", "36", PER_SECOND),
        "storage: {currency: EUR, price_per_gb_month: 0.08}
egress:
  currency: USD
  tier_mode: volume
  tiers: [{up_to_gb: 1024, price_per_gb: 0.12}, {up_to_gb: 10240, price_per_gb: 0.11}, {price_per_gb: 0.08}]",
    );
    // Bounded tiers only: 1,500 GB lies beyond the last tier (1,000 GB) → missing, not 0.
    let capped = provider(
        "capped",
        &offer("c", "H100-SXM", 1, "EUR", "36", PER_SECOND),
        "storage: {currency: EUR, price_per_gb_month: 0.08}
egress: {currency: EUR, tiers: [{up_to_gb: 1000, price_per_gb: 0.05}]}",
    );
    // No storage and no egress price: both missing.
    let bare = provider(
        "bare",
        &offer("b", "H100-SXM", 1, "EUR", "36", PER_SECOND),
        "",
    );
    let c = compare(&w, &[grad, vol, capped, bare], &eur());
    let g = find(&c, "g");
    assert_eq!(line(g, LineKind::Egress), d("58.00"));
    assert_eq!(line(g, LineKind::Storage), d("48.00"));
    // Compute 1 h × 36 = 36.00; total 36 + 48 + 58 = 142.00 (buffer 0).
    assert_eq!(total(g), d("142.00"));
    assert_eq!(line(find(&c, "v"), LineKind::Egress), d("148.50"));
    let cap = find(&c, "c");
    assert!(
        matches!(&cap.lines[2].amount, Money::Missing(w) if w.to_string().contains("beyond the last stated tier"))
    );
    assert!(cap.totals.total.amount().is_none());
    // The known part is shown separately and is not a total: 36 + 48 = 84.
    assert_eq!(cap.totals.known_part.unwrap().0, d("84.00"));
    let b = find(&c, "b");
    assert!(
        matches!(&b.lines[1].amount, Money::Missing(w) if w == "price not stated by provider bare — ask the vendor")
    );
    assert!(
        matches!(&b.lines[2].amount, Money::Missing(w) if w == "price not stated by provider bare — ask the vendor")
    );
    // Every offer has a compute cost, so all four are ranked, by the comparable total:
    // storage is missing for `bare`, egress for `capped` and `bare`, so both are left out
    // for every offer; comparable = compute 36.00 + 0 % buffer = 36.00 each; ties by provider.
    assert_eq!(c.comparison_basis.ranked_by, "comparable_total");
    assert_eq!(c.comparison_basis.included, [LineKind::ComputeOnDemand]);
    let ex: Vec<(LineKind, usize, usize, Vec<String>)> = c
        .comparison_basis
        .excluded
        .iter()
        .map(|e| (e.item, e.missing_for, e.ranked_offers, e.providers.clone()))
        .collect();
    assert_eq!(
        ex,
        vec![
            (LineKind::Storage, 1, 4, vec!["bare".to_string()]),
            (
                LineKind::Egress,
                2,
                4,
                vec!["bare".to_string(), "capped".to_string()]
            ),
        ]
    );
    let order: Vec<(&str, Option<u32>)> = c
        .offers
        .iter()
        .map(|o| (o.offer_id.as_str(), o.rank))
        .collect();
    assert_eq!(
        order,
        [
            ("b", Some(1)),
            ("c", Some(2)),
            ("g", Some(3)),
            ("v", Some(4))
        ]
    );
    assert_eq!(g.comparable.as_ref().unwrap().total.0, d("36.00"));
    // The complete total stays where it exists.
    assert_eq!(total(find(&c, "g")), d("142.00"));

    // Allowance covers it: 80 GB − 100 GB free → 0 GB → 0.00.
    let w = workload("3600", 1, "data: {egress_gb: 80}");
    let grad = provider(
        "grad",
        &offer("g", "H100-SXM", 1, "EUR", "36", PER_SECOND),
        "egress: {currency: EUR, free_gb_per_month: 100, tiers: [{price_per_gb: 0.05}]}",
    );
    let c = compare(&w, &[grad], &eur());
    assert_eq!(line(find(&c, "g"), LineKind::Egress), d("0.00"));
}

#[test]
fn currency_conversion_and_half_even_rounding() {
    // 1 h on a USD offer at 36 USD/h, rate 0.9 → 32.40 EUR.
    let w = workload("3600", 1, "");
    let p = provider(
        "p",
        &offer("usd", "H100-SXM", 1, "USD", "36", PER_SECOND),
        "",
    );
    let c = compare(&w, &[p], &eur());
    let o = find(&c, "usd");
    assert_eq!(line(o, LineKind::ComputeOnDemand), d("32.40"));
    assert_eq!(o.lines[0].original.unwrap().0, d("36"));
    assert_eq!(o.lines[0].rate.unwrap().0, d("0.9"));
    // 1 h at 36.05 CHF/h × 0.5 = 18.025 EUR → 18.02 (half to even; half-up would give 18.03).
    let p = provider(
        "p",
        &offer("chf", "H100-SXM", 1, "CHF", "36.05", PER_SECOND),
        "",
    );
    let c = compare(&w, &[p], &eur());
    assert_eq!(line(find(&c, "chf"), LineKind::ComputeOnDemand), d("18.02"));
    // Buffer 20 % on a subtotal of 36.00 → 7.20; total 43.20.
    let w = workload("3600", 1, "buffer_pct: 20");
    let p = provider(
        "p",
        &offer("eur", "H100-SXM", 1, "EUR", "36", PER_SECOND),
        "",
    );
    let c = compare(&w, &[p], &eur());
    let o = find(&c, "eur");
    assert_eq!(o.totals.buffer.amount(), Some(d("7.20")));
    assert_eq!(total(o), d("43.20"));
}

#[test]
fn price_currency_without_rate_is_refused() {
    let w = workload("3600", 1, "");
    let p = provider(
        "p",
        &offer("jpy", "H100-SXM", 1, "JPY", "5000", PER_SECOND),
        "",
    );
    let b = Benchmarks::embedded().unwrap();
    let r = eur();
    let err = cost::compare(&CostInputs {
        workload: &w,
        workload_file: None,
        providers: &[p],
        requirements: &r,
        benchmarks: &b,
        rent_vs_buy: None,
        rent_vs_buy_file: None,
        allowed_providers: None,
    })
    .unwrap_err();
    assert_eq!(err.len(), 1);
    assert_eq!(err[0].code, "missing-exchange-rate");
    assert!(err[0].message.to_string().contains("JPY"));
}

#[test]
fn range_from_throughput_uncertainty() {
    // Measured GPU, ±5 %: 3,600 s → low 3,600 / 1.05 = 3,428.57 → 3,429 s; high 3,600 / 0.95 = 3,789.47 → 3,790 s.
    // Per second at 0.01 EUR: low 34.29, high 37.90; buffer 20 %: 34.29 × 0.2 = 6.858 → 6.86 → 41.15;
    // 37.90 × 0.2 = 7.58 → 45.48. Point: 36.00 + 7.20 = 43.20.
    let w = workload("3600", 1, "buffer_pct: 20");
    let p = provider("p", &offer("x", "H100-SXM", 1, "EUR", "36", PER_SECOND), "");
    let c = compare(&w, &[p], &eur());
    let o = find(&c, "x");
    assert_eq!(o.range.uncertainty_pct, 5.0);
    assert_eq!(o.range.low.amount(), Some(d("41.15")));
    assert_eq!(o.range.high.amount(), Some(d("45.48")));
    assert_eq!(total(o), d("43.20"));
}

#[test]
fn measured_gpu_factor_one_versus_benchmark_derived() {
    let b = Benchmarks::embedded().unwrap();
    // The factor for H200-SXM, recomputed here from the table: median time to train of
    // llama2_70b_lora on 8 × H100-SXM divided by the median on 8 × H200-SXM, both taken
    // only over submitters that have rows for both models (they give ≥ 2 rows from ≥ 2
    // systems on each side, so the same-submitter preference applies).
    let at8 = |gpu: &str| -> Vec<&cloudvet::cost::benchmarks::BenchmarkRow> {
        b.training
            .iter()
            .filter(|r| {
                r.benchmark == "llama2_70b_lora" && r.gpu_model == gpu && r.accelerator_count == 8
            })
            .collect()
    };
    let common: BTreeSet<String> = at8("H100-SXM")
        .iter()
        .map(|r| r.submitter.clone())
        .filter(|s| at8("H200-SXM").iter().any(|o| &o.submitter == s))
        .collect();
    assert!(common.len() >= 2, "{common:?}");
    let median = |gpu: &str| {
        let mut v: Vec<f64> = at8(gpu)
            .into_iter()
            .filter(|r| common.contains(&r.submitter))
            .map(|r| r.value)
            .collect();
        v.sort_by(f64::total_cmp);
        let n = v.len();
        assert!(n > 2, "{gpu}: {n} rows");
        if n % 2 == 1 {
            v[n / 2]
        } else {
            (v[n / 2 - 1] + v[n / 2]) / 2.0
        }
    };
    let expected = median("H100-SXM") / median("H200-SXM");

    // 8 GPUs per job, efficiency 1: measured 1 sample/s per GPU → 8/s on H100-SXM.
    let w = workload("28800", 8, "scaling_efficiency: 1.0");
    let p = provider(
        "p",
        &[
            offer("h100", "H100-SXM", 8, "EUR", "36", PER_SECOND),
            offer("h200", "H200-SXM", 8, "EUR", "36", PER_SECOND),
            offer("generic", "H100", 8, "EUR", "36", PER_SECOND),
        ]
        .concat(),
        "",
    );
    let c = compare(&w, &[p], &eur());
    let h100 = find(&c, "h100");
    assert_eq!(h100.basis, BasisKind::Measured);
    assert_eq!(h100.factor, Some(1.0));
    assert_eq!(h100.compute_seconds, Some(3600)); // 28,800 / 8
    assert_eq!(h100.range.uncertainty_pct, 5.0);
    let h200 = find(&c, "h200");
    assert_eq!(h200.basis, BasisKind::BenchmarkDerived);
    assert!((h200.factor.unwrap() - expected).abs() < 1e-12);
    assert_eq!(h200.range.uncertainty_pct, 15.0);
    // Compute seconds = 3,600 / factor, rounded up.
    assert_eq!(
        h200.compute_seconds,
        Some((3600.0 / expected - 1e-6).ceil() as u64)
    );
    // The rows used are listed and are exactly the rows at 8 GPUs.
    let basis = c
        .gpu_bases
        .iter()
        .find(|g| g.gpu_model == "H200-SXM")
        .unwrap();
    let rel = basis.relative.as_ref().unwrap();
    assert_eq!(rel.gpu_count, 8);
    let ids: BTreeSet<&str> = at8("H200-SXM")
        .into_iter()
        .filter(|r| common.contains(&r.submitter))
        .map(|r| r.row_id.as_str())
        .collect();
    assert_eq!(
        rel.same_submitters.iter().cloned().collect::<BTreeSet<_>>(),
        common
    );
    assert_eq!(
        rel.offer_rows
            .iter()
            .map(String::as_str)
            .collect::<BTreeSet<_>>(),
        ids
    );
    assert!(basis.explanation.to_string().contains(&rel.offer_rows[0]));
    // Generic H100: no benchmark family → no basis, no cost, never 0.
    let g = find(&c, "generic");
    assert_eq!(g.basis, BasisKind::NoBasis);
    assert!(matches!(&g.totals.total, Money::Missing(w) if w.to_string().contains("form factor")));
    assert!(g.lines.is_empty() && g.compute_seconds.is_none());
    assert_eq!(c.offers.last().unwrap().offer_id, "generic");
}

#[test]
fn no_benchmark_named_means_no_basis_for_other_gpus() {
    let mut w = workload("3600", 1, "");
    w.throughput.benchmark = None;
    let p = provider(
        "p",
        &[
            offer("h100", "H100-SXM", 1, "EUR", "36", PER_SECOND),
            offer("l40s", "L40S", 1, "EUR", "2", PER_SECOND),
        ]
        .concat(),
        "",
    );
    let c = compare(&w, &[p], &eur());
    assert_eq!(find(&c, "h100").basis, BasisKind::Measured);
    let l = find(&c, "l40s");
    assert_eq!(l.basis, BasisKind::NoBasis);
    assert!(l
        .basis_explanation
        .to_string()
        .contains("names no benchmark"));
}

#[test]
fn comparable_total_ranks_like_with_like_and_budget_carries_the_caveat() {
    // 1 h of compute on 1 GPU, 100 GB stored for 1 month, no egress, buffer 20 %.
    // `full`: compute 36.00, storage 100 × 0.10 × 1 = 10.00, egress 0.00 → total 46.00 + 9.20 = 55.20.
    // `nostore`: compute 40.00, storage missing (no price), egress 0.00.
    // Storage is not known for every ranked offer, so it is left out for both:
    //   full:    comparable subtotal 36.00 + 0.00 = 36.00, buffer 7.20, comparable total 43.20 (rank 1)
    //   nostore: comparable subtotal 40.00 + 0.00 = 40.00, buffer 8.00, comparable total 48.00 (rank 2)
    // An offer without an on-demand price has no compute cost: unranked, with its reason.
    let w = workload(
        "3600",
        1,
        "buffer_pct: 20\ndata: {dataset_gb: 100, storage_months: 1}",
    );
    let full = provider(
        "full",
        &offer("f", "H100-SXM", 1, "EUR", "36", PER_SECOND),
        "storage: {currency: EUR, price_per_gb_month: 0.10}",
    );
    let nostore = provider(
        "nostore",
        &[
            offer("n", "H100-SXM", 1, "EUR", "40", PER_SECOND),
            "  - {id: noprice, region: r1, gpu_model: H100-SXM, gpus_per_instance: 1, currency: EUR, billing_increment_seconds: 1, minimum_billed_seconds: 0, minimum_term_months: 0}\n".to_string(),
        ]
        .concat(),
        "",
    );
    let c = compare(&w, &[nostore, full], &eur());
    assert_eq!(c.comparison_basis.ranked_by, "comparable_total");
    assert_eq!(
        c.comparison_basis.included,
        [LineKind::ComputeOnDemand, LineKind::Egress]
    );
    assert_eq!(c.comparison_basis.excluded.len(), 1);
    let e = &c.comparison_basis.excluded[0];
    assert_eq!(e.item, LineKind::Storage);
    assert_eq!(e.reason, "price not stated by provider — ask the vendor");
    assert_eq!((e.missing_for, e.ranked_offers), (1, 2));
    let f = find(&c, "f");
    let fc = f.comparable.as_ref().unwrap();
    assert_eq!(
        (fc.subtotal.0, fc.buffer.0, fc.total.0),
        (d("36.00"), d("7.20"), d("43.20"))
    );
    assert_eq!(total(f), d("55.20"));
    let n = find(&c, "n");
    let nc = n.comparable.as_ref().unwrap();
    assert_eq!(
        (nc.subtotal.0, nc.buffer.0, nc.total.0),
        (d("40.00"), d("8.00"), d("48.00"))
    );
    assert!(n.totals.total.amount().is_none());
    assert_eq!((f.rank, n.rank), (Some(1), Some(2)));
    let np = find(&c, "noprice");
    assert_eq!(np.rank, None);
    assert!(np.comparable.is_none());
    assert!(
        matches!(&np.totals.total, Money::Missing(w) if w.to_string().contains("the offer has no on-demand price"))
    );
    assert_eq!(c.offers.last().unwrap().offer_id, "noprice");
    // Budget on rank 1: `full` has a complete total, so the advice uses it (no caveat):
    // planned 46.00, alerts 23.00 / 36.80 / 46.00, stop 55.20.
    assert_eq!(c.budget.basis, Some("total"));
    assert!(c.budget.caveat.is_none());
    assert_eq!(c.budget.automatic_stop.amount(), Some(d("55.20")));

    // Without `full`, rank 1 is `n` with no complete total: the advice uses the comparable
    // total and says what it leaves out. Alone, `n` is the only ranked offer and storage is
    // missing for it: planned 40.00, alerts 20.00 / 32.00 / 40.00, stop 48.00.
    let nostore = provider(
        "nostore",
        &offer("n", "H100-SXM", 1, "EUR", "40", PER_SECOND),
        "",
    );
    let c = compare(&w, &[nostore], &eur());
    assert_eq!(c.budget.basis, Some("comparable_total"));
    assert_eq!(c.budget.planned_cost.amount(), Some(d("40.00")));
    let a: Vec<Decimal> = c
        .budget
        .alerts
        .iter()
        .map(|a| a.amount.amount().unwrap())
        .collect();
    assert_eq!(a, vec![d("20.00"), d("32.00"), d("40.00")]);
    assert_eq!(c.budget.automatic_stop.amount(), Some(d("48.00")));
    let caveat = c.budget.caveat.as_ref().unwrap().to_string();
    assert!(
        caveat
            .to_string()
            .contains("storage (price not stated by provider — ask the vendor)"),
        "{caveat}"
    );
    let rec = c
        .recommendations
        .iter()
        .find(|r| r.id == "budget_alerts")
        .unwrap();
    assert!(rec.reason.to_string().contains(caveat.as_str()));
}

#[test]
fn budget_advice_thresholds_and_stop() {
    // Subtotal 36.00 (1 h × 36), buffer 20 % = 7.20 → alerts 18.00 / 28.80 / 36.00, stop at 43.20.
    let w = workload("3600", 1, "buffer_pct: 20");
    let p = provider("p", &offer("x", "H100-SXM", 1, "EUR", "36", PER_SECOND), "");
    let c = compare(&w, &[p], &eur());
    let BudgetAdvice {
        planned_cost,
        alerts,
        automatic_stop,
        ..
    } = &c.budget;
    assert_eq!(planned_cost.amount(), Some(d("36.00")));
    let a: Vec<(u32, Decimal)> = alerts
        .iter()
        .map(|a| (a.pct, a.amount.amount().unwrap()))
        .collect();
    assert_eq!(
        a,
        vec![(50, d("18.00")), (80, d("28.80")), (100, d("36.00"))]
    );
    assert_eq!(automatic_stop.amount(), Some(d("43.20")));
    assert!(c.recommendations.iter().any(|r| r.id == "budget_alerts"));
}

fn rvb(elec_idle_kw: &str, extra_price: &str) -> RentVsBuy {
    serde_yaml::from_str(&format!(
        "kind: rent_vs_buy
schema_version: 1
name: test server
gpu_model: H100-SXM
currency: EUR
server_price: {{value: {extra_price}}}
gpus_per_server: {{value: 8}}
lifetime_years: {{value: 5}}
residual_value: {{value: 0}}
power_kw_load: {{value: 10}}
power_kw_idle: {{value: {elec_idle_kw}}}
pue: {{value: 1}}
electricity_price_per_kwh: {{value: 0.1}}
maintenance_pct_per_year: {{value: 0}}
hosting_per_month: {{value: 0}}
staff_per_year: {{value: 0}}
utilisation_pct: {{value: 50}}
"
    ))
    .unwrap()
}

#[test]
fn rent_versus_buy_break_even() {
    // Server 100,000 EUR over 5 years, no residual, maintenance, hosting or staff → fixed F = 20,000 EUR/year.
    // Energy E(U) = 8,760 h × PUE 1 × 0.1 EUR/kWh × (0 + 10 kW × U) = 8,760 × U EUR/year.
    // At U = 0.5: owned = (20,000 + 4,380) / (8 × 8,760 × 0.5) = 24,380 / 35,040 = 0.695776… → 0.6958 EUR/GPU-h.
    // Rent: 16 EUR per 8-GPU instance-hour = 2.00 EUR/GPU-h.
    // Break-even U* = (F + 8,760 × 1 × 0.1 × 0) / (8,760 × (2 × 8 − 1 × 0.1 × 10)) = 20,000 / 131,400 = 15.2 %.
    let w = workload("3600", 1, "");
    let p = provider(
        "p",
        &offer("x8", "H100-SXM", 8, "EUR", "16", PER_SECOND),
        "",
    );
    let r = rvb("0", "100000");
    let c = compare_with(&w, &[p], &eur(), Some(&r));
    let res = c.rent_vs_buy.as_ref().unwrap();
    assert_eq!(res.fixed_per_year.0, d("20000.00"));
    assert_eq!(res.energy_per_year.0, d("4380.00"));
    assert_eq!(res.owned_per_gpu_hour.0, d("0.6958"));
    assert_eq!(res.rented_per_gpu_hour.amount(), Some(d("2.0000")));
    assert_eq!(
        res.break_even_utilisation,
        BreakEven::Pct(cloudvet::model::Amount(d("15.2")))
    );
    assert_eq!(res.rented_offer.as_deref(), Some("p/x8"));

    // Rent 0.10 EUR/GPU-h (0.80 per instance-hour): electricity alone for a busy GPU
    // (1 × 0.1 × 10 kW / 8 GPUs = 0.125 EUR/h) costs more → owning never breaks even.
    let p = provider(
        "p",
        &offer("x8", "H100-SXM", 8, "EUR", "0.80", PER_SECOND),
        "",
    );
    let c = compare_with(&w, &[p], &eur(), Some(&r));
    assert!(matches!(
        c.rent_vs_buy.unwrap().break_even_utilisation,
        BreakEven::Never(_)
    ));

    // No offer of the server's GPU model: the cloud side is missing, not 0.
    let p = provider("p", &offer("l", "L40S", 1, "EUR", "1", PER_SECOND), "");
    let c = compare_with(&w, &[p], &eur(), Some(&r));
    let res = c.rent_vs_buy.unwrap();
    assert!(matches!(res.rented_per_gpu_hour, Money::Missing(_)));
    assert!(matches!(res.break_even_utilisation, BreakEven::Missing(_)));
}

#[test]
fn allowed_providers_restrict_the_comparison() {
    let w = workload("3600", 1, "");
    let a = provider(
        "a",
        &offer("xa", "H100-SXM", 1, "EUR", "36", PER_SECOND),
        "",
    );
    let b = provider("b", &offer("xb", "H100-SXM", 1, "JPY", "1", PER_SECOND), "");
    let bench = Benchmarks::embedded().unwrap();
    let r = eur();
    let allowed: BTreeSet<String> = ["a".to_string()].into();
    // b's JPY has no rate, but b is not allowed, so its currency does not matter.
    let c = cost::compare(&CostInputs {
        workload: &w,
        workload_file: None,
        providers: &[a, b],
        requirements: &r,
        benchmarks: &bench,
        rent_vs_buy: None,
        rent_vs_buy_file: None,
        allowed_providers: Some(&allowed),
    })
    .unwrap();
    assert_eq!(c.offers.len(), 1);
    assert_eq!(c.offers[0].provider_id, "a");
    assert_eq!(c.allowed_providers, Some(vec!["a".to_string()]));
    assert!(
        cloudvet::render::cost::human(&c).contains("only the allowed (eligible) providers (1): a")
    );
}

#[test]
fn bad_workload_quantities_are_diagnostics() {
    let b = Benchmarks::embedded().unwrap();
    let r = eur();
    let check = |w: &Workload, code: &str, pointer: &str| {
        let err = cost::compare(&CostInputs {
            workload: w,
            workload_file: Some("w.yaml"),
            providers: &[],
            requirements: &r,
            benchmarks: &b,
            rent_vs_buy: None,
            rent_vs_buy_file: None,
            allowed_providers: None,
        })
        .unwrap_err();
        assert!(
            err.iter().any(|d| d.code == code
                && d.pointer.as_deref() == Some(pointer)
                && d.file.as_deref() == Some("w.yaml")),
            "{code} at {pointer}: {err:#?}"
        );
    };
    check(&workload("0", 1, ""), "invalid-quantity", "/work/per_epoch");
    check(
        &workload("-5", 1, ""),
        "invalid-quantity",
        "/work/per_epoch",
    );
    check(&workload("10", 0, ""), "invalid-quantity", "/gpus_per_job");
    check(
        &workload("10", 1, "data: {dataset_gb: -1}"),
        "invalid-quantity",
        "/data/dataset_gb",
    );
    check(
        &workload("10", 1, "scaling_efficiency: 1.5"),
        "invalid-quantity",
        "/scaling_efficiency",
    );
    check(
        &workload("10", 1, "spot: {accepted: true}"),
        "missing-quantity",
        "/spot/checkpoint_interval_minutes",
    );
    let mut w = workload("10", 1, "");
    w.work.epochs = None;
    check(&w, "missing-quantity", "/work/epochs");
    let mut w = workload("10", 1, "");
    w.throughput.measured.as_mut().unwrap().gpu_model = "TPU-v5".into();
    check(&w, "unknown-gpu-model", "/throughput/measured/gpu_model");
    let mut w = workload("10", 1, "");
    w.throughput.benchmark.as_mut().unwrap().name = "nonesuch".into();
    check(&w, "unknown-benchmark", "/throughput/benchmark/name");
    let mut w = workload("10", 1, "");
    w.throughput.measured.as_mut().unwrap().wall_seconds = 0.0;
    check(&w, "invalid-quantity", "/throughput/measured/wall_seconds");
    // A benchmark-only basis whose GPU has no rows at that count.
    let mut w = workload("10", 1, "");
    w.throughput.measured = None;
    w.work.unit = cloudvet::model::workload::WorkUnit::BenchmarkRuns;
    let bref = w.throughput.benchmark.as_mut().unwrap();
    bref.reference_gpu = Some("L4".into());
    bref.reference_gpu_count = Some(8);
    check(
        &w,
        "no-benchmark-rows",
        "/throughput/benchmark/reference_gpu",
    );
}

#[test]
fn inference_from_benchmark_rows_only() {
    // Inference, benchmark-only: llama2-70b-99 Offline on 8 × H100-SXM (median tokens/s of the rows)
    // is the job throughput on 8 GPUs; 1 month of exactly one hour's worth of tokens → 3,600 s.
    let b = Benchmarks::embedded().unwrap();
    let abs = b
        .absolute_speed(
            cost::benchmarks::Table::Inference,
            "llama2-70b-99",
            Some("Offline"),
            "H100-SXM",
            8,
        )
        .unwrap();
    let tokens = abs.per_second * 3600.0;
    let w: Workload = serde_yaml::from_str(&format!(
        "kind: workload
schema_version: 1
name: serve
job: inference
work: {{unit: tokens, per_month: {tokens}, months: 1}}
throughput:
  benchmark: {{name: llama2-70b-99, scenario: Offline, reference_gpu: H100-SXM, reference_gpu_count: 8}}
gpus_per_job: 8
buffer_pct: 0
"
    ))
    .unwrap();
    let p = provider(
        "p",
        &offer("x8", "H100-SXM", 8, "EUR", "36", PER_SECOND),
        "",
    );
    let c = compare(&w, &[p], &eur());
    let o = find(&c, "x8");
    assert_eq!(o.basis, BasisKind::BenchmarkDerived);
    assert_eq!(o.compute_seconds, Some(3600));
    assert_eq!(line(o, LineKind::ComputeOnDemand), d("36.00"));
    assert_eq!(c.reference.rows, abs.rows);
}

// ---------------------------------------------------------------------------------------------
// The real binary.

fn cloudvet(args: &[&str]) -> (i32, String, String) {
    let out = Command::new(env!("CARGO_BIN_EXE_cloudvet"))
        .args(args)
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .output()
        .unwrap();
    (
        out.status.code().unwrap_or(-1),
        String::from_utf8(out.stdout).unwrap(),
        String::from_utf8(out.stderr).unwrap(),
    )
}

const FIXTURE: [&str; 4] = [
    "--providers",
    "tests/fixtures/cost/providers",
    "--requirements",
    "tests/fixtures/cost/requirements.yaml",
];

#[test]
fn cli_human_output_matches_golden_file() {
    let mut args = vec!["cost"];
    args.extend(FIXTURE);
    let (code, out, err) = cloudvet(&args);
    assert_eq!(code, 0, "{err}");
    let golden = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/tests/fixtures/cost/expected-human.txt"
    );
    if std::env::var_os("UPDATE_GOLDEN").is_some() {
        std::fs::write(golden, &out).unwrap();
    }
    let expected = std::fs::read_to_string(golden).unwrap();
    assert_eq!(
        out, expected,
        "rerun with UPDATE_GOLDEN=1 after checking the difference"
    );
    assert!(out.contains(MLPERF_NOTE));
}

#[test]
fn cli_german_table_words_numbers_and_recommendations() {
    let mut args = vec!["--lang", "de", "cost"];
    args.extend(FIXTURE);
    let (code, out, err) = cloudvet(&args);
    assert_eq!(code, 0, "{err}");
    // The MLPerf sentence in German, column heads, basis words.
    assert!(out.contains(
        "Die Benchmark-Werte sind aus MLPerf-Ergebnissen abgeleitet und nicht von MLCommons geprüft."
    ));
    assert!(!out.contains(MLPERF_NOTE));
    assert!(out.contains("Anbieter / Angebot"));
    assert!(out.contains("vergleichbar EUR"));
    assert!(out.contains("gemessen"));
    // German number format: alpha-gpu's complete total 16,946.16 → 16.946,16; comparable
    // 905.00 + 181.00 = 1,086.00 → 1.086,00.
    assert!(out.contains("16.946,16"));
    assert!(out.contains("1.086,00"));
    assert!(!out.contains("16,946.16"));
    // Reasons and recommendations in German.
    assert!(out.contains(
        "Speicher: Preis vom Anbieter nicht angegeben — beim Anbieter erfragen — fehlt bei 2 von 6 gereihten Angeboten (gamma-hpc)"
    ));
    assert!(out.contains("Budgetwarnungen und automatischen Stopp einrichten: Warnungen bei 50 / 80 / 100 % der geplanten Kosten von gamma-hpc/mi300x8-ams einrichten und automatisch bei 912,00 EUR stoppen"));
    assert!(out.contains("Vorbehalt: geplant auf Basis der vergleichbaren Summe, ohne Speicher ("));
    // JSON carries both languages of each recommendation, whatever --lang says.
    let mut args = vec!["--lang", "de", "cost", "--format", "json"];
    args.extend(FIXTURE);
    let (_, json, _) = cloudvet(&args);
    let v: serde_json::Value = serde_json::from_str(&json).unwrap();
    let rec = v["recommendations"]
        .as_array()
        .unwrap()
        .iter()
        .find(|r| r["id"] == "budget_alerts")
        .unwrap();
    assert_eq!(rec["title"], "Set budget alerts and an automatic stop");
    assert_eq!(
        rec["title_de"],
        "Budgetwarnungen und automatischen Stopp einrichten"
    );
    assert!(rec["reason_de"].as_str().unwrap().contains("912,00 EUR"));
    assert!(rec["reason"].as_str().unwrap().contains("912.00 EUR"));
}

#[test]
fn cli_json_and_csv_carry_the_note_and_are_deterministic() {
    let mut args = vec!["cost", "--format", "json"];
    args.extend(FIXTURE);
    let (code, json1, err) = cloudvet(&args);
    assert_eq!(code, 0, "{err}");
    let (_, json2, _) = cloudvet(&args);
    assert_eq!(json1, json2);
    let v: serde_json::Value = serde_json::from_str(&json1).unwrap();
    assert_eq!(v["benchmark_note"], MLPERF_NOTE);
    assert!(v["offers"].as_array().unwrap().len() >= 8);
    // A no-basis offer says why, never 0.
    let generic = v["offers"]
        .as_array()
        .unwrap()
        .iter()
        .find(|o| o["gpu_model"] == "H100")
        .unwrap();
    assert_eq!(generic["basis"], "no_basis");
    assert!(generic["totals"]["total"]["missing"]
        .as_str()
        .unwrap()
        .contains("form factor"));

    let mut args = vec!["cost", "--format", "csv"];
    args.extend(FIXTURE);
    let (code, csv, _) = cloudvet(&args);
    assert_eq!(code, 0);
    let lines: Vec<&str> = csv.lines().collect();
    assert!(lines[0].starts_with("rank,provider_id,offer_id"));
    assert!(lines[1..].iter().all(|l| l.ends_with(MLPERF_NOTE)));
    assert!(csv.to_string().contains("missing: no basis"));
}

#[test]
fn cli_bad_inputs_exit_2_with_a_diagnostic() {
    let dir = std::env::temp_dir().join(format!("cloudvet-cost-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    // Zero GPUs per job.
    let base = std::fs::read_to_string(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/docs/examples/workload.yaml"
    ))
    .unwrap();
    let bad = dir.join("zero.yaml");
    std::fs::write(&bad, base.replace("gpus_per_job: 8", "gpus_per_job: 0")).unwrap();
    let mut args = vec!["cost", "--workload", bad.to_str().unwrap()];
    args.extend(FIXTURE);
    let (code, out, err) = cloudvet(&args);
    assert_eq!(code, 2);
    assert!(out.is_empty());
    assert!(
        err.to_string().contains("invalid-quantity")
            && err.to_string().contains("/gpus_per_job")
            && err.to_string().contains("zero.yaml"),
        "{err}"
    );

    // A price currency without a rate.
    let req = dir.join("req.yaml");
    std::fs::write(
        &req,
        "kind: requirements\nschema_version: 1\ntitle: t\ncurrency: {report: EUR}\n",
    )
    .unwrap();
    let (code, _, err) = cloudvet(&[
        "cost",
        "--providers",
        "tests/fixtures/cost/providers",
        "--requirements",
        req.to_str().unwrap(),
    ]);
    assert_eq!(code, 2);
    assert!(
        err.to_string().contains("missing-exchange-rate") && err.to_string().contains("USD"),
        "{err}"
    );

    // A file that is not YAML.
    let junk = dir.join("junk.yaml");
    std::fs::write(&junk, "kind: [unclosed").unwrap();
    let mut args = vec!["cost", "--workload", junk.to_str().unwrap()];
    args.extend(FIXTURE);
    let (code, _, err) = cloudvet(&args);
    assert_eq!(code, 2);
    assert!(err.to_string().contains("junk.yaml"), "{err}");
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn cli_writes_output_file_atomically() {
    let dir = std::env::temp_dir().join(format!("cloudvet-cost-out-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let out = dir.join("cost.csv");
    let mut args = vec!["cost", "--format", "csv", "--output", out.to_str().unwrap()];
    args.extend(FIXTURE);
    let (code, stdout, err) = cloudvet(&args);
    assert_eq!(code, 0, "{err}");
    assert!(stdout.is_empty());
    assert!(std::fs::read_to_string(&out).unwrap().starts_with("rank,"));
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn cli_on_the_embedded_catalogue_gives_every_offer_a_cost_or_a_reason() {
    let (code, out, err) = cloudvet(&[
        "cost",
        "--format",
        "json",
        "--requirements",
        "tests/fixtures/cost/requirements.yaml",
    ]);
    assert_eq!(code, 0, "{err}");
    let v: serde_json::Value = serde_json::from_str(&out).unwrap();
    let offers = v["offers"].as_array().unwrap();
    assert!(!offers.is_empty());
    for o in offers {
        let t = &o["totals"]["total"];
        let ok = t["amount"].as_f64().is_some_and(|a| a > 0.0)
            || t["missing"].as_str().is_some_and(|m| !m.is_empty());
        assert!(ok, "{}/{}: {t}", o["provider_id"], o["offer_id"]);
        // A priced compute line is never 0 for a job that takes time.
        if let Some(a) = o["lines"][0]["amount"]["amount"].as_f64() {
            assert!(a > 0.0, "{}", o["offer_id"]);
        }
    }
    // Every benchmark-derived GPU lists the rows it used.
    for b in v["gpu_bases"].as_array().unwrap() {
        if b["basis"] == "benchmark_derived" && b["relative"].is_object() {
            assert!(!b["relative"]["offer_rows"].as_array().unwrap().is_empty());
        }
    }
    // No profile states a storage price, so storage is left out of the comparable total,
    // with the reason; offers are still ranked (ranks 1..n in order), and the budget advice
    // rests on the comparable total with the caveat.
    let basis = &v["comparison_basis"];
    assert_eq!(basis["ranked_by"], "comparable_total");
    let storage = basis["excluded"]
        .as_array()
        .unwrap()
        .iter()
        .find(|e| e["item"] == "storage")
        .unwrap();
    assert_eq!(
        storage["reason"],
        "price not stated by provider — ask the vendor"
    );
    assert_eq!(storage["missing_for"], storage["ranked_offers"]);
    let ranks: Vec<u64> = offers.iter().filter_map(|o| o["rank"].as_u64()).collect();
    assert!(!ranks.is_empty());
    assert_eq!(ranks, (1..=ranks.len() as u64).collect::<Vec<_>>());
    for o in offers.iter().filter(|o| o["rank"].is_u64()) {
        // Comparable total = subtotal + buffer, exactly.
        let c = &o["comparable"];
        let (sub, buf, tot) = (
            Decimal::from_str(&c["subtotal"].to_string()).unwrap(),
            Decimal::from_str(&c["buffer"].to_string()).unwrap(),
            Decimal::from_str(&c["total"].to_string()).unwrap(),
        );
        assert_eq!(sub + buf, tot);
    }
    assert_eq!(v["budget"]["basis"], "comparable_total");
    assert!(v["budget"]["caveat"]
        .as_str()
        .unwrap()
        .contains("storage (price not stated by provider — ask the vendor)"));
    assert!(v["budget"]["automatic_stop"]["amount"].is_number());
}

#[test]
fn cli_cost_stage_codes() {
    let dir = std::env::temp_dir().join(format!("cloudvet-cost-codes-{}", std::process::id()));
    std::fs::create_dir_all(dir.join("empty")).unwrap();
    // No provider profile in the folder.
    let (code, _, err) = cloudvet(&[
        "cost",
        "--providers",
        dir.join("empty").to_str().unwrap(),
        "--requirements",
        "tests/fixtures/cost/requirements.yaml",
    ]);
    assert_eq!(code, 2);
    assert!(
        err.to_string().contains("no-providers") && err.to_string().contains("help:"),
        "{err}"
    );
    // An output folder that does not exist.
    let mut args = vec!["cost", "--output", "/nonexistent-cloudvet-dir/x.txt"];
    args.extend(FIXTURE);
    let (code, _, err) = cloudvet(&args);
    assert_eq!(code, 2);
    assert!(err.to_string().contains("output-unwritable"), "{err}");
    // A benchmark table without its value column, and one with a bad row (line 3).
    let bench = dir.join("bench");
    std::fs::create_dir_all(&bench).unwrap();
    let training = std::fs::read_to_string("benchmarks/mlperf_training.csv").unwrap();
    let mut lines: Vec<String> = training.lines().take(3).map(String::from).collect();
    let header: Vec<&str> = lines[0].split(',').collect();
    let col = header
        .iter()
        .position(|h| *h == "accelerator_count")
        .unwrap();
    let mut cells: Vec<String> = lines[2].split(',').map(String::from).collect();
    cells[col] = "eight".into();
    lines[2] = cells.join(",");
    std::fs::write(bench.join("mlperf_training.csv"), lines.join("\n") + "\n").unwrap();
    std::fs::copy(
        "benchmarks/mlperf_inference.csv",
        bench.join("mlperf_inference.csv"),
    )
    .unwrap();
    let mut args = vec!["cost", "--benchmarks", bench.to_str().unwrap()];
    args.extend(FIXTURE);
    let (code, _, err) = cloudvet(&args);
    assert_eq!(code, 2);
    assert!(
        err.to_string().contains("benchmark-table-invalid")
            && err.to_string().contains("mlperf_training.csv:3:"),
        "{err}"
    );
    assert!(err.to_string().contains("accelerator_count"), "{err}");
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn cli_eligible_only_compares_only_providers_the_assessment_keeps() {
    let (code, all, err) = cloudvet(&["cost", "--format", "json"]);
    assert_eq!(code, 0, "{err}");
    let (code, out, err) = cloudvet(&["cost", "--format", "json", "--eligible-only"]);
    assert_eq!(code, 0, "{err}");
    let all: serde_json::Value = serde_json::from_str(&all).unwrap();
    let v: serde_json::Value = serde_json::from_str(&out).unwrap();
    assert!(all.get("allowed_providers").is_none());
    let allowed: Vec<&str> = v["allowed_providers"]
        .as_array()
        .unwrap()
        .iter()
        .map(|x| x.as_str().unwrap())
        .collect();
    // The same set `cloudvet assess` calls eligible.
    let (_, assess, _) = cloudvet(&["assess", "--format", "json"]);
    let a: serde_json::Value = serde_json::from_str(&assess).unwrap();
    let mut eligible: Vec<&str> = a["providers"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|p| p["eligible"] == true)
        .map(|p| p["id"].as_str().unwrap())
        .collect();
    eligible.sort_unstable();
    assert_eq!(allowed, eligible);
    for o in v["offers"].as_array().unwrap() {
        assert!(allowed.contains(&o["provider_id"].as_str().unwrap()));
    }
    assert!(v["offers"].as_array().unwrap().len() <= all["offers"].as_array().unwrap().len());
}

/// Equal totals are ordered by provider ID, then offer ID (as text: `o10` before `o2`), then
/// input position — also across two profiles that share an ID; ranks follow that order.
#[test]
fn equal_totals_are_ordered_by_provider_and_offer_id() {
    let w = workload("3600", 1, "");
    let billing = "billing_increment_seconds: 1, minimum_billed_seconds: 0, minimum_term_months: 0";
    let same = |id: &str| offer(id, "H100-SXM", 1, "EUR", "10", billing);
    let zeta = provider("zeta", &(same("o2") + &same("o10")), "");
    let alpha = provider("alpha", &(same("o2") + &same("o10") + &same("o1")), "");
    // A second profile with the ID `alpha`: its offers sort in with the first one's.
    let second_o1 = same("o1").replace("{id: o1,", "{id: o1, instance_type: second,");
    let alpha_again = provider("alpha", &(same("o15") + &second_o1), "");
    let cheaper = provider(
        "mid",
        &offer("cheap", "H100-SXM", 1, "EUR", "5", billing),
        "",
    );
    let c = compare(&w, &[zeta, alpha, cheaper, alpha_again], &eur());
    let order: Vec<(String, &str, Option<u32>)> = c
        .offers
        .iter()
        .map(|o| (o.provider_id.to_string(), o.offer_id.as_str(), o.rank))
        .collect();
    let expected = [
        ("mid", "cheap"),
        ("alpha", "o1"),
        ("alpha", "o1"),
        ("alpha", "o10"),
        ("alpha", "o15"),
        ("alpha", "o2"),
        ("zeta", "o10"),
        ("zeta", "o2"),
    ];
    assert_eq!(order.len(), expected.len());
    for (i, ((p, o, rank), (ep, eo))) in order.iter().zip(expected).enumerate() {
        assert_eq!((p.as_str(), *o), (ep, eo), "place {i}");
        assert_eq!(*rank, Some(i as u32 + 1));
    }
    // The two `alpha/o1` keep their input order: the first profile's comes first.
    assert_eq!(c.offers[1].instance_type, None);
    assert_eq!(c.offers[2].instance_type.as_deref(), Some("second"));
}
