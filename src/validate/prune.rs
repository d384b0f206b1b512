//! Checking what is sound in a document the schema step refused.
//!
//! A file with a decimal comma in one price and an unknown GPU model in another
//! offer has two problems; the schema step finds the first, the semantic checks
//! the second. So that both are reported in one run, the parts the schema step
//! refused are taken out of a copy of the document (a field, or a list item),
//! the copy is checked against the schema again — a part that is now missing a
//! required field goes too, and so on upwards — and when what is left is a
//! valid document of the kind, the kind's checks run on it. Their findings are
//! mapped back to the file's pointers (list items taken out shift the others),
//! and findings about a part taken out, or about its parent (an offer whose
//! price was taken out "has no price"), are dropped: the schema step said what
//! is wrong there. When taking parts out reaches the root, nothing more is
//! checked.

use std::collections::BTreeMap;

use serde::de::DeserializeOwned;
use serde_json::Value;

use crate::diag::Diagnostic;
use crate::load::positions::child;
use crate::load::{DocumentKind, Parsed};

/// How many times the copy is checked against the schema again.
const ROUNDS: usize = 6;

/// What was taken out of a document, and the way back to its pointers.
#[derive(Debug, Default)]
pub struct Pruned {
    /// The pointers taken out (the file's).
    removed: Vec<String>,
    /// Per list (the file's pointer): the indices taken out, ascending.
    lists: BTreeMap<String, Vec<usize>>,
}

impl Pruned {
    /// The file's pointer for a pointer into the pruned copy.
    pub fn original(&self, pointer: &str) -> String {
        if pointer.is_empty() || self.lists.is_empty() {
            return pointer.to_string();
        }
        let mut out = String::new();
        for seg in pointer.split('/').skip(1) {
            let seg = match (self.lists.get(&out), seg.parse::<usize>()) {
                (Some(gone), Ok(mut k)) => {
                    // The k-th item that is left is the file's item k + (items
                    // taken out before it).
                    for g in gone {
                        if *g <= k {
                            k += 1;
                        }
                    }
                    k.to_string()
                }
                _ => seg.to_string(),
            };
            out.push('/');
            out.push_str(&seg);
        }
        out
    }

    /// Whether a finding at the file's `pointer` is about a part taken out: the
    /// part itself, something inside it, or its parent (other than the root).
    pub fn covers(&self, pointer: &str) -> bool {
        self.removed.iter().any(|r| {
            let inside = pointer == r
                || pointer
                    .strip_prefix(r.as_str())
                    .is_some_and(|rest| rest.starts_with('/'));
            let parent = !pointer.is_empty()
                && r.strip_prefix(pointer)
                    .is_some_and(|rest| rest.starts_with('/') && !rest[1..].contains('/'));
            inside || parent
        })
    }

    /// Whether `pointer` is taken out, or lies inside a part taken out.
    fn gone(&self, pointer: &str) -> bool {
        self.removed.iter().any(|r| {
            pointer == r
                || pointer
                    .strip_prefix(r.as_str())
                    .is_some_and(|rest| rest.starts_with('/'))
        })
    }

    /// Takes `pointer` (the file's) out; `false` for the root.
    fn take_out(&mut self, pointer: &str) -> bool {
        if pointer.is_empty() {
            return false;
        }
        if !self.gone(pointer) {
            self.removed.push(pointer.to_string());
        }
        true
    }

    /// The document without the parts taken out.
    fn apply(&mut self, original: &Value) -> Value {
        self.lists.clear();
        let mut lists = BTreeMap::new();
        let v = self.copy(original, "", &mut lists);
        self.lists = lists;
        v
    }

    fn copy(&self, v: &Value, pointer: &str, lists: &mut BTreeMap<String, Vec<usize>>) -> Value {
        match v {
            Value::Object(m) => Value::Object(
                m.iter()
                    .filter(|(k, _)| !self.removed.contains(&child(pointer, k)))
                    .map(|(k, x)| (k.clone(), self.copy(x, &child(pointer, k), lists)))
                    .collect(),
            ),
            Value::Array(a) => {
                let mut out = Vec::with_capacity(a.len());
                for (i, x) in a.iter().enumerate() {
                    let p = child(pointer, &i.to_string());
                    if self.removed.contains(&p) {
                        lists.entry(pointer.to_string()).or_default().push(i);
                    } else {
                        out.push(self.copy(x, &p, lists));
                    }
                }
                Value::Array(out)
            }
            other => other.clone(),
        }
    }
}

/// The document with every part the schema step refused taken out, typed, or
/// `None` when nothing sound is left to check (see the module's text). `errors`
/// are the schema step's diagnostics.
pub fn prune<T: DeserializeOwned>(
    kind: DocumentKind,
    parsed: &Parsed,
    errors: &[Diagnostic],
) -> Option<(T, Pruned)> {
    let mut pruned = Pruned::default();
    for d in errors.iter().filter(|d| d.is_error()) {
        if !pruned.take_out(d.pointer.as_deref()?) {
            return None;
        }
    }
    for _ in 0..ROUNDS {
        let value = pruned.apply(&parsed.value);
        let again = crate::load::schema_check::check(kind, &value, "", &parsed.index);
        let again: Vec<&Diagnostic> = again.iter().filter(|d| d.is_error()).collect();
        if again.is_empty() {
            return serde_json::from_value(value).ok().map(|v| (v, pruned));
        }
        for d in again {
            let at = pruned.original(d.pointer.as_deref()?);
            // A field that is still wrong once its part is gone: its parent goes.
            let at = if pruned.gone(&at) {
                parent(&at)?.to_string()
            } else {
                at
            };
            if !pruned.take_out(&at) {
                return None;
            }
        }
    }
    None
}

fn parent(pointer: &str) -> Option<&str> {
    pointer.rfind('/').map(|i| &pointer[..i])
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn pointers_map_back_across_list_items_taken_out() {
        let doc: Value =
            serde_json::json!({"offers": [{"a": 1}, {"a": "x"}, {"a": 3}, {"a": "y"}, {"a": 5}]});
        let mut p = Pruned::default();
        p.take_out("/offers/1");
        p.take_out("/offers/3");
        let v = p.apply(&doc);
        assert_eq!(v["offers"].as_array().unwrap().len(), 3);
        assert_eq!(p.original("/offers/0/a"), "/offers/0/a");
        assert_eq!(p.original("/offers/1/a"), "/offers/2/a");
        assert_eq!(p.original("/offers/2"), "/offers/4");
        assert!(p.covers("/offers/1"));
        assert!(p.covers("/offers"), "the parent of an item taken out");
        assert!(!p.covers("/offers/2/a"));
        assert!(!p.covers(""));
    }

    #[test]
    fn a_field_taken_out_covers_its_object_not_its_siblings() {
        let mut p = Pruned::default();
        p.take_out("/offers/2/price_on_demand");
        assert!(p.covers("/offers/2"));
        assert!(p.covers("/offers/2/price_on_demand"));
        assert!(!p.covers("/offers/2/gpu_model"));
        assert!(!p.covers("/offers/1"));
    }
}
