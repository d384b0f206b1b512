//! Cost belongs to the decision (issue 13 item 5): with requirements, only offers
//! that qualify (`eval::qualify`: allowed country under the EEA setting, GPU model,
//! memory, GPUs per instance, on-demand when required) are ranked. The others are
//! counted and, when asked for, listed as not qualifying — never ranked among them.
//! `cost`, `assess` and every report format go through this one function
//! (`pipeline::cost`), so the same offer has the same comparable total everywhere.

use serde::Serialize;

use crate::diag::Diagnostic;
use crate::eval::qualify::{qualify_with, OfferNeeds, Verdict};
use crate::i18n::Lang;
use crate::model::provider::Offer;
use crate::model::ProviderProfile;

use super::{compare_with, CostComparison, CostInputs};

/// An offer that is not ranked, and why.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct NotQualifyingOffer {
    pub provider: String,
    pub offer: String,
    pub gpu_model: String,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub country: Option<String>,
    /// `does_not_qualify`, or `open` (a fact it needs is unknown: never counted as qualifying).
    pub verdict: Verdict,
    /// The reasons in words (English; the renderers translate the verdict).
    pub reasons: Vec<String>,
}

/// [`super::compare`] over the qualifying offers only; `list_others` keeps the list of
/// the offers left out (their number is always given).
///
/// Every provider's qualifying offers take part in choosing the comparable items, also
/// those of providers outside `allowed_providers` (their offers are not shown): an
/// offer's comparable total does not depend on which providers the assessment finds
/// eligible. Operation after the job runs on offers that qualify *for operation*: an
/// allowed country and, where required, on-demand availability — not the training
/// job's GPU model, memory or GPUs per instance.
pub fn compare_qualifying(
    inputs: &CostInputs,
    list_others: bool,
) -> Result<CostComparison, Vec<Diagnostic>> {
    let needs = OfferNeeds::from_requirements(inputs.requirements);
    let for_operation = OfferNeeds {
        allowed_countries: needs.allowed_countries.clone(),
        require_on_demand: needs.require_on_demand,
        ..OfferNeeds::default()
    };
    let mut kept: Vec<ProviderProfile> = Vec::with_capacity(inputs.providers.len());
    let mut operation: Vec<Vec<&Offer>> = Vec::with_capacity(inputs.providers.len());
    let mut left = Vec::new();
    for p in inputs.providers {
        let shown = inputs.allowed_providers.is_none_or(|a| a.contains(&p.id));
        let verdicts = qualify_with(p, &needs);
        let mut q = p.clone();
        q.offers = p
            .offers
            .iter()
            .zip(&verdicts)
            .filter(|(_, v)| v.verdict.qualifies())
            .map(|(o, _)| o.clone())
            .collect();
        if shown {
            for v in verdicts.iter().filter(|v| !v.verdict.qualifies()) {
                let mut reasons: Vec<String> =
                    v.reasons.iter().map(|r| r.render(Lang::En)).collect();
                reasons.extend(v.open.iter().map(|o| o.render(Lang::En)));
                left.push(NotQualifyingOffer {
                    provider: p.id.clone(),
                    offer: v.offer.clone(),
                    gpu_model: v.gpu_model.clone(),
                    country: v.country.clone(),
                    verdict: v.verdict,
                    reasons,
                });
            }
        }
        operation.push(
            p.offers
                .iter()
                .zip(qualify_with(p, &for_operation))
                .filter(|(_, v)| v.verdict.qualifies())
                .map(|(o, _)| o)
                .collect(),
        );
        kept.push(q);
    }
    let mut c = compare_with(
        &CostInputs {
            providers: &kept,
            ..*inputs
        },
        Some(&operation),
    )?;
    c.not_qualifying_count = left.len();
    if list_others {
        c.not_qualifying = left;
    }
    c.method_notes
        .push(super::Why::new(super::why::Msg::MethodQualify));
    Ok(c)
}
