//! The JSON Schema step: validates a document's JSON value against the embedded
//! schema of its kind (validator built once per kind) and turns every error
//! into a diagnostic with pointer, line:column, what was expected and a help
//! line. Errors the bare validator words poorly get better messages here:
//! facts (`anyOf` value / `unknown` / long form), unknown fields ("did you mean"),
//! enums, missing fields.

use crate::diag::{Arg, LoadCode, Msg};
use crate::i18n::{fill, t, Lang};
use std::sync::OnceLock;

use jsonschema::error::ValidationErrorKind;
use jsonschema::{ValidationError, Validator};
use serde_json::Value;

use super::positions::{child, PositionIndex};
use super::DocumentKind;
use crate::diag::Diagnostic;

struct Compiled {
    schema: Value,
    validator: Validator,
}

const KINDS: usize = 8;

fn slot(kind: DocumentKind) -> usize {
    match kind {
        DocumentKind::Provider => 0,
        DocumentKind::RulePack => 1,
        DocumentKind::Requirements => 2,
        DocumentKind::Workload => 3,
        DocumentKind::DpaReview => 4,
        DocumentKind::Questionnaire => 5,
        DocumentKind::RentVsBuy => 6,
        DocumentKind::Project => 7,
    }
}

static CACHE: [OnceLock<Result<Compiled, String>>; KINDS] = [
    OnceLock::new(),
    OnceLock::new(),
    OnceLock::new(),
    OnceLock::new(),
    OnceLock::new(),
    OnceLock::new(),
    OnceLock::new(),
    OnceLock::new(),
];

fn compile(kind: DocumentKind) -> Result<Compiled, String> {
    let path = format!("schemas/{}", kind.schema_file());
    let bytes = crate::embedded::file(&path)
        .ok_or_else(|| format!("the schema {path} is not embedded in this build"))?;
    let schema: Value =
        serde_json::from_slice(bytes).map_err(|e| format!("the schema {path} is not JSON: {e}"))?;
    let validator = jsonschema::draft202012::new(&schema)
        .map_err(|e| format!("the schema {path} does not compile: {e}"))?;
    Ok(Compiled { schema, validator })
}

/// The validator for a kind (every kind has a schema).
fn compiled(kind: DocumentKind) -> Option<&'static Result<Compiled, String>> {
    Some(CACHE[slot(kind)].get_or_init(|| compile(kind)))
}

/// Validates `value`; returns every problem found (empty when valid or when the
/// kind has no schema registered).
pub fn check(
    kind: DocumentKind,
    value: &Value,
    file: &str,
    index: &PositionIndex,
) -> Vec<Diagnostic> {
    let Some(c) = compiled(kind) else {
        return Vec::new();
    };
    let c = match c {
        Ok(c) => c,
        Err(e) => {
            return vec![Diagnostic::error_t(
                LoadCode::SchemaViolation,
                "schema_internal",
                &[("error", e)],
            )
            .in_file(file)
            .help_t("schema_bug_help", &[])]
        }
    };
    let mut out = Vec::new();
    let mapper = Mapper {
        root: &c.schema,
        file,
        index,
    };
    for e in c.validator.iter_errors(value) {
        mapper.map(&e, &mut out);
    }
    // One diagnostic per place and message.
    let mut seen = std::collections::HashSet::new();
    out.retain(|d| seen.insert((d.code, d.pointer.clone(), d.message.clone())));
    out.sort_by(|a, b| {
        (a.line, a.column, &a.pointer, a.code).cmp(&(b.line, b.column, &b.pointer, b.code))
    });
    out
}

struct Mapper<'a> {
    root: &'a Value,
    file: &'a str,
    index: &'a PositionIndex,
}

impl Mapper<'_> {
    fn at_value(&self, d: Diagnostic, pointer: &str) -> Diagnostic {
        let d = d.in_file(self.file).pointer(pointer.to_string());
        match self.index.value(pointer) {
            Some(p) => d.at(p.line, p.column),
            None => d,
        }
    }

    fn at_key(&self, d: Diagnostic, pointer: &str) -> Diagnostic {
        let d = d.in_file(self.file).pointer(pointer.to_string());
        match self.index.key(pointer) {
            Some(p) => d.at(p.line, p.column),
            None => d,
        }
    }

    /// The schema node the error's keyword sits in (the keyword itself removed).
    fn keyword_parent(&self, e: &ValidationError) -> Option<&Value> {
        let path = e.schema_path().as_str();
        let parent = match path.rfind('/') {
            Some(i) => &path[..i],
            None => "",
        };
        resolve_path(self.root, parent)
    }

    fn map(&self, e: &ValidationError, out: &mut Vec<Diagnostic>) {
        let pointer = e.instance_path().as_str().to_string();
        let instance = e.instance();
        match e.kind() {
            ValidationErrorKind::AdditionalProperties { unexpected }
            | ValidationErrorKind::UnevaluatedProperties { unexpected } => {
                let allowed: Vec<String> = self
                    .keyword_parent(e)
                    .and_then(|n| n.get("properties"))
                    .and_then(Value::as_object)
                    .map(|m| m.keys().cloned().collect())
                    .unwrap_or_default();
                for name in unexpected {
                    let mut d = Diagnostic::error_t(
                        LoadCode::UnknownField,
                        "schema_unknown_field",
                        &[("name", name)],
                    );
                    if !allowed.is_empty() {
                        d = d.expected_m(one_of(&allowed, 12));
                    }
                    d = match did_you_mean(name, allowed.iter().map(String::as_str)) {
                        Some(s) => d.help_t("suggest_did_you_mean", &[("x", &format!("`{s}`"))]),
                        None => d.help_t("schema_unknown_field_help", &[]),
                    };
                    out.push(self.at_key(d, &child(&pointer, name)));
                }
            }
            ValidationErrorKind::Required { property } => {
                let name = property.as_str().unwrap_or_default();
                let mut d = Diagnostic::error_t(
                    LoadCode::MissingField,
                    "schema_missing_field",
                    &[("name", name)],
                )
                .help_t("schema_add_field", &[("name", name)]);
                if let Some(p) = self
                    .keyword_parent(e)
                    .and_then(|n| n.get("properties"))
                    .and_then(|p| p.get(name))
                {
                    d = d.expected_m(
                        Msg::new("schema_field_is", &[("name", name)])
                            .with("what", both(|l| describe(self.root, p, 0, l))),
                    );
                }
                out.push(self.at_key(d, &pointer));
            }
            ValidationErrorKind::AnyOf { context }
            | ValidationErrorKind::OneOfNotValid { context } => {
                let node = self.keyword_parent(e);
                let branches: Vec<&Value> = node
                    .and_then(|n| n.get("anyOf").or_else(|| n.get("oneOf")))
                    .and_then(Value::as_array)
                    .map(|a| a.iter().collect())
                    .unwrap_or_default();
                let is_fact = is_fact_schema(&branches);
                // A closed list written as `oneOf` of constants (enums with docs).
                let consts: Vec<String> = branches
                    .iter()
                    .filter_map(|b| resolve(self.root, b).get("const").map(plain))
                    .collect();
                if !is_fact && !consts.is_empty() && consts.len() == branches.len() {
                    out.push(self.at_value(enum_diagnostic(instance, &consts), &pointer));
                    return;
                }
                // A long-form fact (a mapping): report what is wrong inside it.
                if is_fact && instance.is_object() {
                    if let Some(errs) = context.get(2) {
                        for inner in errs {
                            self.map(inner, out);
                        }
                        return;
                    }
                }
                // `X or null` (an optional field): report X's errors.
                let non_null: Vec<usize> = branches
                    .iter()
                    .enumerate()
                    .filter(|(_, b)| {
                        resolve(self.root, b).get("type") != Some(&Value::from("null"))
                    })
                    .map(|(i, _)| i)
                    .collect();
                if !is_fact && non_null.len() == 1 && branches.len() == 2 {
                    if let Some(errs) = context.get(non_null[0]) {
                        for inner in errs {
                            self.map(inner, out);
                        }
                        return;
                    }
                }
                let expected = both(|l| match node {
                    Some(n) => describe(self.root, n, 0, l),
                    None => t(l, "schema_a_value").to_string(),
                });
                let value_type = |ty: &str| {
                    branches.get(1).is_some_and(|b| {
                        resolve(self.root, b).get("type") == Some(&Value::from(ty))
                    })
                };
                let help = if is_fact
                    && value_type("string")
                    && (instance.is_number() || instance.is_boolean())
                {
                    Msg::new("schema_quote_text", &[("value", &plain(instance))])
                } else if let Some(h) =
                    entry_hint(instance, &pointer, is_fact && value_type("number"))
                {
                    h
                } else if is_fact {
                    Msg::new("schema_fact_help", &[])
                } else {
                    Msg::new("schema_forms_help", &[])
                };
                let d = Diagnostic::error_m(
                    LoadCode::SchemaViolation,
                    Msg::new("schema_not_valid_here", &[]).with("value", shown(instance)),
                )
                .expected_m(Msg::new("diag_text", &[]).with("text", expected))
                .help_m(help);
                out.push(self.at_value(d, &pointer));
            }
            ValidationErrorKind::Enum { options } => {
                let opts: Vec<String> = options
                    .as_array()
                    .map(|a| a.iter().map(plain).collect())
                    .unwrap_or_default();
                out.push(self.at_value(enum_diagnostic(instance, &opts), &pointer));
            }
            ValidationErrorKind::Constant { expected_value } => {
                let d = Diagnostic::error_m(
                    LoadCode::SchemaViolation,
                    Msg::new("schema_not_expected_value", &[]).with("value", shown(instance)),
                )
                .expected(format!("`{}`", plain(expected_value)))
                .help_t("schema_use_exactly", &[]);
                out.push(self.at_value(d, &pointer));
            }
            ValidationErrorKind::Type { .. } => {
                let parent = self.keyword_parent(e);
                let expected = both(|l| match parent {
                    Some(n) => describe(self.root, n, 0, l),
                    None => t(l, "schema_a_value").to_string(),
                });
                let wants_number = parent.is_some_and(|n| {
                    matches!(
                        n.get("type").and_then(Value::as_str),
                        Some("number" | "integer")
                    )
                });
                let what = both(|l| t(l, type_name(instance)).to_string());
                let message = match &**instance {
                    Value::Object(_) | Value::Array(_) | Value::Null => {
                        Msg::new("schema_found_here", &[]).with("what", what)
                    }
                    _ => Msg::new("schema_type_mismatch", &[])
                        .with("value", shown(instance))
                        .with("what", what),
                };
                let help = entry_hint(instance, &pointer, wants_number)
                    .unwrap_or_else(|| Msg::new(type_help(instance), &[]));
                let d = Diagnostic::error_m(LoadCode::SchemaViolation, message)
                    .expected_m(Msg::new("diag_text", &[]).with("text", expected))
                    .help_m(help);
                out.push(self.at_value(d, &pointer));
            }
            ValidationErrorKind::Minimum { limit } | ValidationErrorKind::Maximum { limit } => {
                let parent = self.keyword_parent(e);
                let expected = both(|l| match parent {
                    Some(n) => describe(self.root, n, 0, l),
                    None => t(l, "schema_a_number").to_string(),
                });
                let side = if matches!(e.kind(), ValidationErrorKind::Minimum { .. }) {
                    "schema_below_min"
                } else {
                    "schema_above_max"
                };
                let d = Diagnostic::error_m(
                    LoadCode::SchemaViolation,
                    Msg::new(side, &[("limit", &limit.to_string())]).with("value", shown(instance)),
                )
                .expected_m(Msg::new("diag_text", &[]).with("text", expected))
                .help_t("schema_check_sign", &[]);
                out.push(self.at_value(d, &pointer));
            }
            ValidationErrorKind::MinLength { limit: 1 } => {
                let d = Diagnostic::error_t(LoadCode::SchemaViolation, "schema_empty_text", &[])
                    .expected_t("schema_empty_text_expected", &[])
                    .help_t("schema_empty_text_help", &[]);
                out.push(self.at_value(d, &pointer));
            }
            ValidationErrorKind::Pattern { pattern } => {
                let words = pattern_words(pattern);
                let expected = match words {
                    Some(key) => Msg::new(key, &[]),
                    None => Msg::new("schema_text_matching", &[("pattern", pattern)]),
                };
                let is_date = matches!(words, Some("schema_date" | "schema_date_partial"));
                let help = match instance.as_str().and_then(super::entry::date_hint) {
                    Some(h) if is_date => h,
                    _ if is_date => Msg::new("entry_iso_date_generic", &[]),
                    _ => Msg::new("schema_pattern_help", &[]),
                };
                let d = Diagnostic::error_m(
                    LoadCode::SchemaViolation,
                    Msg::new("schema_wrong_form", &[]).with("value", shown(instance)),
                )
                .expected_m(expected)
                .help_m(help);
                out.push(self.at_value(d, &pointer));
            }
            _ => {
                let d = Diagnostic::error_t(
                    LoadCode::SchemaViolation,
                    "yaml_error",
                    &[("error", &e.to_string())],
                )
                .help_t("schema_see_data_model", &[]);
                out.push(self.at_value(d, &pointer));
            }
        }
    }
}

fn enum_diagnostic(instance: &Value, opts: &[String]) -> Diagnostic {
    let d = Diagnostic::error_m(
        LoadCode::SchemaViolation,
        Msg::new("schema_not_allowed_value", &[]).with("value", shown(instance)),
    )
    .expected_m(one_of(opts, 20));
    match instance
        .as_str()
        .and_then(|s| did_you_mean(s, opts.iter().map(String::as_str)))
    {
        Some(s) => d.help_t("suggest_did_you_mean", &[("x", &format!("`{s}`"))]),
        None => d.help_t("schema_use_listed", &[]),
    }
}

/// A text for each language, as a placeholder value.
fn both(f: impl Fn(Lang) -> String) -> Arg {
    Arg::Lang {
        en: f(Lang::En),
        de: f(Lang::De),
    }
}

/// "one of `a`, `b`, …" (at most `max` names).
fn one_of(names: &[String], max: usize) -> Msg {
    Msg::new("load_one_of", &[]).with("list", both(|l| list(names, max, l)))
}

/// Data-entry help for a text where a number was expected (`21,50`, `21.50 EUR`)
/// or a date in another form (`20.11.2026`).
fn entry_hint(instance: &Value, pointer: &str, wants_number: bool) -> Option<Msg> {
    let s = instance.as_str()?;
    if wants_number {
        super::entry::number_hint(s, pointer)
    } else {
        None
    }
}

/// The words for a pattern of the schemas (no regular expression shown to people).
fn pattern_words(pattern: &str) -> Option<&'static str> {
    Some(match pattern {
        "^[0-9]{4}-[0-9]{2}-[0-9]{2}$" => "schema_date",
        "^[0-9]{4}(-[0-9]{2}(-[0-9]{2})?)?$" => "schema_date_partial",
        "^[0-9a-f]{64}$" => "schema_sha256",
        "^[A-Z][A-Z0-9-]{1,20}$" => "schema_upper_id",
        "^[A-Z][A-Z0-9]{1,4}-[0-9]{3}$" => "schema_rule_id",
        "^[a-z0-9][a-z0-9-]{0,62}$" => "schema_lower_id",
        "^[a-z][a-z0-9_]{0,40}$" => "schema_lower_name",
        _ => return None,
    })
}

/// Follows a schema path (JSON pointer into the schema, possibly through `$ref`).
fn resolve_path<'a>(root: &'a Value, path: &str) -> Option<&'a Value> {
    let mut node = root;
    for seg in path.split('/').skip(1) {
        let seg = seg.replace("~1", "/").replace("~0", "~");
        if seg == "$ref" {
            node = resolve(root, node);
            continue;
        }
        node = match node {
            Value::Object(m) => m.get(&seg)?,
            Value::Array(a) => a.get(seg.parse::<usize>().ok()?)?,
            _ => return None,
        };
    }
    Some(node)
}

/// Resolves a local `$ref` (`#/$defs/X`); other nodes are returned as they are.
fn resolve<'a>(root: &'a Value, node: &'a Value) -> &'a Value {
    let mut n = node;
    for _ in 0..8 {
        match n.get("$ref").and_then(Value::as_str) {
            Some(r) => match r.strip_prefix('#').and_then(|p| root.pointer(p)) {
                Some(t) => n = t,
                None => return n,
            },
            None => return n,
        }
    }
    n
}

/// A fact's schema: `anyOf [const unknown, <value>, {value, source, …}]`.
fn is_fact_schema(branches: &[&Value]) -> bool {
    branches.len() == 3
        && branches[0].get("const").and_then(Value::as_str) == Some(crate::model::common::UNKNOWN)
}

/// A short description of what a schema node accepts, in `lang`.
pub(crate) fn describe(root: &Value, node: &Value, depth: usize, lang: Lang) -> String {
    let node = resolve(root, node);
    if depth > 4 {
        return t(lang, "schema_a_value").into();
    }
    if let Some(c) = node.get("const") {
        return format!("`{}`", plain(c));
    }
    if let Some(opts) = node.get("enum").and_then(Value::as_array) {
        let names: Vec<String> = opts.iter().map(plain).collect();
        return fill(lang, "load_one_of", &[("list", &list(&names, 20, lang))]);
    }
    if let Some(branches) = node
        .get("anyOf")
        .or_else(|| node.get("oneOf"))
        .and_then(Value::as_array)
    {
        let b: Vec<&Value> = branches.iter().collect();
        if is_fact_schema(&b) {
            return fill(
                lang,
                "schema_fact_forms",
                &[("value", &describe(root, b[1], depth + 1, lang))],
            );
        }
        let parts: Vec<String> = branches
            .iter()
            .filter(|x| resolve(root, x).get("type") != Some(&Value::from("null")))
            .map(|x| describe(root, x, depth + 1, lang))
            .collect();
        return join_or(&parts, lang);
    }
    let types: Vec<&str> = match node.get("type") {
        Some(Value::String(s)) => vec![s.as_str()],
        Some(Value::Array(a)) => a.iter().filter_map(Value::as_str).collect(),
        _ => vec![],
    };
    let bound = |v: &Value| v.to_string();
    let parts: Vec<String> = types
        .iter()
        .filter(|t| **t != "null")
        .map(|ty| match *ty {
            "boolean" => t(lang, "schema_true_false").to_string(),
            "string" => match node.get("pattern").and_then(Value::as_str) {
                Some(p) => match pattern_words(p) {
                    Some(key) => t(lang, key).to_string(),
                    None => fill(lang, "schema_text_matching", &[("pattern", p)]),
                },
                None => t(lang, "schema_a_text").to_string(),
            },
            "integer" => match (node.get("minimum"), node.get("maximum")) {
                (Some(lo), Some(hi)) => fill(
                    lang,
                    "schema_whole_from_to",
                    &[("lo", &bound(lo)), ("hi", &bound(hi))],
                ),
                (Some(lo), None) => fill(lang, "schema_whole_at_least", &[("lo", &bound(lo))]),
                _ => t(lang, "schema_a_whole_number").to_string(),
            },
            "number" => match (node.get("minimum"), node.get("maximum")) {
                (Some(lo), Some(hi)) => fill(
                    lang,
                    "schema_number_from_to",
                    &[("lo", &bound(lo)), ("hi", &bound(hi))],
                ),
                (Some(lo), None) => fill(lang, "schema_number_at_least", &[("lo", &bound(lo))]),
                _ => t(lang, "schema_a_number").to_string(),
            },
            "array" => match node.get("items") {
                Some(i) => fill(
                    lang,
                    "schema_list_of",
                    &[("what", &describe(root, i, depth + 1, lang))],
                ),
                None => t(lang, "schema_a_list").to_string(),
            },
            "object" => {
                let props: Vec<String> = node
                    .get("properties")
                    .and_then(Value::as_object)
                    .map(|m| m.keys().cloned().collect())
                    .unwrap_or_default();
                if props.is_empty() {
                    t(lang, "schema_a_mapping").to_string()
                } else {
                    fill(
                        lang,
                        "schema_mapping_with",
                        &[("fields", &list(&props, 6, lang))],
                    )
                }
            }
            other => other.to_string(),
        })
        .collect();
    if parts.is_empty() {
        t(lang, "schema_a_value").into()
    } else {
        join_or(&parts, lang)
    }
}

fn join_or(parts: &[String], lang: Lang) -> String {
    match parts.len() {
        0 => t(lang, "schema_a_value").into(),
        1 => parts[0].clone(),
        n => fill(
            lang,
            "schema_or",
            &[("a", &parts[..n - 1].join(", ")), ("b", &parts[n - 1])],
        ),
    }
}

/// `a`, `b`, `c` … (at most `max` names).
fn list(names: &[String], max: usize, lang: Lang) -> String {
    let mut s: Vec<String> = names.iter().take(max).map(|n| format!("`{n}`")).collect();
    if names.len() > max {
        s.push(fill(
            lang,
            "schema_in_all",
            &[("n", &names.len().to_string())],
        ));
    }
    s.join(", ")
}

fn plain(v: &Value) -> String {
    match v {
        Value::String(s) => s.clone(),
        other => other.to_string(),
    }
}

/// The instance as a person wrote it, shortened (in both languages).
fn shown(v: &Value) -> Arg {
    let s = match v {
        Value::Object(_) => return both(|l| t(l, "schema_this_mapping").to_string()),
        Value::Array(_) => return both(|l| t(l, "schema_this_list").to_string()),
        Value::Null => return both(|l| t(l, "schema_an_empty_value").to_string()),
        other => plain(other),
    };
    Arg::Text(if s.chars().count() > 40 {
        let cut: String = s.chars().take(40).collect();
        format!("`{cut}…`")
    } else {
        format!("`{s}`")
    })
}

/// The catalogue key of the name of a value's type.
fn type_name(v: &Value) -> &'static str {
    match v {
        Value::Null => "schema_an_empty_value",
        Value::Bool(_) => "schema_true_false",
        Value::Number(n) if n.is_f64() => "schema_a_decimal_number",
        Value::Number(_) => "schema_a_whole_number",
        Value::String(_) => "schema_a_text",
        Value::Array(_) => "schema_a_list",
        Value::Object(_) => "schema_a_mapping",
    }
}

/// The catalogue key of the help for a value of the wrong type.
fn type_help(v: &Value) -> &'static str {
    match v {
        Value::String(s)
            if matches!(s.as_str(), "yes" | "no" | "ja" | "nein" | "True" | "False") =>
        {
            "schema_yes_no_help"
        }
        Value::String(_) => "schema_unquote_help",
        Value::Null => "schema_fill_in_help",
        _ => "schema_see_data_model",
    }
}

/// Levenshtein distance (the `strsim` crate; small inputs only).
pub(crate) fn distance(a: &str, b: &str) -> usize {
    strsim::levenshtein(a, b)
}

/// The closest candidate, when it is close enough to be a likely typo.
pub fn did_you_mean<'a>(word: &str, candidates: impl Iterator<Item = &'a str>) -> Option<&'a str> {
    if word.chars().count() > 64 {
        return None;
    }
    let lower = word.to_lowercase();
    let limit = (word.chars().count() / 3).max(1);
    candidates
        .map(|c| (distance(&lower, &c.to_lowercase()), c))
        .filter(|(d, _)| *d <= limit)
        .min_by_key(|(d, c)| (*d, *c))
        .map(|(_, c)| c)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn suggestions() {
        assert_eq!(distance("kitten", "sitting"), 3);
        let c = ["currency", "region", "gpu_model"];
        assert_eq!(did_you_mean("curency", c.iter().copied()), Some("currency"));
        assert_eq!(
            did_you_mean("gpu_modle", c.iter().copied()),
            Some("gpu_model")
        );
        assert_eq!(did_you_mean("zzz", c.iter().copied()), None);
    }
}
