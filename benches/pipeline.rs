//! The decision report's stages on the embedded defaults (what `cloudvet report`
//! runs without options): loading and checking the inputs, the assessment with
//! the decision model's robustness draws (2,000 weight draws; 2,000 draws of the
//! open facts alone and with the weights), and the cost comparison. Figures are
//! in docs/performance.md ("Report: before and after"). Run:
//! `cargo bench --bench pipeline`.

use std::hint::black_box;

use cloudvet::pipeline::{self, InputPaths, Needs};
use criterion::{criterion_group, criterion_main, Criterion};

fn paths() -> InputPaths {
    InputPaths {
        as_of: Some("2026-11-30".into()),
        ..Default::default()
    }
}

fn bench(c: &mut Criterion) {
    let mut g = c.benchmark_group("pipeline");
    g.sample_size(20);
    g.bench_function("load_defaults", |b| {
        b.iter(|| black_box(pipeline::load(&paths(), Needs::ALL).expect("defaults load")))
    });
    let inputs = pipeline::load(&paths(), Needs::ALL).expect("defaults load");
    g.bench_function("assess_defaults", |b| {
        b.iter(|| black_box(pipeline::assess(&inputs).expect("assessment")))
    });
    g.bench_function("cost_defaults", |b| {
        b.iter(|| black_box(pipeline::cost(&inputs, None).expect("cost")))
    });
    g.finish();
}

criterion_group!(benches, bench);
criterion_main!(benches);
