//! `cloudvet dpa scan FILE` and `cloudvet dpa report REVIEW`: the DPO's review of a
//! data processing agreement (see docs/dpa-scan.md).

use crate::diag::DpaCode;
use std::path::{Path, PathBuf};

use clap::{Subcommand, ValueEnum};

use super::{msg, Global, Lang, Status};
use crate::diag::Diagnostic;
use crate::dpa;
use crate::output::write_atomic;

#[derive(Debug, Clone, clap::Args)]
pub struct Args {
    #[command(subcommand)]
    pub command: DpaCommand,
}

#[derive(Debug, Clone, Subcommand)]
pub enum DpaCommand {
    /// Locate the GDPR Art. 28 elements in a DPA (.txt, .md, .pdf) and write a review file.
    #[command(
        after_help = "Example:\n  cloudvet dpa scan avv-acme.pdf --provider acme --out reviews/acme.yaml"
    )]
    Scan(ScanArgs),
    /// Render a (completed) review file as Markdown and HTML, with a sign-off block.
    #[command(
        after_help = "Example:\n  cloudvet dpa report reviews/acme.yaml --format md,html,pdf --out review-acme"
    )]
    Report(ReportArgs),
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum ScanFormat {
    Human,
    Json,
}

#[derive(Debug, Clone, clap::Args)]
pub struct ScanArgs {
    /// The agreement: .txt, .md or .pdf (with a text layer).
    pub file: PathBuf,
    /// The provider profile id the review belongs to (needed for --out and --format json):
    /// a shipped provider or one in the --providers folder.
    #[arg(long, value_parser = super::completions::Suggest::providers(), hide_possible_values = true)]
    pub provider: Option<String>,
    /// Folder with your provider profiles, whose ids --provider may name besides the
    /// shipped ones (default: `providers/` when it exists).
    #[arg(long)]
    pub providers: Option<PathBuf>,
    /// Write the pre-filled review file (YAML) here.
    #[arg(long)]
    pub out: Option<PathBuf>,
    /// Overwrite an existing review file (it may hold the DPO's verdicts).
    #[arg(long)]
    pub force: bool,
    /// Output on stdout: a human summary or the review as JSON.
    #[arg(long, value_enum, default_value_t = ScanFormat::Human)]
    pub format: ScanFormat,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum ReportFormat {
    Md,
    Html,
    Pdf,
}

#[derive(Debug, Clone, clap::Args)]
pub struct ReportArgs {
    /// The review file (kind: dpa_review).
    pub review: PathBuf,
    /// Formats to write, comma-separated.
    #[arg(long, value_enum, value_delimiter = ',', default_values_t = [ReportFormat::Md, ReportFormat::Html, ReportFormat::Pdf])]
    pub format: Vec<ReportFormat>,
    /// Folder for the output files (named after the review file).
    #[arg(long, default_value = ".")]
    pub out: PathBuf,
}

pub fn run(args: &Args, global: &Global) -> Status {
    match &args.command {
        DpaCommand::Scan(a) => scan(a, global),
        DpaCommand::Report(a) => report(a, global),
    }
}

/// Writes a result to stdout; a closed pipe (`| head`) is not an error.
fn emit(s: &str) {
    super::write_out(s);
}

fn fail(d: &Diagnostic, lang: Lang) -> Status {
    super::print_diagnostic(d, lang);
    Status::BadInput
}

/// The header written above a fresh review file.
const REVIEW_HEADER: &str = "\
# DPA review pre-filled by `cloudvet dpa scan`. The scan is a keyword search, not a legal assessment.
# For each element: read the passage; set `verdict` (accept | negotiate | reject), `comment`,
# `reviewer` and `date` (YYYY-MM-DD). Then add
#   sign_off: {name: ..., role: ..., date: YYYY-MM-DD, decision: approved | approved_with_conditions | rejected}
# and render it: `cloudvet dpa report FILE`. Accepted elements become verified facts in the assessment.
";

fn scan(a: &ScanArgs, global: &Global) -> Status {
    let lang = global.lang;
    if let Some(p) = &a.provider {
        let ok = !p.is_empty()
            && p.len() <= 63
            && p.chars()
                .all(|c| c.is_ascii_lowercase() || c.is_ascii_digit() || c == '-')
            && !p.starts_with('-');
        if !ok {
            return fail(
                &Diagnostic::error(
                    DpaCode::DpaProviderId,
                    msg(lang, "cmd_dpa_not_an_id", &[("id", p)]),
                )
                .expected(msg(lang, "cmd_dpa_id_expected", &[])),
                lang,
            );
        }
        let (known, folder) = match known_provider_ids(a.providers.as_deref(), lang) {
            Ok(k) => k,
            Err(d) => return fail(&d, lang),
        };
        if !known.iter().any(|k| k == p) {
            let ids: Vec<&str> = known.iter().map(String::as_str).collect();
            let where_ = match &folder {
                Some(f) => msg(
                    lang,
                    "cmd_dpa_known_where_folder",
                    &[("folder", &f.display().to_string())],
                ),
                None => msg(lang, "cmd_dpa_known_where", &[]),
            };
            let mut d = crate::suggest::unknown_provider_in(lang, p, &ids, &where_);
            d.code = crate::diag::DpaCode::DpaProviderId.into();
            if crate::suggest::close_ids(p, &ids).is_empty() {
                d = d.help(msg(lang, "cmd_dpa_pick_an_id", &[]));
            }
            return fail(&d, lang);
        }
    }
    let scan = match dpa::scan_file(&a.file) {
        Ok(s) => s,
        Err(d) => return fail(&d, lang),
    };
    let needs_review = a.out.is_some() || a.format == ScanFormat::Json;
    let review = match (&a.provider, needs_review) {
        (Some(p), _) => scan.to_review(p.clone()),
        (None, false) => {
            emit(&scan.summary_in(lang));
            return Status::Ok;
        }
        (None, true) => {
            return fail(
                &Diagnostic::error(
                    DpaCode::DpaProviderId,
                    msg(lang, "cmd_dpa_provider_missing", &[]),
                )
                .help(msg(lang, "cmd_dpa_provider_missing_help", &[])),
                lang,
            )
        }
    };
    if let Some(out) = &a.out {
        if out.exists() && !a.force {
            return fail(
                &Diagnostic::error(DpaCode::DpaOutput, msg(lang, "cmd_dpa_review_exists", &[]))
                    .in_file(out.display().to_string())
                    .help(msg(lang, "cmd_dpa_review_exists_help", &[])),
                lang,
            );
        }
        let yaml = match serde_yaml::to_string(&review) {
            Ok(y) => format!("{REVIEW_HEADER}{y}"),
            Err(e) => {
                return fail(
                    &Diagnostic::error(
                        DpaCode::DpaOutput,
                        msg(
                            lang,
                            "cmd_dpa_cannot_serialise",
                            &[("error", &e.to_string())],
                        ),
                    ),
                    lang,
                )
            }
        };
        // Missing folders are created, as `report --out` does.
        if let Some(parent) = out.parent().filter(|p| !p.as_os_str().is_empty()) {
            if let Err(e) = std::fs::create_dir_all(parent) {
                return fail(
                    &Diagnostic::error(
                        DpaCode::DpaOutput,
                        msg(lang, "cmd_dpa_cannot_create", &[("error", &e.to_string())]),
                    )
                    .in_file(parent.display().to_string()),
                    lang,
                );
            }
        }
        if let Err(e) = write_atomic(out, yaml.as_bytes()) {
            return fail(
                &Diagnostic::error(
                    DpaCode::DpaOutput,
                    msg(
                        lang,
                        "cmd_dpa_cannot_write_review",
                        &[("error", &e.to_string())],
                    ),
                )
                .in_file(out.display().to_string()),
                lang,
            );
        }
        super::wrote(lang, out);
    }
    match a.format {
        ScanFormat::Human => emit(&crate::render::escape::terminal(&scan.summary_in(lang))),
        ScanFormat::Json => match serde_json::to_string_pretty(&review) {
            Ok(j) => emit(&format!("{j}\n")),
            Err(e) => {
                return fail(
                    &Diagnostic::error(
                        DpaCode::DpaOutput,
                        msg(
                            lang,
                            "cmd_dpa_cannot_serialise",
                            &[("error", &e.to_string())],
                        ),
                    ),
                    lang,
                )
            }
        },
    }
    Status::Ok
}

/// The provider ids `--provider` may name: the shipped catalogue plus the profiles in
/// `dir` (default `providers/` when it exists): each profile's `id`, else its file
/// name. Profiles are not validated here (`cloudvet validate` does that).
fn known_provider_ids(
    dir: Option<&Path>,
    lang: Lang,
) -> Result<(Vec<String>, Option<PathBuf>), Diagnostic> {
    let mut ids: Vec<String> = super::init::catalogue_ids()
        .into_iter()
        .map(str::to_string)
        .collect();
    let folder = match dir {
        Some(d) if !d.is_dir() => return Err(crate::suggest::missing_path_in(lang, d)),
        Some(d) => Some(d.to_path_buf()),
        None => Some(PathBuf::from("providers")).filter(|d| d.is_dir()),
    };
    if let Some(f) = &folder {
        let entries = std::fs::read_dir(f).map_err(|e| {
            Diagnostic::error(
                DpaCode::DpaFileUnreadable,
                msg(
                    lang,
                    "cmd_dpa_cannot_read_folder",
                    &[("error", &e.to_string())],
                ),
            )
            .in_file(f.display().to_string())
        })?;
        let mut files: Vec<PathBuf> = entries
            .filter_map(|e| e.ok().map(|e| e.path()))
            .filter(|p| {
                p.extension()
                    .is_some_and(|x| x == "yaml" || x == "yml" || x == "json")
            })
            .collect();
        files.sort();
        for path in files {
            // Bounded and regular files only: a pipe or device here must not hang.
            let id = crate::load::fsread::read_regular_text(&path, crate::load::MAX_FILE_BYTES)
                .ok()
                .and_then(|t| serde_yaml::from_str::<serde_yaml::Value>(&t).ok())
                .and_then(|v| v.get("id").and_then(|i| i.as_str()).map(str::to_string));
            let stem = path.file_stem().map(|s| s.to_string_lossy().into_owned());
            for i in [id, stem].into_iter().flatten() {
                if !ids.contains(&i) {
                    ids.push(i);
                }
            }
        }
    }
    ids.sort();
    Ok((ids, folder))
}

fn report(a: &ReportArgs, global: &Global) -> Status {
    let lang = global.lang;
    let (review, warnings) = match dpa::load_review_in(&a.review, lang) {
        Ok(r) => r,
        Err(ds) => {
            super::print_diagnostics(&ds, lang);
            return Status::BadInput;
        }
    };
    super::print_diagnostics(&warnings, lang);
    let stem = a
        .review
        .file_stem()
        .map(|s| s.to_string_lossy().into_owned())
        .unwrap_or_else(|| "review".into());
    if !a.out.is_dir() {
        return fail(
            &Diagnostic::error(DpaCode::DpaOutput, msg(lang, "cmd_dpa_no_out_folder", &[]))
                .in_file(a.out.display().to_string())
                .help(msg(lang, "cmd_dpa_no_out_folder_help", &[])),
            lang,
        );
    }
    let mut formats = a.format.clone();
    formats.dedup();
    for f in formats {
        let (ext, body) = match f {
            ReportFormat::Md => (
                "md",
                crate::render::dpa_review::markdown(&review, lang).into_bytes(),
            ),
            ReportFormat::Html => (
                "html",
                crate::render::dpa_review::html(&review, lang).into_bytes(),
            ),
            ReportFormat::Pdf => match crate::render::dpa_review::pdf(&review, lang) {
                Ok(b) => ("pdf", b),
                Err(e) => return fail(&e.to_diagnostic(), lang),
            },
        };
        let path: PathBuf = Path::new(&a.out).join(format!("{stem}.{ext}"));
        if let Err(e) = write_atomic(&path, &body) {
            return fail(
                &Diagnostic::error(
                    DpaCode::DpaOutput,
                    msg(
                        lang,
                        "cmd_dpa_cannot_write_report",
                        &[("error", &e.to_string())],
                    ),
                )
                .in_file(path.display().to_string()),
                lang,
            );
        }
        super::wrote(lang, &path);
    }
    Status::Ok
}
