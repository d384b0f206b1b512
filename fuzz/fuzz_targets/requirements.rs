//! Requirements loader: bytes → `load_document::<Requirements>` → cross-file
//! checks (waivers naming providers, exchange rates) against the shipped catalogue.
#![no_main]

use cloudvet::load::{load_document, DocumentKind, Loaded};
use cloudvet::model::Requirements;
use cloudvet_fuzz::{render_all, shipped_providers, source};
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let Some(file) = source(data) else { return };
    let (value, diags) = load_document::<Requirements>(&file, DocumentKind::Requirements);
    render_all(&diags, Some(&file.text));
    if let Some(value) = value {
        let _ = serde_json::to_string(&value);
        let req = Loaded { value, file: file.clone() };
        let cross = cloudvet::validate::cross_check(shipped_providers(), Some(&req), &[]);
        render_all(&cross, Some(&file.text));
    }
});
