//! JSON Schemas (draft 2020-12) for every kind of input file, generated from the
//! Rust types with schemars. The generated files are committed in `schemas/`,
//! embedded into the binary (the loader validates against those), and kept
//! fresh by the `schemas_are_fresh` test: run `UPDATE_SCHEMAS=1 cargo test schemas`
//! after changing a model type.
//!
//! `$id` scheme: `https://cloudvet.example/schemas/<file name>`, one stable
//! address per kind; the version a file follows is its `schema_version` field,
//! which the loader checks before the schema.

use serde_json::Value;

use crate::load::DocumentKind;

/// The base of every schema `$id`.
pub const ID_BASE: &str = "https://cloudvet.example/schemas/";

/// One schema: the kind it checks, its file name in `schemas/`, and its generator.
pub struct SchemaEntry {
    pub kind: DocumentKind,
    pub file: &'static str,
    pub generate: fn() -> schemars::Schema,
}

/// Every generated schema. Add one line per kind of file.
pub const SCHEMAS: &[SchemaEntry] = &[
    SchemaEntry {
        kind: DocumentKind::Provider,
        file: "provider.schema.json",
        generate: || schemars::schema_for!(crate::model::ProviderProfile),
    },
    SchemaEntry {
        kind: DocumentKind::Requirements,
        file: "requirements.schema.json",
        generate: || schemars::schema_for!(crate::model::Requirements),
    },
    SchemaEntry {
        kind: DocumentKind::DpaReview,
        file: "dpa_review.schema.json",
        generate: || schemars::schema_for!(crate::model::DpaReview),
    },
    SchemaEntry {
        kind: DocumentKind::RulePack,
        file: "rule_pack.schema.json",
        generate: || schemars::schema_for!(crate::model::rule_pack::RulePack),
    },
    SchemaEntry {
        kind: DocumentKind::Questionnaire,
        file: "questionnaire.schema.json",
        generate: || schemars::schema_for!(crate::eval::questionnaire::Questionnaire),
    },
    SchemaEntry {
        kind: DocumentKind::Workload,
        file: "workload.schema.json",
        generate: || schemars::schema_for!(crate::model::workload::Workload),
    },
    SchemaEntry {
        kind: DocumentKind::RentVsBuy,
        file: "rent_vs_buy.schema.json",
        generate: || schemars::schema_for!(crate::model::rent_vs_buy::RentVsBuy),
    },
    SchemaEntry {
        kind: DocumentKind::Project,
        file: "project.schema.json",
        generate: || schemars::schema_for!(crate::model::project::Project),
    },
];

/// The table entry for a kind, if that kind has a schema yet.
pub fn entry(kind: DocumentKind) -> Option<&'static SchemaEntry> {
    SCHEMAS.iter().find(|e| e.kind == kind)
}

/// The complete schema document for an entry, with `$schema` and `$id` first.
pub fn document(entry: &SchemaEntry) -> Value {
    let generated = (entry.generate)().to_value();
    let mut out = serde_json::Map::new();
    out.insert(
        "$schema".into(),
        Value::String("https://json-schema.org/draft/2020-12/schema".into()),
    );
    out.insert(
        "$id".into(),
        Value::String(format!("{ID_BASE}{}", entry.file)),
    );
    if let Value::Object(m) = generated {
        for (k, v) in m {
            if k != "$schema" && k != "$id" {
                out.insert(k, v);
            }
        }
    }
    let mut doc = Value::Object(out);
    bound_integer_formats(&mut doc);
    doc
}

/// schemars marks fixed-width integers with `format: uint32` (etc.) and a
/// `minimum`, but JSON Schema does not enforce those formats: without an
/// explicit `maximum`, 4294967296 passed the schema and failed later with a
/// `model-mismatch` (found by the hostile-input suite). Adds the type's bounds.
fn bound_integer_formats(v: &mut Value) {
    match v {
        Value::Object(m) => {
            let bounds: Option<(i128, i128)> = match m.get("format").and_then(Value::as_str) {
                Some("uint8") => Some((0, u8::MAX.into())),
                Some("uint16") => Some((0, u16::MAX.into())),
                Some("uint32") => Some((0, u32::MAX.into())),
                Some("uint64") => Some((0, u64::MAX.into())),
                Some("int8") => Some((i8::MIN.into(), i8::MAX.into())),
                Some("int16") => Some((i16::MIN.into(), i16::MAX.into())),
                Some("int32") => Some((i32::MIN.into(), i32::MAX.into())),
                Some("int64") => Some((i64::MIN.into(), i64::MAX.into())),
                _ => None,
            };
            if let Some((lo, hi)) = bounds {
                let number = |n: i128| {
                    u64::try_from(n)
                        .map(Value::from)
                        .or_else(|_| i64::try_from(n).map(Value::from))
                        .unwrap_or(Value::Null)
                };
                m.entry("minimum").or_insert_with(|| number(lo));
                m.entry("maximum").or_insert_with(|| number(hi));
            }
            for x in m.values_mut() {
                bound_integer_formats(x);
            }
        }
        Value::Array(a) => a.iter_mut().for_each(bound_integer_formats),
        _ => {}
    }
}

/// The text written to `schemas/<file>`: pretty JSON with a final newline.
pub fn render(entry: &SchemaEntry) -> String {
    let mut s = serde_json::to_string_pretty(&document(entry)).unwrap_or_default();
    s.push('\n');
    s
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The loader finds a kind's schema by `DocumentKind::schema_file` (the load
    /// stage does not import this generator): every kind has one entry, under
    /// that file name.
    #[test]
    fn every_kind_has_its_schema_under_the_loaders_file_name() {
        for kind in DocumentKind::ALL {
            let e = entry(*kind).unwrap_or_else(|| panic!("{kind:?} has no schema"));
            assert_eq!(e.file, kind.schema_file(), "{kind:?}");
        }
        assert_eq!(SCHEMAS.len(), DocumentKind::ALL.len());
    }
}
