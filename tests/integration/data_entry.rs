//! Data-entry help (issue 18 point 6): what people type instead of the forms
//! cloudvet reads gets a message that says what to write — a decimal comma gets
//! "use a decimal point: 21.50", a number with its currency or unit gets "write
//! the number alone", a German or American date gets "use the ISO form:
//! 2026-11-20" (also for `--as-of`), never a regular expression — and every
//! problem of a file comes in one run, schema and semantic problems together.

use super::common::{cloudvet, fixture, validate_json};

fn stderr_and_stdout(args: &[&str]) -> (i32, String) {
    let out = cloudvet(args);
    (
        out.status.code().unwrap_or(-1),
        format!(
            "{}{}",
            String::from_utf8_lossy(&out.stdout),
            String::from_utf8_lossy(&out.stderr)
        ),
    )
}

#[test]
fn every_mistake_of_a_file_in_one_run() {
    let (code, diags) = validate_json(&fixture("entry"));
    assert_eq!(code, 2);
    let at: Vec<(String, u64)> = diags
        .iter()
        .map(|d| {
            (
                d["code"].as_str().unwrap().to_string(),
                d["line"].as_u64().unwrap(),
            )
        })
        .collect();
    // Five mistakes: four the schema step finds, one the semantic checks find.
    assert_eq!(
        at,
        [
            ("schema-violation".to_string(), 8),
            ("schema-violation".to_string(), 22),
            ("unknown-gpu-model".to_string(), 25),
            ("schema-violation".to_string(), 28),
            ("schema-violation".to_string(), 30),
        ],
        "{diags:#?}"
    );
}

#[test]
fn what_to_write_instead_in_english() {
    let (code, t) = stderr_and_stdout(&["--lang", "en", "validate", "tests/fixtures/entry"]);
    assert_eq!(code, 2, "{t}");
    for want in [
        "help: use the ISO form: 2026-11-20",
        "help: use a decimal point: 21.50",
        "help: write the number alone: 21.50; the currency (EUR) goes in `currency`",
        "expected: a date YYYY-MM-DD",
        "expected: a date YYYY, YYYY-MM or YYYY-MM-DD",
        "invalid: 1 file(s) checked, 5 errors, 0 warnings",
    ] {
        assert!(t.contains(want), "missing `{want}` in:\n{t}");
    }
    // Never a regular expression.
    assert!(!t.contains("[0-9]{4}"), "{t}");
    assert!(!t.contains("pattern"), "{t}");
}

#[test]
fn what_to_write_instead_in_german() {
    let (code, t) = stderr_and_stdout(&["--lang", "de", "validate", "tests/fixtures/entry"]);
    assert_eq!(code, 2, "{t}");
    for want in [
        "Hinweis: verwenden Sie die ISO-Form: 2026-11-20",
        "Hinweis: verwenden Sie einen Dezimalpunkt: 21.50",
        "Hinweis: schreiben Sie die Zahl allein: 21.50; die Währung (EUR) gehört in `currency`",
        "erwartet: ein Datum JJJJ-MM-TT",
        "Fehler[unknown-gpu-model]: `H100-SXN` steht nicht im GPU-Katalog",
    ] {
        assert!(t.contains(want), "missing `{want}` in:\n{t}");
    }
}

#[test]
fn as_of_in_another_form_gets_the_iso_date() {
    for (lang, want) in [
        ("en", "help: use the ISO form: 2026-12-01"),
        ("de", "Hinweis: verwenden Sie die ISO-Form: 2026-12-01"),
    ] {
        let (code, t) = stderr_and_stdout(&["--lang", lang, "assess", "--as-of", "01.12.2026"]);
        assert_eq!(code, 2, "{t}");
        assert!(t.contains(want), "{t}");
        assert!(!t.contains("4 digits"), "{t}");
    }
    let (_, t) = stderr_and_stdout(&["--lang", "en", "assess", "--as-of", "05/06/2026"]);
    assert!(
        t.contains("2026-06-05 if the day comes first, 2026-05-06 if the month does"),
        "{t}"
    );
}

#[test]
fn a_unit_beside_a_number_names_the_field() {
    let dir = super::common::temp_dir("entry-unit");
    let text = std::fs::read_to_string(fixture("entry/acme.yaml"))
        .unwrap()
        .replace(
            "gpus_per_instance: 8\n    currency: EUR\n    price_on_demand: 21,50",
            "gpus_per_instance: \"8 GPUs\"\n    currency: EUR\n    price_on_demand: €21.50",
        );
    std::fs::write(dir.join("acme.yaml"), text).unwrap();
    let (_, t) = stderr_and_stdout(&["validate", &dir.join("acme.yaml").display().to_string()]);
    assert!(
        t.contains("help: write the number alone: 21.50; the currency (EUR) goes in `currency`"),
        "{t}"
    );
    assert!(
        t.contains("help: write the number alone: 8; the unit (GPUs) is fixed by the field"),
        "{t}"
    );
}
