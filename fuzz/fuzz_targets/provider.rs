//! Provider profile loader: bytes → `load_document::<ProviderProfile>` →
//! cross-file checks with the shipped catalogue → rules engine (shipped packs,
//! example requirements) and cost model (example workload) on this profile →
//! their renderers.
#![no_main]

use cloudvet::load::{DocumentKind, Loaded};
use cloudvet::validate::load_document;
use cloudvet::model::ProviderProfile;
use cloudvet_fuzz::*;
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let Some(file) = source(data) else { return };
    let (value, diags) = load_document::<ProviderProfile>(&file, DocumentKind::Provider);
    render_all(&diags, Some(&file.text));
    let Some(value) = value else { return };
    let _ = serde_json::to_string(&value);
    let mut all: Vec<Loaded<ProviderProfile>> = shipped_providers().to_vec();
    all.push(Loaded {
        value: value.clone(),
        file: file.clone(),
    });
    let cross = cloudvet::validate::cross_check(&all, None, &[]);
    render_all(&cross, Some(&file.text));
    let one = [value];
    if let Some(req) = example_requirements() {
        assess(&one, shipped_packs(), req);
        if let (Some(w), Some(b)) = (example_workload(), embedded_benchmarks()) {
            cost(w, &one, req, b);
        }
    }
});
