//! Checks on a rule pack that every load of a pack runs (its `validate::Checked`
//! implementation in `eval/packs.rs`) after the pack's own
//! structure checks (`eval::packs::check_pack`):
//!
//! - every fact pointer of a rule's `check` resolves in the provider schema, and
//!   every pointer of `applies_when` / `knockout_when` in the requirements schema
//!   (`unknown-fact-pointer`, with "did you mean"). A misspelt pointer would
//!   otherwise make the rule `unknown` for every provider without a word;
//! - every example of every active rule gives its stated outcome
//!   (`example-mismatch`).
//!
//! Pointers inside `count` / `every` are resolved against the list's item
//! schema; pointers over `/offers` are offer fields, which compiling the check
//! already verifies.

use serde_json::Value;

use crate::diag::Diagnostic;
use crate::eval::examples::run_rule_examples;
use crate::eval::Outcome;
use crate::model::rule_pack::{Check, ExpectedOutcome, RulePack, RuleStatus};

/// Diagnostics for `pack`; pointers are JSON pointers into the pack file.
pub fn check(pack: &RulePack) -> Vec<Diagnostic> {
    let schema_of = |k| crate::schema::entry(k).map(crate::schema::document);
    let provider = schema_of(crate::load::DocumentKind::Provider);
    let requirements = schema_of(crate::load::DocumentKind::Requirements);
    let mut out = Vec::new();
    for (i, rule) in pack.rules.iter().enumerate() {
        if rule.status == RuleStatus::Removed {
            continue;
        }
        let mut bad: Vec<(String, String, Vec<String>)> = Vec::new();
        if let Some(schema) = &provider {
            walk(
                schema,
                schema,
                &rule.check,
                &format!("/rules/{i}/check"),
                &mut bad,
            );
        }
        if let Some(schema) = &requirements {
            for (name, c) in [
                ("applies_when", &rule.applies_when),
                ("knockout_when", &rule.knockout_when),
            ] {
                if let Some(c) = c {
                    walk(schema, schema, c, &format!("/rules/{i}/{name}"), &mut bad);
                }
            }
        }
        for (at, ptr, candidates) in bad {
            let last = ptr.rsplit('/').next().unwrap_or_default().to_string();
            let names: Vec<&str> = candidates.iter().map(String::as_str).collect();
            let close = crate::suggest::close_ids(&last, &names);
            let mut d = Diagnostic::error_t(
                crate::diag::EvalCode::UnknownFactPointer,
                if at.contains("/check") {
                    "eval_pointer_not_profile"
                } else {
                    "eval_pointer_not_requirements"
                },
                &[("rule", &rule.id), ("pointer", &ptr)],
            )
            .pointer(at);
            if !names.is_empty() {
                d = d.expected_t("load_one_of", &[("list", &quote_list(&names))]);
            }
            d = match close.as_slice() {
                [] => d.help_t("eval_pointer_help", &[]),
                [one] => d.help_t(
                    "suggest_did_you_mean_pointer",
                    &[("x", &format!("`{one}`"))],
                ),
                [init @ .., last] => {
                    let head: Vec<String> = init.iter().map(|s| format!("`{s}`")).collect();
                    d.help_t(
                        "eval_pointer_did_you_mean_or",
                        &[("x", &head.join(", ")), ("y", &format!("`{last}`"))],
                    )
                }
            };
            out.push(d);
        }
        for run in run_rule_examples(pack, rule) {
            if run.ok() {
                continue;
            }
            let want = match run.expected {
                ExpectedOutcome::Pass => "pass",
                ExpectedOutcome::Fail => "fail",
                ExpectedOutcome::Unknown => "unknown",
            };
            let got = match &run.got {
                Ok(Outcome::Pass) => "pass".to_string(),
                Ok(Outcome::Fail) => "fail".to_string(),
                Ok(Outcome::Unknown) => "unknown".to_string(),
                Err(e) => format!("no outcome ({e})"),
            };
            let mut d = Diagnostic::error_t(
                crate::diag::EvalCode::ExampleMismatch,
                "eval_example_mismatch",
                &[
                    ("rule", &rule.id),
                    ("n", &(run.index + 1).to_string()),
                    ("want", want),
                    ("got", &got),
                ],
            )
            .pointer(format!("/rules/{i}/examples/{}", run.index))
            .help_t("eval_example_mismatch_help", &[]);
            if !run.reason.is_empty() {
                d = d.expected_t(
                    "eval_example_mismatch_expected",
                    &[("want", want), ("reason", &run.reason)],
                );
            }
            out.push(d);
        }
    }
    out
}

fn quote_list(names: &[&str]) -> String {
    let shown: Vec<String> = names.iter().take(12).map(|n| format!("`{n}`")).collect();
    let mut s = shown.join(", ");
    if names.len() > 12 {
        s.push_str(", …");
    }
    s
}

/// Follows `$ref` (local `#/$defs/...` only).
fn deref<'a>(root: &'a Value, mut node: &'a Value) -> &'a Value {
    for _ in 0..16 {
        match node.get("$ref").and_then(Value::as_str) {
            Some(r) => match r.strip_prefix("#/").map(|p| p.split('/')) {
                Some(mut parts) => {
                    let mut n = root;
                    let ok = parts.all(|seg| match n.get(seg) {
                        Some(x) => {
                            n = x;
                            true
                        }
                        None => false,
                    });
                    if !ok {
                        return node;
                    }
                    node = n;
                }
                None => return node,
            },
            None => return node,
        }
    }
    node
}

/// The node and its `anyOf` / `oneOf` / `allOf` alternatives, dereferenced.
fn alternatives<'a>(root: &'a Value, node: &'a Value) -> Vec<&'a Value> {
    let mut out = Vec::new();
    let mut stack = vec![deref(root, node)];
    while let Some(n) = stack.pop() {
        if out.len() > 64 {
            break;
        }
        out.push(n);
        for key in ["anyOf", "oneOf", "allOf"] {
            if let Some(Value::Array(alts)) = n.get(key) {
                stack.extend(alts.iter().map(|a| deref(root, a)));
            }
        }
    }
    out
}

/// Resolves a JSON pointer against a schema node: the node at its end, or the
/// property names available where it stopped.
fn resolve<'a>(root: &'a Value, node: &'a Value, ptr: &str) -> Result<&'a Value, Vec<String>> {
    let Ok(p) = crate::eval::pointer::JsonPtr::parse(ptr) else {
        // Malformed pointers are reported by compiling the check.
        return Ok(node);
    };
    let mut cur = node;
    for seg in &p.segments {
        let alts = alternatives(root, cur);
        let mut next = None;
        let mut names = Vec::new();
        for a in &alts {
            if let Some(Value::Object(props)) = a.get("properties") {
                if let Some(n) = props.get(seg) {
                    next = Some(n);
                    break;
                }
                names.extend(props.keys().cloned());
            }
            if seg.parse::<usize>().is_ok() {
                if let Some(items) = a.get("items") {
                    next = Some(items);
                    break;
                }
            }
        }
        match next {
            Some(n) => cur = n,
            None => {
                // A fact's bookkeeping fields are not candidates worth naming.
                names.retain(|n| {
                    !["source", "as_of", "status", "confidence", "note"].contains(&n.as_str())
                });
                names.sort();
                names.dedup();
                return Err(names);
            }
        }
    }
    Ok(cur)
}

/// The item schema of a list node (an array, or a fact holding one).
fn items<'a>(root: &'a Value, node: &'a Value) -> Option<&'a Value> {
    alternatives(root, node).into_iter().find_map(|a| {
        a.get("items").or_else(|| {
            a.get("properties")
                .and_then(|p| p.get("value"))
                .and_then(|v| items(root, v))
        })
    })
}

fn walk(
    root: &Value,
    scope: &Value,
    c: &Check,
    at: &str,
    bad: &mut Vec<(String, String, Vec<String>)>,
) {
    let leaf = |ptr: &str, field: &str, bad: &mut Vec<(String, String, Vec<String>)>| {
        if let Err(names) = resolve(root, scope, ptr) {
            bad.push((format!("{at}/{field}"), ptr.to_string(), names));
        }
    };
    match c {
        Check::All(v) | Check::Any(v) => {
            let key = if matches!(c, Check::All(_)) {
                "all"
            } else {
                "any"
            };
            for (j, x) in v.iter().enumerate() {
                walk(root, scope, x, &format!("{at}/{key}/{j}"), bad);
            }
        }
        Check::Not(x) => walk(root, scope, x, &format!("{at}/not"), bad),
        Check::Exists(f) => leaf(&f.fact, "exists/fact", bad),
        Check::Equals(e) => leaf(&e.fact, "equals/fact", bad),
        Check::Contains(e) => leaf(&e.fact, "contains/fact", bad),
        Check::OneOf(o) => leaf(&o.fact, "one_of/fact", bad),
        Check::Lt(x) => leaf(&x.fact, "lt/fact", bad),
        Check::Le(x) => leaf(&x.fact, "le/fact", bad),
        Check::Gt(x) => leaf(&x.fact, "gt/fact", bad),
        Check::Ge(x) => leaf(&x.fact, "ge/fact", bad),
        Check::NotExpired(x) => leaf(&x.fact, "not_expired/fact", bad),
        Check::NotOlderThan(x) => leaf(&x.fact, "not_older_than/fact", bad),
        Check::Before(x) => leaf(&x.fact, "before/fact", bad),
        Check::Count(x) => {
            if let Some(cp) = &x.complete_if {
                leaf(cp, "count/complete_if", bad);
            }
            list_scope(
                root,
                scope,
                &x.list,
                x.filter.as_deref(),
                &format!("{at}/count"),
                bad,
            );
        }
        Check::Every(x) => list_scope(
            root,
            scope,
            &x.list,
            Some(&x.filter),
            &format!("{at}/every"),
            bad,
        ),
        Check::AllElements(x) => {
            leaf(&x.list, "all_elements/list", bad);
            let sub = format!("{at}/all_elements");
            match resolve(root, scope, &x.matched_in) {
                Err(names) => bad.push((format!("{sub}/matched_in"), x.matched_in.clone(), names)),
                Ok(node) => {
                    if let Some(item) = items(root, node) {
                        if let Err(names) = resolve(root, item, &x.key) {
                            bad.push((format!("{sub}/key"), x.key.clone(), names));
                        }
                        if let Some(f) = &x.filter {
                            walk(root, item, f, &format!("{sub}/where"), bad);
                        }
                    }
                }
            }
        }
    }
}

fn list_scope(
    root: &Value,
    scope: &Value,
    list: &str,
    filter: Option<&Check>,
    at: &str,
    bad: &mut Vec<(String, String, Vec<String>)>,
) {
    // Offers are read through typed fields, which compiling the check verifies.
    if list == "/offers" {
        return;
    }
    match resolve(root, scope, list) {
        Err(names) => bad.push((format!("{at}/list"), list.to_string(), names)),
        Ok(node) => {
            if let (Some(item), Some(f)) = (items(root, node), filter) {
                walk(root, item, f, &format!("{at}/where"), bad);
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn pack_with(check: &str) -> RulePack {
        let yaml = format!(
            "kind: rule_pack\nschema_version: 1\nid: t\nversion: '1'\ntitle: {{en: T, de: T}}\nrules:\n  - id: TST-001\n    area: dpa\n    severity: major\n    weight: 1\n    title: {{en: T, de: T}}\n    explanation: {{en: T, de: T}}\n    question: {{en: T, de: T}}\n    remediation: {{en: T, de: T}}\n    legal_basis: [{{instrument: GDPR, article: '28'}}]\n    check: {check}\n    examples:\n      - {{expect: pass, profile: {{dpa: {{available: true}}}}}}\n"
        );
        serde_yaml::from_str(&yaml).unwrap()
    }

    #[test]
    fn a_misspelt_pointer_is_an_error_with_a_suggestion() {
        let d = check(&pack_with("{equals: {fact: /dpa/availabel, value: true}}"));
        let p: Vec<_> = d
            .iter()
            .filter(|d| d.code == "unknown-fact-pointer")
            .collect();
        assert_eq!(p.len(), 1, "{d:?}");
        assert!(
            p[0].help.as_deref().unwrap().contains("`available`"),
            "{:?}",
            p[0]
        );
        assert_eq!(p[0].pointer.as_deref(), Some("/rules/0/check/equals/fact"));
        // And the example no longer gives its outcome.
        assert!(d.iter().any(|d| d.code == "example-mismatch"));
    }

    #[test]
    fn correct_pointers_and_examples_give_nothing() {
        assert!(check(&pack_with("{equals: {fact: /dpa/available, value: true}}")).is_empty());
    }

    #[test]
    fn list_item_pointers_resolve_against_the_item_schema() {
        let ok = "{count: {list: /certifications, where: {equals: {fact: /scheme, value: iso27001}}, at_least: 1}}";
        let bad = "{count: {list: /certifications, where: {equals: {fact: /schem, value: iso27001}}, at_least: 1}}";
        let ok_d: Vec<_> = check(&pack_with(ok))
            .into_iter()
            .filter(|d| d.code == "unknown-fact-pointer")
            .collect();
        assert!(ok_d.is_empty(), "{ok_d:?}");
        let bad_d = check(&pack_with(bad));
        assert!(bad_d.iter().any(|d| d.code == "unknown-fact-pointer"
            && d.pointer.as_deref() == Some("/rules/0/check/count/where/equals/fact")));
    }

    #[test]
    fn shipped_packs_have_no_findings() {
        for p in crate::eval::packs::shipped().unwrap() {
            let d = check(&p);
            assert!(d.is_empty(), "{}: {d:?}", p.id);
        }
    }
}
