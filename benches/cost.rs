//! Cost comparison over generated catalogues of 10 k, 100 k and 1 M offers
//! (100 offers per provider). The work per offer should be flat: the speed
//! basis is computed once per GPU model and the rates once per run.
//! Figures go to docs/performance.md, section "Cost".

use std::hint::black_box;

use cloudvet::cost::{compare, Benchmarks, CostInputs};
use cloudvet::model::workload::Workload;
use cloudvet::model::{ProviderProfile, Requirements};
use criterion::{criterion_group, criterion_main, BenchmarkId, Criterion, Throughput};

const GPUS: [(&str, u32, &str); 6] = [
    ("H100-SXM", 8, "24.00"),
    ("H200-SXM", 8, "28.00"),
    ("L40S", 4, "9.20"),
    ("MI300X", 8, "20.00"),
    ("A100-SXM-80GB", 8, "10.40"),
    ("H100", 1, "2.30"),
];

fn catalogue(offers: usize) -> Vec<ProviderProfile> {
    let per_provider = 100;
    (0..offers.div_ceil(per_provider))
        .map(|p| {
            let mut y = format!(
                "kind: provider\nschema_version: 1\nid: p{p:07}\nname: Provider {p}\nregions: [{{id: r1, country: DE}}]\n\
                 storage: {{currency: EUR, price_per_gb_month: 0.08}}\n\
                 egress: {{currency: USD, free_gb_per_month: 100, tiers: [{{up_to_gb: 1000, price_per_gb: 0.05}}, {{price_per_gb: 0.02}}]}}\noffers:\n"
            );
            for i in 0..per_provider.min(offers - p * per_provider) {
                let (gpu, gpi, price) = GPUS[(p + i) % GPUS.len()];
                let cur = if i % 2 == 0 { "EUR" } else { "USD" };
                let inc = [1, 60, 3600][i % 3];
                y.push_str(&format!(
                    "  - {{id: o{i}, region: r1, gpu_model: {gpu}, gpus_per_instance: {gpi}, currency: {cur}, price_on_demand: {price}, price_spot: 5.5, billing_increment_seconds: {inc}, minimum_billed_seconds: 60}}\n"
                ));
            }
            serde_yaml::from_str(&y).expect("generated profile")
        })
        .collect()
}

fn bench(c: &mut Criterion) {
    let workload: Workload = serde_yaml::from_slice(
        cloudvet::embedded::file("docs/examples/workload.yaml").expect("example workload"),
    )
    .expect("example workload parses");
    let requirements: Requirements = serde_yaml::from_str(
        "kind: requirements\nschema_version: 1\ntitle: bench\ncurrency: {report: EUR, rates: [{from: USD, rate: 0.9, date: 2026-11-27}]}\n",
    )
    .expect("requirements");
    let benchmarks = Benchmarks::embedded().expect("benchmarks");
    let mut group = c.benchmark_group("cost_compare");
    for n in [10_000usize, 100_000, 1_000_000] {
        let providers = catalogue(n);
        group.throughput(Throughput::Elements(n as u64));
        group.sample_size(10);
        group.bench_with_input(
            BenchmarkId::from_parameter(n),
            &providers,
            |b, providers| {
                b.iter(|| {
                    let r = compare(&CostInputs {
                        workload: &workload,
                        workload_file: None,
                        providers,
                        requirements: &requirements,
                        benchmarks: &benchmarks,
                        rent_vs_buy: None,
                        rent_vs_buy_file: None,
                        allowed_providers: None,
                    })
                    .expect("compare");
                    black_box(r.offers.len())
                })
            },
        );
    }
    group.finish();
}

criterion_group!(benches, bench);
criterion_main!(benches);
