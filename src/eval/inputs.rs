//! Reading the engine's inputs for the command line and the report: provider
//! profiles (files or folders, or the embedded catalogue), requirements (a file or
//! the embedded example), answered questionnaires. Every file goes through
//! `load::parse_document`; problems come back as diagnostics.

use std::path::{Path, PathBuf};

use crate::diag::Diagnostic;
use crate::load::{parse_document, DocumentKind, SourceFile};
use crate::model::provider::ProviderProfile;
use crate::model::requirements::Requirements;

use super::questionnaire::Questionnaire;

/// Where the embedded example requirements live.
pub const EXAMPLE_REQUIREMENTS: &str = "docs/examples/requirements.yaml";

/// A provider profile with the file it came from.
#[derive(Debug, Clone)]
pub struct LoadedProvider {
    pub file: SourceFile,
    pub profile: ProviderProfile,
}

fn yaml_files_in(dir: &Path) -> Result<Vec<PathBuf>, Diagnostic> {
    let rd = std::fs::read_dir(dir).map_err(|e| {
        Diagnostic::error("file-unreadable", format!("cannot read the folder: {e}"))
            .in_file(dir.display().to_string())
    })?;
    let mut v: Vec<PathBuf> = rd
        .flatten()
        .map(|e| e.path())
        .filter(|p| {
            p.is_file()
                && matches!(
                    p.extension().and_then(|x| x.to_str()),
                    Some("yaml") | Some("yml")
                )
        })
        .collect();
    v.sort();
    Ok(v)
}

/// Loads provider profiles from files and folders; with no paths, the embedded catalogue.
pub fn load_providers(paths: &[PathBuf]) -> Result<Vec<LoadedProvider>, Vec<Diagnostic>> {
    let mut files = Vec::new();
    let mut errors = Vec::new();
    if paths.is_empty() {
        for (p, b) in crate::embedded::files_under("providers") {
            if p.ends_with(".yaml") || p.ends_with(".yml") {
                match SourceFile::embedded(p, b) {
                    Ok(f) => files.push(f),
                    Err(d) => errors.push(d),
                }
            }
        }
    } else {
        for p in paths {
            let list = if p.is_dir() {
                match yaml_files_in(p) {
                    Ok(v) => v,
                    Err(d) => {
                        errors.push(d);
                        continue;
                    }
                }
            } else {
                vec![p.clone()]
            };
            for f in list {
                match SourceFile::read(&f) {
                    Ok(sf) => files.push(sf),
                    Err(d) => errors.push(d),
                }
            }
        }
    }
    let mut out = Vec::new();
    for f in files {
        match parse_document::<ProviderProfile>(&f, DocumentKind::Provider) {
            Ok(profile) => out.push(LoadedProvider { file: f, profile }),
            Err(d) => errors.extend(d),
        }
    }
    if out.is_empty() && errors.is_empty() {
        errors.push(
            Diagnostic::error("no-providers", "no provider profiles found")
                .help("give profile files or folders with --providers"),
        );
    }
    if errors.is_empty() {
        Ok(out)
    } else {
        Err(errors)
    }
}

/// Loads requirements from a file, or the embedded example.
pub fn load_requirements(
    path: Option<&Path>,
) -> Result<(SourceFile, Requirements), Vec<Diagnostic>> {
    let file = match path {
        Some(p) => SourceFile::read(p).map_err(|d| vec![d])?,
        None => {
            let bytes = crate::embedded::file(EXAMPLE_REQUIREMENTS).ok_or_else(|| {
                vec![Diagnostic::error(
                    "missing-embedded-file",
                    format!("{EXAMPLE_REQUIREMENTS} is not embedded in this build"),
                )]
            })?;
            SourceFile::embedded(EXAMPLE_REQUIREMENTS, bytes).map_err(|d| vec![d])?
        }
    };
    let req = parse_document::<Requirements>(&file, DocumentKind::Requirements)?;
    Ok((file, req))
}

/// Loads a questionnaire (answered or not).
pub fn load_questionnaire(path: &Path) -> Result<(SourceFile, Questionnaire), Vec<Diagnostic>> {
    let file = SourceFile::read(path).map_err(|d| vec![d])?;
    let q = parse_document::<Questionnaire>(&file, DocumentKind::Questionnaire)?;
    if q.kind != super::questionnaire::QUESTIONNAIRE_KIND {
        return Err(vec![Diagnostic::error(
            "wrong-kind",
            format!("`kind` is `{}`", q.kind),
        )
        .in_file(file.display.clone())
        .pointer("/kind")
        .expected(super::questionnaire::QUESTIONNAIRE_KIND)]);
    }
    Ok((file, q))
}

/// Applies answered questionnaires to the providers they name.
pub fn apply_answers(
    providers: &mut [LoadedProvider],
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
        match providers.iter_mut().find(|p| p.profile.id == q.provider) {
            None => errors.push(
                Diagnostic::error(
                    "unknown-provider",
                    format!(
                        "the questionnaire is for `{}`, which is not among the providers",
                        q.provider
                    ),
                )
                .in_file(file.display.clone())
                .pointer("/provider"),
            ),
            Some(p) => match super::questionnaire::merge_answers(&p.profile, &q, &file.display) {
                Ok(merged) => p.profile = merged,
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
