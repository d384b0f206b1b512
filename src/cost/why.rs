//! Why a cost figure is missing, and how a speed basis was found: typed values,
//! rendered in the reader's language at the edge (as `eval::why` does for rule
//! outcomes).
//!
//! A [`Why`] is a message of the catalogue ([`Msg`], the texts are in
//! `src/i18n/cost_why.rs`) with its arguments: IDs and names (never translated),
//! numbers (written with the language's decimal mark), cost items (their label in
//! the language) and nested reasons. There is no translation by string
//! replacement: a provider ID such as `gpufactory` is an argument and is copied as
//! it is. JSON keeps the English text, so machine-readable output is the same in
//! both languages.

use std::fmt;
use std::sync::Arc;

use serde::{Serialize, Serializer};
use strum::{EnumIter, IntoStaticStr};

use super::{LineKind, SharedText};
use crate::i18n::{self, Lang};

/// The messages a reason can be made of. The catalogue key is `cost_why_` + the
/// snake-case name; a test makes sure every message has both languages.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, IntoStaticStr, EnumIter)]
#[strum(serialize_all = "snake_case")]
pub enum Msg {
    /// `{provider}`: the provider states no price for the item.
    PriceNotStated,
    /// The same, said once for several providers (named elsewhere).
    PriceNotStatedAny,
    NoOnDemandPrice,
    NoSpotPrice,
    NoSpotPriceShort,
    NoOnDemandToCompare,
    ComputeOutOfRange,
    SpotOutOfRange,
    /// `{currency}`.
    NoExchangeRate,
    /// `{provider}`, `{gpu}`.
    NoOperationOffer,
    /// The same, said once for several providers.
    NoOperationOfferAny,
    EgressNoTiers,
    /// `{gb}`, `{last}`.
    EgressBeyondTier,
    /// `{gb}` (volume mode).
    EgressBeyondLastTier,
    ZeroGpusPerInstance,
    /// `{why}`: no speed basis.
    NoBasis,
    BasisNotComputed,
    /// `{item}: {why}`.
    Item,
    /// `{list}` joined with "; ".
    All,
    /// Budget caveat: `{list}` of `{item} ({why})`.
    LeavesOut,
    /// `{item} ({why})`, an entry of [`Msg::LeavesOut`].
    ItemInParens,
    // Speed bases.
    /// `{gpu}`.
    MeasuredOn,
    /// `{gpu}`.
    ReferenceRowsFor,
    /// `{gpu}`, `{reference}`.
    NoBenchmarkNamed,
    /// `{gpu}`.
    NotInCatalogue,
    /// `{gpu}`.
    NoFormFactor,
    /// `{gpu}`.
    ReferenceNoFormFactor,
    /// `{factor}`, `{bench}`, `{ref_median}`, `{count}`, `{reference}`, `{ref_n}`,
    /// `{ref_rows}`, `{offer_median}`, `{gpu}`, `{offer_n}`, `{offer_rows}`.
    FactorTraining,
    /// The same for inference (throughput, offer first).
    FactorInference,
    /// `{why}; only submitters …: {submitters}`.
    SameSubmitters,
    /// `{why}; {bench} used instead of {instead}`.
    FallbackUsed,
    /// `{name}: {why}`: the named benchmark and why it was not used.
    BenchmarkFailed,
    /// `{factor}`, `{ref_n}`, `{offer_n}`, `{bench}`, `{count}`: the short form per offer.
    FactorShort,
    // Benchmark lookups.
    /// `{gpu}`, `{bench}`.
    NoRowsForReference,
    /// `{gpu}`, `{bench}`.
    NoRowsFor,
    /// `{reference}`, `{ref_counts}`, `{gpu}`, `{offer_counts}`, `{bench}`.
    NoSharedCount,
    /// `{rows}`, `{systems}`, `{gpu}`, `{bench}`, `{count}`, `{min_rows}`,
    /// `{min_systems}`, `{other}`.
    TooFewRows,
    /// `{bench}`.
    NoUsableRatio,
    /// `{why}`, `{reference}`, `{gpu}`.
    NoFallback,
    /// `{bench}`, `{gpu}`, `{count}`, `{counts}`.
    NoRowsAtCount,
    /// `{name}` or `{name} ({scenario})`.
    Benchmark,
    /// `{name} ({scenario})`.
    BenchmarkScenario,
    /// The word for "none" in a list of counts.
    NoneCounts,
    /// Budget advice without a ranked offer.
    NoKnownComputeCost,
    // Rent versus buy.
    /// `{gpu}`.
    OwnNoOnDemandPrice,
    /// `{why}`.
    CannotCompare,
    /// `{rate}`, `{currency}`.
    ElectricityExceedsRent,
    /// `{pct}`.
    NeedsOver100,
    /// `{util}`, `{owned}`, `{currency}`, `{rent}`, `{offer}`.
    OwnCheaper,
    /// The same when renting is cheaper.
    RentCheaper,
    // The workload and the reference throughput.
    WorkTraining,
    WorkInference,
    RefMeasured,
    RefFirstTraining,
    RefFirstInference,
    RefBenchmark,
    // Assumptions about billing terms the provider does not state.
    AssumeIncrement,
    AssumeMinimum,
    AssumeTerm,
    AssumeSpans,
    // The arithmetic of line items.
    CalcRework,
    CalcCompute,
    CalcSameCurrency,
    CalcConversion,
    CalcStorage,
    CalcNoData,
    CalcNoEgress,
    CalcEgressHead,
    CalcEgressZero,
    CalcGraduated,
    CalcGraduatedPart,
    CalcVolume,
    CalcOneOff,
    CalcMonthly,
    CalcOperation,
    /// `{a}{b}`.
    Concat,
    /// `{list}` joined with " + ".
    Sum,
    // Rent versus buy: the arithmetic and the units of the inputs.
    RvbInputsIn,
    RvbFixed,
    RvbEnergy,
    RvbOwned,
    RvbRented,
    RvbRentedTotal,
    UnitPlain,
    UnitYears,
    UnitRatio,
    UnitPerKwh,
    UnitPctOfPrice,
    UnitPerMonth,
    UnitPerYear,
    // The method notes.
    MethodScaling,
    MethodInstances,
    MethodSeconds,
    MethodRounding,
    MethodRange,
    MethodRanked,
    MethodSpot,
    MethodQualify,
    /// The comparable items do not depend on which providers are compared.
    MethodSameBasis,
    // Whose offer the budget advice is for.
    BudgetForCheapest,
    BudgetForRecommended,
    BudgetForLeading,
    BudgetForNoneRecommended,
    /// `{provider}`: the focused provider has no ranked offer.
    NoPricedOfferFor,
    // A generic GPU model resolved from what the offer states.
    /// `{written}`, `{model}`, `{word}`, `{instance}`.
    ResolvedInstanceName,
    /// `{written}`, `{model}`, `{link}`.
    ResolvedInterconnect,
    /// Egress, bracket tier: `{head}`, `{gb}`, `{price}`, `{cost}`, `{currency}`.
    CalcBracket,
}

impl Msg {
    /// The catalogue key.
    pub fn key(self) -> String {
        let name: &'static str = self.into();
        format!("cost_why_{name}")
    }
}

/// One argument of a reason.
#[derive(Debug, Clone, PartialEq)]
pub enum Arg {
    /// An ID, a name, a path: copied as it is in every language.
    Text(SharedText),
    /// A number in its English text (`0.184287`, `64`); German writes a decimal comma.
    Num(String),
    /// A cost item, written as its label in the language.
    Item(LineKind),
    /// A nested reason.
    Why(Why),
    /// Reasons joined with "; " (", " for [`Msg::LeavesOut`], " + " for [`Msg::Sum`]).
    List(Vec<Why>),
    /// A word of the catalogue (a unit, a precision), by its key.
    Label(&'static str),
}

impl From<&str> for Arg {
    fn from(s: &str) -> Self {
        Arg::Text(s.into())
    }
}
impl From<String> for Arg {
    fn from(s: String) -> Self {
        Arg::Text(s.into())
    }
}
impl From<&String> for Arg {
    fn from(s: &String) -> Self {
        Arg::Text(s.as_str().into())
    }
}
impl From<SharedText> for Arg {
    fn from(s: SharedText) -> Self {
        Arg::Text(s)
    }
}
impl From<&SharedText> for Arg {
    fn from(s: &SharedText) -> Self {
        Arg::Text(s.clone())
    }
}
impl From<LineKind> for Arg {
    fn from(k: LineKind) -> Self {
        Arg::Item(k)
    }
}
impl From<Why> for Arg {
    fn from(w: Why) -> Self {
        Arg::Why(w)
    }
}
impl From<&Why> for Arg {
    fn from(w: &Why) -> Self {
        Arg::Why(w.clone())
    }
}

/// A number argument from anything that prints as a number.
pub fn num(n: impl fmt::Display) -> Arg {
    Arg::Num(n.to_string())
}

#[derive(Debug, Clone, PartialEq)]
struct Inner {
    msg: Msg,
    args: Vec<(&'static str, Arg)>,
}

/// A reason: a message with its arguments, shared between the offers it applies to
/// (cloning copies a pointer).
#[derive(Debug, Clone, PartialEq)]
pub struct Why(Arc<Inner>);

impl Why {
    pub fn new(msg: Msg) -> Why {
        Why(Arc::new(Inner {
            msg,
            args: Vec::new(),
        }))
    }

    /// `self` with one more argument.
    pub fn with(mut self, name: &'static str, value: impl Into<Arg>) -> Why {
        Arc::make_mut(&mut self.0).args.push((name, value.into()));
        self
    }

    /// `{item}: {why}`.
    pub fn item(item: LineKind, why: &Why) -> Why {
        Why::new(Msg::Item).with("item", item).with("why", why)
    }

    /// Several reasons as one, joined with "; "; one reason stays itself.
    pub fn all(mut list: Vec<Why>) -> Why {
        if list.len() == 1 {
            return list.remove(0);
        }
        Why::new(Msg::All).with("list", Arg::List(list))
    }

    /// `{a}{b}`.
    pub fn concat(a: Why, b: Why) -> Why {
        Why::new(Msg::Concat).with("a", a).with("b", b)
    }

    pub fn msg(&self) -> Msg {
        self.0.msg
    }

    /// The argument `name`, if given.
    pub fn arg(&self, name: &str) -> Option<&Arg> {
        self.0.args.iter().find(|(n, _)| *n == name).map(|(_, a)| a)
    }

    /// The same reason said without naming the provider (the providers are listed
    /// beside it): `price not stated by provider aws` → `price not stated by provider`.
    pub fn without_provider(&self) -> Why {
        match self.0.msg {
            Msg::PriceNotStated => Why::new(Msg::PriceNotStatedAny),
            Msg::NoOperationOffer => {
                let w = Why::new(Msg::NoOperationOfferAny);
                match self.arg("gpu") {
                    Some(g) => w.with("gpu", g.clone()),
                    None => w,
                }
            }
            _ => self.clone(),
        }
    }

    /// The reason in `lang`.
    pub fn render(&self, lang: Lang) -> String {
        let text = i18n::t(lang, &self.0.msg.key());
        let values: Vec<(&str, String)> = self
            .0
            .args
            .iter()
            .map(|(n, a)| (*n, render_arg(a, lang, self.0.msg)))
            .collect();
        let pairs: Vec<(&str, &str)> = values.iter().map(|(n, v)| (*n, v.as_str())).collect();
        i18n::fill_text(text, &pairs)
    }
}

fn render_arg(a: &Arg, lang: Lang, msg: Msg) -> String {
    match a {
        Arg::Text(s) => s.to_string(),
        Arg::Num(n) => match lang {
            Lang::En => n.clone(),
            Lang::De => n.replace('.', ","),
        },
        Arg::Item(k) => item_label(lang, *k),
        Arg::Label(key) => i18n::t(lang, key).to_string(),
        Arg::Why(w) => w.render(lang),
        Arg::List(l) => {
            let sep = match msg {
                Msg::LeavesOut => ", ",
                Msg::Sum => " + ",
                _ => "; ",
            };
            l.iter()
                .map(|w| w.render(lang))
                .collect::<Vec<_>>()
                .join(sep)
        }
    }
}

/// A cost item inside a reason: `storage` / `Speicher`.
fn item_label(lang: Lang, k: LineKind) -> String {
    let key = match k {
        LineKind::ComputeOnDemand => "cost_why_item_compute_on_demand",
        LineKind::ComputeSpot => "cost_why_item_compute_spot",
        LineKind::Storage => "cost_why_item_storage",
        LineKind::Egress => "cost_why_item_egress",
        LineKind::Operation => "cost_why_item_operation",
    };
    i18n::t(lang, key).to_string()
}

impl fmt::Display for Why {
    /// The English text (JSON, logs).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.render(Lang::En))
    }
}

/// Compares the English text (as JSON shows it).
impl PartialEq<str> for Why {
    fn eq(&self, other: &str) -> bool {
        self.render(Lang::En) == other
    }
}

impl PartialEq<&str> for Why {
    fn eq(&self, other: &&str) -> bool {
        self.render(Lang::En) == *other
    }
}

impl Serialize for Why {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(&self.render(Lang::En))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use strum::IntoEnumIterator;

    #[test]
    fn every_message_has_both_languages() {
        for m in Msg::iter() {
            let key = m.key();
            assert!(!i18n::t(Lang::En, &key).is_empty(), "{key} (en)");
            assert!(!i18n::t(Lang::De, &key).is_empty(), "{key} (de)");
        }
        for k in [
            LineKind::ComputeOnDemand,
            LineKind::ComputeSpot,
            LineKind::Storage,
            LineKind::Egress,
            LineKind::Operation,
        ] {
            assert_eq!(item_label(Lang::En, k), k.as_str());
            assert!(!item_label(Lang::De, k).is_empty(), "{k:?}");
        }
    }

    #[test]
    fn ids_are_arguments_and_never_translated() {
        let w = Why::item(
            LineKind::Storage,
            &Why::new(Msg::PriceNotStated).with("provider", "gpufactory"),
        );
        assert_eq!(
            w.render(Lang::En),
            "storage: price not stated by provider gpufactory — ask the vendor"
        );
        assert!(
            w.render(Lang::De).contains("gpufactory"),
            "{}",
            w.render(Lang::De)
        );
        assert!(!w.render(Lang::De).contains("Faktor"));
        let n = Why::new(Msg::NoUsableRatio).with("bench", "factory operation storage");
        assert!(n.render(Lang::De).contains("factory operation storage"));
    }

    #[test]
    fn numbers_take_the_decimal_comma_in_german() {
        let w = Why::new(Msg::EgressBeyondTier)
            .with("gb", num("1500.5"))
            .with("last", num("1000"));
        assert!(w.render(Lang::De).contains("1500,5"));
        assert!(w.render(Lang::En).contains("1500.5"));
    }
}
