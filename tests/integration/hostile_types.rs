//! Type confusions and out-of-range values through the real binary: every
//! case ends in a diagnostic with a code, a file and a location, and exit 2 —
//! or, where the input is genuinely valid, exit 0. Never a panic (exit 101),
//! never an abort. Sizes are bounded and generous; no timing assertions (the
//! limits are stated in docs/reliability.md).

use std::path::Path;

use crate::common::{cloudvet, temp_dir};

const PROVIDER: &str = "kind: provider\nschema_version: 1\nid: acme\nname: Acme\n";
const REGION: &str = "regions:\n  - id: fra\n    country: DE\n";
const REQUIREMENTS: &str =
    "kind: requirements\nschema_version: 1\ntitle: T\ncurrency:\n  report: EUR\n";
const REVIEW: &str = "kind: dpa_review\nschema_version: 1\nprovider: acme\n";

/// An offer in region `fra` with `field: value` appended.
fn offer(field: &str, value: &str) -> String {
    format!(
        "{PROVIDER}{REGION}offers:\n  - id: o\n    region: fra\n    gpu_model: H100-SXM\n    gpus_per_instance: 1\n    currency: EUR\n    {field}: {value}\n"
    )
}

struct Run {
    status: i32,
    diags: Vec<serde_json::Value>,
    stderr: String,
}

/// Writes `text` as `name` into a fresh folder and runs
/// `cloudvet validate --format json` on it.
fn validate(case: &str, name: &str, text: &str) -> Run {
    let dir = temp_dir(&format!("types-{case}"));
    let path = dir.join(name);
    std::fs::write(&path, text).unwrap();
    let out = cloudvet(&["validate", "--format", "json", &path.display().to_string()]);
    let _ = std::fs::remove_dir_all(&dir);
    let stderr = String::from_utf8_lossy(&out.stderr).to_string();
    assert!(
        !stderr.contains("panicked"),
        "{case}: the binary panicked:\n{stderr}"
    );
    let diags: Vec<serde_json::Value> = serde_json::from_slice(&out.stdout).unwrap_or_else(|e| {
        panic!(
            "{case}: stdout is not a JSON array ({e}):\n{}\n{stderr}",
            String::from_utf8_lossy(&out.stdout)
        )
    });
    Run {
        status: out.status.code().unwrap_or(-1),
        diags,
        stderr,
    }
}

/// The case must be refused with `code` (exit 2); every error names its file
/// and a line, and `pointer` (when given) is where the error points (or a
/// field under it).
fn refused(case: &str, name: &str, text: &str, code: &str, pointer: Option<&str>) {
    let run = validate(case, name, text);
    assert_eq!(
        run.status, 2,
        "{case}: expected exit 2, got {}: {:?}\n{}",
        run.status, run.diags, run.stderr
    );
    let errors: Vec<&serde_json::Value> = run
        .diags
        .iter()
        .filter(|d| d["severity"] == "error")
        .collect();
    assert!(!errors.is_empty(), "{case}: exit 2 without an error");
    for d in &errors {
        assert!(
            d["file"].as_str().is_some_and(|f| f.ends_with(name)),
            "{case}: error without its file: {d}"
        );
        assert!(
            d["line"].as_u64().is_some(),
            "{case}: error without a line: {d}"
        );
        assert!(
            d["message"].as_str().is_some_and(|m| !m.is_empty()),
            "{case}: error without a message: {d}"
        );
    }
    let hit = errors.iter().find(|d| d["code"] == code);
    let Some(hit) = hit else {
        panic!("{case}: wanted {code}, got {errors:?}");
    };
    if let Some(p) = pointer {
        let at = hit["pointer"].as_str().unwrap_or_default();
        assert!(
            at == p || at.starts_with(&format!("{p}/")),
            "{case}: points at {at}, wanted {p}: {hit}"
        );
    }
}

fn accepted(case: &str, name: &str, text: &str) {
    let run = validate(case, name, text);
    assert_eq!(
        run.status, 0,
        "{case}: expected a valid file, got {}: {:?}",
        run.status, run.diags
    );
}

#[test]
fn provider_type_confusions() {
    let p = |s: &str| format!("{PROVIDER}{s}");
    let cases: &[(&str, String, &str, &str)] = &[
        // A map where a list is expected, and the reverse.
        ("regions-map", p("regions: {fra: {id: fra, country: DE}}\n"), "schema-violation", "/regions"),
        ("regions-scalar", p("regions: fra\n"), "schema-violation", "/regions"),
        ("offers-nested-lists", p("offers: [[1, 2], [3]]\n"), "schema-violation", "/offers/0"),
        ("certifications-map", p("certifications: {scheme: iso27001}\n"), "schema-violation", "/certifications"),
        ("identity-list", p("identity: [a, b]\n"), "schema-violation", "/identity"),
        // A map or a list where a fact string is expected.
        ("fact-as-list", p("identity:\n  legal_entity: [a, b]\n"), "schema-violation", "/identity/legal_entity"),
        ("country-as-map", p("identity:\n  hq_country: {a: b}\n"), "unknown-field", "/identity/hq_country/a"),
        // A `value:` that is itself a fact mapping, nested three deep.
        ("value-is-fact", p("identity:\n  legal_entity: {value: {value: {value: x}}}\n"), "schema-violation", "/identity/legal_entity"),
        ("bool-value-is-fact", p("dpa:\n  available: {value: {value: true, source: https://x.example}}\n"), "schema-violation", "/dpa/available"),
        ("source-as-list", p("identity:\n  legal_entity: {value: x, source: [1]}\n"), "schema-violation", "/identity/legal_entity"),
        // Booleans and numbers spelled as texts.
        ("bool-as-text", p("dpa:\n  available: \"true\"\n"), "schema-violation", "/dpa/available"),
        ("gaps-nested", p("gaps: [[x]]\n"), "schema-violation", "/gaps/0"),
        ("gaps-maps", p("gaps: [{a: 1}]\n"), "schema-violation", "/gaps/0"),
        ("sources-numbers", p("sources: [1, 2]\n"), "schema-violation", "/sources/0"),
        // Numbers as IDs, empty IDs.
        ("region-id-number", p("regions:\n  - id: 7\n    country: DE\n"), "schema-violation", "/regions/0/id"),
        ("region-id-empty", p("regions:\n  - id: \"\"\n    country: DE\n"), "schema-violation", "/regions/0/id"),
        ("offer-id-empty", offer("price_on_demand", "1").replace("id: o", "id: \"\""), "schema-violation", "/offers/0/id"),
        // Keys that are not texts.
        ("complex-key", p("? [a, b]\n: c\n"), "non-string-key", ""),
        ("number-key", p("1: x\n"), "non-string-key", ""),
        ("null-key", p("null: x\n"), "non-string-key", ""),
        // Counts: negative, fractional, beyond u32, beyond u64, beyond u128.
        ("count-negative", offer("vram_gb", "-1"), "schema-violation", "/offers/0/vram_gb"),
        ("count-negative-hex", offer("vram_gb", "-0x1"), "non-decimal-number", "/offers/0/vram_gb"),
        ("count-hex", offer("vram_gb", "80").replace("gpus_per_instance: 1", "gpus_per_instance: 0x10"), "non-decimal-number", "/offers/0/gpus_per_instance"),
        ("count-octal", offer("vram_gb", "80").replace("gpus_per_instance: 1", "gpus_per_instance: 0o10"), "non-decimal-number", "/offers/0/gpus_per_instance"),
        ("count-zero", offer("vram_gb", "80").replace("gpus_per_instance: 1", "gpus_per_instance: 0"), "schema-violation", "/offers/0/gpus_per_instance"),
        ("count-minus-zero", offer("vram_gb", "80").replace("gpus_per_instance: 1", "gpus_per_instance: -0"), "schema-violation", "/offers/0/gpus_per_instance"),
        ("vram-zero", offer("vram_gb", "0"), "schema-violation", "/offers/0/vram_gb"),
        ("count-fraction", offer("vram_gb", "1.5"), "schema-violation", "/offers/0/vram_gb"),
        ("count-over-u32", offer("vram_gb", "4294967296"), "schema-violation", "/offers/0/vram_gb"),
        ("count-over-u64", offer("vram_gb", "18446744073709551616"), "number-out-of-range", "/offers/0/vram_gb"),
        ("count-over-u64-hex", offer("vram_gb", "0xFFFFFFFFFFFFFFFFFF"), "non-decimal-number", "/offers/0/vram_gb"),
        ("count-below-i64", offer("vram_gb", "-9223372036854775809"), "number-out-of-range", "/offers/0/vram_gb"),
        ("count-over-u128", offer("vram_gb", "340282366920938463463374607431768211456"), "schema-violation", "/offers/0/vram_gb"),
        ("hours-over-u64", p("dpa:\n  breach_notice_hours: 18446744073709551616\n"), "number-out-of-range", "/dpa/breach_notice_hours"),
        ("hours-negative", p("dpa:\n  breach_notice_hours: -5\n"), "schema-violation", "/dpa/breach_notice_hours"),
        ("hours-infinite", p("dpa:\n  breach_notice_hours: 1e400\n"), "number-out-of-range", "/dpa/breach_notice_hours"),
        ("hours-nan", p("dpa:\n  breach_notice_hours: .nan\n"), "non-finite-number", "/dpa/breach_notice_hours"),
        // Prices: zero, negative, a text, absurdly small or large.
        ("price-text", offer("price_on_demand", "\"1.0\""), "schema-violation", "/offers/0/price_on_demand"),
        ("price-negative", offer("price_on_demand", "-3"), "non-positive-price", "/offers/0/price_on_demand"),
        ("price-tiny", offer("price_on_demand", "0.000000000000000000000000000000001"), "number-out-of-range", "/offers/0/price_on_demand"),
        ("price-vanishing", offer("price_on_demand", "1e-30"), "number-out-of-range", "/offers/0/price_on_demand"),
        ("price-huge", offer("price_on_demand", "1e30"), "schema-violation", "/offers/0/price_on_demand"),
        ("price-huge-integer", offer("price_on_demand", "99999999999999999999999999999999999999"), "number-out-of-range", "/offers/0/price_on_demand"),
        // Egress tiers: a bound below zero.
        ("tier-negative", p("egress:\n  currency: EUR\n  tiers:\n    - up_to_gb: -1\n      price_per_gb: 0\n    - price_per_gb: 0\n"), "tiers-not-ascending", "/egress/tiers/0"),
        // Dates: impossible, five-digit year, digits only.
        ("date-impossible", p("compiled: 2026-02-30\n"), "impossible-date", "/compiled"),
        ("date-five-digit-year", p("compiled: 99999-01-01\n"), "schema-violation", "/compiled"),
        ("date-digits", p("compiled: 20261130\n"), "schema-violation", "/compiled"),
        // kind/schema_version confusions.
        ("kind-list", "kind: [provider]\nschema_version: 1\nid: acme\nname: Acme\n".into(), "unknown-kind", "/kind"),
        ("version-float", "kind: provider\nschema_version: 1.0\nid: acme\nname: Acme\n".into(), "unsupported-schema-version", "/schema_version"),
        ("version-text", "kind: provider\nschema_version: \"1\"\nid: acme\nname: Acme\n".into(), "unsupported-schema-version", "/schema_version"),
        ("version-huge", "kind: provider\nschema_version: 99999999999999999999\nid: acme\nname: Acme\n".into(), "number-out-of-range", "/schema_version"),
        ("id-number", "kind: provider\nschema_version: 1\nid: 42\nname: Acme\n".into(), "schema-violation", "/id"),
        ("id-empty", "kind: provider\nschema_version: 1\nid: \"\"\nname: Acme\n".into(), "schema-violation", "/id"),
        ("name-map", "kind: provider\nschema_version: 1\nid: acme\nname: {a: b}\n".into(), "schema-violation", "/name"),
    ];
    for (case, text, code, pointer) in cases {
        let pointer = (!pointer.is_empty()).then_some(*pointer);
        refused(case, "acme.yaml", text, code, pointer);
    }
}

#[test]
fn requirements_type_confusions() {
    let r = |s: &str| format!("{REQUIREMENTS}{s}");
    let cases: &[(&str, String, &str, &str)] = &[
        ("rates-map", r("  rates: {USD: 0.9}\n"), "schema-violation", "/currency/rates"),
        ("rate-negative", r("  rates:\n    - from: USD\n      rate: -1\n      date: 2026-01-01\n      source: x\n"), "non-positive-rate", "/currency/rates/0/rate"),
        ("models-text", r("gpu:\n  models: H100-SXM\n"), "schema-violation", "/gpu/models"),
        ("models-nested", r("gpu:\n  models: [[H100-SXM]]\n"), "schema-violation", "/gpu/models/0"),
        // A Cyrillic "Н" in place of the Latin "H".
        ("model-homoglyph", r("gpu:\n  models: [\u{41d}100-SXM]\n"), "unknown-gpu-model", "/gpu/models/0"),
        ("waivers-map", r("waivers: {rule: X}\n"), "schema-violation", "/waivers"),
        ("waiver-empty-rule", r("waivers:\n  - rule: \"\"\n    provider: acme\n    justification: pilot\n    expires: 2027-01-01\n"), "schema-violation", "/waivers/0/rule"),
        ("waiver-empty-justification", r("waivers:\n  - rule: DPA-003\n    provider: acme\n    justification: \"\"\n    expires: 2027-01-01\n"), "schema-violation", "/waivers/0/justification"),
        ("waiver-number-ids", r("waivers:\n  - rule: 42\n    provider: 7\n    justification: x\n    expires: 2027-01-01\n"), "schema-violation", "/waivers/0/rule"),
        ("age-negative", r("max_evidence_age_months: -1\n"), "schema-violation", "/max_evidence_age_months"),
        ("age-float", r("max_evidence_age_months: 1e10\n"), "schema-violation", "/max_evidence_age_months"),
        ("weights-list", r("area_weights: [1, 2]\n"), "schema-violation", "/area_weights"),
        ("weight-negative", r("area_weights:\n  dpa: -5\n"), "schema-violation", "/area_weights/dpa"),
        ("weight-huge", r("area_weights:\n  dpa: 1e308\n  exit: 1e308\n"), "schema-violation", "/area_weights/dpa"),
        ("sla-over-100", r("commercial:\n  min_sla_pct: 250\n"), "schema-violation", "/commercial/min_sla_pct"),
        ("sla-negative", r("commercial:\n  min_sla_pct: -1\n"), "schema-violation", "/commercial/min_sla_pct"),
        ("overrides-text", r("rule_overrides: x\n"), "schema-violation", "/rule_overrides"),
        ("countries-odd", r("locations:\n  allowed_countries: [XX]\n"), "unknown-country", "/locations/allowed_countries/0"),
        ("title-list", "kind: requirements\nschema_version: 1\ntitle: [a]\ncurrency:\n  report: EUR\n".into(), "schema-violation", "/title"),
        ("currency-text", "kind: requirements\nschema_version: 1\ntitle: T\ncurrency: EUR\n".into(), "schema-violation", "/currency"),
    ];
    for (case, text, code, pointer) in cases {
        refused(case, "requirements.yaml", text, code, Some(pointer));
    }
}

#[test]
fn review_type_confusions() {
    let v = |s: &str| format!("{REVIEW}{s}");
    let doc = "document:\n  file_name: a.pdf\n  sha256: 2c26b46b68ffc68ff99b453c1d30413413422d706483bfa0f98a5e886266e7ae\n";
    let cases: &[(&str, String, &str, &str)] = &[
        ("elements-map", v(&format!("{doc}elements: {{a: b}}\n")), "schema-violation", "/elements"),
        ("element-number", v(&format!("{doc}elements:\n  - element: 7\n    verdict: pending\n")), "schema-violation", "/elements/0/element"),
        ("line-start-negative", v(&format!("{doc}elements:\n  - element: art28_3_a_instructions\n    scan:\n      status: found\n      line_start: -4\n    verdict: pending\n")), "schema-violation", "/elements/0/scan/line_start"),
        ("line-start-huge", v(&format!("{doc}elements:\n  - element: art28_3_a_instructions\n    scan:\n      status: found\n      line_start: 99999999999999999999999\n    verdict: pending\n")), "number-out-of-range", "/elements/0/scan/line_start"),
        ("sha-short", v("document:\n  file_name: a.pdf\n  sha256: abc\n"), "schema-violation", "/document/sha256"),
        ("provider-number", "kind: dpa_review\nschema_version: 1\nprovider: 7\n".into(), "schema-violation", "/provider"),
    ];
    for (case, text, code, pointer) in cases {
        refused(case, "acme-review.yaml", text, code, Some(pointer));
    }
}

/// Large but legal inputs are read: 10 000 offers, deeply nested (but
/// schema-conforming) facts, unicode everywhere texts are free.
#[test]
fn large_and_odd_but_valid_inputs_are_accepted() {
    let mut many = format!("{PROVIDER}{REGION}offers:\n");
    for i in 0..10_000 {
        many.push_str(&format!(
            "  - id: o{i}\n    region: fra\n    gpu_model: H100-SXM\n    gpus_per_instance: {}\n    currency: EUR\n    price_on_demand: {}.{:02}\n",
            1 + i % 8,
            1 + i % 40,
            i % 100
        ));
    }
    accepted("ten-thousand-offers", "acme.yaml", &many);

    let unicode = format!(
        "{PROVIDER}identity:\n  legal_entity: {{value: \"Ａｃｍｅ 雲 GmbH — ñ 🚀 \u{202e}txt\", source: https://acme.example/i, as_of: 2026-11}}\ngaps: [\"Zeichen: äöüß € \u{200b}\"]\n"
    );
    accepted("unicode-texts", "acme.yaml", &unicode);

    // Every fact in the long form, the deepest legal nesting of the model.
    let long_form = format!(
        "{PROVIDER}regions:\n  - id: fra\n    country: DE\n    gpu_models: {{value: [H100-SXM], source: https://acme.example/r, as_of: 2026-11-30, status: self_declared, confidence: primary, note: n}}\ndpa:\n  available: {{value: true, source: https://acme.example/d, as_of: 2026, status: verified}}\n  breach_notice_hours: {{value: unknown, note: not stated}}\n"
    );
    accepted("long-form-facts", "acme.yaml", &long_form);

    // A homoglyph provider ID (Cyrillic "а") does not match the ID pattern.
    refused(
        "id-homoglyph",
        "аcme.yaml",
        "kind: provider\nschema_version: 1\nid: \u{430}cme\nname: Acme\n",
        "schema-violation",
        Some("/id"),
    );
}

/// `validate` on a folder with many hostile files at once: each is reported
/// against its own file, the run ends with exit 2, nothing is skipped.
#[test]
fn many_bad_files_in_one_folder() {
    let dir = temp_dir("types-folder");
    let bad = [
        (
            "a.yaml",
            "kind: provider\nschema_version: 1\nid: a\nname: [x]\n",
        ),
        (
            "b.yaml",
            "kind: provider\nschema_version: 99999999999999999999\n",
        ),
        (
            "c.yaml",
            "kind: requirements\nschema_version: 1\ntitle: {}\n",
        ),
        ("d.yaml", "kind: rule_pack\nschema_version: \"x\"\n"),
        ("e.yaml", ": : :\n"),
    ];
    for (name, text) in bad {
        std::fs::write(dir.join(name), text).unwrap();
    }
    let out = cloudvet(&["validate", "--format", "json", &dir.display().to_string()]);
    let diags: Vec<serde_json::Value> = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(out.status.code(), Some(2));
    for (name, _) in bad {
        assert!(
            diags.iter().any(|d| d["severity"] == "error"
                && d["file"]
                    .as_str()
                    .is_some_and(|f| Path::new(f).ends_with(name))),
            "{name} not reported: {diags:?}"
        );
    }
    let _ = std::fs::remove_dir_all(&dir);
}
