//! From a completed DPA review to provider facts, so the assessment uses the DPO's
//! verdicts instead of the provider's self-declared profile facts.
//!
//! Decisions (documented in docs/dpa-scan.md):
//! - `accept` → the fact is `true`; `reject` → `false`; `negotiate` → `false`: the
//!   agreement *as written* does not meet the requirement; once it is renegotiated,
//!   the new text gets a new review. `pending` → no fact (the profile's value stays).
//! - A verdict counts only with a reviewer and a date (the element's own, else the
//!   sign-off's name and date). Facts get `status: verified`, `as_of` = that date, `source` = the
//!   reviewed document (its `source` address, else its file name) and a note naming
//!   reviewer, verdict and comment.
//! - A fact fed by several elements (`clauses/art32_36_assistance` from the
//!   Arts. 32–36 assistance and the breach notification) is `true` only when all are
//!   accepted, and is left out while any of them is pending.
//! - `ch5_transfer_mechanism` feeds no fact: transfers are assessed per destination
//!   (`transfers.destinations[]`), which a DPA review does not establish.

use crate::diag::Diagnostic;
use crate::diag::DpaCode;
use crate::model::common::{AsOf, Date, EvidenceStatus, Fact, Known, Provenance};
use crate::model::provider::ProviderProfile;
use crate::model::review::{Art28Element, DocumentType, DpaReview, ElementReview, Verdict};

/// Which review elements decide which boolean profile fact (JSON pointer into the profile).
pub const FACT_MAP: &[(&str, &[Art28Element])] = &[
    (
        "/dpa/processing_description/subject_matter",
        &[Art28Element::SubjectDuration],
    ),
    (
        "/dpa/processing_description/duration",
        &[Art28Element::SubjectDuration],
    ),
    (
        "/dpa/processing_description/nature_and_purpose",
        &[Art28Element::NaturePurpose],
    ),
    (
        "/dpa/processing_description/data_types",
        &[Art28Element::DataTypes],
    ),
    (
        "/dpa/processing_description/data_subject_categories",
        &[Art28Element::DataSubjects],
    ),
    (
        "/dpa/processing_description/controller_rights",
        &[Art28Element::ControllerRights],
    ),
    ("/dpa/clauses/instructions", &[Art28Element::Instructions]),
    (
        "/dpa/clauses/transfer_instructions",
        &[Art28Element::TransferInstructions],
    ),
    (
        "/dpa/clauses/legal_requirement_notice",
        &[Art28Element::Instructions],
    ),
    (
        "/dpa/clauses/confidentiality",
        &[Art28Element::Confidentiality],
    ),
    ("/dpa/clauses/security", &[Art28Element::Security]),
    (
        "/dpa/clauses/subprocessor_conditions",
        &[Art28Element::SubprocessorAuthorisation],
    ),
    (
        "/dpa/clauses/dsr_assistance",
        &[Art28Element::DsrAssistance],
    ),
    (
        "/dpa/clauses/art32_36_assistance",
        &[
            Art28Element::Assistance32To36,
            Art28Element::BreachNotification,
        ],
    ),
    (
        "/dpa/clauses/delete_or_return",
        &[Art28Element::DeleteReturn],
    ),
    ("/dpa/clauses/audit", &[Art28Element::Audits]),
    ("/dpa/clauses/inspection_allowed", &[Art28Element::Audits]),
    (
        "/dpa/clauses/infringing_instruction_notice",
        &[Art28Element::InfringingInstruction],
    ),
    ("/dpa/tom_annex/concrete", &[Art28Element::TomAnnex]),
    (
        "/dpa/subprocessors/change_notice",
        &[Art28Element::SubprocessorObjection],
    ),
    (
        "/dpa/subprocessors/objection_right",
        &[Art28Element::SubprocessorObjection],
    ),
    (
        "/dpa/subprocessors/flow_down",
        &[Art28Element::SubprocessorFlowDown],
    ),
    (
        "/dpa/subprocessors/liability",
        &[Art28Element::SubprocessorLiability],
    ),
];

/// One boolean fact derived from the review.
#[derive(Debug, Clone, PartialEq)]
pub struct ReviewFact {
    /// JSON pointer into the provider profile, e.g. `/dpa/clauses/audit`.
    pub pointer: &'static str,
    /// The review elements whose verdicts decided it.
    pub elements: Vec<Art28Element>,
    pub fact: Fact<bool>,
}

fn reviewed_by(review: &DpaReview, e: &ElementReview) -> Option<(String, Date)> {
    let so = review.sign_off.as_ref();
    let who = e.reviewer.clone().or_else(|| so.map(|s| s.name.clone()))?;
    let when = e.date.or(so.map(|s| s.date))?;
    Some((who, when))
}

fn source_of(review: &DpaReview) -> String {
    review
        .document
        .source
        .clone()
        .unwrap_or_else(|| review.document.file_name.clone())
}

/// The boolean facts a review establishes (see the module docs for the rules).
pub fn review_to_facts(review: &DpaReview) -> Vec<ReviewFact> {
    // A review file of the 18-element set is read as its 21-element form.
    let mut migrated;
    let review = if review
        .elements
        .iter()
        .any(|e| !e.element.superseded_by().is_empty())
    {
        migrated = review.clone();
        migrated.migrate();
        &migrated
    } else {
        review
    };
    let mut out = Vec::new();
    for (pointer, ids) in FACT_MAP {
        let mut parts = Vec::new();
        for id in *ids {
            let Some(e) = review.elements.iter().find(|e| e.element == *id) else {
                parts.clear();
                break;
            };
            if e.verdict == Verdict::Pending {
                parts.clear();
                break;
            }
            let Some((who, when)) = reviewed_by(review, e) else {
                parts.clear();
                break;
            };
            parts.push((e, who, when));
        }
        if parts.len() != ids.len() {
            continue;
        }
        let value = parts.iter().all(|(e, _, _)| e.verdict == Verdict::Accept);
        // The latest date among the deciding verdicts.
        let when = parts.iter().map(|(_, _, d)| *d).max();
        let note = parts
            .iter()
            .map(|(e, who, d)| {
                let mut s = format!(
                    "DPA review: {} {} by {who} on {d}",
                    e.element.id(),
                    verdict_str(e.verdict)
                );
                if let Some(c) = &e.comment {
                    s.push_str(": ");
                    s.push_str(c);
                }
                s
            })
            .collect::<Vec<_>>()
            .join("; ");
        out.push(ReviewFact {
            pointer,
            elements: ids.to_vec(),
            fact: Fact {
                value: Known::Value(value),
                provenance: Provenance {
                    source: Some(source_of(review)),
                    as_of: when.map(|d| AsOf::from_date(d.0)),
                    status: Some(EvidenceStatus::Verified),
                    confidence: None,
                },
                note: Some(note),
            },
        });
    }
    out
}

fn signed(review: &DpaReview) -> Option<(String, Date)> {
    review.sign_off.as_ref().map(|s| (s.name.clone(), s.date))
}

/// The file form of a verdict.
pub fn verdict_str(v: Verdict) -> &'static str {
    match v {
        Verdict::Accept => "accept",
        Verdict::Negotiate => "negotiate",
        Verdict::Reject => "reject",
        Verdict::Pending => "pending",
    }
}

fn provenance(review: &DpaReview, date: Date) -> Provenance {
    Provenance {
        source: Some(source_of(review)),
        as_of: Some(AsOf::from_date(date.0)),
        status: Some(EvidenceStatus::Verified),
        confidence: None,
    }
}

fn bool_slot<'a>(p: &'a mut ProviderProfile, pointer: &str) -> Option<&'a mut Fact<bool>> {
    let d = &mut p.dpa;
    Some(match pointer {
        "/dpa/available" => &mut d.available,
        "/dpa/processing_description/subject_matter" => {
            &mut d.processing_description.subject_matter
        }
        "/dpa/processing_description/duration" => &mut d.processing_description.duration,
        "/dpa/processing_description/nature_and_purpose" => {
            &mut d.processing_description.nature_and_purpose
        }
        "/dpa/processing_description/data_types" => &mut d.processing_description.data_types,
        "/dpa/processing_description/data_subject_categories" => {
            &mut d.processing_description.data_subject_categories
        }
        "/dpa/processing_description/controller_rights" => {
            &mut d.processing_description.controller_rights
        }
        "/dpa/clauses/instructions" => &mut d.clauses.instructions,
        "/dpa/clauses/transfer_instructions" => &mut d.clauses.transfer_instructions,
        "/dpa/clauses/legal_requirement_notice" => &mut d.clauses.legal_requirement_notice,
        "/dpa/clauses/confidentiality" => &mut d.clauses.confidentiality,
        "/dpa/clauses/security" => &mut d.clauses.security,
        "/dpa/clauses/subprocessor_conditions" => &mut d.clauses.subprocessor_conditions,
        "/dpa/clauses/dsr_assistance" => &mut d.clauses.dsr_assistance,
        "/dpa/clauses/art32_36_assistance" => &mut d.clauses.art32_36_assistance,
        "/dpa/clauses/delete_or_return" => &mut d.clauses.delete_or_return,
        "/dpa/clauses/audit" => &mut d.clauses.audit,
        "/dpa/clauses/inspection_allowed" => &mut d.clauses.inspection_allowed,
        "/dpa/clauses/infringing_instruction_notice" => {
            &mut d.clauses.infringing_instruction_notice
        }
        "/dpa/tom_annex/concrete" => &mut d.tom_annex.concrete,
        "/dpa/subprocessors/change_notice" => &mut d.subprocessors.change_notice,
        "/dpa/subprocessors/objection_right" => &mut d.subprocessors.objection_right,
        "/dpa/subprocessors/flow_down" => &mut d.subprocessors.flow_down,
        "/dpa/subprocessors/liability" => &mut d.subprocessors.liability,
        _ => return None,
    })
}

/// Applies a review to a provider profile: the review's facts replace the profile's
/// (self-declared) ones. Also sets, when the review is signed off (reviewer and
/// date), `dpa.available` (for a document of type `dpa`), and the figures the DPO
/// confirmed: `dpa.breach_notice_hours`, `dpa.subprocessors.notice_days`,
/// `dpa.governing_law`. Returns the pointers it set, in order. Refuses a review
/// made for another provider.
pub fn apply_review(
    profile: &mut ProviderProfile,
    review: &DpaReview,
) -> Result<Vec<&'static str>, Diagnostic> {
    if review.provider != profile.id {
        return Err(Diagnostic::error(
            DpaCode::DpaReviewProvider,
            format!(
                "the review is for provider `{}`, not `{}`",
                review.provider, profile.id
            ),
        )
        .pointer("/provider")
        .help("set `provider:` in the review to the profile's id"));
    }
    let mut applied = Vec::new();
    for f in review_to_facts(review) {
        if let Some(slot) = bool_slot(profile, f.pointer) {
            *slot = f.fact;
            applied.push(f.pointer);
        }
    }
    if let Some((who, date)) = signed(review) {
        let note = format!("DPA review signed off by {who} on {date}");
        if review.document.document_type != Some(DocumentType::NotADpa) {
            if let Some(slot) = bool_slot(profile, "/dpa/available") {
                *slot = Fact {
                    value: Known::Value(true),
                    provenance: provenance(review, date),
                    note: Some(note.clone()),
                };
                applied.push("/dpa/available");
            }
        }
        let fig = &review.figures;
        if let Some(h) = fig.breach_notice_hours {
            profile.dpa.breach_notice_hours = Fact {
                value: Known::Value(h),
                provenance: provenance(review, date),
                note: Some(note.clone()),
            };
            applied.push("/dpa/breach_notice_hours");
        }
        if let Some(n) = fig.subprocessor_notice_days {
            profile.dpa.subprocessors.notice_days = Fact {
                value: Known::Value(n),
                provenance: provenance(review, date),
                note: Some(note.clone()),
            };
            applied.push("/dpa/subprocessors/notice_days");
        }
        if let Some(l) = &fig.governing_law {
            profile.dpa.governing_law = Fact {
                value: Known::Value(l.clone()),
                provenance: provenance(review, date),
                note: Some(note),
            };
            applied.push("/dpa/governing_law");
        }
    }
    Ok(applied)
}

/// What one review changed in the assessment's inputs: for the report ("the DPA facts of
/// X come from the DPO's review of FILE, signed off on DATE").
#[derive(Debug, Clone, PartialEq, serde::Serialize)]
pub struct AppliedReview {
    pub provider: String,
    /// The review file as the user named it.
    pub review_file: String,
    /// SHA-256 of the review file.
    pub review_sha256: String,
    /// The reviewed DPA (its file name) and SHA-256.
    pub document: String,
    pub document_sha256: String,
    /// Sign-off name and date, if signed off.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub signed_off_by: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub signed_off_on: Option<String>,
    /// The profile facts the review set (JSON pointers).
    pub facts: Vec<&'static str>,
}

/// Applies every review to its provider's profile (matched by `provider` = profile
/// `id`). A review for a provider that is not among `profiles`, or a second review
/// for the same provider, is an error (`dpa-review-provider`); the others are still
/// applied. Wire `--reviews DIR` with `load::load_reviews` and this, before evaluating.
pub fn apply_reviews(
    profiles: &mut [ProviderProfile],
    reviews: &[crate::load::Loaded<DpaReview>],
) -> (Vec<AppliedReview>, Vec<Diagnostic>) {
    let mut applied = Vec::new();
    let mut diags = Vec::new();
    let mut seen: Vec<(&str, &str)> = Vec::new();
    for r in reviews {
        let review = &r.value;
        if let Some((_, first)) = seen.iter().find(|(p, _)| *p == review.provider) {
            diags.push(
                Diagnostic::error(
                    DpaCode::DpaReviewProvider,
                    format!(
                        "a second review for provider `{}` (the first is {first})",
                        review.provider
                    ),
                )
                .in_file(r.file.display.clone())
                .pointer("/provider")
                .help("keep one review per provider; move older reviews out of the folder"),
            );
            continue;
        }
        seen.push((&review.provider, &r.file.display));
        // An 18-element review is read as its 21-element form (review_to_facts does
        // the same); say so once per file.
        let mut migrated = review.clone();
        diags.extend(super::migration_warnings(&mut migrated, &r.file.display));
        let Some(profile) = profiles.iter_mut().find(|p| p.id == review.provider) else {
            diags.push(
                Diagnostic::error(
                    DpaCode::DpaReviewProvider,
                    format!("no provider profile has the id `{}`", review.provider),
                )
                .in_file(r.file.display.clone())
                .pointer("/provider")
                .help("set `provider:` to the id of a profile that is part of the assessment"),
            );
            continue;
        };
        if let Some(st) = staleness(profile, review) {
            diags.extend(crate::load::locate_pointers(
                &r.file,
                vec![st.diagnostic(&r.file.display)],
            ));
            continue;
        }
        match apply_review(profile, review) {
            Ok(facts) => applied.push(AppliedReview {
                provider: review.provider.clone(),
                review_file: r.file.display.clone(),
                review_sha256: r.file.sha256.clone(),
                document: review.document.file_name.clone(),
                document_sha256: review.document.sha256.clone(),
                signed_off_by: review.sign_off.as_ref().map(|s| s.name.clone()),
                signed_off_on: review.sign_off.as_ref().map(|s| s.date.to_string()),
                facts,
            }),
            Err(d) => diags.push(d.in_file(r.file.display.clone())),
        }
    }
    (applied, diags)
}

/// A review of another DPA than the profile's current one: both versions and dates
/// as stated (`None`: not stated).
#[derive(Debug, Clone, PartialEq, serde::Serialize)]
pub struct Stale {
    pub provider: String,
    pub review_version: Option<String>,
    pub review_date: Option<String>,
    pub current_version: Option<String>,
    pub current_date: Option<String>,
}

impl Stale {
    /// "version 2.0 of 2026-03-01" (or the parts that are stated; "no version stated").
    pub fn describe(lang: crate::i18n::Lang, version: Option<&str>, date: Option<&str>) -> String {
        use crate::i18n::fill;
        match (version, date) {
            (Some(v), Some(d)) => fill(lang, "dpa_version_of", &[("v", v), ("d", d)]),
            (Some(v), None) => fill(lang, "dpa_version_only", &[("v", v)]),
            (None, Some(d)) => fill(lang, "dpa_version_date_only", &[("d", d)]),
            (None, None) => crate::i18n::t(lang, "dpa_version_none").to_string(),
        }
    }

    /// The warning `dpa-review-stale` for the review file.
    pub fn diagnostic(&self, file: &str) -> Diagnostic {
        use crate::diag::{Arg, Msg};
        use crate::i18n::Lang;
        let both = |version: Option<&str>, date: Option<&str>| Arg::Lang {
            en: Stale::describe(Lang::En, version, date),
            de: Stale::describe(Lang::De, version, date),
        };
        Diagnostic::warning_m(
            DpaCode::DpaReviewStale,
            Msg::new("dpa_stale_warning", &[("provider", &self.provider)])
                .with(
                    "review",
                    both(self.review_version.as_deref(), self.review_date.as_deref()),
                )
                .with(
                    "current",
                    both(
                        self.current_version.as_deref(),
                        self.current_date.as_deref(),
                    ),
                ),
        )
        .in_file(file.to_string())
        .pointer("/document/version")
        .help_t("dpa_stale_help", &[])
    }
}

/// A version label compared without case, spaces and a leading `v`/`version`.
fn version_key(v: &str) -> String {
    let v = v.trim().to_lowercase();
    let v = v
        .strip_prefix("version")
        .or_else(|| v.strip_prefix("fassung"))
        .or_else(|| v.strip_prefix('v'))
        .unwrap_or(&v);
    v.chars().filter(|c| !c.is_whitespace()).collect()
}

/// Two dates agree on every part both state (`2026-11` agrees with `2026-11-15`).
fn dates_agree(a: &AsOf, b: &AsOf) -> bool {
    a.year == b.year
        && a.month.zip(b.month).is_none_or(|(x, y)| x == y)
        && a.day.zip(b.day).is_none_or(|(x, y)| x == y)
}

/// Whether the review is of another DPA than the profile's current one: the version
/// or the date both state differ. What only one side states cannot differ.
pub fn staleness(profile: &ProviderProfile, review: &DpaReview) -> Option<Stale> {
    let current_version = profile.dpa.version.value.as_option();
    let current_date = profile.dpa.version_date.value.as_option();
    let doc = &review.document;
    let version_differs = current_version
        .zip(doc.version.as_ref())
        .is_some_and(|(c, r)| version_key(c) != version_key(r));
    let date_differs = current_date
        .zip(doc.date.as_ref())
        .is_some_and(|(c, r)| !dates_agree(c, r));
    (version_differs || date_differs).then(|| Stale {
        provider: review.provider.clone(),
        review_version: doc.version.clone(),
        review_date: doc.date.as_ref().map(ToString::to_string),
        current_version: current_version.cloned(),
        current_date: current_date.map(ToString::to_string),
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn versions_and_dates_compare_loosely_and_only_when_both_are_stated() {
        assert_eq!(version_key("Version 3.0"), version_key("3.0"));
        assert_eq!(version_key("v2.11"), "2.11");
        let d = |s: &str| s.parse::<AsOf>().unwrap();
        assert!(dates_agree(&d("2026-11"), &d("2026-11-15")));
        assert!(!dates_agree(&d("2026-03-01"), &d("2026-11-15")));
        let mut p: ProviderProfile =
            serde_yaml::from_str("kind: provider\nschema_version: 1\nid: x\nname: X\ndpa: {version: '3.0', version_date: 2026-11-15}\n").unwrap();
        let mut r: DpaReview = serde_yaml::from_str(
            "kind: dpa_review\nschema_version: 1\nprovider: x\ndocument: {file_name: a.txt, sha256: '0000000000000000000000000000000000000000000000000000000000000000', language: en}\n",
        )
        .unwrap();
        // Nothing stated in the review: not stale (cannot tell).
        assert!(staleness(&p, &r).is_none());
        r.document.version = Some("2.0".into());
        let st = staleness(&p, &r).expect("stale");
        assert_eq!(st.current_version.as_deref(), Some("3.0"));
        r.document.version = Some("Version 3.0".into());
        assert!(staleness(&p, &r).is_none());
        r.document.date = Some(d("2026-03-01"));
        assert!(staleness(&p, &r).is_some(), "same label, other date");
        p.dpa.version_date = Fact::default();
        assert!(staleness(&p, &r).is_none());
    }

    #[test]
    fn every_mapped_pointer_has_a_slot_and_known_elements() {
        let mut p: ProviderProfile =
            serde_yaml::from_str("kind: provider\nschema_version: 1\nid: x\nname: X\n").unwrap();
        for (ptr, els) in FACT_MAP {
            assert!(bool_slot(&mut p, ptr).is_some(), "{ptr}");
            assert!(!els.is_empty());
        }
    }
}
