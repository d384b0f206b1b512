//! `cloudvet diff`: what changed between two versions of provider profiles, and
//! what that does to the assessment.
//!
//! The comparison is generic: both profiles are turned into their normalised JSON
//! (`serde_json::to_value` of the typed profile, so short and long fact forms
//! compare equal) and walked together. Lists are matched by what identifies an
//! item (regions and offers by `id`, certifications by `scheme`, sub-processors
//! by `name` …), lists of plain values as sets. On top of that come the meanings
//! a reader needs: the percent change of a price, a sub-processor or transfer in a
//! third country, a certificate expired by the evaluation date. The verdict part
//! (`verdicts`) runs the rules engine on both versions with the same requirements.

pub mod labels;
pub mod render;
pub mod verdicts;

use chrono::NaiveDate;
use serde::Serialize;
use serde_json::Value;

use crate::i18n::Lang;
use crate::model::provider::ProviderProfile;

/// What happened to one path.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum ChangeKind {
    /// Present (or known) only in the new version.
    Added,
    /// Present (or known) only in the old version.
    Removed,
    /// A different value.
    Changed,
    /// A certificate or code of conduct whose `valid_until` lies before the evaluation date.
    Expired,
}

/// One change between the two versions of a profile.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Change {
    /// The top-level section (`dpa`, `offers`, `certifications` …).
    pub section: String,
    /// The path with list items named by their key: `/offers[h100x8-fra]/price_on_demand`.
    pub path: String,
    /// JSON pointer into the old normalised profile, where the path exists there.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub pointer_old: Option<String>,
    /// JSON pointer into the new normalised profile, where the path exists there.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub pointer_new: Option<String>,
    /// What the path is, in words, in the output language.
    pub label: String,
    pub kind: ChangeKind,
    /// The old value (for a fact: its value; `"unknown"` when unknown).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub old: Option<Value>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub new: Option<Value>,
    /// What the change means: `+10.0 %`, `third country`, `expired on …`.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub note: Option<String>,
    /// Only the evidence of a fact changed (source, as_of, status, confidence, note),
    /// not its value.
    pub evidence_only: bool,
}

/// Whether a provider is in both sets, or only in one.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum ProviderStatus {
    Changed,
    Unchanged,
    /// Only in NEW.
    Added,
    /// Only in OLD.
    Removed,
}

/// The comparison of one provider.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct ProviderDiff {
    pub id: String,
    pub name: String,
    pub status: ProviderStatus,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub old_file: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub new_file: Option<String>,
    /// Changes of content, in profile order, then expiries.
    pub changes: Vec<Change>,
    /// Changes of evidence only (same value, other source, date or status).
    pub evidence_changes: Vec<Change>,
    /// The rules engine's view; absent for added or removed providers.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub verdicts: Option<verdicts::VerdictDiff>,
}

/// The whole result of `cloudvet diff`.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct DiffReport {
    /// Version of this JSON form.
    pub format_version: u32,
    pub old: String,
    pub new: String,
    /// The evaluation date expiries and verdicts are judged on.
    pub evaluation_date: String,
    /// Title and file of the requirements the verdicts used.
    pub requirements_title: String,
    pub requirements_file: String,
    pub providers: Vec<ProviderDiff>,
}

/// Keys that carry a fact's or item's provenance rather than its content.
const PROVENANCE_KEYS: &[&str] = &["source", "as_of", "status", "confidence", "note"];

/// One step of a path.
#[derive(Debug, Clone, PartialEq)]
enum Seg {
    Field(String),
    /// A list item matched by its key, with its index in the old and new list.
    Item {
        key: String,
        old: Option<usize>,
        new: Option<usize>,
    },
}

#[derive(Debug, Clone, Default)]
struct Path(Vec<Seg>);

impl Path {
    fn field(&self, f: &str) -> Path {
        let mut p = self.0.clone();
        p.push(Seg::Field(f.to_string()));
        Path(p)
    }
    fn item(&self, key: String, old: Option<usize>, new: Option<usize>) -> Path {
        let mut p = self.0.clone();
        p.push(Seg::Item { key, old, new });
        Path(p)
    }
    /// `/offers/*/price_on_demand`
    fn pattern(&self) -> String {
        let mut s = String::new();
        for seg in &self.0 {
            s.push('/');
            match seg {
                Seg::Field(f) => s.push_str(f),
                Seg::Item { .. } => s.push('*'),
            }
        }
        s
    }
    /// `/offers[h100x8-fra]/price_on_demand`
    fn display(&self) -> String {
        let mut s = String::new();
        for seg in &self.0 {
            match seg {
                Seg::Field(f) => {
                    s.push('/');
                    s.push_str(f);
                }
                Seg::Item { key, .. } => {
                    s.push('[');
                    s.push_str(key);
                    s.push(']');
                }
            }
        }
        s
    }
    fn pointer(&self, old: bool) -> Option<String> {
        let mut s = String::new();
        for seg in &self.0 {
            s.push('/');
            match seg {
                Seg::Field(f) => s.push_str(&f.replace('~', "~0").replace('/', "~1")),
                Seg::Item { old: o, new: n, .. } => {
                    let i = if old { (*o)? } else { (*n)? };
                    s.push_str(&i.to_string());
                }
            }
        }
        Some(s)
    }
    fn section(&self) -> String {
        match self.0.first() {
            Some(Seg::Field(f)) => f.clone(),
            _ => String::new(),
        }
    }
    fn last_field(&self) -> &str {
        match self.0.last() {
            Some(Seg::Field(f)) => f,
            _ => "",
        }
    }
    /// Words for the path: section label, then each step (items by their key).
    fn label(&self, lang: Lang) -> String {
        let mut parts: Vec<String> = Vec::new();
        let mut pattern = String::new();
        let n = self.0.len();
        for (i, seg) in self.0.iter().enumerate() {
            match seg {
                Seg::Field(f) => {
                    pattern.push('/');
                    pattern.push_str(f);
                    let last = i + 1 == n;
                    let next_is_item = matches!(self.0.get(i + 1), Some(Seg::Item { .. }));
                    // The section, the list whose item follows, and the field
                    // itself: the labels are whole phrases, so the steps between
                    // them are left out.
                    if last || next_is_item || i == 0 {
                        match labels::lookup(&pattern, lang) {
                            Some(l) => parts.push(l.to_string()),
                            None => parts.push(labels::humanise(f)),
                        }
                    }
                }
                Seg::Item { key, .. } => {
                    let k = key.split('#').next().unwrap_or(key);
                    // Items a reader knows by a name: the name replaces the list's label.
                    let named = match pattern.as_str() {
                        "/certifications" => {
                            Some(crate::i18n::t(lang, &format!("cert_noun_{k}")).to_string())
                                .filter(|n| !n.is_empty())
                        }
                        "/codes_of_conduct" => Some(crate::i18n::value_label(lang, k).to_string()),
                        "/dpa/subprocessors/list" => {
                            Some(crate::i18n::fill(lang, "item_subprocessor", &[("name", k)]))
                        }
                        "/offers" => Some(crate::i18n::fill(lang, "diff_item_offer", &[("id", k)])),
                        "/regions" => {
                            Some(crate::i18n::fill(lang, "diff_item_region", &[("id", k)]))
                        }
                        _ => None,
                    };
                    pattern.push_str("/*");
                    match named {
                        Some(n) => {
                            parts.pop();
                            parts.push(n);
                        }
                        None => parts.push(format!("`{k}`")),
                    }
                }
            }
        }
        // "Offer › `h100` › price": join the list name with its item key.
        let mut out = String::new();
        for (i, p) in parts.iter().enumerate() {
            if i > 0 {
                out.push_str(if p.starts_with('`') { " " } else { " › " });
            }
            out.push_str(p);
        }
        out
    }
}

/// How items of a list are matched, by the list's pattern.
fn item_key(pattern: &str, item: &Value) -> Option<String> {
    let get = |k: &str| -> Option<String> {
        match item.get(k)? {
            Value::String(s) => Some(s.clone()),
            Value::Null => None,
            v => Some(v.to_string()),
        }
    };
    match pattern {
        "/regions" | "/offers" => get("id"),
        "/offers/*/price_reserved" => get("term_months").map(|m| format!("{m} months")),
        "/certifications" => get("scheme"),
        "/codes_of_conduct" => get("code"),
        "/dpa/subprocessors/list" => get("name"),
        "/transfers/destinations" => {
            let c = get("country")?;
            Some(match get("purpose") {
                Some(p) => format!("{c}: {p}"),
                None => c,
            })
        }
        _ => None,
    }
}

/// Keys for a list's items; repeated keys get `#2`, `#3` … in order.
fn keys_of(pattern: &str, items: &[Value]) -> Option<Vec<String>> {
    let mut out: Vec<String> = Vec::with_capacity(items.len());
    for it in items {
        let k = item_key(pattern, it)?;
        let n = out
            .iter()
            .filter(|x| x.split('#').next() == Some(k.as_str()))
            .count();
        out.push(if n == 0 { k } else { format!("{k}#{}", n + 1) });
    }
    Some(out)
}

fn is_fact(v: &Value) -> bool {
    matches!(v, Value::Object(m) if m.contains_key("value")
        && m.keys().all(|k| k == "value" || PROVENANCE_KEYS.contains(&k.as_str())))
}

fn is_scalar(v: &Value) -> bool {
    !matches!(v, Value::Array(_) | Value::Object(_))
}

/// Numbers compare by value (`24` equals `24.0`), everything else structurally.
fn same(a: &Value, b: &Value) -> bool {
    match (a, b) {
        (Value::Number(x), Value::Number(y)) => match (x.as_f64(), y.as_f64()) {
            (Some(p), Some(q)) => p == q,
            _ => x == y,
        },
        (Value::Array(x), Value::Array(y)) => {
            x.len() == y.len() && x.iter().zip(y).all(|(p, q)| same(p, q))
        }
        (Value::Object(x), Value::Object(y)) => {
            x.len() == y.len() && x.iter().all(|(k, v)| y.get(k).is_some_and(|w| same(v, w)))
        }
        _ => a == b,
    }
}

struct Walker<'a> {
    lang: Lang,
    date: Option<NaiveDate>,
    is_eea: &'a dyn Fn(&str) -> bool,
    out: Vec<Change>,
}

impl Walker<'_> {
    fn push(&mut self, path: &Path, kind: ChangeKind, old: Option<Value>, new: Option<Value>) {
        let note = self.note(path, kind, old.as_ref(), new.as_ref());
        self.out.push(Change {
            section: path.section(),
            path: path.display(),
            pointer_old: if kind == ChangeKind::Added {
                None
            } else {
                path.pointer(true)
            },
            pointer_new: if kind == ChangeKind::Removed {
                None
            } else {
                path.pointer(false)
            },
            label: path.label(self.lang),
            kind,
            old,
            new,
            note,
            evidence_only: false,
        });
    }

    /// What a change means, beyond old and new.
    fn note(
        &self,
        path: &Path,
        kind: ChangeKind,
        old: Option<&Value>,
        new: Option<&Value>,
    ) -> Option<String> {
        let w = labels::words(self.lang);
        let field = path.last_field();
        let pattern = path.pattern();
        // Price changes: percent.
        if kind == ChangeKind::Changed
            && (field.starts_with("price") || field == "free_gb_per_month")
        {
            let (a, b) = (old?.as_f64()?, new?.as_f64()?);
            if a != 0.0 {
                let pct = (b - a) / a * 100.0;
                return Some(format_pct(pct, self.lang));
            }
            return None;
        }
        // Items in a third country: sub-processors, transfers, remote access, regions.
        let country_of = |v: Option<&Value>| -> Option<String> {
            match v? {
                Value::String(s) if s.len() == 2 => Some(s.clone()),
                Value::Object(m) => m.get("country")?.as_str().map(str::to_string),
                _ => None,
            }
        };
        let lists_with_country = [
            "/dpa/subprocessors/list/*",
            "/transfers/destinations/*",
            "/regions/*",
        ];
        let country = if lists_with_country.contains(&pattern.as_str())
            || pattern == "/transfers/remote_access_countries/*"
        {
            country_of(if kind == ChangeKind::Removed {
                old
            } else {
                new
            })
        } else {
            None
        };
        if let Some(c) = country {
            return Some(if (self.is_eea)(&c) {
                c
            } else {
                format!("{c}, {}", w.third_country)
            });
        }
        None
    }

    fn walk(&mut self, path: &Path, old: Option<&Value>, new: Option<&Value>) {
        match (old, new) {
            (None, None) => {}
            (Some(o), Some(n)) if is_fact(o) || is_fact(n) => self.fact(path, Some(o), Some(n)),
            (Some(o), None) if is_fact(o) => self.fact(path, Some(o), None),
            (None, Some(n)) if is_fact(n) => self.fact(path, None, Some(n)),
            (Some(Value::Object(o)), Some(Value::Object(n))) => {
                let mut keys: Vec<&String> = o.keys().collect();
                for k in n.keys() {
                    if !o.contains_key(k) {
                        keys.push(k);
                    }
                }
                for k in keys {
                    self.walk(&path.field(k), o.get(k), n.get(k));
                }
            }
            (o, n) if matches!(o, Some(Value::Array(_))) || matches!(n, Some(Value::Array(_))) => {
                let empty = Vec::new();
                let oa = match o {
                    Some(Value::Array(a)) => a,
                    _ => &empty,
                };
                let na = match n {
                    Some(Value::Array(a)) => a,
                    _ => &empty,
                };
                self.list(path, oa, na);
            }
            (Some(o), Some(n)) => {
                if !same(o, n) {
                    self.push(path, ChangeKind::Changed, Some(o.clone()), Some(n.clone()));
                }
            }
            (Some(o), None) => self.push(path, ChangeKind::Removed, Some(o.clone()), None),
            (None, Some(n)) => self.push(path, ChangeKind::Added, None, Some(n.clone())),
        }
    }

    /// A fact: its value, then (only if the value is the same) its evidence.
    fn fact(&mut self, path: &Path, old: Option<&Value>, new: Option<&Value>) {
        let unknown = Value::String(crate::model::common::UNKNOWN.into());
        let value = |v: Option<&Value>| -> Value {
            match v {
                Some(Value::Object(m)) if m.contains_key("value") => {
                    m.get("value").cloned().unwrap_or(Value::Null)
                }
                Some(v) => v.clone(),
                None => unknown.clone(),
            }
        };
        let (ov, nv) = (value(old), value(new));
        match (&ov, &nv) {
            // Lists inside facts (GPU models, formats, countries): per element.
            (Value::Array(a), Value::Array(b)) => self.list(path, a, b),
            (Value::Array(a), _) if nv == unknown => self.list(path, a, &[]),
            (_, Value::Array(b)) if ov == unknown => self.list(path, &[], b),
            _ if !same(&ov, &nv) => self.push(path, ChangeKind::Changed, Some(ov), Some(nv)),
            _ => {
                let prov = |v: Option<&Value>| -> serde_json::Map<String, Value> {
                    match v {
                        Some(Value::Object(m)) => m
                            .iter()
                            .filter(|(k, _)| k.as_str() != "value")
                            .map(|(k, v)| (k.clone(), v.clone()))
                            .collect(),
                        _ => serde_json::Map::new(),
                    }
                };
                let (op, np) = (prov(old), prov(new));
                if !same(&Value::Object(op.clone()), &Value::Object(np.clone())) {
                    self.push(
                        path,
                        ChangeKind::Changed,
                        Some(Value::Object(op)),
                        Some(Value::Object(np)),
                    );
                    if let Some(c) = self.out.last_mut() {
                        c.evidence_only = true;
                    }
                }
            }
        }
    }

    fn list(&mut self, path: &Path, old: &[Value], new: &[Value]) {
        let pattern = path.pattern();
        let keyed = keys_of(&pattern, old).zip(keys_of(&pattern, new));
        if let Some((ok, nk)) = keyed {
            for (i, k) in ok.iter().enumerate() {
                match nk.iter().position(|x| x == k) {
                    Some(j) => {
                        let p = path.item(k.clone(), Some(i), Some(j));
                        self.item(&p, &old[i], &new[j]);
                    }
                    None => {
                        let p = path.item(k.clone(), Some(i), None);
                        self.push(&p, ChangeKind::Removed, Some(old[i].clone()), None);
                    }
                }
            }
            for (j, k) in nk.iter().enumerate() {
                if !ok.contains(k) {
                    let p = path.item(k.clone(), None, Some(j));
                    self.push(&p, ChangeKind::Added, None, Some(new[j].clone()));
                }
            }
            return;
        }
        if old.iter().chain(new).all(is_scalar) {
            // A set of plain values.
            for (i, v) in old.iter().enumerate() {
                if !new.iter().any(|w| same(v, w)) {
                    let p = path.item(scalar_key(v), Some(i), None);
                    self.push(&p, ChangeKind::Removed, Some(v.clone()), None);
                }
            }
            for (j, v) in new.iter().enumerate() {
                if !old.iter().any(|w| same(v, w)) {
                    let p = path.item(scalar_key(v), None, Some(j));
                    self.push(&p, ChangeKind::Added, None, Some(v.clone()));
                }
            }
            return;
        }
        // By position.
        for i in 0..old.len().max(new.len()) {
            let p = path.item(
                (i + 1).to_string(),
                (i < old.len()).then_some(i),
                (i < new.len()).then_some(i),
            );
            match (old.get(i), new.get(i)) {
                (Some(o), Some(n)) => self.item(&p, o, n),
                (Some(o), None) => self.push(&p, ChangeKind::Removed, Some(o.clone()), None),
                (None, Some(n)) => self.push(&p, ChangeKind::Added, None, Some(n.clone())),
                (None, None) => {}
            }
        }
    }

    /// A matched list item: its fields, with the item's own provenance folded
    /// into one evidence change.
    fn item(&mut self, path: &Path, old: &Value, new: &Value) {
        match (old, new) {
            (Value::Object(o), Value::Object(n)) => {
                let content = |m: &serde_json::Map<String, Value>| -> Value {
                    Value::Object(
                        m.iter()
                            .filter(|(k, _)| !PROVENANCE_KEYS.contains(&k.as_str()))
                            .map(|(k, v)| (k.clone(), v.clone()))
                            .collect(),
                    )
                };
                let prov = |m: &serde_json::Map<String, Value>| -> Value {
                    Value::Object(
                        m.iter()
                            .filter(|(k, _)| PROVENANCE_KEYS.contains(&k.as_str()))
                            .map(|(k, v)| (k.clone(), v.clone()))
                            .collect(),
                    )
                };
                let before = self.out.len();
                self.walk(path, Some(&content(o)), Some(&content(n)));
                let (op, np) = (prov(o), prov(n));
                if self.out.len() == before && !same(&op, &np) {
                    self.push(path, ChangeKind::Changed, Some(op), Some(np));
                    if let Some(c) = self.out.last_mut() {
                        c.evidence_only = true;
                    }
                }
            }
            _ => self.walk(path, Some(old), Some(new)),
        }
    }

    /// Certificates and codes of conduct expired by the evaluation date.
    fn expiries(&mut self, old: &Value, new: &Value) {
        let Some(date) = self.date else { return };
        for list in ["certifications", "codes_of_conduct"] {
            let pattern = format!("/{list}");
            let items = match new.get(list) {
                Some(Value::Array(a)) => a.as_slice(),
                _ => continue,
            };
            let old_items = match old.get(list) {
                Some(Value::Array(a)) => a.as_slice(),
                _ => &[],
            };
            let (Some(keys), old_keys) = (keys_of(&pattern, items), keys_of(&pattern, old_items))
            else {
                continue;
            };
            for (j, it) in items.iter().enumerate() {
                let Some(until) = it
                    .get("valid_until")
                    .and_then(Value::as_str)
                    .and_then(|s| NaiveDate::parse_from_str(s, "%Y-%m-%d").ok())
                else {
                    continue;
                };
                if until >= date {
                    continue;
                }
                let old_idx = old_keys
                    .as_ref()
                    .and_then(|ks| ks.iter().position(|k| *k == keys[j]));
                let was = old_idx
                    .and_then(|i| old_items[i].get("valid_until"))
                    .and_then(Value::as_str)
                    .and_then(|s| NaiveDate::parse_from_str(s, "%Y-%m-%d").ok());
                let path = Path::default()
                    .field(list)
                    .item(keys[j].clone(), old_idx, Some(j));
                let note = match (self.lang, was) {
                    (Lang::En, Some(w)) if w < date => format!(
                        "valid until {until}, before the evaluation date {date}; already expired in the old version"
                    ),
                    (Lang::En, _) => {
                        format!("valid until {until}, before the evaluation date {date}")
                    }
                    (Lang::De, Some(w)) if w < date => format!(
                        "gültig bis {until}, vor dem Stichtag {date}; schon in der alten Fassung abgelaufen"
                    ),
                    (Lang::De, _) => format!("gültig bis {until}, vor dem Stichtag {date}"),
                };
                self.out.push(Change {
                    section: list.to_string(),
                    path: path.display(),
                    pointer_old: None,
                    pointer_new: path.field("valid_until").pointer(false),
                    label: path.label(self.lang),
                    kind: ChangeKind::Expired,
                    old: was.map(|w| Value::String(w.to_string())),
                    new: Some(Value::String(until.to_string())),
                    note: Some(note),
                    evidence_only: false,
                });
            }
        }
    }
}

fn scalar_key(v: &Value) -> String {
    match v {
        Value::String(s) => s.clone(),
        other => other.to_string(),
    }
}

/// `+10.0 %` / `−5.3 %` (German: `+10,0 %`, with a no-break space).
pub fn format_pct(pct: f64, lang: Lang) -> String {
    let rounded = (pct * 10.0).round() / 10.0;
    let sign = if rounded > 0.0 {
        "+"
    } else if rounded < 0.0 {
        "−"
    } else {
        "±"
    };
    format!(
        "{sign}{}",
        crate::i18n::percent_spaced(lang, rounded.abs(), 1)
    )
}

/// The normalised JSON of a profile, as compared.
pub fn normalise(p: &ProviderProfile) -> Value {
    serde_json::to_value(p).unwrap_or(Value::Null)
}

/// Options of one comparison.
pub struct Options<'a> {
    pub lang: Lang,
    /// The evaluation date; certificates that end before it are reported as expired.
    pub date: Option<NaiveDate>,
    /// Whether a country is in the EU/EEA (decides the "third country" note).
    pub is_eea: &'a dyn Fn(&str) -> bool,
}

/// Every change from `old` to `new`, in profile order; evidence-only changes
/// included (flagged), expiries last.
pub fn compare(old: &ProviderProfile, new: &ProviderProfile, opts: &Options) -> Vec<Change> {
    let (o, n) = (normalise(old), normalise(new));
    let mut w = Walker {
        lang: opts.lang,
        date: opts.date,
        is_eea: opts.is_eea,
        out: Vec::new(),
    };
    w.walk(&Path::default(), Some(&o), Some(&n));
    w.expiries(&o, &n);
    w.out
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    fn eea(c: &str) -> bool {
        ["DE", "FR", "NL", "IE", "FI", "NO"].contains(&c)
    }

    fn run(old: Value, new: Value, date: Option<&str>) -> Vec<Change> {
        let mut w = Walker {
            lang: Lang::En,
            date: date.map(|d| NaiveDate::parse_from_str(d, "%Y-%m-%d").unwrap()),
            is_eea: &eea,
            out: Vec::new(),
        };
        w.walk(&Path::default(), Some(&old), Some(&new));
        w.expiries(&old, &new);
        w.out
    }

    #[test]
    fn fact_forms_and_unknowns() {
        let c = run(
            json!({"dpa": {"breach_notice_hours": {"value": 72}}}),
            json!({"dpa": {"breach_notice_hours": {"value": 24, "source": "https://x"}}}),
            None,
        );
        assert_eq!(c.len(), 1);
        assert_eq!(c[0].path, "/dpa/breach_notice_hours");
        assert_eq!(c[0].old, Some(json!(72)));
        assert_eq!(c[0].new, Some(json!(24)));
        assert_eq!(
            c[0].label,
            "Data processing agreement (DPA) › Deadline to report a data breach to you (hours)"
        );
        // A fact that disappears becomes unknown.
        let c = run(
            json!({"exit": {"switching_fee": {"value": "none"}}}),
            json!({"exit": {}}),
            None,
        );
        assert_eq!(c[0].new, Some(json!("unknown")));
        // Same value, new source: evidence only.
        let c = run(
            json!({"sla": {"url": {"value": "a", "as_of": "2025"}}}),
            json!({"sla": {"url": {"value": "a", "as_of": "2026"}}}),
            None,
        );
        assert!(c[0].evidence_only);
    }

    #[test]
    fn keyed_lists_and_notes() {
        let c = run(
            json!({"offers": [{"id": "a", "price_on_demand": 10, "currency": "EUR"},
                              {"id": "b", "price_on_demand": 5}],
                   "dpa": {"subprocessors": {"list": [{"name": "X", "country": "DE"}]}}}),
            json!({"offers": [{"id": "b", "price_on_demand": 5},
                              {"id": "a", "price_on_demand": 11, "currency": "EUR"}],
                   "dpa": {"subprocessors": {"list": [{"name": "X", "country": "DE"},
                                                      {"name": "Y Inc.", "country": "US"}]}}}),
            None,
        );
        assert_eq!(c.len(), 2, "{c:#?}");
        assert_eq!(c[0].path, "/offers[a]/price_on_demand");
        assert_eq!(
            c[0].pointer_old.as_deref(),
            Some("/offers/0/price_on_demand")
        );
        assert_eq!(
            c[0].pointer_new.as_deref(),
            Some("/offers/1/price_on_demand")
        );
        assert_eq!(c[0].note.as_deref(), Some("+10.0 %"));
        assert_eq!(c[1].kind, ChangeKind::Added);
        assert_eq!(c[1].path, "/dpa/subprocessors/list[Y Inc.]");
        assert_eq!(c[1].note.as_deref(), Some("US, third country"));
        assert_eq!(
            c[1].label,
            "Data processing agreement (DPA) › Sub-processor Y Inc."
        );
    }

    #[test]
    fn sets_and_expiry() {
        let c = run(
            json!({"transfers": {"remote_access_countries": {"value": ["DE"]}},
                   "certifications": [{"scheme": "bsi_c5", "name": "C5", "valid_until": "2027-01-31"}]}),
            json!({"transfers": {"remote_access_countries": {"value": ["DE", "US"]}},
                   "certifications": [{"scheme": "bsi_c5", "name": "C5", "valid_until": "2026-10-31"}]}),
            Some("2026-12-01"),
        );
        let kinds: Vec<(ChangeKind, &str)> = c.iter().map(|x| (x.kind, x.path.as_str())).collect();
        assert_eq!(
            kinds,
            vec![
                (ChangeKind::Added, "/transfers/remote_access_countries[US]"),
                (ChangeKind::Changed, "/certifications[bsi_c5]/valid_until"),
                (ChangeKind::Expired, "/certifications[bsi_c5]"),
            ]
        );
        assert_eq!(c[0].note.as_deref(), Some("US, third country"));
        assert!(c[2].note.as_deref().unwrap().contains("2026-10-31"));
    }

    #[test]
    fn percent_words() {
        assert_eq!(format_pct(10.0, Lang::En), "+10.0 %");
        assert_eq!(format_pct(-5.25, Lang::De), "−5,3\u{a0}%");
        assert_eq!(format_pct(0.0, Lang::En), "±0.0 %");
    }
}
