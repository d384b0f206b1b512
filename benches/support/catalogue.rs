//! Generated provider catalogues for the cost benchmark (benches/cost.rs) and the memory
//! measurement (examples/cost_memory.rs): 100 offers per provider, six GPU models (one
//! without a benchmark family), EUR and USD prices, per-second/minute/hour billing,
//! graduated egress tiers.

use cloudvet::cost::Benchmarks;
use cloudvet::model::workload::Workload;
use cloudvet::model::{ProviderProfile, Requirements};

const GPUS: [(&str, u32, &str); 6] = [
    ("H100-SXM", 8, "24.00"),
    ("H200-SXM", 8, "28.00"),
    ("L40S", 4, "9.20"),
    ("MI300X", 8, "20.00"),
    ("A100-SXM-80GB", 8, "10.40"),
    ("H100", 1, "2.30"),
];

/// `offers` offers, 100 per provider.
pub fn catalogue(offers: usize) -> Vec<ProviderProfile> {
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

/// The example workload (spot accepted, operation after training).
pub fn workload() -> Workload {
    serde_yaml::from_slice(
        cloudvet::embedded::file("docs/examples/workload.yaml").expect("example workload"),
    )
    .expect("example workload parses")
}

/// EUR report currency with a USD rate.
pub fn requirements() -> Requirements {
    serde_yaml::from_str(
        "kind: requirements\nschema_version: 1\ntitle: bench\ncurrency: {report: EUR, rates: [{from: USD, rate: 0.9, date: 2026-11-27}]}\n",
    )
    .expect("requirements")
}

/// The embedded benchmark tables.
pub fn benchmarks() -> Benchmarks {
    Benchmarks::embedded().expect("benchmarks")
}
