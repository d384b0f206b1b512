//! Answered vendor questionnaires: read and merged into the profiles they name
//! as self-declared facts. The rest of the engine's inputs are loaded by
//! `pipeline::load`, which calls this.

use crate::diag::ValidateCode;
use std::path::{Path, PathBuf};

use crate::diag::Diagnostic;
use crate::load::{DocumentKind, Loaded, SourceFile};
use crate::model::provider::ProviderProfile;
use crate::validate::parse_document;

use super::questionnaire::Questionnaire;

/// A questionnaire's answers are checked when they are merged into a profile
/// ([`apply_answer_files`]).
impl crate::validate::Checked for Questionnaire {}

/// Loads a questionnaire (answered or not).
pub fn load_questionnaire(path: &Path) -> Result<(SourceFile, Questionnaire), Vec<Diagnostic>> {
    let file = SourceFile::read(path).map_err(|d| vec![d])?;
    let q = parse_document::<Questionnaire>(&file, DocumentKind::Questionnaire)?;
    Ok((file, q))
}

/// Applies answered questionnaires (files, or folders of them) to the providers
/// they name; returns the questionnaire files read (for the provenance), or
/// every error.
pub fn apply_answers(
    providers: &mut [Loaded<ProviderProfile>],
    answers: &[PathBuf],
) -> Result<Vec<SourceFile>, Vec<Diagnostic>> {
    let (files, mut errors) = crate::load::read_sources(answers);
    match apply_answer_files(providers, &files) {
        Ok(()) if errors.is_empty() => Ok(files),
        Ok(()) => Err(errors),
        Err(d) => {
            errors.extend(d);
            Err(errors)
        }
    }
}

/// Applies questionnaire files already read: the one code path `assess --answers`
/// and `validate` share, so a file `validate` passes is never refused later.
pub fn apply_answer_files(
    providers: &mut [Loaded<ProviderProfile>],
    files: &[SourceFile],
) -> Result<(), Vec<Diagnostic>> {
    let mut errors = Vec::new();
    for file in files {
        let q = match parse_document::<Questionnaire>(file, DocumentKind::Questionnaire) {
            Ok(q) => q,
            Err(d) => {
                errors.extend(d);
                continue;
            }
        };
        match providers.iter_mut().find(|p| p.value.id == q.provider) {
            None => errors.push(
                Diagnostic::error_t(
                    ValidateCode::UnknownProvider,
                    "eval_questionnaire_unknown_provider",
                    &[("id", &q.provider)],
                )
                .in_file(file.display.clone())
                .pointer("/provider"),
            ),
            Some(p) => match super::questionnaire::merge_answers(&p.value, &q, &file.display) {
                Ok(merged) => p.value = merged,
                Err(d) => errors.extend(crate::load::locate_pointers(file, d)),
            },
        }
    }
    if errors.is_empty() {
        Ok(())
    } else {
        Err(errors)
    }
}
