//! One broken input per diagnostic code under tests/fixtures/invalid/<code>/,
//! checked through the real binary: the code, the file and the line. Adding a
//! code = adding its folder and one line to `CASES`.

use std::path::PathBuf;

use cloudvet::diag::all_codes;

use crate::common::{fixture, validate_json};

/// (code, file in the fixture folder, expected line; `None` = a file-level
/// problem that has no line).
const CASES: &[(&str, &str, Option<u64>)] = &[
    ("binary-file", "acme.yaml", None),
    ("unsupported-encoding", "acme.yaml", None),
    ("invalid-encoding", "acme.yaml", Some(4)),
    ("yaml-syntax", "acme.yaml", Some(6)),
    ("empty-document", "acme.yaml", None),
    ("multiple-documents", "acme.yaml", Some(15)),
    ("root-not-mapping", "acme.yaml", Some(1)),
    ("yaml-tag-not-allowed", "acme.yaml", Some(4)),
    ("non-finite-number", "acme.yaml", Some(14)),
    ("number-out-of-range", "acme.yaml", Some(15)),
    ("non-decimal-number", "acme.yaml", Some(12)),
    ("nesting-too-deep", "acme.yaml", Some(5)),
    ("alias-expansion-limit", "acme.yaml", Some(10)),
    ("duplicate-key", "acme.yaml", Some(5)),
    ("non-string-key", "acme.yaml", Some(6)),
    ("unknown-kind", "acme.yaml", Some(1)),
    ("unsupported-schema-version", "acme.yaml", Some(2)),
    ("unknown-field", "acme.yaml", Some(13)),
    ("missing-field", "acme.yaml", Some(9)),
    ("schema-violation", "acme.yaml", Some(12)),
    ("impossible-date", "acme.yaml", Some(5)),
    ("model-mismatch", "acme.yaml", Some(6)),
    ("file-name-mismatch", "acme-cloud.yaml", Some(3)),
    ("duplicate-id", "acme.yaml", Some(8)),
    ("unknown-region", "acme.yaml", Some(10)),
    ("unknown-gpu-model", "acme.yaml", Some(11)),
    ("validity-reversed", "acme.yaml", Some(19)),
    ("non-positive-price", "acme.yaml", Some(14)),
    ("percentage-out-of-range", "acme.yaml", Some(6)),
    ("non-positive-rate", "requirements.yaml", Some(8)),
    ("unknown-currency", "acme.yaml", Some(13)),
    ("unknown-country", "acme.yaml", Some(7)),
    ("tiers-not-ascending", "acme.yaml", Some(20)),
    ("offer-without-price", "acme.yaml", Some(9)),
    ("missing-exchange-rate", "requirements.yaml", Some(5)),
    ("unknown-provider", "requirements.yaml", Some(8)),
    ("invalid-line-range", "acme-review.yaml", Some(13)),
    ("signed-off-with-pending", "acme-review.yaml", Some(12)),
    ("verdict-without-reviewer", "acme-review.yaml", Some(10)),
    ("unknown-objective", "requirements.yaml", Some(9)),
    ("seal-level-out-of-range", "requirements.yaml", Some(9)),
    // Cost stage: workload checks the loader runs (src/cost/validate.rs).
    ("invalid-quantity", "workload.yaml", Some(16)),
    ("missing-quantity", "workload.yaml", Some(6)),
    ("unexpected-field", "workload.yaml", Some(9)),
    ("missing-throughput-basis", "workload.yaml", Some(9)),
    ("invalid-work-unit", "workload.yaml", Some(6)),
    // Rules engine: rule-pack checks the loader runs (src/eval/packs.rs).
    ("duplicate-rule-id", "pack.yaml", Some(17)),
    ("mixed-rule-prefix", "pack.yaml", Some(7)),
    ("invalid-rule", "pack.yaml", Some(13)),
    ("unknown-fact-pointer", "pack.yaml", Some(18)),
    ("example-mismatch", "pack.yaml", Some(19)),
    // Answered questionnaires: `validate` merges them as `assess --answers` does.
    ("answer-does-not-fit", "acme-questionnaire.yaml", Some(13)),
    // A review of an older DPA version than the profile's (applied as `assess` does).
    ("dpa-review-stale", "acme-review.yaml", Some(9)),
    (
        "questionnaire-not-dated",
        "acme-questionnaire.yaml",
        Some(2),
    ),
];

/// Codes proven by other tests instead of a committed fixture: inputs too big
/// or impossible to commit (`hostile.rs`), codes `cloudvet validate` cannot
/// raise (`loader_api.rs::wrong_kind_when_a_provider_is_expected`). Codes of
/// other stages that `validate` never raises go here too, with their test.
const PROVEN_ELSEWHERE: &[&str] = &[
    "file-unreadable",
    "file-too-large",
    // Pipes, devices and link loops cannot be committed: hostile_files.rs.
    "not-a-regular-file",
    "symlink-loop",
    "string-too-long",
    "too-many-values",
    "wrong-kind",
    // Cost stage, raised by `cloudvet cost` only (tests/cost.rs):
    // bad_workload_quantities_are_diagnostics, cli_cost_stage_codes.
    "unknown-benchmark",
    "no-benchmark-rows",
    "benchmark-table-invalid",
    "no-providers",
    "output-unwritable",
    // Rules engine, raised by the library or by `assess`/`rules`/`questionnaire`
    // (tests/integration/rules.rs: engine_and_questionnaire_codes; rules_cli.rs).
    "malformed-rule-id",
    "duplicate-pack-id",
    "unknown-rule",
    "unknown-area",
    "invalid-weight",
    "invalid-check",
    "invalid-pointer",
    "invalid-date",
    // `cloudvet report`: options and output, not input files (tests/integration/report.rs).
    "template-error",
    // Template folders made at test time (links, loops, budgets): report.rs.
    "template-sandbox",
    "render-failed",
    "invalid-report-option",
    // `cloudvet dpa` (tests/dpa_cli.rs: bad_input_is_refused_with_exit_2_and_a_code,
    // an_existing_review_is_not_overwritten_without_force, a_completed_review_becomes_…;
    // src/dpa/text.rs unit tests for sizes and encodings)
    "dpa-file-unreadable",
    "dpa-unsupported-format",
    "dpa-empty-document",
    "dpa-too-large",
    "dpa-invalid-encoding",
    "dpa-pdf-unreadable",
    "dpa-pdf-encrypted",
    "dpa-pdf-no-text",
    // Generated hostile PDFs: hostile_pdf.rs.
    "dpa-pdf-budget",
    "dpa-provider-id",
    "dpa-review-provider",
    "dpa-review-incomplete",
    "dpa-terms",
    "dpa-output",
    // `cloudvet import` reads catalogues, not profiles (tests/integration/import.rs:
    // import_codes, lambda_excerpt_…, region_country_filter).
    "catalogue-unreadable",
    "catalogue-columns",
    "catalogue-row",
    "catalogue-cloud",
    "unplaced-accelerator",
    "region-country-unknown",
    "region-map-invalid",
    "invalid-country-filter",
    "import-target",
];

fn folder(code: &str) -> PathBuf {
    fixture(&format!("invalid/{code}"))
}

#[test]
fn each_fixture_raises_its_code_at_its_line() {
    let mut failures = Vec::new();
    for (code, file, line) in CASES {
        let (status, diags) = validate_json(&folder(code));
        let hit = diags.iter().find(|d| d["code"] == *code);
        let Some(d) = hit else {
            failures.push(format!("{code}: not raised; got {diags:?}"));
            continue;
        };
        let f = d["file"].as_str().unwrap_or_default();
        if !f.ends_with(&format!("invalid/{code}/{file}")) {
            failures.push(format!("{code}: in file {f}, expected {file}"));
        }
        if d["line"].as_u64() != *line {
            failures.push(format!(
                "{code}: at line {:?}, expected {line:?}",
                d["line"]
            ));
        }
        let warning = d["severity"] == "warning";
        let want_status = if warning { 0 } else { 2 };
        if status != want_status {
            failures.push(format!("{code}: exit {status}, expected {want_status}"));
        }
        // Every diagnostic says what to do.
        if d["help"].as_str().unwrap_or_default().is_empty() {
            failures.push(format!("{code}: no help line"));
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

#[test]
fn every_code_has_a_fixture() {
    let mut missing = Vec::new();
    for (code, _) in all_codes() {
        let covered = CASES.iter().any(|(c, _, _)| *c == code) || PROVEN_ELSEWHERE.contains(&code);
        let has_folder = PROVEN_ELSEWHERE.contains(&code) || folder(code).is_dir();
        if !covered || !has_folder {
            missing.push(code);
        }
    }
    assert!(missing.is_empty(), "codes without a fixture: {missing:?}");
}

#[test]
fn codes_are_unique_and_kebab_case() {
    let codes = all_codes();
    let mut seen = std::collections::BTreeSet::new();
    for (code, desc) in &codes {
        assert!(seen.insert(*code), "duplicate code {code}");
        assert!(
            code.chars().all(|c| c.is_ascii_lowercase() || c == '-'),
            "{code} is not kebab-case"
        );
        assert!(!desc.is_empty());
    }
}

#[test]
fn all_problems_in_a_file_are_reported() {
    // Three independent semantic errors in one profile: all three come back.
    let dir = crate::common::temp_dir("many");
    let text = std::fs::read_to_string(folder("unknown-region").join("acme.yaml"))
        .unwrap()
        .replace("gpu_model: H100-SXM", "gpu_model: H100-SMX")
        .replace("currency: EUR", "currency: EURO");
    std::fs::write(dir.join("acme.yaml"), text).unwrap();
    let (status, diags) = validate_json(&dir);
    assert_eq!(status, 2);
    let codes: Vec<&str> = diags.iter().filter_map(|d| d["code"].as_str()).collect();
    for c in ["unknown-region", "unknown-gpu-model", "unknown-currency"] {
        assert!(codes.contains(&c), "{c} missing from {codes:?}");
    }
    // And several schema errors at once.
    let text = std::fs::read_to_string(folder("unknown-field").join("acme.yaml"))
        .unwrap()
        .replace("gpus_per_instance: 8", "gpus_per_instance: eight")
        .replace("name: Acme", "nmae: Acme");
    std::fs::write(dir.join("acme.yaml"), text).unwrap();
    let (_, diags) = validate_json(&dir);
    let codes: Vec<&str> = diags.iter().filter_map(|d| d["code"].as_str()).collect();
    assert!(
        codes.iter().filter(|c| **c == "unknown-field").count() >= 2,
        "{codes:?}"
    );
    assert!(codes.contains(&"missing-field"), "{codes:?}");
    assert!(codes.contains(&"schema-violation"), "{codes:?}");
    let _ = std::fs::remove_dir_all(dir);
}
