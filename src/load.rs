//! Load stage: read files (size limits, encodings), parse YAML, validate against
//! the embedded JSON Schema, map problems to line:column, then deserialise into
//! the typed model. Every problem is a `Diagnostic`; all problems in a file are
//! reported.
//!
//! INTERIM: this first version only parses with serde_yaml; the foundation work
//! replaces the body of `parse_document` with limits, schema and positions.

use std::path::Path;

use serde::de::DeserializeOwned;
use sha2::{Digest, Sha256};

use crate::diag::Diagnostic;

/// The kinds of document cloudvet reads; each has a schema in `schemas/`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum DocumentKind {
    Provider,
    RulePack,
    Requirements,
    Workload,
    DpaReview,
    RentVsBuy,
}

impl DocumentKind {
    /// The value of the file's `kind` field.
    pub fn kind_name(self) -> &'static str {
        match self {
            DocumentKind::Provider => "provider",
            DocumentKind::RulePack => "rule_pack",
            DocumentKind::Requirements => "requirements",
            DocumentKind::Workload => "workload",
            DocumentKind::DpaReview => "dpa_review",
            DocumentKind::RentVsBuy => "rent_vs_buy",
        }
    }
}

/// A file's text and identity, read once.
#[derive(Debug, Clone)]
pub struct SourceFile {
    /// As the user named it, or `embedded:<repo path>`.
    pub display: String,
    pub text: String,
    /// SHA-256 of the raw bytes, hex.
    pub sha256: String,
}

impl SourceFile {
    pub fn from_bytes(display: impl Into<String>, bytes: &[u8]) -> Result<Self, Diagnostic> {
        let display = display.into();
        let sha256 = hex(&Sha256::digest(bytes));
        let text = String::from_utf8(bytes.to_vec()).map_err(|e| {
            Diagnostic::error(
                "invalid-encoding",
                format!(
                    "the file is not valid UTF-8 (byte {})",
                    e.utf8_error().valid_up_to()
                ),
            )
            .in_file(display.clone())
            .help("save the file as UTF-8")
        })?;
        Ok(SourceFile {
            display,
            text,
            sha256,
        })
    }

    pub fn read(path: &Path) -> Result<Self, Diagnostic> {
        let display = path.display().to_string();
        let bytes = std::fs::read(path).map_err(|e| {
            Diagnostic::error("file-unreadable", format!("cannot read the file: {e}"))
                .in_file(display.clone())
        })?;
        Self::from_bytes(display, &bytes)
    }

    pub fn embedded(path: &str, bytes: &[u8]) -> Result<Self, Diagnostic> {
        Self::from_bytes(format!("{}{path}", crate::embedded::PREFIX), bytes)
    }
}

/// Lower-case hex of a byte slice.
pub fn hex(bytes: &[u8]) -> String {
    use std::fmt::Write;
    let mut s = String::with_capacity(bytes.len() * 2);
    for b in bytes {
        let _ = write!(s, "{b:02x}");
    }
    s
}

/// Parses and validates one document of the given kind.
pub fn parse_document<T: DeserializeOwned>(
    file: &SourceFile,
    kind: DocumentKind,
) -> Result<T, Vec<Diagnostic>> {
    let _ = kind;
    serde_yaml::from_str(&file.text).map_err(|e| {
        let mut d = Diagnostic::error("yaml-syntax", e.to_string()).in_file(file.display.clone());
        if let Some(loc) = e.location() {
            d = d.at(loc.line(), loc.column());
        }
        vec![d]
    })
}
