//! The DPA review file (`reviews/<provider>.yaml`, `kind: dpa_review`): the data
//! protection officer's element-by-element review of one data processing agreement
//! against GDPR Art. 28 and Chapter V. `cloudvet dpa scan` pre-fills it (where each
//! element is, a quoted passage, a confidence, the terms that matched); the DPO
//! completes it (a verdict per element, comments, reviewer, date) and signs it off.
//! A completed review feeds the assessment (`cloudvet::dpa::review_to_facts`).

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

use super::common::Date;

/// The `kind` a review file declares.
pub const REVIEW_KIND: &str = "dpa_review";
/// The schema version this build reads.
pub const REVIEW_SCHEMA_VERSION: u32 = 1;

/// A DPA review.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
#[schemars(title = "cloudvet DPA review")]
pub struct DpaReview {
    /// Always `dpa_review`.
    pub kind: String,
    /// Schema version of this file; this build reads version 1.
    pub schema_version: u32,
    /// The provider profile this review belongs to (its `id`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[schemars(regex(pattern = r"^[a-z0-9][a-z0-9-]{0,62}$"))]
    pub provider: Option<String>,
    /// The reviewed document.
    pub document: ReviewedDocument,
    /// Figures the scanner extracted; the DPO may correct them.
    #[serde(default)]
    pub figures: Figures,
    /// One entry per element, in the order of the element list.
    pub elements: Vec<ElementReview>,
    /// The DPO's sign-off.
    #[serde(default)]
    pub sign_off: SignOff,
}

/// The document that was reviewed.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct ReviewedDocument {
    /// The file as it was given to the scanner.
    pub file: String,
    /// Where the document comes from (address), if known; written by the DPO.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub source: Option<String>,
    /// Version label or date of the document, as printed on it; written by the DPO.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub version: Option<String>,
    /// SHA-256 of the file's bytes (hex), so a review is tied to one text.
    pub sha256: String,
    /// The file format that was read.
    pub format: DocumentFormat,
    /// Detected language.
    pub language: DocumentLanguage,
    /// What the scanner thinks the document is.
    pub document_type: DocumentType,
    /// Number of text lines the scanner read (line numbers refer to this text).
    pub lines: u32,
}

/// File formats the scanner reads.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum DocumentFormat {
    Txt,
    Md,
    /// The PDF's text layer; line numbers refer to the extracted text.
    Pdf,
}

/// Detected document language.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum DocumentLanguage {
    De,
    En,
}

/// Whether the document is a data processing agreement at all.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum DocumentType {
    /// Carries the marks of a DPA (controller/processor roles, Art. 28, the agreement's title).
    Dpa,
    /// Does not read like a DPA (e.g. a privacy policy or terms of service).
    NotADpa,
    /// Some marks, not enough; elements are reported at most as `unclear`.
    Uncertain,
}

/// Figures stated in the document.
#[derive(Debug, Clone, PartialEq, Default, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Figures {
    /// Days of advance notice before a new or replaced sub-processor is engaged.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub subprocessor_notice_days: Option<Figure<u32>>,
    /// Maximum hours from becoming aware of a personal-data breach to notifying the customer.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub breach_notice_hours: Option<Figure<u32>>,
    /// Module of the transfer SCCs, Decision (EU) 2021/914 (2 = controller to processor, 3 = processor to processor).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub scc_module: Option<Figure<u32>>,
    /// Governing law (ISO 3166-1 alpha-2 country code).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub governing_law: Option<Figure<String>>,
}

/// One figure and where it was found.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Figure<T> {
    pub value: T,
    /// Section label, e.g. `§ 5` or `7.2`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub section: Option<String>,
    /// First and last line (1-based, inclusive).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub lines: Option<[u32; 2]>,
    /// The passage the figure was read from.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub quote: Option<String>,
}

/// The review of one element.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct ElementReview {
    /// Stable element ID (see docs/dpa-scan.md), e.g. `subprocessor_objection`.
    #[schemars(regex(pattern = r"^[a-z][a-z0-9_]*$"))]
    pub id: String,
    /// What the element requires, for the reader.
    pub title: String,
    /// Legal basis, e.g. `GDPR Art. 28(3)(a)`.
    pub basis: String,
    /// What the scanner found.
    pub scan: ScanFinding,
    /// The DPO's verdict; `pending` until reviewed.
    #[serde(default)]
    pub verdict: Verdict,
    /// The DPO's comment: what to negotiate, why rejected, where the text really is.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub comment: Option<String>,
    /// Reviewer of this element, when not the one who signs off.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub reviewer: Option<String>,
    /// Date of this element's review, when not the sign-off date.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub date: Option<Date>,
}

/// The scanner's finding for one element.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct ScanFinding {
    pub result: ScanResult,
    /// How sure the scanner is: a keyword hit, never a legal assessment.
    pub confidence: ScanConfidence,
    /// Section label of the best passage.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub section: Option<String>,
    /// First and last line of that section (1-based, inclusive).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub lines: Option<[u32; 2]>,
    /// A short passage from the section (at most about 240 characters).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub quote: Option<String>,
    /// The terms from the term list that matched, so the result can be explained.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub matched_terms: Vec<String>,
}

/// Scan result for one element.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum ScanResult {
    Found,
    Unclear,
    NotFound,
}

/// Scanner confidence.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum ScanConfidence {
    None,
    Low,
    Medium,
    High,
}

/// The DPO's verdict on one element.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum Verdict {
    /// Not reviewed yet.
    #[default]
    Pending,
    /// The agreement meets the requirement as written.
    Accept,
    /// The agreement must be changed before signing.
    Negotiate,
    /// The agreement does not meet the requirement and this is not acceptable.
    Reject,
}

impl Verdict {
    pub fn as_str(self) -> &'static str {
        match self {
            Verdict::Pending => "pending",
            Verdict::Accept => "accept",
            Verdict::Negotiate => "negotiate",
            Verdict::Reject => "reject",
        }
    }
}

/// The DPO's sign-off of the whole review.
#[derive(Debug, Clone, PartialEq, Default, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct SignOff {
    /// Name of the reviewer.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub reviewer: Option<String>,
    /// Role, e.g. `Data Protection Officer`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub role: Option<String>,
    /// Date of the sign-off.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub date: Option<Date>,
    /// Overall verdict on the agreement.
    #[serde(default)]
    pub verdict: Verdict,
    /// Overall comment.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub comment: Option<String>,
}
