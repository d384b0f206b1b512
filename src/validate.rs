//! Validate stage: the checks a schema cannot express, one module per kind
//! (`validate/provider.rs`, `requirements.rs`, `review.rs`), plus `cross_check`
//! across files (duplicate provider IDs, waivers and reviews for unknown
//! providers, missing exchange rates). Every check pushes a diagnostic with
//! pointer and line:column and carries on, so all problems are reported.
//!
//! [`load_document`] is the whole check of one file: the load stage's steps
//! (`load::read_document`: YAML, kind, schema, typing), then the kind's checks
//! ([`Checked`]). When only the schema step found errors, the parts it refused
//! are taken out and the rest is still checked, so a file with a schema problem
//! and a semantic problem reports both in one run ([`prune`]).
//!
//! A kind's checks are the [`Checked`] implementation of its model type: here
//! for providers, requirements, DPA reviews and project files; the rules engine
//! implements it for rule packs (`eval/packs.rs`) and the cost model for the
//! workload and rent-versus-buy inputs (`cost/validate.rs`), so this stage
//! imports neither.

use std::path::{Path, PathBuf};

use serde::de::DeserializeOwned;
use serde_json::Value;

use crate::diag::Diagnostic;
use crate::diag::{LoadCode, ValidateCode};
use crate::load::positions::PositionIndex;
use crate::load::{DocumentKind, Loaded, SourceFile};
use crate::model::{DpaReview, ProviderProfile, Requirements};

pub mod provider;
pub mod prune;
pub mod requirements;
pub mod review;

/// Where a check writes its findings.
pub struct Ctx<'a> {
    pub file: &'a str,
    pub index: &'a PositionIndex,
    pub diagnostics: Vec<Diagnostic>,
    /// For a document checked with parts taken out ([`prune`]): its pointers
    /// back to the file's, and the parts taken out.
    pruned: Option<&'a prune::Pruned>,
}

impl<'a> Ctx<'a> {
    pub fn new(file: &'a str, index: &'a PositionIndex) -> Self {
        Ctx {
            file,
            index,
            diagnostics: Vec::new(),
            pruned: None,
        }
    }

    /// The pointer in the file for a pointer into the checked value.
    fn original(&self, pointer: &str) -> String {
        match self.pruned {
            Some(p) => p.original(pointer),
            None => pointer.to_string(),
        }
    }

    /// Adds a diagnostic located at the value under `pointer`.
    pub fn push(&mut self, d: Diagnostic, pointer: &str) {
        let pointer = self.original(pointer);
        if self.pruned.is_some_and(|p| p.covers(&pointer)) {
            // About a part the schema step refused (and reported) already.
            return;
        }
        let d = d.in_file(self.file).pointer(pointer.clone());
        let d = match self.index.value(&pointer) {
            Some(p) => d.at(p.line, p.column),
            None => d,
        };
        self.diagnostics.push(d);
    }

    /// Adds a diagnostic that carries its own pointer: placed at its value, or —
    /// for a missing field — at the nearest parent that exists, keeping the exact
    /// pointer.
    pub fn push_nearest(&mut self, d: Diagnostic) {
        let pointer = self.original(d.pointer.as_deref().unwrap_or_default());
        if self.pruned.is_some_and(|p| p.covers(&pointer)) {
            return;
        }
        let mut at = pointer.as_str();
        let pos = loop {
            if let Some(p) = self.index.value(at) {
                break Some(p);
            }
            match at.rfind('/') {
                Some(i) if !at.is_empty() => at = &at[..i],
                _ => break None,
            }
        };
        let mut d = d.in_file(self.file).pointer(pointer.clone());
        if let Some(p) = pos {
            d = d.at(p.line, p.column);
        }
        self.diagnostics.push(d);
    }

    /// The pointer of a fact's value: `<base>/value` when written in long form.
    pub fn fact(&self, base: &str) -> String {
        let long = format!("{base}/value");
        if self.index.get(&self.original(&long)).is_some() {
            long
        } else {
            base.to_string()
        }
    }
}

/// A model type with the checks its kind of document gets after the schema step
/// and typing. Kinds without such checks use the default (none).
pub trait Checked: DeserializeOwned {
    /// Pushes every problem found into `ctx`; `file` is the document's file.
    fn check(&self, _file: &SourceFile, _ctx: &mut Ctx) {}
}

impl Checked for ProviderProfile {
    fn check(&self, file: &SourceFile, ctx: &mut Ctx) {
        provider::check(self, file, ctx);
    }
}

impl Checked for Requirements {
    fn check(&self, _file: &SourceFile, ctx: &mut Ctx) {
        requirements::check(self, ctx);
    }
}

impl Checked for DpaReview {
    fn check(&self, _file: &SourceFile, ctx: &mut Ctx) {
        review::check(self, ctx);
    }
}

/// A project file's paths are checked when a command resolves them
/// (`pipeline::project::resolve`).
impl Checked for crate::model::project::Project {}

/// A document read for its kind, `schema_version` and schema only.
impl Checked for Value {}

/// The whole check of one document of the given kind: every diagnostic (errors
/// and warnings, each with its source line), and the value when there was no
/// error.
pub fn load_document<T: Checked>(
    file: &SourceFile,
    kind: DocumentKind,
) -> (Option<T>, Vec<Diagnostic>) {
    let read = crate::load::read_document::<T>(file, kind);
    let (value, diags) = checked(file, kind, read);
    (value, crate::load::with_lines(file, diags))
}

/// The kind's checks on what the load stage read (see [`load_document`]).
pub fn checked<T: Checked>(
    file: &SourceFile,
    kind: DocumentKind,
    read: crate::load::Read<T>,
) -> (Option<T>, Vec<Diagnostic>) {
    let mut diags = read.diagnostics;
    match (read.value, &read.parsed) {
        (Some(value), Some(parsed)) => {
            let mut ctx = Ctx::new(&file.display, &parsed.index);
            value.check(file, &mut ctx);
            diags.extend(ctx.diagnostics);
            if diags.iter().any(Diagnostic::is_error) {
                return (None, diags);
            }
            (Some(value), diags)
        }
        // A prechecked embedded file, read in one pass (proven to pass every check).
        (Some(value), None) => (Some(value), diags),
        (None, Some(parsed)) if read.schema_errors_only => {
            // The rest of the document, with the refused parts taken out.
            if let Some((value, pruned)) = prune::prune::<T>(kind, parsed, &diags) {
                let mut ctx = Ctx::new(&file.display, &parsed.index);
                ctx.pruned = Some(&pruned);
                value.check(file, &mut ctx);
                if !ctx.diagnostics.is_empty() {
                    diags.extend(ctx.diagnostics);
                    diags.sort_by_key(|d| (d.line, d.column));
                }
            }
            (None, diags)
        }
        (None, _) => (None, diags),
    }
}

/// [`load_document`] with warnings dropped.
pub fn parse_document<T: Checked>(
    file: &SourceFile,
    kind: DocumentKind,
) -> Result<T, Vec<Diagnostic>> {
    match load_document(file, kind) {
        (Some(v), _) => Ok(v),
        (None, d) => Err(d),
    }
}

/// Loads every file as one kind; files with errors are left out (and reported).
pub fn load_all<T: Checked>(
    files: Vec<SourceFile>,
    kind: DocumentKind,
) -> (Vec<Loaded<T>>, Vec<Diagnostic>) {
    let mut out = Vec::new();
    let mut diags = Vec::new();
    for file in files {
        let (v, d) = load_document::<T>(&file, kind);
        diags.extend(d);
        if let Some(value) = v {
            out.push(Loaded { value, file });
        }
    }
    (out, diags)
}

/// Provider profiles from files and folders, checked one by one and across
/// files (duplicate IDs).
pub fn load_providers(paths: &[PathBuf]) -> (Vec<Loaded<ProviderProfile>>, Vec<Diagnostic>) {
    let (files, mut diags) = crate::load::read_sources(paths);
    // A folder that holds no profile: say where cloudvet looked and how to start one.
    for dir in paths.iter().filter(|p| p.is_dir()) {
        if !files.iter().any(|f| Path::new(&f.display).starts_with(dir)) {
            diags.push(crate::suggest::no_profiles_in(dir));
        }
    }
    let (loaded, d) = load_all(files, DocumentKind::Provider);
    diags.extend(d);
    diags.extend(cross_check(&loaded, None, &[]));
    (loaded, diags)
}

/// The shipped provider profiles compiled into the binary.
pub fn embedded_providers() -> (Vec<Loaded<ProviderProfile>>, Vec<Diagnostic>) {
    let (files, mut diags) = crate::load::embedded_sources("providers");
    let (loaded, d) = load_all(files, DocumentKind::Provider);
    diags.extend(d);
    diags.extend(cross_check(&loaded, None, &[]));
    (loaded, diags)
}

/// The embedded example requirements.
pub const EMBEDDED_REQUIREMENTS: &str = "docs/examples/requirements.yaml";

/// The requirements file given, or the embedded example.
pub fn load_requirements(path: Option<&Path>) -> (Option<Loaded<Requirements>>, Vec<Diagnostic>) {
    let file = match path {
        Some(p) => SourceFile::read(p),
        None => match crate::embedded::file(EMBEDDED_REQUIREMENTS) {
            Some(b) => SourceFile::embedded(EMBEDDED_REQUIREMENTS, b),
            None => Err(Diagnostic::error_t(
                LoadCode::FileUnreadable,
                "val_no_embedded",
                &[("path", EMBEDDED_REQUIREMENTS)],
            )
            .help_t("val_pass_requirements", &[])),
        },
    };
    let file = match file {
        Ok(f) => f,
        Err(d) => return (None, vec![d]),
    };
    let (v, d) = load_document(&file, DocumentKind::Requirements);
    (v.map(|value| Loaded { value, file }), d)
}

/// DPA reviews from files and folders.
pub fn load_reviews(paths: &[PathBuf]) -> (Vec<Loaded<DpaReview>>, Vec<Diagnostic>) {
    let (files, mut diags) = crate::load::read_sources(paths);
    let (loaded, d) = load_all(files, DocumentKind::DpaReview);
    diags.extend(d);
    (loaded, diags)
}

fn index_of(file: &SourceFile) -> PositionIndex {
    crate::load::yaml::scan(&file.text, &file.display).index
}

/// Checks across files: duplicate provider IDs; waivers and reviews that name
/// a provider not in `providers`; provider price currencies without an exchange
/// rate into the report currency (warning). Pass every provider that will be
/// assessed: a waiver for a provider not passed is reported.
pub fn cross_check(
    providers: &[Loaded<ProviderProfile>],
    requirements: Option<&Loaded<Requirements>>,
    reviews: &[Loaded<DpaReview>],
) -> Vec<Diagnostic> {
    let mut out = Vec::new();
    let mut seen: std::collections::BTreeMap<&str, &str> = std::collections::BTreeMap::new();
    for p in providers {
        if let Some(first) = seen.get(p.value.id.as_str()) {
            let index = index_of(&p.file);
            let mut ctx = Ctx::new(&p.file.display, &index);
            ctx.push(
                Diagnostic::error_t(
                    ValidateCode::DuplicateId,
                    "val_duplicate_provider",
                    &[("id", &p.value.id), ("first", first)],
                )
                .help_t("val_duplicate_provider_help", &[]),
                "/id",
            );
            out.extend(ctx.diagnostics);
        } else {
            seen.insert(&p.value.id, &p.file.display);
        }
    }
    let ids: Vec<&str> = providers.iter().map(|p| p.value.id.as_str()).collect();
    let unknown_provider = |name: &str| {
        let d = Diagnostic::error_t(
            ValidateCode::UnknownProvider,
            "val_unknown_provider",
            &[("id", name)],
        );
        match crate::load::schema_check::did_you_mean(name, ids.iter().copied()) {
            Some(s) => d.help_t("suggest_did_you_mean", &[("x", &format!("`{s}`"))]),
            None => d.help_t("val_unknown_provider_help", &[]),
        }
    };
    if let Some(req) = requirements {
        // Findings, each with the pointer it is located at; the file's positions are
        // scanned only when there is something to locate.
        let mut found: Vec<(Diagnostic, String)> = Vec::new();
        for (i, w) in req.value.waivers.iter().enumerate() {
            if !ids.contains(&w.provider.as_str()) {
                found.push((
                    unknown_provider(&w.provider),
                    format!("/waivers/{i}/provider"),
                ));
            }
        }
        let report = req.value.currency.report.as_str();
        let mut missing: std::collections::BTreeMap<&str, Vec<&str>> = Default::default();
        for p in providers {
            let currencies = p
                .value
                .offers
                .iter()
                .map(|o| o.currency.as_str())
                .chain(p.value.storage.iter().map(|s| s.currency.as_str()))
                .chain(p.value.egress.iter().map(|e| e.currency.as_str()));
            for c in currencies {
                if c != report && !req.value.currency.rates.iter().any(|r| r.from == c) {
                    let v = missing.entry(c).or_default();
                    if !v.contains(&p.value.id.as_str()) {
                        v.push(&p.value.id);
                    }
                }
            }
        }
        for (c, who) in missing {
            found.push((
                Diagnostic::warning_t(
                    ValidateCode::MissingExchangeRate,
                    "val_missing_rate",
                    &[
                        ("currency", c),
                        ("who", &who.join(", ")),
                        ("report", report),
                    ],
                )
                .expected_t("val_missing_rate_expected", &[("currency", c)])
                .help_t("val_missing_rate_help", &[]),
                "/currency/rates".to_string(),
            ));
        }
        if !found.is_empty() {
            let index = index_of(&req.file);
            let mut ctx = Ctx::new(&req.file.display, &index);
            for (d, pointer) in found {
                ctx.push(d, &pointer);
            }
            out.extend(ctx.diagnostics);
        }
    }
    for r in reviews {
        if !ids.contains(&r.value.provider.as_str()) {
            let index = index_of(&r.file);
            let mut ctx = Ctx::new(&r.file.display, &index);
            ctx.push(unknown_provider(&r.value.provider), "/provider");
            out.extend(ctx.diagnostics);
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::load::{declared_kind, embedded_sources, parse_yaml};
    use crate::model::rent_vs_buy::RentVsBuy;
    use crate::model::rule_pack::RulePack;
    use crate::model::workload::Workload;

    /// Full path (every check; the rule packs' and the workload's are the rules
    /// engine's and the cost model's [`Checked`] implementations) without a single diagnostic, and the one-pass path of
    /// `prechecked` files gives the same value.
    fn same_both_ways<T: Checked + std::fmt::Debug>(file: &SourceFile, kind: DocumentKind) {
        let mut full = file.clone();
        full.prechecked = false;
        let (checked, diags) = load_document::<T>(&full, kind);
        assert!(diags.is_empty(), "{}: {diags:?}", file.display);
        let (fast, diags) = load_document::<T>(file, kind);
        assert!(diags.is_empty(), "{}: {diags:?}", file.display);
        assert_eq!(
            format!("{checked:?}"),
            format!("{fast:?}"),
            "{}",
            file.display
        );
        assert!(checked.is_some(), "{}", file.display);
    }

    #[test]
    fn embedded_documents_pass_every_check() {
        let mut seen = 0;
        for folder in ["providers", "rules", "docs/examples"] {
            let (files, diags) = embedded_sources(folder);
            assert!(diags.is_empty(), "{diags:?}");
            for file in files {
                assert!(file.prechecked, "{}", file.display);
                let parsed = parse_yaml(&file).unwrap_or_else(|d| panic!("{d:?}"));
                let kind = declared_kind(&file, &parsed).unwrap_or_else(|d| panic!("{d:?}"));
                match kind {
                    DocumentKind::Provider => same_both_ways::<ProviderProfile>(&file, kind),
                    DocumentKind::Requirements => same_both_ways::<Requirements>(&file, kind),
                    DocumentKind::RulePack => same_both_ways::<RulePack>(&file, kind),
                    DocumentKind::Workload => same_both_ways::<Workload>(&file, kind),
                    DocumentKind::RentVsBuy => same_both_ways::<RentVsBuy>(&file, kind),
                    other => panic!("{}: unexpected embedded kind {other:?}", file.display),
                }
                seen += 1;
            }
        }
        assert!(seen >= 30, "only {seen} embedded documents");
    }

    #[test]
    fn a_prechecked_file_with_an_error_still_gets_the_full_diagnostics() {
        let mut file = SourceFile::from_bytes(
            "x.yaml",
            b"kind: provider\nschema_version: 1\nid: x\nname: X\nregions: 7\n",
        )
        .unwrap();
        file.prechecked = true;
        let (v, diags) = load_document::<ProviderProfile>(&file, DocumentKind::Provider);
        assert!(v.is_none());
        let d = diags.iter().find(|d| d.is_error()).expect("an error");
        assert_eq!(d.file.as_deref(), Some("x.yaml"));
        assert!(d.line.is_some(), "{d:?}");
    }
}
