//! The library API the other stages use.

use std::path::PathBuf;

use cloudvet::load::{DocumentKind, SourceFile};
use cloudvet::model::Requirements;
use cloudvet::validate;

use crate::common::fixture;

#[test]
fn load_providers_from_folder_and_file() {
    let (loaded, diags) = validate::load_providers(&[fixture("valid/providers")]);
    assert!(diags.is_empty(), "{diags:?}");
    assert_eq!(loaded.len(), 1);
    let p = &loaded[0];
    assert_eq!(p.value.id, "acme-gpu");
    assert_eq!(p.file.sha256.len(), 64);
    assert!(p.file.display.ends_with("acme-gpu.yaml"));
    let (again, _) = validate::load_providers(&[fixture("valid/providers/acme-gpu.yaml")]);
    assert_eq!(again[0].value, p.value);
}

#[test]
fn broken_provider_is_left_out_and_reported() {
    let (loaded, diags) = validate::load_providers(&[fixture("invalid/unknown-region")]);
    assert!(loaded.is_empty());
    assert_eq!(diags[0].code, "unknown-region");
    assert_eq!(diags[0].line, Some(10));
}

#[test]
fn wrong_kind_when_a_provider_is_expected() {
    let (loaded, diags) = validate::load_providers(&[fixture("invalid/wrong-kind")]);
    assert!(loaded.is_empty());
    assert_eq!(diags[0].code, "wrong-kind");
    assert_eq!(diags[0].line, Some(1));
    assert!(diags[0]
        .file
        .as_deref()
        .unwrap()
        .ends_with("wrong-kind/acme.yaml"));
}

#[test]
fn requirements_from_a_path() {
    let (r, diags) = validate::load_requirements(Some(&fixture("valid/requirements.yaml")));
    assert!(diags.is_empty(), "{diags:?}");
    let r = r.unwrap();
    assert_eq!(r.value.currency.report, "EUR");
    let (none, diags) = validate::load_requirements(Some(&PathBuf::from("/nonexistent.yaml")));
    assert!(none.is_none());
    assert_eq!(diags[0].code, "file-unreadable");
}

#[test]
fn parse_document_returns_errors_only() {
    let text = std::fs::read(fixture("valid/requirements.yaml")).unwrap();
    let file = SourceFile::from_bytes("requirements.yaml", &text).unwrap();
    let r: Requirements = validate::parse_document(&file, DocumentKind::Requirements).unwrap();
    assert_eq!(r.gpu.models, ["H100-SXM"]);
    let err = validate::parse_document::<Requirements>(&file, DocumentKind::Provider).unwrap_err();
    assert_eq!(err[0].code, "wrong-kind");
}

#[test]
fn cross_check_waivers_and_rates() {
    let (providers, _) = validate::load_providers(&[fixture("valid/providers")]);
    let (req, _) = validate::load_requirements(Some(&fixture("valid/requirements.yaml")));
    let (reviews, d) = validate::load_reviews(&[fixture("valid/reviews")]);
    assert!(d.is_empty(), "{d:?}");
    let diags = cloudvet::validate::cross_check(&providers, req.as_ref(), &reviews);
    assert!(diags.is_empty(), "{diags:?}");
    // Without the providers, the waiver and the review name unknown providers.
    let diags = cloudvet::validate::cross_check(&[], req.as_ref(), &reviews);
    let codes: Vec<&str> = diags.iter().map(|d| d.code.as_str()).collect();
    assert_eq!(codes, ["unknown-provider", "unknown-provider"]);
}

#[test]
fn embedded_providers_load_without_errors() {
    let (_, diags) = validate::embedded_providers();
    let errors: Vec<_> = diags.iter().filter(|d| d.is_error()).collect();
    assert!(errors.is_empty(), "{errors:?}");
}
