//! Benchmark table loader: bytes as the training table (with the embedded
//! inference table) or as the inference table (with the embedded training
//! table) → `Benchmarks::from_files` → the cost model with the example
//! workload over the shipped catalogue → renderers. (The CSV itself is read by the
//! `csv` crate inside `Benchmarks::from_files`; cloudvet has no CSV reader of its own.)
#![no_main]

use cloudvet::cost::Benchmarks;
use cloudvet::load::SourceFile;
use cloudvet_fuzz::*;
use libfuzzer_sys::fuzz_target;

fn embedded(path: &str) -> Option<SourceFile> {
    SourceFile::embedded(path, cloudvet::embedded::file(path)?).ok()
}

fuzz_target!(|data: &[u8]| {
    let Some(file) = source_named("fuzz.csv", data) else { return };
    let (Some(training), Some(inference)) = (
        embedded(cloudvet::cost::benchmarks::TRAINING_PATH),
        embedded(cloudvet::cost::benchmarks::INFERENCE_PATH),
    ) else {
        return;
    };
    // The last byte picks the table the input stands for (reading the other,
    // embedded table costs most of the time of one execution).
    let b = if data.last().is_some_and(|b| b & 1 == 1) {
        Benchmarks::from_files(&training, &file)
    } else {
        Benchmarks::from_files(&file, &inference)
    };
    {
        match b {
            Err(d) => render_all(&d, Some(&file.text)),
            Ok(b) => {
                if let (Some(w), Some(req)) = (example_workload(), example_requirements()) {
                    cost(w, &shipped_profiles(), req, &b);
                }
            }
        }
    }
});
