//! Rule packs (`rules/<pack>.yaml`): legal and procurement checklists as data.
//!
//! A rule has a stable ID (`DPA-003`; never reused, retired with `status: removed`),
//! texts in English and German, the legal basis it rests on, an area, a severity,
//! a weight, a condition on the requirements that switches it on, a declarative
//! check on the provider profile and examples that the tests run.
//!
//! Facts are addressed by JSON pointer into the normalised JSON form of the
//! provider profile (`serde_json::to_value(&ProviderProfile)`), where every fact
//! is `{value, source?, as_of?, status?, ...}`. Conditions on the requirements
//! use the same check language with pointers into the requirements document.
//! See docs/rules.md for the full description.

use std::fmt;

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

use super::common::Date;

/// The `kind` a rule pack declares.
pub const RULE_PACK_KIND: &str = "rule_pack";
/// The schema version this build reads.
pub const RULE_PACK_SCHEMA_VERSION: u32 = 1;

/// A rule pack: one checklist, e.g. the GDPR Art. 28 DPA checklist.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
#[schemars(title = "cloudvet rule pack")]
pub struct RulePack {
    /// Always `rule_pack`.
    pub kind: String,
    /// Schema version of this file; this build reads version 1.
    pub schema_version: u32,
    /// Pack identifier, lower case (`dpa`, `transfers`); a pack given with `--rules`
    /// replaces the shipped pack with the same id.
    #[schemars(regex(pattern = r"^[a-z][a-z0-9_]{0,40}$"))]
    pub id: String,
    /// Version of the pack's content (e.g. `2026.11.1`).
    pub version: String,
    /// Pack title.
    pub title: Text,
    /// What the pack covers and what it leaves out.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub description: Option<Text>,
    /// The rules, in the order they are listed.
    pub rules: Vec<Rule>,
}

/// A text in English and German.
#[derive(Debug, Clone, PartialEq, Eq, Default, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Text {
    pub en: String,
    pub de: String,
}

impl Text {
    pub fn new(en: impl Into<String>, de: impl Into<String>) -> Self {
        Text {
            en: en.into(),
            de: de.into(),
        }
    }
    /// The text in `lang`.
    pub fn get_in(&self, lang: crate::i18n::Lang) -> &str {
        match lang {
            crate::i18n::Lang::De => &self.de,
            crate::i18n::Lang::En => &self.en,
        }
    }
    /// The text in the given language (`de` or anything else = English); prefer
    /// [`Text::get_in`].
    pub fn get(&self, german: bool) -> &str {
        if german {
            &self.de
        } else {
            &self.en
        }
    }
}

/// Whether a rule is in force. Removed rules keep their ID so it is never reused.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum RuleStatus {
    #[default]
    Active,
    Removed,
}

/// The assessment area a rule scores in.
#[derive(
    Debug,
    Clone,
    Copy,
    PartialEq,
    Eq,
    PartialOrd,
    Ord,
    Hash,
    Serialize,
    Deserialize,
    JsonSchema,
    strum::IntoStaticStr,
)]
#[serde(rename_all = "snake_case")]
#[strum(serialize_all = "snake_case")]
pub enum Area {
    Dpa,
    Transfers,
    Security,
    LocationSovereignty,
    Certifications,
    ExitPortability,
    GpuAvailability,
    Commercial,
    AiLiteracy,
}

impl Area {
    pub const ALL: [Area; 9] = [
        Area::Dpa,
        Area::Transfers,
        Area::Security,
        Area::LocationSovereignty,
        Area::Certifications,
        Area::ExitPortability,
        Area::GpuAvailability,
        Area::Commercial,
        Area::AiLiteracy,
    ];

    /// The key used in files (`location_sovereignty`).
    pub fn key(self) -> &'static str {
        // The serde name (`snake_case`), derived.
        self.into()
    }

    pub fn from_key(key: &str) -> Option<Area> {
        Area::ALL.into_iter().find(|a| a.key() == key)
    }

    /// Display name.
    pub fn title(self) -> Text {
        let (en, de) = match self {
            Area::Dpa => ("Data processing agreement", "Auftragsverarbeitungsvertrag"),
            Area::Transfers => ("Third-country transfers", "Drittlandübermittlungen"),
            Area::Security => ("Security of processing", "Sicherheit der Verarbeitung"),
            Area::LocationSovereignty => ("Location and sovereignty", "Standort und Souveränität"),
            Area::Certifications => ("Certifications", "Zertifizierungen"),
            Area::ExitPortability => ("Exit and portability", "Ausstieg und Portabilität"),
            Area::GpuAvailability => ("GPU availability", "GPU-Verfügbarkeit"),
            Area::Commercial => ("Commercial terms", "Kommerzielle Bedingungen"),
            Area::AiLiteracy => ("AI literacy (AI Act Art. 4)", "KI-Kompetenz (KI-VO Art. 4)"),
        };
        Text::new(en, de)
    }

    /// The default weight of the area in the total score; requirements may change it.
    pub fn default_weight(self) -> f64 {
        match self {
            Area::Dpa => 3.0,
            Area::GpuAvailability => 3.0,
            Area::Transfers => 2.0,
            Area::Security => 2.0,
            Area::LocationSovereignty => 2.0,
            Area::Certifications => 2.0,
            Area::ExitPortability => 1.5,
            Area::Commercial => 1.0,
            Area::AiLiteracy => 0.5,
        }
    }
}

impl fmt::Display for Area {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.key())
    }
}

/// How much a rule matters. A failed knock-out excludes the provider; `info`
/// rules are reported but not scored.
#[derive(
    Debug,
    Clone,
    Copy,
    PartialEq,
    Eq,
    PartialOrd,
    Ord,
    Hash,
    Serialize,
    Deserialize,
    JsonSchema,
    strum::IntoStaticStr,
)]
#[serde(rename_all = "snake_case")]
#[strum(serialize_all = "snake_case")]
pub enum Severity {
    Knockout,
    Major,
    Minor,
    Info,
}

impl Severity {
    pub fn key(self) -> &'static str {
        // The serde name (`snake_case`), derived.
        self.into()
    }
    pub fn title(self) -> Text {
        let (en, de) = match self {
            Severity::Knockout => ("knock-out", "Muss-Kriterium"),
            Severity::Major => ("major", "wesentlich"),
            Severity::Minor => ("minor", "nachrangig"),
            Severity::Info => ("info", "Hinweis"),
        };
        Text::new(en, de)
    }
}

impl fmt::Display for Severity {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.key())
    }
}

/// How well the legal reference for a statement is confirmed (the marks of the
/// legal reference: [V], [S], [UNVERIFIED]).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum BasisConfidence {
    /// Checked against the legal text or the issuing authority's own page.
    #[default]
    Verified,
    /// Supported only by secondary sources; probable, not settled.
    Secondary,
    /// Not confirmed; shown as an open point, never as settled law.
    Unverified,
}

/// One legal or normative basis of a rule, e.g. GDPR Art. 28(3)(h).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct LegalBasis {
    /// Source key from the legal reference: `GDPR`, `AIA`, `AIA-OMN`, `DA`, `EDPB-G07`,
    /// `EDPB-O22`, `EDPB-R01`, `EDPB-G05`, `SCC-C2P`, `SCC-T`, `DPF`, `SII`, `CSF`, `EED`,
    /// `ENEFG`, `SGB-V`, `CLOUD-ACT`, `DSK`, `AIA-QA`, `ISO`, `BSI-C5`, `AICPA`, `ANSSI`,
    /// `GAIA-X`, `TISAX`, `DAKKS`, `ECB`, `PROCUREMENT` (good practice, no legal duty).
    #[schemars(regex(pattern = r"^[A-Z][A-Z0-9-]{1,20}$"))]
    pub instrument: String,
    /// Article (`28`), section (`393`) or clause number.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub article: Option<String>,
    /// Paragraph (`3`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub paragraph: Option<String>,
    /// Point (`h`); for sub-points write `a(i)`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub point: Option<String>,
    /// Subparagraph (`2` for "second subparagraph").
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub subparagraph: Option<String>,
    /// Any other locator: `para 123`, `Clause 14`, `step 4`, `SOV-2`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub reference: Option<String>,
    /// How well this reference is confirmed.
    #[serde(default)]
    pub confidence: BasisConfidence,
    /// A short note (e.g. "v1.0 paragraph numbers").
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub note: Option<String>,
}

impl LegalBasis {
    /// The citation as people write it: `GDPR Art. 28(3)(h)`, `EDPB-G07 para 123`.
    pub fn citation(&self) -> String {
        let mut s = self.instrument.clone();
        if let Some(a) = &self.article {
            let prefix = match self.instrument.as_str() {
                "SGB-V" | "CLOUD-ACT" => "§",
                "SCC-T" | "SCC-C2P" => "Clause",
                _ => "Art.",
            };
            s.push_str(&format!(" {prefix} {a}"));
            if let Some(p) = &self.paragraph {
                s.push_str(&format!("({p})"));
            }
            if let Some(p) = &self.point {
                s.push_str(&format!("({p})"));
            }
            if let Some(sp) = &self.subparagraph {
                s.push_str(&format!(" subpara {sp}"));
            }
        }
        if let Some(r) = &self.reference {
            s.push(' ');
            s.push_str(r);
        }
        match self.confidence {
            BasisConfidence::Verified => {}
            BasisConfidence::Secondary => s.push_str(" [S]"),
            BasisConfidence::Unverified => s.push_str(" [UNVERIFIED]"),
        }
        s
    }
}

impl LegalBasis {
    /// The citation as people write it in `lang`, with its confirmation in
    /// words: `GDPR Art. 28(3)(h)`, `Art. 33 Abs. 2 DSGVO (nur Sekundärquellen)`
    /// (`i18n/citations.rs`). [`Self::citation`] is the form the JSON keeps.
    pub fn cite(&self, lang: crate::i18n::Lang) -> String {
        crate::i18n::citations::cite_marked(lang, self)
    }
}

/// One rule.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Rule {
    /// Stable ID: pack prefix (a capital letter, then 1–4 capital letters or digits),
    /// hyphen, three digits (`DPA-003`, `C3A-001`). Never reused.
    #[schemars(regex(pattern = r"^[A-Z][A-Z0-9]{1,4}-[0-9]{3}$"))]
    pub id: String,
    /// `active`, or `removed` (kept so the ID is never reused).
    #[serde(default)]
    pub status: RuleStatus,
    /// The item of the legal reference's checklist this rule implements (e.g. `dpa.03`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub reference_item: Option<String>,
    pub area: Area,
    pub severity: Severity,
    /// Weight inside the area (1 = low … 3 = high; 0 for `info`).
    pub weight: u32,
    /// The requirement, as a statement ("A DPA exists and is binding").
    pub title: Text,
    /// Why it matters, in our own words.
    pub explanation: Text,
    /// What to ask the vendor when the facts are unknown.
    pub question: Text,
    /// What the vendor (or the buyer) can do when the rule fails.
    pub remediation: Text,
    /// The legal basis; at least one entry.
    pub legal_basis: Vec<LegalBasis>,
    /// Condition on the requirements that switches the rule on; absent = always.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub applies_when: Option<Check>,
    /// Condition on the requirements that makes the rule a knock-out.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub knockout_when: Option<Check>,
    /// First evaluation date on which the rule applies (the law changes).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub valid_from: Option<Date>,
    /// Last evaluation date on which the rule applies.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub valid_to: Option<Date>,
    /// Evidence older than this counts as unknown for this rule (overrides the
    /// requirements' `max_evidence_age_months` when stricter).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub max_evidence_age_months: Option<u32>,
    /// The check on the provider profile.
    pub check: Check,
    /// Profile fragments with the outcome they must give; run by the tests.
    #[serde(default)]
    pub examples: Vec<Example>,
}

/// A check: a small three-valued logic (pass / fail / unknown) over facts.
///
/// Pointers (`fact`, `list`) are JSON pointers into the normalised profile; inside
/// `count`/`every` they are relative to the list item. A fact that is absent,
/// `unknown`, or older than the allowed evidence age makes a leaf `unknown`.
#[derive(Debug, Clone, PartialEq, Serialize, JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum Check {
    /// Pass when every part passes; fail when any part fails; otherwise unknown.
    All(Vec<Check>),
    /// Pass when any part passes; fail when every part fails; otherwise unknown.
    Any(Vec<Check>),
    /// Swaps pass and fail; unknown stays unknown.
    Not(Box<Check>),
    /// The fact is known (any value). Never fails: an absent fact is unknown.
    Exists(FactRef),
    /// The fact equals the value.
    Equals(Equals),
    /// The fact is one of the values (or, for a list fact, every element is).
    OneOf(OneOf),
    /// The list fact contains the value.
    Contains(Equals),
    /// Numeric comparisons: fact < threshold, ≤, >, ≥.
    Lt(Compare),
    Le(Compare),
    Gt(Compare),
    Ge(Compare),
    /// The date fact is not before the evaluation date (a validity end).
    NotExpired(NotExpired),
    /// The date fact is no more than `months` before the evaluation date.
    NotOlderThan(NotOlderThan),
    /// The date fact is before a fixed date (e.g. an audit period that began before
    /// a catalogue became mandatory); on or after it fails.
    Before(Before),
    /// Counts list items for which `where` passes and compares the count.
    Count(Count),
    /// Every list item passes `where` (an empty list passes).
    Every(Every),
    /// The "all elements" quantifier over a list of values: for every element of
    /// `list` (minus `except`), an item of `matched_in` whose `key` equals the
    /// element passes `where`. E.g. every remote-access country has its own
    /// transfer record with a Chapter V tool.
    AllElements(AllElements),
}

// serde_yaml 0.9 reads externally tagged enums only from YAML tags (`!all`), but
// packs are written as single-key mappings (`all: [...]`), the form JSON Schema
// describes. So a check is read through a JSON value, where serde's usual
// externally tagged form applies.
#[derive(Deserialize)]
#[serde(rename_all = "snake_case", deny_unknown_fields)]
enum CheckRepr {
    All(Vec<Check>),
    Any(Vec<Check>),
    Not(Box<Check>),
    Exists(FactRef),
    Equals(Equals),
    OneOf(OneOf),
    Contains(Equals),
    Lt(Compare),
    Le(Compare),
    Gt(Compare),
    Ge(Compare),
    NotExpired(NotExpired),
    NotOlderThan(NotOlderThan),
    Before(Before),
    Count(Count),
    Every(Every),
    AllElements(AllElements),
}

impl From<CheckRepr> for Check {
    fn from(r: CheckRepr) -> Check {
        match r {
            CheckRepr::All(v) => Check::All(v),
            CheckRepr::Any(v) => Check::Any(v),
            CheckRepr::Not(v) => Check::Not(v),
            CheckRepr::Exists(v) => Check::Exists(v),
            CheckRepr::Equals(v) => Check::Equals(v),
            CheckRepr::OneOf(v) => Check::OneOf(v),
            CheckRepr::Contains(v) => Check::Contains(v),
            CheckRepr::Lt(v) => Check::Lt(v),
            CheckRepr::Le(v) => Check::Le(v),
            CheckRepr::Gt(v) => Check::Gt(v),
            CheckRepr::Ge(v) => Check::Ge(v),
            CheckRepr::NotExpired(v) => Check::NotExpired(v),
            CheckRepr::NotOlderThan(v) => Check::NotOlderThan(v),
            CheckRepr::Before(v) => Check::Before(v),
            CheckRepr::Count(v) => Check::Count(v),
            CheckRepr::Every(v) => Check::Every(v),
            CheckRepr::AllElements(v) => Check::AllElements(v),
        }
    }
}

impl<'de> Deserialize<'de> for Check {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        let v = serde_json::Value::deserialize(d)?;
        serde_json::from_value::<CheckRepr>(v)
            .map(Check::from)
            .map_err(serde::de::Error::custom)
    }
}

/// A fact by pointer.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct FactRef {
    pub fact: String,
}

/// `fact` equals `value`.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Equals {
    pub fact: String,
    pub value: serde_json::Value,
}

/// A set of values computed from the requirements.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum NamedSet {
    /// EU/EEA countries when the requirements allow them, plus `allowed_countries`.
    AllowedCountries,
    /// The EU and EEA member states.
    Eea,
    /// `gpu.models` of the requirements; an empty list accepts any model.
    RequiredGpuModels,
    /// `must_have_certifications` of the requirements.
    MustHaveCertifications,
}

/// `fact` is one of `values` (or of a named set).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct OneOf {
    pub fact: String,
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub values: Vec<serde_json::Value>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub set: Option<NamedSet>,
    /// Values that leave the check open (`unknown`) instead of failing: the fact is
    /// known but does not settle the point yet (e.g. a DPA "available on request"
    /// is an open must-have, not a failure).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub open_values: Vec<serde_json::Value>,
}

/// A numeric comparison with a literal threshold or one taken from the requirements.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Compare {
    pub fact: String,
    /// Literal threshold.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub value: Option<f64>,
    /// Pointer into the requirements for the threshold (e.g. `/commercial/min_sla_pct`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub requirement: Option<String>,
    /// Threshold when the requirement is not set; without it an unset requirement passes.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub default: Option<f64>,
}

/// What a missing date means for `not_expired`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum WhenMissing {
    /// A missing date makes the check unknown.
    #[default]
    Unknown,
    /// A missing date passes (the evidence age still applies).
    Pass,
}

/// The date at `fact` has not passed on the evaluation date. A passed date gives
/// `unknown` ("expired on …; ask for the renewed document"), not `fail`.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct NotExpired {
    pub fact: String,
    #[serde(default)]
    pub missing: WhenMissing,
}

/// The date at `fact` is no more than `months` before the evaluation date; older gives unknown.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct NotOlderThan {
    pub fact: String,
    pub months: u32,
}

/// The date at `fact` is before `date` (a fixed date, not the evaluation date).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Before {
    pub fact: String,
    pub date: Date,
}

/// Count list items matching `where` and compare: `at_least` / `at_most`.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Count {
    /// Pointer to the list (`/certifications`, `/offers`).
    pub list: String,
    /// Condition on each item (pointers relative to the item); absent = every item.
    #[serde(default, rename = "where", skip_serializing_if = "Option::is_none")]
    pub filter: Option<Box<Check>>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub at_least: Option<u32>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub at_most: Option<u32>,
    /// What too few matches mean: `fail` (default; the list is complete), `unknown`
    /// (the list may be incomplete, e.g. certifications found so far) or
    /// `unknown_if_empty` (an empty list is unknown, entries that do not match fail).
    #[serde(default)]
    pub when_none: WhenNone,
    /// Pointer (into the profile) to a fact declaring the list complete. When set,
    /// too few matches fail only if that fact is `true`; otherwise they are unknown
    /// (an item missing from a list nobody declared complete proves nothing).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub complete_if: Option<String>,
}

/// What a count that falls short means.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum WhenNone {
    /// Too few matches fail.
    #[default]
    Fail,
    /// Too few matches leave the check unknown.
    Unknown,
    /// An empty list is unknown (nothing recorded yet); a list whose entries do not
    /// match fails. For price lists that may not have been researched.
    UnknownIfEmpty,
}

/// Every item of `list` passes `where`.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Every {
    pub list: String,
    #[serde(rename = "where")]
    pub filter: Box<Check>,
    /// An absent or unknown list: `unknown` (default) or `pass`.
    #[serde(default)]
    pub missing: WhenMissing,
}

/// The "all elements" quantifier: every element of a list of values is matched by
/// an item of another list that passes a condition.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct AllElements {
    /// Pointer to a list of plain values (`/transfers/remote_access_countries`).
    pub list: String,
    /// Elements in this named set are skipped (e.g. `eea`: access from inside the
    /// EEA is no transfer).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub except: Option<NamedSet>,
    /// Pointer to the list of items that must cover each element (`/transfers/destinations`).
    pub matched_in: String,
    /// Pointer, relative to an item of `matched_in`, to the value compared with the element (`/country`).
    pub key: String,
    /// Condition on the matching item (pointers relative to the item); absent = any matching item.
    #[serde(default, rename = "where", skip_serializing_if = "Option::is_none")]
    pub filter: Option<Box<Check>>,
    /// What an element with no matching item means: `unknown` (default; nothing is
    /// recorded for it) or `fail` (the item list is declared complete).
    #[serde(default)]
    pub unmatched: Unmatched,
}

/// What an element without a matching item means in `all_elements`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum Unmatched {
    #[default]
    Unknown,
    Fail,
}

/// The outcome an example must give.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum ExpectedOutcome {
    Pass,
    Fail,
    Unknown,
}

/// A profile fragment with the outcome the rule must give on it.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Example {
    pub expect: ExpectedOutcome,
    /// What the example shows.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub note: Option<String>,
    /// Fragment merged onto a minimal profile (`kind`, `schema_version`, `id`, `name`).
    #[serde(default)]
    pub profile: serde_json::Value,
    /// Fragment merged onto the example requirements base (personal data processed,
    /// EU/EEA allowed, EUR).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub requirements: Option<serde_json::Value>,
    /// Evaluation date; default 2026-11-30.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub evaluation_date: Option<Date>,
}

#[cfg(test)]
mod tests {
    use super::*;

    fn basis(instrument: &str) -> LegalBasis {
        LegalBasis {
            instrument: instrument.into(),
            article: None,
            paragraph: None,
            point: None,
            subparagraph: None,
            reference: None,
            confidence: BasisConfidence::Verified,
            note: None,
        }
    }

    #[test]
    fn citations_read_as_people_write_them() {
        let mut b = basis("GDPR");
        b.article = Some("28".into());
        b.paragraph = Some("3".into());
        b.point = Some("h".into());
        assert_eq!(b.citation(), "GDPR Art. 28(3)(h)");
        assert_eq!(b.cite(crate::i18n::Lang::De), "Art. 28 Abs. 3 lit. h DSGVO");
        b.point = None;
        b.subparagraph = Some("2".into());
        assert_eq!(b.citation(), "GDPR Art. 28(3) subpara 2");
        let mut c = basis("SCC-T");
        c.article = Some("14".into());
        c.confidence = BasisConfidence::Secondary;
        assert_eq!(c.citation(), "SCC-T Clause 14 [S]");
        let mut d = basis("DPF");
        d.reference = Some("appeal C-703/25 P, outcome".into());
        d.confidence = BasisConfidence::Unverified;
        assert_eq!(d.citation(), "DPF appeal C-703/25 P, outcome [UNVERIFIED]");
        let mut e = basis("SGB-V");
        e.article = Some("393".into());
        assert_eq!(e.citation(), "SGB-V § 393");
    }

    #[test]
    fn checks_read_from_single_key_mappings() {
        let c: Check = serde_yaml::from_str(
            "all: [{equals: {fact: /a, value: true}}, {not: {exists: {fact: /b}}}]",
        )
        .unwrap();
        assert!(matches!(c, Check::All(ref v) if v.len() == 2));
        let bad: Result<Check, _> = serde_yaml::from_str("equal: {fact: /a, value: true}");
        assert!(bad.is_err());
        let json = serde_json::to_value(&c).unwrap();
        assert_eq!(json["all"][0]["equals"]["fact"], "/a");
    }
}
