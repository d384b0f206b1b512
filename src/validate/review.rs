//! Semantic checks of a DPA review.

use super::Ctx;
use crate::diag::Diagnostic;
use crate::diag::ValidateCode;
use crate::model::review::{DpaReview, Verdict};

pub fn check(r: &DpaReview, ctx: &mut Ctx) {
    let mut seen = std::collections::BTreeMap::new();
    let mut pending = 0usize;
    for (i, e) in r.elements.iter().enumerate() {
        let base = format!("/elements/{i}");
        if let Some(first) = seen.insert(e.element, i) {
            ctx.push(
                Diagnostic::error_t(
                    ValidateCode::DuplicateId,
                    "val_element_twice",
                    &[("element", e.element.id()), ("first", &first.to_string())],
                )
                .help_t("val_element_twice_help", &[]),
                &format!("{base}/element"),
            );
        }
        if let Some(scan) = &e.scan {
            if let (Some(a), Some(b)) = (scan.line_start, scan.line_end) {
                if b < a {
                    ctx.push(
                        Diagnostic::error_t(
                            ValidateCode::InvalidLineRange,
                            "val_line_range",
                            &[("end", &b.to_string()), ("start", &a.to_string())],
                        )
                        .expected("line_end ≥ line_start")
                        .help_t("val_line_range_help", &[]),
                        &format!("{base}/scan/line_end"),
                    );
                }
            }
        }
        if e.verdict == Verdict::Pending {
            pending += 1;
        } else if e.reviewer.is_none() || e.date.is_none() {
            ctx.push(
                Diagnostic::warning_t(
                    ValidateCode::VerdictWithoutReviewer,
                    if e.reviewer.is_none() {
                        "val_verdict_no_reviewer"
                    } else {
                        "val_verdict_no_date"
                    },
                    &[("element", e.element.id())],
                )
                .help_t("val_verdict_help", &[]),
                &format!("{base}/verdict"),
            );
        }
    }
    if r.sign_off.is_some() && pending > 0 {
        ctx.push(
            Diagnostic::error_t(
                ValidateCode::SignedOffWithPending,
                "val_signed_off_pending",
                &[("pending", &pending.to_string())],
            )
            .help_t("val_signed_off_pending_help", &[]),
            "/sign_off",
        );
    }
    if let Some(c) = &r.figures.governing_law {
        super::provider::country(ctx, c, "/figures/governing_law");
    }
}
