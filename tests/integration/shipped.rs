//! Every shipped data file (providers/, rules/, docs/examples/) validates and
//! deserialises, as files on disk and as the embedded copies.

use crate::common::{cloudvet, root};

#[test]
fn embedded_defaults_are_valid() {
    let out = cloudvet(&["validate"]);
    assert_eq!(
        out.status.code(),
        Some(0),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
}

#[test]
fn shipped_folders_on_disk_are_valid() {
    let mut args = vec!["validate".to_string(), "--format".into(), "json".into()];
    for f in ["providers", "rules", "docs/examples"] {
        if root().join(f).is_dir() {
            args.push(f.to_string());
        }
    }
    if args.len() == 3 {
        return; // nothing shipped yet on this branch
    }
    let refs: Vec<&str> = args.iter().map(String::as_str).collect();
    let out = cloudvet(&refs);
    let diags: Vec<serde_json::Value> = serde_json::from_slice(&out.stdout).unwrap();
    let errors: Vec<_> = diags.iter().filter(|d| d["severity"] == "error").collect();
    assert!(errors.is_empty(), "{errors:#?}");
    assert_eq!(out.status.code(), Some(0));
}

#[test]
fn shipped_providers_deserialise_and_round_trip() {
    let (loaded, diags) = cloudvet::validate::embedded_providers();
    assert!(diags.iter().all(|d| !d.is_error()), "{diags:?}");
    for p in loaded {
        // The normalised form (long-form facts) still validates against the schema.
        let json = serde_json::to_value(&p.value).unwrap();
        let yaml = serde_yaml::to_string(&json).unwrap();
        let file = cloudvet::load::SourceFile::from_bytes(p.file.display.clone(), yaml.as_bytes())
            .unwrap();
        let again: cloudvet::model::ProviderProfile =
            cloudvet::validate::parse_document(&file, cloudvet::load::DocumentKind::Provider)
                .unwrap_or_else(|d| panic!("{}: {d:?}", p.file.display));
        assert_eq!(again, p.value, "{}", p.file.display);
    }
}

#[test]
fn fixture_profile_round_trips() {
    let (loaded, _) =
        cloudvet::validate::load_providers(&[crate::common::fixture("valid/providers")]);
    let p = &loaded[0];
    let json = serde_json::to_value(&p.value).unwrap();
    let yaml = serde_yaml::to_string(&json).unwrap();
    let file = cloudvet::load::SourceFile::from_bytes("acme-gpu.yaml", yaml.as_bytes()).unwrap();
    let again: cloudvet::model::ProviderProfile =
        cloudvet::validate::parse_document(&file, cloudvet::load::DocumentKind::Provider).unwrap();
    assert_eq!(again, p.value);
}
