//! The rules engine over generated catalogues: 10 000 and 1 000 000 offers.
//! Target (issue 3): 1 M offers assessed in under 2 s on one core. Figures are
//! recorded in docs/performance.md ("Engine"). Run: `cargo bench --bench engine`.

use std::hint::black_box;

use cloudvet::eval::smaa::SplitMix64;
use cloudvet::eval::{packs, Engine};
use cloudvet::model::provider::ProviderProfile;
use criterion::{criterion_group, criterion_main, Criterion};
use serde_json::json;

const MODELS: [&str; 6] = [
    "H100-SXM",
    "H100-PCIe",
    "H200",
    "A100-SXM-80GB",
    "L40S",
    "MI300X",
];
const REGIONS: [(&str, &str); 5] = [
    ("fra", "DE"),
    ("par", "FR"),
    ("ams", "NL"),
    ("iad", "US"),
    ("nrt", "JP"),
];

/// `providers` profiles with `offers_each` offers, facts at random (seeded).
fn catalogue(providers: usize, offers_each: usize) -> Vec<ProviderProfile> {
    let mut rng = SplitMix64::new(42);
    (0..providers)
        .map(|p| {
            let bits = rng.next_u64();
            let coin = |k: u32| (bits >> k) & 1 == 0;
            let dpa = json!({
                "available": true, "binding_form": "signed",
                "clauses": {"instructions": coin(1), "transfer_instructions": true, "legal_requirement_notice": true,
                            "confidentiality": true, "security": coin(2), "subprocessor_conditions": true,
                            "dsr_assistance": true, "art32_36_assistance": coin(3), "delete_or_return": true,
                            "audit": true, "inspection_allowed": coin(4)},
                "breach_notice_hours": 24
            });
            let regions: Vec<_> = REGIONS
                .iter()
                .map(|(id, c)| json!({"id": id, "country": c, "availability": "on_demand"}))
                .collect();
            let offers: Vec<_> = (0..offers_each)
                .map(|i| {
                    let r = rng.next_u64();
                    let gpus = [1, 2, 4, 8][((r >> 16) % 4) as usize];
                    let link = ["nvlink", "pcie"][((r >> 20) % 2) as usize];
                    let incr = [1, 60, 3600][((r >> 24) % 3) as usize];
                    let term = [0, 1, 12][((r >> 28) % 3) as usize];
                    json!({
                        "id": format!("o{i}"),
                        "region": REGIONS[(r % 5) as usize].0,
                        "gpu_model": MODELS[((r >> 8) % 6) as usize],
                        "gpus_per_instance": gpus,
                        "interconnect": link,
                        "currency": "EUR",
                        "price_on_demand": 2.5,
                        "billing_increment_seconds": incr,
                        "minimum_term_months": term,
                        "source": "https://example.com/pricing",
                        "as_of": "2026-11-01",
                        "status": "self_declared"
                    })
                })
                .collect();
            serde_json::from_value(json!({
                "kind": "provider", "schema_version": 1, "id": format!("p{p:04}"), "name": format!("Provider {p}"),
                "identity": {"ultimate_parent_country": if coin(5) { "DE" } else { "US" }},
                "regions": regions, "offers": offers, "dpa": dpa,
                "sovereignty": {"eu_data_residency_commitment": true},
                "certifications": [{"scheme": "iso27001", "name": "ISO/IEC 27001:2022", "valid_until": "2027-12-31"}]
            }))
            .expect("generated profile fits the model")
        })
        .collect()
}

fn bench(c: &mut Criterion) {
    let packs = packs::shipped().expect("shipped packs");
    let req = cloudvet::validate::load_requirements(None)
        .0
        .expect("example requirements")
        .value;
    let date = "2026-11-30".parse().expect("date");
    let engine = Engine::new(&packs, &req, date).expect("engine");

    let small = catalogue(10, 1_000);
    c.bench_function("engine/assess 10k offers (10 providers)", |b| {
        b.iter(|| black_box(engine.assess(black_box(&small)).expect("assess")))
    });
    drop(small);

    let large = catalogue(100, 10_000);
    let mut g = c.benchmark_group("engine-1M");
    g.sample_size(10);
    g.bench_function("assess 1M offers (100 providers)", |b| {
        b.iter(|| black_box(engine.assess(black_box(&large)).expect("assess")))
    });
    g.finish();
}

criterion_group!(benches, bench);
criterion_main!(benches);
