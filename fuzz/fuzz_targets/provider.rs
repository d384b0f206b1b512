//! Provider profile loader: bytes → `load_document::<ProviderProfile>` →
//! cross-file checks with the shipped catalogue → JSON of the typed value.
#![no_main]

use cloudvet::load::{load_document, DocumentKind, Loaded};
use cloudvet::model::ProviderProfile;
use cloudvet_fuzz::{render_all, shipped_providers, source};
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let Some(file) = source(data) else { return };
    let (value, diags) = load_document::<ProviderProfile>(&file, DocumentKind::Provider);
    render_all(&diags, Some(&file.text));
    if let Some(value) = value {
        let _ = serde_json::to_string(&value);
        let mut all: Vec<Loaded<ProviderProfile>> = shipped_providers().to_vec();
        all.push(Loaded { value, file: file.clone() });
        let cross = cloudvet::validate::cross_check(&all, None, &[]);
        render_all(&cross, Some(&file.text));
    }
});
