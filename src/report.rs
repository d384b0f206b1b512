//! The report stage: one `Report` model, built from the assessment, the cost
//! comparison, DPA reviews and the provenance of every input. Every renderer
//! (HTML, Markdown, JSON, CSV, PDF) reads only this model, so the formats
//! cannot disagree.
//!
//! The model is already in the report's language: fixed words come from
//! `crate::i18n`, rule texts from the packs. Every figure carries its exact
//! value (for machines) and its formatted text (for people), so templates do no
//! arithmetic and no formatting. Chart geometry (fractions 0–1 of the plot
//! area) is computed here, once, for the SVG in HTML and the PDF alike.
//!
//! The JSON form is documented in docs/report-json.md and versioned by
//! `report_version`; fields a template can use are listed in docs/templates.md.

use std::collections::BTreeMap;

use serde::{Deserialize, Serialize};

use crate::i18n::Lang;
use crate::model::Amount;

pub mod assemble;
pub mod build;
pub mod chart;
pub use chart::{Drawing, Mark};
pub mod cost_input;
pub mod dpa;
pub mod editions;
#[cfg(test)]
pub(crate) mod fixture;
pub mod from_cost;

/// Version of the report model's JSON form. Raised when a field is removed or
/// changes meaning; adding a field does not raise it.
pub const REPORT_VERSION: u32 = 2;

/// The decision report.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Report {
    /// Version of this JSON form (see docs/report-json.md).
    pub report_version: u32,
    /// Language of every text in the report.
    pub lang: Lang,
    /// The report's fixed texts in `lang` (the i18n table), for templates.
    pub labels: BTreeMap<String, String>,
    pub meta: Meta,
    pub summary: Summary,
    /// Every assessed provider: eligible ones ranked first, then the excluded.
    pub shortlist: Vec<ShortlistRow>,
    /// Every knock-out failure, with reason and legal basis.
    pub knockouts: Vec<KnockoutRow>,
    /// EU Cloud Sovereignty Framework: SEAL levels per objective, one row per
    /// provider in shortlist order.
    #[serde(default)]
    pub seal: Vec<SealRow>,
    /// One section per provider, in shortlist order.
    pub providers: Vec<ProviderSection>,
    /// The cost comparison; absent when no workload was costed.
    pub cost: Option<CostSection>,
    /// Score against total cost per eligible provider, with the Pareto front.
    pub value_map: ValueMap,
    /// Advice derived from the figures.
    pub recommendations: Vec<Advice>,
    /// DPA review status per provider.
    pub dpa_reviews: Vec<DpaStatus>,
    pub method: Method,
    pub provenance: ProvenanceSection,
    /// What the decision edition adds for management: next steps, the questions that
    /// decide, the shortlist in three groups, risks and what the result rests on.
    #[serde(default)]
    pub decision: DecisionSection,
    /// The DPO annex: per provider, the data-protection findings that fail or are open.
    #[serde(default)]
    pub dpo: Vec<ProviderFindings>,
    /// The procurement annex's own parts: offers against the requirements, cost lines.
    #[serde(default)]
    pub procurement: ProcurementSection,
    /// What the marks of evidence and legal references mean, in words.
    #[serde(default)]
    pub legend: Vec<LegendRow>,
}

/// Title, dates and identity of the document.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Meta {
    pub title: String,
    pub subject: String,
    /// Author in the document metadata: the tool and its version.
    pub author: String,
    pub tool: String,
    pub tool_version: String,
    /// The day the assessment applies to (from --as-of, the requirements or
    /// SOURCE_DATE_EPOCH); also the PDF's creation and modification date.
    pub evaluation_date: DateValue,
    /// 32 hex digits derived from the SHA-256 of every input and the evaluation
    /// date; the PDF's document ID.
    pub document_id: String,
}

/// A calendar date: ISO form and the text in the report's language.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct DateValue {
    /// `YYYY-MM-DD` (or `YYYY-MM`, `YYYY` for facts dated that vaguely).
    pub iso: String,
    pub text: String,
}

/// An exact money amount.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Money {
    /// Exact decimal amount (JSON number written from its decimal text).
    pub amount: Amount,
    /// ISO 4217 code.
    pub currency: String,
    /// Formatted for the report's language (`1.234,56 €`, `€1,234.56`).
    pub text: String,
}

/// A low–mid–high money range.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct MoneyRange {
    pub low: Money,
    /// The point estimate.
    pub mid: Money,
    pub high: Money,
    /// `€1,000.00–€1,200.00`.
    pub text: String,
}

/// A number shown with its text: a score 0–100, a percentage, a count of hours.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Figure {
    pub value: f64,
    pub text: String,
}

/// The first page: what to decide and why.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Summary {
    /// The recommended provider, if any is eligible.
    pub recommendation: Option<Recommendation>,
    /// One sentence for the reader in a hurry.
    pub headline: String,
    /// The top three eligible providers.
    pub top: Vec<ShortlistRow>,
    pub assessed: u32,
    pub eligible: u32,
    pub excluded: u32,
    /// Which knock-out rule excluded how many providers.
    pub excluded_by: Vec<ExcludedBy>,
    /// Cost range over the top three's cheapest offers.
    pub cost_range: Option<MoneyRange>,
    /// Range of the comparable totals of those of the top three without a complete
    /// total (`mid` = `low`); labelled as comparable.
    pub cost_comparable: Option<MoneyRange>,
    /// What the comparable total holds and leaves out, and why (with `cost_comparable`).
    pub cost_comparable_note: Option<String>,
    pub main_risks: Vec<String>,
    /// Knock-out rules with unknown outcome, per provider of the top three.
    pub open_must_haves: Vec<OpenMustHaves>,
    /// Whether the ranking holds when weights move, in words.
    pub robustness_note: String,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Recommendation {
    /// The recommendation state: `recommend`, `leads` or `none` (see docs/assessment.md).
    pub state: String,
    /// The state in one plain sentence.
    pub sentence: String,
    /// What to do next, in one sentence.
    pub next_step: String,
    /// The recommended or leading provider (empty for `none`).
    pub provider_id: String,
    pub provider_name: String,
    /// The reasons, one sentence each.
    pub reasons: Vec<String>,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ExcludedBy {
    pub rule_id: String,
    pub title: String,
    pub count: u32,
    /// Names of the providers it excluded.
    pub providers: Vec<String>,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct OpenMustHaves {
    pub provider_id: String,
    pub provider_name: String,
    pub rules: Vec<RuleRef>,
    /// `DPA-001, DPA-003, …` – the rule IDs in one line.
    pub text: String,
}

/// A rule by ID and title.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct RuleRef {
    pub rule_id: String,
    pub title: String,
}

/// One provider in the ranking.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ShortlistRow {
    /// 1-based rank among eligible providers; absent for excluded ones.
    pub rank: Option<u32>,
    pub provider_id: String,
    pub provider_name: String,
    pub eligible: bool,
    /// `eligible` / `excluded` in words.
    pub status_text: String,
    /// Weighted total, 0–100.
    pub score: Figure,
    /// Share of the weight decided on verified evidence, percent.
    pub confidence: Figure,
    pub robustness: Robustness,
    /// Number of knock-out rules with unknown outcome.
    pub open_must_haves: u32,
    /// Cheapest offer's total cost range, where costed.
    pub cost: Option<MoneyRange>,
    /// When no offer has a complete total: the lowest known part of one (a lower
    /// bound: some cost items are missing), to be shown as "≥ …".
    pub cost_comparable: Option<Money>,
    /// Time to result of that offer.
    pub time_to_result: Option<Figure>,
}

/// How often a provider ranked first / in the top three when the weights were
/// sampled around the stated ones.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Robustness {
    pub rank_first: Figure,
    pub top3: Figure,
    pub robust: bool,
    /// `robust (ranked first in 92%)`.
    pub text: String,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct KnockoutRow {
    pub provider_id: String,
    pub provider_name: String,
    pub rule_id: String,
    pub title: String,
    pub reason: String,
    pub legal_basis: String,
}

/// One provider's SEAL levels (EU Cloud Sovereignty Framework v1.2.1).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct SealRow {
    pub provider_id: String,
    pub provider_name: String,
    /// SOV-1 … SOV-8, in order.
    pub levels: Vec<SealCell>,
    /// Objectives below the requirements' minimum on known facts (the provider is excluded).
    pub below_minimum: Vec<String>,
}

/// One objective's SEAL level for one provider.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct SealCell {
    pub objective: String,
    /// The highest level (0–4) the known facts allow.
    pub level: u8,
    /// Criteria of the objective are not established: the real level may be lower.
    pub open: bool,
    /// The requirements' minimum, if any.
    pub minimum: Option<u8>,
}

/// Everything about one provider.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ProviderSection {
    pub id: String,
    pub name: String,
    pub legal_entity: Option<String>,
    pub hq_country: Option<String>,
    pub eligible: bool,
    pub status_text: String,
    pub rank: Option<u32>,
    pub score: Figure,
    pub confidence: Figure,
    pub robustness: Robustness,
    pub areas: Vec<AreaRow>,
    /// Every applicable rule's result, failures first. Renderers show failures and
    /// unknowns in full and list the passed rules by ID (`passed`).
    pub findings: Vec<FindingRow>,
    /// IDs of the rules passed, in order, for the compact line under the findings.
    pub passed: Vec<String>,
    /// The facts the rules read, with source, date and evidence status.
    pub facts: Vec<FactRow>,
    pub open_questions: Vec<QuestionRow>,
    pub waivers: Vec<WaiverRow>,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct AreaRow {
    pub id: String,
    pub name: String,
    pub score: Figure,
    /// Normalised weight, percent.
    pub weight: Figure,
}

/// pass / fail / unknown.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Outcome {
    Pass,
    Fail,
    Unknown,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct FindingRow {
    pub rule_id: String,
    pub title: String,
    pub outcome: Outcome,
    pub outcome_text: String,
    /// `knockout`, `major`, `minor`, `info`.
    pub severity: String,
    pub severity_text: String,
    /// One line: why this outcome.
    pub reason: String,
    /// E.g. `GDPR Art. 28(3)(h)`.
    pub legal_basis: String,
    /// A waiver applies to this finding.
    pub waived: bool,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct FactRow {
    /// The fact in words: its label, after the name of the list item it belongs
    /// to ("ISO/IEC 27001 certificate: accreditation of the certification body").
    #[serde(default)]
    pub label: String,
    /// JSON pointer into the provider profile.
    pub pointer: String,
    /// The value as text (`unknown` in the report's language when unknown).
    pub value: String,
    pub source: Option<String>,
    pub as_of: Option<DateValue>,
    /// `verified`, `self_declared`, `third_party`, `keyword_probe`.
    pub status: Option<String>,
    pub status_text: String,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct QuestionRow {
    pub rule_id: String,
    pub question: String,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct WaiverRow {
    pub rule_id: String,
    pub justification: String,
    pub approved_by: Option<String>,
    pub expires: DateValue,
    /// Past its expiry on the evaluation date: it no longer applies.
    pub expired: bool,
    pub status_text: String,
}

/// The cost comparison.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct CostSection {
    pub currency: String,
    /// The workload in one line.
    pub workload: String,
    /// What the comparable total holds and which items it leaves out, and why;
    /// `None` when every ranked offer has a complete total.
    pub comparison_note: Option<String>,
    /// One row per offer in the cost model's ranking; unranked offers last.
    pub rows: Vec<CostRow>,
    pub chart: BarChart,
    pub spot_vs_on_demand: Vec<SpotRow>,
    pub budget: Option<BudgetAdvice>,
    pub rent_vs_buy: Option<RentVsBuy>,
    /// Exchange rates used, rounding, assumptions.
    pub notes: Vec<String>,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct CostRow {
    pub provider_id: String,
    pub provider_name: String,
    pub offer_id: String,
    pub gpu: String,
    pub gpus_per_instance: u32,
    pub region: Option<String>,
    /// `measured`, `benchmark_derived`, `no_basis`.
    pub basis: String,
    pub basis_text: String,
    pub eligible: bool,
    pub on_demand: Option<MoneyRange>,
    pub spot: Option<MoneyRange>,
    /// When the total is missing: the sum of the items that are known (a lower bound).
    pub comparable: Option<Money>,
    pub time_to_result: Option<Figure>,
    /// Why a figure is missing (never shown as 0).
    pub missing: Option<String>,
}

/// A horizontal bar chart with range whiskers; fractions are of the axis maximum.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct BarChart {
    /// Says what is drawn (ranges only when a bar has one).
    pub title: String,
    pub axis_max: Money,
    pub ticks: Vec<Tick>,
    pub bars: Vec<Bar>,
    /// The chart as drawn, in points (`report::chart`; the PDF and the HTML draw it).
    pub drawing: Drawing,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Tick {
    /// Position, 0–1 of the axis.
    pub at: f64,
    pub label: String,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Bar {
    /// Provider, GPUs and the country of the offer's region (and the offer where needed).
    pub label: String,
    pub low: f64,
    pub mid: f64,
    pub high: f64,
    /// The mid value as text.
    pub text: String,
    /// Drawn in the accent colour (eligible and on the shortlist).
    pub highlight: bool,
    /// Only a lower bound is known (some cost items are missing): drawn open, text "≥ …".
    pub comparable: bool,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct SpotRow {
    pub offer: String,
    pub on_demand: Money,
    pub spot: Money,
    pub saving: Figure,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct BudgetAdvice {
    /// For the offer the alerts are sized on.
    pub offer: String,
    pub alerts: Vec<BudgetAlert>,
    pub automatic_stop: Money,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct BudgetAlert {
    pub percent: u32,
    pub amount: Money,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct RentVsBuy {
    pub owned_per_gpu_hour: Money,
    pub cloud_per_gpu_hour: Option<Money>,
    pub expected_utilisation: Figure,
    /// Utilisation above which owning is cheaper; absent when never.
    pub break_even_utilisation: Option<Figure>,
    /// The conclusion in one sentence.
    pub verdict: String,
}

/// Score against cost for each eligible provider's cheapest offer.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ValueMap {
    pub points: Vec<ValuePoint>,
    /// Cost axis (x), ticks at fractions of the axis.
    pub x_ticks: Vec<Tick>,
    /// Score axis (y), 0–100.
    pub y_ticks: Vec<Tick>,
    pub note: String,
    /// The map as drawn, in points (`report::chart`; the PDF and the HTML draw it).
    pub drawing: Drawing,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ValuePoint {
    pub provider_id: String,
    pub label: String,
    pub score: Figure,
    pub cost: Money,
    /// Position in the plot, 0–1 (x: cost, y: score).
    pub x: f64,
    pub y: f64,
    /// No other option has both a higher-or-equal score and a lower-or-equal cost
    /// (and is strictly better in one).
    pub pareto: bool,
    /// The cost is a lower bound (some cost items are missing).
    pub comparable: bool,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Advice {
    /// `spot`, `data_locality`, `mixed_precision`, `budget_alerts`, `compression`, …
    pub kind: String,
    pub title: String,
    pub text: String,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct DpaStatus {
    pub provider_id: String,
    pub provider_name: String,
    /// `signed` (a review signed off by the DPO), `in_review` (a review not signed off
    /// yet), `stale` (a review of another DPA version: not applied) or `missing` (no
    /// review: the profile's DPA facts).
    #[serde(default)]
    pub state: String,
    pub reviewed: bool,
    pub status_text: String,
    pub reviewer: Option<String>,
    pub date: Option<DateValue>,
    /// What the assessment used: the review, or the profile's DPA facts.
    pub basis: String,
}

/// How the report was made and from what.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Method {
    /// Plain-words description of the method.
    pub text: Vec<String>,
    pub rule_packs: Vec<RulePackRow>,
    /// Every legal instrument cited by a finding, with the articles.
    pub legal_texts: Vec<String>,
    pub benchmark_sources: Vec<BenchmarkSourceRow>,
    /// "Derived from MLPerf results, not verified by MLCommons."
    pub benchmark_disclaimer: String,
    pub price_sources: Vec<PriceSourceRow>,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct RulePackRow {
    pub id: String,
    pub title: String,
    pub version: String,
    pub rules: u32,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct BenchmarkSourceRow {
    pub benchmark: String,
    pub source: String,
    /// The same in words: a built-in file by its path, result rows by their
    /// number (the row IDs stay in `source`).
    #[serde(default)]
    pub benchmark_text: String,
    #[serde(default)]
    pub source_text: String,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct PriceSourceRow {
    pub provider: String,
    pub source: String,
    pub as_of: Option<DateValue>,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ProvenanceSection {
    pub tool: String,
    pub tool_version: String,
    pub evaluation_date: DateValue,
    pub inputs: Vec<InputRow>,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct InputRow {
    /// As named on the command line, or `embedded:<path>`.
    pub file: String,
    /// `provider`, `rule_pack`, `requirements`, `workload`, `benchmark`, `dpa_review`.
    pub kind: String,
    pub sha256: String,
    /// The file and its kind in words ("providers/aws.yaml (built in)",
    /// "Provider profile"); filled when the report is assembled.
    #[serde(default)]
    pub file_text: String,
    #[serde(default)]
    pub kind_text: String,
}

/// The decision edition's own parts (`decision.pdf`, `.html`, `.md`).
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct DecisionSection {
    /// What to do next, in order, one sentence each.
    pub next_steps: Vec<String>,
    /// The decisive questions, most valuable first (at most eight).
    pub questions: Vec<QuestionItem>,
    /// "… and 20 more questions in the questionnaires", when there are more.
    pub questions_more: Option<String>,
    /// Every must-have met, by rank.
    pub cleared: Vec<GroupRow>,
    /// Kept, with must-haves still open, by rank.
    pub open: Vec<GroupRow>,
    /// Excluded by a must-have, with the rule.
    pub excluded: Vec<GroupRow>,
    /// The cost of the options in one or two sentences.
    pub cost: Vec<String>,
    /// The top risks, one sentence each (at most five).
    pub risks: Vec<String>,
    /// What the result rests on: confidence, robustness, evidence age, in sentences.
    pub rests_on: Vec<String>,
    /// The method in one paragraph.
    pub method: String,
    /// The provenance in one line.
    pub provenance: String,
}

/// A decisive question: ask it, and the answer can change who ranks first.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct QuestionItem {
    pub provider_id: String,
    pub provider_name: String,
    pub rule_id: String,
    /// What it is about (the rule's title).
    pub topic: String,
    /// The question to the vendor.
    pub question: String,
    /// A must-have: a "no" excludes the provider.
    pub must_have: bool,
    /// Points (0–100) the answer can move.
    pub value: Figure,
    /// What the answer can change, in words.
    pub effect: String,
}

/// One provider in a group of the shortlist (cleared, open or excluded).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct GroupRow {
    pub rank: Option<u32>,
    pub provider_id: String,
    pub provider_name: String,
    pub score: Figure,
    /// The score if every open fact turned out in the provider's favour.
    pub best_score: Figure,
    /// `9.7` or `9.7 (up to 45.2)`.
    pub score_text: String,
    /// Rules met, not met and open (counts, not lists).
    pub met: u32,
    pub failed: u32,
    pub unknown: u32,
    /// The counts in words: `All rules: 31 met, 2 not met, 23 open.`
    pub rules_text: String,
    /// The must-haves in words: `3 of 26 must-haves met, 23 open`.
    pub must_haves_text: String,
    /// Open must-haves grouped by area, in one sentence; empty when none.
    pub open_text: String,
    /// Excluded: the must-haves that excluded it, by title, and why.
    pub excluded_by: Vec<String>,
    /// The cost in one cell: the range, the comparable total, or why there is none.
    pub cost_text: String,
    pub cost: Option<MoneyRange>,
    pub cost_comparable: Option<Money>,
}

/// One provider's findings that fail or are open, by area (the DPO annex, and the
/// procurement annex for the other areas).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ProviderFindings {
    pub provider_id: String,
    pub provider_name: String,
    pub rank: Option<u32>,
    /// `cleared`, `open` or `excluded`, and in words.
    pub group: String,
    pub group_text: String,
    /// The areas a DPO reviews (DPA, third-country transfers, security, AI literacy),
    /// each with its findings that fail or are open; passed rules as a count.
    pub areas: Vec<AreaFindings>,
    /// Set for excluded providers: only the must-haves that excluded it are listed.
    pub note: Option<String>,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct AreaFindings {
    pub id: String,
    pub title: String,
    pub met: u32,
    pub failed: u32,
    pub unknown: u32,
    /// `7 met, 1 not met, 12 open`.
    pub counts_text: String,
    /// The same without the zeros, for the overview: `1 not met, 12 open, 7 met`.
    pub counts_short: String,
    pub findings: Vec<FindingDetail>,
}

/// A finding that fails or is open, with what it rests on.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct FindingDetail {
    pub rule_id: String,
    pub title: String,
    pub outcome: Outcome,
    pub outcome_text: String,
    pub severity_text: String,
    pub reason: String,
    pub legal_basis: String,
    /// The facts it read that are stated, with source and date.
    pub evidence: Vec<EvidenceRow>,
    /// The facts it needs that are not stated, by name, in one line.
    pub not_stated: Option<String>,
    pub waived: bool,
}

/// One fact a finding rests on.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct EvidenceRow {
    /// What the fact is, in words.
    pub fact: String,
    /// JSON pointer into the provider profile (for programs; not shown).
    pub pointer: String,
    pub value: String,
    pub source: Option<String>,
    pub as_of: Option<DateValue>,
    pub status_text: String,
    /// The DPA passage the DPO's review found for it, with where it is, if any.
    pub passage: Option<String>,
}

/// The procurement annex's own parts.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ProcurementSection {
    /// Each provider's offers against the requirements, in shortlist order.
    pub offers: Vec<OfferQualificationRow>,
    /// The cost lines with their arithmetic: each shortlisted provider's best offer.
    pub cost_details: Vec<CostDetail>,
    /// Per provider, the findings that fail or are open on GPU availability,
    /// certifications, location and sovereignty, exit and commercial terms (the
    /// DPO annex has the data-protection areas).
    #[serde(default)]
    pub findings: Vec<ProviderFindings>,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct OfferQualificationRow {
    pub provider_id: String,
    pub provider_name: String,
    /// `qualifies`, `does_not_qualify`, `open`, and in words.
    pub verdict: String,
    pub verdict_text: String,
    /// "2 of 17 offers qualify; 9 in a country not allowed (GB, US), …".
    pub summary: String,
    /// Up to ten qualifying offers.
    pub qualifying: Vec<String>,
}

/// One offer's cost, line by line.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct CostDetail {
    pub provider_id: String,
    pub provider_name: String,
    /// `offer (8× H100-SXM, eu-north1)`.
    pub offer: String,
    pub lines: Vec<CostLineRow>,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct CostLineRow {
    /// The item in words (compute, storage, …, total).
    pub item: String,
    pub amount: Option<Money>,
    /// The amount's text, or why it is missing.
    pub amount_text: String,
    /// The arithmetic, written out.
    pub calculation: String,
}

/// A mark used in the report and what it means.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct LegendRow {
    pub mark: String,
    pub meaning: String,
}

#[cfg(test)]
mod tests {
    use super::*;

    fn keys(v: &serde_json::Value, out: &mut std::collections::BTreeSet<String>) {
        match v {
            serde_json::Value::Object(m) => {
                for (k, x) in m {
                    out.insert(k.clone());
                    keys(x, out);
                }
            }
            serde_json::Value::Array(a) => a.iter().for_each(|x| keys(x, out)),
            _ => {}
        }
    }

    #[test]
    fn every_field_is_documented_for_template_authors() {
        let doc = include_str!("../docs/templates.md");
        let v = serde_json::to_value(fixture::sample(Lang::En)).unwrap();
        let mut all = std::collections::BTreeSet::new();
        // `labels` keys are the i18n table, documented by reference.
        let mut without_labels = v.clone();
        without_labels.as_object_mut().unwrap().remove("labels");
        keys(&without_labels, &mut all);
        // A field counts as documented when its name appears as a whole word.
        let word = |k: &str| {
            doc.match_indices(k).any(|(i, _)| {
                let before = doc[..i].chars().next_back();
                let after = doc[i + k.len()..].chars().next();
                let boundary =
                    |c: Option<char>| !c.is_some_and(|c| c.is_alphanumeric() || c == '_');
                boundary(before) && boundary(after)
            })
        };
        let missing: Vec<_> = all.iter().filter(|k| !word(k)).collect();
        assert!(
            missing.is_empty(),
            "fields missing from docs/templates.md: {missing:?}"
        );
    }

    #[test]
    fn json_round_trips() {
        let r = fixture::sample(Lang::De);
        let text = serde_json::to_string(&r).unwrap();
        let back: Report = serde_json::from_str(&text).unwrap();
        assert_eq!(back, r);
        assert_eq!(r.report_version, REPORT_VERSION);
    }
}
