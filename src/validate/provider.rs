//! Semantic checks of a provider profile: file name, unique region and offer
//! IDs, references to regions and GPU models, prices, currency and country
//! codes, certificate validity periods, egress tiers.

use super::Ctx;
use crate::diag::ValidateCode;
use crate::diag::{Arg, Diagnostic, Msg};
use crate::load::schema_check::did_you_mean;
use crate::load::SourceFile;
use crate::model::codes;
use crate::model::common::{Amount, Fact};
use crate::model::gpu::{gpu_model, GPU_MODELS};
use crate::model::ProviderProfile;

/// Checks a currency code.
pub fn currency(ctx: &mut Ctx, code: &str, pointer: &str) {
    if codes::is_currency(code) {
        return;
    }
    let d = Diagnostic::error_t(
        ValidateCode::UnknownCurrency,
        "val_unknown_currency",
        &[("code", code)],
    )
    .expected_t("val_currency_expected", &[]);
    let d = match codes::currency_hint(code) {
        Some(h) => d.help_t("suggest_did_you_mean", &[("x", &format!("`{h}`"))]),
        None => d.help_t("val_currency_help", &[]),
    };
    ctx.push(d, pointer);
}

/// Checks a country code.
pub fn country(ctx: &mut Ctx, code: &str, pointer: &str) {
    if codes::is_country(code) {
        return;
    }
    let d = Diagnostic::error_t(
        ValidateCode::UnknownCountry,
        "val_unknown_country",
        &[("code", code)],
    )
    .expected_t("val_country_expected", &[]);
    let d = match codes::country_hint(code) {
        Some(h) => d.help_t("suggest_did_you_mean", &[("x", &format!("`{h}`"))]),
        None => d.help_t("val_country_help", &[]),
    };
    ctx.push(d, pointer);
}

/// Checks a GPU model ID against the catalogue.
pub fn gpu(ctx: &mut Ctx, id: &str, pointer: &str) {
    if gpu_model(id).is_some() {
        return;
    }
    let d = Diagnostic::error_t(
        ValidateCode::UnknownGpuModel,
        "val_unknown_gpu",
        &[("id", id)],
    )
    .expected_t("val_gpu_expected", &[]);
    let d = match did_you_mean(id, GPU_MODELS.iter().map(|g| g.id)) {
        Some(s) => d.help_t("suggest_did_you_mean_gpu", &[("x", &format!("`{s}`"))]),
        None => d.help_t("val_gpu_help", &[]),
    };
    ctx.push(d, pointer);
}

fn fact_country(ctx: &mut Ctx, f: &Fact<String>, base: &str) {
    if let Some(c) = f.get() {
        let p = ctx.fact(base);
        country(ctx, c, &p);
    }
}

/// `what` is the catalogue key of the price's name.
fn positive_price(ctx: &mut Ctx, what: &'static str, a: &Amount, pointer: &str) {
    if !a.is_positive() {
        ctx.push(
            Diagnostic::error_m(
                ValidateCode::NonPositivePrice,
                Msg::new("val_price_not_positive", &[("amount", &a.to_string())])
                    .with("what", Arg::Msg(Box::new(Msg::new(what, &[])))),
            )
            .expected_t("val_price_not_positive_expected", &[])
            .help_t("val_price_not_positive_help", &[]),
            pointer,
        );
    }
}

fn non_negative_price(ctx: &mut Ctx, what: &'static str, a: &Amount, pointer: &str) {
    if a.0.is_sign_negative() && !a.0.is_zero() {
        ctx.push(
            Diagnostic::error_m(
                ValidateCode::NonPositivePrice,
                Msg::new("val_price_negative", &[("amount", &a.to_string())])
                    .with("what", Arg::Msg(Box::new(Msg::new(what, &[])))),
            )
            .expected_t("val_price_negative_expected", &[])
            .help_t("val_price_negative_help", &[]),
            pointer,
        );
    }
}

pub fn check(p: &ProviderProfile, file: &SourceFile, ctx: &mut Ctx) {
    // File name `<id>.yaml`.
    let name = file.file_name();
    if let Some(stem) = name
        .strip_suffix(".yaml")
        .or_else(|| name.strip_suffix(".yml"))
    {
        if stem != p.id {
            ctx.push(
                Diagnostic::error_t(
                    ValidateCode::FileNameMismatch,
                    "val_file_name",
                    &[("name", name), ("id", &p.id)],
                )
                .expected_t("val_file_name_expected", &[("id", &p.id)])
                .help_t("val_file_name_help", &[]),
                "/id",
            );
        }
    }

    // Identity and jurisdiction.
    fact_country(ctx, &p.identity.hq_country, "/identity/hq_country");
    fact_country(
        ctx,
        &p.identity.ultimate_parent_country,
        "/identity/ultimate_parent_country",
    );

    // SLA: a percentage of the month.
    if let Some(v) = p.sla.availability_pct.get() {
        if !(0.0..=100.0).contains(v) {
            let at = ctx.fact("/sla/availability_pct");
            ctx.push(
                Diagnostic::error_t(
                    ValidateCode::PercentageOutOfRange,
                    "val_availability",
                    &[("value", &v.to_string())],
                )
                .expected_t("val_availability_expected", &[])
                .help_t("val_availability_help", &[]),
                &at,
            );
        }
    }

    // Regions.
    let mut region_ids = std::collections::BTreeMap::new();
    for (i, r) in p.regions.iter().enumerate() {
        let base = format!("/regions/{i}");
        if let Some(first) = region_ids.insert(r.id.as_str(), i) {
            ctx.push(
                Diagnostic::error_t(
                    ValidateCode::DuplicateId,
                    "val_duplicate_region",
                    &[("id", &r.id), ("first", &first.to_string())],
                )
                .help_t("val_duplicate_region_help", &[]),
                &format!("{base}/id"),
            );
        }
        country(ctx, &r.country, &format!("{base}/country"));
        if let Some(models) = r.gpu_models.get() {
            let list = ctx.fact(&format!("{base}/gpu_models"));
            for (j, m) in models.iter().enumerate() {
                gpu(ctx, m, &format!("{list}/{j}"));
            }
        }
    }

    // Offers.
    let mut offer_ids = std::collections::BTreeMap::new();
    for (i, o) in p.offers.iter().enumerate() {
        let base = format!("/offers/{i}");
        if let Some(first) = offer_ids.insert(o.id.as_str(), i) {
            ctx.push(
                Diagnostic::error_t(
                    ValidateCode::DuplicateId,
                    "val_duplicate_offer",
                    &[("id", &o.id), ("first", &first.to_string())],
                )
                .help_t("val_duplicate_offer_help", &[]),
                &format!("{base}/id"),
            );
        }
        if !region_ids.contains_key(o.region.as_str()) {
            let d = Diagnostic::error_t(
                ValidateCode::UnknownRegion,
                "val_unknown_region",
                &[("region", &o.region)],
            );
            let d = if region_ids.is_empty() {
                d.help_t("val_add_region_first", &[])
            } else {
                let list = region_ids
                    .keys()
                    .map(|k| format!("`{k}`"))
                    .collect::<Vec<_>>()
                    .join(", ");
                let d = d.expected_t("load_one_of", &[("list", &list)]);
                match did_you_mean(&o.region, region_ids.keys().copied()) {
                    Some(s) => d.help_t("suggest_did_you_mean", &[("x", &format!("`{s}`"))]),
                    None => d.help_t("val_add_region", &[]),
                }
            };
            ctx.push(d, &format!("{base}/region"));
        }
        gpu(ctx, &o.gpu_model, &format!("{base}/gpu_model"));
        currency(ctx, &o.currency, &format!("{base}/currency"));
        if let Some(a) = &o.price_on_demand {
            positive_price(
                ctx,
                "val_price_on_demand",
                a,
                &format!("{base}/price_on_demand"),
            );
        }
        if let Some(a) = &o.price_spot {
            positive_price(ctx, "val_price_spot", a, &format!("{base}/price_spot"));
        }
        for (j, r) in o.price_reserved.iter().enumerate() {
            positive_price(
                ctx,
                "val_price_reserved",
                &r.price,
                &format!("{base}/price_reserved/{j}/price"),
            );
        }
        if o.price_on_demand.is_none() && o.price_spot.is_none() && o.price_reserved.is_empty() {
            ctx.push(
                Diagnostic::warning_t(
                    ValidateCode::OfferWithoutPrice,
                    "val_offer_without_price",
                    &[("id", &o.id)],
                )
                .help_t("val_offer_without_price_help", &[]),
                &base,
            );
        }
    }

    // Storage and egress.
    if let Some(s) = &p.storage {
        currency(ctx, &s.currency, "/storage/currency");
        non_negative_price(
            ctx,
            "val_price_storage",
            &s.price_per_gb_month,
            "/storage/price_per_gb_month",
        );
    }
    if let Some(e) = &p.egress {
        currency(ctx, &e.currency, "/egress/currency");
        non_negative_price(
            ctx,
            "val_free_egress",
            &e.free_gb_per_month,
            "/egress/free_gb_per_month",
        );
        // Bounds start above 0: a first tier ending at 0 GB or below is not ascending either.
        let mut last: Option<Amount> = Some(Amount::default());
        for (j, t) in e.tiers.iter().enumerate() {
            let tp = format!("/egress/tiers/{j}");
            non_negative_price(
                ctx,
                "val_price_egress",
                &t.price_per_gb,
                &format!("{tp}/price_per_gb"),
            );
            let unbounded_before = j > 0 && e.tiers[j - 1].up_to_gb.is_none();
            let not_rising = matches!((last, t.up_to_gb), (Some(a), Some(b)) if b <= a);
            if unbounded_before || not_rising {
                ctx.push(
                    Diagnostic::error_t(
                        ValidateCode::TiersNotAscending,
                        if unbounded_before {
                            "val_tier_after_unbounded"
                        } else {
                            "val_tier_not_rising"
                        },
                        &[],
                    )
                    .expected_t("val_tiers_expected", &[])
                    .help_t("val_tiers_help", &[]),
                    &tp,
                );
            }
            if t.up_to_gb.is_some() {
                last = t.up_to_gb;
            }
        }
    }

    // DPA, transfers, security.
    fact_country(ctx, &p.dpa.governing_law, "/dpa/governing_law");
    for (i, s) in p.dpa.subprocessors.list.iter().enumerate() {
        if let Some(c) = &s.country {
            country(ctx, c, &format!("/dpa/subprocessors/list/{i}/country"));
        }
    }
    if let Some(list) = p.transfers.remote_access_countries.get() {
        let base = ctx.fact("/transfers/remote_access_countries");
        for (i, c) in list.iter().enumerate() {
            country(ctx, c, &format!("{base}/{i}"));
        }
    }
    for (i, d) in p.transfers.destinations.iter().enumerate() {
        country(
            ctx,
            &d.country,
            &format!("/transfers/destinations/{i}/country"),
        );
    }
    fact_country(ctx, &p.security.key_location, "/security/key_location");

    // Certificates and codes of conduct.
    for (i, c) in p.certifications.iter().enumerate() {
        if let (Some(from), Some(until)) = (c.valid_from, c.valid_until) {
            if until < from {
                ctx.push(
                    Diagnostic::error_t(
                        ValidateCode::ValidityReversed,
                        "val_validity_reversed",
                        &[
                            ("name", &c.name),
                            ("until", &until.to_string()),
                            ("from", &from.to_string()),
                        ],
                    )
                    .expected_t("val_validity_expected", &[("from", &from.to_string())])
                    .help_t("val_validity_help", &[]),
                    &format!("/certifications/{i}/valid_until"),
                );
            }
        }
    }
}
