//! Offer qualification: which of a provider's priced offers can serve this
//! procurement at all.
//!
//! An offer **qualifies** when (1) its region's country is allowed by the
//! requirements (`locations.allowed_countries`, plus every EU/EEA country with
//! `locations.allow_eea`), (2) its GPU model is one of `gpu.models` (an empty
//! list accepts any model), (3) it has at least `gpu.min_vram_gb` memory per GPU
//! and (4) at least `gpu.min_gpus_per_instance` GPUs in one instance, and (5) with
//! `gpu.require_on_demand` its capacity is available on demand (the offer's
//! availability, else its region's).
//!
//! Three answers, never a guess: **qualifies**; **does not qualify** (a stated
//! fact rules it out, with every reason); **open** (nothing rules it out, but a
//! fact it needs is unknown: the region is not listed or its offers are
//! unconfirmed, the memory of a model the GPU catalogue does not know, the
//! availability when on-demand capacity is required).
//!
//! The workload adds no per-offer limit: a job on more GPUs than one instance
//! has is costed across several instances (see docs/cost-model.md); a per-instance
//! minimum is the requirements' `gpu.min_gpus_per_instance`.
//!
//! The rules read the verdict as the derived offer field `/qualifies` (true,
//! false, or unknown when open), so the GPU must-have GPU-001 fails when a
//! provider's offers are known and none qualifies, and is open when the profile
//! states no offers (`when_none: unknown_if_empty`). `cost` uses the same
//! function to rank only qualifying offers.

use std::collections::BTreeSet;

use serde::Serialize;

use crate::i18n::{self, Lang};
use crate::model::common::{Fact, Known};
use crate::model::provider::{Availability, Offer, ProviderProfile, Region};
use crate::model::requirements::Requirements;

/// What an offer must have, from the requirements.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct OfferNeeds {
    /// Allowed countries (EU/EEA expanded), sorted.
    pub allowed_countries: Vec<String>,
    /// Acceptable GPU models, sorted; empty accepts any.
    pub models: Vec<String>,
    pub min_vram_gb: Option<u32>,
    pub min_gpus_per_instance: Option<u32>,
    pub require_on_demand: bool,
}

impl OfferNeeds {
    pub fn from_requirements(req: &Requirements) -> OfferNeeds {
        let sets = super::sets_of(req);
        let mut models = req.gpu.models.clone();
        models.sort();
        models.dedup();
        OfferNeeds {
            allowed_countries: sets.allowed_countries,
            models,
            min_vram_gb: req.gpu.min_vram_gb,
            min_gpus_per_instance: req.gpu.min_gpus_per_instance,
            require_on_demand: req.gpu.require_on_demand,
        }
    }
}

/// The verdict on one offer.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Verdict {
    Qualifies,
    DoesNotQualify,
    /// Nothing rules the offer out, but a fact it needs is unknown.
    Open,
}

impl Verdict {
    pub fn qualifies(self) -> bool {
        self == Verdict::Qualifies
    }
    pub fn label(self, lang: Lang) -> &'static str {
        match self {
            Verdict::Qualifies => i18n::t(lang, "qualify_yes"),
            Verdict::DoesNotQualify => i18n::t(lang, "qualify_no"),
            Verdict::Open => i18n::t(lang, "qualify_open"),
        }
    }
}

/// Why an offer does not qualify.
#[derive(Debug, Clone, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize)]
#[serde(tag = "reason", rename_all = "snake_case")]
pub enum NotQualifying {
    /// The region's country is not allowed by the requirements.
    CountryNotAllowed { country: String },
    /// The GPU model is not among `gpu.models`.
    GpuModelNotAsked { model: String },
    /// Less memory per GPU than `gpu.min_vram_gb`.
    MemoryShort { vram_gb: u32, need_gb: u32 },
    /// Fewer GPUs in one instance than `gpu.min_gpus_per_instance`.
    TooFewGpus { gpus: u32, need: u32 },
    /// On-demand capacity is required, and the offer is reservation-only (or similar).
    NotOnDemand { availability: String },
}

impl NotQualifying {
    pub fn render(&self, lang: Lang) -> String {
        match self {
            NotQualifying::CountryNotAllowed { country } => {
                i18n::fill(lang, "qualify_country_not_allowed", &[("country", country)])
            }
            NotQualifying::GpuModelNotAsked { model } => {
                i18n::fill(lang, "qualify_model_not_asked", &[("model", model)])
            }
            NotQualifying::MemoryShort { vram_gb, need_gb } => i18n::fill(
                lang,
                "qualify_memory_short",
                &[
                    ("have", &vram_gb.to_string()),
                    ("need", &need_gb.to_string()),
                ],
            ),
            NotQualifying::TooFewGpus { gpus, need } => i18n::fill(
                lang,
                "qualify_too_few_gpus",
                &[("have", &gpus.to_string()), ("need", &need.to_string())],
            ),
            NotQualifying::NotOnDemand { availability } => i18n::fill(
                lang,
                "qualify_not_on_demand",
                &[("availability", &availability_label(lang, availability))],
            ),
        }
    }
}

/// A fact an open offer still needs.
#[derive(Debug, Clone, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize)]
#[serde(tag = "open", rename_all = "snake_case")]
pub enum OpenPoint {
    /// The offer names a region the profile does not list: its country is unknown.
    RegionNotListed { region: String },
    /// The region's offers come from a catalogue listing every type everywhere.
    RegionUnconfirmed { region: String },
    /// The memory of a GPU model the catalogue does not know, and the offer states none.
    MemoryUnknown { model: String },
    /// On-demand capacity is required and the availability is unknown.
    AvailabilityUnknown,
}

impl OpenPoint {
    pub fn render(&self, lang: Lang) -> String {
        match self {
            OpenPoint::RegionNotListed { region } => i18n::fill(
                lang,
                "qualify_open_region_not_listed",
                &[("region", region)],
            ),
            OpenPoint::RegionUnconfirmed { region } => i18n::fill(
                lang,
                "qualify_open_region_unconfirmed",
                &[("region", region)],
            ),
            OpenPoint::MemoryUnknown { model } => {
                i18n::fill(lang, "qualify_open_memory_unknown", &[("model", model)])
            }
            OpenPoint::AvailabilityUnknown => {
                i18n::t(lang, "qualify_open_availability_unknown").to_string()
            }
        }
    }
}

fn availability_label(lang: Lang, key: &str) -> String {
    match key {
        "on_demand" => i18n::t(lang, "qualify_avail_on_demand").to_string(),
        "reservation" => i18n::t(lang, "qualify_avail_reservation").to_string(),
        "waitlist" => i18n::t(lang, "qualify_avail_waitlist").to_string(),
        "marketplace" => i18n::t(lang, "qualify_avail_marketplace").to_string(),
        other => other.to_string(),
    }
}

fn availability_key(a: Availability) -> &'static str {
    match a {
        Availability::OnDemand => "on_demand",
        Availability::Reservation => "reservation",
        Availability::Waitlist => "waitlist",
        Availability::Marketplace => "marketplace",
    }
}

/// One offer, judged.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct OfferQualification {
    pub offer: String,
    pub region: String,
    /// The region's country, when the profile lists the region.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub country: Option<String>,
    pub gpu_model: String,
    pub gpus_per_instance: u32,
    pub verdict: Verdict,
    /// Every stated fact that rules the offer out (empty unless `does_not_qualify`).
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub reasons: Vec<NotQualifying>,
    /// Facts still needed (for an open offer; also listed beside reasons).
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub open: Vec<OpenPoint>,
}

/// What one offer's facts say, borrowed (no allocation on the hot path).
#[derive(Debug, Clone, Copy)]
pub(crate) enum Finding<'a> {
    Country(&'a str),
    Model(&'a str),
    Memory(u32, u32),
    Gpus(u32, u32),
    NotOnDemand(&'static str),
    RegionNotListed(&'a str),
    RegionUnconfirmed(&'a str),
    MemoryUnknown(&'a str),
    AvailabilityUnknown,
}

impl Finding<'_> {
    fn is_open(&self) -> bool {
        matches!(
            self,
            Finding::RegionNotListed(_)
                | Finding::RegionUnconfirmed(_)
                | Finding::MemoryUnknown(_)
                | Finding::AvailabilityUnknown
        )
    }
}

/// Judges one offer; `region` is the profile's region of that id (if listed),
/// `vram` the offer's memory per GPU (its own, else the catalogue's). Calls
/// `found` for every finding and returns the verdict.
pub(crate) fn judge<'a>(
    needs: &OfferNeeds,
    o: &'a Offer,
    region: Option<&'a Region>,
    vram: Option<u32>,
    mut found: impl FnMut(Finding<'a>),
) -> Verdict {
    let (mut no, mut open) = (false, false);
    let mut note = |f: Finding<'a>| {
        if f.is_open() {
            open = true;
        } else {
            no = true;
        }
        found(f);
    };
    match region {
        None => note(Finding::RegionNotListed(&o.region)),
        Some(r) if r.offers_unconfirmed => note(Finding::RegionUnconfirmed(&o.region)),
        Some(r) => {
            if needs
                .allowed_countries
                .binary_search_by(|c| c.as_str().cmp(r.country.as_str()))
                .is_err()
            {
                note(Finding::Country(r.country.as_str()));
            }
        }
    }
    // The model as written, or the specific one the offer's own data settles
    // (`H100` with `sxm5` in the instance name is an H100-SXM).
    let asked = |id: &str| {
        needs
            .models
            .binary_search_by(|m| m.as_str().cmp(id))
            .is_ok()
    };
    if !needs.models.is_empty()
        && !asked(&o.gpu_model)
        && !asked(crate::model::gpu::resolve_offer(o).id)
    {
        note(Finding::Model(&o.gpu_model));
    }
    if let Some(need) = needs.min_vram_gb {
        match vram {
            Some(v) if v < need => note(Finding::Memory(v, need)),
            Some(_) => {}
            None => note(Finding::MemoryUnknown(&o.gpu_model)),
        }
    }
    if let Some(need) = needs.min_gpus_per_instance {
        if o.gpus_per_instance < need {
            note(Finding::Gpus(o.gpus_per_instance, need));
        }
    }
    if needs.require_on_demand {
        let a: Option<&Fact<Availability>> = if o.availability.is_unknown() {
            region.map(|r| &r.availability)
        } else {
            Some(&o.availability)
        };
        match a.map(|f| &f.value) {
            Some(Known::Value(Availability::OnDemand)) => {}
            Some(Known::Value(other)) => note(Finding::NotOnDemand(availability_key(*other))),
            _ => note(Finding::AvailabilityUnknown),
        }
    }
    if no {
        Verdict::DoesNotQualify
    } else if open {
        Verdict::Open
    } else {
        Verdict::Qualifies
    }
}

fn vram_of(o: &Offer) -> Option<u32> {
    o.vram_gb.or_else(|| {
        crate::model::gpu::gpu_model(crate::model::gpu::resolve_offer(o).id).map(|g| g.vram_gb)
    })
}

/// Every offer of `profile`, judged against `requirements`, in profile order.
pub fn qualify_offers(
    profile: &ProviderProfile,
    requirements: &Requirements,
) -> Vec<OfferQualification> {
    qualify_with(profile, &OfferNeeds::from_requirements(requirements))
}

/// [`qualify_offers`] with needs already built (for many profiles).
pub fn qualify_with(profile: &ProviderProfile, needs: &OfferNeeds) -> Vec<OfferQualification> {
    profile
        .offers
        .iter()
        .map(|o| {
            let region = profile.regions.iter().find(|r| r.id == o.region);
            let mut reasons = Vec::new();
            let mut open = Vec::new();
            let verdict = judge(needs, o, region, vram_of(o), |f| match f {
                Finding::Country(c) => reasons.push(NotQualifying::CountryNotAllowed {
                    country: c.to_string(),
                }),
                Finding::Model(m) => reasons.push(NotQualifying::GpuModelNotAsked {
                    model: m.to_string(),
                }),
                Finding::Memory(v, n) => reasons.push(NotQualifying::MemoryShort {
                    vram_gb: v,
                    need_gb: n,
                }),
                Finding::Gpus(g, n) => reasons.push(NotQualifying::TooFewGpus { gpus: g, need: n }),
                Finding::NotOnDemand(a) => reasons.push(NotQualifying::NotOnDemand {
                    availability: a.to_string(),
                }),
                Finding::RegionNotListed(r) => open.push(OpenPoint::RegionNotListed {
                    region: r.to_string(),
                }),
                Finding::RegionUnconfirmed(r) => open.push(OpenPoint::RegionUnconfirmed {
                    region: r.to_string(),
                }),
                Finding::MemoryUnknown(m) => open.push(OpenPoint::MemoryUnknown {
                    model: m.to_string(),
                }),
                Finding::AvailabilityUnknown => open.push(OpenPoint::AvailabilityUnknown),
            });
            OfferQualification {
                offer: o.id.clone(),
                region: o.region.clone(),
                country: region.map(|r| r.country.clone()),
                gpu_model: o.gpu_model.clone(),
                gpus_per_instance: o.gpus_per_instance,
                verdict,
                reasons,
                open,
            }
        })
        .collect()
}

/// Only the qualifying offers of `profile`.
pub fn qualifying_offers<'p>(
    profile: &'p ProviderProfile,
    requirements: &Requirements,
) -> Vec<&'p Offer> {
    let needs = OfferNeeds::from_requirements(requirements);
    qualify_with(profile, &needs)
        .iter()
        .zip(&profile.offers)
        .filter(|(q, _)| q.verdict.qualifies())
        .map(|(_, o)| o)
        .collect()
}

/// Kinds of reasons, for the per-provider summary.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum ReasonKind {
    CountryNotAllowed,
    GpuModelNotAsked,
    MemoryShort,
    TooFewGpus,
    NotOnDemand,
    RegionNotListed,
    RegionUnconfirmed,
    MemoryUnknown,
    AvailabilityUnknown,
}

impl ReasonKind {
    pub fn label(self, lang: Lang) -> &'static str {
        i18n::t(
            lang,
            match self {
                ReasonKind::CountryNotAllowed => "qualify_kind_country",
                ReasonKind::GpuModelNotAsked => "qualify_kind_model",
                ReasonKind::MemoryShort => "qualify_kind_memory",
                ReasonKind::TooFewGpus => "qualify_kind_gpus",
                ReasonKind::NotOnDemand => "qualify_kind_on_demand",
                ReasonKind::RegionNotListed => "qualify_kind_region_not_listed",
                ReasonKind::RegionUnconfirmed => "qualify_kind_region_unconfirmed",
                ReasonKind::MemoryUnknown => "qualify_kind_memory_unknown",
                ReasonKind::AvailabilityUnknown => "qualify_kind_availability_unknown",
            },
        )
    }
}

/// How many offers each reason applies to.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct ReasonCount {
    pub reason: ReasonKind,
    pub offers: usize,
}

/// A provider's offers against the requirements, in counts (kept small for
/// catalogues of a million offers; `qualify_offers` gives each offer).
#[derive(Debug, Clone, PartialEq, Default, Serialize)]
pub struct OfferSummary {
    pub total: usize,
    pub qualifying: usize,
    pub not_qualifying: usize,
    pub open: usize,
    /// Up to ten qualifying offer ids, in profile order.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub qualifying_ids: Vec<String>,
    /// How many offers each reason rules out or leaves open, by reason.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub reasons: Vec<ReasonCount>,
    /// Countries of offers ruled out by location, sorted.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub countries_not_allowed: Vec<String>,
}

impl OfferSummary {
    /// The verdict on the provider's offers taken together: qualifies when one
    /// offer does; does not when every offer is known not to; open otherwise
    /// (including no offers stated).
    pub fn verdict(&self) -> Verdict {
        if self.qualifying > 0 {
            Verdict::Qualifies
        } else if self.total > 0 && self.not_qualifying == self.total {
            Verdict::DoesNotQualify
        } else {
            Verdict::Open
        }
    }

    /// One line: "2 of 17 offers qualify; 9 in a country not allowed (GB, US), …".
    pub fn render(&self, lang: Lang) -> String {
        if self.total == 0 {
            return i18n::t(lang, "qualify_summary_none").to_string();
        }
        let mut s = i18n::fill(
            lang,
            "qualify_summary",
            &[
                ("qualifying", &self.qualifying.to_string()),
                ("total", &self.total.to_string()),
            ],
        );
        let parts: Vec<String> = self
            .reasons
            .iter()
            .map(|r| {
                let mut p = format!("{} {}", r.offers, r.reason.label(lang));
                if r.reason == ReasonKind::CountryNotAllowed
                    && !self.countries_not_allowed.is_empty()
                {
                    p.push_str(&format!(" ({})", self.countries_not_allowed.join(", ")));
                }
                p
            })
            .collect();
        if !parts.is_empty() {
            s.push_str("; ");
            s.push_str(&parts.join(", "));
        }
        s
    }
}

/// Builds the summary from per-offer verdicts and findings.
#[derive(Debug, Default)]
pub(crate) struct SummaryBuilder {
    s: OfferSummary,
    counts: std::collections::BTreeMap<ReasonKind, usize>,
    countries: BTreeSet<String>,
}

impl SummaryBuilder {
    pub(crate) fn add(
        &mut self,
        o: &Offer,
        verdict: Verdict,
        kinds: &[ReasonKind],
        country: Option<&str>,
    ) {
        self.s.total += 1;
        match verdict {
            Verdict::Qualifies => {
                self.s.qualifying += 1;
                if self.s.qualifying_ids.len() < 10 {
                    self.s.qualifying_ids.push(o.id.clone());
                }
            }
            Verdict::DoesNotQualify => self.s.not_qualifying += 1,
            Verdict::Open => self.s.open += 1,
        }
        for k in kinds {
            *self.counts.entry(*k).or_default() += 1;
        }
        if let Some(c) = country {
            if !self.countries.contains(c) {
                self.countries.insert(c.to_string());
            }
        }
    }
    pub(crate) fn finish(mut self) -> OfferSummary {
        self.s.reasons = self
            .counts
            .into_iter()
            .map(|(reason, offers)| ReasonCount { reason, offers })
            .collect();
        self.s.countries_not_allowed = self.countries.into_iter().collect();
        self.s
    }
}

impl Finding<'_> {
    pub(crate) fn kind(&self) -> ReasonKind {
        match self {
            Finding::Country(_) => ReasonKind::CountryNotAllowed,
            Finding::Model(_) => ReasonKind::GpuModelNotAsked,
            Finding::Memory(..) => ReasonKind::MemoryShort,
            Finding::Gpus(..) => ReasonKind::TooFewGpus,
            Finding::NotOnDemand(_) => ReasonKind::NotOnDemand,
            Finding::RegionNotListed(_) => ReasonKind::RegionNotListed,
            Finding::RegionUnconfirmed(_) => ReasonKind::RegionUnconfirmed,
            Finding::MemoryUnknown(_) => ReasonKind::MemoryUnknown,
            Finding::AvailabilityUnknown => ReasonKind::AvailabilityUnknown,
        }
    }
}

/// Summary of one profile's offers (one pass, no per-offer allocation).
pub fn summarise(profile: &ProviderProfile, needs: &OfferNeeds) -> OfferSummary {
    let regions: std::collections::HashMap<&str, &Region> =
        profile.regions.iter().map(|r| (r.id.as_str(), r)).collect();
    let mut b = SummaryBuilder::default();
    let mut kinds = Vec::with_capacity(6);
    for o in &profile.offers {
        kinds.clear();
        let mut country = None;
        let v = judge(
            needs,
            o,
            regions.get(o.region.as_str()).copied(),
            vram_of(o),
            |f| {
                if let Finding::Country(c) = f {
                    country = Some(c);
                }
                kinds.push(f.kind());
            },
        );
        b.add(o, v, &kinds, country);
    }
    b.finish()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn profile(yaml: &str) -> ProviderProfile {
        let mut v: serde_json::Value = serde_yaml::from_str(yaml).unwrap();
        let m = v.as_object_mut().unwrap();
        m.insert("kind".into(), "provider".into());
        m.insert("schema_version".into(), 1.into());
        m.insert("id".into(), "p".into());
        m.insert("name".into(), "P".into());
        serde_json::from_value(v).unwrap()
    }

    fn requirements(extra: serde_json::Value) -> Requirements {
        let mut v = crate::eval::examples::base_requirements();
        if let (Some(m), Some(e)) = (v.as_object_mut(), extra.as_object()) {
            for (k, x) in e {
                m.insert(k.clone(), x.clone());
            }
        }
        serde_json::from_value(v).unwrap()
    }

    const TWO: &str = "
regions:
  - {id: fra, country: DE}
  - {id: hel, country: FI}
  - {id: lon, country: GB}
offers:
  - {id: de8, region: fra, gpu_model: H100-SXM, gpus_per_instance: 8, currency: EUR}
  - {id: fi8, region: hel, gpu_model: H100-SXM, gpus_per_instance: 8, currency: EUR}
  - {id: gb8, region: lon, gpu_model: H100-SXM, gpus_per_instance: 8, currency: EUR}
  - {id: de1, region: fra, gpu_model: L40S, gpus_per_instance: 1, currency: EUR}
  - {id: xx8, region: ams, gpu_model: H100-SXM, gpus_per_instance: 8, currency: EUR}
";

    #[test]
    fn de_only_lets_only_de_offers_qualify_with_typed_reasons() {
        let p = profile(TWO);
        let req = requirements(serde_json::json!({
            "locations": {"allow_eea": false, "allowed_countries": ["DE"]},
            "gpu": {"min_vram_gb": 80, "min_gpus_per_instance": 8}
        }));
        let q = qualify_offers(&p, &req);
        let v: Vec<(&str, Verdict)> = q.iter().map(|x| (x.offer.as_str(), x.verdict)).collect();
        assert_eq!(
            v,
            [
                ("de8", Verdict::Qualifies),
                ("fi8", Verdict::DoesNotQualify),
                ("gb8", Verdict::DoesNotQualify),
                ("de1", Verdict::DoesNotQualify),
                ("xx8", Verdict::Open),
            ]
        );
        assert_eq!(
            q[1].reasons,
            [NotQualifying::CountryNotAllowed {
                country: "FI".into()
            }]
        );
        assert_eq!(
            q[3].reasons,
            [
                NotQualifying::MemoryShort {
                    vram_gb: 48,
                    need_gb: 80
                },
                NotQualifying::TooFewGpus { gpus: 1, need: 8 }
            ]
        );
        assert_eq!(
            q[4].open,
            [OpenPoint::RegionNotListed {
                region: "ams".into()
            }]
        );
        assert_eq!(
            qualifying_offers(&p, &req)
                .iter()
                .map(|o| o.id.as_str())
                .collect::<Vec<_>>(),
            ["de8"]
        );
        let s = summarise(&p, &OfferNeeds::from_requirements(&req));
        assert_eq!(
            (s.total, s.qualifying, s.not_qualifying, s.open),
            (5, 1, 3, 1)
        );
        assert_eq!(s.countries_not_allowed, ["FI", "GB"]);
        assert_eq!(s.verdict(), Verdict::Qualifies);
        assert_eq!(
            s.render(Lang::En),
            "1 of 5 offers qualify; 2 in a country not allowed (FI, GB), 1 with too little memory per GPU, 1 with too few GPUs per instance, 1 in a region the profile does not list"
        );
        assert!(q[1].reasons[0].render(Lang::De).contains("FI"));
    }

    #[test]
    fn eea_setting_and_availability() {
        let p = profile(TWO);
        let eea = requirements(serde_json::json!({}));
        let q = qualify_offers(&p, &eea);
        assert_eq!(q[1].verdict, Verdict::Qualifies, "FI is in the EEA");
        assert_eq!(q[2].verdict, Verdict::DoesNotQualify, "GB is not");
        let od = requirements(serde_json::json!({"gpu": {"require_on_demand": true}}));
        assert!(qualify_offers(&p, &od)
            .iter()
            .all(|x| x.verdict != Verdict::Qualifies));
        let p2 = profile(
            "
regions: [{id: fra, country: DE, availability: reservation}]
offers:
  - {id: a, region: fra, gpu_model: H100-SXM, gpus_per_instance: 8, currency: EUR}
  - {id: b, region: fra, gpu_model: H100-SXM, gpus_per_instance: 8, currency: EUR, availability: on_demand}
",
        );
        let q = qualify_offers(&p2, &od);
        assert_eq!(
            q[0].reasons,
            [NotQualifying::NotOnDemand {
                availability: "reservation".into()
            }]
        );
        assert_eq!(q[1].verdict, Verdict::Qualifies);
    }

    #[test]
    fn no_offers_is_open_and_all_ruled_out_is_no() {
        let req = requirements(serde_json::json!({}));
        let none = profile("regions: [{id: fra, country: DE}]");
        assert_eq!(
            summarise(&none, &OfferNeeds::from_requirements(&req)).verdict(),
            Verdict::Open
        );
        let gb = profile(
            "
regions: [{id: lon, country: GB}]
offers: [{id: a, region: lon, gpu_model: H100-SXM, gpus_per_instance: 8, currency: EUR}]
",
        );
        assert_eq!(
            summarise(&gb, &OfferNeeds::from_requirements(&req)).verdict(),
            Verdict::DoesNotQualify
        );
    }
}
