//! DPA review status per provider: from a DPO's review file (`cloudvet dpa`,
//! schema `dpa_review`) where there is one, otherwise from the DPA facts in
//! the provider profile. Says which of the two the line rests on.

use super::build::Texts;
use super::DpaStatus;
use crate::i18n;
use crate::model::review::{DpaReview, SignOffDecision, Verdict};
use crate::model::ProviderProfile;

fn count(r: &DpaReview, v: Verdict) -> usize {
    r.elements.iter().filter(|e| e.verdict == v).count()
}

/// The status line of one provider.
pub fn status(
    tx: &Texts,
    provider_id: &str,
    provider_name: &str,
    profile: Option<&ProviderProfile>,
    review: Option<&DpaReview>,
) -> DpaStatus {
    let lang = tx.lang;
    if let Some(r) = review {
        let (accept, negotiate, reject, pending) = (
            count(r, Verdict::Accept),
            count(r, Verdict::Negotiate),
            count(r, Verdict::Reject),
            count(r, Verdict::Pending),
        );
        let status_text = match &r.sign_off {
            Some(s) => tx.label(match s.decision {
                SignOffDecision::Approved => "dpa_approved",
                SignOffDecision::ApprovedWithConditions => "dpa_approved_with_conditions",
                SignOffDecision::Rejected => "dpa_rejected",
            }),
            None => tx.label("dpa_in_review"),
        };
        let mut document = r.document.file_name.clone();
        if let Some(v) = &r.document.version {
            document.push_str(&format!(" {v}"));
        }
        if let Some(d) = &r.document.date {
            document.push_str(&format!(" ({})", tx.as_of(d).text));
        }
        let basis = i18n::fill(
            lang,
            "dpa_basis_review",
            &[
                ("document", &document),
                ("accept", &accept.to_string()),
                ("negotiate", &negotiate.to_string()),
                ("reject", &reject.to_string()),
                ("pending", &pending.to_string()),
            ],
        );
        // The person who signed off; otherwise the last reviewer named on an element.
        let reviewer = r.sign_off.as_ref().map(|s| match &s.role {
            Some(role) => format!("{} ({role})", s.name),
            None => s.name.clone(),
        });
        let reviewer =
            reviewer.or_else(|| r.elements.iter().rev().find_map(|e| e.reviewer.clone()));
        let date = r
            .sign_off
            .as_ref()
            .map(|s| s.date)
            .or_else(|| r.elements.iter().filter_map(|e| e.date).max())
            .map(|d| tx.date(d.0));
        return DpaStatus {
            provider_id: provider_id.to_string(),
            provider_name: provider_name.to_string(),
            state: if r.sign_off.is_some() {
                "signed"
            } else {
                "in_review"
            }
            .to_string(),
            reviewed: r.sign_off.is_some(),
            status_text,
            reviewer,
            date,
            basis,
        };
    }
    let dpa = profile.map(|p| &p.dpa);
    let mut basis = match dpa.and_then(|d| d.available.get()) {
        Some(true) => tx.label("dpa_basis_profile"),
        _ => tx.label("dpa_basis_none"),
    };
    if let Some(d) = dpa {
        let mut bits = Vec::new();
        if let Some(v) = d.version.get() {
            bits.push(v.clone());
        }
        if let Some(v) = d.version_date.get() {
            bits.push(tx.as_of(v).text);
        }
        if let Some(s) = d
            .version
            .provenance
            .status
            .or(d.available.provenance.status)
        {
            bits.push(tx.label(s.as_str()));
        }
        if !bits.is_empty() {
            basis = format!("{basis} ({})", bits.join(", "));
        }
    }
    DpaStatus {
        provider_id: provider_id.to_string(),
        provider_name: provider_name.to_string(),
        state: "missing".to_string(),
        reviewed: false,
        status_text: tx.label("not_reviewed"),
        reviewer: None,
        date: None,
        basis,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::i18n::Lang;

    fn review(sign_off: bool) -> DpaReview {
        let mut yaml = String::from(
            "kind: dpa_review\nschema_version: 1\nprovider: acme\ndocument:\n  file_name: avv.pdf\n  sha256: 2c26b46b68ffc68ff99b453c1d30413413422d706483bfa0f98a5e886266e7ae\n  language: de\n  version: \"3.1\"\nelements:\n  - {element: art28_3_a_instructions, verdict: accept, reviewer: A. Muster, date: 2026-11-20}\n  - {element: art28_3_h_audits, verdict: negotiate, reviewer: B. Beispiel, date: 2026-11-25}\n",
        );
        if sign_off {
            yaml.push_str("sign_off: {name: C. Datenschutz, role: DSB, date: 2026-11-28, decision: approved_with_conditions}\n");
        }
        serde_yaml::from_str(&yaml).unwrap()
    }

    #[test]
    fn a_signed_off_review_is_the_basis() {
        let tx = Texts::new(Lang::De);
        let s = status(&tx, "acme", "Acme", None, Some(&review(true)));
        assert!(s.reviewed);
        assert_eq!(s.status_text, "freigegeben mit Auflagen");
        assert_eq!(s.reviewer.as_deref(), Some("C. Datenschutz (DSB)"));
        assert_eq!(s.date.as_ref().map(|d| d.text.as_str()), Some("28.11.2026"));
        assert!(s.basis.contains("avv.pdf 3.1"), "{}", s.basis);
        assert!(
            s.basis
                .contains("1 akzeptiert, 1 zu verhandeln, 0 abgelehnt, 0 offen"),
            "{}",
            s.basis
        );
    }

    #[test]
    fn a_review_in_progress_is_not_reviewed_yet() {
        let tx = Texts::new(Lang::En);
        let s = status(&tx, "acme", "Acme", None, Some(&review(false)));
        assert!(!s.reviewed);
        assert_eq!(s.status_text, "in review");
        assert_eq!(s.reviewer.as_deref(), Some("B. Beispiel"));
        assert_eq!(s.date.as_ref().map(|d| d.iso.as_str()), Some("2026-11-25"));
    }

    #[test]
    fn without_a_review_the_profile_is_the_basis() {
        let tx = Texts::new(Lang::En);
        let s = status(&tx, "acme", "Acme", None, None);
        assert!(!s.reviewed);
        assert_eq!(s.status_text, "not reviewed");
        assert!(s.basis.contains("no DPA on file"));
    }
}
