//! A document whose kind is read from the file (`cloudvet validate` on a folder
//! of mixed files): the load stage reads it once, then the validate stage runs
//! the checks of its kind. Here, because the checks of some kinds are the rules
//! engine's (rule packs) and the cost model's (workload, rent-versus-buy).

use crate::diag::Diagnostic;
use crate::load::{self, DocumentKind, Parsed, SourceFile};
use crate::model::{DpaReview, ProviderProfile, Requirements};
use crate::validate::{self, Checked};

/// A document of any kind, typed where a command needs the type.
#[derive(Debug, Clone)]
pub enum AnyDocument {
    Provider(Box<ProviderProfile>),
    Requirements(Requirements),
    DpaReview(DpaReview),
    /// Any other kind, fully checked.
    Other(DocumentKind),
}

fn typed<T: Checked>(
    file: &SourceFile,
    parsed: Parsed,
    kind: DocumentKind,
) -> (Option<T>, Vec<Diagnostic>) {
    let (value, diagnostics, schema_errors_only) = load::read_parsed::<T>(file, &parsed, kind);
    validate::checked(
        file,
        kind,
        load::Read {
            value,
            parsed: Some(parsed),
            diagnostics,
            schema_errors_only,
        },
    )
}

/// Loads a document whose kind is read from its `kind` field (one parse: the
/// kind is read from it and the document typed from it), with every check of
/// its kind.
pub fn load_any(file: &SourceFile) -> (Option<AnyDocument>, Vec<Diagnostic>) {
    let parsed = match load::parse_yaml(file) {
        Ok(p) => p,
        Err(d) => return (None, load::with_lines(file, d)),
    };
    let kind = match load::declared_kind(file, &parsed) {
        Ok(k) => k,
        Err(d) => return (None, load::with_lines(file, vec![d])),
    };
    let other = |(v, d): (Option<_>, Vec<Diagnostic>)| (v.map(|()| AnyDocument::Other(kind)), d);
    let (doc, diags) = match kind {
        DocumentKind::Provider => {
            let (v, d) = typed::<ProviderProfile>(file, parsed, kind);
            (v.map(|p| AnyDocument::Provider(Box::new(p))), d)
        }
        DocumentKind::Requirements => {
            let (v, d) = typed(file, parsed, kind);
            (v.map(AnyDocument::Requirements), d)
        }
        DocumentKind::DpaReview => {
            let (v, d) = typed(file, parsed, kind);
            (v.map(AnyDocument::DpaReview), d)
        }
        DocumentKind::RulePack => {
            let (v, d) = typed::<crate::model::rule_pack::RulePack>(file, parsed, kind);
            other((v.map(|_| ()), d))
        }
        DocumentKind::Workload => {
            let (v, d) = typed::<crate::model::workload::Workload>(file, parsed, kind);
            other((v.map(|_| ()), d))
        }
        DocumentKind::RentVsBuy => {
            let (v, d) = typed::<crate::model::rent_vs_buy::RentVsBuy>(file, parsed, kind);
            other((v.map(|_| ()), d))
        }
        DocumentKind::Questionnaire => {
            let (v, d) = typed::<crate::eval::questionnaire::Questionnaire>(file, parsed, kind);
            other((v.map(|_| ()), d))
        }
        DocumentKind::Project => {
            let (v, d) = typed::<crate::model::project::Project>(file, parsed, kind);
            other((v.map(|_| ()), d))
        }
    };
    (doc, load::with_lines(file, diags))
}
