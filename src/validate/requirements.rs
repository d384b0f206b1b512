//! Semantic checks of a requirements file.

use super::Ctx;
use crate::diag::Diagnostic;
use crate::diag::ValidateCode;
use crate::model::requirements::{SEAL_MAX_LEVEL, SEAL_OBJECTIVE_IDS};
use crate::model::Requirements;

pub fn check(r: &Requirements, ctx: &mut Ctx) {
    super::provider::currency(ctx, &r.currency.report, "/currency/report");
    let mut seen = std::collections::BTreeSet::new();
    for (i, rate) in r.currency.rates.iter().enumerate() {
        let base = format!("/currency/rates/{i}");
        super::provider::currency(ctx, &rate.from, &format!("{base}/from"));
        if !seen.insert(rate.from.as_str()) {
            ctx.push(
                Diagnostic::error_t(
                    ValidateCode::DuplicateId,
                    "val_two_rates",
                    &[("currency", &rate.from)],
                )
                .help_t("val_two_rates_help", &[]),
                &format!("{base}/from"),
            );
        }
        if !rate.rate.is_positive() {
            ctx.push(
                Diagnostic::error_t(
                    ValidateCode::NonPositiveRate,
                    "val_rate_not_positive",
                    &[("currency", &rate.from), ("rate", &rate.rate.to_string())],
                )
                .expected_t("val_rate_expected", &[])
                .help_t("val_rate_help", &[]),
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
    min_seal(r, ctx);
}

/// `sovereignty_seal.min_seal`: keys are objectives SOV-1 … SOV-8, levels 0–4. A
/// misspelt key would otherwise be a gate that silently never applies.
fn min_seal(r: &Requirements, ctx: &mut Ctx) {
    for (key, level) in &r.sovereignty_seal.min_seal {
        let at = format!("/sovereignty_seal/min_seal/{key}");
        if !SEAL_OBJECTIVE_IDS.contains(&key.as_str()) {
            let mut d = Diagnostic::error_t(
                ValidateCode::UnknownObjective,
                "val_unknown_objective",
                &[("key", key)],
            )
            .expected(SEAL_OBJECTIVE_IDS.join(", "));
            d = match seal_objective_suggestion(key) {
                Some(s) => d.help_t("suggest_did_you_mean", &[("x", &format!("`{s}`"))]),
                None => d.help_t("val_objective_help", &[]),
            };
            ctx.push(d, &at);
        }
        if *level > SEAL_MAX_LEVEL {
            ctx.push(
                Diagnostic::error_t(
                    ValidateCode::SealLevelOutOfRange,
                    "val_seal_level",
                    &[("key", key), ("level", &level.to_string())],
                )
                .expected_t("val_seal_level_expected", &[])
                .help_t("val_seal_level_help", &[]),
                &at,
            );
        }
    }
}

/// The objective a misspelt `min_seal` key most likely means: the same letters and
/// number written differently (`sov3`, `SOV_3`), else the closest by edit distance
/// — but not for a well-formed key with a number outside 1–8 (`SOV-9`), where every
/// objective is equally close.
fn seal_objective_suggestion(key: &str) -> Option<&'static str> {
    let norm = |s: &str| -> String {
        s.chars()
            .filter(char::is_ascii_alphanumeric)
            .map(|c| c.to_ascii_uppercase())
            .collect()
    };
    let k = norm(key);
    if let Some(o) = SEAL_OBJECTIVE_IDS.iter().find(|o| norm(o) == k) {
        return Some(o);
    }
    let well_formed = k
        .strip_prefix("SOV")
        .is_some_and(|n| !n.is_empty() && n.bytes().all(|b| b.is_ascii_digit()));
    if well_formed {
        return None;
    }
    crate::load::schema_check::did_you_mean(&key.to_uppercase(), SEAL_OBJECTIVE_IDS.iter().copied())
}
