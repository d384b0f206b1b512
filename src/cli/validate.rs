//! `cloudvet validate [PATH...]`: check files or folders (the kind of each file
//! is read from its `kind:` field); without paths, the embedded defaults
//! (providers/, rules/, docs/examples/). Exit 0 when valid (warnings allowed),
//! 2 when any error was found.

use std::collections::HashMap;
use std::path::PathBuf;

use super::{Global, Status};
use crate::diag::{render, Diagnostic};
use crate::load::{self, AnyDocument, Loaded, SourceFile};
use crate::model::gpu::GPU_MODELS;

/// Output format.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, clap::ValueEnum)]
pub enum Format {
    #[default]
    Human,
    Json,
}

#[derive(Debug, Clone, clap::Args)]
pub struct Args {
    /// Files or folders to check; without any, the embedded defaults.
    pub paths: Vec<PathBuf>,
    /// Output format: `human` (stderr) or `json` (an array of diagnostics on stdout).
    #[arg(long, value_enum, default_value_t = Format::Human)]
    pub format: Format,
    /// Print the GPU catalogue (the model IDs files may use) and exit.
    #[arg(long)]
    pub list_gpus: bool,
}

/// The folders checked when no path is given.
pub const DEFAULT_FOLDERS: &[&str] = &["providers", "rules", "docs/examples"];

/// What `validate` found.
pub struct Outcome {
    pub files: Vec<SourceFile>,
    pub diagnostics: Vec<Diagnostic>,
}

/// Checks the given paths (or the embedded defaults): each file, then across files.
pub fn check(paths: &[PathBuf]) -> Outcome {
    let (files, mut diagnostics) = if paths.is_empty() {
        let mut files = Vec::new();
        let mut diags = Vec::new();
        for f in DEFAULT_FOLDERS {
            let (f, d) = load::embedded_sources(f);
            // Validation runs every check, also on the files the loader trusts.
            files.extend(f.into_iter().map(|mut f| {
                f.prechecked = false;
                f
            }));
            diags.extend(d);
        }
        (files, diags)
    } else {
        load::read_sources(paths)
    };
    let mut providers = Vec::new();
    let mut requirements = Vec::new();
    let mut reviews = Vec::new();
    for file in &files {
        let (doc, d) = load::load_any(file);
        diagnostics.extend(d);
        match doc {
            Some(AnyDocument::Provider(value)) => providers.push(Loaded {
                value: *value,
                file: file.clone(),
            }),
            Some(AnyDocument::Requirements(value)) => requirements.push(Loaded {
                value,
                file: file.clone(),
            }),
            Some(AnyDocument::DpaReview(value)) => reviews.push(Loaded {
                value,
                file: file.clone(),
            }),
            Some(AnyDocument::Other(_)) | None => {}
        }
    }
    // Waivers and reviews can only be checked against providers when some were given.
    let have_providers = !providers.is_empty();
    diagnostics.extend(crate::validate::cross_check(&providers, None, &[]));
    if have_providers {
        for r in &requirements {
            diagnostics.extend(crate::validate::cross_check(&providers, Some(r), &reviews));
        }
        if requirements.is_empty() {
            diagnostics.extend(crate::validate::cross_check(&providers, None, &reviews));
        }
        // cross_check repeats the duplicate-provider check per call; keep one of each.
        let mut seen = std::collections::HashSet::new();
        diagnostics
            .retain(|d| seen.insert((d.code, d.file.clone(), d.line, d.column, d.message.clone())));
    }
    Outcome { files, diagnostics }
}

pub fn run(args: &Args, global: &Global) -> Status {
    if args.list_gpus {
        outln!(
            "{:<16} {:<7} {:>6}  {}",
            "id",
            "vendor",
            "GB",
            crate::i18n::t(global.lang, "cmd_gpus_description")
        );
        for g in GPU_MODELS {
            outln!(
                "{:<16} {:<7} {:>6}  {}",
                g.id,
                g.vendor,
                g.vram_gb,
                g.description
            );
        }
        return Status::Ok;
    }
    let outcome = check(&args.paths);
    let failed = outcome.diagnostics.iter().any(Diagnostic::is_error);
    match args.format {
        Format::Json => outln!("{}", render::json(&outcome.diagnostics)),
        Format::Human => {
            let texts: HashMap<&str, &str> = outcome
                .files
                .iter()
                .map(|f| (f.display.as_str(), f.text.as_str()))
                .collect();
            for d in &outcome.diagnostics {
                let src = d.file.as_deref().and_then(|f| texts.get(f).copied());
                errln!("{}\n", render::human_in(d, src, global.lang));
            }
            errln!(
                "{}",
                crate::i18n::fill(
                    global.lang,
                    if failed {
                        "cli_validate_invalid"
                    } else {
                        "cli_validate_valid"
                    },
                    &[
                        ("files", &outcome.files.len().to_string()),
                        (
                            "summary",
                            &render::summary_in(&outcome.diagnostics, global.lang)
                        ),
                    ]
                )
            );
        }
    }
    if failed {
        Status::BadInput
    } else {
        Status::Ok
    }
}
