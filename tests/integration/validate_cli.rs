//! `cloudvet validate` end to end: human and JSON output, exit codes.

use crate::common::{cloudvet, fixture, validate_json};

#[test]
fn valid_folder_exits_zero() {
    let (status, diags) = validate_json(&fixture("valid"));
    assert_eq!(status, 0, "{diags:?}");
    assert!(diags.is_empty(), "{diags:?}");
}

#[test]
fn human_output_shows_location_source_line_and_help() {
    let path = fixture("invalid/unknown-gpu-model");
    let out = cloudvet(&["validate", &path.display().to_string()]);
    assert_eq!(out.status.code(), Some(2));
    let err = String::from_utf8_lossy(&out.stderr);
    let want = format!(
        "error[unknown-gpu-model]: `H100-SMX` is not in the GPU catalogue\n  --> {}/acme.yaml:11:16\n    |\n 11 |     gpu_model: H100-SMX\n    |                ^\n  at /offers/0/gpu_model\n  expected: a catalogue ID such as `H100-SXM`, `A100-SXM-80GB`, `L40S`\n  help: did you mean `H100-SXM`? (`cloudvet validate --list-gpus` lists all)\n",
        path.display()
    );
    assert!(err.contains(&want), "got:\n{err}\nwanted:\n{want}");
    assert!(
        err.contains("invalid: 1 file(s) checked, 1 error, 0 warnings"),
        "{err}"
    );
}

#[test]
fn fact_errors_say_what_a_fact_may_be() {
    let dir = crate::common::temp_dir("fact");
    let text = std::fs::read_to_string(fixture("valid/providers/acme-gpu.yaml"))
        .unwrap()
        .replace("available: true", "available: yes\n  version: 3.1")
        .replace(
            "    source: https://acme.example/imprint",
            "    sorce: https://acme.example/imprint",
        );
    std::fs::write(dir.join("acme-gpu.yaml"), text).unwrap();
    let (status, diags) = validate_json(&dir);
    assert_eq!(status, 2);
    let fact = diags
        .iter()
        .find(|d| d["pointer"] == "/dpa/available")
        .expect("dpa.available reported");
    assert_eq!(
        fact["expected"],
        "true/false, `unknown`, or {value, source, as_of, status}"
    );
    let typo = diags
        .iter()
        .find(|d| d["pointer"] == "/identity/legal_entity/sorce")
        .expect("typo in a long-form fact reported");
    assert_eq!(typo["code"], "unknown-field");
    assert_eq!(typo["help"], "did you mean `source`?");
    let version = diags
        .iter()
        .find(|d| d["pointer"] == "/dpa/version")
        .expect("unquoted version reported");
    assert_eq!(
        version["help"],
        "put the value in quotes (`\"3.1\"`) so YAML reads it as a text"
    );
    let _ = std::fs::remove_dir_all(dir);
}

#[test]
fn list_gpus() {
    let out = cloudvet(&["validate", "--list-gpus"]);
    assert_eq!(out.status.code(), Some(0));
    let s = String::from_utf8_lossy(&out.stdout);
    assert!(s.contains("H100-SXM") && s.contains("MI300X"), "{s}");
}

#[test]
fn json_output_is_an_array_with_positions() {
    let (status, diags) = validate_json(&fixture("invalid/unknown-field"));
    assert_eq!(status, 2);
    let d = &diags[0];
    assert_eq!(d["code"], "unknown-field");
    assert_eq!(d["severity"], "error");
    assert_eq!(d["line"], 13);
    assert_eq!(d["column"], 5);
    assert_eq!(d["pointer"], "/offers/0/gpu_modle");
    assert_eq!(d["help"], "did you mean `gpu_model`?");
}
