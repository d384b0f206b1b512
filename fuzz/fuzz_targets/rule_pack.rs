//! Rule pack loader: bytes → `eval::packs::parse_files` (schema, pack checks,
//! check compilation) → the rules engine with this pack over the shipped
//! catalogue and the example requirements → the assessment's renderers.
#![no_main]

use cloudvet_fuzz::*;
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let Some(file) = source(data) else { return };
    match cloudvet::eval::packs::parse_files(std::slice::from_ref(&file)) {
        Err(d) => render_all(&d, Some(&file.text)),
        Ok(packs) => {
            for p in &packs {
                std::hint::black_box(cloudvet::eval::docs::pack_markdown(p));
            }
            if let Some(req) = example_requirements() {
                assess(&shipped_profiles(), &packs, req);
            }
        }
    }
});
