//! DPA scanner: bytes as a text, Markdown or PDF document (the last byte picks
//! the file extension, which chooses the reader) → `dpa::scan_bytes` (reading,
//! language, sections, element search, figures) → the review file it would
//! write → the facts a review gives → JSON of both.
#![no_main]

use cloudvet_fuzz::render_all;
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let name = match data.last().map(|b| b % 3) {
        Some(1) => "fuzz.md",
        Some(2) => "fuzz.pdf",
        _ => "fuzz.txt",
    };
    match cloudvet::dpa::scan_bytes(name, data) {
        Err(d) => render_all(&[d], None),
        Ok(scan) => {
            std::hint::black_box(scan.summary());
            let review = scan.to_review("acme".to_string());
            std::hint::black_box(serde_json::to_string(&review).ok());
            let facts = cloudvet::dpa::facts::review_to_facts(&review);
            std::hint::black_box(facts.len());
        }
    }
});
