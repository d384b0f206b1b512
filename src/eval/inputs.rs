//! The engine's inputs for the command line and the report, read through the
//! loader (`load::load_providers`, `load::load_requirements`, schema and semantic
//! checks, cross-file checks) plus answered questionnaires. Errors come back as
//! diagnostics; warnings are returned separately so the caller can show them.

use crate::diag::{CostCode, LoadCode, ValidateCode};
use std::path::{Path, PathBuf};

use crate::diag::Diagnostic;
use crate::load::{self, parse_document, DocumentKind, Loaded, SourceFile};
use crate::model::provider::ProviderProfile;
use crate::model::requirements::Requirements;

use super::questionnaire::Questionnaire;

/// Everything `cloudvet assess` reads.
#[derive(Debug, Clone)]
pub struct Inputs {
    pub providers: Vec<Loaded<ProviderProfile>>,
    pub requirements: Loaded<Requirements>,
    /// Warnings from loading (errors end loading instead).
    pub warnings: Vec<Diagnostic>,
}

fn split(diags: Vec<Diagnostic>) -> Result<Vec<Diagnostic>, Vec<Diagnostic>> {
    if diags.iter().any(Diagnostic::is_error) {
        Err(diags.into_iter().filter(Diagnostic::is_error).collect())
    } else {
        Ok(diags)
    }
}

/// Loads providers (files/folders, or the embedded catalogue when `providers` is
/// empty) and requirements (a file, or the embedded example), merges answered
/// questionnaires, and runs the cross-file checks (duplicate IDs, waivers naming
/// unknown providers, missing exchange rates).
pub fn load(
    providers: &[PathBuf],
    requirements: Option<&Path>,
    answers: &[PathBuf],
) -> Result<Inputs, Vec<Diagnostic>> {
    let (mut loaded, pd) = if providers.is_empty() {
        load::embedded_providers()
    } else {
        load::load_providers(providers)
    };
    let (req, rd) = load::load_requirements(requirements);
    let mut warnings = split(pd.into_iter().chain(rd).collect())?;
    let Some(req) = req else {
        return Err(vec![Diagnostic::error(
            LoadCode::FileUnreadable,
            "the requirements could not be read",
        )
        .help("pass a requirements file with --requirements")]);
    };
    if loaded.is_empty() {
        return Err(vec![Diagnostic::error(
            CostCode::NoProviders,
            "no provider profiles found",
        )
        .help("give profile files or folders with --providers")]);
    }
    apply_answers(&mut loaded, answers)?;
    warnings.extend(split(crate::validate::cross_check(
        &loaded,
        Some(&req),
        &[],
    ))?);
    Ok(Inputs {
        providers: loaded,
        requirements: req,
        warnings,
    })
}

/// Loads a questionnaire (answered or not).
pub fn load_questionnaire(path: &Path) -> Result<(SourceFile, Questionnaire), Vec<Diagnostic>> {
    let file = SourceFile::read(path).map_err(|d| vec![d])?;
    let q = parse_document::<Questionnaire>(&file, DocumentKind::Questionnaire)?;
    Ok((file, q))
}

/// Applies answered questionnaires to the providers they name.
pub fn apply_answers(
    providers: &mut [Loaded<ProviderProfile>],
    answers: &[PathBuf],
) -> Result<(), Vec<Diagnostic>> {
    let mut errors = Vec::new();
    for a in answers {
        let (file, q) = match load_questionnaire(a) {
            Ok(x) => x,
            Err(d) => {
                errors.extend(d);
                continue;
            }
        };
        match providers.iter_mut().find(|p| p.value.id == q.provider) {
            None => errors.push(
                Diagnostic::error(
                    ValidateCode::UnknownProvider,
                    format!(
                        "the questionnaire is for `{}`, which is not among the providers",
                        q.provider
                    ),
                )
                .in_file(file.display.clone())
                .pointer("/provider"),
            ),
            Some(p) => match super::questionnaire::merge_answers(&p.value, &q, &file.display) {
                Ok(merged) => p.value = merged,
                Err(d) => errors.extend(d),
            },
        }
    }
    if errors.is_empty() {
        Ok(())
    } else {
        Err(errors)
    }
}
