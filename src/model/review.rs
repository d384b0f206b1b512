//! The DPA review (`reviews/<provider>.yaml`, kind `dpa_review`): the DPO's
//! element-by-element review of one data processing agreement against GDPR
//! Art. 28. `cloudvet dpa scan` pre-fills the scan results; a person records the
//! verdicts and signs off. A completed review takes precedence over the
//! provider's self-declared DPA facts in the assessment.

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

use super::common::{AsOf, CountryCode, Date};

pub const DPA_REVIEW_KIND: &str = "dpa_review";
pub const DPA_REVIEW_SCHEMA_VERSION: u32 = 1;

/// A review of one DPA.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
#[schemars(title = "cloudvet DPA review")]
pub struct DpaReview {
    /// Always `dpa_review`.
    pub kind: String,
    /// Schema version; this build reads version 1.
    pub schema_version: u32,
    /// The provider profile ID the DPA belongs to (`providers/<id>.yaml`).
    #[schemars(regex(pattern = r"^[a-z0-9][a-z0-9-]{0,62}$"))]
    pub provider: String,
    /// The reviewed document.
    pub document: ReviewedDocument,
    /// One entry per Art. 28 element; an element not listed is unreviewed.
    #[serde(default)]
    pub elements: Vec<ElementReview>,
    /// Figures read from the DPA.
    #[serde(default)]
    pub figures: DpaFigures,
    /// The DPO's sign-off; absent while the review is in progress.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub sign_off: Option<SignOff>,
}

/// Language of a document.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum DocumentLanguage {
    De,
    En,
    /// Neither German nor English, or not detected.
    Other,
}

/// The DPA document under review, identified by its hash so the review is tied
/// to exactly one text.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct ReviewedDocument {
    /// File name as received.
    pub file_name: String,
    /// SHA-256 of the file's bytes, lower-case hex.
    #[schemars(regex(pattern = r"^[0-9a-f]{64}$"))]
    pub sha256: String,
    /// Language of the text.
    pub language: DocumentLanguage,
    /// Version label printed on the DPA.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub version: Option<String>,
    /// Date printed on the DPA.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub date: Option<AsOf>,
    /// Where the document was obtained.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub source: Option<String>,
    /// The parties the agreement names (as written in it), e.g. the provider's
    /// company; a review is of one agreement between these parties.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub parties: Vec<String>,
    /// What the scanner took the document for; a `not_a_dpa` or `uncertain` document
    /// has no element reported above `unclear`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub document_type: Option<DocumentType>,
}

/// Whether a document is a data processing agreement at all.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum DocumentType {
    /// Carries the marks of a DPA (processor and controller roles, Art. 28, its title).
    Dpa,
    /// Reads like another document (privacy policy, terms of service, cookie policy).
    NotADpa,
    /// Some marks of a DPA, not enough to be sure.
    Uncertain,
}

/// The elements a DPA must address (GDPR Art. 28(3) and the duties around it).
/// The IDs are stable: they never change meaning and are never reused.
#[derive(
    Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize, JsonSchema,
)]
pub enum Art28Element {
    /// Art. 28(3) first sentence: subject matter and duration of the processing.
    #[serde(rename = "art28_3_subject_duration")]
    SubjectDuration,
    /// Art. 28(3) first sentence: nature and purpose of the processing.
    #[serde(rename = "art28_3_nature_purpose")]
    NaturePurpose,
    /// Art. 28(3) first sentence: type of personal data.
    #[serde(rename = "art28_3_data_types")]
    DataTypes,
    /// Art. 28(3) first sentence: categories of data subjects.
    #[serde(rename = "art28_3_data_subjects")]
    DataSubjects,
    /// Art. 28(3) first sentence: obligations and rights of the controller.
    #[serde(rename = "art28_3_controller_rights")]
    ControllerRights,
    /// Art. 28(3)(a): processing only on documented instructions.
    #[serde(rename = "art28_3_a_instructions")]
    Instructions,
    /// Art. 28(3)(a): transfers to a third country only on documented instructions
    /// (or authorised in the agreement).
    #[serde(rename = "art28_3_a_transfer_instructions")]
    TransferInstructions,
    /// Art. 28(3)(b): persons authorised to process are bound to confidentiality.
    #[serde(rename = "art28_3_b_confidentiality")]
    Confidentiality,
    /// Art. 28(3)(c): the security measures required by Art. 32.
    #[serde(rename = "art28_3_c_security")]
    Security,
    /// Superseded (review files before issue 16): sub-processor authorisation,
    /// objection right and flow-down in one element. Read, never written: loading
    /// migrates it into the three elements below with the same verdict.
    #[serde(rename = "art28_3_d_subprocessors")]
    Subprocessors,
    /// Art. 28(2), 28(3)(d): sub-processors only with the controller's prior specific
    /// or general written authorisation.
    #[serde(rename = "art28_3_d_subprocessor_authorisation")]
    SubprocessorAuthorisation,
    /// Art. 28(2) second sentence: notice of intended changes and the right to object.
    #[serde(rename = "art28_3_d_subprocessor_objection")]
    SubprocessorObjection,
    /// Art. 28(4) first sentence: the same data-protection obligations imposed on
    /// sub-processors by contract.
    #[serde(rename = "art28_4_subprocessor_flow_down")]
    SubprocessorFlowDown,
    /// Art. 28(3)(e): assistance with data-subject requests.
    #[serde(rename = "art28_3_e_dsr_assistance")]
    DsrAssistance,
    /// Art. 28(3)(f): assistance with Arts. 32–36.
    #[serde(rename = "art28_3_f_assistance_32_36")]
    Assistance32To36,
    /// Art. 33(2): notifying the controller of a personal-data breach without undue delay.
    #[serde(rename = "art33_2_breach_notification")]
    BreachNotification,
    /// Art. 28(3)(g): deletion or return at the end of the services.
    #[serde(rename = "art28_3_g_delete_return")]
    DeleteReturn,
    /// Art. 28(3)(h): information, audits and inspections.
    #[serde(rename = "art28_3_h_audits")]
    Audits,
    /// Art. 28(3) second subparagraph: informing the controller of an infringing instruction.
    #[serde(rename = "art28_3_infringing_instruction")]
    InfringingInstruction,
    /// Chapter V: the transfer mechanism (SCCs and module, adequacy, DPF, BCRs).
    #[serde(rename = "ch5_transfer_mechanism")]
    TransferMechanism,
    /// Art. 32 with Art. 28(3)(c): the annex of technical and organisational measures.
    #[serde(rename = "art32_tom_annex")]
    TomAnnex,
    /// Art. 28(4): the processor remains fully liable for its sub-processors.
    #[serde(rename = "art28_4_subprocessor_liability")]
    SubprocessorLiability,
}

impl Art28Element {
    /// Every element (21), in the order of the article; the superseded
    /// `art28_3_d_subprocessors` is not among them.
    pub const ALL: &'static [Art28Element] = &[
        Art28Element::SubjectDuration,
        Art28Element::NaturePurpose,
        Art28Element::DataTypes,
        Art28Element::DataSubjects,
        Art28Element::ControllerRights,
        Art28Element::Instructions,
        Art28Element::TransferInstructions,
        Art28Element::Confidentiality,
        Art28Element::Security,
        Art28Element::SubprocessorAuthorisation,
        Art28Element::SubprocessorObjection,
        Art28Element::SubprocessorFlowDown,
        Art28Element::DsrAssistance,
        Art28Element::Assistance32To36,
        Art28Element::BreachNotification,
        Art28Element::DeleteReturn,
        Art28Element::Audits,
        Art28Element::InfringingInstruction,
        Art28Element::TransferMechanism,
        Art28Element::TomAnnex,
        Art28Element::SubprocessorLiability,
    ];

    /// The elements a superseded element stands for (empty for current ones).
    pub fn superseded_by(self) -> &'static [Art28Element] {
        match self {
            Art28Element::Subprocessors => &[
                Art28Element::SubprocessorAuthorisation,
                Art28Element::SubprocessorObjection,
                Art28Element::SubprocessorFlowDown,
            ],
            _ => &[],
        }
    }

    /// The stable ID used in files.
    pub fn id(self) -> &'static str {
        match self {
            Art28Element::SubjectDuration => "art28_3_subject_duration",
            Art28Element::NaturePurpose => "art28_3_nature_purpose",
            Art28Element::DataTypes => "art28_3_data_types",
            Art28Element::DataSubjects => "art28_3_data_subjects",
            Art28Element::ControllerRights => "art28_3_controller_rights",
            Art28Element::Instructions => "art28_3_a_instructions",
            Art28Element::TransferInstructions => "art28_3_a_transfer_instructions",
            Art28Element::Confidentiality => "art28_3_b_confidentiality",
            Art28Element::Security => "art28_3_c_security",
            Art28Element::Subprocessors => "art28_3_d_subprocessors",
            Art28Element::SubprocessorAuthorisation => "art28_3_d_subprocessor_authorisation",
            Art28Element::SubprocessorObjection => "art28_3_d_subprocessor_objection",
            Art28Element::SubprocessorFlowDown => "art28_4_subprocessor_flow_down",
            Art28Element::DsrAssistance => "art28_3_e_dsr_assistance",
            Art28Element::Assistance32To36 => "art28_3_f_assistance_32_36",
            Art28Element::BreachNotification => "art33_2_breach_notification",
            Art28Element::DeleteReturn => "art28_3_g_delete_return",
            Art28Element::Audits => "art28_3_h_audits",
            Art28Element::InfringingInstruction => "art28_3_infringing_instruction",
            Art28Element::TransferMechanism => "ch5_transfer_mechanism",
            Art28Element::TomAnnex => "art32_tom_annex",
            Art28Element::SubprocessorLiability => "art28_4_subprocessor_liability",
        }
    }
}

/// What the scanner found for one element.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum ScanStatus {
    Found,
    NotFound,
    /// Something related was found, but not clearly the element.
    Unclear,
}

/// Why the scanner reports an element as `unclear`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum UnclearReason {
    /// Only a heading or supporting words matched, no sentence that states the element.
    WeakTerms,
    /// The only sentence that names it is a permission or a negation ("may change",
    /// "is not obliged").
    NotACommitment,
    /// The only sentence that names it points to an annex the text does not contain.
    MissingAnnex,
    /// The document is not surely a DPA, so no element is reported as found.
    DocumentType,
}

/// How days are counted in a stated period.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum DayCount {
    /// Calendar days (or days without qualification; weeks and months converted).
    CalendarDays,
    /// Business or working days (Werktage, Arbeitstage).
    BusinessDays,
}

/// The DPO's decision on one element.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum Verdict {
    /// The clause is acceptable as written.
    Accept,
    /// The clause must be changed before signing.
    Negotiate,
    /// The clause (or its absence) is not acceptable.
    Reject,
    /// Not decided yet.
    #[default]
    Pending,
}

/// How sure the scanner is.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum ScanConfidence {
    High,
    Medium,
    Low,
}

/// The scanner's result for one element (a keyword match, not proof).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct ScanResult {
    pub status: ScanStatus,
    /// Section or clause number as printed (e.g. `§ 7.2`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub section: Option<String>,
    /// First line of the passage in the extracted text (1-based).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub line_start: Option<u32>,
    /// Last line of the passage (inclusive).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub line_end: Option<u32>,
    /// For a PDF (or a text with page breaks): the page the passage starts on.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub page: Option<u32>,
    /// The line on that page where the passage starts.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub page_line: Option<u32>,
    /// A short passage from the document (a few lines at most).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[schemars(length(max = 2000))]
    pub passage: Option<String>,
    pub confidence: ScanConfidence,
    /// Why the result is `unclear` (only then).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub unclear_reason: Option<UnclearReason>,
    /// The terms from the scanner's term list that matched (`strong: documented
    /// instructions`), so the result can be explained.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub matched_terms: Vec<String>,
}

/// One element: scan result and the DPO's verdict.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct ElementReview {
    /// Stable element ID (e.g. `art28_3_a_instructions`).
    pub element: Art28Element,
    /// What the scanner found; absent when the element was reviewed by hand only.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub scan: Option<ScanResult>,
    /// The DPO's verdict.
    #[serde(default)]
    pub verdict: Verdict,
    /// Why, or what to negotiate.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub comment: Option<String>,
    /// Who decided.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub reviewer: Option<String>,
    /// When.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub date: Option<Date>,
}

/// Figures stated in the DPA.
#[derive(Debug, Clone, PartialEq, Default, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct DpaFigures {
    /// Days of advance notice before a sub-processor change.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub subprocessor_notice_days: Option<u32>,
    /// Whether the notice period counts calendar or business days.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub subprocessor_notice_count: Option<DayCount>,
    /// Days the controller has to object to a new sub-processor (the objection
    /// window, which is not the notice period).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub objection_window_days: Option<u32>,
    /// Whether the objection window counts calendar or business days.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub objection_window_count: Option<DayCount>,
    /// Hours from awareness of a breach to notifying the controller.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub breach_notice_hours: Option<u32>,
    /// SCC module used for transfers (1–4).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[schemars(range(min = 1, max = 4))]
    pub scc_module: Option<u32>,
    /// Governing law (ISO 3166-1 alpha-2).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub governing_law: Option<CountryCode>,
}

/// The overall decision at sign-off.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum SignOffDecision {
    /// The DPA can be signed as it is.
    Approved,
    /// It can be signed once the negotiated points are changed.
    ApprovedWithConditions,
    /// It must not be signed.
    Rejected,
}

/// The DPO's sign-off of the whole review.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct SignOff {
    /// Name of the person signing off.
    pub name: String,
    /// Role (e.g. `Datenschutzbeauftragte`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub role: Option<String>,
    pub date: Date,
    pub decision: SignOffDecision,
    /// Conditions or remarks.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub comment: Option<String>,
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn element_ids_match_serde_names_and_are_unique() {
        let mut seen = std::collections::BTreeSet::new();
        for e in Art28Element::ALL {
            let json = serde_json::to_value(e).unwrap();
            assert_eq!(json.as_str(), Some(e.id()));
            assert!(seen.insert(e.id()), "duplicate {}", e.id());
        }
        assert_eq!(seen.len(), 21);
        // The superseded element still reads and writes under its old ID.
        let old = Art28Element::Subprocessors;
        assert_eq!(serde_json::to_value(old).unwrap().as_str(), Some(old.id()));
        assert!(!seen.contains(old.id()));
    }
}

impl DpaReview {
    /// Brings a review written before issue 16 (18 elements) to the 21-element set:
    /// `art28_3_d_subprocessors` becomes the authorisation, objection and flow-down
    /// elements with the same scan, verdict, comment, reviewer and date, and, in
    /// such a file, `art28_3_a_instructions` (which then covered transfers) also
    /// gives `art28_3_a_transfer_instructions`. Elements already present are kept.
    /// Returns one line per change (empty when nothing was migrated).
    pub fn migrate(&mut self) -> Vec<String> {
        let mut notes = Vec::new();
        let old: Vec<ElementReview> = self
            .elements
            .iter()
            .filter(|e| !e.element.superseded_by().is_empty())
            .cloned()
            .collect();
        if old.is_empty() {
            return notes;
        }
        self.elements
            .retain(|e| e.element.superseded_by().is_empty());
        for e in old {
            let mut made = Vec::new();
            for part in e.element.superseded_by() {
                if self.elements.iter().any(|x| x.element == *part) {
                    continue;
                }
                let mut n = e.clone();
                n.element = *part;
                self.elements.push(n);
                made.push(part.id());
            }
            notes.push(format!(
                "`{}` (review files before the 21-element set) was split into {} with its verdict",
                e.element.id(),
                made.join(", ")
            ));
        }
        let has_transfer = self
            .elements
            .iter()
            .any(|e| e.element == Art28Element::TransferInstructions);
        if let (false, Some(i)) = (
            has_transfer,
            self.elements
                .iter()
                .find(|e| e.element == Art28Element::Instructions)
                .cloned(),
        ) {
            let mut n = i;
            n.element = Art28Element::TransferInstructions;
            self.elements.push(n);
            notes.push(
                "`art28_3_a_instructions` covered transfers in the old set; its verdict now also stands for `art28_3_a_transfer_instructions`".to_string(),
            );
        }
        let order = |a: Art28Element| {
            Art28Element::ALL
                .iter()
                .position(|x| *x == a)
                .unwrap_or(usize::MAX)
        };
        self.elements.sort_by_key(|e| order(e.element));
        notes
    }
}

#[cfg(test)]
mod migrate_tests {
    use super::*;

    #[test]
    fn an_old_review_is_split_into_the_21_elements() {
        let mut r: DpaReview = serde_yaml::from_str(
            "kind: dpa_review\nschema_version: 1\nprovider: acme\ndocument:\n  file_name: avv.pdf\n  sha256: 2c26b46b68ffc68ff99b453c1d30413413422d706483bfa0f98a5e886266e7ae\n  language: de\nelements:\n  - {element: art28_3_a_instructions, verdict: accept, reviewer: A, date: 2026-11-20}\n  - {element: art28_3_d_subprocessors, verdict: negotiate, reviewer: A, date: 2026-11-20}\n",
        )
        .unwrap();
        let notes = r.migrate();
        assert_eq!(notes.len(), 2, "{notes:?}");
        let ids: Vec<&str> = r.elements.iter().map(|e| e.element.id()).collect();
        assert_eq!(
            ids,
            [
                "art28_3_a_instructions",
                "art28_3_a_transfer_instructions",
                "art28_3_d_subprocessor_authorisation",
                "art28_3_d_subprocessor_objection",
                "art28_4_subprocessor_flow_down"
            ]
        );
        assert!(r.elements[2..]
            .iter()
            .all(|e| e.verdict == Verdict::Negotiate));
        // A current review is left alone.
        assert!(r.migrate().is_empty());
        assert_eq!(Art28Element::ALL.len(), 21);
    }
}
