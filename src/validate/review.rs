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
                Diagnostic::error(
                    ValidateCode::DuplicateId,
                    format!(
                        "the element `{}` is reviewed twice (first as entry {first})",
                        e.element.id()
                    ),
                )
                .help("keep one entry per element and merge the comments"),
                &format!("{base}/element"),
            );
        }
        if let Some(scan) = &e.scan {
            if let (Some(a), Some(b)) = (scan.line_start, scan.line_end) {
                if b < a {
                    ctx.push(
                        Diagnostic::error(
                            ValidateCode::InvalidLineRange,
                            format!("the passage ends on line {b}, before it starts on line {a}"),
                        )
                        .expected("line_end ≥ line_start")
                        .help("swap the two numbers or re-run `cloudvet dpa scan`"),
                        &format!("{base}/scan/line_end"),
                    );
                }
            }
        }
        if e.verdict == Verdict::Pending {
            pending += 1;
        } else if e.reviewer.is_none() || e.date.is_none() {
            ctx.push(
                Diagnostic::warning(
                    ValidateCode::VerdictWithoutReviewer,
                    format!(
                        "the verdict on `{}` names no {}",
                        e.element.id(),
                        if e.reviewer.is_none() {
                            "reviewer"
                        } else {
                            "date"
                        }
                    ),
                )
                .help("add `reviewer:` and `date:` so the decision can be traced"),
                &format!("{base}/verdict"),
            );
        }
    }
    if r.sign_off.is_some() && pending > 0 {
        ctx.push(
            Diagnostic::error(
                ValidateCode::SignedOffWithPending,
                format!("the review is signed off while {pending} verdict(s) are still `pending`"),
            )
            .help("decide every element (accept, negotiate or reject) before signing off, or remove `sign_off`"),
            "/sign_off",
        );
    }
    if let Some(c) = &r.figures.governing_law {
        super::provider::country(ctx, c, "/figures/governing_law");
    }
}
