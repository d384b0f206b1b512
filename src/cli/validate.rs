//! `cloudvet validate [PATH...]`: check files or folders (the kind of each file
//! is read from its `kind:` field); without paths, the embedded defaults
//! (providers/, rules/, docs/examples/). Exit 0 when valid (warnings allowed),
//! 2 when any error was found.

use std::collections::HashMap;
use std::path::PathBuf;

use super::{Global, Status};
use crate::diag::{render, Diagnostic};
use crate::load::{self, Loaded, SourceFile};
use crate::model::gpu::GPU_MODELS;
use crate::pipeline::{load_any, AnyDocument};

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
    /// Show one GPU model of the catalogue (memory, benchmark family, the names it
    /// stands for) and exit.
    #[arg(long, value_name = "MODEL", value_parser = super::completions::Suggest::gpus(), hide_possible_values = true)]
    pub gpu: Option<String>,
    /// The procurement folder whose cloudvet.yaml names the files to check when no path
    /// is given (default: the cloudvet.yaml in this folder or the nearest folder above it).
    #[arg(long, value_name = "DIR", conflicts_with = "no_project")]
    pub project: Option<PathBuf>,
    /// Read no project file: without paths, check the embedded defaults.
    #[arg(long)]
    pub no_project: bool,
}

/// The folders checked when no path is given.
pub const DEFAULT_FOLDERS: &[&str] = &["providers", "rules", "docs/examples"];

/// What `validate` found.
pub struct Outcome {
    pub files: Vec<SourceFile>,
    pub diagnostics: Vec<Diagnostic>,
    /// The project file whose files were checked (no paths given).
    pub project: Option<crate::pipeline::ProjectUse>,
}

/// Checks the given paths; without any, the files the project file names (when
/// `lookup` finds one) or the embedded defaults.
pub fn check_project(paths: &[PathBuf], lookup: &crate::pipeline::ProjectLookup) -> Outcome {
    if !paths.is_empty() {
        return check(paths);
    }
    let empty = crate::pipeline::InputPaths {
        project: lookup.clone(),
        ..Default::default()
    };
    match empty.resolved() {
        Err(diagnostics) => Outcome {
            files: Vec::new(),
            diagnostics,
            project: None,
        },
        Ok((_, None)) => check(&[]),
        Ok((resolved, Some(project))) => {
            let mut named: Vec<PathBuf> = vec![PathBuf::from(&project.file)];
            named.extend(resolved.requirements.iter().cloned());
            named.extend(resolved.workload.iter().cloned());
            named.extend(resolved.rent_vs_buy.iter().cloned());
            named.extend(resolved.providers.iter().cloned());
            named.extend(resolved.reviews.iter().cloned());
            named.extend(resolved.answers.iter().cloned());
            named.extend(resolved.rules.iter().cloned());
            let mut outcome = check(&named);
            outcome.project = Some(project);
            outcome
        }
    }
}

/// Whether a questionnaire file holds answers (a date or any answered fact): those
/// go through the merge `assess --answers` runs; a blank one only through its schema.
fn answered(file: &SourceFile) -> bool {
    let Ok(q) = crate::validate::parse_document::<crate::eval::questionnaire::Questionnaire>(
        file,
        crate::load::DocumentKind::Questionnaire,
    ) else {
        return false;
    };
    q.answered_on.is_some()
        || q.questions.iter().flat_map(|x| &x.answers).any(|a| {
            !a.value.is_null()
                && a.value != serde_json::Value::String(crate::model::common::UNKNOWN.into())
        })
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
    let mut answers: Vec<SourceFile> = Vec::new();
    for file in &files {
        let (doc, d) = load_any(file);
        diagnostics.extend(d);
        match doc {
            Some(AnyDocument::Other(crate::load::DocumentKind::Questionnaire))
                if answered(file) =>
            {
                answers.push(file.clone())
            }
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
    }
    diagnostics.extend(applied(&providers, &answers, &reviews));
    // cross_check repeats the duplicate-provider check per call; keep one of each.
    let mut seen = std::collections::HashSet::new();
    diagnostics
        .retain(|d| seen.insert((d.code, d.file.clone(), d.line, d.column, d.message.clone())));
    Outcome {
        files,
        diagnostics,
        project: None,
    }
}

/// Answered questionnaires and DPA reviews applied to the profiles exactly as
/// `pipeline::load` applies them (`eval::inputs::apply_answer_files`, then
/// `dpa::apply_reviews`), so a file `validate` passes is never refused later.
/// Without profiles among the files, answers are checked against the embedded
/// catalogue (what `assess` reads by default); a file for a provider that is not
/// loaded is reported by the cross-file check, not here.
fn applied(
    providers: &[Loaded<crate::model::ProviderProfile>],
    answers: &[SourceFile],
    reviews: &[Loaded<crate::model::DpaReview>],
) -> Vec<Diagnostic> {
    let mut out = Vec::new();
    let mut profiles = if providers.is_empty() && !answers.is_empty() {
        crate::validate::embedded_providers().0
    } else {
        providers.to_vec()
    };
    let known = |id: &str| profiles.iter().any(|p| p.value.id == id);
    let answers: Vec<SourceFile> = answers
        .iter()
        .filter(|f| {
            crate::validate::parse_document::<crate::eval::questionnaire::Questionnaire>(
                f,
                crate::load::DocumentKind::Questionnaire,
            )
            .is_ok_and(|q| known(&q.provider) || !providers.is_empty())
        })
        .cloned()
        .collect();
    if let Err(d) = crate::eval::inputs::apply_answer_files(&mut profiles, &answers) {
        out.extend(d);
    }
    if providers.is_empty() {
        return out;
    }
    let mut values: Vec<crate::model::ProviderProfile> =
        profiles.into_iter().map(|l| l.value).collect();
    let reviews: Vec<Loaded<crate::model::DpaReview>> = reviews
        .iter()
        .filter(|r| values.iter().any(|p| p.id == r.value.provider))
        .cloned()
        .collect();
    out.extend(crate::dpa::apply_reviews(&mut values, &reviews).1);
    out
}

pub fn run(args: &Args, global: &Global) -> Status {
    if let Some(id) = &args.gpu {
        let Some(g) = crate::model::gpu::gpu_model(id) else {
            let ids = GPU_MODELS.iter().map(|g| g.id);
            match crate::load::schema_check::did_you_mean(id, ids) {
                Some(s) => errln!("error: `{id}` is not in the GPU catalogue; did you mean `{s}`?"),
                None => errln!(
                    "error: `{id}` is not in the GPU catalogue (cloudvet validate --list-gpus)"
                ),
            }
            return Status::BadInput;
        };
        outln!("{}: {}", g.id, g.description);
        outln!("  vendor: {}, memory: {} GB", g.vendor, g.vram_gb);
        outln!(
            "  benchmark family: {}",
            g.benchmark_family
                .unwrap_or("none (form factor not stated: no benchmark basis)")
        );
        outln!(
            "  catalogue names placed here: {}",
            crate::model::gpu::aliases(g).join(", ")
        );
        outln!("  source: {}", g.source);
        return Status::Ok;
    }
    if args.list_gpus {
        outln!(
            "{:<16} {:<7} {:>6}  {:<44} {}",
            "id",
            "vendor",
            "GB",
            crate::i18n::t(global.lang, "cmd_gpus_description"),
            crate::i18n::t(global.lang, "cmd_gpus_aliases")
        );
        for g in GPU_MODELS {
            outln!(
                "{:<16} {:<7} {:>6}  {:<44} {}",
                g.id,
                g.vendor,
                g.vram_gb,
                g.description,
                crate::model::gpu::aliases(g).join(", ")
            );
        }
        return Status::Ok;
    }
    let lookup = super::project_lookup(args.project.as_deref(), args.no_project);
    let outcome = check_project(&args.paths, &lookup);
    if let Some(p) = &outcome.project {
        errln!("{}", p.note(global.lang));
    }
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
