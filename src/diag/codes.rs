//! The registry of load and validate diagnostic codes: (code, one-line
//! description). Every code has a `### code` heading in docs/diagnostics.md and a
//! broken fixture under tests/fixtures/invalid/<code>/ (tests enforce both).
//! Codes are stable: never renamed, never reused for another meaning.

/// Codes raised while reading and parsing a file (stage `load`).
pub const LOAD: &[(&str, &str)] = &[
    ("file-unreadable", "The file or folder cannot be read."),
    ("file-too-large", "The file is larger than the 8 MiB limit."),
    (
        "binary-file",
        "The file contains NUL bytes: it is not a text file.",
    ),
    (
        "unsupported-encoding",
        "The file is UTF-16 or UTF-32; only UTF-8 is read.",
    ),
    ("invalid-encoding", "The file is not valid UTF-8."),
    ("yaml-syntax", "The file is not well-formed YAML."),
    ("empty-document", "The file contains no YAML document."),
    (
        "multiple-documents",
        "The file contains more than one YAML document.",
    ),
    (
        "root-not-mapping",
        "The top level of the document is not a mapping of fields.",
    ),
    (
        "yaml-tag-not-allowed",
        "The document uses a YAML tag (`!something`).",
    ),
    ("non-finite-number", "A number is NaN or infinite."),
    (
        "number-out-of-range",
        "A whole number is wider than 64 bits.",
    ),
    (
        "string-too-long",
        "A text value is longer than the 64 KiB limit.",
    ),
    (
        "nesting-too-deep",
        "Values are nested more than 64 levels deep.",
    ),
    (
        "alias-expansion-limit",
        "YAML aliases would expand into too many values (\"billion laughs\").",
    ),
    (
        "too-many-values",
        "The document holds more than 200 000 values.",
    ),
    (
        "duplicate-key",
        "The same field appears twice in one mapping.",
    ),
    (
        "non-string-key",
        "A mapping key is a number, boolean, list or mapping instead of a text.",
    ),
    (
        "unknown-kind",
        "The `kind` field is missing or names no kind of file cloudvet reads.",
    ),
    (
        "wrong-kind",
        "The file declares another kind than the one expected here.",
    ),
    (
        "unsupported-schema-version",
        "The `schema_version` is missing or not one this build reads.",
    ),
    (
        "unknown-field",
        "A field is not part of the schema (often a typo).",
    ),
    ("missing-field", "A required field is absent."),
    (
        "schema-violation",
        "A value does not match the schema (type, allowed values, format).",
    ),
    (
        "impossible-date",
        "A date has the right form but does not exist (e.g. 2026-02-30).",
    ),
    (
        "model-mismatch",
        "The document passed the schema but still does not fit the typed model.",
    ),
];

/// Codes raised by the semantic checks after a file parsed (stage `validate`).
pub const VALIDATE: &[(&str, &str)] = &[
    (
        "file-name-mismatch",
        "A provider file is not named `<id>.yaml` after its `id`.",
    ),
    (
        "duplicate-id",
        "Two regions, offers, providers or review elements share one ID.",
    ),
    (
        "unknown-region",
        "An offer refers to a region the profile does not define.",
    ),
    (
        "unknown-gpu-model",
        "A GPU model ID is not in the GPU catalogue.",
    ),
    (
        "validity-reversed",
        "A `valid_until` date lies before its `valid_from` date.",
    ),
    (
        "non-positive-price",
        "A price is zero or negative where it must be positive.",
    ),
    ("non-positive-rate", "An exchange rate is zero or negative."),
    (
        "percentage-out-of-range",
        "A percentage (SLA availability) lies outside 0–100.",
    ),
    (
        "unknown-currency",
        "A currency code is not an ISO 4217 code.",
    ),
    (
        "unknown-country",
        "A country code is not an ISO 3166-1 alpha-2 code.",
    ),
    (
        "tiers-not-ascending",
        "Egress tiers are not in ascending order, or an unbounded tier is not last.",
    ),
    (
        "offer-without-price",
        "An offer has no on-demand, spot or reserved price (warning).",
    ),
    (
        "missing-exchange-rate",
        "A provider price currency has no rate into the report currency (warning).",
    ),
    (
        "unknown-provider",
        "A waiver or review names a provider that is not loaded.",
    ),
    (
        "invalid-line-range",
        "A scan result's `line_end` lies before its `line_start`.",
    ),
    (
        "signed-off-with-pending",
        "A review is signed off while some verdicts are still `pending`.",
    ),
    (
        "verdict-without-reviewer",
        "A decided verdict names no reviewer or date (warning).",
    ),
];

/// Codes raised by `cloudvet report` (stage `report`/`render`).
pub const REPORT: &[(&str, &str)] = &[
    (
        "template-error",
        "A report template does not parse or uses a field the report does not have.",
    ),
    (
        "render-failed",
        "A report format could not be produced from the report model.",
    ),
    (
        "invalid-report-option",
        "`cloudvet report --format` names a format other than pdf, html, md, json, csv.",
    ),
];

/// Load and validate codes together.
pub fn all() -> impl Iterator<Item = &'static (&'static str, &'static str)> {
    LOAD.iter().chain(VALIDATE)
}
