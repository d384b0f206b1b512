//! Requirements loader: bytes → `load_document::<Requirements>` → cross-file
//! checks (waivers naming providers, exchange rates) against the shipped
//! catalogue → rules engine and cost model over the shipped catalogue under
//! these requirements → their renderers.
#![no_main]

use cloudvet::load::{DocumentKind, Loaded};
use cloudvet::validate::load_document;
use cloudvet::model::Requirements;
use cloudvet_fuzz::*;
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let Some(file) = source(data) else { return };
    let (value, diags) = load_document::<Requirements>(&file, DocumentKind::Requirements);
    render_all(&diags, Some(&file.text));
    let Some(value) = value else { return };
    let _ = serde_json::to_string(&value);
    let req = Loaded {
        value,
        file: file.clone(),
    };
    let cross = cloudvet::validate::cross_check(shipped_providers(), Some(&req), &[]);
    render_all(&cross, Some(&file.text));
    let profiles = shipped_profiles();
    assess(&profiles, shipped_packs(), &req.value);
    if let (Some(w), Some(b)) = (example_workload(), embedded_benchmarks()) {
        cost(w, &profiles, &req.value, b);
    }
});
