//! YAML reading, in two passes, both bounded:
//!
//! 1. `scan`: saphyr's event parser walks the text once without expanding
//!    aliases. It refuses what must never reach a tree builder (several
//!    documents, deep nesting, alias bombs, huge documents, tags, long strings,
//!    NaN/infinity, duplicate keys) and records every node's line:column under
//!    its JSON pointer.
//! 2. `to_value`: serde_yaml (the user's choice of YAML crate) builds the value,
//!    which is converted to JSON for the schema step.
//!
//! This is the only module that names a YAML crate, so swapping serde_yaml for
//! a maintained successor is a change to this file.

use crate::diag::LoadCode;
use std::collections::HashMap;

use saphyr_parser::{Event, Parser, ScalarStyle, Span};

use super::positions::{child, NodePos, Pos, PositionIndex};
use crate::diag::{Diagnostic, Msg};

/// Deepest nesting of mappings and lists accepted.
pub const MAX_DEPTH: usize = 64;
/// Most values (nodes) in one document, counted as written.
pub const MAX_VALUES: u64 = 200_000;
/// Longest text value in bytes (64 KiB).
pub const MAX_STRING_BYTES: usize = 64 * 1024;

/// The outcome of the first pass.
#[derive(Debug, Default)]
pub struct Scan {
    pub index: PositionIndex,
    /// Problems found; when any is an error, the text must not be parsed further.
    pub diagnostics: Vec<Diagnostic>,
}

enum FrameKind {
    Map {
        expecting_key: bool,
        key: Option<String>,
        key_pos: Option<Pos>,
        keys: HashMap<String, Pos>,
    },
    Seq {
        next: usize,
    },
}

struct Frame {
    kind: FrameKind,
    /// Pointer of this collection; `None` inside a complex key (not indexed).
    pointer: Option<String>,
    /// This collection is itself a mapping key.
    is_key: bool,
    anchor: usize,
    /// Values inside, counting alias expansions.
    expanded: u64,
}

fn pos(span: &Span) -> Pos {
    Pos {
        line: span.start.line(),
        column: span.start.col() + 1,
    }
}

fn is_non_finite(s: &str) -> bool {
    let t = s.strip_prefix(['+', '-']).unwrap_or(s);
    matches!(t, ".inf" | ".Inf" | ".INF") || matches!(s, ".nan" | ".NaN" | ".NAN")
}

/// A decimal numeral too large for a 64-bit float (`1e999`, a 60,000-digit
/// number): YAML reads it as infinity, but it was written as a number.
fn is_overflowing_numeral(s: &str) -> bool {
    let t = s.strip_prefix(['+', '-']).unwrap_or(s);
    let numeric = t.starts_with(|c: char| c.is_ascii_digit() || c == '.')
        && t.chars()
            .all(|c| c.is_ascii_digit() || matches!(c, '.' | 'e' | 'E' | '+' | '-'));
    numeric && t.parse::<f64>().is_ok_and(f64::is_infinite)
}

/// A decimal numeral so close to zero (below 1e-28) that an exact decimal amount
/// cannot hold it: it would become 0 and be reported as a figure of 0.
fn is_vanishing_numeral(s: &str) -> bool {
    let t = s.strip_prefix(['+', '-']).unwrap_or(s);
    let numeric = t.starts_with(|c: char| c.is_ascii_digit() || c == '.')
        && t.chars()
            .all(|c| c.is_ascii_digit() || matches!(c, '.' | 'e' | 'E' | '+' | '-'));
    numeric && t.parse::<f64>().is_ok_and(|v| v != 0.0 && v.abs() < 1e-28)
}

/// A whole number in hexadecimal, octal or binary (`0x10`, `0o17`, `0b101`):
/// YAML reads it as a number (16), but no field means one written that way.
fn is_non_decimal_integer(s: &str) -> bool {
    let t = s.strip_prefix(['+', '-']).unwrap_or(s);
    let (radix, digits) = match t.get(..2) {
        Some("0x") => (16, &t[2..]),
        Some("0o") => (8, &t[2..]),
        Some("0b") => (2, &t[2..]),
        _ => return false,
    };
    !digits.is_empty() && digits.chars().all(|c| c.is_digit(radix))
}

/// A value as a message shows it: long ones shortened to their start and end
/// (a 60,000-digit number is not echoed in full; the message gives its length).
pub(crate) fn shortened(v: &str) -> String {
    const KEEP: usize = 24;
    let n = v.chars().count();
    if n <= KEEP + 16 {
        return v.to_string();
    }
    let head: String = v.chars().take(KEEP).collect();
    let tail: String = v.chars().skip(n - 8).collect();
    format!("{head}…{tail}")
}

/// An integer literal that YAML reads as a whole number wider than 64 bits
/// (`99999999999999999999999`, `0xFFFFFFFFFFFFFFFFFF`): no field takes one, and
/// the tree builder (serde_yaml) fails on it with a message about `u128`.
/// Follows serde_yaml's integer grammar: optional sign, `0x`/`0o`/`0b` or decimal
/// without a leading zero.
fn is_wide_integer(s: &str) -> bool {
    let (negative, unsigned) = match s.as_bytes().first() {
        Some(b'-') => (true, &s[1..]),
        Some(b'+') => (false, &s[1..]),
        _ => (false, s),
    };
    let (radix, digits) = if let Some(r) = unsigned.strip_prefix("0x") {
        (16, r)
    } else if let Some(r) = unsigned.strip_prefix("0o") {
        (8, r)
    } else if let Some(r) = unsigned.strip_prefix("0b") {
        (2, r)
    } else if unsigned.len() > 1 && unsigned.starts_with('0') {
        // Leading zeros make a text in YAML 1.2.
        return false;
    } else {
        (10, unsigned)
    };
    if digits.is_empty() || !digits.chars().all(|c| c.is_digit(radix)) {
        return false;
    }
    match u128::from_str_radix(digits, radix) {
        // Wider than u128: serde_yaml reads it as a float instead.
        Err(_) => false,
        Ok(n) if negative => n > 1u128 << 63 && n <= 1u128 << 127,
        Ok(n) => n > u128::from(u64::MAX),
    }
}

/// Where the next node goes.
enum Slot {
    /// A mapping key.
    Key,
    /// A value under this pointer (`None`: not indexed) with its key's position.
    Value(Option<String>, Option<Pos>),
}

/// How often each file's text was parsed in this process: (event scans, value
/// builds), by display name. Every YAML pass over a text is counted here so a
/// test can prove that a run parses each input file once (`pipeline_parses.rs`).
static PASSES: std::sync::Mutex<std::collections::BTreeMap<String, (usize, usize)>> =
    std::sync::Mutex::new(std::collections::BTreeMap::new());

pub(crate) fn count(file: &str, value: bool) {
    if let Ok(mut m) = PASSES.lock() {
        let e = m.entry(file.to_string()).or_default();
        if value {
            e.1 += 1;
        } else {
            e.0 += 1;
        }
    }
}

/// The YAML passes over `file` so far: (event scans, value builds).
pub fn passes(file: &str) -> (usize, usize) {
    PASSES
        .lock()
        .ok()
        .and_then(|m| m.get(file).copied())
        .unwrap_or_default()
}

/// First pass over the text: limits, refusals and the position index.
pub fn scan(text: &str, file: &str) -> Scan {
    count(file, false);
    let mut out = Scan::default();
    let mut stack: Vec<Frame> = Vec::new();
    let mut anchors: HashMap<usize, u64> = HashMap::new();
    let mut documents = 0usize;
    let mut root_seen = false;
    let mut written: u64 = 0;
    let mut expanded: u64 = 0;
    let mut saw_alias = false;
    let err = |code: LoadCode, msg: Msg, p: Pos| {
        Diagnostic::error_m(code, msg)
            .in_file(file)
            .at(p.line, p.column)
    };

    for item in Parser::new_from_str(text) {
        let (event, span) = match item {
            Ok(x) => x,
            Err(e) => {
                let m = e.marker();
                if e.info().contains("recursion limit") {
                    out.diagnostics.push(
                        Diagnostic::error_t(
                            LoadCode::NestingTooDeep,
                            "yaml_too_deep",
                            &[("depth", &MAX_DEPTH.to_string())],
                        )
                        .in_file(file)
                        .at(m.line(), m.col() + 1)
                        .help_t("yaml_too_deep_help", &[]),
                    );
                    return out;
                }
                out.diagnostics.push(
                    Diagnostic::error_t(
                        LoadCode::YamlSyntax,
                        "yaml_syntax",
                        &[("error", e.info())],
                    )
                    .in_file(file)
                    .at(m.line(), m.col() + 1)
                    .help_t("yaml_syntax_help", &[]),
                );
                return out;
            }
        };
        let here = pos(&span);
        // Work out the slot of a node event.
        let is_node = matches!(
            event,
            Event::Scalar(..)
                | Event::SequenceStart(..)
                | Event::MappingStart(..)
                | Event::Alias(_)
        );
        let slot = if is_node {
            match stack.last() {
                None => Slot::Value(Some(String::new()), None),
                Some(f) => match &f.kind {
                    FrameKind::Map {
                        expecting_key: true,
                        ..
                    } => Slot::Key,
                    FrameKind::Map { key, key_pos, .. } => Slot::Value(
                        match (&f.pointer, key) {
                            (Some(p), Some(k)) => Some(child(p, k)),
                            _ => None,
                        },
                        *key_pos,
                    ),
                    FrameKind::Seq { next } => Slot::Value(
                        f.pointer.as_ref().map(|p| child(p, &next.to_string())),
                        None,
                    ),
                },
            }
        } else {
            Slot::Key
        };
        if is_node {
            written += 1;
            expanded = expanded.saturating_add(1);
            if stack.is_empty() && !root_seen {
                root_seen = true;
                let empty = matches!(&event, Event::Scalar(v, ScalarStyle::Plain, _, None) if v.is_empty() || v == "~" || v == "null");
                if empty {
                    out.diagnostics.push(
                        err(LoadCode::EmptyDocument, Msg::new("yaml_empty", &[]), here)
                            .help_t("yaml_start_from_example", &[]),
                    );
                    return out;
                }
                if !matches!(event, Event::MappingStart(..)) {
                    out.diagnostics.push(
                        err(
                            LoadCode::RootNotMapping,
                            Msg::new("yaml_root_not_mapping", &[]),
                            here,
                        )
                        .expected_t("yaml_root_not_mapping_expected", &[])
                        .help_t("yaml_root_not_mapping_help", &[]),
                    );
                    return out;
                }
            }
            if let Slot::Value(Some(p), key) = &slot {
                out.index.insert(
                    p.clone(),
                    NodePos {
                        key: *key,
                        value: here,
                    },
                );
            }
        }
        // Tags (on scalars and collections).
        let tag = match &event {
            Event::Scalar(_, _, _, t) | Event::SequenceStart(_, t) | Event::MappingStart(_, t) => {
                t.as_ref()
            }
            _ => None,
        };
        if let Some(t) = tag {
            let shown = if t.is_yaml_core_schema() {
                format!("!!{}", t.suffix)
            } else {
                format!("{}{}", t.handle, t.suffix)
            };
            let mut d = err(
                LoadCode::YamlTagNotAllowed,
                Msg::new("yaml_tag", &[("tag", &shown)]),
                here,
            )
            .expected_t("yaml_tag_expected", &[])
            .help_t("yaml_tag_help", &[]);
            if let Slot::Value(Some(p), _) = &slot {
                d = d.pointer(p.clone());
            }
            out.diagnostics.push(d);
        }
        match event {
            Event::DocumentStart(_) => {
                documents += 1;
                if documents > 1 {
                    out.diagnostics.push(
                        err(
                            LoadCode::MultipleDocuments,
                            Msg::new("yaml_several_documents", &[]),
                            here,
                        )
                        .help_t("yaml_several_documents_help", &[]),
                    );
                    return out;
                }
            }
            Event::Scalar(value, style, anchor, _) => {
                if value.len() > MAX_STRING_BYTES {
                    let mut d = err(
                        LoadCode::StringTooLong,
                        Msg::new(
                            "yaml_string_too_long",
                            &[
                                ("bytes", &value.len().to_string()),
                                ("limit", &MAX_STRING_BYTES.to_string()),
                            ],
                        ),
                        here,
                    )
                    .help_t("yaml_string_too_long_help", &[]);
                    if let Slot::Value(Some(p), _) = &slot {
                        d = d.pointer(p.clone());
                    }
                    out.diagnostics.push(d);
                }
                if style == ScalarStyle::Plain && is_non_decimal_integer(&value) {
                    let mut d = err(
                        LoadCode::NonDecimalNumber,
                        Msg::new("yaml_non_decimal", &[("value", &shortened(&value))]),
                        here,
                    )
                    .expected_t("yaml_non_decimal_expected", &[])
                    .help_t("yaml_non_decimal_help", &[]);
                    if let Slot::Value(Some(p), _) = &slot {
                        d = d.pointer(p.clone());
                    }
                    out.diagnostics.push(d);
                }
                if style == ScalarStyle::Plain && is_overflowing_numeral(&value) {
                    let digits = value.chars().filter(char::is_ascii_digit).count();
                    let mut d = err(
                        LoadCode::NumberOutOfRange,
                        Msg::new(
                            "yaml_number_too_large",
                            &[
                                ("value", &shortened(&value)),
                                ("digits", &digits.to_string()),
                            ],
                        ),
                        here,
                    )
                    .expected_t("yaml_number_too_large_expected", &[])
                    .help_t("yaml_number_too_large_help", &[]);
                    if let Slot::Value(Some(p), _) = &slot {
                        d = d.pointer(p.clone());
                    }
                    out.diagnostics.push(d);
                }
                if style == ScalarStyle::Plain && is_vanishing_numeral(&value) {
                    let mut d = err(
                        LoadCode::NumberOutOfRange,
                        Msg::new("yaml_number_too_small", &[("value", &shortened(&value))]),
                        here,
                    )
                    .expected_t("yaml_number_too_small_expected", &[])
                    .help_t("yaml_number_too_small_help", &[]);
                    if let Slot::Value(Some(p), _) = &slot {
                        d = d.pointer(p.clone());
                    }
                    out.diagnostics.push(d);
                }
                if style == ScalarStyle::Plain && is_non_finite(&value) {
                    let mut d = err(
                        LoadCode::NonFiniteNumber,
                        Msg::new("yaml_not_finite", &[("value", &value)]),
                        here,
                    )
                    .expected_t("yaml_not_finite_expected", &[])
                    .help_t("yaml_not_finite_help", &[]);
                    if let Slot::Value(Some(p), _) = &slot {
                        d = d.pointer(p.clone());
                    }
                    out.diagnostics.push(d);
                }
                if style == ScalarStyle::Plain
                    && is_wide_integer(&value)
                    && !is_non_decimal_integer(&value)
                {
                    let mut d = err(
                        LoadCode::NumberOutOfRange,
                        Msg::new("yaml_wide_integer", &[("value", &shortened(&value))]),
                        here,
                    )
                    .expected_t("yaml_wide_integer_expected", &[])
                    .help_t("yaml_wide_integer_help", &[]);
                    if let Slot::Value(Some(p), _) = &slot {
                        d = d.pointer(p.clone());
                    }
                    out.diagnostics.push(d);
                }
                if anchor > 0 {
                    anchors.insert(anchor, 1);
                }
                match slot {
                    Slot::Key => {
                        if let Some(Frame {
                            kind:
                                FrameKind::Map {
                                    expecting_key,
                                    key,
                                    key_pos,
                                    keys,
                                },
                            pointer,
                            ..
                        }) = stack.last_mut()
                        {
                            if let Some(first) = keys.get(value.as_ref()) {
                                let mut d = err(
                                    LoadCode::DuplicateKey,
                                    Msg::new(
                                        "yaml_duplicate_key",
                                        &[("field", &value), ("line", &first.line.to_string())],
                                    ),
                                    here,
                                )
                                .help_t("yaml_duplicate_key_help", &[]);
                                if let Some(p) = pointer {
                                    d = d.pointer(child(p, &value));
                                }
                                out.diagnostics.push(d);
                            } else {
                                keys.insert(value.to_string(), here);
                            }
                            *expecting_key = false;
                            *key = Some(value.to_string());
                            *key_pos = Some(here);
                        }
                    }
                    Slot::Value(..) => finish_value(&mut stack, 1),
                }
            }
            Event::Alias(id) => {
                saw_alias = true;
                let size = anchors.get(&id).copied().unwrap_or(1);
                expanded = expanded.saturating_add(size);
                match slot {
                    Slot::Key => {
                        if let Some(Frame {
                            kind:
                                FrameKind::Map {
                                    expecting_key,
                                    key,
                                    key_pos,
                                    ..
                                },
                            ..
                        }) = stack.last_mut()
                        {
                            *expecting_key = false;
                            *key = None;
                            *key_pos = Some(here);
                        }
                    }
                    Slot::Value(..) => finish_value(&mut stack, size),
                }
            }
            Event::MappingStart(anchor, _) | Event::SequenceStart(anchor, _) => {
                let is_map = matches!(event, Event::MappingStart(..));
                let (pointer, is_key) = match slot {
                    Slot::Key => (None, true),
                    Slot::Value(p, _) => (p, false),
                };
                if is_key {
                    out.diagnostics.push(
                        err(
                            LoadCode::NonStringKey,
                            Msg::new("yaml_key_not_scalar", &[]),
                            here,
                        )
                        .expected_t("yaml_field_name", &[])
                        .help_t("yaml_key_not_scalar_help", &[]),
                    );
                }
                stack.push(Frame {
                    kind: if is_map {
                        FrameKind::Map {
                            expecting_key: true,
                            key: None,
                            key_pos: None,
                            keys: HashMap::new(),
                        }
                    } else {
                        FrameKind::Seq { next: 0 }
                    },
                    pointer,
                    is_key,
                    anchor,
                    expanded: 1,
                });
                if stack.len() > MAX_DEPTH {
                    out.diagnostics.push(
                        err(
                            LoadCode::NestingTooDeep,
                            Msg::new("yaml_too_deep", &[("depth", &MAX_DEPTH.to_string())]),
                            here,
                        )
                        .help_t("yaml_too_deep_help", &[]),
                    );
                    return out;
                }
            }
            Event::MappingEnd | Event::SequenceEnd => {
                if let Some(done) = stack.pop() {
                    if done.anchor > 0 {
                        anchors.insert(done.anchor, done.expanded);
                    }
                    if done.is_key {
                        if let Some(Frame {
                            kind:
                                FrameKind::Map {
                                    expecting_key, key, ..
                                },
                            ..
                        }) = stack.last_mut()
                        {
                            *expecting_key = false;
                            *key = None;
                        }
                    } else {
                        finish_value(&mut stack, done.expanded);
                    }
                }
            }
            Event::StreamEnd => break,
            _ => {}
        }
        if written > MAX_VALUES {
            out.diagnostics.push(
                err(
                    LoadCode::TooManyValues,
                    Msg::new(
                        "yaml_too_many_values",
                        &[("limit", &MAX_VALUES.to_string())],
                    ),
                    here,
                )
                .help_t("yaml_too_many_values_help", &[]),
            );
            return out;
        }
        if expanded > MAX_VALUES {
            let mut d = err(
                LoadCode::AliasExpansionLimit,
                Msg::new("yaml_alias_bomb", &[("limit", &MAX_VALUES.to_string())]),
                here,
            )
            .help_t("yaml_alias_bomb_help", &[]);
            if !saw_alias {
                d.code = LoadCode::TooManyValues.into();
            }
            out.diagnostics.push(d);
            return out;
        }
    }
    if documents == 0 || !root_seen {
        out.diagnostics.push(
            Diagnostic::error_t(LoadCode::EmptyDocument, "yaml_no_document", &[])
                .in_file(file)
                .help_t("yaml_start_from_example", &[]),
        );
    }
    out
}

/// A value of `size` nodes completed inside the top frame.
fn finish_value(stack: &mut [Frame], size: u64) {
    if let Some(f) = stack.last_mut() {
        f.expanded = f.expanded.saturating_add(size);
        match &mut f.kind {
            FrameKind::Map {
                expecting_key, key, ..
            } => {
                *expecting_key = true;
                *key = None;
            }
            FrameKind::Seq { next } => *next += 1,
        }
    }
}

/// Maps a serde_yaml error to a diagnostic (its own limits back ours up).
fn yaml_error(e: &serde_yaml::Error, file: &str) -> Diagnostic {
    let text = e.to_string();
    let code = if text.contains("recursion limit") {
        LoadCode::NestingTooDeep
    } else if text.contains("repetition limit") {
        LoadCode::AliasExpansionLimit
    } else if text.contains("more than one document") {
        LoadCode::MultipleDocuments
    } else {
        LoadCode::YamlSyntax
    };
    let mut d = Diagnostic::error_t(code, "yaml_error", &[("error", &text)]).in_file(file);
    if let Some(loc) = e.location() {
        d = d.at(loc.line(), loc.column());
    }
    d
}

/// Second pass: the value as JSON, for the schema step. Call only after `scan`
/// reported no error.
pub fn to_value(
    text: &str,
    file: &str,
    index: &PositionIndex,
) -> Result<serde_json::Value, Vec<Diagnostic>> {
    count(file, true);
    let yaml: serde_yaml::Value =
        serde_yaml::from_str(text).map_err(|e| vec![yaml_error(&e, file)])?;
    let mut diags = Vec::new();
    let json = convert(yaml, String::new(), file, index, &mut diags);
    if diags.is_empty() {
        Ok(json)
    } else {
        Err(diags)
    }
}

fn located(d: Diagnostic, pointer: &str, index: &PositionIndex) -> Diagnostic {
    let d = d.pointer(pointer.to_string());
    match index.value(pointer) {
        Some(p) => d.at(p.line, p.column),
        None => d,
    }
}

fn convert(
    v: serde_yaml::Value,
    pointer: String,
    file: &str,
    index: &PositionIndex,
    diags: &mut Vec<Diagnostic>,
) -> serde_json::Value {
    use serde_json::Value as J;
    use serde_yaml::Value as Y;
    match v {
        Y::Null => J::Null,
        Y::Bool(b) => J::Bool(b),
        Y::String(s) => J::String(s),
        Y::Number(n) => {
            if let Some(u) = n.as_u64() {
                J::from(u)
            } else if let Some(i) = n.as_i64() {
                J::from(i)
            } else {
                let f = n.as_f64().unwrap_or(f64::NAN);
                match serde_json::Number::from_f64(f) {
                    Some(x) => J::Number(x),
                    None => {
                        diags.push(located(
                            Diagnostic::error_t(
                                LoadCode::NonFiniteNumber,
                                "yaml_not_finite",
                                &[("value", &n.to_string())],
                            )
                            .in_file(file)
                            .expected_t("yaml_not_finite_expected", &[])
                            .help_t("yaml_not_finite_help", &[]),
                            &pointer,
                            index,
                        ));
                        J::Null
                    }
                }
            }
        }
        Y::Sequence(items) => J::Array(
            items
                .into_iter()
                .enumerate()
                .map(|(i, x)| convert(x, child(&pointer, &i.to_string()), file, index, diags))
                .collect(),
        ),
        Y::Mapping(m) => {
            let mut out = serde_json::Map::new();
            for (k, x) in m {
                let key = match k {
                    Y::String(s) => s,
                    other => {
                        let shown = serde_yaml::to_string(&other)
                            .map(|s| s.trim().to_string())
                            .unwrap_or_default();
                        diags.push(located(
                            Diagnostic::error_t(
                                LoadCode::NonStringKey,
                                "yaml_key_not_text",
                                &[("key", &shown)],
                            )
                            .in_file(file)
                            .expected_t("yaml_field_name", &[])
                            .help_t("yaml_key_not_text_help", &[("key", &shown)]),
                            &pointer,
                            index,
                        ));
                        continue;
                    }
                };
                let p = child(&pointer, &key);
                let value = convert(x, p, file, index, diags);
                out.insert(key, value);
            }
            J::Object(out)
        }
        Y::Tagged(t) => {
            diags.push(located(
                Diagnostic::error_t(
                    LoadCode::YamlTagNotAllowed,
                    "yaml_tag",
                    &[("tag", &t.tag.to_string())],
                )
                .in_file(file)
                .expected_t("yaml_tag_expected", &[])
                .help_t("yaml_tag_help", &[]),
                &pointer,
                index,
            ));
            J::Null
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn codes(text: &str) -> Vec<&'static str> {
        scan(text, "t.yaml")
            .diagnostics
            .iter()
            .map(|d| d.code.as_str())
            .collect()
    }

    #[test]
    fn index_points_at_keys_and_values() {
        let s = scan(
            "kind: provider\noffers:\n  - id: a\n    gpu_model: H100\n",
            "t",
        );
        assert!(s.diagnostics.is_empty(), "{:?}", s.diagnostics);
        let n = s.index.get("/offers/0/gpu_model").unwrap();
        assert_eq!(n.key, Some(Pos { line: 4, column: 5 }));
        assert_eq!(
            n.value,
            Pos {
                line: 4,
                column: 16
            }
        );
        assert_eq!(s.index.value("/offers/0/nope").unwrap().line, 3);
    }

    #[test]
    fn refusals() {
        assert_eq!(codes("a: 1\n---\nb: 2\n"), ["multiple-documents"]);
        assert_eq!(codes("- 1\n"), ["root-not-mapping"]);
        assert_eq!(codes(""), ["empty-document"]);
        assert_eq!(codes("# only a comment\n"), ["empty-document"]);
        assert_eq!(codes("a: !foo 1\n"), ["yaml-tag-not-allowed"]);
        assert_eq!(codes("a: .nan\nb: -.inf\n"), ["non-finite-number"; 2]);
        assert_eq!(codes("a: 1e999\n"), ["number-out-of-range"]);
        assert_eq!(
            codes("a: 1e-30\nb: 0.0\nc: 1e-5\n"),
            ["number-out-of-range"]
        );
        assert_eq!(
            codes("a: 0x10\nb: -0o17\nc: 0b1\n"),
            ["non-decimal-number"; 3]
        );
        assert_eq!(
            codes("a: 0xFFFFFFFFFFFFFFFFFFFFFF\n"),
            ["non-decimal-number"]
        );
        assert_eq!(codes("a: \"0x10\"\nb: 0xZ\n"), Vec::<&str>::new());
        assert_eq!(codes("a: 1\na: 2\n"), ["duplicate-key"]);
        assert_eq!(codes("a: [1, 2\n"), ["yaml-syntax"]);
        let deep = format!("a: {}{}\n", "[".repeat(100), "]".repeat(100));
        assert_eq!(codes(&deep), ["nesting-too-deep"]);
        let mut lol = String::from("a: &a [x, x, x, x, x, x, x, x, x, x]\n");
        for i in 0..9u8 {
            let (p, n) = ((b'a' + i) as char, (b'b' + i) as char);
            lol.push_str(&format!(
                "{n}: &{n} [*{p}, *{p}, *{p}, *{p}, *{p}, *{p}, *{p}, *{p}, *{p}, *{p}]\n"
            ));
        }
        assert_eq!(codes(&lol), ["alias-expansion-limit"]);
    }

    #[test]
    fn converts_to_json() {
        let t = "a: 1\nb: [x, 2.5]\n";
        let s = scan(t, "t");
        let v = to_value(t, "t", &s.index).unwrap();
        assert_eq!(v, serde_json::json!({"a": 1, "b": ["x", 2.5]}));
        let t = "1: x\n";
        let s = scan(t, "t");
        let e = to_value(t, "t", &s.index).unwrap_err();
        assert_eq!(e[0].code, "non-string-key");
    }
}
