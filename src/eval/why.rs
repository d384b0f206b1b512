//! Why a check came out as it did: a small tree built during evaluation and
//! rendered as sentences in the reader's language.
//!
//! The tree keeps JSON pointers and values (the JSON output keeps its pointers
//! in `facts` and `missing`); the sentences name fields by their label from
//! the label catalogue (`i18n/fields.rs`), list items by their name (the
//! certificate, the sub-processor, the offer's GPUs in their region), values
//! as words (`general` → "general authorisation", `true` → "yes", dates and
//! numbers in the language's format), and every fixed phrase comes from the
//! message catalogue (`i18n/why.rs`): "Information and audit rights (GDPR Art.
//! 28(3)(h)): not stated in the DPA — ask the vendor".

use serde_json::Value;

use crate::i18n::fields::lower_first;
use crate::i18n::{self, fill, t, Lang};
use crate::model::rule_pack::Text;

/// What a fact was required to be.
#[derive(Debug, Clone, PartialEq)]
pub enum Expect {
    /// This value.
    Equal(Value),
    /// One of these values.
    OneOf(Vec<Value>),
    /// A list that includes this value.
    Contains(Value),
    /// A number compared with a threshold.
    Compare(Cmp, f64),
    /// A date before this one (`YYYY-MM-DD`).
    Before(String),
    /// A date (`YYYY-MM-DD`); the value was not one.
    Date,
    /// A list; the value was not one.
    List,
}

/// A comparison with a threshold.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Cmp {
    Lt,
    Le,
    Gt,
    Ge,
}

/// How many list items a count needs.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Need {
    pub at_least: Option<u32>,
    pub at_most: Option<u32>,
}

/// The cause of a check's outcome.
#[derive(Debug, Clone, PartialEq)]
pub enum Why {
    /// A fact was read and satisfies the check.
    Holds { ptr: String, found: Value },
    /// A fact was read and does not satisfy the check.
    Differs {
        ptr: String,
        found: Value,
        expected: Expect,
    },
    /// The fact is absent or says `unknown`.
    Missing { ptr: String },
    /// The fact's evidence is older than the allowed age.
    Stale {
        ptr: String,
        as_of: String,
        months: u32,
    },
    /// The only evidence is a keyword match recorded by an aggregator.
    KeywordOnly { ptr: String },
    /// A validity date has passed.
    Expired { ptr: String, date: String },
    /// A date the check allows to be absent is absent (no end of validity).
    NoEndDate { ptr: String },
    /// A list the check allows to be absent is absent.
    NoneListed { ptr: String },
    /// The requirements set no threshold, so there is nothing to fall short of.
    NoThreshold { ptr: String },
    /// A count over a list.
    Count {
        list: String,
        matched: usize,
        unknown: usize,
        total: usize,
        need: Need,
        /// Too few matches count as unknown because the list may be incomplete.
        incomplete: bool,
        detail: Option<Box<Why>>,
    },
    /// Every item of a list.
    Every {
        list: String,
        total: usize,
        detail: Option<Box<Why>>,
    },
    /// A fact is known but its value leaves the point open (`open_values`).
    Open { ptr: String, found: Value },
    /// An element of a list has no matching item in another list (`all_elements`).
    Uncovered {
        list: String,
        element: Value,
        matched_in: String,
    },
    /// Several causes together (all parts passed, or any part failed …).
    Several(Vec<Why>),
    /// A negated part.
    Not(Box<Why>),
}

/// At most this many sentences of a `Several`; the rest are counted.
const SHOWN: usize = 4;

impl Why {
    /// The reason in both languages; `doc` is the document the pointers point
    /// into (the provider profile), for the names of list items.
    pub fn render(&self, doc: &Value) -> Text {
        Text::new(self.text(Lang::En, doc), self.text(Lang::De, doc))
    }

    /// The reason as sentences in `lang`.
    pub fn text(&self, lang: Lang, doc: &Value) -> String {
        let cx = Words { lang, doc };
        let mut parts = Vec::new();
        cx.sentences(self, &mut parts);
        join_sentences(lang, parts)
    }
}

/// Sentences joined with "; ", at most [`SHOWN`], then "and N more".
fn join_sentences(lang: Lang, mut parts: Vec<String>) -> String {
    // The same cause found twice (two checks of one list) is said once.
    let mut seen = std::collections::HashSet::new();
    parts.retain(|p| seen.insert(p.to_lowercase()));
    let n = parts.len();
    let mut shown: Vec<String> = parts
        .into_iter()
        .take(SHOWN)
        .enumerate()
        .map(|(i, p)| {
            if i > 0 && lang == Lang::En {
                lower_first(&p)
            } else {
                p
            }
        })
        .collect();
    if n > SHOWN {
        shown.push(fill(lang, "why_more", &[("n", &(n - SHOWN).to_string())]));
    }
    shown.join("; ")
}

struct Words<'a> {
    lang: Lang,
    doc: &'a Value,
}

/// Where a missing fact is not stated: in the DPA or in the sources at all.
fn missing_key(ptr: &str) -> &'static str {
    if ptr.starts_with("/dpa/") {
        "why_missing_dpa"
    } else {
        "why_missing"
    }
}

impl Words<'_> {
    /// Appends the sentences of `w`; consecutive missing facts of the same kind
    /// are said once ("A, b and c: not stated in the DPA — ask the vendor").
    fn sentences(&self, w: &Why, out: &mut Vec<String>) {
        match w {
            Why::Several(nested) => {
                // Nested groups (`all` inside `any` …) read as one list of causes.
                fn flat<'w>(w: &'w Why, out: &mut Vec<&'w Why>) {
                    match w {
                        Why::Several(ps) => ps.iter().for_each(|p| flat(p, out)),
                        other => out.push(other),
                    }
                }
                let mut parts: Vec<&Why> = Vec::new();
                nested.iter().for_each(|p| flat(p, &mut parts));
                let mut i = 0;
                while i < parts.len() {
                    if let Why::Missing { ptr } = parts[i] {
                        let key = missing_key(ptr);
                        let mut group = vec![ptr.as_str()];
                        let mut j = i + 1;
                        while let Some(Why::Missing { ptr: next }) = parts.get(j).copied() {
                            if missing_key(next) != key {
                                break;
                            }
                            group.push(next);
                            j += 1;
                        }
                        let subjects: Vec<String> = group.iter().map(|p| self.subject(p)).collect();
                        out.push(fill(
                            self.lang,
                            key,
                            &[("subject", &join_subjects(self.lang, subjects))],
                        ));
                        i = j;
                    } else {
                        self.sentences(parts[i], out);
                        i += 1;
                    }
                }
            }
            other => out.push(self.sentence(other)),
        }
    }

    fn sentence(&self, w: &Why) -> String {
        let lang = self.lang;
        match w {
            Why::Holds { ptr, found } => fill(
                lang,
                "why_holds",
                &[
                    ("subject", &self.subject(ptr)),
                    ("value", &self.value(found)),
                ],
            ),
            Why::Differs {
                ptr,
                found,
                expected,
            } => fill(
                lang,
                "why_differs",
                &[
                    ("subject", &self.subject(ptr)),
                    ("value", &self.value(found)),
                    ("expected", &self.expected(expected)),
                ],
            ),
            Why::Missing { ptr } => {
                fill(lang, missing_key(ptr), &[("subject", &self.subject(ptr))])
            }
            Why::Stale { ptr, as_of, months } => fill(
                lang,
                "why_stale",
                &[
                    ("subject", &self.subject(ptr)),
                    ("date", &self.date(as_of)),
                    ("months", &months.to_string()),
                ],
            ),
            Why::KeywordOnly { ptr } => {
                fill(lang, "why_keyword_only", &[("subject", &self.subject(ptr))])
            }
            Why::Expired { ptr, date } => fill(
                lang,
                "why_expired",
                &[("subject", &self.subject(ptr)), ("date", &self.date(date))],
            ),
            Why::NoEndDate { ptr } => {
                fill(lang, "why_no_end_date", &[("subject", &self.subject(ptr))])
            }
            Why::NoneListed { ptr } => {
                fill(lang, "why_none_listed", &[("subject", &self.subject(ptr))])
            }
            Why::NoThreshold { ptr } => {
                fill(lang, "why_no_threshold", &[("subject", &self.subject(ptr))])
            }
            Why::Count {
                list,
                matched,
                unknown,
                total,
                need,
                incomplete,
                detail,
            } => {
                let mut s = self.count(list, *matched, *total, *need);
                if *unknown > 0 {
                    s.push_str(&fill(
                        lang,
                        "why_count_open",
                        &[("n", &unknown.to_string())],
                    ));
                }
                if *incomplete {
                    s.push_str(t(lang, "why_count_incomplete"));
                }
                if let Some(d) = detail {
                    let mut inner = Vec::new();
                    self.sentences(d, &mut inner);
                    if !inner.is_empty() {
                        s.push_str("; ");
                        s.push_str(&join_sentences(lang, inner));
                    }
                }
                s
            }
            Why::Every {
                list,
                total,
                detail,
            } => match detail {
                Some(d) => {
                    let mut inner = Vec::new();
                    self.sentences(d, &mut inner);
                    join_sentences(lang, inner)
                }
                None => {
                    let noun = ListNoun::of(list);
                    fill(
                        lang,
                        "why_every_checked",
                        &[("n", &total.to_string()), ("items", noun.plural(lang))],
                    )
                }
            },
            Why::Open { ptr, found } => fill(
                lang,
                "why_open",
                &[
                    ("subject", &self.subject(ptr)),
                    ("value", &self.value(found)),
                ],
            ),
            Why::Uncovered {
                list,
                element,
                matched_in,
            } => fill(
                lang,
                "why_uncovered",
                &[
                    ("element", &self.value(element)),
                    ("list", &self.subject(list)),
                    ("other", &self.subject(matched_in)),
                ],
            ),
            Why::Several(_) => {
                let mut parts = Vec::new();
                self.sentences(w, &mut parts);
                join_sentences(lang, parts)
            }
            Why::Not(inner) => fill(lang, "why_not", &[("reason", &self.sentence(inner))]),
        }
    }

    /// "None of the 2 offers qualifies", "1 of the 3 certificates matches, at
    /// least 2 are needed".
    fn count(&self, list: &str, matched: usize, total: usize, need: Need) -> String {
        let lang = self.lang;
        let noun = ListNoun::of(list);
        let items = noun.plural(lang);
        let verb = noun.verb;
        let base = if total == 0 {
            fill(lang, "why_count_empty", &[("items", items)])
        } else if matched == 0 && total == 1 {
            fill(
                lang,
                &format!("why_count_only_{verb}"),
                &[("only", noun.only(lang))],
            )
        } else if matched == 0 {
            fill(
                lang,
                &format!("why_count_none_{verb}"),
                &[
                    ("total", &total.to_string()),
                    ("items", items),
                    ("none", noun.none(lang)),
                ],
            )
        } else {
            let one = if matched == 1 { "_one" } else { "" };
            fill(
                lang,
                &format!("why_count_some_{verb}{one}"),
                &[
                    ("n", &matched.to_string()),
                    ("total", &total.to_string()),
                    ("items", noun.plural_dative(lang)),
                ],
            )
        };
        let short = need.at_least.is_some_and(|k| matched < k as usize);
        let over = need.at_most.is_some_and(|k| matched > k as usize);
        let mut s = base;
        if short && (matched > 0 || need.at_least.is_some_and(|k| k > 1)) {
            if let Some(k) = need.at_least {
                s.push_str(&fill(lang, "why_count_need", &[("k", &k.to_string())]));
            }
        }
        if over {
            if let Some(k) = need.at_most {
                s.push_str(&fill(lang, "why_count_at_most", &[("k", &k.to_string())]));
            }
        }
        s
    }

    /// What a fact was required to be, in words.
    fn expected(&self, e: &Expect) -> String {
        let lang = self.lang;
        match e {
            Expect::Equal(v) => self.value(v),
            Expect::OneOf(vs) if vs.len() > 8 => {
                let first: Vec<String> = vs.iter().take(5).map(|v| self.value(v)).collect();
                fill(
                    lang,
                    "why_expect_one_of_many",
                    &[("n", &vs.len().to_string()), ("first", &first.join(", "))],
                )
            }
            Expect::OneOf(vs) => {
                let items: Vec<String> = vs.iter().map(|v| self.value(v)).collect();
                fill(
                    lang,
                    "why_expect_one_of",
                    &[("values", &join_subjects(lang, items))],
                )
            }
            Expect::Contains(v) => fill(lang, "why_expect_contains", &[("value", &self.value(v))]),
            Expect::Compare(op, n) => {
                let key = match op {
                    Cmp::Lt => "why_expect_lt",
                    Cmp::Le => "why_expect_le",
                    Cmp::Gt => "why_expect_gt",
                    Cmp::Ge => "why_expect_ge",
                };
                fill(lang, key, &[("n", &number(lang, *n))])
            }
            Expect::Before(d) => fill(lang, "why_expect_before", &[("date", &self.date(d))]),
            Expect::Date => t(lang, "why_expect_date").to_string(),
            Expect::List => t(lang, "why_expect_list").to_string(),
        }
    }

    /// A date as the language writes it (`2026-11-30` → `30 Nov 2026`, `30.11.2026`);
    /// anything that is not a date as it is.
    fn date(&self, s: &str) -> String {
        match s.parse::<crate::model::AsOf>() {
            Ok(a) => i18n::as_of(self.lang, &a),
            Err(_) => s.to_string(),
        }
    }

    /// A value as words.
    fn value(&self, v: &Value) -> String {
        value_words(self.lang, v)
    }

    /// The field a pointer names, with the list item it belongs to.
    fn subject(&self, ptr: &str) -> String {
        subject(self.lang, ptr, self.doc)
    }
}

/// A number: integers as they are, fractions with the language's decimal sign.
fn number(lang: Lang, n: f64) -> String {
    if n.fract() == 0.0 && n.abs() < 1e15 {
        format!("{}", n as i64)
    } else {
        let text = format!("{n}");
        match lang {
            Lang::De => text.replace('.', ","),
            Lang::En => text,
        }
    }
}

/// A value of the data as words: `unknown` and booleans in the language, enum
/// tokens by their label (`general` → "general authorisation"), dates in the
/// language's format, lists joined, numbers with the language's decimal sign.
pub fn value_words(lang: Lang, v: &Value) -> String {
    match v {
        Value::Null => t(lang, "value_unknown").to_string(),
        Value::Bool(b) => i18n::value_label(lang, if *b { "true" } else { "false" }).to_string(),
        Value::Number(n) => n
            .as_f64()
            .map(|f| number(lang, f))
            .unwrap_or_else(|| n.to_string()),
        Value::String(s) => {
            if s.len() == 10 || s.len() == 7 {
                if let Ok(a) = s.parse::<crate::model::AsOf>() {
                    if s.as_bytes().get(4) == Some(&b'-') {
                        return i18n::as_of(lang, &a);
                    }
                }
            }
            i18n::value_label(lang, s).to_string()
        }
        Value::Array(items) if items.is_empty() => t(lang, "value_none_listed").to_string(),
        Value::Array(items) => {
            let words: Vec<String> = items.iter().map(|i| value_words(lang, i)).collect();
            words.join(", ")
        }
        Value::Object(m) => match m.get("value") {
            // A fact written out in full.
            Some(inner) => value_words(lang, inner),
            None => {
                let words: Vec<String> = m
                    .values()
                    .filter(|x| !x.is_object() && !x.is_array())
                    .map(|x| value_words(lang, x))
                    .collect();
                words.join(", ")
            }
        },
    }
}

/// Labels joined as a list: "A, b and c" (see [`crate::i18n::fields::join_labels`]).
pub fn join_subjects(lang: Lang, items: Vec<String>) -> String {
    crate::i18n::fields::join_labels(lang, items, false)
}

/// The words for a pointer into a provider profile: the field's label, after
/// the name of the list item it belongs to (`/certifications/1/accredited` →
/// "ISO/IEC 27001 certificate: accreditation of the certification body").
pub fn subject(lang: Lang, ptr: &str, doc: &Value) -> String {
    let segs: Vec<&str> = ptr.split('/').skip(1).collect();
    // The deepest list item on the path, if any.
    let item_at = segs
        .iter()
        .rposition(|s| !s.is_empty() && s.bytes().all(|b| b.is_ascii_digit()));
    let label = crate::i18n::fields::provider(lang, ptr)
        .map(str::to_string)
        .unwrap_or_else(|| humanise(segs.last().copied().unwrap_or("")));
    let Some(at) = item_at else {
        return label;
    };
    let list_ptr = format!("/{}", segs[..at].join("/"));
    let item_ptr = format!("/{}", segs[..=at].join("/"));
    let item = doc.pointer(&item_ptr);
    let list = doc.pointer(&list_ptr).and_then(Value::as_array);
    let index: usize = segs[at].parse().unwrap_or(0);
    let name = item
        .map(|i| item_name(lang, &list_ptr, i, list.map(Vec::as_slice), doc))
        .unwrap_or_else(|| {
            let list_label = crate::i18n::fields::provider(lang, &list_ptr).unwrap_or("");
            fill(
                lang,
                "why_item_n",
                &[("list", list_label), ("n", &(index + 1).to_string())],
            )
        });
    // The field that names the item ("scheme", "name", "country" …) is the item.
    let naming = matches!(
        (
            crate::i18n::fields::pattern_of(&list_ptr).as_str(),
            segs.get(at + 1).copied()
        ),
        ("/certifications", Some("scheme"))
            | ("/codes_of_conduct", Some("code"))
            | ("/dpa/subprocessors/list", Some("name"))
            | ("/transfers/destinations", Some("country"))
            | ("/offers" | "/regions", Some("id"))
    );
    if at + 1 == segs.len() || (naming && at + 2 == segs.len()) {
        return name;
    }
    let label = if lang == Lang::En {
        lower_first(&label)
    } else {
        label
    };
    format!("{name}: {label}")
}

/// A field name as words when it has no label (a user's extra field).
fn humanise(field: &str) -> String {
    let s = field.replace('_', " ");
    let mut c = s.chars();
    match c.next() {
        Some(f) => f.to_uppercase().chain(c).collect(),
        None => s,
    }
}

/// The name of one item of a list of the profile, as a reader knows it.
pub fn item_name(
    lang: Lang,
    list: &str,
    item: &Value,
    all: Option<&[Value]>,
    doc: &Value,
) -> String {
    let get = |k: &str| -> Option<String> {
        match item.get(k)? {
            Value::String(s) => Some(s.clone()),
            Value::Object(m) => m.get("value").and_then(Value::as_str).map(str::to_string),
            Value::Number(n) => Some(n.to_string()),
            _ => None,
        }
    };
    let pattern = crate::i18n::fields::pattern_of(list);
    match pattern.as_str() {
        "/certifications" => {
            let scheme = get("scheme").unwrap_or_default();
            let noun = t(lang, &format!("cert_noun_{scheme}"));
            let name = get("name").unwrap_or_default();
            if noun.is_empty() {
                return name;
            }
            // Two certificates of the same scheme are told apart by their name.
            let twins = all.map_or(0, |a| {
                a.iter()
                    .filter(|x| x.get("scheme").and_then(Value::as_str) == Some(scheme.as_str()))
                    .count()
            });
            if twins > 1 && !name.is_empty() {
                format!("{noun} ({name})")
            } else {
                noun.to_string()
            }
        }
        "/codes_of_conduct" => {
            let code = get("code").unwrap_or_default();
            match (code.as_str(), get("name")) {
                ("other", Some(n)) => n,
                _ => i18n::value_label(lang, &code).to_string(),
            }
        }
        "/dpa/subprocessors/list" => fill(
            lang,
            "item_subprocessor",
            &[("name", &get("name").unwrap_or_default())],
        ),
        "/transfers/destinations" => {
            let country = get("country").unwrap_or_default();
            match get("purpose") {
                Some(p) => fill(
                    lang,
                    "item_transfer_purpose",
                    &[("country", &country), ("purpose", &p)],
                ),
                None => fill(lang, "item_transfer", &[("country", &country)]),
            }
        }
        "/offers" => offer_name(lang, item, doc),
        "/regions" => {
            let id = get("id").unwrap_or_default();
            let country = get("country").unwrap_or_default();
            match get("city").filter(|c| c != crate::model::common::UNKNOWN) {
                Some(city) => fill(
                    lang,
                    "item_region_city",
                    &[("id", &id), ("city", &city), ("country", &country)],
                ),
                None => fill(lang, "item_region", &[("id", &id), ("country", &country)]),
            }
        }
        "/offers/*/price_reserved" => fill(
            lang,
            "item_reservation",
            &[("months", &get("term_months").unwrap_or_default())],
        ),
        "/egress/tiers" => match get("up_to_gb") {
            Some(gb) => fill(lang, "item_tier_up_to", &[("gb", &gb)]),
            None => t(lang, "item_tier_last").to_string(),
        },
        _ => match item {
            Value::String(_) | Value::Number(_) | Value::Bool(_) => value_words(lang, item),
            _ => {
                let label = crate::i18n::fields::provider(lang, list).unwrap_or("");
                let n = all
                    .and_then(|a| a.iter().position(|x| std::ptr::eq(x, item)))
                    .map_or(1, |i| i + 1);
                fill(
                    lang,
                    "why_item_n",
                    &[("list", label), ("n", &n.to_string())],
                )
            }
        },
    }
}

/// An offer as a buyer tells it apart: "8× H100-SXM in eu-north1 (FI)".
pub fn offer_name(lang: Lang, offer: &Value, doc: &Value) -> String {
    let s = |k: &str| {
        offer
            .get(k)
            .and_then(Value::as_str)
            .unwrap_or("")
            .to_string()
    };
    let region = s("region");
    let country = doc
        .get("regions")
        .and_then(Value::as_array)
        .and_then(|rs| {
            rs.iter()
                .find(|r| r.get("id").and_then(Value::as_str) == Some(&region))
        })
        .and_then(|r| r.get("country"))
        .and_then(Value::as_str)
        .unwrap_or("");
    let count = offer
        .get("gpus_per_instance")
        .and_then(Value::as_u64)
        .unwrap_or(1)
        .to_string();
    let key = if country.is_empty() {
        "item_offer"
    } else {
        "item_offer_country"
    };
    fill(
        lang,
        key,
        &[
            ("count", &count),
            ("gpu", &s("gpu_model")),
            ("region", &region),
            ("country", country),
        ],
    )
}

/// The noun of a counted list, in both languages, with the German forms a
/// count needs and the verb of a match.
struct ListNoun {
    key: &'static str,
    verb: &'static str,
}

impl ListNoun {
    fn of(list: &str) -> ListNoun {
        let (key, verb) = match crate::i18n::fields::pattern_of(list).as_str() {
            "/offers" => ("offers", "qualifies"),
            "/certifications" => ("certifications", "matches"),
            "/codes_of_conduct" => ("codes_of_conduct", "matches"),
            "/dpa/subprocessors/list" => ("subprocessors", "matches"),
            "/transfers/destinations" => ("transfers", "matches"),
            "/regions" => ("regions", "matches"),
            _ => ("entries", "matches"),
        };
        ListNoun { key, verb }
    }
    fn plural(&self, lang: Lang) -> &'static str {
        t(lang, &format!("noun_{}", self.key))
    }
    fn plural_dative(&self, lang: Lang) -> &'static str {
        match lang {
            Lang::En => self.plural(lang),
            Lang::De => t(lang, &format!("noun_{}_dat", self.key)),
        }
    }
    fn none(&self, lang: Lang) -> &'static str {
        t(lang, &format!("noun_{}_none", self.key))
    }
    fn only(&self, lang: Lang) -> &'static str {
        t(lang, &format!("noun_{}_only", self.key))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    fn profile() -> Value {
        json!({
            "regions": [{"id": "eu-north1", "country": "FI"}],
            "offers": [{"id": "h", "region": "eu-north1", "gpu_model": "H100-SXM", "gpus_per_instance": 8}],
            "certifications": [
                {"scheme": "iso27017", "name": "ISO/IEC 27017:2015"},
                {"scheme": "iso27001", "name": "ISO/IEC 27001:2022"}
            ],
            "dpa": {"subprocessors": {"list": [{"name": "Google LLC", "country": "US"}]}},
            "transfers": {"destinations": [{"country": "US", "purpose": "support"}]}
        })
    }

    #[test]
    fn list_items_are_named_not_numbered() {
        let doc = profile();
        assert_eq!(
            subject(Lang::En, "/certifications/1/accredited", &doc),
            "ISO/IEC 27001 certificate: accreditation of the certification body"
        );
        assert_eq!(
            subject(Lang::De, "/certifications/1/accredited", &doc),
            "ISO/IEC-27001-Zertifikat: Akkreditierung der Zertifizierungsstelle"
        );
        assert_eq!(
            subject(Lang::En, "/dpa/subprocessors/list/0/country", &doc),
            "Sub-processor Google LLC: country of processing"
        );
        assert_eq!(
            subject(Lang::En, "/offers/0", &doc),
            "8× H100-SXM in eu-north1 (FI)"
        );
        assert_eq!(
            subject(Lang::De, "/transfers/destinations/0/tool", &doc),
            "Übermittlung nach US (support): Übermittlungsinstrument (Kapitel V DSGVO)"
        );
    }

    #[test]
    fn missing_dpa_clauses_read_as_one_sentence() {
        let w = Why::Several(vec![
            Why::Missing {
                ptr: "/dpa/clauses/audit".into(),
            },
            Why::Missing {
                ptr: "/dpa/clauses/inspection_allowed".into(),
            },
        ]);
        let doc = profile();
        assert_eq!(
            w.text(Lang::En, &doc),
            "Information and audit rights and on-site inspections (GDPR Art. 28(3)(h)): not stated in the DPA — ask the vendor"
        );
        assert_eq!(
            w.text(Lang::De, &doc),
            "Informations- und Kontrollrechte und Kontrollen vor Ort (Art. 28 Abs. 3 lit. h DSGVO): im AVV nicht geregelt — beim Anbieter erfragen"
        );
    }

    #[test]
    fn values_and_requirements_are_words() {
        let w = Why::Differs {
            ptr: "/dpa/subprocessors/authorisation".into(),
            found: json!("general"),
            expected: Expect::Equal(json!("specific")),
        };
        let doc = profile();
        let en = w.text(Lang::En, &doc);
        assert!(
            en.contains("general authorisation — specific authorisation required"),
            "{en}"
        );
        let de = w.text(Lang::De, &doc);
        assert!(
            de.contains("allgemeine Genehmigung — gefordert: gesonderte Genehmigung"),
            "{de}"
        );
        let c = Why::Count {
            list: "/offers".into(),
            matched: 0,
            unknown: 0,
            total: 2,
            need: Need {
                at_least: Some(1),
                at_most: None,
            },
            incomplete: false,
            detail: None,
        };
        assert_eq!(c.text(Lang::En, &doc), "None of the 2 offers qualifies");
        assert_eq!(
            c.text(Lang::De, &doc),
            "Keines der 2 Angebote kommt in Frage"
        );
    }
}
