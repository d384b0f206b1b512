//! Workload loader: bytes → `parse_document::<Workload>` → the cost model over
//! the shipped catalogue with the example requirements and embedded
//! benchmarks → the comparison's renderers.
#![no_main]

use cloudvet::load::DocumentKind;
use cloudvet::validate::load_document;
use cloudvet::model::workload::Workload;
use cloudvet_fuzz::*;
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let Some(file) = source(data) else { return };
    let (value, diags) = load_document::<Workload>(&file, DocumentKind::Workload);
    render_all(&diags, Some(&file.text));
    let Some(w) = value else { return };
    if let (Some(req), Some(b)) = (example_requirements(), embedded_benchmarks()) {
        cost(&w, &shipped_profiles(), req, b);
    }
});
