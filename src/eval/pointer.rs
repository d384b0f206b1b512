//! JSON pointers, parsed once (RFC 6901), and reading a fact through them.
//!
//! A pointer that ends on a normalised fact (`{value, source?, as_of?, status?}`)
//! reads the fact's value and provenance. A pointer that ends on a plain value
//! (a certification's `valid_until`, a region's `country`) takes its provenance
//! from the nearest enclosing object that carries `source`/`as_of`/`status`
//! (list items carry their provenance flattened).

use serde_json::Value;

/// A parsed JSON pointer.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct JsonPtr {
    pub text: String,
    pub segments: Vec<String>,
}

impl JsonPtr {
    /// Parses `/a/b/0`; the empty string is the whole document.
    pub fn parse(text: &str) -> Result<JsonPtr, String> {
        if text.is_empty() {
            return Ok(JsonPtr {
                text: String::new(),
                segments: Vec::new(),
            });
        }
        if !text.starts_with('/') {
            return Err(format!(
                "`{text}` is not a JSON pointer: it must start with `/`"
            ));
        }
        let mut segments = Vec::new();
        for raw in text[1..].split('/') {
            if raw.is_empty() {
                return Err(format!("`{text}` has an empty segment"));
            }
            let mut s = String::with_capacity(raw.len());
            let mut chars = raw.chars();
            while let Some(c) = chars.next() {
                if c == '~' {
                    match chars.next() {
                        Some('0') => s.push('~'),
                        Some('1') => s.push('/'),
                        _ => return Err(format!("`{text}`: `~` must be followed by 0 or 1")),
                    }
                } else {
                    s.push(c);
                }
            }
            segments.push(s);
        }
        Ok(JsonPtr {
            text: text.to_string(),
            segments,
        })
    }

    /// The first segment, if any.
    pub fn first(&self) -> Option<&str> {
        self.segments.first().map(String::as_str)
    }
}

/// Provenance of a value as found in the document.
#[derive(Debug, Clone, Copy, Default)]
pub struct ProvRef<'a> {
    pub source: Option<&'a str>,
    pub as_of: Option<&'a str>,
    pub status: Option<&'a str>,
}

impl<'a> ProvRef<'a> {
    fn from_object(m: &'a serde_json::Map<String, Value>) -> Option<ProvRef<'a>> {
        let source = m.get("source").and_then(Value::as_str);
        let as_of = m.get("as_of").and_then(Value::as_str);
        let status = m.get("status").and_then(Value::as_str);
        if source.is_none() && as_of.is_none() && status.is_none() {
            None
        } else {
            Some(ProvRef {
                source,
                as_of,
                status,
            })
        }
    }

    /// Fields of `self`, falling back to `outer` where absent.
    fn or(self, outer: ProvRef<'a>) -> ProvRef<'a> {
        ProvRef {
            source: self.source.or(outer.source),
            as_of: self.as_of.or(outer.as_of),
            status: self.status.or(outer.status),
        }
    }
}

/// What reading a pointer found.
#[derive(Debug, Clone, Copy)]
pub enum Found<'a> {
    /// Nothing at the pointer.
    Absent,
    /// A fact that says `unknown`.
    Unknown(ProvRef<'a>),
    /// A value.
    Value(&'a Value, ProvRef<'a>),
}

const FACT_KEYS: [&str; 6] = ["value", "source", "as_of", "status", "confidence", "note"];

fn is_fact(m: &serde_json::Map<String, Value>) -> bool {
    m.contains_key("value") && m.keys().all(|k| FACT_KEYS.contains(&k.as_str()))
}

/// Reads the fact at `ptr` below `root`; `outer` is the provenance inherited from above `root`.
pub fn read<'a>(root: &'a Value, ptr: &JsonPtr, outer: ProvRef<'a>) -> Found<'a> {
    let mut node = root;
    let mut prov = outer;
    for seg in &ptr.segments {
        if let Value::Object(m) = node {
            if let Some(p) = ProvRef::from_object(m) {
                prov = p.or(prov);
            }
        }
        node = match node {
            Value::Object(m) => match m.get(seg) {
                Some(v) => v,
                None => return Found::Absent,
            },
            Value::Array(a) => match seg.parse::<usize>().ok().and_then(|i| a.get(i)) {
                Some(v) => v,
                None => return Found::Absent,
            },
            _ => return Found::Absent,
        };
    }
    match node {
        Value::Null => Found::Absent,
        Value::Object(m) if is_fact(m) => {
            let own = ProvRef::from_object(m).unwrap_or_default().or(prov);
            match m.get("value") {
                Some(Value::String(s)) if s == crate::model::common::UNKNOWN => Found::Unknown(own),
                Some(Value::Null) | None => Found::Unknown(own),
                Some(v) => Found::Value(v, own),
            }
        }
        v => Found::Value(v, prov),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn parses_and_escapes() {
        let p = JsonPtr::parse("/a~1b/c~0d/0").unwrap();
        assert_eq!(p.segments, vec!["a/b", "c~d", "0"]);
        assert!(JsonPtr::parse("a/b").is_err());
        assert!(JsonPtr::parse("/a//b").is_err());
        assert!(JsonPtr::parse("/a~2").is_err());
    }

    #[test]
    fn reads_facts_and_inherits_provenance() {
        let doc = json!({
            "dpa": {"available": {"value": true, "source": "https://x", "status": "verified"}},
            "x": {"value": "unknown"},
            "certifications": [{"scheme": "iso27001", "as_of": "2026-01", "source": "https://c"}]
        });
        match read(
            &doc,
            &JsonPtr::parse("/dpa/available").unwrap(),
            ProvRef::default(),
        ) {
            Found::Value(v, p) => {
                assert_eq!(v, &json!(true));
                assert_eq!(p.status, Some("verified"));
            }
            other => panic!("{other:?}"),
        }
        assert!(matches!(
            read(&doc, &JsonPtr::parse("/x").unwrap(), ProvRef::default()),
            Found::Unknown(_)
        ));
        assert!(matches!(
            read(
                &doc,
                &JsonPtr::parse("/nope/deeper").unwrap(),
                ProvRef::default()
            ),
            Found::Absent
        ));
        match read(
            &doc,
            &JsonPtr::parse("/certifications/0/scheme").unwrap(),
            ProvRef::default(),
        ) {
            Found::Value(v, p) => {
                assert_eq!(v, &json!("iso27001"));
                assert_eq!(p.as_of, Some("2026-01"));
                assert_eq!(p.source, Some("https://c"));
            }
            other => panic!("{other:?}"),
        }
    }
}
