//! Cost comparison over generated catalogues of 10 k, 100 k and 1 M offers
//! (100 offers per provider). The work per offer should be flat: the speed
//! basis is computed once per GPU model and the rates once per run.
//! Figures go to docs/performance.md, section "Cost"; peak memory is measured
//! with examples/cost_memory.rs on the same catalogues.

use std::cell::OnceCell;
use std::hint::black_box;

use cloudvet::cost::{compare, CostInputs};
use criterion::{criterion_group, criterion_main, BenchmarkId, Criterion, Throughput};

#[path = "support/catalogue.rs"]
mod catalogue;

fn bench(c: &mut Criterion) {
    let workload = catalogue::workload();
    let requirements = catalogue::requirements();
    let benchmarks = catalogue::benchmarks();
    let mut group = c.benchmark_group("cost_compare");
    for n in [10_000usize, 100_000, 1_000_000] {
        // Generated only when the size is benchmarked (`--bench cost_compare/1000000`).
        let providers = OnceCell::new();
        group.throughput(Throughput::Elements(n as u64));
        group.sample_size(10);
        group.bench_function(BenchmarkId::from_parameter(n), |b| {
            let providers = providers.get_or_init(|| catalogue::catalogue(n));
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
        });
    }
    group.finish();
}

criterion_group!(benches, bench);
criterion_main!(benches);
