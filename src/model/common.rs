//! Building blocks shared by every input file: facts with provenance, dates of
//! varying precision, country and currency codes, exact decimal amounts.

use std::borrow::Cow;
use std::fmt;
use std::str::FromStr;

use chrono::{Datelike, NaiveDate};
use rust_decimal::Decimal;
use schemars::{json_schema, JsonSchema, Schema, SchemaGenerator};
use serde::de::{self, Deserializer, Visitor};
use serde::{Deserialize, Serialize, Serializer};

/// The literal a file uses to say "we looked and do not know".
pub const UNKNOWN: &str = "unknown";

/// How much a fact can be relied on. Only `verified` counts as verified evidence
/// for the assessment's confidence figure.
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
pub enum EvidenceStatus {
    /// Checked against independent evidence (a certificate checked with its issuer,
    /// a signed contract, a register entry).
    Verified,
    /// Stated by the provider itself (its own page, contract text, questionnaire answer).
    SelfDeclared,
    /// Reported by an independent article, dataset or aggregator; not confirmed by the provider.
    ThirdParty,
    /// A keyword match on a provider page recorded by an aggregator; not proof of anything.
    KeywordProbe,
}

impl EvidenceStatus {
    pub fn as_str(self) -> &'static str {
        // The serde name (`snake_case`), derived.
        self.into()
    }
}

/// The research confidence level carried over from `shared/reference/provider_facts.yaml`.
#[derive(
    Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize, JsonSchema,
)]
#[serde(rename_all = "snake_case")]
pub enum SourceConfidence {
    /// The provider's own page or document.
    Primary,
    /// An official directory, or provider-authored material hosted elsewhere.
    Secondary,
    /// A copy of a provider page on another host.
    Mirror,
    /// An independent article, dataset or aggregator.
    ThirdParty,
    /// A keyword match on a trust page recorded by an aggregator.
    KeywordProbe,
    /// A weak or dated source.
    Low,
}

/// A date as precise as the source gives it: `2026`, `2026-05` or `2026-05-26`.
/// Comparisons use the earliest day of the period, so a vague date never makes
/// evidence look fresher than it is.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct AsOf {
    pub year: i32,
    pub month: Option<u32>,
    pub day: Option<u32>,
}

impl AsOf {
    pub fn from_date(d: NaiveDate) -> Self {
        AsOf {
            year: d.year(),
            month: Some(d.month()),
            day: Some(d.day()),
        }
    }

    /// The first day of the period this date names.
    pub fn earliest(&self) -> NaiveDate {
        NaiveDate::from_ymd_opt(self.year, self.month.unwrap_or(1), self.day.unwrap_or(1))
            .unwrap_or(NaiveDate::MIN)
    }

    /// The last day of the period this date names.
    pub fn latest(&self) -> NaiveDate {
        match (self.month, self.day) {
            (Some(m), Some(d)) => {
                NaiveDate::from_ymd_opt(self.year, m, d).unwrap_or(NaiveDate::MAX)
            }
            (Some(m), None) => {
                let (ny, nm) = if m == 12 {
                    (self.year + 1, 1)
                } else {
                    (self.year, m + 1)
                };
                NaiveDate::from_ymd_opt(ny, nm, 1)
                    .and_then(|d| d.pred_opt())
                    .unwrap_or(NaiveDate::MAX)
            }
            _ => NaiveDate::from_ymd_opt(self.year, 12, 31).unwrap_or(NaiveDate::MAX),
        }
    }

    pub fn is_full_date(&self) -> bool {
        self.day.is_some()
    }
}

impl PartialOrd for AsOf {
    fn partial_cmp(&self, other: &Self) -> Option<std::cmp::Ordering> {
        Some(self.cmp(other))
    }
}
impl Ord for AsOf {
    fn cmp(&self, other: &Self) -> std::cmp::Ordering {
        (self.year, self.month.unwrap_or(0), self.day.unwrap_or(0)).cmp(&(
            other.year,
            other.month.unwrap_or(0),
            other.day.unwrap_or(0),
        ))
    }
}

/// Why a date string was refused.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct DateError(pub String);

impl fmt::Display for DateError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

impl FromStr for AsOf {
    type Err = DateError;
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        let parts: Vec<&str> = s.split('-').collect();
        let num = |p: &str, len: usize, what: &str| -> Result<u32, DateError> {
            if p.len() != len || !p.bytes().all(|b| b.is_ascii_digit()) {
                return Err(DateError(format!("`{s}`: {what} must have {len} digits")));
            }
            p.parse::<u32>()
                .map_err(|_| DateError(format!("`{s}`: bad {what}")))
        };
        let year = num(parts.first().copied().unwrap_or(""), 4, "the year")? as i32;
        let month = match parts.get(1) {
            Some(p) => {
                let m = num(p, 2, "the month")?;
                if !(1..=12).contains(&m) {
                    return Err(DateError(format!("`{s}`: there is no month {m}")));
                }
                Some(m)
            }
            None => None,
        };
        let day = match parts.get(2) {
            Some(p) => {
                let d = num(p, 2, "the day")?;
                let m = month.unwrap_or(1);
                if NaiveDate::from_ymd_opt(year, m, d).is_none() {
                    return Err(DateError(format!("`{s}`: {year:04}-{m:02} has no day {d}")));
                }
                Some(d)
            }
            None => None,
        };
        if parts.len() > 3 {
            return Err(DateError(format!(
                "`{s}`: expected YYYY, YYYY-MM or YYYY-MM-DD"
            )));
        }
        Ok(AsOf { year, month, day })
    }
}

impl fmt::Display for AsOf {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{:04}", self.year)?;
        if let Some(m) = self.month {
            write!(f, "-{m:02}")?;
        }
        if let Some(d) = self.day {
            write!(f, "-{d:02}")?;
        }
        Ok(())
    }
}

impl Serialize for AsOf {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.collect_str(self)
    }
}

impl<'de> Deserialize<'de> for AsOf {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        struct V;
        impl Visitor<'_> for V {
            type Value = AsOf;
            fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
                f.write_str("a date YYYY, YYYY-MM or YYYY-MM-DD")
            }
            fn visit_str<E: de::Error>(self, v: &str) -> Result<AsOf, E> {
                v.parse().map_err(E::custom)
            }
            fn visit_u64<E: de::Error>(self, v: u64) -> Result<AsOf, E> {
                v.to_string().parse().map_err(E::custom)
            }
            fn visit_i64<E: de::Error>(self, v: i64) -> Result<AsOf, E> {
                v.to_string().parse().map_err(E::custom)
            }
        }
        d.deserialize_any(V)
    }
}

impl JsonSchema for AsOf {
    fn schema_name() -> Cow<'static, str> {
        "AsOf".into()
    }
    fn json_schema(_: &mut SchemaGenerator) -> Schema {
        json_schema!({
            "description": "A date as precise as the source gives it: YYYY, YYYY-MM or YYYY-MM-DD.",
            "type": ["string", "integer"],
            "pattern": "^[0-9]{4}(-[0-9]{2}(-[0-9]{2})?)?$"
        })
    }
}

/// A full calendar date (`YYYY-MM-DD`), for dates that must be exact: validity
/// periods, evaluation dates, exchange-rate dates.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Date(pub NaiveDate);

impl FromStr for Date {
    type Err = DateError;
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        let a: AsOf = s.parse()?;
        if !a.is_full_date() {
            return Err(DateError(format!("`{s}`: expected a full date YYYY-MM-DD")));
        }
        Ok(Date(a.earliest()))
    }
}

impl fmt::Display for Date {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.0.format("%Y-%m-%d"))
    }
}

impl Serialize for Date {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.collect_str(self)
    }
}

impl<'de> Deserialize<'de> for Date {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        let s = String::deserialize(d)?;
        s.parse().map_err(de::Error::custom)
    }
}

impl JsonSchema for Date {
    fn schema_name() -> Cow<'static, str> {
        "Date".into()
    }
    fn json_schema(_: &mut SchemaGenerator) -> Schema {
        json_schema!({
            "description": "A calendar date YYYY-MM-DD.",
            "type": "string",
            "pattern": "^[0-9]{4}-[0-9]{2}-[0-9]{2}$"
        })
    }
}

/// An exact decimal amount. YAML numbers are read through their shortest
/// decimal representation, so `27.44705` stays exactly 27.44705.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Default)]
pub struct Amount(pub Decimal);

impl Amount {
    pub fn is_positive(&self) -> bool {
        self.0 > Decimal::ZERO
    }
}

impl fmt::Display for Amount {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.0.normalize())
    }
}

impl Serialize for Amount {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        // Serialised as a JSON number through its exact decimal text.
        let text = self.0.normalize().to_string();
        match serde_json::Number::from_str(&text) {
            Ok(n) => n.serialize(s),
            Err(_) => s.serialize_str(&text),
        }
    }
}

impl<'de> Deserialize<'de> for Amount {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        struct V;
        impl Visitor<'_> for V {
            type Value = Amount;
            fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
                f.write_str("a decimal number")
            }
            fn visit_f64<E: de::Error>(self, v: f64) -> Result<Amount, E> {
                if !v.is_finite() {
                    return Err(E::custom("expected a finite number"));
                }
                // `{}` prints the shortest text that reads back as the same f64.
                let d = Decimal::from_str(&format!("{v}"))
                    .or_else(|_| Decimal::from_scientific(&format!("{v:e}")))
                    .map_err(|_| E::custom(format!("{v} is out of range for an amount")))?;
                // A figure below 28 decimal places would become 0 (and then be
                // reported as a price of 0): refuse it as written.
                if d.is_zero() && v != 0.0 {
                    return Err(E::custom(format!(
                        "{v:e} is too small for an amount: amounts have at most 28 decimal places"
                    )));
                }
                Ok(Amount(d))
            }
            fn visit_u64<E: de::Error>(self, v: u64) -> Result<Amount, E> {
                Ok(Amount(Decimal::from(v)))
            }
            fn visit_i64<E: de::Error>(self, v: i64) -> Result<Amount, E> {
                Ok(Amount(Decimal::from(v)))
            }
            fn visit_str<E: de::Error>(self, v: &str) -> Result<Amount, E> {
                let d = Decimal::from_str(v.trim())
                    .map_err(|_| E::custom(format!("`{v}` is not a decimal number")))?;
                if d.is_zero()
                    && v.trim()
                        .trim_start_matches(['-', '+'])
                        .trim_start_matches(['0', '.'])
                        .chars()
                        .any(|c| c.is_ascii_digit() && c != '0')
                {
                    return Err(E::custom(format!(
                        "`{v}` is too small for an amount: amounts have at most 28 decimal places"
                    )));
                }
                Ok(Amount(d))
            }
        }
        d.deserialize_any(V)
    }
}

impl JsonSchema for Amount {
    fn schema_name() -> Cow<'static, str> {
        "Amount".into()
    }
    fn json_schema(_: &mut SchemaGenerator) -> Schema {
        // Bounded well inside rust_decimal's range (about 7.9e28), so the schema
        // refuses what the model cannot hold instead of a later model-mismatch.
        json_schema!({
            "description": "An exact decimal number.",
            "type": "number",
            "minimum": -1_000_000_000_000_000i64,
            "maximum": 1_000_000_000_000_000i64
        })
    }
}

/// ISO 3166-1 alpha-2 country code, upper case (`DE`, `US`). Checked against
/// the list in `crate::model::codes` by the semantic checks.
pub type CountryCode = String;
/// ISO 4217 currency code, upper case (`EUR`, `USD`).
pub type CurrencyCode = String;

/// One known value, or the explicit statement that it is unknown.
#[derive(Debug, Clone, PartialEq, Default)]
pub enum Known<T> {
    Value(T),
    #[default]
    Unknown,
}

impl<T> Known<T> {
    pub fn as_option(&self) -> Option<&T> {
        match self {
            Known::Value(v) => Some(v),
            Known::Unknown => None,
        }
    }
}

/// Where a fact comes from.
#[derive(Debug, Clone, PartialEq, Default, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Provenance {
    /// Address of the document the fact was taken from.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub source: Option<String>,
    /// When the source said so.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub as_of: Option<AsOf>,
    /// How far the fact can be relied on.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub status: Option<EvidenceStatus>,
    /// The research confidence level from the reference data, kept as found.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub confidence: Option<SourceConfidence>,
}

/// A fact about a provider: a value (or `unknown`) with optional provenance.
///
/// In YAML a fact is written either bare (`hq_country: DE`), as the word
/// `unknown`, or with its provenance:
/// ```yaml
/// hq_country:
///   value: DE
///   source: https://example.com/imprint
///   as_of: 2026-11-30
///   status: self_declared
/// ```
/// A fact that is absent from the file is unknown, which is not the same as false.
#[derive(Debug, Clone, PartialEq)]
pub struct Fact<T> {
    pub value: Known<T>,
    pub provenance: Provenance,
    pub note: Option<String>,
}

impl<T> Default for Fact<T> {
    fn default() -> Self {
        Fact {
            value: Known::Unknown,
            provenance: Provenance::default(),
            note: None,
        }
    }
}

impl<T> Fact<T> {
    pub fn known(value: T) -> Self {
        Fact {
            value: Known::Value(value),
            provenance: Provenance::default(),
            note: None,
        }
    }
    pub fn get(&self) -> Option<&T> {
        self.value.as_option()
    }
    pub fn is_unknown(&self) -> bool {
        matches!(self.value, Known::Unknown)
    }
    /// True when nothing at all was written: used to skip serialising untouched facts.
    pub fn is_blank(&self) -> bool {
        self.is_unknown() && self.provenance == Provenance::default() && self.note.is_none()
    }
}

impl<T: Serialize> Serialize for Fact<T> {
    /// Always the normalised long form: `{value, source?, as_of?, status?, confidence?, note?}`,
    /// with `value: "unknown"` for an unknown fact. The rules engine reads this form.
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        use serde::ser::SerializeMap;
        let mut m = s.serialize_map(None)?;
        match &self.value {
            Known::Value(v) => m.serialize_entry("value", v)?,
            Known::Unknown => m.serialize_entry("value", UNKNOWN)?,
        }
        if let Some(x) = &self.provenance.source {
            m.serialize_entry("source", x)?;
        }
        if let Some(x) = &self.provenance.as_of {
            m.serialize_entry("as_of", x)?;
        }
        if let Some(x) = &self.provenance.status {
            m.serialize_entry("status", x)?;
        }
        if let Some(x) = &self.provenance.confidence {
            m.serialize_entry("confidence", x)?;
        }
        if let Some(x) = &self.note {
            m.serialize_entry("note", x)?;
        }
        m.end()
    }
}

/// The word `unknown`, and nothing else.
struct UnknownWord;
impl<'de> Deserialize<'de> for UnknownWord {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        let s = String::deserialize(d)?;
        if s == UNKNOWN {
            Ok(UnknownWord)
        } else {
            Err(de::Error::custom("expected `unknown`"))
        }
    }
}

#[derive(Deserialize)]
#[serde(untagged)]
enum ValueRepr<T> {
    Unknown(#[allow(dead_code)] UnknownWord),
    Value(T),
}

impl<T> From<ValueRepr<T>> for Known<T> {
    fn from(r: ValueRepr<T>) -> Self {
        match r {
            ValueRepr::Unknown(_) => Known::Unknown,
            ValueRepr::Value(v) => Known::Value(v),
        }
    }
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct LongFact<T> {
    value: ValueRepr<T>,
    #[serde(default)]
    source: Option<String>,
    #[serde(default)]
    as_of: Option<AsOf>,
    #[serde(default)]
    status: Option<EvidenceStatus>,
    #[serde(default)]
    confidence: Option<SourceConfidence>,
    #[serde(default)]
    note: Option<String>,
}

#[derive(Deserialize)]
#[serde(untagged)]
enum FactRepr<T> {
    Long(LongFact<T>),
    Short(ValueRepr<T>),
}

impl<'de, T: Deserialize<'de>> Deserialize<'de> for Fact<T> {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        // The JSON Schema step runs before this and gives the precise message;
        // this only maps an already valid document onto the types.
        match FactRepr::<T>::deserialize(d)? {
            FactRepr::Long(l) => Ok(Fact {
                value: l.value.into(),
                provenance: Provenance {
                    source: l.source,
                    as_of: l.as_of,
                    status: l.status,
                    confidence: l.confidence,
                },
                note: l.note,
            }),
            FactRepr::Short(v) => Ok(Fact {
                value: v.into(),
                provenance: Provenance::default(),
                note: None,
            }),
        }
    }
}

impl<T: JsonSchema> JsonSchema for Fact<T> {
    fn schema_name() -> Cow<'static, str> {
        format!("Fact_{}", T::schema_name()).into()
    }
    fn json_schema(generator: &mut SchemaGenerator) -> Schema {
        let inner = generator.subschema_for::<T>();
        let prov = generator.subschema_for::<EvidenceStatus>();
        let conf = generator.subschema_for::<SourceConfidence>();
        let as_of = generator.subschema_for::<AsOf>();
        json_schema!({
            "description": "A fact: the value itself, the word `unknown`, or a mapping with `value` and its provenance (`source`, `as_of`, `status`, `confidence`, `note`). An absent fact is unknown.",
            "anyOf": [
                { "const": UNKNOWN },
                inner,
                {
                    "type": "object",
                    "properties": {
                        "value": { "anyOf": [ { "const": UNKNOWN }, inner ] },
                        "source": { "type": "string", "description": "Address of the source document." },
                        "as_of": as_of,
                        "status": prov,
                        "confidence": conf,
                        "note": { "type": "string" }
                    },
                    "required": ["value"],
                    "additionalProperties": false
                }
            ]
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn as_of_precision_and_order() {
        let y: AsOf = "2020".parse().unwrap();
        let m: AsOf = "2024-03".parse().unwrap();
        let d: AsOf = "2026-11-30".parse().unwrap();
        assert_eq!(y.earliest(), NaiveDate::from_ymd_opt(2020, 1, 1).unwrap());
        assert_eq!(m.latest(), NaiveDate::from_ymd_opt(2024, 3, 31).unwrap());
        assert!(y < m && m < d);
        assert_eq!(d.to_string(), "2026-11-30");
        assert!("2026-02-30".parse::<AsOf>().is_err());
        assert!("2026-13".parse::<AsOf>().is_err());
        assert!("26-01-01".parse::<AsOf>().is_err());
    }

    #[test]
    fn amount_keeps_decimal_text() {
        let a: Amount = serde_yaml::from_str("27.44705").unwrap();
        assert_eq!(a.0.to_string(), "27.44705");
        let b: Amount = serde_yaml::from_str("'0.1'").unwrap();
        assert_eq!(b.0.to_string(), "0.1");
        assert!(serde_yaml::from_str::<Amount>(".nan").is_err());
    }

    #[test]
    fn fact_forms() {
        let a: Fact<bool> = serde_yaml::from_str("true").unwrap();
        assert_eq!(a.get(), Some(&true));
        let b: Fact<bool> = serde_yaml::from_str("unknown").unwrap();
        assert!(b.is_unknown());
        let c: Fact<String> = serde_yaml::from_str(
            "{value: DE, source: 'https://x', as_of: 2026-05, status: self_declared}",
        )
        .unwrap();
        assert_eq!(c.get().map(String::as_str), Some("DE"));
        assert_eq!(c.provenance.as_of.unwrap().to_string(), "2026-05");
        let d: Fact<String> = serde_yaml::from_str("unknown").unwrap();
        assert!(d.is_unknown());
        let json = serde_json::to_value(&d).unwrap();
        assert_eq!(json, serde_json::json!({"value": "unknown"}));
    }
}
