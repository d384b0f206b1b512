//! The JSON Schema step: validates a document's JSON value against the embedded
//! schema of its kind (validator built once per kind) and turns every error
//! into a diagnostic with pointer, line:column, what was expected and a help
//! line. Errors the bare validator words poorly get better messages here:
//! facts (`anyOf` value / `unknown` / long form), unknown fields ("did you mean"),
//! enums, missing fields.

use crate::diag::LoadCode;
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
            return vec![
                Diagnostic::error(LoadCode::SchemaViolation, format!("internal: {e}"))
                    .in_file(file)
                    .help("this is a bug in cloudvet; please report it"),
            ]
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
                    let mut d = Diagnostic::error(
                        LoadCode::UnknownField,
                        format!("`{name}` is not a field here"),
                    );
                    if !allowed.is_empty() {
                        d = d.expected(format!("one of {}", list(&allowed, 12)));
                    }
                    d = match did_you_mean(name, allowed.iter().map(String::as_str)) {
                        Some(s) => d.help_t("suggest_did_you_mean", &[("x", &format!("`{s}`"))]),
                        None => d.help("remove the field, or see docs/data-model.md for the fields this section takes"),
                    };
                    out.push(self.at_key(d, &child(&pointer, name)));
                }
            }
            ValidationErrorKind::Required { property } => {
                let name = property.as_str().unwrap_or_default();
                let mut d = Diagnostic::error(
                    LoadCode::MissingField,
                    format!("the required field `{name}` is missing"),
                )
                .help(format!("add `{name}:` to this section"));
                if let Some(p) = self
                    .keyword_parent(e)
                    .and_then(|n| n.get("properties"))
                    .and_then(|p| p.get(name))
                {
                    d = d.expected(format!("`{name}`: {}", describe(self.root, p, 0)));
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
                let expected = node
                    .map(|n| describe(self.root, n, 0))
                    .unwrap_or_else(|| "another value".into());
                let wants_text = branches
                    .get(1)
                    .map(|b| resolve(self.root, b).get("type") == Some(&Value::from("string")))
                    .unwrap_or(false);
                let help = if is_fact
                    && wants_text
                    && (instance.is_number() || instance.is_boolean())
                {
                    format!(
                        "put the value in quotes (`\"{}\"`) so YAML reads it as a text",
                        plain(instance)
                    )
                } else if is_fact {
                    "write the value itself, the word `unknown` when nobody has checked, or a mapping with `value:` and its `source:`, `as_of:` and `status:`".to_string()
                } else {
                    "see docs/data-model.md for the forms this field takes".to_string()
                };
                let d = Diagnostic::error(
                    LoadCode::SchemaViolation,
                    format!("{} is not a valid value here", shown(instance)),
                )
                .expected(expected)
                .help(help);
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
                let d = Diagnostic::error(
                    LoadCode::SchemaViolation,
                    format!("{} is not the expected value", shown(instance)),
                )
                .expected(format!("`{}`", plain(expected_value)))
                .help("use the value exactly as written");
                out.push(self.at_value(d, &pointer));
            }
            ValidationErrorKind::Type { .. } => {
                let expected = self
                    .keyword_parent(e)
                    .map(|n| describe(self.root, n, 0))
                    .unwrap_or_else(|| "another type".into());
                let d = Diagnostic::error(
                    LoadCode::SchemaViolation,
                    match &**instance {
                        Value::Object(_) | Value::Array(_) | Value::Null => {
                            format!("found {} here", type_name(instance))
                        }
                        _ => format!(
                            "{} is {}, which does not fit here",
                            shown(instance),
                            type_name(instance)
                        ),
                    },
                )
                .expected(expected)
                .help(type_help(instance));
                out.push(self.at_value(d, &pointer));
            }
            ValidationErrorKind::Minimum { limit } | ValidationErrorKind::Maximum { limit } => {
                let expected = self
                    .keyword_parent(e)
                    .map(|n| describe(self.root, n, 0))
                    .unwrap_or_else(|| "a smaller or larger number".into());
                let side = if matches!(e.kind(), ValidationErrorKind::Minimum { .. }) {
                    "below the smallest allowed value"
                } else {
                    "above the largest allowed value"
                };
                let d = Diagnostic::error(
                    LoadCode::SchemaViolation,
                    format!("{} is {side}, {limit}", shown(instance)),
                )
                .expected(expected)
                .help("check for a sign or extra digits");
                out.push(self.at_value(d, &pointer));
            }
            ValidationErrorKind::MinLength { limit: 1 } => {
                let d = Diagnostic::error(LoadCode::SchemaViolation, "this text is empty")
                    .expected("a text of at least one character")
                    .help("write the value, or leave the field out where it is optional");
                out.push(self.at_value(d, &pointer));
            }
            ValidationErrorKind::Pattern { pattern } => {
                let described = self
                    .keyword_parent(e)
                    .and_then(|n| n.get("description"))
                    .and_then(Value::as_str)
                    .map(str::to_string);
                let d = Diagnostic::error(
                    LoadCode::SchemaViolation,
                    format!("{} does not have the expected form", shown(instance)),
                )
                .expected(match described {
                    Some(t) => format!("{t} (pattern `{pattern}`)"),
                    None => format!("a text matching `{pattern}`"),
                })
                .help("correct the spelling; identifiers are lower case with hyphens, dates YYYY-MM-DD");
                out.push(self.at_value(d, &pointer));
            }
            _ => {
                let d = Diagnostic::error(LoadCode::SchemaViolation, e.to_string())
                    .help("see docs/data-model.md for what this field takes");
                out.push(self.at_value(d, &pointer));
            }
        }
    }
}

fn enum_diagnostic(instance: &Value, opts: &[String]) -> Diagnostic {
    let d = Diagnostic::error(
        LoadCode::SchemaViolation,
        format!("{} is not one of the allowed values", shown(instance)),
    )
    .expected(format!("one of {}", list(opts, 20)));
    match instance
        .as_str()
        .and_then(|s| did_you_mean(s, opts.iter().map(String::as_str)))
    {
        Some(s) => d.help_t("suggest_did_you_mean", &[("x", &format!("`{s}`"))]),
        None => d.help("use one of the listed values exactly as written"),
    }
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

/// A short description of what a schema node accepts.
pub(crate) fn describe(root: &Value, node: &Value, depth: usize) -> String {
    let node = resolve(root, node);
    if depth > 4 {
        return "a value".into();
    }
    if let Some(c) = node.get("const") {
        return format!("`{}`", plain(c));
    }
    if let Some(opts) = node.get("enum").and_then(Value::as_array) {
        let names: Vec<String> = opts.iter().map(plain).collect();
        return format!("one of {}", list(&names, 20));
    }
    if let Some(branches) = node
        .get("anyOf")
        .or_else(|| node.get("oneOf"))
        .and_then(Value::as_array)
    {
        let b: Vec<&Value> = branches.iter().collect();
        if is_fact_schema(&b) {
            return format!(
                "{}, `unknown`, or {{value, source, as_of, status}}",
                describe(root, b[1], depth + 1)
            );
        }
        let parts: Vec<String> = branches
            .iter()
            .filter(|x| resolve(root, x).get("type") != Some(&Value::from("null")))
            .map(|x| describe(root, x, depth + 1))
            .collect();
        return join_or(&parts);
    }
    let types: Vec<&str> = match node.get("type") {
        Some(Value::String(s)) => vec![s.as_str()],
        Some(Value::Array(a)) => a.iter().filter_map(Value::as_str).collect(),
        _ => vec![],
    };
    let parts: Vec<String> = types
        .iter()
        .filter(|t| **t != "null")
        .map(|t| match *t {
            "boolean" => "true/false".to_string(),
            "string" => match node.get("pattern").and_then(Value::as_str) {
                Some(p) if p.starts_with("^[0-9]{4}") => "a date YYYY-MM-DD".to_string(),
                Some(p) => format!("a text matching `{p}`"),
                None => "a text".to_string(),
            },
            "integer" => match (node.get("minimum"), node.get("maximum")) {
                (Some(lo), Some(hi)) => format!("a whole number from {lo} to {hi}"),
                (Some(lo), None) => format!("a whole number ≥ {lo}"),
                _ => "a whole number".to_string(),
            },
            "number" => match (node.get("minimum"), node.get("maximum")) {
                (Some(lo), Some(hi)) => format!("a number from {lo} to {hi}"),
                (Some(lo), None) => format!("a number ≥ {lo}"),
                _ => "a number".to_string(),
            },
            "array" => match node.get("items") {
                Some(i) => format!("a list of {}", describe(root, i, depth + 1)),
                None => "a list".to_string(),
            },
            "object" => {
                let props: Vec<String> = node
                    .get("properties")
                    .and_then(Value::as_object)
                    .map(|m| m.keys().cloned().collect())
                    .unwrap_or_default();
                if props.is_empty() {
                    "a mapping".to_string()
                } else {
                    format!("a mapping with {}", list(&props, 6))
                }
            }
            other => other.to_string(),
        })
        .collect();
    if parts.is_empty() {
        "a value".into()
    } else {
        join_or(&parts)
    }
}

fn join_or(parts: &[String]) -> String {
    match parts.len() {
        0 => "a value".into(),
        1 => parts[0].clone(),
        n => format!("{} or {}", parts[..n - 1].join(", "), parts[n - 1]),
    }
}

/// `a`, `b`, `c` … (at most `max` names).
fn list(names: &[String], max: usize) -> String {
    let mut s: Vec<String> = names.iter().take(max).map(|n| format!("`{n}`")).collect();
    if names.len() > max {
        s.push(format!("… ({} in all)", names.len()));
    }
    s.join(", ")
}

fn plain(v: &Value) -> String {
    match v {
        Value::String(s) => s.clone(),
        other => other.to_string(),
    }
}

/// The instance as a person wrote it, shortened.
fn shown(v: &Value) -> String {
    let s = match v {
        Value::Object(_) => return "this mapping".into(),
        Value::Array(_) => return "this list".into(),
        Value::Null => return "an empty value".into(),
        other => plain(other),
    };
    if s.chars().count() > 40 {
        let cut: String = s.chars().take(40).collect();
        format!("`{cut}…`")
    } else {
        format!("`{s}`")
    }
}

fn type_name(v: &Value) -> &'static str {
    match v {
        Value::Null => "an empty value",
        Value::Bool(_) => "true/false",
        Value::Number(n) if n.is_f64() => "a decimal number",
        Value::Number(_) => "a whole number",
        Value::String(_) => "a text",
        Value::Array(_) => "a list",
        Value::Object(_) => "a mapping",
    }
}

fn type_help(v: &Value) -> &'static str {
    match v {
        Value::String(s)
            if matches!(s.as_str(), "yes" | "no" | "ja" | "nein" | "True" | "False") =>
        {
            "write true or false without quotes"
        }
        Value::String(_) => "remove the quotes if this is a number or true/false",
        Value::Null => "fill in a value, or remove the line",
        _ => "see docs/data-model.md for what this field takes",
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
