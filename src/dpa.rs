//! DPA review: scan a data processing agreement (AVV) for the GDPR Art. 28 and
//! Chapter V elements, write a review file the DPO completes, render the completed
//! review, and turn it into provider facts for the assessment.
//!
//! Pipeline: `text` (read .txt/.md/.pdf into lines) → `locate::detect_language` →
//! `sections` (numbered sections and paragraphs) → `locate::document_type` (is it a
//! DPA at all?) → `locate::locate` (each element: found / unclear / not found, with
//! section, lines, quote, confidence and the matched terms) → `figures` →
//! `Scan::to_review` (the review file) → DPO → `facts::review_to_facts` / `report`.
//!
//! The term lists are data (`src/dpa/terms.yaml`); docs/dpa-scan.md explains them
//! and reports the scanner's recall and precision on the test corpus.

pub mod facts;
pub mod figures;
pub mod locate;
pub mod report;
pub mod sections;
pub mod terms;
pub mod text;

use std::fmt::Write as _;
use std::path::Path;

use sha2::{Digest, Sha256};

use crate::diag::Diagnostic;
use crate::load::{hex, parse_document, DocumentKind, SourceFile};
use crate::model::review::{
    DocumentFormat, DocumentLanguage, DocumentType, DpaReview, ElementReview, Figures,
    ReviewedDocument, ScanConfidence, ScanFinding, ScanResult, SignOff, Verdict, REVIEW_KIND,
    REVIEW_SCHEMA_VERSION,
};

pub use facts::{apply_review, review_to_facts, ReviewFact};
pub use locate::TypeEvidence;

/// Diagnostic codes of the DPA scanner and review, with a one-line description.
pub const CODES: &[(&str, &str)] = &[
    ("dpa-file-unreadable", "The document or review file cannot be read (missing, no permission)."),
    ("dpa-unsupported-format", "The file is not .txt, .md or .pdf (e.g. .docx), or it is binary."),
    ("dpa-empty-document", "The document has no text."),
    ("dpa-too-large", "The file is over 20 MiB, the text over 2,000,000 characters, or the PDF over 2,000 pages."),
    ("dpa-invalid-encoding", "A text file is not UTF-8 (e.g. UTF-16 or Windows-1252)."),
    ("dpa-pdf-unreadable", "The PDF is damaged or not a PDF."),
    ("dpa-pdf-encrypted", "The PDF is encrypted with a password."),
    ("dpa-pdf-no-text", "The PDF has no text layer (scanned images); OCR is needed."),
    ("dpa-review-kind", "The review file's `kind` is not `dpa_review` or its schema version is not 1."),
    ("dpa-review-element", "The review names an unknown element, names one twice, or misses one."),
    ("dpa-review-incomplete", "The review still has pending verdicts or no reviewer and date (warning)."),
    ("dpa-terms", "The built-in term list cannot be read (a build defect)."),
    ("dpa-output", "An output file cannot be written."),
];

/// The result of scanning one document.
#[derive(Debug, Clone)]
pub struct Scan {
    pub file: String,
    pub sha256: String,
    pub format: DocumentFormat,
    pub language: DocumentLanguage,
    /// Stop words counted for German and English.
    pub stop_words: (usize, usize),
    pub lines: usize,
    pub sections: usize,
    pub type_evidence: TypeEvidence,
    pub elements: Vec<ScannedElement>,
    pub figures: Figures,
}

/// One element's scan result with its description.
#[derive(Debug, Clone)]
pub struct ScannedElement {
    pub id: String,
    pub title: String,
    pub basis: String,
    pub hit: locate::ElementHit,
}

/// The element IDs, in review order (from the term file).
pub fn element_ids() -> Vec<String> {
    terms::load()
        .map(|t| t.elements.into_iter().map(|e| e.id).collect())
        .unwrap_or_default()
}

fn terms_or_diag() -> Result<terms::Terms, Diagnostic> {
    terms::load().map_err(|e| {
        Diagnostic::error("dpa-terms", format!("the built-in term list is broken: {e}"))
            .help("this is a defect in cloudvet; please report it")
    })
}

/// Reads and scans a file.
pub fn scan_file(path: &Path) -> Result<Scan, Diagnostic> {
    let display = path.display().to_string();
    let meta = std::fs::metadata(path).map_err(|e| {
        Diagnostic::error("dpa-file-unreadable", format!("cannot read the file: {e}"))
            .in_file(display.clone())
    })?;
    if meta.len() > text::MAX_FILE_BYTES as u64 {
        return Err(Diagnostic::error(
            "dpa-too-large",
            format!(
                "the file has {} bytes; the scanner reads at most {} MiB",
                meta.len(),
                text::MAX_FILE_BYTES / (1024 * 1024)
            ),
        )
        .in_file(display));
    }
    let bytes = std::fs::read(path).map_err(|e| {
        Diagnostic::error("dpa-file-unreadable", format!("cannot read the file: {e}"))
            .in_file(display.clone())
    })?;
    scan_bytes(&display, &bytes)
}

/// Scans a document given as bytes; `display` names it (its extension chooses the reader).
pub fn scan_bytes(display: &str, bytes: &[u8]) -> Result<Scan, Diagnostic> {
    let terms = terms_or_diag()?;
    let doc = text::read_document(display, bytes)?;
    let (language, de, en) = locate::detect_language(&doc.lines, &terms);
    let blocks = sections::split(&doc.lines);
    let mut hits = locate::locate(&doc.lines, &blocks, &terms, language);
    let found = hits
        .iter()
        .filter(|h| h.result == ScanResult::Found)
        .count();
    let type_evidence = locate::document_type(&doc.lines, &terms, language, found);
    locate::cap(&mut hits, type_evidence.document_type);
    let figures = figures::extract(&doc.lines, &blocks, &terms);
    let elements = terms
        .elements
        .iter()
        .zip(hits)
        .map(|(e, hit)| ScannedElement {
            id: e.id.clone(),
            title: e.title.clone(),
            basis: e.basis.clone(),
            hit,
        })
        .collect();
    Ok(Scan {
        file: display.to_string(),
        sha256: hex(&Sha256::digest(bytes)),
        format: doc.format,
        language,
        stop_words: (de, en),
        lines: doc.lines.len(),
        sections: blocks.iter().filter(|b| b.label != "preamble").count(),
        type_evidence,
        elements,
        figures,
    })
}

impl Scan {
    /// The review file, pre-filled with the scan and every verdict `pending`.
    pub fn to_review(&self, provider: Option<String>) -> DpaReview {
        DpaReview {
            kind: REVIEW_KIND.to_string(),
            schema_version: REVIEW_SCHEMA_VERSION,
            provider,
            document: ReviewedDocument {
                file: self.file.clone(),
                source: None,
                version: None,
                sha256: self.sha256.clone(),
                format: self.format,
                language: self.language,
                document_type: self.type_evidence.document_type,
                lines: self.lines as u32,
            },
            figures: self.figures.clone(),
            elements: self
                .elements
                .iter()
                .map(|e| ElementReview {
                    id: e.id.clone(),
                    title: e.title.clone(),
                    basis: e.basis.clone(),
                    scan: ScanFinding {
                        result: e.hit.result,
                        confidence: e.hit.confidence,
                        section: e.hit.section.clone(),
                        lines: e.hit.lines,
                        quote: e.hit.quote.clone(),
                        matched_terms: e.hit.matched_terms.clone(),
                    },
                    verdict: Verdict::Pending,
                    comment: None,
                    reviewer: None,
                    date: None,
                })
                .collect(),
            sign_off: SignOff::default(),
        }
    }

    pub fn count(&self, r: ScanResult) -> usize {
        self.elements.iter().filter(|e| e.hit.result == r).count()
    }

    /// The human summary printed by `cloudvet dpa scan`.
    pub fn summary(&self) -> String {
        let mut s = String::new();
        let ev = &self.type_evidence;
        let _ = writeln!(s, "{}", self.file);
        let _ = writeln!(
            s,
            "  language: {} (stop words: de {}, en {}); {} lines, {} sections; format {}",
            lang_str(self.language),
            self.stop_words.0,
            self.stop_words.1,
            self.lines,
            self.sections,
            format_str(self.format),
        );
        let _ = writeln!(
            s,
            "  document type: {} (processor words {}, controller words {}, DPA marks: {}{})",
            type_str(ev.document_type),
            ev.processor_mentions,
            ev.controller_mentions,
            if ev.dpa_marks.is_empty() {
                "none".to_string()
            } else {
                ev.dpa_marks.join(", ")
            },
            ev.other_title
                .as_ref()
                .map(|t| format!("; title of another document: \"{t}\""))
                .unwrap_or_default(),
        );
        if ev.document_type != DocumentType::Dpa {
            let _ = writeln!(
                s,
                "  note: this does not read like a DPA, so no element is reported as found; check that it is the right document"
            );
        }
        let _ = writeln!(
            s,
            "  elements: {} found, {} unclear, {} not found (of {})",
            self.count(ScanResult::Found),
            self.count(ScanResult::Unclear),
            self.count(ScanResult::NotFound),
            self.elements.len()
        );
        for e in &self.elements {
            let mark = match e.hit.result {
                ScanResult::Found => "found    ",
                ScanResult::Unclear => "unclear  ",
                ScanResult::NotFound => "NOT FOUND",
            };
            let at = match (&e.hit.section, e.hit.lines) {
                (Some(sec), Some([a, b])) => format!("{sec}, lines {a}-{b}"),
                (None, Some([a, b])) => format!("lines {a}-{b}"),
                _ => String::new(),
            };
            let _ = writeln!(
                s,
                "  {mark} {:<28} {:<7} {}",
                e.id,
                confidence_str(e.hit.confidence),
                at
            );
        }
        let f = &self.figures;
        let fig = |name: &str, v: Option<String>, at: Option<[u32; 2]>| -> String {
            match (v, at) {
                (Some(v), Some([a, _])) => format!("  {name}: {v} (line {a})\n"),
                (Some(v), None) => format!("  {name}: {v}\n"),
                _ => format!("  {name}: not stated\n"),
            }
        };
        s.push_str("  figures:\n");
        s.push_str(&fig(
            "  sub-processor notice days",
            f.subprocessor_notice_days.as_ref().map(|x| x.value.to_string()),
            f.subprocessor_notice_days.as_ref().and_then(|x| x.lines),
        ));
        s.push_str(&fig(
            "  breach notice hours",
            f.breach_notice_hours.as_ref().map(|x| x.value.to_string()),
            f.breach_notice_hours.as_ref().and_then(|x| x.lines),
        ));
        s.push_str(&fig(
            "  SCC module (2021/914)",
            f.scc_module.as_ref().map(|x| x.value.to_string()),
            f.scc_module.as_ref().and_then(|x| x.lines),
        ));
        s.push_str(&fig(
            "  governing law",
            f.governing_law.as_ref().map(|x| x.value.clone()),
            f.governing_law.as_ref().and_then(|x| x.lines),
        ));
        s.push_str("  A keyword hit is not a legal assessment: the DPO reads each passage and records a verdict.\n");
        s
    }
}

pub fn lang_str(l: DocumentLanguage) -> &'static str {
    match l {
        DocumentLanguage::De => "de",
        DocumentLanguage::En => "en",
    }
}

pub fn type_str(t: DocumentType) -> &'static str {
    match t {
        DocumentType::Dpa => "dpa",
        DocumentType::NotADpa => "not_a_dpa",
        DocumentType::Uncertain => "uncertain",
    }
}

pub fn format_str(f: DocumentFormat) -> &'static str {
    match f {
        DocumentFormat::Txt => "txt",
        DocumentFormat::Md => "md",
        DocumentFormat::Pdf => "pdf",
    }
}

pub fn confidence_str(c: ScanConfidence) -> &'static str {
    match c {
        ScanConfidence::None => "none",
        ScanConfidence::Low => "low",
        ScanConfidence::Medium => "medium",
        ScanConfidence::High => "high",
    }
}

pub fn result_str(r: ScanResult) -> &'static str {
    match r {
        ScanResult::Found => "found",
        ScanResult::Unclear => "unclear",
        ScanResult::NotFound => "not_found",
    }
}

/// Reads a review file: schema and types through `load::parse_document`, then the
/// checks only this module knows (kind, version, element IDs). Warnings (pending
/// verdicts) come back with the review.
pub fn load_review(path: &Path) -> Result<(DpaReview, Vec<Diagnostic>), Vec<Diagnostic>> {
    let file = SourceFile::read(path).map_err(|d| vec![d])?;
    let review: DpaReview = parse_document(&file, DocumentKind::DpaReview)?;
    let diags = check_review(&review, &file.display);
    if diags.iter().any(Diagnostic::is_error) {
        return Err(diags);
    }
    Ok((review, diags))
}

/// Semantic checks of a review.
pub fn check_review(review: &DpaReview, display: &str) -> Vec<Diagnostic> {
    let mut out = Vec::new();
    if review.kind != REVIEW_KIND || review.schema_version != REVIEW_SCHEMA_VERSION {
        out.push(
            Diagnostic::error(
                "dpa-review-kind",
                format!(
                    "kind `{}` version {} is not a DPA review this build reads",
                    review.kind, review.schema_version
                ),
            )
            .in_file(display)
            .pointer("/kind")
            .expected("kind: dpa_review, schema_version: 1"),
        );
    }
    let known = element_ids();
    let mut seen: Vec<&str> = Vec::new();
    for (i, e) in review.elements.iter().enumerate() {
        if !known.contains(&e.id) {
            out.push(
                Diagnostic::error("dpa-review-element", format!("unknown element `{}`", e.id))
                    .in_file(display)
                    .pointer(format!("/elements/{i}/id"))
                    .expected(known.join(", "))
                    .help("keep the element IDs the scanner wrote"),
            );
        } else if seen.contains(&e.id.as_str()) {
            out.push(
                Diagnostic::error("dpa-review-element", format!("element `{}` appears twice", e.id))
                    .in_file(display)
                    .pointer(format!("/elements/{i}/id")),
            );
        }
        seen.push(&e.id);
    }
    for id in &known {
        if !seen.contains(&id.as_str()) {
            out.push(
                Diagnostic::warning(
                    "dpa-review-element",
                    format!("element `{id}` is missing from the review"),
                )
                .in_file(display)
                .pointer("/elements")
                .help("re-run `cloudvet dpa scan` to get every element"),
            );
        }
    }
    let pending = review
        .elements
        .iter()
        .filter(|e| e.verdict == Verdict::Pending)
        .count();
    if pending > 0 {
        out.push(
            Diagnostic::warning(
                "dpa-review-incomplete",
                format!("{pending} element(s) still have the verdict `pending`"),
            )
            .in_file(display)
            .help("set each verdict to accept, negotiate or reject; pending elements do not feed the assessment"),
        );
    }
    if review.sign_off.reviewer.is_none() || review.sign_off.date.is_none() {
        out.push(
            Diagnostic::warning(
                "dpa-review-incomplete",
                "the review has no reviewer or no date in `sign_off`",
            )
            .in_file(display)
            .pointer("/sign_off")
            .help("a review without reviewer and date does not feed the assessment"),
        );
    }
    out
}
