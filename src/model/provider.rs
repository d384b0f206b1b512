//! The provider profile (`providers/<id>.yaml`): everything a buyer assesses
//! about one GPU cloud provider. Every fact may be unknown; unknown is not false.

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

use super::common::{Amount, AsOf, CountryCode, CurrencyCode, Date, Fact, Provenance};

/// The `kind` a provider profile declares.
pub const PROVIDER_KIND: &str = "provider";
/// The schema version this build reads.
pub const PROVIDER_SCHEMA_VERSION: u32 = 1;

/// A provider profile.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
#[schemars(title = "cloudvet provider profile")]
pub struct ProviderProfile {
    /// Always `provider`.
    pub kind: String,
    /// Schema version of this file; this build reads version 1.
    pub schema_version: u32,
    /// Stable identifier, lower case with hyphens; the file is named `<id>.yaml`.
    #[schemars(regex(pattern = r"^[a-z0-9][a-z0-9-]{0,62}$"))]
    pub id: String,
    /// Display name.
    pub name: String,
    /// True for the bundled examples: compiled from public sources, to be verified before use.
    #[serde(default)]
    pub example_data: bool,
    /// The date the profile was compiled or last reviewed.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub compiled: Option<Date>,
    /// Free text for the reader of the profile.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub notes: Option<String>,
    /// Identity and jurisdiction.
    #[serde(default)]
    pub identity: Identity,
    /// Data-centre regions where GPUs are offered.
    #[serde(default)]
    pub regions: Vec<Region>,
    /// Priced GPU instance offers.
    #[serde(default)]
    pub offers: Vec<Offer>,
    /// Block/object storage price used for datasets and checkpoints.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub storage: Option<StoragePrice>,
    /// Internet egress price.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub egress: Option<EgressPrice>,
    /// Service level agreement.
    #[serde(default)]
    pub sla: Sla,
    /// The data processing agreement (GDPR Art. 28; German: AVV).
    #[serde(default)]
    pub dpa: Dpa,
    /// Third-country transfers (GDPR Chapter V).
    #[serde(default)]
    pub transfers: Transfers,
    /// Certifications and attestations.
    #[serde(default)]
    pub certifications: Vec<Certification>,
    /// The source declares the certification list complete (e.g. a provider's full
    /// compliance page). Only then does a scheme missing from `certifications` fail a
    /// rule; otherwise its absence is unknown.
    #[serde(default, skip_serializing_if = "Fact::is_blank")]
    pub certifications_complete: Fact<bool>,
    /// Codes of conduct under GDPR Art. 40 (EU Cloud CoC, CISPE).
    #[serde(default)]
    pub codes_of_conduct: Vec<CodeOfConduct>,
    /// The source declares the list of codes of conduct complete; only then does a
    /// code missing from `codes_of_conduct` fail a rule.
    #[serde(default, skip_serializing_if = "Fact::is_blank")]
    pub codes_of_conduct_complete: Fact<bool>,
    /// Security controls (GDPR Art. 32).
    #[serde(default)]
    pub security: Security,
    /// EU location and sovereignty commitments.
    #[serde(default)]
    pub sovereignty: Sovereignty,
    /// Data Act disclosures (Art. 25, 28, 31, 32).
    #[serde(default)]
    pub data_act: DataAct,
    /// Exit and switching terms (Data Act Art. 23–31).
    #[serde(default)]
    pub exit: Exit,
    /// Customer support.
    #[serde(default)]
    pub support: Support,
    /// AI Act role and AI-literacy offers (AI Act Art. 4).
    #[serde(default)]
    pub ai_literacy: AiLiteracy,
    /// Energy efficiency disclosures (EED Art. 12, German EnEfG).
    #[serde(default)]
    pub energy: Energy,
    /// Every address consulted, including those where nothing was found.
    #[serde(default)]
    pub sources: Vec<String>,
    /// What the sources did not establish; each stays unknown in the profile.
    #[serde(default)]
    pub gaps: Vec<String>,
}

/// Who the provider is and which law reaches it.
#[derive(Debug, Clone, PartialEq, Default, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Identity {
    /// The contracting legal entity.
    #[serde(default, skip_serializing_if = "Fact::is_blank")]
    pub legal_entity: Fact<String>,
    /// Country of the headquarters (ISO 3166-1 alpha-2).
    #[serde(default, skip_serializing_if = "Fact::is_blank")]
    pub hq_country: Fact<CountryCode>,
    /// The ultimate parent company.
    #[serde(default, skip_serializing_if = "Fact::is_blank")]
    pub ultimate_parent: Fact<String>,
    /// Country of the ultimate parent (decides CLOUD Act exposure).
    #[serde(default, skip_serializing_if = "Fact::is_blank")]
    pub ultimate_parent_country: Fact<CountryCode>,
    /// Main web site.
    #[serde(default, skip_serializing_if = "Fact::is_blank")]
    pub website: Fact<String>,
}

/// How GPU capacity can be obtained in a region.
#[derive(
    Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize, JsonSchema,
)]
#[serde(rename_all = "snake_case")]
pub enum Availability {
    /// Self-service, pay as you go.
    OnDemand,
    /// Only through a reservation or contract.
    Reservation,
    /// On a waiting list.
    Waitlist,
    /// A marketplace of third-party hosts.
    Marketplace,
}

/// A data-centre region.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
#[schemars(extend("additionalProperties" = false))]
pub struct Region {
    /// The provider's region identifier (e.g. `eu-central-1`, `fr-par-2`); offers refer to it.
    #[schemars(length(min = 1))]
    pub id: String,
    /// Country (ISO 3166-1 alpha-2).
    pub country: CountryCode,
    /// City or site name.
    #[serde(default, skip_serializing_if = "Fact::is_blank")]
    pub city: Fact<String>,
    /// GPU models offered in this region (IDs from the GPU catalogue, see `cloudvet validate --list-gpus`).
    #[serde(default, skip_serializing_if = "Fact::is_blank")]
    pub gpu_models: Fact<Vec<String>>,
    /// How capacity is obtained here.
    #[serde(default, skip_serializing_if = "Fact::is_blank")]
    pub availability: Fact<Availability>,
    /// The region's offers come from a catalogue that lists every instance type in
    /// every region, so they are no evidence that the GPUs are really available here:
    /// rules read the location of these offers as unknown (never as a pass).
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub offers_unconfirmed: bool,
    /// Where this region's facts come from.
    #[serde(default, flatten)]
    pub provenance: Provenance,
}

/// A priced GPU instance type in one region.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
#[schemars(extend("additionalProperties" = false))]
pub struct Offer {
    /// Identifier, unique within the profile (e.g. `h100x8-eu-north-1`).
    #[schemars(length(min = 1))]
    pub id: String,
    /// The provider's name for the instance type (e.g. `p5.48xlarge`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub instance_type: Option<String>,
    /// Region ID from `regions`.
    pub region: String,
    /// GPU model ID from the GPU catalogue (e.g. `H100-SXM`, `A100-SXM-80GB`, `L40S`).
    pub gpu_model: String,
    /// GPUs in one instance (at least one: costs are per GPU-hour).
    #[schemars(range(min = 1))]
    pub gpus_per_instance: u32,
    /// Memory per GPU in GB; when absent the catalogue value for the model is used.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[schemars(range(min = 1))]
    pub vram_gb: Option<u32>,
    /// How the GPUs are connected.
    #[serde(default, skip_serializing_if = "Fact::is_blank")]
    pub interconnect: Fact<Interconnect>,
    /// Currency of all prices in this offer (ISO 4217).
    pub currency: CurrencyCode,
    /// On-demand price per instance-hour; absent when there is none.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub price_on_demand: Option<Amount>,
    /// Spot / interruptible price per instance-hour.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub price_spot: Option<Amount>,
    /// Reserved prices per instance-hour, by term.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub price_reserved: Vec<ReservedPrice>,
    /// Billing increment in seconds (1 = per second, 60 = per minute, 3600 = per hour).
    #[serde(default, skip_serializing_if = "Fact::is_blank")]
    pub billing_increment_seconds: Fact<u32>,
    /// Minimum billed duration per start, in seconds.
    #[serde(default, skip_serializing_if = "Fact::is_blank")]
    pub minimum_billed_seconds: Fact<u32>,
    /// Minimum contract term in months (0 = none).
    #[serde(default, skip_serializing_if = "Fact::is_blank")]
    pub minimum_term_months: Fact<u32>,
    /// How capacity for this offer is obtained.
    #[serde(default, skip_serializing_if = "Fact::is_blank")]
    pub availability: Fact<Availability>,
    /// Where the price comes from.
    #[serde(default, flatten)]
    pub provenance: Provenance,
    /// Free text (e.g. how a price was derived).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub note: Option<String>,
    /// The catalogue row the offer was imported from (`cloudvet import`); absent for
    /// offers written by hand.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub imported_from: Option<CatalogueRow>,
}

/// Where an imported offer was read: the catalogue file (by its SHA-256, and its
/// upstream commit and date when known) and the row in it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct CatalogueRow {
    /// The catalogue: `skypilot`.
    pub catalogue: String,
    /// The file's path in the catalogue repository (e.g. `catalogs/v8/lambda/vms.csv`).
    pub file: String,
    /// SHA-256 of the file's bytes, lower-case hex.
    #[schemars(regex(pattern = r"^[0-9a-f]{64}$"))]
    pub sha256: String,
    /// The catalogue repository's commit of this version of the file, when known.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub commit: Option<String>,
    /// The date of this version of the file, when known.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub date: Option<Date>,
    /// The row's line in the file, as an editor or a spreadsheet numbers it (the
    /// header is line 1); several lines when zone rows were combined.
    pub rows: Vec<u32>,
    /// The accelerator name as the catalogue writes it (e.g. `A100`, `H100`).
    pub accelerator_name: String,
}

/// GPU interconnect inside an instance.
#[derive(
    Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize, JsonSchema,
)]
#[serde(rename_all = "snake_case")]
pub enum Interconnect {
    /// NVLink / NVSwitch (NVIDIA SXM boards).
    Nvlink,
    /// AMD Infinity Fabric.
    InfinityFabric,
    /// PCIe only.
    Pcie,
    /// A single GPU: no interconnect needed.
    None,
}

/// A reserved (committed) price.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct ReservedPrice {
    /// Commitment in months.
    #[schemars(range(min = 1))]
    pub term_months: u32,
    /// Effective price per instance-hour.
    pub price: Amount,
}

/// Storage price.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
#[schemars(extend("additionalProperties" = false))]
pub struct StoragePrice {
    /// Currency (ISO 4217).
    pub currency: CurrencyCode,
    /// Price per GB and month.
    pub price_per_gb_month: Amount,
    /// What kind of storage the price is for (e.g. block SSD, object).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub product: Option<String>,
    #[serde(default, flatten)]
    pub provenance: Provenance,
}

/// Internet egress price with free allowance and tiers.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
#[schemars(extend("additionalProperties" = false))]
pub struct EgressPrice {
    /// Currency (ISO 4217).
    pub currency: CurrencyCode,
    /// GB per month free of charge.
    #[serde(default)]
    pub free_gb_per_month: Amount,
    /// Price tiers in ascending order; the last tier has no upper bound.
    pub tiers: Vec<EgressTier>,
    /// `graduated`: each tier's price applies to the GB inside it, except that a tier
    /// marked `bracket` prices the whole volume that falls in it; `volume`: the tier
    /// reached prices the whole volume (every tier a bracket).
    #[serde(default)]
    pub tier_mode: TierMode,
    #[serde(default, flatten)]
    pub provenance: Provenance,
    /// Free text: what the figures cover (origin region, destination) and any caveat.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub note: Option<String>,
}

/// How tier prices combine.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum TierMode {
    #[default]
    Graduated,
    Volume,
}

/// One egress price tier.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct EgressTier {
    /// Upper bound of the tier in GB per month (after the free allowance); absent = no bound.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub up_to_gb: Option<Amount>,
    /// Price per GB in this tier (0 allowed: free egress).
    pub price_per_gb: Amount,
    /// A bracket tier: a month's volume that falls in this tier is priced *whole* at this
    /// tier's rate, not only the GB inside it (AWS's published model above 150 TB, as
    /// SkyPilot computes it). Under `tier_mode: volume` every tier is a bracket.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub bracket: bool,
}

/// Service level agreement.
#[derive(Debug, Clone, PartialEq, Default, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Sla {
    /// Committed monthly availability in percent (e.g. 99.9).
    #[serde(default, skip_serializing_if = "Fact::is_blank")]
    pub availability_pct: Fact<f64>,
    /// Service credits when the SLA is missed.
    #[serde(default, skip_serializing_if = "Fact::is_blank")]
    pub service_credits: Fact<bool>,
    /// Address of the SLA document.
    #[serde(default, skip_serializing_if = "Fact::is_blank")]
    pub url: Fact<String>,
}

/// How the DPA becomes binding.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum BindingForm {
    /// Signed by both parties.
    Signed,
    /// Accepted online (click-through).
    ClickAccept,
    /// Incorporated by reference into the customer agreement.
    Incorporated,
    /// Available only on request; not yet binding.
    OnRequest,
}

/// Sub-processor authorisation model (GDPR Art. 28(2)).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum SubprocessorAuthorisation {
    /// Each sub-processor needs the controller's prior specific authorisation.
    Specific,
    /// General written authorisation with notice of changes and a right to object.
    General,
}

/// The data processing agreement. Each Art. 28(3) element is a fact: `true` when the
/// DPA contains it, `false` when it demonstrably does not, unknown when nobody checked.
#[derive(Debug, Clone, PartialEq, Default, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Dpa {
    /// A DPA is offered at all.
    #[serde(default, skip_serializing_if = "Fact::is_blank")]
    pub available: Fact<bool>,
    /// Address of the DPA text.
    #[serde(default, skip_serializing_if = "Fact::is_blank")]
    pub url: Fact<String>,
    /// Version label of the DPA.
    #[serde(default, skip_serializing_if = "Fact::is_blank")]
    pub version: Fact<String>,
    /// Date of that version.
    #[serde(default, skip_serializing_if = "Fact::is_blank")]
    pub version_date: Fact<AsOf>,
    /// How it becomes binding (Art. 28(9): in writing, including electronic form).
    #[serde(default, skip_serializing_if = "Fact::is_blank")]
    pub binding_form: Fact<BindingForm>,
    /// Art. 28(3) first sentence: the processing description.
    #[serde(default)]
    pub processing_description: ProcessingDescription,
    /// Art. 28(3) points (a)–(h) and the second subparagraph.
    #[serde(default)]
    pub clauses: DpaClauses,
    /// The technical and organisational measures annex (EDPB Guidelines 07/2020).
    #[serde(default)]
    pub tom_annex: TomAnnex,
    /// Sub-processors (Art. 28(2), (4); EDPB Opinion 22/2024).
    #[serde(default)]
    pub subprocessors: Subprocessors,
    /// Maximum hours from becoming aware of a personal-data breach to notifying the customer.
    #[serde(default, skip_serializing_if = "Fact::is_blank")]
    pub breach_notice_hours: Fact<u32>,
    /// The provider does not use customer data for its own purposes (e.g. model training).
    #[serde(default, skip_serializing_if = "Fact::is_blank")]
    pub no_own_purpose_use: Fact<bool>,
    /// Based on the Commission's controller–processor clauses (Decision (EU) 2021/915).
    #[serde(default, skip_serializing_if = "Fact::is_blank")]
    pub based_on_scc_2021_915: Fact<bool>,
    /// Governing law of the DPA (country code).
    #[serde(default, skip_serializing_if = "Fact::is_blank")]
    pub governing_law: Fact<CountryCode>,
}

/// Art. 28(3) first sentence.
#[derive(Debug, Clone, PartialEq, Default, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct ProcessingDescription {
    #[serde(default, skip_serializing_if = "Fact::is_blank")]
    pub subject_matter: Fact<bool>,
    #[serde(default, skip_serializing_if = "Fact::is_blank")]
    pub duration: Fact<bool>,
    #[serde(default, skip_serializing_if = "Fact::is_blank")]
    pub nature_and_purpose: Fact<bool>,
    #[serde(default, skip_serializing_if = "Fact::is_blank")]
    pub data_types: Fact<bool>,
    #[serde(default, skip_serializing_if = "Fact::is_blank")]
    pub data_subject_categories: Fact<bool>,
    #[serde(default, skip_serializing_if = "Fact::is_blank")]
    pub controller_rights: Fact<bool>,
}

/// Art. 28(3)(a)–(h) and the duty to flag infringing instructions.
#[derive(Debug, Clone, PartialEq, Default, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct DpaClauses {
    /// (a) processes only on documented instructions.
    #[serde(default, skip_serializing_if = "Fact::is_blank")]
    pub instructions: Fact<bool>,
    /// (a) instructions cover transfers to third countries.
    #[serde(default, skip_serializing_if = "Fact::is_blank")]
    pub transfer_instructions: Fact<bool>,
    /// (a) informs the controller of a legal requirement to process otherwise.
    #[serde(default, skip_serializing_if = "Fact::is_blank")]
    pub legal_requirement_notice: Fact<bool>,
    /// (b) authorised persons bound to confidentiality.
    #[serde(default, skip_serializing_if = "Fact::is_blank")]
    pub confidentiality: Fact<bool>,
    /// (c) Art. 32 security measures.
    #[serde(default, skip_serializing_if = "Fact::is_blank")]
    pub security: Fact<bool>,
    /// (d) conditions of Art. 28(2) and (4) for sub-processors.
    #[serde(default, skip_serializing_if = "Fact::is_blank")]
    pub subprocessor_conditions: Fact<bool>,
    /// (e) assistance with data-subject requests.
    #[serde(default, skip_serializing_if = "Fact::is_blank")]
    pub dsr_assistance: Fact<bool>,
    /// (f) assistance with Arts. 32–36 (security, breach notification, DPIA, consultation).
    #[serde(default, skip_serializing_if = "Fact::is_blank")]
    pub art32_36_assistance: Fact<bool>,
    /// (g) deletion or return at the controller's choice.
    #[serde(default, skip_serializing_if = "Fact::is_blank")]
    pub delete_or_return: Fact<bool>,
    /// (g) a deletion confirmation/certificate is provided.
    #[serde(default, skip_serializing_if = "Fact::is_blank")]
    pub deletion_certificate: Fact<bool>,
    /// (h) information and audits.
    #[serde(default, skip_serializing_if = "Fact::is_blank")]
    pub audit: Fact<bool>,
    /// (h) on-site inspections allowed.
    #[serde(default, skip_serializing_if = "Fact::is_blank")]
    pub inspection_allowed: Fact<bool>,
    /// (h) third-party audit reports accepted in place of own audits.
    #[serde(default, skip_serializing_if = "Fact::is_blank")]
    pub third_party_reports_accepted: Fact<bool>,
    /// Art. 28(3) second subparagraph: immediate notice of infringing instructions.
    #[serde(default, skip_serializing_if = "Fact::is_blank")]
    pub infringing_instruction_notice: Fact<bool>,
}

/// The TOM annex.
#[derive(Debug, Clone, PartialEq, Default, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct TomAnnex {
    /// The annex describes concrete measures, not a restatement of Art. 32.
    #[serde(default, skip_serializing_if = "Fact::is_blank")]
    pub concrete: Fact<bool>,
    /// Changes to the measures need the controller's approval (or notice with objection).
    #[serde(default, skip_serializing_if = "Fact::is_blank")]
    pub change_approval: Fact<bool>,
    /// Months between reviews of the measures.
    #[serde(default, skip_serializing_if = "Fact::is_blank")]
    pub review_interval_months: Fact<u32>,
}

/// Sub-processor terms and the list.
#[derive(Debug, Clone, PartialEq, Default, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Subprocessors {
    /// Specific or general authorisation.
    #[serde(default, skip_serializing_if = "Fact::is_blank")]
    pub authorisation: Fact<SubprocessorAuthorisation>,
    /// Advance notice of added or replaced sub-processors.
    #[serde(default, skip_serializing_if = "Fact::is_blank")]
    pub change_notice: Fact<bool>,
    /// Days of advance notice.
    #[serde(default, skip_serializing_if = "Fact::is_blank")]
    pub notice_days: Fact<u32>,
    /// The customer may object to a change.
    #[serde(default, skip_serializing_if = "Fact::is_blank")]
    pub objection_right: Fact<bool>,
    /// Address of the published sub-processor list.
    #[serde(default, skip_serializing_if = "Fact::is_blank")]
    pub list_url: Fact<String>,
    /// The same data-protection obligations flow down (Art. 28(4)).
    #[serde(default, skip_serializing_if = "Fact::is_blank")]
    pub flow_down: Fact<bool>,
    /// The processor stays fully liable for its sub-processors (Art. 28(4)).
    #[serde(default, skip_serializing_if = "Fact::is_blank")]
    pub liability: Fact<bool>,
    /// The list contains all tiers (EDPB Opinion 22/2024).
    #[serde(default, skip_serializing_if = "Fact::is_blank")]
    pub all_tiers_listed: Fact<bool>,
    /// The sub-processors themselves.
    #[serde(default)]
    pub list: Vec<Subprocessor>,
}

/// One sub-processor.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
#[schemars(extend("additionalProperties" = false))]
pub struct Subprocessor {
    pub name: String,
    /// Country where it processes (ISO 3166-1 alpha-2).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub country: Option<CountryCode>,
    /// What it does.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub function: Option<String>,
    #[serde(default, flatten)]
    pub provenance: Provenance,
}

/// Chapter V tool for a third-country transfer.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum TransferTool {
    /// Art. 45 adequacy decision for the country.
    Adequacy,
    /// EU–US Data Privacy Framework (an adequacy decision; appeal C-703/25 P pending).
    Dpf,
    /// Transfer SCCs, Decision (EU) 2021/914.
    Scc2021914,
    /// Binding corporate rules (Art. 46(2)(b), Art. 47).
    Bcr,
    /// A legally binding and enforceable instrument between public authorities or bodies (Art. 46(2)(a)).
    PublicAuthorityInstrument,
    /// Standard data protection clauses adopted by a supervisory authority and approved by the Commission (Art. 46(2)(d)).
    SccSupervisoryAuthority,
    /// An approved code of conduct with binding and enforceable commitments of the importer (Art. 46(2)(e)).
    CodeOfConduct,
    /// An approved certification mechanism with binding and enforceable commitments of the importer (Art. 46(2)(f)).
    Certification,
    /// Contractual clauses or administrative arrangements authorised by the competent supervisory authority (Art. 46(3)).
    AuthorisedClauses,
    /// An Art. 49 derogation.
    Derogation,
    /// No tool stated.
    None,
}

/// Third-country transfers.
#[derive(Debug, Clone, PartialEq, Default, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Transfers {
    /// Storage, processing and backup locations are all disclosed.
    #[serde(default, skip_serializing_if = "Fact::is_blank")]
    pub locations_disclosed: Fact<bool>,
    /// Countries from which staff or sub-processors can access customer data remotely
    /// (support, administration). Remote access from a third country is a transfer.
    #[serde(default, skip_serializing_if = "Fact::is_blank")]
    pub remote_access_countries: Fact<Vec<CountryCode>>,
    /// The provider offers Standard Contractual Clauses for third-country transfers
    /// (GDPR Art. 46(2)(c)), in or with its DPA. Which decision and module, where known,
    /// goes in the fact's note; per-destination tools go in `destinations`.
    #[serde(default, skip_serializing_if = "Fact::is_blank")]
    pub sccs_included: Fact<bool>,
    /// Each third-country transfer and its tool.
    #[serde(default)]
    pub destinations: Vec<TransferDestination>,
    /// A transfer impact assessment is provided or supported (SCC Clause 14).
    #[serde(default, skip_serializing_if = "Fact::is_blank")]
    pub tia_available: Fact<bool>,
    /// A policy on government access requests: notify, challenge, minimise (SCC Clause 15).
    #[serde(default, skip_serializing_if = "Fact::is_blank")]
    pub government_access_policy: Fact<bool>,
    /// Address of the transparency report on government requests.
    #[serde(default, skip_serializing_if = "Fact::is_blank")]
    pub transparency_report_url: Fact<String>,
}

/// One third-country transfer.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct TransferDestination {
    /// Destination country (ISO 3166-1 alpha-2).
    pub country: CountryCode,
    /// Why data goes there (support, sub-processor, backup …).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub purpose: Option<String>,
    /// The Chapter V tool.
    #[serde(default, skip_serializing_if = "Fact::is_blank")]
    pub tool: Fact<TransferTool>,
    /// SCC module (2 = controller→processor, 3 = processor→processor).
    #[serde(default, skip_serializing_if = "Fact::is_blank")]
    pub scc_module: Fact<u32>,
    /// For DPF: the importer is on the DPF list.
    #[serde(default, skip_serializing_if = "Fact::is_blank")]
    pub dpf_listed: Fact<bool>,
}

/// A certification scheme cloudvet knows.
#[derive(
    Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize, JsonSchema,
)]
#[serde(rename_all = "snake_case")]
pub enum CertificationScheme {
    Iso27001,
    Iso27017,
    Iso27018,
    Iso27701,
    BsiC5,
    Soc2,
    SecNumCloud,
    GaiaX,
    Tisax,
    Iso50001,
    Iso14001,
    Pcidss,
    Hipaa,
    Other,
}

/// A certification or attestation.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
#[schemars(extend("additionalProperties" = false))]
pub struct Certification {
    /// The scheme.
    pub scheme: CertificationScheme,
    /// Name as the provider states it (e.g. `ISO/IEC 27001:2022`).
    pub name: String,
    /// Edition or version (e.g. `2022`, `C5:2020`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub version: Option<String>,
    /// Report type where the scheme has one: `type1` / `type2` (C5, SOC 2).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub report_type: Option<ReportType>,
    /// Label level where the scheme has one (Gaia-X 1–3, EU Cloud CoC level).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub level: Option<String>,
    /// What the certificate covers; whether the GPU service and its sites are in scope.
    #[serde(default, skip_serializing_if = "Fact::is_blank")]
    pub scope: Fact<String>,
    /// The GPU compute service is inside the scope.
    #[serde(default, skip_serializing_if = "Fact::is_blank")]
    pub covers_gpu_service: Fact<bool>,
    /// Certification body or auditor.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub issuer: Option<String>,
    /// The issuer is accredited (e.g. by DAkkS).
    #[serde(default, skip_serializing_if = "Fact::is_blank")]
    pub accredited: Fact<bool>,
    /// Start of validity (certificates) or of the audit period (attestations).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub valid_from: Option<Date>,
    /// End of validity as stated (certificates; an attestation's stated end of
    /// validity where it has one). A date in the past always makes the evidence not current.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub valid_until: Option<Date>,
    /// End of the audit period (attestations: C5, SOC 2 Type 2).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub period_end: Option<Date>,
    /// A bridge letter (Brückenerklärung) after the audit period: the date up to which
    /// the provider's management states that nothing material changed. Not audited:
    /// it never makes an attestation current.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub bridge_letter_until: Option<Date>,
    /// Every location (region, data centre) the profile offers GPUs in is inside the
    /// scope; for C5, none of them is listed as excluded (GC-01).
    #[serde(default, skip_serializing_if = "Fact::is_blank")]
    pub covers_offered_locations: Fact<bool>,
    /// Address of the certificate, report or register entry.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub evidence_url: Option<String>,
    #[serde(default, flatten)]
    pub provenance: Provenance,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub note: Option<String>,
}

/// Attestation report type.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum ReportType {
    /// Design of controls at a point in time.
    Type1,
    /// Operating effectiveness over a period.
    Type2,
}

/// A code of conduct.
#[derive(
    Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize, JsonSchema,
)]
#[serde(rename_all = "snake_case")]
pub enum CodeOfConductName {
    /// EU Cloud Code of Conduct (SCOPE Europe).
    EuCloudCoc,
    /// CISPE Data Protection Code of Conduct.
    Cispe,
    Other,
}

/// Adherence to a code of conduct.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
#[schemars(extend("additionalProperties" = false))]
pub struct CodeOfConduct {
    pub code: CodeOfConductName,
    /// Name as the source states it; needed to say which code an `other` entry is.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub name: Option<String>,
    /// Version of the code the adherence was declared against (e.g. `2.11`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub version: Option<String>,
    /// Compliance level or mark as stated.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub level: Option<String>,
    /// Register or verification identifier.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub verification_id: Option<String>,
    /// Address of the public register entry.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub register_url: Option<String>,
    /// The services covered include the GPU service.
    #[serde(default, skip_serializing_if = "Fact::is_blank")]
    pub covers_gpu_service: Fact<bool>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub valid_until: Option<Date>,
    #[serde(default, flatten)]
    pub provenance: Provenance,
    /// Free text (e.g. a validity date the source gives only to the month, renewal status).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub note: Option<String>,
}

/// GPU tenant isolation.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum GpuIsolation {
    /// Whole GPUs or hosts dedicated to one customer.
    Dedicated,
    /// Shared hardware with memory scrubbing between tenants.
    Scrubbed,
    /// Shared without stated isolation.
    Shared,
}

/// Security controls (GDPR Art. 32).
#[derive(Debug, Clone, PartialEq, Default, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Security {
    #[serde(default, skip_serializing_if = "Fact::is_blank")]
    pub encryption_at_rest: Fact<bool>,
    #[serde(default, skip_serializing_if = "Fact::is_blank")]
    pub encryption_in_transit: Fact<bool>,
    /// Customer-managed keys (BYOK).
    #[serde(default, skip_serializing_if = "Fact::is_blank")]
    pub customer_managed_keys: Fact<bool>,
    /// Customer-held keys outside the provider (HYOK).
    #[serde(default, skip_serializing_if = "Fact::is_blank")]
    pub hold_your_own_key: Fact<bool>,
    /// Country of the key custody / HSM.
    #[serde(default, skip_serializing_if = "Fact::is_blank")]
    pub key_location: Fact<CountryCode>,
    /// Redundancy across zones or sites.
    #[serde(default, skip_serializing_if = "Fact::is_blank")]
    pub redundancy: Fact<bool>,
    /// Backups offered.
    #[serde(default, skip_serializing_if = "Fact::is_blank")]
    pub backup: Fact<bool>,
    /// Stated recovery time objective in hours.
    #[serde(default, skip_serializing_if = "Fact::is_blank")]
    pub rto_hours: Fact<u32>,
    /// Stated recovery point objective in hours.
    #[serde(default, skip_serializing_if = "Fact::is_blank")]
    pub rpo_hours: Fact<u32>,
    /// Months between penetration tests.
    #[serde(default, skip_serializing_if = "Fact::is_blank")]
    pub pentest_interval_months: Fact<u32>,
    /// GPU tenant isolation.
    #[serde(default, skip_serializing_if = "Fact::is_blank")]
    pub gpu_isolation: Fact<GpuIsolation>,
    /// Further controls as stated (free text list).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub controls: Vec<String>,
}

/// EU location and sovereignty.
#[derive(Debug, Clone, PartialEq, Default, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Sovereignty {
    /// Contractual commitment that customer data at rest stays in the EU/EEA.
    #[serde(default, skip_serializing_if = "Fact::is_blank")]
    pub eu_data_residency_commitment: Fact<bool>,
    /// Operations and support only from the EU/EEA.
    #[serde(default, skip_serializing_if = "Fact::is_blank")]
    pub eu_only_operations: Fact<bool>,
    /// A separate sovereign offer (e.g. an EU sovereign cloud), described.
    #[serde(default, skip_serializing_if = "Fact::is_blank")]
    pub sovereign_offer: Fact<String>,
    /// The law governing the customer agreement (the main contract, not only the DPA).
    #[serde(default, skip_serializing_if = "Fact::is_blank")]
    pub contract_governing_law: Fact<CountryCode>,
    /// The country whose courts decide disputes under the customer agreement.
    #[serde(default, skip_serializing_if = "Fact::is_blank")]
    pub contract_courts: Fact<CountryCode>,
    /// Days of advance notice the provider commits to before a change of control
    /// (ownership, shareholding, governance) takes effect (BSI C3A SOV-1-04).
    #[serde(default, skip_serializing_if = "Fact::is_blank")]
    pub control_change_notice_days: Fact<u32>,
    /// The provider identifies, at least yearly, non-EU laws with cross-border effect
    /// on customer data and assesses their risk (BSI C3A SOV-2-01). `as_of` is the
    /// date of the latest assessment the source reports.
    #[serde(default, skip_serializing_if = "Fact::is_blank")]
    pub extraterritorial_assessment: Fact<bool>,
    /// An option to keep customer data stored and processed in Germany only
    /// (BSI C3A SOV-3-01-C4).
    #[serde(default, skip_serializing_if = "Fact::is_blank")]
    pub germany_only_data_option: Fact<bool>,
    /// The provider can cut all non-EU network connections without losing the
    /// service and has tested it, with documented results (BSI C3A SOV-4-09; at least
    /// yearly). `as_of` is the date of the latest test the source reports.
    #[serde(default, skip_serializing_if = "Fact::is_blank")]
    pub disconnect_tested: Fact<bool>,
}

/// Data Act disclosures.
#[derive(Debug, Clone, PartialEq, Default, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct DataAct {
    /// Art. 25(1): written switching terms available before signing (address).
    #[serde(default, skip_serializing_if = "Fact::is_blank")]
    pub switching_terms_url: Fact<String>,
    /// Art. 28(1)(a): jurisdiction of the ICT infrastructure published (address).
    #[serde(default, skip_serializing_if = "Fact::is_blank")]
    pub jurisdiction_disclosure_url: Fact<String>,
    /// Art. 28(1)(b), 32: measures against unlawful third-country access to non-personal data (address).
    #[serde(default, skip_serializing_if = "Fact::is_blank")]
    pub art32_measures_url: Fact<String>,
    /// Art. 28(2): the contract lists the websites with the Art. 28(1) information.
    #[serde(default, skip_serializing_if = "Fact::is_blank")]
    pub disclosure_listed_in_contract: Fact<bool>,
    /// Art. 31(3): exemptions claimed and disclosed before contract.
    #[serde(default, skip_serializing_if = "Fact::is_blank")]
    pub exemptions_disclosed: Fact<bool>,
}

/// Switching charges under Data Act Art. 29.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum SwitchingFee {
    /// No switching charge.
    None,
    /// Reduced to directly linked costs.
    AtCost,
    /// A charge beyond cost.
    Full,
}

/// Exit and switching terms.
#[derive(Debug, Clone, PartialEq, Default, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Exit {
    /// Notice period to initiate switching, in days.
    #[serde(default, skip_serializing_if = "Fact::is_blank")]
    pub notice_period_days: Fact<u32>,
    /// Transitional period in days.
    #[serde(default, skip_serializing_if = "Fact::is_blank")]
    pub transition_days: Fact<u32>,
    /// The customer may extend the transition once.
    #[serde(default, skip_serializing_if = "Fact::is_blank")]
    pub extension_right: Fact<bool>,
    /// Data retrieval period after the transition, in days.
    #[serde(default, skip_serializing_if = "Fact::is_blank")]
    pub retrieval_days: Fact<u32>,
    /// Full erasure guaranteed after retrieval.
    #[serde(default, skip_serializing_if = "Fact::is_blank")]
    pub erasure_guarantee: Fact<bool>,
    /// An exhaustive specification of exportable data and assets exists.
    #[serde(default, skip_serializing_if = "Fact::is_blank")]
    pub exportable_spec: Fact<bool>,
    /// Export formats.
    #[serde(default, skip_serializing_if = "Fact::is_blank")]
    pub export_formats: Fact<Vec<String>>,
    /// Address of the online register of formats and standards (Art. 26).
    #[serde(default, skip_serializing_if = "Fact::is_blank")]
    pub format_register_url: Fact<String>,
    /// Open, documented interfaces for export.
    #[serde(default, skip_serializing_if = "Fact::is_blank")]
    pub open_api: Fact<bool>,
    /// Switching charges.
    #[serde(default, skip_serializing_if = "Fact::is_blank")]
    pub switching_fee: Fact<SwitchingFee>,
    /// Superseded by `switching_egress` and `parallel_use_egress` (it did not say
    /// which of the two it meant); no rule reads it.
    #[serde(default, skip_serializing_if = "Fact::is_blank")]
    pub egress_waiver_on_exit: Fact<bool>,
    /// Data egress charges for the exit copy when switching (Data Act Art. 2(36):
    /// switching charges include them): `none`, `at_cost` or `full`.
    #[serde(default, skip_serializing_if = "Fact::is_blank")]
    pub switching_egress: Fact<SwitchingFee>,
    /// Data egress charges for parallel (multi-cloud) use (Data Act Art. 34).
    #[serde(default, skip_serializing_if = "Fact::is_blank")]
    pub parallel_use_egress: Fact<SwitchingFee>,
}

/// Support hours.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum SupportHours {
    #[serde(rename = "24x7")]
    TwentyFourSeven,
    Business,
    Limited,
}

/// Customer support.
#[derive(Debug, Clone, PartialEq, Default, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Support {
    /// Languages offered (ISO 639-1, e.g. `de`, `en`).
    #[serde(default, skip_serializing_if = "Fact::is_blank")]
    pub languages: Fact<Vec<String>>,
    /// Hours.
    #[serde(default, skip_serializing_if = "Fact::is_blank")]
    pub hours: Fact<SupportHours>,
    /// Stated experience with AI/GPU workloads (e.g. dedicated ML engineers).
    #[serde(default, skip_serializing_if = "Fact::is_blank")]
    pub ai_workload_experience: Fact<bool>,
    /// Guaranteed first response time in hours for the highest severity.
    #[serde(default, skip_serializing_if = "Fact::is_blank")]
    pub response_hours: Fact<u32>,
}

/// AI Act role of the provider for its hosted services.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum AiActRole {
    /// Only infrastructure: neither provider nor deployer of an AI system.
    InfrastructureOnly,
    Provider,
    Deployer,
    ProviderAndDeployer,
}

/// AI Act Art. 4 and what the provider offers to support customers.
#[derive(Debug, Clone, PartialEq, Default, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct AiLiteracy {
    /// The provider's stated AI Act role.
    #[serde(default, skip_serializing_if = "Fact::is_blank")]
    pub ai_act_role: Fact<AiActRole>,
    /// AI-literacy measures for its own staff and contractors.
    #[serde(default, skip_serializing_if = "Fact::is_blank")]
    pub staff_programme: Fact<bool>,
    /// The measures are documented (internal records).
    #[serde(default, skip_serializing_if = "Fact::is_blank")]
    pub records: Fact<bool>,
    /// Material or training for customers' own Art. 4 duty (address).
    #[serde(default, skip_serializing_if = "Fact::is_blank")]
    pub customer_material_url: Fact<String>,
}

/// Energy disclosures.
#[derive(Debug, Clone, PartialEq, Default, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Energy {
    /// Power usage effectiveness of the GPU sites (annual average).
    #[serde(default, skip_serializing_if = "Fact::is_blank")]
    pub pue: Fact<f64>,
    /// Share of renewable electricity in percent.
    #[serde(default, skip_serializing_if = "Fact::is_blank")]
    pub renewable_pct: Fact<f64>,
    /// Reported to the European data-centre database (EED Art. 12).
    #[serde(default, skip_serializing_if = "Fact::is_blank")]
    pub eed_reported: Fact<bool>,
}
