//! DPA review file loader: bytes → `load_document::<DpaReview>` → cross-file
//! checks (the reviewed provider must exist) against the shipped catalogue.
#![no_main]

use cloudvet::load::{DocumentKind, Loaded};
use cloudvet::validate::load_document;
use cloudvet::model::DpaReview;
use cloudvet_fuzz::{render_all, shipped_providers, source};
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let Some(file) = source(data) else { return };
    let (value, diags) = load_document::<DpaReview>(&file, DocumentKind::DpaReview);
    render_all(&diags, Some(&file.text));
    if let Some(value) = value {
        let _ = serde_json::to_string(&value);
        let review = [Loaded { value, file: file.clone() }];
        let cross = cloudvet::validate::cross_check(shipped_providers(), None, &review);
        render_all(&cross, Some(&file.text));
    }
});
