//! Checks compiled against one set of requirements, and their evaluation.
//!
//! Compiling resolves everything that does not depend on the provider once:
//! pointers are parsed, thresholds taken from the requirements, named sets
//! (allowed countries, required GPU models) expanded. Offers are read through
//! typed accessors instead of JSON, so a rule over a million offers is one pass
//! over a slice.

use std::collections::HashMap;

use chrono::NaiveDate;
use serde_json::Value;

use super::pointer::{read, Found, JsonPtr, ProvRef};
use super::qualify::{self, Finding, OfferNeeds, OfferSummary, SummaryBuilder, Verdict};
use super::why::{Cmp, Expect, Need, Why};
use super::{FactRead, Outcome};
use crate::model::common::{AsOf, Fact, Known, Provenance};
use crate::model::provider::{Availability, Interconnect, Offer, ProviderProfile};
use crate::model::rule_pack::{Check, Compare, NamedSet, Unmatched, WhenMissing, WhenNone};

/// EU member states and the EEA states Iceland, Liechtenstein and Norway.
pub const EEA: [&str; 30] = [
    "AT", "BE", "BG", "CY", "CZ", "DE", "DK", "EE", "ES", "FI", "FR", "GR", "HR", "HU", "IE", "IT",
    "LT", "LU", "LV", "MT", "NL", "PL", "PT", "RO", "SE", "SI", "SK", "IS", "LI", "NO",
];

/// Values derived from the requirements, used by `one_of … set:`.
#[derive(Debug, Clone, Default)]
pub struct Sets {
    pub allowed_countries: Vec<String>,
    pub required_gpu_models: Vec<String>,
    pub must_have_certifications: Vec<String>,
}

impl Sets {
    fn get(&self, s: NamedSet) -> (Vec<Value>, bool) {
        let to_vals = |v: &[String]| v.iter().map(|x| Value::String(x.clone())).collect();
        match s {
            NamedSet::AllowedCountries => (to_vals(&self.allowed_countries), false),
            NamedSet::Eea => (
                EEA.iter().map(|c| Value::String(c.to_string())).collect(),
                false,
            ),
            // An empty model list means "any model".
            NamedSet::RequiredGpuModels => (
                to_vals(&self.required_gpu_models),
                self.required_gpu_models.is_empty(),
            ),
            NamedSet::MustHaveCertifications => (to_vals(&self.must_have_certifications), false),
        }
    }
}

/// Fields of an offer a check may read (pointers relative to an item of `/offers`).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum OfferField {
    Id,
    InstanceType,
    Region,
    /// Derived: the country of the offer's region.
    RegionCountry,
    GpuModel,
    GpusPerInstance,
    /// Derived: the offer's `vram_gb`, else the GPU catalogue's value for the model.
    VramGb,
    Interconnect,
    Currency,
    PriceOnDemand,
    PriceSpot,
    /// Derived: at least one reserved price.
    HasReservedPrice,
    /// Derived: an on-demand price is listed (an absent price means there is none).
    HasOnDemandPrice,
    /// Derived: a spot price is listed.
    HasSpotPrice,
    BillingIncrementSeconds,
    MinimumBilledSeconds,
    MinimumTermMonths,
    /// The offer's availability, else its region's.
    Availability,
    /// Derived: the offer qualifies for these requirements (see `eval::qualify`);
    /// unknown while a fact it needs is open.
    Qualifies,
}

impl OfferField {
    pub const ALL: [(&'static str, OfferField); 19] = [
        ("id", OfferField::Id),
        ("instance_type", OfferField::InstanceType),
        ("region", OfferField::Region),
        ("region_country", OfferField::RegionCountry),
        ("gpu_model", OfferField::GpuModel),
        ("gpus_per_instance", OfferField::GpusPerInstance),
        ("vram_gb", OfferField::VramGb),
        ("interconnect", OfferField::Interconnect),
        ("currency", OfferField::Currency),
        ("price_on_demand", OfferField::PriceOnDemand),
        ("price_spot", OfferField::PriceSpot),
        ("has_reserved_price", OfferField::HasReservedPrice),
        ("has_on_demand_price", OfferField::HasOnDemandPrice),
        ("has_spot_price", OfferField::HasSpotPrice),
        (
            "billing_increment_seconds",
            OfferField::BillingIncrementSeconds,
        ),
        ("minimum_billed_seconds", OfferField::MinimumBilledSeconds),
        ("minimum_term_months", OfferField::MinimumTermMonths),
        ("availability", OfferField::Availability),
        ("qualifies", OfferField::Qualifies),
    ];

    fn parse(p: &JsonPtr) -> Result<OfferField, String> {
        let name = match p.segments.as_slice() {
            [one] => one.as_str(),
            _ => "",
        };
        OfferField::ALL
            .iter()
            .find(|(n, _)| *n == name)
            .map(|(_, f)| *f)
            .ok_or_else(|| {
                let names: Vec<&str> = OfferField::ALL.iter().map(|(n, _)| *n).collect();
                format!(
                    "`{}` is not an offer field a check can read; use one of: {}",
                    p.text,
                    names.join(", ")
                )
            })
    }
}

/// Where a pointer reads.
#[derive(Debug, Clone)]
pub enum P {
    Json(JsonPtr),
    Offer(OfferField),
}

#[derive(Debug, Clone)]
pub enum ListP {
    Json(JsonPtr),
    Offers,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum CmpOp {
    Lt,
    Le,
    Gt,
    Ge,
}

impl CmpOp {
    fn holds(self, a: f64, b: f64) -> bool {
        match self {
            CmpOp::Lt => a < b,
            CmpOp::Le => a <= b,
            CmpOp::Gt => a > b,
            CmpOp::Ge => a >= b,
        }
    }
    fn cmp(self) -> Cmp {
        match self {
            CmpOp::Lt => Cmp::Lt,
            CmpOp::Le => Cmp::Le,
            CmpOp::Gt => Cmp::Gt,
            CmpOp::Ge => Cmp::Ge,
        }
    }
}

/// A compiled check.
#[derive(Debug, Clone)]
pub enum CCheck {
    All(Vec<CCheck>),
    Any(Vec<CCheck>),
    Not(Box<CCheck>),
    Exists(P),
    Equals(P, Value),
    /// Values; `true` = accept anything (an empty required set); the string values
    /// sorted, for binary search on the offer path.
    OneOf(P, Vec<Value>, bool, Vec<String>),
    /// A `one_of` with `open_values`: a value in the open list gives unknown.
    OneOfOpen(P, Vec<Value>, Vec<Value>),
    Contains(P, Value),
    /// Threshold `None`: the requirement is not set, the check passes.
    Cmp(P, CmpOp, Option<f64>),
    NotExpired(P, WhenMissing),
    NotOlderThan(P, u32),
    Before(P, NaiveDate),
    Count {
        list: ListP,
        filter: Option<Box<CCheck>>,
        at_least: Option<u32>,
        at_most: Option<u32>,
        none_is_unknown: WhenNone,
        /// A fact declaring the list complete: a shortfall fails only when it is true.
        complete_if: Option<JsonPtr>,
        /// For `/offers`: the index of this node's tally (see `assign_offer_slots`).
        slot: usize,
    },
    Every {
        list: ListP,
        filter: Box<CCheck>,
        missing: WhenMissing,
        slot: usize,
    },
    /// The "all elements" quantifier (see `rule_pack::AllElements`).
    AllElements {
        list: JsonPtr,
        except: Vec<Value>,
        matched_in: JsonPtr,
        key: JsonPtr,
        filter: Option<Box<CCheck>>,
        unmatched: Unmatched,
    },
}

/// What pointers mean while compiling.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Scope {
    /// The whole provider profile (`/offers` only through `count`/`every`).
    Profile,
    /// An item of `/offers`.
    Offer,
    /// An item of another list, or the requirements document.
    Plain,
}

/// Compiles a check. `req` is the requirements document (for thresholds).
pub fn compile(c: &Check, scope: Scope, req: &Value, sets: &Sets) -> Result<CCheck, String> {
    let ptr = |text: &str| -> Result<P, String> {
        let p = JsonPtr::parse(text)?;
        match scope {
            Scope::Offer => Ok(P::Offer(OfferField::parse(&p)?)),
            Scope::Profile if p.first() == Some("offers") => Err(format!(
                "`{text}`: offers are read through `count` or `every` with `list: /offers`"
            )),
            _ => Ok(P::Json(p)),
        }
    };
    let list = |text: &str| -> Result<(ListP, Scope), String> {
        let p = JsonPtr::parse(text)?;
        match scope {
            Scope::Profile if text == "/offers" => Ok((ListP::Offers, Scope::Offer)),
            Scope::Offer => Err(format!("`{text}`: offers have no nested lists to count")),
            _ => Ok((ListP::Json(p), Scope::Plain)),
        }
    };
    let sub = |c: &Check, s: Scope| compile(c, s, req, sets);
    Ok(match c {
        Check::All(v) => CCheck::All(v.iter().map(|x| sub(x, scope)).collect::<Result<_, _>>()?),
        Check::Any(v) => CCheck::Any(v.iter().map(|x| sub(x, scope)).collect::<Result<_, _>>()?),
        Check::Not(x) => CCheck::Not(Box::new(sub(x, scope)?)),
        Check::Exists(f) => CCheck::Exists(ptr(&f.fact)?),
        Check::Equals(e) => CCheck::Equals(ptr(&e.fact)?, e.value.clone()),
        Check::Contains(e) => CCheck::Contains(ptr(&e.fact)?, e.value.clone()),
        Check::OneOf(o) => {
            let mut values = o.values.clone();
            let mut any = false;
            if let Some(s) = o.set {
                let (v, a) = sets.get(s);
                values.extend(v);
                any = a;
            }
            if o.set.is_none() && o.values.is_empty() {
                return Err(format!("one_of on `{}` needs `values` or `set`", o.fact));
            }
            let mut strs: Vec<String> = values
                .iter()
                .filter_map(|v| v.as_str().map(str::to_string))
                .collect();
            strs.sort();
            strs.dedup();
            if !o.open_values.is_empty() {
                if scope == Scope::Offer {
                    return Err(format!(
                        "one_of on `{}`: `open_values` is not available for offer fields",
                        o.fact
                    ));
                }
                return Ok(CCheck::OneOfOpen(
                    ptr(&o.fact)?,
                    values,
                    o.open_values.clone(),
                ));
            }
            CCheck::OneOf(ptr(&o.fact)?, values, any, strs)
        }
        Check::Lt(x) => cmp(x, CmpOp::Lt, ptr(&x.fact)?, req)?,
        Check::Le(x) => cmp(x, CmpOp::Le, ptr(&x.fact)?, req)?,
        Check::Gt(x) => cmp(x, CmpOp::Gt, ptr(&x.fact)?, req)?,
        Check::Ge(x) => cmp(x, CmpOp::Ge, ptr(&x.fact)?, req)?,
        Check::NotExpired(x) => CCheck::NotExpired(ptr(&x.fact)?, x.missing),
        Check::NotOlderThan(x) => CCheck::NotOlderThan(ptr(&x.fact)?, x.months),
        Check::Before(x) => CCheck::Before(ptr(&x.fact)?, x.date.0),
        Check::Count(x) => {
            if x.at_least.is_none() && x.at_most.is_none() {
                return Err(format!(
                    "count over `{}` needs `at_least` or `at_most`",
                    x.list
                ));
            }
            let (l, inner) = list(&x.list)?;
            CCheck::Count {
                list: l,
                filter: match &x.filter {
                    Some(f) => Some(Box::new(sub(f, inner)?)),
                    None => None,
                },
                at_least: x.at_least,
                at_most: x.at_most,
                none_is_unknown: x.when_none,
                complete_if: match &x.complete_if {
                    Some(c) if scope == Scope::Profile => Some(JsonPtr::parse(c)?),
                    Some(c) => {
                        return Err(format!(
                            "count over `{}`: `complete_if` (`{c}`) is only allowed at the top of a profile check",
                            x.list
                        ))
                    }
                    None => None,
                },
                slot: usize::MAX,
            }
        }
        Check::Every(x) => {
            let (l, inner) = list(&x.list)?;
            CCheck::Every {
                list: l,
                filter: Box::new(sub(&x.filter, inner)?),
                missing: x.missing,
                slot: usize::MAX,
            }
        }
        Check::AllElements(x) => {
            if scope == Scope::Offer {
                return Err(format!(
                    "all_elements over `{}`: not available inside offers",
                    x.list
                ));
            }
            let l = JsonPtr::parse(&x.list)?;
            let m = JsonPtr::parse(&x.matched_in)?;
            if l.first() == Some("offers") || m.first() == Some("offers") {
                return Err(format!(
                    "all_elements over `{}`: offers are read through `count` or `every`",
                    x.list
                ));
            }
            CCheck::AllElements {
                list: l,
                except: x.except.map(|s| sets.get(s).0).unwrap_or_default(),
                matched_in: m,
                key: JsonPtr::parse(&x.key)?,
                filter: match &x.filter {
                    Some(f) => Some(Box::new(sub(f, Scope::Plain)?)),
                    None => None,
                },
                unmatched: x.unmatched,
            }
        }
    })
}

fn cmp(x: &Compare, op: CmpOp, p: P, req: &Value) -> Result<CCheck, String> {
    let threshold = match (&x.value, &x.requirement) {
        (Some(v), None) => Some(*v),
        (None, Some(r)) => {
            let rp = JsonPtr::parse(r)?;
            match read(req, &rp, ProvRef::default()) {
                Found::Value(v, _) => match v.as_f64() {
                    Some(n) => Some(n),
                    None => return Err(format!("requirement `{r}` is not a number")),
                },
                _ => x.default,
            }
        }
        (Some(_), Some(_)) => {
            return Err(format!(
                "comparison on `{}` has both `value` and `requirement`",
                x.fact
            ))
        }
        (None, None) => {
            return Err(format!(
                "comparison on `{}` needs `value` or `requirement`",
                x.fact
            ))
        }
    };
    if let Some(t) = threshold {
        if !t.is_finite() {
            return Err(format!(
                "comparison on `{}` has no finite threshold",
                x.fact
            ));
        }
    }
    Ok(CCheck::Cmp(p, op, threshold))
}

// ---------------------------------------------------------------------------
// Evaluation

/// Per-provider derived offer values, computed once.
#[derive(Debug, Clone, Copy)]
pub struct OfferDerived<'a> {
    pub region_country: Option<&'a str>,
    pub vram_gb: Option<u32>,
    pub availability: Option<&'a Fact<Availability>>,
    /// First day of the offer's `as_of`, computed once.
    pub as_of: Option<NaiveDate>,
    /// The qualification verdict for the engine's requirements.
    pub verdict: Verdict,
}

/// Offers of one provider with their derived values.
pub struct OfferView<'a> {
    pub offers: &'a [Offer],
    pub derived: Vec<OfferDerived<'a>>,
    /// The offers against the requirements, in counts.
    pub summary: OfferSummary,
}

impl<'a> OfferView<'a> {
    pub fn new(
        p: &'a ProviderProfile,
        vram: &HashMap<&'static str, u32>,
        needs: &OfferNeeds,
    ) -> OfferView<'a> {
        let regions: HashMap<&str, &crate::model::provider::Region> =
            p.regions.iter().map(|r| (r.id.as_str(), r)).collect();
        let mut summary = SummaryBuilder::default();
        let mut kinds = Vec::with_capacity(6);
        let derived = p
            .offers
            .iter()
            .map(|o| {
                let region = regions.get(o.region.as_str()).copied();
                let vram_gb = o
                    .vram_gb
                    .or_else(|| vram.get(o.gpu_model.as_str()).copied());
                kinds.clear();
                let mut bad_country = None;
                let verdict = qualify::judge(needs, o, region, vram_gb, |f| {
                    if let Finding::Country(c) = f {
                        bad_country = Some(c);
                    }
                    kinds.push(f.kind());
                });
                summary.add(o, verdict, &kinds, bad_country);
                OfferDerived {
                    // Offers a region marks unconfirmed prove no location.
                    region_country: region
                        .filter(|r| !r.offers_unconfirmed)
                        .map(|r| r.country.as_str()),
                    vram_gb,
                    availability: if o.availability.is_unknown() {
                        region.map(|r| &r.availability)
                    } else {
                        Some(&o.availability)
                    },
                    as_of: o.provenance.as_of.map(|a| a.earliest()),
                    verdict,
                }
            })
            .collect();
        OfferView {
            offers: &p.offers,
            derived,
            summary: summary.finish(),
        }
    }
}

/// Evaluation state for one rule on one provider.
pub struct Cx<'a> {
    pub date: NaiveDate,
    /// Evidence whose `as_of` starts before this date is stale; `None` = no age limit.
    pub cutoff: Option<NaiveDate>,
    pub max_months: u32,
    pub offers: Option<&'a OfferView<'a>>,
    /// The results of the one pass over the offers, by slot.
    pub tallies: &'a [OfferTally],
    pub reads: Vec<FactRead>,
    pub missing: Vec<String>,
    pub all_verified: bool,
}

impl<'a> Cx<'a> {
    pub fn new(
        date: NaiveDate,
        max_months: Option<u32>,
        offers: Option<&'a OfferView<'a>>,
    ) -> Self {
        let cutoff = max_months.map(|m| {
            date.checked_sub_months(chrono::Months::new(m))
                .unwrap_or(NaiveDate::MIN)
        });
        Cx {
            date,
            cutoff,
            max_months: max_months.unwrap_or(0),
            offers,
            tallies: &[],
            reads: Vec::new(),
            missing: Vec::new(),
            all_verified: true,
        }
    }

    fn is_stale(&self, as_of: Option<&str>) -> bool {
        match (self.cutoff, as_of.and_then(|s| s.parse::<AsOf>().ok())) {
            (Some(c), Some(a)) => a.earliest() < c,
            _ => false,
        }
    }

    fn note_read(&mut self, ptr: &str, value: Value, prov: ProvRef<'_>, note: Option<&str>) {
        if prov.status != Some("verified") {
            self.all_verified = false;
        }
        if self.reads.iter().any(|r| r.pointer == ptr) {
            return;
        }
        self.reads.push(FactRead {
            pointer: ptr.to_string(),
            value,
            source: prov.source.map(str::to_string),
            as_of: prov.as_of.map(str::to_string),
            status: prov.status.map(str::to_string),
            note: note.map(str::to_string),
        });
    }
}

fn show(v: &Value) -> String {
    match v {
        Value::String(s) => s.clone(),
        other => other.to_string(),
    }
}

/// Equality that treats 1 and 1.0 as equal.
pub fn same(a: &Value, b: &Value) -> bool {
    match (a, b) {
        (Value::Number(x), Value::Number(y)) => x.as_f64() == y.as_f64(),
        _ => a == b,
    }
}

/// Reads one fact in JSON; `Err` carries why it is unknown.
fn leaf<'v>(
    p: &JsonPtr,
    root: &'v Value,
    base: &str,
    outer: ProvRef<'v>,
    cx: &mut Cx<'_>,
) -> Result<(&'v Value, String), Why> {
    let full = format!("{base}{}", p.text);
    match read(root, p, outer) {
        Found::Absent => {
            cx.all_verified = false;
            cx.missing.push(full.clone());
            Err(Why::Missing { ptr: full })
        }
        Found::Unknown(prov) => {
            cx.note_read(&full, Value::String("unknown".into()), prov, None);
            cx.missing.push(full.clone());
            Err(Why::Missing { ptr: full })
        }
        Found::Value(v, prov) => {
            if prov.status == Some("keyword_probe") {
                cx.note_read(&full, v.clone(), prov, Some("keyword match only"));
                cx.missing.push(full.clone());
                return Err(Why::KeywordOnly { ptr: full });
            }
            if cx.is_stale(prov.as_of) {
                let as_of = prov.as_of.unwrap_or_default().to_string();
                cx.note_read(&full, v.clone(), prov, Some("stale"));
                cx.all_verified = false;
                cx.missing.push(full.clone());
                return Err(Why::Stale {
                    ptr: full,
                    as_of,
                    months: cx.max_months,
                });
            }
            cx.note_read(&full, v.clone(), prov, None);
            Ok((v, full))
        }
    }
}

fn three(pass: bool) -> Outcome {
    if pass {
        Outcome::Pass
    } else {
        Outcome::Fail
    }
}

/// Evaluates a compiled check on a JSON document (the profile, a list item or
/// the requirements). `base` prefixes recorded pointers of list items.
pub fn eval_json<'v>(
    c: &CCheck,
    root: &'v Value,
    base: &str,
    outer: ProvRef<'v>,
    cx: &mut Cx<'_>,
) -> (Outcome, Why) {
    let mark = cx.missing.len();
    let r = eval_json_inner(c, root, base, outer, cx);
    if r.0 != Outcome::Unknown {
        // Unknown parts that did not decide the outcome raise no question.
        cx.missing.truncate(mark);
    }
    r
}

fn eval_json_inner<'v>(
    c: &CCheck,
    root: &'v Value,
    base: &str,
    outer: ProvRef<'v>,
    cx: &mut Cx<'_>,
) -> (Outcome, Why) {
    let jp = |p: &P| match p {
        P::Json(j) => Some(j.clone()),
        P::Offer(_) => None,
    };
    match c {
        CCheck::All(parts) | CCheck::Any(parts) => {
            let is_all = matches!(c, CCheck::All(_));
            let results: Vec<(Outcome, Why)> = parts
                .iter()
                .map(|p| eval_json(p, root, base, outer, cx))
                .collect();
            let decisive = if is_all { Outcome::Fail } else { Outcome::Pass };
            if let Some((o, w)) = results.iter().find(|(o, _)| *o == decisive) {
                return (*o, w.clone());
            }
            let unknown: Vec<Why> = results
                .iter()
                .filter(|(o, _)| *o == Outcome::Unknown)
                .map(|(_, w)| w.clone())
                .collect();
            if !unknown.is_empty() {
                return (Outcome::Unknown, Why::Several(unknown));
            }
            let outcome = if is_all { Outcome::Pass } else { Outcome::Fail };
            (
                outcome,
                Why::Several(results.into_iter().map(|r| r.1).collect()),
            )
        }
        CCheck::Not(inner) => {
            let (o, w) = eval_json(inner, root, base, outer, cx);
            let o = match o {
                Outcome::Pass => Outcome::Fail,
                Outcome::Fail => Outcome::Pass,
                Outcome::Unknown => Outcome::Unknown,
            };
            let w = if o == Outcome::Fail {
                Why::Not(Box::new(w))
            } else {
                w
            };
            (o, w)
        }
        CCheck::Exists(p) => {
            let Some(p) = jp(p) else {
                return offer_scope_error();
            };
            match leaf(&p, root, base, outer, cx) {
                Ok((v, ptr)) => (
                    Outcome::Pass,
                    Why::Holds {
                        ptr,
                        found: v.clone(),
                    },
                ),
                Err(w) => (Outcome::Unknown, w),
            }
        }
        CCheck::Equals(p, lit) => {
            let Some(p) = jp(p) else {
                return offer_scope_error();
            };
            match leaf(&p, root, base, outer, cx) {
                Ok((v, ptr)) => judge(same(v, lit), ptr, v, Expect::Equal(lit.clone())),
                Err(w) => (Outcome::Unknown, w),
            }
        }
        CCheck::OneOf(p, values, any, _) => {
            let Some(p) = jp(p) else {
                return offer_scope_error();
            };
            match leaf(&p, root, base, outer, cx) {
                Ok((v, ptr)) => {
                    let ok = *any
                        || match v {
                            Value::Array(items) => {
                                items.iter().all(|i| values.iter().any(|x| same(i, x)))
                            }
                            _ => values.iter().any(|x| same(v, x)),
                        };
                    judge(ok, ptr, v, Expect::OneOf(values.to_vec()))
                }
                Err(w) => (Outcome::Unknown, w),
            }
        }
        CCheck::OneOfOpen(p, values, open) => {
            let Some(p) = jp(p) else {
                return offer_scope_error();
            };
            match leaf(&p, root, base, outer, cx) {
                Ok((v, ptr)) => {
                    if values.iter().any(|x| same(v, x)) {
                        (
                            Outcome::Pass,
                            Why::Holds {
                                ptr,
                                found: v.clone(),
                            },
                        )
                    } else if open.iter().any(|x| same(v, x)) {
                        cx.missing.push(ptr.clone());
                        (
                            Outcome::Unknown,
                            Why::Open {
                                ptr,
                                found: v.clone(),
                            },
                        )
                    } else {
                        judge(false, ptr, v, Expect::OneOf(values.to_vec()))
                    }
                }
                Err(w) => (Outcome::Unknown, w),
            }
        }
        CCheck::AllElements {
            list,
            except,
            matched_in,
            key,
            filter,
            unmatched,
        } => eval_all_elements(
            (list, except, matched_in, key, filter.as_deref(), *unmatched),
            root,
            base,
            outer,
            cx,
        ),
        CCheck::Contains(p, lit) => {
            let Some(p) = jp(p) else {
                return offer_scope_error();
            };
            match leaf(&p, root, base, outer, cx) {
                Ok((v, ptr)) => {
                    let ok = match v {
                        Value::Array(items) => items.iter().any(|i| same(i, lit)),
                        other => same(other, lit),
                    };
                    judge(ok, ptr, v, Expect::Contains(lit.clone()))
                }
                Err(w) => (Outcome::Unknown, w),
            }
        }
        CCheck::Cmp(p, op, threshold) => {
            let Some(p) = jp(p) else {
                return offer_scope_error();
            };
            let Some(t) = threshold else {
                return (
                    Outcome::Pass,
                    Why::NoThreshold {
                        ptr: p.text.clone(),
                    },
                );
            };
            match leaf(&p, root, base, outer, cx) {
                Ok((v, ptr)) => match v.as_f64() {
                    Some(n) => judge(op.holds(n, *t), ptr, v, Expect::Compare(op.cmp(), *t)),
                    None => judge(false, ptr, v, Expect::Compare(op.cmp(), *t)),
                },
                Err(w) => (Outcome::Unknown, w),
            }
        }
        CCheck::NotExpired(p, missing) => {
            let Some(p) = jp(p) else {
                return offer_scope_error();
            };
            let full = format!("{base}{}", p.text);
            match read(root, &p, outer) {
                Found::Value(v, prov) => {
                    cx.note_read(&full, v.clone(), prov, None);
                    match v.as_str().and_then(|s| s.parse::<AsOf>().ok()) {
                        Some(d) if d.latest() >= cx.date => (
                            Outcome::Pass,
                            Why::Holds {
                                ptr: full,
                                found: v.clone(),
                            },
                        ),
                        Some(_) => {
                            cx.missing.push(full.clone());
                            (
                                Outcome::Unknown,
                                Why::Expired {
                                    ptr: full,
                                    date: show(v),
                                },
                            )
                        }
                        None => judge(false, full, v, Expect::Date),
                    }
                }
                _ if *missing == WhenMissing::Pass => (Outcome::Pass, Why::NoEndDate { ptr: full }),
                _ => {
                    cx.missing.push(full.clone());
                    (Outcome::Unknown, Why::Missing { ptr: full })
                }
            }
        }
        CCheck::NotOlderThan(p, months) => {
            let Some(p) = jp(p) else {
                return offer_scope_error();
            };
            match leaf(&p, root, base, outer, cx) {
                Ok((v, ptr)) => match v.as_str().and_then(|s| s.parse::<AsOf>().ok()) {
                    Some(d) => {
                        let limit = cx
                            .date
                            .checked_sub_months(chrono::Months::new(*months))
                            .unwrap_or(NaiveDate::MIN);
                        if d.earliest() >= limit {
                            (
                                Outcome::Pass,
                                Why::Holds {
                                    ptr,
                                    found: v.clone(),
                                },
                            )
                        } else {
                            cx.missing.push(ptr.clone());
                            (
                                Outcome::Unknown,
                                Why::Stale {
                                    ptr,
                                    as_of: show(v),
                                    months: *months,
                                },
                            )
                        }
                    }
                    None => judge(false, ptr, v, Expect::Date),
                },
                Err(w) => (Outcome::Unknown, w),
            }
        }
        CCheck::Before(p, limit) => {
            let Some(p) = jp(p) else {
                return offer_scope_error();
            };
            match leaf(&p, root, base, outer, cx) {
                Ok((v, ptr)) => match v.as_str().and_then(|s| s.parse::<AsOf>().ok()) {
                    // A month-precision date (`2027-05`) decides only when the whole
                    // month lies on one side of the limit.
                    Some(d) if d.latest() < *limit => {
                        judge(true, ptr, v, Expect::Before(limit.to_string()))
                    }
                    Some(d) if d.earliest() >= *limit => {
                        judge(false, ptr, v, Expect::Before(limit.to_string()))
                    }
                    Some(_) => {
                        cx.missing.push(ptr.clone());
                        (Outcome::Unknown, Why::Missing { ptr })
                    }
                    None => judge(false, ptr, v, Expect::Date),
                },
                Err(w) => (Outcome::Unknown, w),
            }
        }
        CCheck::Count {
            list,
            filter,
            at_least,
            at_most,
            none_is_unknown,
            complete_if,
            slot,
        } => {
            let need = Need {
                at_least: *at_least,
                at_most: *at_most,
            };
            let (matched, unknown, total, detail, lp) = match list {
                ListP::Offers => match count_offers(*slot, cx) {
                    Some((m, u, t)) => (m, u, t, (None, None), "/offers".to_string()),
                    None => return offer_scope_error(),
                },
                ListP::Json(lp) => {
                    let full = format!("{base}{}", lp.text);
                    match read(root, lp, outer) {
                        Found::Value(Value::Array(items), prov) => {
                            let (mut m, mut u) = (0, 0);
                            let mut first_unknown = None;
                            let mut first_fail = None;
                            for (i, item) in items.iter().enumerate() {
                                let ib = format!("{full}/{i}");
                                let (o, w) = match filter {
                                    Some(f) => eval_json(f, item, &ib, prov, cx),
                                    None => (
                                        Outcome::Pass,
                                        Why::Holds {
                                            ptr: ib,
                                            found: Value::Null,
                                        },
                                    ),
                                };
                                match o {
                                    Outcome::Pass => m += 1,
                                    Outcome::Unknown => {
                                        u += 1;
                                        first_unknown.get_or_insert(w);
                                    }
                                    Outcome::Fail => {
                                        first_fail.get_or_insert(w);
                                    }
                                }
                            }
                            (m, u, items.len(), (first_unknown, first_fail), full)
                        }
                        Found::Value(v, prov) => {
                            cx.note_read(&full, v.clone(), prov, None);
                            return judge(false, full, v, Expect::List);
                        }
                        Found::Unknown(prov) => {
                            cx.note_read(&full, Value::String("unknown".into()), prov, None);
                            cx.missing.push(full.clone());
                            return (Outcome::Unknown, Why::Missing { ptr: full });
                        }
                        Found::Absent => {
                            cx.all_verified = false;
                            cx.missing.push(full.clone());
                            return (Outcome::Unknown, Why::Missing { ptr: full });
                        }
                    }
                }
            };
            // A list declared complete (`complete_if`) makes a shortfall fail; on a
            // list nobody declared complete a shortfall proves nothing (unknown).
            let declared = complete_if.as_ref().map(|cp| {
                let ptr = format!("{base}{}", cp.text);
                match read(root, cp, outer) {
                    Found::Value(v, prov) => {
                        cx.note_read(&ptr, v.clone(), prov, None);
                        v == &Value::Bool(true)
                    }
                    Found::Unknown(prov) => {
                        cx.note_read(&ptr, Value::String("unknown".into()), prov, None);
                        false
                    }
                    Found::Absent => false,
                }
            });
            let when_none = match declared {
                Some(true) => WhenNone::Fail,
                Some(false) => WhenNone::Unknown,
                None => *none_is_unknown,
            };
            let mut outcome = Outcome::Pass;
            let mut incomplete = false;
            if let Some(k) = at_least {
                let k = *k as usize;
                if matched < k {
                    incomplete = matched + unknown < k
                        && (when_none == WhenNone::Unknown
                            || (when_none == WhenNone::UnknownIfEmpty && total == 0));
                    outcome = if matched + unknown >= k || incomplete {
                        Outcome::Unknown
                    } else {
                        Outcome::Fail
                    };
                }
            }
            if let Some(k) = at_most {
                let k = *k as usize;
                if matched > k {
                    outcome = Outcome::Fail;
                } else if matched + unknown > k && outcome == Outcome::Pass {
                    outcome = Outcome::Unknown;
                }
            }
            if outcome == Outcome::Unknown {
                cx.missing.push(lp.clone());
            }
            let why = Why::Count {
                list: lp,
                matched,
                unknown,
                total,
                need,
                incomplete,
                detail: match outcome {
                    Outcome::Pass => None,
                    Outcome::Unknown => detail.0.map(Box::new),
                    Outcome::Fail => detail.1.map(Box::new),
                },
            };
            (outcome, why)
        }
        CCheck::Every {
            list,
            filter,
            missing,
            slot,
        } => {
            let lp = match list {
                ListP::Json(lp) => lp,
                ListP::Offers => {
                    return match every_offer(*slot, cx) {
                        Some((o, total)) => (
                            o,
                            Why::Every {
                                list: "/offers".into(),
                                total,
                                detail: None,
                            },
                        ),
                        None => offer_scope_error(),
                    };
                }
            };
            let full = format!("{base}{}", lp.text);
            match read(root, lp, outer) {
                Found::Value(Value::Array(items), prov) => {
                    let mut outcome = Outcome::Pass;
                    let mut detail = None;
                    for (i, item) in items.iter().enumerate() {
                        let ib = format!("{full}/{i}");
                        let (o, w) = eval_json(filter, item, &ib, prov, cx);
                        match o {
                            Outcome::Fail => {
                                outcome = Outcome::Fail;
                                detail = Some(w);
                                break;
                            }
                            Outcome::Unknown if outcome == Outcome::Pass => {
                                outcome = Outcome::Unknown;
                                detail = Some(w);
                            }
                            _ => {}
                        }
                    }
                    (
                        outcome,
                        Why::Every {
                            list: full,
                            total: items.len(),
                            detail: detail.map(Box::new),
                        },
                    )
                }
                Found::Value(v, prov) => {
                    cx.note_read(&full, v.clone(), prov, None);
                    judge(false, full, v, Expect::List)
                }
                _ if *missing == WhenMissing::Pass => {
                    (Outcome::Pass, Why::NoneListed { ptr: full })
                }
                _ => {
                    cx.all_verified = false;
                    cx.missing.push(full.clone());
                    (Outcome::Unknown, Why::Missing { ptr: full })
                }
            }
        }
    }
}

type AllElementsArgs<'c> = (
    &'c JsonPtr,
    &'c [Value],
    &'c JsonPtr,
    &'c JsonPtr,
    Option<&'c CCheck>,
    Unmatched,
);

/// The "all elements" quantifier: every element of `list` not in `except` has an
/// item in `matched_in` whose `key` equals it and that passes `filter`.
fn eval_all_elements<'v>(
    (list, except, matched_in, key, filter, unmatched): AllElementsArgs<'_>,
    root: &'v Value,
    base: &str,
    outer: ProvRef<'v>,
    cx: &mut Cx<'_>,
) -> (Outcome, Why) {
    let full = format!("{base}{}", list.text);
    let elements: &Vec<Value> = match read(root, list, outer) {
        Found::Value(Value::Array(items), prov) => {
            cx.note_read(&full, Value::Array(items.clone()), prov, None);
            items
        }
        Found::Value(v, prov) => {
            cx.note_read(&full, v.clone(), prov, None);
            return judge(false, full, v, Expect::List);
        }
        Found::Unknown(prov) => {
            cx.note_read(&full, Value::String("unknown".into()), prov, None);
            cx.missing.push(full.clone());
            return (Outcome::Unknown, Why::Missing { ptr: full });
        }
        Found::Absent => {
            cx.all_verified = false;
            cx.missing.push(full.clone());
            return (Outcome::Unknown, Why::Missing { ptr: full });
        }
    };
    let mfull = format!("{base}{}", matched_in.text);
    let (items, iprov, items_known): (&[Value], ProvRef<'v>, bool) =
        match read(root, matched_in, outer) {
            Found::Value(Value::Array(items), prov) => (items.as_slice(), prov, true),
            Found::Value(v, prov) => {
                cx.note_read(&mfull, v.clone(), prov, None);
                return judge(false, mfull, v, Expect::List);
            }
            _ => (&[], ProvRef::default(), false),
        };
    let mut outcome = Outcome::Pass;
    let mut detail: Option<Why> = None;
    let mut checked = 0;
    for e in elements {
        if except.iter().any(|x| same(x, e)) {
            continue;
        }
        checked += 1;
        let mut found_any = false;
        let mut best = Outcome::Fail;
        let mut best_why = None;
        for (i, item) in items.iter().enumerate() {
            let matches = matches!(read(item, key, iprov), Found::Value(v, _) if same(v, e));
            if !matches {
                continue;
            }
            found_any = true;
            let (o, w) = match filter {
                Some(f) => eval_json(f, item, &format!("{mfull}/{i}"), iprov, cx),
                None => (
                    Outcome::Pass,
                    Why::Holds {
                        ptr: format!("{mfull}/{i}"),
                        found: e.clone(),
                    },
                ),
            };
            match o {
                Outcome::Pass => {
                    best = Outcome::Pass;
                    best_why = None;
                    break;
                }
                Outcome::Unknown => {
                    best = Outcome::Unknown;
                    best_why = Some(w);
                }
                Outcome::Fail if best == Outcome::Fail => best_why = Some(w),
                Outcome::Fail => {}
            }
        }
        let (o, w) = if found_any {
            (best, best_why)
        } else {
            let o = if items_known && unmatched == Unmatched::Fail {
                Outcome::Fail
            } else {
                cx.missing.push(mfull.clone());
                Outcome::Unknown
            };
            (
                o,
                Some(Why::Uncovered {
                    list: full.clone(),
                    element: e.clone(),
                    matched_in: mfull.clone(),
                }),
            )
        };
        match o {
            Outcome::Fail => {
                outcome = Outcome::Fail;
                detail = w;
                break;
            }
            Outcome::Unknown if outcome == Outcome::Pass => {
                outcome = Outcome::Unknown;
                detail = w;
            }
            _ => {}
        }
    }
    (
        outcome,
        Why::Every {
            list: full,
            total: checked,
            detail: detail.map(Box::new),
        },
    )
}

fn judge(ok: bool, ptr: String, found: &Value, expected: Expect) -> (Outcome, Why) {
    let found = found.clone();
    if ok {
        (Outcome::Pass, Why::Holds { ptr, found })
    } else {
        (
            Outcome::Fail,
            Why::Differs {
                ptr,
                found,
                expected,
            },
        )
    }
}

fn offer_scope_error() -> (Outcome, Why) {
    // Compilation refuses offer pointers outside `count`/`every` over `/offers`,
    // so this is unreachable for compiled packs; stay safe anyway.
    (
        Outcome::Unknown,
        Why::Missing {
            ptr: "/offers".into(),
        },
    )
}

// --- offers -----------------------------------------------------------------

/// A value read from an offer.
#[derive(Debug, Clone, Copy)]
enum OV<'a> {
    Unknown,
    Stale,
    Str(&'a str),
    Num(f64),
    Bool(bool),
}

fn availability_key(a: Availability) -> &'static str {
    match a {
        Availability::OnDemand => "on_demand",
        Availability::Reservation => "reservation",
        Availability::Waitlist => "waitlist",
        Availability::Marketplace => "marketplace",
    }
}

fn interconnect_key(i: Interconnect) -> &'static str {
    match i {
        Interconnect::Nvlink => "nvlink",
        Interconnect::InfinityFabric => "infinity_fabric",
        Interconnect::Pcie => "pcie",
        Interconnect::None => "none",
    }
}

struct OfferCx {
    cutoff: Option<NaiveDate>,
    all_verified: bool,
    stale: bool,
}

impl OfferCx {
    fn fact<'a, T, F: Fn(&'a T) -> OV<'a>>(
        &mut self,
        f: &'a Fact<T>,
        offer_prov: &Provenance,
        offer_as_of: Option<NaiveDate>,
        conv: F,
    ) -> OV<'a> {
        let status = f.provenance.status.or(offer_prov.status);
        if status != Some(crate::model::common::EvidenceStatus::Verified) {
            self.all_verified = false;
        }
        if status == Some(crate::model::common::EvidenceStatus::KeywordProbe) {
            return OV::Stale;
        }
        match &f.value {
            Known::Unknown => OV::Unknown,
            Known::Value(v) => {
                let as_of = f.provenance.as_of.map(|a| a.earliest()).or(offer_as_of);
                match (self.cutoff, as_of) {
                    (Some(c), Some(a)) if a < c => {
                        self.stale = true;
                        OV::Stale
                    }
                    _ => conv(v),
                }
            }
        }
    }
    fn plain<'a>(
        &mut self,
        v: OV<'a>,
        offer_prov: &Provenance,
        offer_as_of: Option<NaiveDate>,
    ) -> OV<'a> {
        if offer_prov.status != Some(crate::model::common::EvidenceStatus::Verified) {
            self.all_verified = false;
        }
        if offer_prov.status == Some(crate::model::common::EvidenceStatus::KeywordProbe) {
            return OV::Stale;
        }
        match (self.cutoff, offer_as_of) {
            (Some(c), Some(a)) if a < c => {
                self.stale = true;
                OV::Stale
            }
            _ => v,
        }
    }
}

fn offer_read<'a>(f: OfferField, o: &'a Offer, d: &OfferDerived<'a>, ocx: &mut OfferCx) -> OV<'a> {
    let pv = &o.provenance;
    let opt_str = |s: Option<&'a str>| s.map(OV::Str).unwrap_or(OV::Unknown);
    let num = |x: &u32| OV::Num(f64::from(*x));
    match f {
        OfferField::Id => ocx.plain(OV::Str(&o.id), pv, d.as_of),
        OfferField::InstanceType => ocx.plain(opt_str(o.instance_type.as_deref()), pv, d.as_of),
        OfferField::Region => ocx.plain(OV::Str(&o.region), pv, d.as_of),
        OfferField::RegionCountry => ocx.plain(opt_str(d.region_country), pv, d.as_of),
        OfferField::GpuModel => ocx.plain(OV::Str(&o.gpu_model), pv, d.as_of),
        OfferField::GpusPerInstance => {
            ocx.plain(OV::Num(f64::from(o.gpus_per_instance)), pv, d.as_of)
        }
        OfferField::VramGb => ocx.plain(
            d.vram_gb
                .map(|v| OV::Num(f64::from(v)))
                .unwrap_or(OV::Unknown),
            pv,
            d.as_of,
        ),
        OfferField::Interconnect => ocx.fact(&o.interconnect, pv, d.as_of, |i| {
            OV::Str(interconnect_key(*i))
        }),
        OfferField::Currency => ocx.plain(OV::Str(&o.currency), pv, d.as_of),
        OfferField::PriceOnDemand => ocx.plain(
            o.price_on_demand
                .map(|a| OV::Num(decimal_f64(a.0)))
                .unwrap_or(OV::Unknown),
            pv,
            d.as_of,
        ),
        OfferField::PriceSpot => ocx.plain(
            o.price_spot
                .map(|a| OV::Num(decimal_f64(a.0)))
                .unwrap_or(OV::Unknown),
            pv,
            d.as_of,
        ),
        OfferField::HasReservedPrice => {
            ocx.plain(OV::Bool(!o.price_reserved.is_empty()), pv, d.as_of)
        }
        OfferField::HasOnDemandPrice => {
            ocx.plain(OV::Bool(o.price_on_demand.is_some()), pv, d.as_of)
        }
        OfferField::HasSpotPrice => ocx.plain(OV::Bool(o.price_spot.is_some()), pv, d.as_of),
        OfferField::BillingIncrementSeconds => {
            ocx.fact(&o.billing_increment_seconds, pv, d.as_of, num)
        }
        OfferField::MinimumBilledSeconds => ocx.fact(&o.minimum_billed_seconds, pv, d.as_of, num),
        OfferField::MinimumTermMonths => ocx.fact(&o.minimum_term_months, pv, d.as_of, num),
        OfferField::Availability => match d.availability {
            Some(a) => ocx.fact(a, pv, d.as_of, |x| OV::Str(availability_key(*x))),
            None => OV::Unknown,
        },
        OfferField::Qualifies => ocx.plain(
            match d.verdict {
                Verdict::Qualifies => OV::Bool(true),
                Verdict::DoesNotQualify => OV::Bool(false),
                Verdict::Open => OV::Unknown,
            },
            pv,
            d.as_of,
        ),
    }
}

fn decimal_f64(d: rust_decimal::Decimal) -> f64 {
    use rust_decimal::prelude::ToPrimitive;
    d.to_f64().unwrap_or(f64::NAN)
}

fn ov_eq(v: OV<'_>, lit: &Value) -> bool {
    match (v, lit) {
        (OV::Str(s), Value::String(l)) => s == l,
        (OV::Num(n), Value::Number(l)) => l.as_f64() == Some(n),
        (OV::Bool(b), Value::Bool(l)) => b == *l,
        _ => false,
    }
}

fn eval_offer(c: &CCheck, o: &Offer, d: &OfferDerived<'_>, ocx: &mut OfferCx) -> Outcome {
    let field = |p: &P| match p {
        P::Offer(f) => Some(*f),
        P::Json(_) => None,
    };
    let known = |v: OV<'_>| !matches!(v, OV::Unknown | OV::Stale);
    match c {
        CCheck::All(parts) => {
            let mut out = Outcome::Pass;
            for p in parts {
                match eval_offer(p, o, d, ocx) {
                    Outcome::Fail => return Outcome::Fail,
                    Outcome::Unknown => out = Outcome::Unknown,
                    Outcome::Pass => {}
                }
            }
            out
        }
        CCheck::Any(parts) => {
            let mut out = Outcome::Fail;
            for p in parts {
                match eval_offer(p, o, d, ocx) {
                    Outcome::Pass => return Outcome::Pass,
                    Outcome::Unknown => out = Outcome::Unknown,
                    Outcome::Fail => {}
                }
            }
            out
        }
        CCheck::Not(inner) => match eval_offer(inner, o, d, ocx) {
            Outcome::Pass => Outcome::Fail,
            Outcome::Fail => Outcome::Pass,
            Outcome::Unknown => Outcome::Unknown,
        },
        CCheck::Exists(p) => match field(p) {
            Some(f) if known(offer_read(f, o, d, ocx)) => Outcome::Pass,
            _ => Outcome::Unknown,
        },
        CCheck::Equals(p, lit) => match field(p).map(|f| offer_read(f, o, d, ocx)) {
            Some(v) if known(v) => three(ov_eq(v, lit)),
            _ => Outcome::Unknown,
        },
        CCheck::OneOf(p, values, any, strs) => match field(p).map(|f| offer_read(f, o, d, ocx)) {
            Some(OV::Str(x)) => three(*any || strs.binary_search_by(|s| s.as_str().cmp(x)).is_ok()),
            Some(v) if known(v) => three(*any || values.iter().any(|l| ov_eq(v, l))),
            _ => Outcome::Unknown,
        },
        CCheck::Contains(p, lit) => match field(p).map(|f| offer_read(f, o, d, ocx)) {
            Some(v) if known(v) => three(ov_eq(v, lit)),
            _ => Outcome::Unknown,
        },
        CCheck::Cmp(p, op, t) => {
            let Some(t) = t else {
                return Outcome::Pass;
            };
            match field(p).map(|f| offer_read(f, o, d, ocx)) {
                Some(OV::Num(n)) => three(op.holds(n, *t)),
                Some(v) if known(v) => Outcome::Fail,
                _ => Outcome::Unknown,
            }
        }
        // Offers carry no dates and no nested lists; compilation refuses these.
        CCheck::NotExpired(..)
        | CCheck::NotOlderThan(..)
        | CCheck::Before(..)
        | CCheck::OneOfOpen(..)
        | CCheck::AllElements { .. }
        | CCheck::Count { .. }
        | CCheck::Every { .. } => Outcome::Unknown,
    }
}

/// What one pass over the offers found for one `count`/`every` node.
#[derive(Debug, Clone, Default)]
pub struct OfferTally {
    pub matched: usize,
    pub undecided: usize,
    pub failed: usize,
    pub total: usize,
    pub first: Option<usize>,
    pub all_verified: bool,
    pub stale: bool,
}

/// A `count`/`every` over `/offers` from some rule, evaluated in the shared pass.
#[derive(Debug, Clone)]
pub struct OfferNode {
    pub filter: Option<CCheck>,
    /// Evidence older than this is stale for this node's rule.
    pub max_months: u32,
}

/// Numbers every `count`/`every` over `/offers` in `c` and collects its filter into
/// `nodes`, so that all rules share one pass over the offers.
pub fn assign_offer_slots(c: &mut CCheck, nodes: &mut Vec<OfferNode>, max_months: u32) {
    match c {
        CCheck::All(v) | CCheck::Any(v) => {
            for x in v {
                assign_offer_slots(x, nodes, max_months);
            }
        }
        CCheck::Not(x) => assign_offer_slots(x, nodes, max_months),
        CCheck::Count {
            list: ListP::Offers,
            filter,
            slot,
            ..
        } => {
            *slot = nodes.len();
            nodes.push(OfferNode {
                filter: filter.as_deref().cloned(),
                max_months,
            });
        }
        CCheck::Every {
            list: ListP::Offers,
            filter,
            slot,
            ..
        } => {
            *slot = nodes.len();
            nodes.push(OfferNode {
                filter: Some((**filter).clone()),
                max_months,
            });
        }
        _ => {}
    }
}

/// One pass over a provider's offers: every node's filter on every offer, so each
/// offer is read from memory once for all rules.
pub fn tally_offers(view: &OfferView<'_>, nodes: &[OfferNode], date: NaiveDate) -> Vec<OfferTally> {
    let mut ocxs: Vec<OfferCx> = nodes
        .iter()
        .map(|n| OfferCx {
            cutoff: Some(
                date.checked_sub_months(chrono::Months::new(n.max_months))
                    .unwrap_or(NaiveDate::MIN),
            ),
            all_verified: true,
            stale: false,
        })
        .collect();
    let mut out: Vec<OfferTally> = nodes
        .iter()
        .map(|_| OfferTally {
            total: view.offers.len(),
            all_verified: true,
            ..OfferTally::default()
        })
        .collect();
    for (i, (o, d)) in view.offers.iter().zip(view.derived.iter()).enumerate() {
        for ((n, t), ocx) in nodes.iter().zip(out.iter_mut()).zip(ocxs.iter_mut()) {
            let r = match &n.filter {
                Some(f) => eval_offer(f, o, d, ocx),
                None => Outcome::Pass,
            };
            match r {
                Outcome::Pass => {
                    t.matched += 1;
                    t.first.get_or_insert(i);
                }
                Outcome::Unknown => t.undecided += 1,
                Outcome::Fail => t.failed += 1,
            }
        }
    }
    for (t, ocx) in out.iter_mut().zip(ocxs.iter()) {
        t.all_verified = ocx.all_verified;
        t.stale = ocx.stale;
    }
    out
}

fn count_offers(slot: usize, cx: &mut Cx<'_>) -> Option<(usize, usize, usize)> {
    let t = cx.tallies.get(slot)?.clone();
    record_offers(cx, &t);
    Some((t.matched, t.undecided, t.total))
}

fn every_offer(slot: usize, cx: &mut Cx<'_>) -> Option<(Outcome, usize)> {
    let t = cx.tallies.get(slot)?.clone();
    let outcome = if t.failed > 0 {
        Outcome::Fail
    } else if t.undecided > 0 {
        Outcome::Unknown
    } else {
        Outcome::Pass
    };
    record_offers(
        cx,
        &OfferTally {
            first: None,
            ..t.clone()
        },
    );
    if outcome == Outcome::Unknown {
        cx.missing.push("/offers".into());
    }
    Some((outcome, t.total))
}

fn record_offers(cx: &mut Cx<'_>, t: &OfferTally) {
    let (matched, unknown, total, first) = (t.matched, t.undecided, t.total, t.first);
    if !t.all_verified || total == 0 {
        cx.all_verified = false;
    }
    let (source, as_of, status) = match (first, cx.offers) {
        (Some(i), Some(v)) => {
            let p = &v.offers[i].provenance;
            (
                p.source.clone(),
                p.as_of.map(|a| a.to_string()),
                p.status.map(|s| s.as_str().to_string()),
            )
        }
        _ => (None, None, None),
    };
    let mut value = serde_json::json!({"matching": matched, "undecided": unknown, "total": total});
    if let (Some(i), Value::Object(m)) = (first, &mut value) {
        m.insert("first_match".into(), Value::String(format!("/offers/{i}")));
    }
    cx.reads.push(FactRead {
        pointer: "/offers".into(),
        value,
        source,
        as_of,
        status,
        note: if t.stale {
            Some("some offers have stale evidence".into())
        } else {
            None
        },
    });
}
