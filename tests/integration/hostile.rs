//! Hostile inputs end in a diagnostic and exit 2: never a panic, a hang or a
//! blown memory limit. (No timing assertions: speed is measured in benches.)

use std::path::Path;

use cloudvet::load::{DocumentKind, SourceFile};
use cloudvet::model::ProviderProfile;
use cloudvet::validate::load_document;

use crate::common::{temp_dir, validate_json};

fn codes_for(bytes: &[u8]) -> Vec<String> {
    let dir = temp_dir(&format!("hostile-{}", bytes.len()));
    let path = dir.join("acme.yaml");
    std::fs::write(&path, bytes).unwrap();
    let (status, diags) = validate_json(&path);
    let _ = std::fs::remove_dir_all(&dir);
    assert_eq!(status, 2, "expected exit 2, got {status}: {diags:?}");
    diags
        .iter()
        .filter_map(|d| d["code"].as_str().map(str::to_string))
        .collect()
}

fn assert_code(bytes: &[u8], code: &str) {
    let codes = codes_for(bytes);
    assert!(
        codes.iter().any(|c| c == code),
        "wanted {code}, got {codes:?}"
    );
}

const HEAD: &str = "kind: provider\nschema_version: 1\nid: acme\nname: Acme\n";

#[test]
fn billion_laughs() {
    let mut s = String::from(HEAD);
    s.push_str("a0: &a0 [lol, lol, lol, lol, lol, lol, lol, lol, lol, lol]\n");
    for i in 1..30 {
        let refs = vec![format!("*a{}", i - 1); 10].join(", ");
        s.push_str(&format!("a{i}: &a{i} [{refs}]\n"));
    }
    assert_code(s.as_bytes(), "alias-expansion-limit");
}

#[test]
fn deep_nesting_block_and_flow() {
    let flow = format!(
        "{HEAD}notes: {}{}\n",
        "[".repeat(100_000),
        "]".repeat(100_000)
    );
    assert_code(flow.as_bytes(), "nesting-too-deep");
    let mut block = String::from(HEAD);
    for i in 0..200 {
        block.push_str(&format!("{}k{i}:\n", "  ".repeat(i)));
    }
    assert_code(block.as_bytes(), "nesting-too-deep");
}

#[test]
fn ten_megabyte_string_is_too_large() {
    let s = format!("{HEAD}notes: \"{}\"\n", "x".repeat(10 * 1024 * 1024));
    assert_code(s.as_bytes(), "file-too-large");
}

#[test]
fn long_string_under_the_file_limit() {
    let s = format!("{HEAD}notes: {}\n", "x".repeat(1024 * 1024));
    assert_code(s.as_bytes(), "string-too-long");
}

#[test]
fn too_many_values() {
    let mut s = format!("{HEAD}gaps:\n");
    for _ in 0..200_010 {
        s.push_str("- g\n");
    }
    assert_code(s.as_bytes(), "too-many-values");
}

#[test]
fn utf16_with_and_without_bom() {
    let mut le = vec![0xFF, 0xFE];
    le.extend(HEAD.encode_utf16().flat_map(u16::to_le_bytes));
    assert_code(&le, "unsupported-encoding");
    let mut be = vec![0xFE, 0xFF];
    be.extend(HEAD.encode_utf16().flat_map(u16::to_be_bytes));
    assert_code(&be, "unsupported-encoding");
    let bare: Vec<u8> = HEAD.encode_utf16().flat_map(u16::to_le_bytes).collect();
    assert_code(&bare, "unsupported-encoding");
}

#[test]
fn binary_and_invalid_utf8() {
    assert_code(b"%PDF-1.7\n\x00\x00\x00\xff\xfe", "binary-file");
    assert_code(b"kind: provider\nname: \xc3\x28\n", "invalid-encoding");
}

#[test]
fn multi_doc_tags_and_nan() {
    assert_code(
        format!("{HEAD}---\n{HEAD}").as_bytes(),
        "multiple-documents",
    );
    assert_code(
        format!("{HEAD}notes: !!binary aGVsbG8=\n").as_bytes(),
        "yaml-tag-not-allowed",
    );
    assert_code(
        format!("{HEAD}notes: !<tag:evil.example,2026:x> y\n").as_bytes(),
        "yaml-tag-not-allowed",
    );
    assert_code(
        format!("{HEAD}sla:\n  availability_pct: .nan\n").as_bytes(),
        "non-finite-number",
    );
    assert_code(
        format!("{HEAD}sla:\n  availability_pct: -.inf\n").as_bytes(),
        "non-finite-number",
    );
    assert_code(
        format!("{HEAD}sla:\n  availability_pct: 1e999\n").as_bytes(),
        "number-out-of-range",
    );
}

#[test]
fn odd_roots() {
    assert_code(b"", "empty-document");
    assert_code(b"~\n", "empty-document");
    assert_code(b"just a sentence\n", "root-not-mapping");
    assert_code(b"[1, 2]\n", "root-not-mapping");
}

#[test]
fn bom_and_crlf_are_accepted() {
    let text = std::fs::read_to_string(crate::common::fixture("valid/providers/acme-gpu.yaml"))
        .unwrap()
        .replace('\n', "\r\n");
    let mut bytes = vec![0xEF, 0xBB, 0xBF];
    bytes.extend(text.as_bytes());
    let file = SourceFile::from_bytes("acme-gpu.yaml", &bytes).unwrap();
    let (v, d) = load_document::<ProviderProfile>(&file, DocumentKind::Provider);
    assert!(d.is_empty(), "{d:?}");
    assert_eq!(v.unwrap().id, "acme-gpu");
}

#[test]
fn missing_path_is_unreadable() {
    let (status, diags) = validate_json(Path::new("/nonexistent/cloudvet/providers"));
    assert_eq!(status, 2);
    assert_eq!(diags[0]["code"], "file-unreadable");
}
