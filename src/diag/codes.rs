//! The registry of diagnostic codes: one enum per stage, wrapped in [`Code`].
//! Every code has a `### code` heading in docs/diagnostics.md and a broken
//! fixture under tests/fixtures/invalid/<code>/ where a file can trigger it
//! (tests enforce both). Codes are stable: never renamed, never reused for
//! another meaning, one code per problem. The text form is kebab-case
//! (`FileUnreadable` ↔ `file-unreadable`), derived by strum; the description is
//! the variant's doc comment.
//!
//! This module sits below every stage: it names codes, and imports nothing.

use std::fmt;

use serde::{Serialize, Serializer};
use strum::{EnumIter, EnumMessage, IntoEnumIterator, IntoStaticStr};

/// Codes raised by reading and parsing a file (stage `load`).
#[derive(
    Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, IntoStaticStr, EnumIter, EnumMessage,
)]
#[strum(serialize_all = "kebab-case")]
pub enum LoadCode {
    /// The file or folder cannot be read.
    FileUnreadable,
    /// The file is larger than the 8 MiB limit.
    FileTooLarge,
    /// A named pipe (FIFO), device, socket or folder is given where a file is expected.
    NotARegularFile,
    /// A symbolic link loops or points nowhere, or a folder's links lead back into the folder.
    SymlinkLoop,
    /// The file contains NUL bytes: it is not a text file.
    BinaryFile,
    /// The file is UTF-16 or UTF-32; only UTF-8 is read.
    UnsupportedEncoding,
    /// The file is not valid UTF-8.
    InvalidEncoding,
    /// The file is not well-formed YAML.
    YamlSyntax,
    /// The file contains no YAML document.
    EmptyDocument,
    /// The file contains more than one YAML document.
    MultipleDocuments,
    /// The top level of the document is not a mapping of fields.
    RootNotMapping,
    /// The document uses a YAML tag (`!something`).
    YamlTagNotAllowed,
    /// A number is NaN or infinite.
    NonFiniteNumber,
    /// A number is out of range: a whole number wider than 64 bits, a numeral beyond any float, or one too close to 0 to keep (`1e-30`).
    NumberOutOfRange,
    /// A number is written in hexadecimal, octal or binary (`0x10`) where the schema means a decimal.
    NonDecimalNumber,
    /// A text value is longer than the 64 KiB limit.
    StringTooLong,
    /// Values are nested more than 64 levels deep.
    NestingTooDeep,
    /// YAML aliases would expand into too many values ("billion laughs").
    AliasExpansionLimit,
    /// The document holds more than 200 000 values.
    TooManyValues,
    /// The same field appears twice in one mapping.
    DuplicateKey,
    /// A mapping key is a number, boolean, list or mapping instead of a text.
    NonStringKey,
    /// The `kind` field is missing or names no kind of file cloudvet reads.
    UnknownKind,
    /// The file declares another kind than the one expected here.
    WrongKind,
    /// The `schema_version` is missing or not one this build reads.
    UnsupportedSchemaVersion,
    /// A field is not part of the schema (often a typo).
    UnknownField,
    /// A required field is absent.
    MissingField,
    /// A value does not match the schema (type, allowed values, format).
    SchemaViolation,
    /// A date has the right form but does not exist (e.g. 2026-02-30).
    ImpossibleDate,
    /// The document passed the schema but still does not fit the typed model.
    ModelMismatch,
}

/// Codes raised by semantic checks of one file or across files (stage `validate`).
#[derive(
    Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, IntoStaticStr, EnumIter, EnumMessage,
)]
#[strum(serialize_all = "kebab-case")]
pub enum ValidateCode {
    /// A provider file is not named `<id>.yaml` after its `id`.
    FileNameMismatch,
    /// Two regions, offers, providers or review elements share one ID.
    DuplicateId,
    /// An offer refers to a region the profile does not define.
    UnknownRegion,
    /// A GPU model ID is not in the GPU catalogue.
    UnknownGpuModel,
    /// A `valid_until` date lies before its `valid_from` date.
    ValidityReversed,
    /// A price is zero or negative where it must be positive.
    NonPositivePrice,
    /// An exchange rate is zero or negative.
    NonPositiveRate,
    /// A percentage (SLA availability) lies outside 0–100.
    PercentageOutOfRange,
    /// A currency code is not an ISO 4217 code.
    UnknownCurrency,
    /// A country code is not an ISO 3166-1 alpha-2 code.
    UnknownCountry,
    /// Egress tiers are not in ascending order, or an unbounded tier is not last.
    TiersNotAscending,
    /// An offer has no on-demand, spot or reserved price (warning).
    OfferWithoutPrice,
    /// A provider price currency has no rate into the report currency (warning).
    MissingExchangeRate,
    /// A waiver or review names a provider that is not loaded.
    UnknownProvider,
    /// A scan result's `line_end` lies before its `line_start`.
    InvalidLineRange,
    /// A review is signed off while some verdicts are still `pending`.
    SignedOffWithPending,
    /// A decided verdict names no reviewer or date (warning).
    VerdictWithoutReviewer,
    /// `sovereignty_seal.min_seal` names something that is not an objective SOV-1 … SOV-8.
    UnknownObjective,
    /// A minimum SEAL level in `sovereignty_seal.min_seal` lies outside 0–4.
    SealLevelOutOfRange,
}

/// Codes raised by the workload, rent-vs-buy and benchmark files (stage `cost`).
#[derive(
    Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, IntoStaticStr, EnumIter, EnumMessage,
)]
#[strum(serialize_all = "kebab-case")]
pub enum CostCode {
    /// A workload or rent-vs-buy quantity is zero, negative, not finite or out of range.
    InvalidQuantity,
    /// A quantity the job kind or the spot setting needs is absent.
    MissingQuantity,
    /// A workload field that does not apply to this job kind or basis.
    UnexpectedField,
    /// The workload gives neither a measured run nor a benchmark.
    MissingThroughputBasis,
    /// The work unit does not fit the throughput basis.
    InvalidWorkUnit,
    /// The workload names a benchmark (or scenario) the tables do not have.
    UnknownBenchmark,
    /// A benchmark-only basis names a GPU model and count without rows.
    NoBenchmarkRows,
    /// A benchmark table is missing, lacks a column or has a malformed row.
    BenchmarkTableInvalid,
    /// `cloudvet cost` found no provider profile to compare.
    NoProviders,
    /// The output file cannot be written.
    OutputUnwritable,
}

/// Codes raised by rule packs, waivers, answers and the assessment (stage `eval`).
#[derive(
    Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, IntoStaticStr, EnumIter, EnumMessage,
)]
#[strum(serialize_all = "kebab-case")]
pub enum EvalCode {
    /// A rule ID is not of the form ABC-001.
    MalformedRuleId,
    /// A rule ID is used twice (in one pack, across packs, or by a --rules pack).
    DuplicateRuleId,
    /// The rules of one pack use several ID prefixes.
    MixedRulePrefix,
    /// Two rule packs have the same id.
    DuplicatePackId,
    /// A rule lacks a text, a legal basis, or has a check that does not compile.
    InvalidRule,
    /// A rule's check reads a pointer that is not a field of the provider profile (or of the requirements).
    UnknownFactPointer,
    /// A rule's example does not give the outcome it states.
    ExampleMismatch,
    /// A rule override, waiver or `rules explain` names a rule no pack has.
    UnknownRule,
    /// `area_weights` names something that is not an assessment area.
    UnknownArea,
    /// An area weight is negative or not a number.
    InvalidWeight,
    /// A rule's check cannot be compiled against these requirements.
    InvalidCheck,
    /// An answered questionnaire has no `answered_on` date.
    QuestionnaireNotDated,
    /// A questionnaire answer names a fact with a malformed JSON pointer.
    InvalidPointer,
    /// A questionnaire answer does not fit the profile at its pointer.
    AnswerDoesNotFit,
    /// `--as-of` or SOURCE_DATE_EPOCH is not a valid date.
    InvalidDate,
}

/// Codes raised by `cloudvet report` (stages `report` and `render`).
#[derive(
    Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, IntoStaticStr, EnumIter, EnumMessage,
)]
#[strum(serialize_all = "kebab-case")]
pub enum ReportCode {
    /// A report template does not parse or uses a field the report does not have.
    TemplateError,
    /// A template lies outside the template folder (a link out of it), or rendering exceeds the output or time budget.
    TemplateSandbox,
    /// A report format could not be produced from the report model.
    RenderFailed,
    /// `cloudvet report --format` names a format other than pdf, html, md, json, csv.
    InvalidReportOption,
}

/// Codes raised by `cloudvet dpa` (DPA scan and review).
#[derive(
    Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, IntoStaticStr, EnumIter, EnumMessage,
)]
#[strum(serialize_all = "kebab-case")]
pub enum DpaCode {
    /// The document or review file cannot be read (missing, no permission).
    DpaFileUnreadable,
    /// The file is not .txt, .md or .pdf (e.g. .docx), or it is binary.
    DpaUnsupportedFormat,
    /// The document has no text.
    DpaEmptyDocument,
    /// The file is over 8 MiB, the text over 2,000,000 characters, or the PDF over 2,000 pages.
    DpaTooLarge,
    /// A text file is not UTF-8 (e.g. UTF-16 or Windows-1252).
    DpaInvalidEncoding,
    /// The PDF is damaged or not a PDF.
    DpaPdfUnreadable,
    /// The PDF is encrypted with a password.
    DpaPdfEncrypted,
    /// The PDF has no text layer (scanned images); OCR is needed.
    DpaPdfNoText,
    /// The PDF exceeds a reading budget: decoded bytes, drawing operators or objects, per page or per document.
    DpaPdfBudget,
    /// `--provider` is not a provider id (lower case letters, digits, hyphens), names neither a shipped provider nor a profile in `--providers` (with a "did you mean" from the known ids), or is missing where a review file is written.
    DpaProviderId,
    /// A review is applied to the profile of another provider.
    DpaReviewProvider,
    /// The review still has pending verdicts or no sign-off (warning).
    DpaReviewIncomplete,
    /// The review is of another DPA version or date than the profile's current DPA: it is stale and not applied (warning).
    DpaReviewStale,
    /// The built-in term list cannot be read (a build defect).
    DpaTerms,
    /// An output file cannot be written.
    DpaOutput,
}

/// Codes raised by `cloudvet import` (price catalogues into provider profiles).
#[derive(
    Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, IntoStaticStr, EnumIter, EnumMessage,
)]
#[strum(serialize_all = "kebab-case")]
pub enum ImportCode {
    /// The catalogue file cannot be read, is not UTF-8 text, or is not CSV.
    CatalogueUnreadable,
    /// The catalogue lacks a column the import needs (e.g. `InstanceType`, `Price`).
    CatalogueColumns,
    /// A catalogue row cannot be read: wrong number of fields, a price or GPU count that is not a number.
    CatalogueRow,
    /// The cloud of a catalogue file cannot be told from its path; `--cloud` names it.
    CatalogueCloud,
    /// A row's accelerator cannot be placed on one GPU model of the catalogue (unknown name, memory that fits no model, or several models fit); the row is reported and left out (warning).
    UnplacedAccelerator,
    /// A row's region has no country in the region table or the profile; the row is reported and left out (warning).
    RegionCountryUnknown,
    /// The region table (`--region-map`) has a row without a valid country, source or date.
    RegionMapInvalid,
    /// `--region-country` names neither `EU`, `EEA` nor an ISO 3166-1 country code.
    InvalidCountryFilter,
    /// The profile to merge into cannot be loaded, or the result cannot be written.
    ImportTarget,
}

/// A diagnostic code of any stage.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Code {
    Load(LoadCode),
    Validate(ValidateCode),
    Cost(CostCode),
    Eval(EvalCode),
    Report(ReportCode),
    Dpa(DpaCode),
    Import(ImportCode),
}

impl From<ImportCode> for Code {
    fn from(c: ImportCode) -> Self {
        Code::Import(c)
    }
}

impl From<LoadCode> for Code {
    fn from(c: LoadCode) -> Self {
        Code::Load(c)
    }
}

impl From<ValidateCode> for Code {
    fn from(c: ValidateCode) -> Self {
        Code::Validate(c)
    }
}

impl From<CostCode> for Code {
    fn from(c: CostCode) -> Self {
        Code::Cost(c)
    }
}

impl From<EvalCode> for Code {
    fn from(c: EvalCode) -> Self {
        Code::Eval(c)
    }
}

impl From<ReportCode> for Code {
    fn from(c: ReportCode) -> Self {
        Code::Report(c)
    }
}

impl From<DpaCode> for Code {
    fn from(c: DpaCode) -> Self {
        Code::Dpa(c)
    }
}

impl Code {
    /// The stable kebab-case text, e.g. `file-unreadable`.
    pub fn as_str(self) -> &'static str {
        match self {
            Code::Load(c) => c.into(),
            Code::Validate(c) => c.into(),
            Code::Cost(c) => c.into(),
            Code::Eval(c) => c.into(),
            Code::Report(c) => c.into(),
            Code::Dpa(c) => c.into(),
            Code::Import(c) => c.into(),
        }
    }

    /// The one-sentence description (the variant's doc comment).
    pub fn description(self) -> &'static str {
        let doc = match self {
            Code::Load(c) => c.get_documentation(),
            Code::Validate(c) => c.get_documentation(),
            Code::Cost(c) => c.get_documentation(),
            Code::Eval(c) => c.get_documentation(),
            Code::Report(c) => c.get_documentation(),
            Code::Dpa(c) => c.get_documentation(),
            Code::Import(c) => c.get_documentation(),
        };
        doc.map(str::trim).unwrap_or_default()
    }

    /// The stage that raises the code.
    pub fn stage(self) -> &'static str {
        match self {
            Code::Load(_) => "load",
            Code::Validate(_) => "validate",
            Code::Cost(_) => "cost",
            Code::Eval(_) => "eval",
            Code::Report(_) => "report",
            Code::Dpa(_) => "dpa",
            Code::Import(_) => "import",
        }
    }

    /// Every code, stage by stage, in declaration order.
    pub fn all() -> Vec<Code> {
        let mut v: Vec<Code> = Vec::new();
        v.extend(LoadCode::iter().map(Code::from));
        v.extend(ValidateCode::iter().map(Code::from));
        v.extend(CostCode::iter().map(Code::from));
        v.extend(EvalCode::iter().map(Code::from));
        v.extend(ReportCode::iter().map(Code::from));
        v.extend(DpaCode::iter().map(Code::from));
        v.extend(ImportCode::iter().map(Code::from));
        v
    }

    /// The code with this text, if any.
    pub fn parse(text: &str) -> Option<Code> {
        Code::all().into_iter().find(|c| c.as_str() == text)
    }
}

impl fmt::Display for Code {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

impl Serialize for Code {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(self.as_str())
    }
}

impl PartialEq<&str> for Code {
    fn eq(&self, other: &&str) -> bool {
        self.as_str() == *other
    }
}

impl PartialEq<str> for Code {
    fn eq(&self, other: &str) -> bool {
        self.as_str() == other
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::collections::BTreeSet;

    #[test]
    fn codes_are_unique_kebab_case_and_described() {
        let mut seen = BTreeSet::new();
        for c in Code::all() {
            let s = c.as_str();
            assert!(seen.insert(s), "code `{s}` is declared twice");
            assert!(
                s.chars()
                    .all(|ch| ch.is_ascii_lowercase() || ch.is_ascii_digit() || ch == '-'),
                "code `{s}` is not kebab-case"
            );
            assert!(!c.description().is_empty(), "code `{s}` has no description");
            assert_eq!(Code::parse(s), Some(c), "code `{s}` does not round-trip");
        }
    }
}
