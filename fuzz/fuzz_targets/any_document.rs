//! `validate`'s path: the kind is read from the file's `kind:` field
//! (`pipeline::load_any`), so one target reaches every kind's schema and checks.
#![no_main]

use cloudvet_fuzz::{render_all, source};
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let Some(file) = source(data) else { return };
    let (_doc, diags) = cloudvet::pipeline::load_any(&file);
    render_all(&diags, Some(&file.text));
});
