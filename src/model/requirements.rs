//! The organisation's requirements for one procurement (`requirements.yaml`):
//! what data is processed, where it may go, what is a must-have, how areas are
//! weighted, which rules are waived, and the report currency.

use std::collections::BTreeMap;

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

use super::common::{Amount, CountryCode, CurrencyCode, Date};
use super::provider::CertificationScheme;

pub const REQUIREMENTS_KIND: &str = "requirements";
pub const REQUIREMENTS_SCHEMA_VERSION: u32 = 1;

/// Requirements for one procurement.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
#[schemars(title = "cloudvet requirements")]
pub struct Requirements {
    /// Always `requirements`.
    pub kind: String,
    /// Schema version; this build reads version 1.
    pub schema_version: u32,
    /// Title of the procurement, shown on the report.
    pub title: String,
    /// The buying organisation.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub organisation: Option<String>,
    /// Evaluation date; `--as-of` overrides it; without both, today.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub evaluation_date: Option<Date>,
    /// What data the GPUs will process.
    #[serde(default)]
    pub data: DataClassification,
    /// Where data may be stored and processed.
    #[serde(default)]
    pub locations: LocationPolicy,
    /// Certifications that are must-haves (a missing one is a knock-out).
    #[serde(default)]
    pub must_have_certifications: Vec<CertificationScheme>,
    /// What a must-have nobody has proven yet (an open knock-out) does: `keep` the
    /// provider on the shortlist, flagged (market exploration; the default), or
    /// `exclude` it (as in a tender, where a must-have the bidder does not prove
    /// excludes the bid).
    #[serde(default, skip_serializing_if = "OpenMustHaves::is_default")]
    pub open_must_haves: OpenMustHaves,
    /// The GPUs the workload needs.
    #[serde(default)]
    pub gpu: GpuRequirement,
    /// Minimum commercial terms.
    #[serde(default)]
    pub commercial: CommercialRequirement,
    /// Relative weight of each assessment area (any positive numbers; normalised).
    /// Areas not listed keep their default weight.
    #[serde(default)]
    #[schemars(extend("additionalProperties" = {"type": "number", "format": "double", "minimum": 0, "maximum": 1000000}))]
    pub area_weights: BTreeMap<String, f64>,
    /// Per-rule changes: make a rule a knock-out, or switch it off.
    #[serde(default)]
    pub rule_overrides: Vec<RuleOverride>,
    /// Evidence older than this many months counts as unknown.
    #[serde(default = "default_evidence_age")]
    pub max_evidence_age_months: u32,
    /// Accepted exceptions for one rule and one provider.
    #[serde(default)]
    pub waivers: Vec<Waiver>,
    /// Report currency and exchange rates (no network at run time).
    pub currency: CurrencyPolicy,
    /// Weight sampling for the robustness figure.
    #[serde(default)]
    pub robustness: RobustnessSettings,
    /// EU Cloud Sovereignty Framework: minimum SEAL per objective (the gate) and
    /// the objective weights.
    #[serde(default, skip_serializing_if = "SealRequirement::is_default")]
    pub sovereignty_seal: SealRequirement,
}

/// What an open must-have does to a provider.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum OpenMustHaves {
    /// The provider stays on the shortlist, flagged as not cleared.
    #[default]
    Keep,
    /// The provider is excluded until it proves the must-have.
    Exclude,
}

impl OpenMustHaves {
    pub fn is_default(&self) -> bool {
        *self == OpenMustHaves::Keep
    }
}

/// The EU Cloud Sovereignty Framework settings of the requirements.
#[derive(Debug, Clone, PartialEq, Default, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct SealRequirement {
    /// Minimum SEAL level (0–4) per objective, e.g. `{SOV-2: 2, SOV-3: 2}`. A provider
    /// below a minimum on known facts is excluded before ranking; one that reaches it
    /// only on open facts has an open must-have.
    #[serde(default)]
    pub min_seal: BTreeMap<String, u8>,
    /// Objective weights: `v1_2_1` (the framework's own, default) or `ig_2026`
    /// (the implementation guide and calculator).
    #[serde(default)]
    pub weights: SealWeights,
}

impl SealRequirement {
    pub fn is_default(&self) -> bool {
        self == &SealRequirement::default()
    }
}

/// Which objective weights apply.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize, JsonSchema)]
pub enum SealWeights {
    /// CSF v1.2.1 §5: 15, 10, 10, 15, 20, 15, 10, 5.
    #[default]
    #[serde(rename = "v1_2_1")]
    V121,
    /// Implementation guide / calculator: 20, 10, 10, 15, 10, 15, 15, 5.
    #[serde(rename = "ig_2026")]
    Ig2026,
}

fn default_evidence_age() -> u32 {
    24
}

/// Data classification.
#[derive(Debug, Clone, PartialEq, Default, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct DataClassification {
    /// Personal data is processed (turns the GDPR rules on).
    #[serde(default)]
    pub personal_data: bool,
    /// Special categories under GDPR Art. 9 (health, biometrics …).
    #[serde(default)]
    pub special_categories: bool,
    /// Health or social data under § 393 SGB V (BSI C5 Type 2 becomes a must-have).
    #[serde(default)]
    pub health_or_social_data: bool,
    /// `standard` or `high`: high makes CLOUD Act exposure and EU-only operations knock-outs.
    #[serde(default)]
    pub sovereignty: SovereigntyLevel,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum SovereigntyLevel {
    #[default]
    Standard,
    High,
}

/// Where data may be stored and processed.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct LocationPolicy {
    /// Every EU/EEA country is allowed.
    #[serde(default = "yes")]
    pub allow_eea: bool,
    /// Further allowed countries (ISO 3166-1 alpha-2), e.g. `CH`.
    #[serde(default)]
    pub allowed_countries: Vec<CountryCode>,
}

fn yes() -> bool {
    true
}

impl Default for LocationPolicy {
    fn default() -> Self {
        LocationPolicy {
            allow_eea: true,
            allowed_countries: Vec::new(),
        }
    }
}

/// The GPUs the workload needs.
#[derive(Debug, Clone, PartialEq, Default, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct GpuRequirement {
    /// Acceptable GPU models (catalogue IDs); empty = any.
    #[serde(default)]
    pub models: Vec<String>,
    /// Minimum memory per GPU in GB.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub min_vram_gb: Option<u32>,
    /// GPUs needed in one instance (multi-GPU jobs need a fast interconnect).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub min_gpus_per_instance: Option<u32>,
    /// Capacity must be available on demand (not only by reservation).
    #[serde(default)]
    pub require_on_demand: bool,
    /// Spot / interruptible capacity is wanted.
    #[serde(default)]
    pub want_spot: bool,
}

/// Minimum commercial terms.
#[derive(Debug, Clone, PartialEq, Default, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct CommercialRequirement {
    /// Largest acceptable billing increment in seconds.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub max_billing_increment_seconds: Option<u32>,
    /// Longest acceptable minimum term in months.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub max_minimum_term_months: Option<u32>,
    /// Lowest acceptable SLA availability in percent.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[schemars(range(min = 0, max = 100))]
    pub min_sla_pct: Option<f64>,
    /// Support in German is required.
    #[serde(default)]
    pub german_support: bool,
    /// Longest acceptable sub-processor notice in days is at least this (EDPB 07/2020).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub min_subprocessor_notice_days: Option<u32>,
    /// Longest acceptable breach notice in hours.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub max_breach_notice_hours: Option<u32>,
}

/// A per-rule change.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct RuleOverride {
    /// Rule ID (e.g. `LOC-003`).
    pub rule: String,
    /// New severity, or `off`.
    pub set: OverrideSetting,
    /// Why (shown in the report).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub reason: Option<String>,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum OverrideSetting {
    Knockout,
    Major,
    Minor,
    Info,
    Off,
}

/// An accepted exception: one rule, one provider, until a date.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Waiver {
    #[schemars(length(min = 1))]
    pub rule: String,
    #[schemars(length(min = 1))]
    pub provider: String,
    /// Why the risk is accepted.
    #[schemars(length(min = 1))]
    pub justification: String,
    /// Who approved it.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub approved_by: Option<String>,
    /// After this date the waiver no longer applies (the report says so).
    pub expires: Date,
}

/// Report currency and exchange rates.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct CurrencyPolicy {
    /// Currency of all figures in the report (ISO 4217).
    pub report: CurrencyCode,
    /// Rates into the report currency: 1 unit of `from` = `rate` units of the report currency.
    #[serde(default)]
    pub rates: Vec<ExchangeRate>,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct ExchangeRate {
    pub from: CurrencyCode,
    pub rate: Amount,
    /// The date the rate was taken.
    pub date: Date,
    /// Where the rate comes from (e.g. the ECB reference rate).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub source: Option<String>,
}

/// Settings of the weight-sampling robustness analysis (SMAA).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct RobustnessSettings {
    /// Number of sampled weight sets.
    #[serde(default = "default_samples")]
    pub samples: u32,
    /// Seed, so the figure is reproducible.
    #[serde(default = "default_seed")]
    pub seed: u64,
    /// How far each weight may move, in percent of its stated value.
    #[serde(default = "default_spread")]
    pub weight_spread_pct: f64,
}

fn default_samples() -> u32 {
    2000
}
fn default_seed() -> u64 {
    20_261_130
}
fn default_spread() -> f64 {
    30.0
}

impl Default for RobustnessSettings {
    fn default() -> Self {
        RobustnessSettings {
            samples: default_samples(),
            seed: default_seed(),
            weight_spread_pct: default_spread(),
        }
    }
}
