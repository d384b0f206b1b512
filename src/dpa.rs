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
pub mod glyphs;
pub mod locate;
pub mod pages;
pub mod sections;
pub mod terms;
pub mod text;
pub mod version;

use crate::diag::DpaCode;
use std::fmt::Write as _;
use std::path::Path;

use sha2::{Digest, Sha256};

use crate::diag::Diagnostic;
use crate::load::{hex, DocumentKind, SourceFile};
use crate::model::review::{
    Art28Element, DocumentLanguage, DocumentType, DpaFigures, DpaReview, ElementReview,
    ReviewedDocument, ScanConfidence, ScanResult, ScanStatus, UnclearReason, Verdict,
    DPA_REVIEW_KIND, DPA_REVIEW_SCHEMA_VERSION,
};
use crate::validate::parse_document;

pub use figures::Figures;
pub use text::DocumentFormat;

pub use facts::{
    apply_review, apply_reviews, review_to_facts, staleness, AppliedReview, ReviewFact, Stale,
};
pub use locate::TypeEvidence;

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
    /// First line of every page after the first (PDF pages, form feeds); empty without pages.
    pub page_breaks: Vec<usize>,
    /// Page header and footer lines left out of the analysis.
    pub furniture: usize,
    /// Words whose ligatures the PDF's fonts lost, read as the known word (`glyphs`).
    pub restored: usize,
    pub sections: usize,
    pub type_evidence: TypeEvidence,
    pub elements: Vec<ScannedElement>,
    pub figures: Figures,
    /// The version label and date the document states in its head.
    pub stated: version::VersionInfo,
}

/// One scanner element's result with its description.
#[derive(Debug, Clone)]
pub struct ScannedElement {
    pub id: String,
    pub title: String,
    pub basis: String,
    /// The review-file element it belongs to.
    pub review_element: Art28Element,
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
        Diagnostic::error(
            DpaCode::DpaTerms,
            format!("the built-in term list is broken: {e}"),
        )
        .help("this is a defect in cloudvet; please report it")
    })
}

/// The candidate sentences for one element of a document, best first (for
/// explaining a result while tuning; `examples/dpa_eval.rs --explain`).
pub fn explain(
    display: &str,
    bytes: &[u8],
    element: &str,
) -> Result<Vec<locate::Candidate>, Diagnostic> {
    let terms = terms_or_diag()?;
    let doc = text::read_document(display, bytes)?;
    let (lines, _) = glyphs::restore(&doc.lines, &terms);
    let (language, _, _) = locate::detect_language(&lines, &terms);
    let blocks = sections::split(&lines);
    Ok(locate::candidates(
        &lines, &blocks, &terms, language, element,
    ))
}

/// Reads and scans a file.
pub fn scan_file(path: &Path) -> Result<Scan, Diagnostic> {
    let display = path.display().to_string();
    // Regular files only, bounded whatever `stat` says (`load::fsread`).
    let bytes =
        crate::load::fsread::read_regular(path, text::MAX_FILE_BYTES as u64).map_err(|e| {
            let code = if e.is_too_large() {
                DpaCode::DpaTooLarge
            } else {
                DpaCode::DpaFileUnreadable
            };
            Diagnostic::error(code, e.message())
                .in_file(display.clone())
                .help(e.help())
        })?;
    scan_bytes(&display, &bytes)
}

/// Scans a document given as bytes; `display` names it (its extension chooses the reader).
pub fn scan_bytes(display: &str, bytes: &[u8]) -> Result<Scan, Diagnostic> {
    let terms = terms_or_diag()?;
    let doc = text::read_document(display, bytes)?;
    // Running headers and footers are no part of any clause.
    let (lines, furniture) = pages::strip(&doc.lines, &doc.page_breaks);
    // Ligatures the PDF's fonts lost ("Au\u{FFFD}ragsverarbeiter") are read as the known word.
    let (lines, restored) = glyphs::restore(&lines, &terms);
    let (language, de, en) = locate::detect_language(&lines, &terms);
    let blocks = sections::split(&lines);
    let mut hits = locate::locate(&lines, &blocks, &terms, language);
    let found = hits
        .iter()
        .filter(|h| h.result == ScanStatus::Found)
        .count();
    let type_evidence = locate::document_type(&lines, &terms, language, found);
    locate::cap(&mut hits, type_evidence.document_type);
    let figures = figures::extract(&lines, &blocks, &terms);
    let stated = version::extract(&lines);
    let elements = terms
        .elements
        .iter()
        .zip(hits)
        .map(|(e, hit)| ScannedElement {
            id: e.id.clone(),
            title: e.title.clone(),
            basis: e.basis.clone(),
            review_element: e.review_element,
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
        page_breaks: doc.page_breaks.clone(),
        furniture,
        restored,
        sections: blocks.iter().filter(|b| b.label != "preamble").count(),
        type_evidence,
        elements,
        figures,
        stated,
    })
}

impl Scan {
    /// The review file, pre-filled with the scan and every verdict `pending`. The
    /// three sub-processor scanner elements are merged into `art28_3_d_subprocessors`:
    /// found only when all three are found.
    pub fn to_review(&self, provider: String) -> DpaReview {
        let elements = Art28Element::ALL
            .iter()
            .map(|re| {
                let parts: Vec<&ScannedElement> = self
                    .elements
                    .iter()
                    .filter(|e| e.review_element == *re)
                    .collect();
                ElementReview {
                    element: *re,
                    scan: Some(self.with_page(merge_hits(&parts))),
                    verdict: Verdict::Pending,
                    comment: None,
                    reviewer: None,
                    date: None,
                }
            })
            .collect();
        let f = &self.figures;
        DpaReview {
            kind: DPA_REVIEW_KIND.to_string(),
            schema_version: DPA_REVIEW_SCHEMA_VERSION,
            provider,
            document: ReviewedDocument {
                file_name: Path::new(&self.file)
                    .file_name()
                    .map(|n| n.to_string_lossy().into_owned())
                    .unwrap_or_else(|| self.file.clone()),
                sha256: self.sha256.clone(),
                language: self.language,
                version: self.stated.version.as_ref().map(|v| v.value.clone()),
                date: self.stated.date.as_ref().map(|d| d.value),
                source: None,
                parties: self
                    .stated
                    .parties
                    .iter()
                    .map(|p| p.value.clone())
                    .collect(),
                document_type: Some(self.type_evidence.document_type),
            },
            elements,
            figures: DpaFigures {
                subprocessor_notice_days: f.subprocessor_notice_days.as_ref().map(|x| x.value),
                subprocessor_notice_count: f
                    .subprocessor_notice_days
                    .as_ref()
                    .and_then(|x| x.count),
                objection_window_days: f.objection_window_days.as_ref().map(|x| x.value),
                objection_window_count: f.objection_window_days.as_ref().and_then(|x| x.count),
                breach_notice_hours: f.breach_notice_hours.as_ref().map(|x| x.value),
                scc_module: f.scc_module.as_ref().map(|x| x.value),
                governing_law: f.governing_law.as_ref().map(|x| x.value.clone()),
            },
            sign_off: None,
        }
    }

    /// The page and the line on that page of `line`, for a text with pages.
    pub fn page_of(&self, line: u32) -> Option<(u32, u32)> {
        text::page_of(&self.page_breaks, line as usize)
    }

    fn with_page(&self, mut r: ScanResult) -> ScanResult {
        if let Some((p, l)) = r.line_start.and_then(|a| self.page_of(a)) {
            r.page = Some(p);
            r.page_line = Some(l);
        }
        r
    }

    pub fn count(&self, r: ScanStatus) -> usize {
        self.elements.iter().filter(|e| e.hit.result == r).count()
    }

    /// The human summary printed by `cloudvet dpa scan`, in English.
    pub fn summary(&self) -> String {
        self.summary_in(crate::i18n::Lang::En)
    }

    /// The human summary in English or German (`--lang de`).
    pub fn summary_in(&self, l: crate::i18n::Lang) -> String {
        use crate::i18n::{fill, t};
        let n = |x: usize| x.to_string();
        let mut s = String::new();
        let ev = &self.type_evidence;
        let _ = writeln!(s, "{}", self.file);
        let _ = writeln!(
            s,
            "  {}",
            fill(
                l,
                "dpa_scan_language",
                &[
                    ("lang", lang_str(self.language)),
                    ("de", &n(self.stop_words.0)),
                    ("en", &n(self.stop_words.1)),
                    ("lines", &n(self.lines)),
                    ("sections", &n(self.sections)),
                    ("format", format_str(self.format)),
                ],
            )
        );
        if !self.page_breaks.is_empty() {
            let _ = writeln!(
                s,
                "  {}",
                fill(
                    l,
                    "dpa_scan_pages",
                    &[
                        ("pages", &n(self.page_breaks.len() + 1)),
                        ("furniture", &n(self.furniture)),
                    ],
                )
            );
        } else if self.furniture > 0 {
            let _ = writeln!(
                s,
                "  {}",
                fill(
                    l,
                    "dpa_scan_furniture",
                    &[("furniture", &n(self.furniture))]
                )
            );
        }
        if self.restored > 0 {
            let _ = writeln!(
                s,
                "  {}",
                fill(l, "dpa_scan_restored", &[("words", &n(self.restored))])
            );
        }
        let marks = if ev.dpa_marks.is_empty() {
            t(l, "dpa_scan_none").to_string()
        } else {
            ev.dpa_marks.join(", ")
        };
        let other = ev
            .other_title
            .as_ref()
            .map(|x| fill(l, "dpa_scan_other_title", &[("title", x)]))
            .unwrap_or_default();
        let _ = writeln!(
            s,
            "  {}",
            fill(
                l,
                "dpa_scan_type",
                &[
                    ("type", type_str(ev.document_type)),
                    ("processor", &n(ev.processor_mentions)),
                    ("controller", &n(ev.controller_mentions)),
                    ("marks", &marks),
                    ("other", &other),
                ],
            )
        );
        if ev.document_type != DocumentType::Dpa {
            let _ = writeln!(s, "  {}", t(l, "dpa_scan_not_a_dpa"));
        }
        let _ = writeln!(
            s,
            "  {}",
            fill(
                l,
                "dpa_scan_elements",
                &[
                    ("found", &n(self.count(ScanStatus::Found))),
                    ("unclear", &n(self.count(ScanStatus::Unclear))),
                    ("not_found", &n(self.count(ScanStatus::NotFound))),
                    ("all", &n(self.elements.len())),
                ],
            )
        );
        for e in &self.elements {
            let mark = match e.hit.result {
                ScanStatus::Found => t(l, "dpa_scan_mark_found"),
                ScanStatus::Unclear => t(l, "dpa_scan_mark_unclear"),
                ScanStatus::NotFound => t(l, "dpa_scan_mark_not_found"),
            };
            // The quoted sentence's lines (and, for a PDF, its page and line there).
            let lines = e.hit.quote_lines.or(e.hit.lines);
            let page = lines
                .and_then(|[a, _]| self.page_of(a))
                .map(|(p, pl)| {
                    format!(
                        " ({})",
                        fill(
                            l,
                            "dpa_scan_page_line",
                            &[("page", &p.to_string()), ("line", &pl.to_string())],
                        )
                    )
                })
                .unwrap_or_default();
            let reason = e
                .hit
                .reason
                .map(|r| format!(" — {}", t(l, reason_key(r))))
                .unwrap_or_default();
            let at = match (&e.hit.section, lines) {
                (Some(sec), Some([a, b])) => fill(
                    l,
                    "dpa_scan_section_lines",
                    &[
                        ("section", sec),
                        ("a", &a.to_string()),
                        ("b", &b.to_string()),
                    ],
                ),
                (None, Some([a, b])) => fill(
                    l,
                    "dpa_scan_lines",
                    &[("a", &a.to_string()), ("b", &b.to_string())],
                ),
                _ => String::new(),
            };
            let _ = writeln!(
                s,
                "  {mark:<9} {:<28} {:<7} {at}{page}{reason}",
                e.id,
                t(l, confidence_key(e.hit.confidence)),
            );
        }
        let f = &self.figures;
        let fig = |key: &str, v: Option<String>, at: Option<[u32; 2]>| -> String {
            let name = t(l, key);
            match (v, at) {
                (Some(v), Some([a, _])) => format!(
                    "    {name}: {}\n",
                    fill(
                        l,
                        "dpa_scan_value_at_line",
                        &[("value", &v), ("line", &a.to_string())]
                    )
                ),
                (Some(v), None) => format!("    {name}: {v}\n"),
                _ => format!("    {name}: {}\n", t(l, "dpa_scan_not_stated")),
            }
        };
        // What the document says about itself: the review records it, and a review of
        // another version than the profile's current DPA is stale.
        let v = &self.stated;
        let stated = |x: Option<&(String, usize)>| match x {
            Some((value, line)) => fill(
                l,
                "dpa_scan_value_at_line",
                &[("value", value), ("line", &line.to_string())],
            ),
            None => t(l, "dpa_scan_not_stated").to_string(),
        };
        let version = v.version.as_ref().map(|x| (x.value.clone(), x.line));
        let date = v.date.as_ref().map(|x| (x.value.to_string(), x.line));
        let _ = writeln!(
            s,
            "  {}: {}; {}: {}",
            t(l, "dpa_scan_version"),
            stated(version.as_ref()),
            t(l, "dpa_scan_dated"),
            stated(date.as_ref()),
        );
        let parties = if v.parties.is_empty() {
            t(l, "dpa_scan_not_stated").to_string()
        } else {
            v.parties
                .iter()
                .map(|p| {
                    fill(
                        l,
                        "dpa_scan_value_at_line",
                        &[("value", &p.value), ("line", &p.line.to_string())],
                    )
                })
                .collect::<Vec<_>>()
                .join(", ")
        };
        let _ = writeln!(s, "  {}: {parties}", t(l, "dpa_scan_parties"));
        let _ = writeln!(s, "  {}:", t(l, "dpa_scan_figures"));
        let days = |x: &figures::Figure<u32>| match x.count {
            Some(figures::DayCount::BusinessDays) => fill(
                l,
                "dpa_scan_business_days",
                &[("value", &x.value.to_string())],
            ),
            _ => x.value.to_string(),
        };
        s.push_str(&fig(
            "dpa_scan_fig_notice_days",
            f.subprocessor_notice_days.as_ref().map(days),
            f.subprocessor_notice_days.as_ref().and_then(|x| x.lines),
        ));
        s.push_str(&fig(
            "dpa_scan_fig_objection_days",
            f.objection_window_days.as_ref().map(days),
            f.objection_window_days.as_ref().and_then(|x| x.lines),
        ));
        s.push_str(&fig(
            "dpa_scan_fig_breach_hours",
            f.breach_notice_hours.as_ref().map(|x| x.value.to_string()),
            f.breach_notice_hours.as_ref().and_then(|x| x.lines),
        ));
        s.push_str(&fig(
            "dpa_scan_fig_scc_module",
            f.scc_module.as_ref().map(|x| x.value.to_string()),
            f.scc_module.as_ref().and_then(|x| x.lines),
        ));
        s.push_str(&fig(
            "dpa_scan_fig_governing_law",
            f.governing_law.as_ref().map(|x| x.value.clone()),
            f.governing_law.as_ref().and_then(|x| x.lines),
        ));
        let _ = writeln!(s, "  {}", t(l, "dpa_scan_not_legal_advice"));
        s
    }
}

/// The catalogue key of an unclear result's reason.
pub fn reason_key(r: UnclearReason) -> &'static str {
    match r {
        UnclearReason::WeakTerms => "dpa_reason_weak_terms",
        UnclearReason::NotACommitment => "dpa_reason_not_a_commitment",
        UnclearReason::MissingAnnex => "dpa_reason_missing_annex",
        UnclearReason::DocumentType => "dpa_reason_document_type",
    }
}

/// The catalogue key of a scan confidence's word.
fn confidence_key(c: ScanConfidence) -> &'static str {
    match c {
        ScanConfidence::Low => "dpa_scan_conf_low",
        ScanConfidence::Medium => "dpa_scan_conf_medium",
        ScanConfidence::High => "dpa_scan_conf_high",
    }
}

pub fn lang_str(l: DocumentLanguage) -> &'static str {
    match l {
        DocumentLanguage::De => "de",
        DocumentLanguage::En => "en",
        DocumentLanguage::Other => "other",
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
        ScanConfidence::Low => "low",
        ScanConfidence::Medium => "medium",
        ScanConfidence::High => "high",
    }
}

pub fn result_str(r: ScanStatus) -> &'static str {
    match r {
        ScanStatus::Found => "found",
        ScanStatus::Unclear => "unclear",
        ScanStatus::NotFound => "not_found",
    }
}

/// Merges the scanner elements of one review element: found when all are found,
/// not found when none is found or unclear, unclear otherwise; the passage and
/// lines of the first part that has one; all matched terms.
fn merge_hits(parts: &[&ScannedElement]) -> ScanResult {
    let all = |s: ScanStatus| parts.iter().all(|p| p.hit.result == s);
    let status = if parts.is_empty() || all(ScanStatus::NotFound) {
        ScanStatus::NotFound
    } else if all(ScanStatus::Found) {
        ScanStatus::Found
    } else {
        ScanStatus::Unclear
    };
    let confidence = if status == ScanStatus::Found {
        parts
            .iter()
            .map(|p| p.hit.confidence)
            .min_by_key(|c| match c {
                ScanConfidence::Low => 0,
                ScanConfidence::Medium => 1,
                ScanConfidence::High => 2,
            })
            .unwrap_or(ScanConfidence::Low)
    } else {
        ScanConfidence::Low
    };
    let located: Vec<&&ScannedElement> = parts.iter().filter(|p| p.hit.lines.is_some()).collect();
    // The lines of the quoted sentence (the passage), else of its paragraph.
    let at = |p: &&&ScannedElement| p.hit.quote_lines.or(p.hit.lines);
    let line_start = located.iter().filter_map(|p| at(p).map(|l| l[0])).min();
    let line_end = located.iter().filter_map(|p| at(p).map(|l| l[1])).max();
    let mut passages: Vec<String> = Vec::new();
    for p in &located {
        if let Some(q) = &p.hit.quote {
            if !passages.contains(q) {
                passages.push(q.clone());
            }
        }
    }
    let mut matched_terms = Vec::new();
    for p in parts {
        for t in &p.hit.matched_terms {
            let t = if parts.len() > 1 {
                format!("{}: {t}", p.id)
            } else {
                t.clone()
            };
            matched_terms.push(t);
        }
    }
    let reason = (status == ScanStatus::Unclear)
        .then(|| parts.iter().find_map(|p| p.hit.reason))
        .flatten()
        .or((status == ScanStatus::Unclear).then_some(UnclearReason::WeakTerms));
    ScanResult {
        status,
        page: None,
        page_line: None,
        unclear_reason: reason,
        section: located.first().and_then(|p| p.hit.section.clone()),
        line_start: if status == ScanStatus::NotFound {
            None
        } else {
            line_start
        },
        line_end: if status == ScanStatus::NotFound {
            None
        } else {
            line_end
        },
        passage: if status == ScanStatus::NotFound || passages.is_empty() {
            None
        } else {
            Some(passages.join(" … "))
        },
        confidence,
        matched_terms,
    }
}

/// Reads a review file through `load::parse_document` (schema and types). Warnings
/// about an unfinished review (pending verdicts, no sign-off) come back with it.
pub fn load_review(path: &Path) -> Result<(DpaReview, Vec<Diagnostic>), Vec<Diagnostic>> {
    load_review_in(path, crate::i18n::Lang::En)
}

/// [`load_review`] with the warnings in `lang`.
pub fn load_review_in(
    path: &Path,
    lang: crate::i18n::Lang,
) -> Result<(DpaReview, Vec<Diagnostic>), Vec<Diagnostic>> {
    let file = SourceFile::read(path).map_err(|d| vec![d])?;
    let mut review: DpaReview = parse_document(&file, DocumentKind::DpaReview)?;
    let mut diags = migration_warnings_in(&mut review, &file.display, lang);
    diags.extend(review_warnings_in(&review, &file.display, lang));
    Ok((review, diags))
}

/// Migrates a review of the 18-element set to the 21 elements (see
/// `DpaReview::migrate`) and says so, once per change, as a warning.
pub fn migration_warnings(review: &mut DpaReview, display: &str) -> Vec<Diagnostic> {
    migration_warnings_in(review, display, crate::i18n::Lang::En)
}

/// [`migration_warnings`] in `lang`.
pub fn migration_warnings_in(
    review: &mut DpaReview,
    display: &str,
    lang: crate::i18n::Lang,
) -> Vec<Diagnostic> {
    use crate::i18n::{fill, t};
    review
        .migrate()
        .into_iter()
        .map(|note| {
            Diagnostic::warning(
                DpaCode::DpaReviewIncomplete,
                fill(lang, "dpa_review_migrated", &[("note", &note)]),
            )
            .in_file(display)
            .help(t(lang, "dpa_review_migrated_help"))
        })
        .collect()
}

/// Warnings about a review that is not finished yet.
pub fn review_warnings(review: &DpaReview, display: &str) -> Vec<Diagnostic> {
    review_warnings_in(review, display, crate::i18n::Lang::En)
}

/// [`review_warnings`] in `lang`.
pub fn review_warnings_in(
    review: &DpaReview,
    display: &str,
    lang: crate::i18n::Lang,
) -> Vec<Diagnostic> {
    use crate::i18n::{fill, t};
    let mut out = Vec::new();
    let pending = review
        .elements
        .iter()
        .filter(|e| e.verdict == Verdict::Pending)
        .count();
    let missing = Art28Element::ALL
        .iter()
        .filter(|a| !review.elements.iter().any(|e| e.element == **a))
        .count();
    if pending + missing > 0 {
        out.push(
            Diagnostic::warning(
                DpaCode::DpaReviewIncomplete,
                fill(
                    lang,
                    "dpa_review_undecided",
                    &[("n", &(pending + missing).to_string())],
                ),
            )
            .in_file(display)
            .help(t(lang, "dpa_review_undecided_help")),
        );
    }
    if review.sign_off.is_none() {
        out.push(
            Diagnostic::warning(DpaCode::DpaReviewIncomplete, t(lang, "dpa_review_unsigned"))
                .in_file(display)
                .pointer("/sign_off")
                .help(t(lang, "dpa_review_unsigned_help")),
        );
    }
    out
}
