//! `cloudvet diff OLD NEW`: what changed between two versions of provider
//! profiles (two files, or two folders matched by provider ID), and which rule
//! verdicts, scores and eligibility change as a result.

use crate::diag::{LoadCode, ValidateCode};
use std::path::{Path, PathBuf};

use super::{Global, Lang, Status};
use crate::diag::Diagnostic;
use crate::diff::{self, DiffReport, Options, ProviderDiff, ProviderStatus};
use crate::load::{DocumentKind, SourceFile};
use crate::model::provider::ProviderProfile;

/// Output format.
#[derive(Debug, Clone, Copy, PartialEq, Eq, clap::ValueEnum)]
pub enum Format {
    Human,
    Json,
    Md,
}

#[derive(Debug, Clone, clap::Args)]
pub struct Args {
    /// The old version: a provider profile, or a folder of profiles.
    pub old: PathBuf,
    /// The new version: a provider profile, or a folder of profiles (matched by `id`).
    pub new: PathBuf,
    /// Output format.
    #[arg(long, value_enum, default_value_t = Format::Human)]
    pub format: Format,
    /// Requirements the verdicts are computed with (default: the embedded example,
    /// docs/examples/requirements.yaml).
    #[arg(long, value_name = "FILE")]
    pub requirements: Option<PathBuf>,
    /// Folder (or file) of rule packs; a pack replaces the shipped pack with the same id.
    #[arg(long, value_name = "DIR")]
    pub rules: Option<PathBuf>,
    /// Evaluation date YYYY-MM-DD (default: the requirements' evaluation_date, else today).
    #[arg(long, value_name = "DATE")]
    pub as_of: Option<String>,
    /// Write to this file (atomically) instead of standard output.
    #[arg(long, short, value_name = "FILE")]
    pub output: Option<PathBuf>,
}

/// A loaded profile and its file as named.
type Named = (ProviderProfile, String);
/// The old and new version of one provider; one side is absent when the provider
/// is only in one folder.
type Pair<'a> = (Option<&'a Named>, Option<&'a Named>);

struct Side {
    /// (profile, file as named)
    profiles: Vec<Named>,
    is_folder: bool,
}

fn yaml_files(dir: &Path) -> Result<Vec<PathBuf>, Vec<Diagnostic>> {
    let (files, diags) = crate::load::collect_files(&[dir.to_path_buf()]);
    if diags.iter().any(Diagnostic::is_error) {
        return Err(diags);
    }
    Ok(files)
}

fn load_side(path: &Path) -> Result<Side, Vec<Diagnostic>> {
    if !path.exists() {
        return Err(vec![crate::suggest::missing_path(path)]);
    }
    let is_folder = path.is_dir();
    let files = if is_folder {
        yaml_files(path)?
    } else {
        vec![path.to_path_buf()]
    };
    if is_folder && files.is_empty() {
        return Err(vec![crate::suggest::no_profiles_in(path)]);
    }
    let mut profiles = Vec::new();
    let mut diags = Vec::new();
    for f in files {
        let source = match SourceFile::read(&f) {
            Ok(s) => s,
            Err(d) => {
                diags.push(d);
                continue;
            }
        };
        match crate::validate::parse_document::<ProviderProfile>(&source, DocumentKind::Provider) {
            Ok(p) => profiles.push((p, source.display.clone())),
            Err(d) => diags.extend(d),
        }
    }
    if !diags.is_empty() {
        return Err(diags);
    }
    // Two profiles with one ID in the same folder cannot be matched.
    let mut seen: Vec<&str> = Vec::new();
    for (p, file) in &profiles {
        if seen.contains(&p.id.as_str()) {
            diags.push(
                Diagnostic::error_t(
                    ValidateCode::DuplicateId,
                    "diff_second_profile",
                    &[("id", &p.id)],
                )
                .in_file(file.clone())
                .help_t("diff_second_profile_help", &[]),
            );
        }
        seen.push(&p.id);
    }
    if !diags.is_empty() {
        return Err(diags);
    }
    Ok(Side {
        profiles,
        is_folder,
    })
}

fn print_diags(diags: &[Diagnostic], lang: Lang) {
    super::print_diagnostics(diags, lang);
}

pub fn run(args: &Args, global: &Global) -> Status {
    match build(args, global.lang) {
        Ok(report) => {
            let text = match args.format {
                Format::Human => {
                    crate::render::escape::terminal(&diff::render::human(&report, global.lang))
                }
                Format::Md => diff::render::markdown(&report, global.lang),
                Format::Json => match serde_json::to_string_pretty(&report) {
                    Ok(mut s) => {
                        s.push('\n');
                        s
                    }
                    Err(e) => {
                        errln!(
                            "{}",
                            super::msg(
                                global.lang,
                                "cmd_cannot_write_json",
                                &[("error", &e.to_string())]
                            )
                        );
                        return Status::BadInput;
                    }
                },
            };
            match &args.output {
                Some(path) => match crate::output::write_atomic(path, text.as_bytes()) {
                    Ok(()) => Status::Ok,
                    Err(e) => {
                        print_diags(
                            &[Diagnostic::error_t(
                                LoadCode::FileUnreadable,
                                "diff_cannot_write",
                                &[("error", &e.to_string())],
                            )
                            .in_file(path.display().to_string())],
                            global.lang,
                        );
                        Status::BadInput
                    }
                },
                None => {
                    use std::io::Write;
                    let mut out = std::io::stdout().lock();
                    // A closed pipe (`| head`) is not an input error.
                    let _ = out.write_all(text.as_bytes()).and_then(|_| out.flush());
                    Status::Ok
                }
            }
        }
        Err(d) => {
            print_diags(&d, global.lang);
            Status::BadInput
        }
    }
}

fn build(args: &Args, lang: Lang) -> Result<DiffReport, Vec<Diagnostic>> {
    let old = load_side(&args.old)?;
    let new = load_side(&args.new)?;
    if old.is_folder != new.is_folder {
        return Err(vec![Diagnostic::error_t(
            LoadCode::FileUnreadable,
            "diff_mixed_sides",
            &[],
        )
        .help_t("diff_mixed_sides_help", &[])]);
    }
    let (req_loaded, req_diags) = crate::validate::load_requirements(args.requirements.as_deref());
    let Some(req) = req_loaded else {
        return Err(req_diags);
    };
    let date = crate::pipeline::evaluation_date(args.as_of.as_deref(), req.value.evaluation_date)
        .map_err(|d| vec![d])?;
    let packs = crate::eval::packs::shipped_with(args.rules.as_deref())?;
    let engine = diff::verdicts::engine(&packs, &req.value, date).map_err(|ds| {
        ds.into_iter()
            .map(|d| {
                if d.file.is_none() {
                    d.in_file(req.file.display.clone())
                } else {
                    d
                }
            })
            .collect::<Vec<_>>()
    })?;
    let is_eea = |c: &str| crate::model::codes::is_eea(c);
    let opts = Options {
        lang,
        date: Some(date.0),
        is_eea: &is_eea,
    };

    // Pairs: two files are compared whatever their IDs; folders by ID.
    let mut pairs: Vec<Pair> = Vec::new();
    if !old.is_folder {
        pairs.push((old.profiles.first(), new.profiles.first()));
    } else {
        for o in &old.profiles {
            pairs.push((Some(o), new.profiles.iter().find(|n| n.0.id == o.0.id)));
        }
        for n in &new.profiles {
            if !old.profiles.iter().any(|o| o.0.id == n.0.id) {
                pairs.push((None, Some(n)));
            }
        }
        pairs.sort_by(|a, b| {
            let id = |p: &Pair| p.0.or(p.1).map(|x| x.0.id.clone()).unwrap_or_default();
            id(a).cmp(&id(b))
        });
    }

    let mut providers = Vec::new();
    for (o, n) in pairs {
        let diff = match (o, n) {
            (Some((op, of)), Some((np, nf))) => {
                let all = diff::compare(op, np, &opts);
                let (evidence, changes): (Vec<_>, Vec<_>) =
                    all.into_iter().partition(|c| c.evidence_only);
                let verdicts = diff::verdicts::compare(&engine, op, np);
                ProviderDiff {
                    id: np.id.clone(),
                    name: np.name.clone(),
                    status: if changes.is_empty() && evidence.is_empty() {
                        ProviderStatus::Unchanged
                    } else {
                        ProviderStatus::Changed
                    },
                    old_file: Some(of.clone()),
                    new_file: Some(nf.clone()),
                    changes,
                    evidence_changes: evidence,
                    verdicts: Some(verdicts),
                }
            }
            (Some((op, of)), None) => ProviderDiff {
                id: op.id.clone(),
                name: op.name.clone(),
                status: ProviderStatus::Removed,
                old_file: Some(of.clone()),
                new_file: None,
                changes: Vec::new(),
                evidence_changes: Vec::new(),
                verdicts: None,
            },
            (None, Some((np, nf))) => ProviderDiff {
                id: np.id.clone(),
                name: np.name.clone(),
                status: ProviderStatus::Added,
                old_file: None,
                new_file: Some(nf.clone()),
                changes: Vec::new(),
                evidence_changes: Vec::new(),
                verdicts: None,
            },
            (None, None) => continue,
        };
        providers.push(diff);
    }

    Ok(DiffReport {
        format_version: 1,
        old: args.old.display().to_string(),
        new: args.new.display().to_string(),
        evaluation_date: date.to_string(),
        requirements_title: req.value.title.clone(),
        requirements_file: req.file.display.clone(),
        providers,
    })
}
