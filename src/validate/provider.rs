//! Semantic checks of a provider profile: file name, unique region and offer
//! IDs, references to regions and GPU models, prices, currency and country
//! codes, certificate validity periods, egress tiers.

use super::Ctx;
use crate::diag::Diagnostic;
use crate::diag::ValidateCode;
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
    let d = Diagnostic::error(
        ValidateCode::UnknownCurrency,
        format!("`{code}` is not an ISO 4217 currency code"),
    )
    .expected("a three-letter code in capitals such as `EUR`, `USD`, `CHF`");
    let d = match codes::currency_hint(code) {
        Some(h) => d.help_t("suggest_did_you_mean", &[("x", &format!("`{h}`"))]),
        None => d.help("use the ISO 4217 code of the currency the price is quoted in"),
    };
    ctx.push(d, pointer);
}

/// Checks a country code.
pub fn country(ctx: &mut Ctx, code: &str, pointer: &str) {
    if codes::is_country(code) {
        return;
    }
    let d = Diagnostic::error(
        ValidateCode::UnknownCountry,
        format!("`{code}` is not an ISO 3166-1 alpha-2 country code"),
    )
    .expected("a two-letter code in capitals such as `DE`, `FR`, `US`");
    let d = match codes::country_hint(code) {
        Some(h) => d.help_t("suggest_did_you_mean", &[("x", &format!("`{h}`"))]),
        None => d.help("use the ISO code (the United Kingdom is `GB`, Greece `GR`)"),
    };
    ctx.push(d, pointer);
}

/// Checks a GPU model ID against the catalogue.
pub fn gpu(ctx: &mut Ctx, id: &str, pointer: &str) {
    if gpu_model(id).is_some() {
        return;
    }
    let d = Diagnostic::error(
        ValidateCode::UnknownGpuModel,
        format!("`{id}` is not in the GPU catalogue"),
    )
    .expected("a catalogue ID such as `H100-SXM`, `A100-SXM-80GB`, `L40S`");
    let d = match did_you_mean(id, GPU_MODELS.iter().map(|g| g.id)) {
        Some(s) => d.help_t("suggest_did_you_mean_gpu", &[("x", &format!("`{s}`"))]),
        None => d.help("`cloudvet validate --list-gpus` lists the catalogue; use the generic ID (e.g. `H100`) when the form factor is not stated"),
    };
    ctx.push(d, pointer);
}

fn fact_country(ctx: &mut Ctx, f: &Fact<String>, base: &str) {
    if let Some(c) = f.get() {
        let p = ctx.fact(base);
        country(ctx, c, &p);
    }
}

fn positive_price(ctx: &mut Ctx, what: &str, a: &Amount, pointer: &str) {
    if !a.is_positive() {
        ctx.push(
            Diagnostic::error(
                ValidateCode::NonPositivePrice,
                format!("the {what} is {a}; an instance price must be above 0"),
            )
            .expected("a price above 0 per instance-hour")
            .help("leave the price out when there is none (e.g. no spot offer); never write 0 for unknown"),
            pointer,
        );
    }
}

fn non_negative_price(ctx: &mut Ctx, what: &str, a: &Amount, pointer: &str) {
    if a.0.is_sign_negative() && !a.0.is_zero() {
        ctx.push(
            Diagnostic::error(
                ValidateCode::NonPositivePrice,
                format!("the {what} is {a}; it cannot be negative"),
            )
            .expected("0 (free) or a positive price")
            .help("write 0 for free storage or egress"),
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
                Diagnostic::error(
                    ValidateCode::FileNameMismatch,
                    format!(
                        "the file is named `{name}` but the profile's id is `{}`",
                        p.id
                    ),
                )
                .expected(format!("the file name `{}.yaml`", p.id))
                .help(
                    "rename the file or correct `id:`; other files refer to providers by this ID",
                ),
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
                Diagnostic::error(
                    ValidateCode::PercentageOutOfRange,
                    format!("the committed availability is {v} %, which is not a percentage"),
                )
                .expected("a number from 0 to 100, e.g. 99.9")
                .help(
                    "write the monthly availability the SLA commits to in percent: 99.95, not 9995",
                ),
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
                Diagnostic::error(
                    ValidateCode::DuplicateId,
                    format!("the region ID `{}` is already used by region {first}", r.id),
                )
                .help("give every region its own ID"),
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
                Diagnostic::error(
                    ValidateCode::DuplicateId,
                    format!("the offer ID `{}` is already used by offer {first}", o.id),
                )
                .help("give every offer its own ID, e.g. `<gpu>x<count>-<region>`"),
                &format!("{base}/id"),
            );
        }
        if !region_ids.contains_key(o.region.as_str()) {
            let d = Diagnostic::error(
                ValidateCode::UnknownRegion,
                format!(
                    "the offer refers to region `{}`, which the profile does not define",
                    o.region
                ),
            );
            let d = if region_ids.is_empty() {
                d.help("add the region under `regions:` first")
            } else {
                let d = d.expected(format!(
                    "one of {}",
                    region_ids
                        .keys()
                        .map(|k| format!("`{k}`"))
                        .collect::<Vec<_>>()
                        .join(", ")
                ));
                match did_you_mean(&o.region, region_ids.keys().copied()) {
                    Some(s) => d.help_t("suggest_did_you_mean", &[("x", &format!("`{s}`"))]),
                    None => d.help("add the region under `regions:` or correct the ID"),
                }
            };
            ctx.push(d, &format!("{base}/region"));
        }
        gpu(ctx, &o.gpu_model, &format!("{base}/gpu_model"));
        currency(ctx, &o.currency, &format!("{base}/currency"));
        if let Some(a) = &o.price_on_demand {
            positive_price(
                ctx,
                "on-demand price",
                a,
                &format!("{base}/price_on_demand"),
            );
        }
        if let Some(a) = &o.price_spot {
            positive_price(ctx, "spot price", a, &format!("{base}/price_spot"));
        }
        for (j, r) in o.price_reserved.iter().enumerate() {
            positive_price(
                ctx,
                "reserved price",
                &r.price,
                &format!("{base}/price_reserved/{j}/price"),
            );
        }
        if o.price_on_demand.is_none() && o.price_spot.is_none() && o.price_reserved.is_empty() {
            ctx.push(
                Diagnostic::warning(
                    ValidateCode::OfferWithoutPrice,
                    format!("the offer `{}` has no price", o.id),
                )
                .help("add `price_on_demand`, `price_spot` or `price_reserved`; without one the offer cannot be costed"),
                &base,
            );
        }
    }

    // Storage and egress.
    if let Some(s) = &p.storage {
        currency(ctx, &s.currency, "/storage/currency");
        non_negative_price(
            ctx,
            "storage price",
            &s.price_per_gb_month,
            "/storage/price_per_gb_month",
        );
    }
    if let Some(e) = &p.egress {
        currency(ctx, &e.currency, "/egress/currency");
        non_negative_price(
            ctx,
            "free egress allowance",
            &e.free_gb_per_month,
            "/egress/free_gb_per_month",
        );
        // Bounds start above 0: a first tier ending at 0 GB or below is not ascending either.
        let mut last: Option<Amount> = Some(Amount::default());
        for (j, t) in e.tiers.iter().enumerate() {
            let tp = format!("/egress/tiers/{j}");
            non_negative_price(
                ctx,
                "egress price",
                &t.price_per_gb,
                &format!("{tp}/price_per_gb"),
            );
            let unbounded_before = j > 0 && e.tiers[j - 1].up_to_gb.is_none();
            let not_rising = matches!((last, t.up_to_gb), (Some(a), Some(b)) if b <= a);
            if unbounded_before || not_rising {
                ctx.push(
                    Diagnostic::error(
                        ValidateCode::TiersNotAscending,
                        if unbounded_before {
                            "a tier follows the unbounded tier".to_string()
                        } else {
                            "this tier's `up_to_gb` is not above the previous tier's".to_string()
                        },
                    )
                    .expected("tiers in ascending `up_to_gb`, the last one without `up_to_gb`")
                    .help("sort the tiers by their upper bound and leave `up_to_gb` out only on the last"),
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
                    Diagnostic::error(
                        ValidateCode::ValidityReversed,
                        format!(
                            "`{}` is valid until {until}, before it becomes valid on {from}",
                            c.name
                        ),
                    )
                    .expected(format!("valid_until on or after {from}"))
                    .help("check the dates on the certificate; day and month may be swapped"),
                    &format!("/certifications/{i}/valid_until"),
                );
            }
        }
    }
}
