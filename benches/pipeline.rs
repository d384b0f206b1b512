//! The decision report's stages on the embedded defaults (what `cloudvet report`
//! runs without options): loading and checking the inputs, the assessment with
//! the decision model's robustness draws (2,000 weight draws; 2,000 draws of the
//! open facts alone and with the weights), the draws over the open facts alone,
//! the cost comparison, and the report model (assessment, cost, assembly: what
//! the report's main thread does before the formats render). Figures are in
//! docs/performance.md ("This round: before and after"). Run:
//! `cargo bench --bench pipeline`.

use std::hint::black_box;

use std::collections::BTreeMap;

use cloudvet::eval::smaa;
use cloudvet::i18n::Lang;
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
    let assessment = pipeline::assess(&inputs).expect("assessment");
    let weights: BTreeMap<_, _> = assessment
        .area_weights
        .iter()
        .map(|w| (w.area, w.weight))
        .collect();
    let settings = &inputs.requirements.value.robustness;
    g.bench_function("open_fact_draws_defaults", |b| {
        b.iter(|| {
            black_box(smaa::run_open_facts(
                &assessment.providers,
                &weights,
                settings,
            ))
        })
    });
    g.bench_function("cost_defaults", |b| {
        b.iter(|| black_box(pipeline::cost(&inputs, None).expect("cost")))
    });
    g.bench_function("report_model_defaults", |b| {
        b.iter(|| black_box(pipeline::report(&inputs, Lang::En).expect("report")))
    });
    g.finish();
}

criterion_group!(benches, bench);
criterion_main!(benches);
