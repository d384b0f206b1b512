//! Semantic checks of a requirements file.

use super::Ctx;
use crate::diag::Diagnostic;
use crate::diag::ValidateCode;
use crate::model::Requirements;

pub fn check(r: &Requirements, ctx: &mut Ctx) {
    super::provider::currency(ctx, &r.currency.report, "/currency/report");
    let mut seen = std::collections::BTreeSet::new();
    for (i, rate) in r.currency.rates.iter().enumerate() {
        let base = format!("/currency/rates/{i}");
        super::provider::currency(ctx, &rate.from, &format!("{base}/from"));
        if !seen.insert(rate.from.as_str()) {
            ctx.push(
                Diagnostic::error(
                    ValidateCode::DuplicateId,
                    format!("there are two rates for {}", rate.from),
                )
                .help("keep one rate per currency"),
                &format!("{base}/from"),
            );
        }
        if !rate.rate.is_positive() {
            ctx.push(
                Diagnostic::error(
                    ValidateCode::NonPositiveRate,
                    format!(
                        "the rate for {} is {}; a rate must be above 0",
                        rate.from, rate.rate
                    ),
                )
                .expected("a number above 0: how many report-currency units one unit buys")
                .help("take the rate from a dated source such as the ECB reference rates"),
                &format!("{base}/rate"),
            );
        }
    }
    for (i, c) in r.locations.allowed_countries.iter().enumerate() {
        super::provider::country(ctx, c, &format!("/locations/allowed_countries/{i}"));
    }
    for (i, m) in r.gpu.models.iter().enumerate() {
        super::provider::gpu(ctx, m, &format!("/gpu/models/{i}"));
    }
}
