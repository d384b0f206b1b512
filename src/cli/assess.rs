//! `cloudvet assess`: rank providers against the requirements with the rule packs.
//! Without arguments: the embedded catalogue, the shipped packs and the example
//! requirements. Output: a human summary (default), JSON (`--format json`, the full
//! `eval::Assessment`) or CSV (one row per provider). `--fail-on` turns a result
//! into exit code 1.

use crate::diag::EvalCode;
use std::path::PathBuf;

use clap::ValueEnum;

use super::{Global, Status};
use crate::diag::Diagnostic;
use crate::eval::{self, inputs, Assessment};
use crate::model::common::Date;

#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum Format {
    Human,
    Json,
    Csv,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum FailOn {
    /// Exit 1 when no provider passes every knock-out.
    NoEligible,
    /// Exit 1 when any assessed provider fails a knock-out.
    Knockout,
}

#[derive(Debug, Clone, clap::Args)]
pub struct Args {
    /// Provider profile files or folders (default: the embedded catalogue).
    #[arg(long, num_args = 1..)]
    pub providers: Vec<PathBuf>,
    /// Requirements file (default: the embedded example, docs/examples/requirements.yaml).
    #[arg(long)]
    pub requirements: Option<PathBuf>,
    /// Folder (or file) of rule packs; a pack replaces the shipped pack with the same id.
    #[arg(long)]
    pub rules: Option<PathBuf>,
    /// Evaluation date YYYY-MM-DD (default: the requirements' evaluation_date, else today).
    #[arg(long, value_name = "DATE")]
    pub as_of: Option<String>,
    /// Answered vendor questionnaires to merge as self-declared facts.
    #[arg(long, num_args = 1..)]
    pub answers: Vec<PathBuf>,
    /// DPA review files or folders (`cloudvet dpa scan`, completed by the DPO): decided
    /// verdicts replace the provider's DPA facts as verified facts (docs/dpa-scan.md).
    #[arg(long, num_args = 1..)]
    pub reviews: Vec<PathBuf>,
    /// Output format.
    #[arg(long, value_enum, default_value_t = Format::Human)]
    pub format: Format,
    /// Exit with 1 when this gate trips.
    #[arg(long, value_enum)]
    pub fail_on: Option<FailOn>,
}

/// Prints diagnostics to stderr.
pub(crate) fn report_diagnostics(d: &[Diagnostic]) {
    for x in d {
        errln!("{x}");
    }
}

/// The evaluation date: `--as-of`, else the requirements', else today (UTC; or the
/// date of SOURCE_DATE_EPOCH when set, for reproducible builds).
pub(crate) fn evaluation_date(arg: Option<&str>, req: Option<Date>) -> Result<Date, Diagnostic> {
    if let Some(s) = arg {
        return s.parse::<Date>().map_err(|e| {
            Diagnostic::error(EvalCode::InvalidDate, format!("--as-of: {e}"))
                .expected("YYYY-MM-DD")
                .help("give a real calendar date, e.g. --as-of 2026-11-30")
        });
    }
    if let Some(d) = req {
        return Ok(d);
    }
    if let Ok(epoch) = std::env::var("SOURCE_DATE_EPOCH") {
        let secs: i64 = epoch.trim().parse().map_err(|_| {
            Diagnostic::error(
                EvalCode::InvalidDate,
                "SOURCE_DATE_EPOCH is not a number of seconds",
            )
        })?;
        return chrono::DateTime::from_timestamp(secs, 0)
            .map(|t| Date(t.date_naive()))
            .ok_or_else(|| {
                Diagnostic::error(EvalCode::InvalidDate, "SOURCE_DATE_EPOCH is out of range")
                    .help("unset SOURCE_DATE_EPOCH or give seconds since 1970")
            });
    }
    Ok(Date(chrono::Utc::now().date_naive()))
}

/// Loads everything and assesses; the shared first half of `assess` and `questionnaire`.
/// Warnings are printed to stderr.
pub(crate) fn run_assessment(
    providers: &[PathBuf],
    requirements: Option<&std::path::Path>,
    rules: Option<&std::path::Path>,
    as_of: Option<&str>,
    answers: &[PathBuf],
) -> Result<Assessment, Vec<Diagnostic>> {
    run_assessment_with_reviews(providers, requirements, rules, as_of, answers, &[])
}

/// `run_assessment` with DPA reviews applied to the profiles before evaluating; a
/// note per applied review goes to stderr.
pub(crate) fn run_assessment_with_reviews(
    providers: &[PathBuf],
    requirements: Option<&std::path::Path>,
    rules: Option<&std::path::Path>,
    as_of: Option<&str>,
    answers: &[PathBuf],
    reviews: &[PathBuf],
) -> Result<Assessment, Vec<Diagnostic>> {
    let inputs = inputs::load(providers, requirements, answers)?;
    report_diagnostics(&inputs.warnings);
    let req = &inputs.requirements;
    let date = evaluation_date(as_of, req.value.evaluation_date).map_err(|d| vec![d])?;
    let packs = eval::packs::shipped_with(rules)?;
    let mut profiles: Vec<_> = inputs.providers.into_iter().map(|l| l.value).collect();
    if !reviews.is_empty() {
        let (loaded, mut diags) = crate::load::load_reviews(reviews);
        let (applied, d) = crate::dpa::apply_reviews(&mut profiles, &loaded);
        diags.extend(d);
        if diags.iter().any(Diagnostic::is_error) {
            return Err(diags.into_iter().filter(Diagnostic::is_error).collect());
        }
        report_diagnostics(&diags);
        for r in &applied {
            errln!(
                "note: DPA review {} ({}) applied to `{}`: {} fact(s) now verified from the review",
                r.review_file,
                r.signed_off_on
                    .as_deref()
                    .map(|d| format!("signed off {d}"))
                    .unwrap_or_else(|| "not signed off".into()),
                r.provider,
                r.facts.len()
            );
        }
    }
    eval::assess(&profiles, &packs, &req.value, date).map_err(|ds| {
        ds.into_iter()
            .map(|d| {
                if d.file.is_none() && d.pointer.is_some() {
                    d.in_file(req.file.display.clone())
                } else {
                    d
                }
            })
            .collect()
    })
}

pub fn run(args: &Args, global: &Global) -> Status {
    let a = match run_assessment_with_reviews(
        &args.providers,
        args.requirements.as_deref(),
        args.rules.as_deref(),
        args.as_of.as_deref(),
        &args.answers,
        &args.reviews,
    ) {
        Ok(a) => a,
        Err(d) => {
            report_diagnostics(&d);
            return Status::BadInput;
        }
    };
    let out = match args.format {
        Format::Json => match serde_json::to_string_pretty(&a) {
            Ok(s) => s + "\n",
            Err(e) => {
                errln!("error: cannot write JSON: {e}");
                return Status::BadInput;
            }
        },
        Format::Csv => crate::render::assess::csv(&a),
        Format::Human => crate::render::assess::human(&a, global.lang),
    };
    out!("{out}");
    let tripped = match args.fail_on {
        Some(FailOn::NoEligible) => a.eligible().next().is_none(),
        Some(FailOn::Knockout) => a.providers.iter().any(|p| !p.knockouts_failed.is_empty()),
        None => false,
    };
    if tripped {
        errln!("{}", crate::i18n::t(global.lang, "cli_gate_tripped"));
        Status::GateFailed
    } else {
        Status::Ok
    }
}
