//! Loading rule packs (shipped, embedded in the binary, or from `--rules DIR`) and
//! the semantic checks a pack must pass beyond its schema: well-formed and unique
//! rule IDs, a legal basis, texts in both languages, checks that compile.

use crate::diag::{EvalCode, LoadCode};
use std::path::Path;

use serde_json::Value;

use super::check::{self, Scope, Sets};
use crate::diag::Diagnostic;
use crate::load::{DocumentKind, SourceFile};
use crate::model::rule_pack::{Rule, RulePack, RuleStatus, Severity};
use crate::validate::parse_document;

/// The shipped packs' files (`rules/*.yaml`), in path order.
pub fn embedded_files() -> Result<Vec<SourceFile>, Vec<Diagnostic>> {
    crate::embedded::files_under("rules")
        .filter(|(p, _)| p.ends_with(".yaml") || p.ends_with(".yml"))
        .map(|(p, b)| SourceFile::embedded(p, b).map_err(|d| vec![d]))
        .collect()
}

/// The YAML files in a folder (not recursive), or the file itself, sorted by name.
pub fn files_in(path: &Path) -> Result<Vec<SourceFile>, Diagnostic> {
    if !path.is_dir() {
        // A file, or anything else: reading it names what is wrong (missing,
        // a pipe, a device, a looping link).
        return Ok(vec![SourceFile::read(path)?]);
    }
    let rd = std::fs::read_dir(path).map_err(|e| {
        Diagnostic::error_t(
            LoadCode::FileUnreadable,
            "load_folder_unreadable",
            &[("error", &e.to_string())],
        )
        .in_file(path.display().to_string())
    })?;
    let mut paths: Vec<_> = rd
        .flatten()
        .map(|e| e.path())
        .filter(|p| {
            !p.is_dir()
                && matches!(
                    p.extension().and_then(|x| x.to_str()),
                    Some("yaml") | Some("yml")
                )
        })
        .collect();
    paths.sort();
    paths.iter().map(|p| SourceFile::read(p)).collect()
}

/// The checks every load of a rule pack runs (`validate::load_document`): the
/// pack's own structure ([`check_pack`]), then, when that is sound, its fact
/// pointers and examples (`eval::pack_check`).
impl crate::validate::Checked for RulePack {
    fn check(&self, _file: &SourceFile, ctx: &mut crate::validate::Ctx) {
        let mut diags = check_pack(self);
        if diags.is_empty() {
            diags = super::pack_check::check(self);
        }
        for d in diags {
            let at = d.pointer.clone().unwrap_or_default();
            ctx.push(d, &at);
        }
    }
}

/// Parses and checks pack files. All problems in all files are reported.
pub fn parse_files(files: &[SourceFile]) -> Result<Vec<RulePack>, Vec<Diagnostic>> {
    let mut packs = Vec::new();
    let mut errors = Vec::new();
    for f in files {
        // The schema step, then `check_pack` and `pack_check` (the pack's `Checked`).
        match parse_document::<RulePack>(f, DocumentKind::RulePack) {
            Ok(p) => packs.push((f.display.clone(), p)),
            Err(d) => errors.extend(d),
        }
    }
    // IDs unique across packs.
    let mut seen: std::collections::BTreeMap<&str, &str> = Default::default();
    for (file, p) in &packs {
        for (i, r) in p.rules.iter().enumerate() {
            if let Some(other) = seen.insert(&r.id, file) {
                errors.push(
                    Diagnostic::error_t(
                        EvalCode::DuplicateRuleId,
                        "eval_rule_id_also_in",
                        &[("id", &r.id), ("other", other)],
                    )
                    .in_file(file.clone())
                    .pointer(format!("/rules/{i}/id"))
                    .help_t("eval_rule_id_reuse_help", &[]),
                );
            }
        }
    }
    let mut ids: Vec<&str> = packs.iter().map(|(_, p)| p.id.as_str()).collect();
    ids.sort();
    for w in ids.windows(2) {
        if w[0] == w[1] {
            errors.push(
                Diagnostic::error_t(
                    EvalCode::DuplicatePackId,
                    "eval_two_packs_same_id",
                    &[("id", w[0])],
                )
                .help_t("eval_two_packs_same_id_help", &[]),
            );
        }
    }
    if !errors.is_empty() {
        return Err(errors);
    }
    let mut out: Vec<RulePack> = packs.into_iter().map(|(_, p)| p).collect();
    out.sort_by(|a, b| a.id.cmp(&b.id));
    Ok(out)
}

/// The shipped packs.
pub fn shipped() -> Result<Vec<RulePack>, Vec<Diagnostic>> {
    parse_files(&embedded_files()?)
}

/// The shipped packs, with packs from `dir` replacing those with the same id and
/// adding new ones.
pub fn shipped_with(dir: Option<&Path>) -> Result<Vec<RulePack>, Vec<Diagnostic>> {
    let user = match dir {
        Some(d) => Some((files_in(d).map_err(|e| vec![e])?, d)),
        None => None,
    };
    merged(
        &embedded_files()?,
        user.as_ref().map(|(f, d)| (f.as_slice(), *d)),
    )
}

/// `shipped_with` for files already read (the report lists their SHA-256 too, so it reads
/// them once): the shipped packs' files and, when given, the user's files with their folder.
pub fn merged(
    shipped: &[SourceFile],
    user: Option<(&[SourceFile], &Path)>,
) -> Result<Vec<RulePack>, Vec<Diagnostic>> {
    let mut base = parse_files(shipped)?;
    if let Some((files, d)) = user {
        let user = parse_files(files)?;
        for u in user {
            base.retain(|b| b.id != u.id);
            base.push(u);
        }
        base.sort_by(|a, b| a.id.cmp(&b.id));
        // Re-check uniqueness across the merged set.
        let mut ids: Vec<&str> = base
            .iter()
            .flat_map(|p| p.rules.iter().map(|r| r.id.as_str()))
            .collect();
        ids.sort();
        let dups: Vec<Diagnostic> = ids
            .windows(2)
            .filter(|w| w[0] == w[1])
            .map(|w| {
                Diagnostic::error_t(
                    EvalCode::DuplicateRuleId,
                    "eval_rule_id_shipped_and",
                    &[("id", w[0]), ("other", &d.display().to_string())],
                )
                .help_t("eval_rule_id_reuse_help", &[])
            })
            .collect();
        if !dups.is_empty() {
            return Err(dups);
        }
    }
    Ok(base)
}

/// Whether a rule ID has the form `ABC-001`: a prefix of 2–5 characters, the first a
/// capital letter, the others capital letters or digits (`C3A`), a hyphen, three digits.
pub fn well_formed_id(id: &str) -> bool {
    let Some((prefix, num)) = id.split_once('-') else {
        return false;
    };
    (2..=5).contains(&prefix.len())
        && prefix.as_bytes()[0].is_ascii_uppercase()
        && prefix
            .bytes()
            .all(|b| b.is_ascii_uppercase() || b.is_ascii_digit())
        && num.len() == 3
        && num.bytes().all(|b| b.is_ascii_digit())
}

/// Semantic checks on one pack (run by the loader after the schema step, so
/// `kind` and `schema_version` are already checked). Diagnostics carry a JSON
/// pointer; the loader adds file and line:column.
pub fn check_pack(p: &RulePack) -> Vec<Diagnostic> {
    let mut out = Vec::new();
    let err = |code: EvalCode, key: &'static str, values: &[(&'static str, &str)], ptr: String| {
        Diagnostic::error_t(code, key, values).pointer(ptr)
    };
    let mut prefixes: Vec<&str> = Vec::new();
    let mut ids: Vec<&str> = Vec::new();
    for (i, r) in p.rules.iter().enumerate() {
        let at = |f: &str| format!("/rules/{i}/{f}");
        if !well_formed_id(&r.id) {
            out.push(
                err(
                    EvalCode::MalformedRuleId,
                    "eval_malformed_rule_id",
                    &[("id", &r.id)],
                    at("id"),
                )
                .expected_t("eval_malformed_rule_id_expected", &[])
                .help_t("eval_malformed_rule_id_help", &[]),
            );
        } else if let Some((pre, _)) = r.id.split_once('-') {
            if !prefixes.contains(&pre) {
                prefixes.push(pre);
            }
        }
        if ids.contains(&r.id.as_str()) {
            out.push(
                err(
                    EvalCode::DuplicateRuleId,
                    "eval_rule_id_twice",
                    &[("id", &r.id)],
                    at("id"),
                )
                .help_t("eval_rule_id_reuse_help", &[]),
            );
        }
        ids.push(&r.id);
        if r.status == RuleStatus::Removed {
            continue;
        }
        out.extend(check_rule(r).into_iter().map(|(f, m)| {
            err(
                EvalCode::InvalidRule,
                "eval_invalid_rule",
                &[("rule", &r.id), ("error", &m)],
                at(&f),
            )
            .help_t("eval_invalid_rule_help", &[])
        }));
    }
    if prefixes.len() > 1 {
        out.push(
            err(
                EvalCode::MixedRulePrefix,
                "eval_mixed_prefix",
                &[("prefixes", &prefixes.join(", "))],
                "/rules".into(),
            )
            .help_t("eval_mixed_prefix_help", &[]),
        );
    }
    out
}

/// Problems with one rule, as (field, message).
pub fn check_rule(r: &Rule) -> Vec<(String, String)> {
    let mut out = Vec::new();
    for (field, t) in [
        ("title", &r.title),
        ("explanation", &r.explanation),
        ("question", &r.question),
        ("remediation", &r.remediation),
    ] {
        if t.en.trim().is_empty() {
            out.push((
                format!("{field}/en"),
                format!("{field} has no English text"),
            ));
        }
        if t.de.trim().is_empty() {
            out.push((format!("{field}/de"), format!("{field} has no German text")));
        }
    }
    if r.legal_basis.is_empty() {
        out.push((
            "legal_basis".into(),
            "a rule needs at least one legal basis".into(),
        ));
    }
    for (j, b) in r.legal_basis.iter().enumerate() {
        if b.article.is_none() && b.reference.is_none() {
            out.push((
                format!("legal_basis/{j}"),
                "a legal basis needs an `article` or a `reference`".into(),
            ));
        }
    }
    if r.weight > 10 {
        out.push(("weight".into(), format!("weight {} is above 10", r.weight)));
    }
    if r.severity == Severity::Info && r.weight != 0 {
        out.push((
            "weight".into(),
            "`info` rules are not scored: weight must be 0".into(),
        ));
    }
    if let (Some(f), Some(t)) = (r.valid_from, r.valid_to) {
        if f > t {
            out.push((
                "valid_to".into(),
                format!("valid_to {t} is before valid_from {f}"),
            ));
        }
    }
    let sets = Sets::default();
    if let Err(e) = check::compile(&r.check, Scope::Profile, &Value::Null, &sets) {
        out.push(("check".into(), e));
    }
    for (name, c) in [
        ("applies_when", &r.applies_when),
        ("knockout_when", &r.knockout_when),
    ] {
        if let Some(c) = c {
            if let Err(e) = check::compile(c, Scope::Plain, &Value::Null, &sets) {
                out.push((name.into(), e));
            }
        }
    }
    out
}
