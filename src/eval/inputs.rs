//! Answered vendor questionnaires: read and merged into the profiles they name
//! as self-declared facts. The rest of the engine's inputs are loaded by
//! `pipeline::load`, which calls this.

use crate::diag::ValidateCode;
use std::path::{Path, PathBuf};

use crate::diag::Diagnostic;
use crate::load::{parse_document, DocumentKind, Loaded, SourceFile};
use crate::model::provider::ProviderProfile;

use super::questionnaire::Questionnaire;

/// Loads a questionnaire (answered or not).
pub fn load_questionnaire(path: &Path) -> Result<(SourceFile, Questionnaire), Vec<Diagnostic>> {
    let file = SourceFile::read(path).map_err(|d| vec![d])?;
    let q = parse_document::<Questionnaire>(&file, DocumentKind::Questionnaire)?;
    Ok((file, q))
}

/// Applies answered questionnaires to the providers they name; returns the
/// questionnaire files read (for the provenance), or every error.
pub fn apply_answers(
    providers: &mut [Loaded<ProviderProfile>],
    answers: &[PathBuf],
) -> Result<Vec<SourceFile>, Vec<Diagnostic>> {
    let mut errors = Vec::new();
    let mut read = Vec::new();
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
        read.push(file);
    }
    if errors.is_empty() {
        Ok(read)
    } else {
        Err(errors)
    }
}
