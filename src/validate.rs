//! Validate stage: semantic checks that a schema cannot express, one module per
//! kind (`validate/provider.rs`, `requirements.rs`, `review.rs`), plus
//! `cross_check` across files (duplicate provider IDs, waivers and reviews for
//! unknown providers, missing exchange rates). Every check pushes a diagnostic
//! with pointer and line:column and carries on, so all problems are reported.

use crate::diag::Diagnostic;
use crate::diag::{LoadCode, ValidateCode};
use crate::load::positions::PositionIndex;
use crate::load::{DocumentKind, Loaded, Parsed, SourceFile};
use crate::model::{DpaReview, ProviderProfile, Requirements};

pub mod provider;
pub mod requirements;
pub mod review;
pub mod rule_pack;

/// Where a check writes its findings.
pub struct Ctx<'a> {
    pub file: &'a str,
    pub index: &'a PositionIndex,
    pub diagnostics: Vec<Diagnostic>,
}

impl<'a> Ctx<'a> {
    pub fn new(file: &'a str, index: &'a PositionIndex) -> Self {
        Ctx {
            file,
            index,
            diagnostics: Vec::new(),
        }
    }

    /// Adds a diagnostic located at the value under `pointer`.
    pub fn push(&mut self, d: Diagnostic, pointer: &str) {
        let d = d.in_file(self.file).pointer(pointer.to_string());
        let d = match self.index.value(pointer) {
            Some(p) => d.at(p.line, p.column),
            None => d,
        };
        self.diagnostics.push(d);
    }

    /// The pointer of a fact's value: `<base>/value` when written in long form.
    pub fn fact(&self, base: &str) -> String {
        let long = format!("{base}/value");
        if self.index.get(&long).is_some() {
            long
        } else {
            base.to_string()
        }
    }
}

/// The semantic checks of one kind, run after the schema step and typing.
pub fn semantic(kind: DocumentKind, file: &SourceFile, parsed: &Parsed) -> Vec<Diagnostic> {
    let mut ctx = Ctx::new(&file.display, &parsed.index);
    let typed = |ctx: &mut Ctx, e: serde_json::Error| {
        ctx.push(
            Diagnostic::error(
                LoadCode::ModelMismatch,
                format!("the document does not fit the model: {e}"),
            )
            .help("please report this: the schema accepted a document the model refuses"),
            "",
        )
    };
    match kind {
        DocumentKind::Provider => {
            match serde_json::from_value::<ProviderProfile>(parsed.value.clone()) {
                Ok(p) => provider::check(&p, file, &mut ctx),
                Err(e) => typed(&mut ctx, e),
            }
        }
        DocumentKind::Requirements => {
            match serde_json::from_value::<Requirements>(parsed.value.clone()) {
                Ok(r) => requirements::check(&r, &mut ctx),
                Err(e) => typed(&mut ctx, e),
            }
        }
        DocumentKind::DpaReview => {
            match serde_json::from_value::<DpaReview>(parsed.value.clone()) {
                Ok(r) => review::check(&r, &mut ctx),
                Err(e) => typed(&mut ctx, e),
            }
        }
        DocumentKind::RulePack => {
            match serde_json::from_value::<crate::model::rule_pack::RulePack>(parsed.value.clone())
            {
                Ok(p) => {
                    let mut diags = crate::eval::packs::check_pack(&p);
                    if diags.is_empty() {
                        diags = rule_pack::check(&p);
                    }
                    for d in diags {
                        let at = d.pointer.clone().unwrap_or_default();
                        ctx.push(d, &at);
                    }
                }
                Err(e) => typed(&mut ctx, e),
            }
        }
        // The cost model owns the workload and rent-vs-buy checks (src/cost/validate.rs);
        // benchmark names are checked when the comparison runs, against the tables it uses.
        DocumentKind::Workload => {
            match serde_json::from_value::<crate::model::workload::Workload>(parsed.value.clone()) {
                Ok(w) => {
                    cost_diagnostics(&mut ctx, crate::cost::validate::workload(&w, None, None));
                }
                Err(e) => typed(&mut ctx, e),
            }
        }
        DocumentKind::RentVsBuy => {
            match serde_json::from_value::<crate::model::rent_vs_buy::RentVsBuy>(
                parsed.value.clone(),
            ) {
                Ok(r) => {
                    cost_diagnostics(&mut ctx, crate::cost::validate::rent_vs_buy(&r, None));
                }
                Err(e) => typed(&mut ctx, e),
            }
        }
        // A questionnaire is checked when it is merged into a profile; a project
        // file's paths when a command resolves them (pipeline::resolve_project).
        DocumentKind::Questionnaire | DocumentKind::Project => {}
    }
    ctx.diagnostics
}

/// Places the cost stage's diagnostics: at their value, or — for a missing
/// field — at the nearest parent that exists, keeping the exact pointer.
fn cost_diagnostics(ctx: &mut Ctx, diags: Vec<Diagnostic>) {
    for d in diags {
        let pointer = d.pointer.clone().unwrap_or_default();
        let mut at = pointer.as_str();
        let pos = loop {
            if let Some(p) = ctx.index.value(at) {
                break Some(p);
            }
            match at.rfind('/') {
                Some(i) if !at.is_empty() => at = &at[..i],
                _ => break None,
            }
        };
        let mut d = d.in_file(ctx.file);
        if let Some(p) = pos {
            d = d.at(p.line, p.column);
        }
        ctx.diagnostics.push(d);
    }
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
                Diagnostic::error(
                    ValidateCode::DuplicateId,
                    format!(
                        "the provider ID `{}` is already used by {first}",
                        p.value.id
                    ),
                )
                .help("each provider has one profile; merge the files or give one a new ID"),
                "/id",
            );
            out.extend(ctx.diagnostics);
        } else {
            seen.insert(&p.value.id, &p.file.display);
        }
    }
    let ids: Vec<&str> = providers.iter().map(|p| p.value.id.as_str()).collect();
    let unknown_provider = |name: &str| {
        let d = Diagnostic::error(
            ValidateCode::UnknownProvider,
            format!("no provider profile with the ID `{name}` is loaded"),
        );
        match crate::load::schema_check::did_you_mean(name, ids.iter().copied()) {
            Some(s) => d.help_t("suggest_did_you_mean", &[("x", &format!("`{s}`"))]),
            None => d.help("check the ID against the `id:` of the profiles in providers/"),
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
                Diagnostic::warning(
                    ValidateCode::MissingExchangeRate,
                    format!(
                        "prices in {c} ({}) have no rate into {report}; they cannot be compared",
                        who.join(", ")
                    ),
                )
                .expected(format!(
                    "an entry `- {{from: {c}, rate: …, date: …, source: …}}` under `rates`"
                ))
                .help("add the rate with its date and source (e.g. the ECB reference rate)"),
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
