//! `cloudvet cost`: the workload's cost on every offer, sorted by total, with the
//! speed basis, budget advice, recommendations and rent versus buy.

use crate::diag::{CostCode, LoadCode};
use std::collections::BTreeSet;
use std::path::{Path, PathBuf};

use clap::ValueEnum;

use super::{Global, Status};
use crate::cost::{self, Benchmarks, CostInputs};
use crate::diag::Diagnostic;
use crate::load::{parse_document, DocumentKind, SourceFile};
use crate::model::rent_vs_buy::RentVsBuy;
use crate::model::workload::Workload;
use crate::model::{ProviderProfile, Requirements};

/// Embedded defaults.
pub const DEFAULT_WORKLOAD: &str = "docs/examples/workload.yaml";
pub const DEFAULT_RENT_VS_BUY: &str = "docs/examples/rent-vs-buy.yaml";

#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, ValueEnum)]
pub enum Format {
    #[default]
    Human,
    Json,
    Csv,
}

#[derive(Debug, Clone, clap::Args)]
pub struct Args {
    /// Workload file; default: the embedded docs/examples/workload.yaml.
    #[arg(long, value_name = "FILE")]
    pub workload: Option<PathBuf>,
    /// Provider profiles: files or folders of *.yaml; default: the embedded providers/.
    #[arg(long, value_name = "DIR_OR_FILE", num_args = 1..)]
    pub providers: Vec<PathBuf>,
    /// Requirements (report currency and exchange rates); default: the embedded docs/examples/requirements.yaml.
    #[arg(long, value_name = "FILE")]
    pub requirements: Option<PathBuf>,
    /// Rent-vs-buy inputs; default: the embedded docs/examples/rent-vs-buy.yaml.
    #[arg(long, value_name = "FILE", conflicts_with = "no_rent_vs_buy")]
    pub rent_vs_buy: Option<PathBuf>,
    /// Leave the rent-versus-buy section out.
    #[arg(long)]
    pub no_rent_vs_buy: bool,
    /// Folder with mlperf_training.csv and mlperf_inference.csv; default: the embedded benchmarks/.
    #[arg(long, value_name = "DIR")]
    pub benchmarks: Option<PathBuf>,
    /// Output format.
    #[arg(long, value_enum, default_value_t = Format::Human)]
    pub format: Format,
    /// Only providers the assessment finds eligible (no knock-out failed), with the same
    /// providers, requirements, rule packs and evaluation date as `cloudvet assess`.
    #[arg(long)]
    pub eligible_only: bool,
    /// With --eligible-only: folder (or file) of rule packs, as for `cloudvet assess`.
    #[arg(long, value_name = "DIR_OR_FILE", requires = "eligible_only")]
    pub rules: Option<PathBuf>,
    /// With --eligible-only: evaluation date YYYY-MM-DD, as for `cloudvet assess`.
    #[arg(long, value_name = "DATE", requires = "eligible_only")]
    pub as_of: Option<String>,
    /// Write to this file (atomically) instead of standard output.
    #[arg(long, short, value_name = "FILE")]
    pub output: Option<PathBuf>,
}

fn report(diags: &[Diagnostic]) -> Status {
    for d in diags {
        errln!("{d}");
    }
    Status::BadInput
}

fn read_or_embedded(
    path: Option<&Path>,
    embedded: &str,
    what: &str,
) -> Result<SourceFile, Vec<Diagnostic>> {
    match path {
        Some(p) => SourceFile::read(p).map_err(|d| vec![d]),
        None => match crate::embedded::file(embedded) {
            Some(bytes) => SourceFile::embedded(embedded, bytes).map_err(|d| vec![d]),
            None => Err(vec![Diagnostic::error(
                LoadCode::FileUnreadable,
                format!("this build has no embedded {embedded}, so there is no default {what}"),
            )
            .help(format!(
                "pass the {what} with its option (see `cloudvet cost --help`)"
            ))]),
        },
    }
}

fn load_benchmarks(dir: Option<&Path>) -> Result<Benchmarks, Vec<Diagnostic>> {
    match dir {
        None => Benchmarks::embedded(),
        Some(d) => {
            let t = SourceFile::read(&d.join("mlperf_training.csv")).map_err(|e| vec![e])?;
            let i = SourceFile::read(&d.join("mlperf_inference.csv")).map_err(|e| vec![e])?;
            Benchmarks::from_files(&t, &i)
        }
    }
}

pub fn run(args: &Args, global: &Global) -> Status {
    match run_inner(args, global) {
        Ok(text) => match &args.output {
            Some(path) => match crate::output::write_atomic(path, text.as_bytes()) {
                Ok(()) => Status::Ok,
                Err(e) => {
                    errln!(
                        "{}",
                        Diagnostic::error(
                            CostCode::OutputUnwritable,
                            format!("cannot write the output: {e}")
                        )
                        .in_file(path.display().to_string())
                    );
                    Status::BadInput
                }
            },
            None => {
                out!("{text}");
                Status::Ok
            }
        },
        Err(diags) => report(&diags),
    }
}

fn run_inner(args: &Args, global: &Global) -> Result<String, Vec<Diagnostic>> {
    // The assessment decides which providers may be compared at all.
    let allowed: Option<BTreeSet<String>> = if args.eligible_only {
        let a = super::assess::run_assessment(
            &args.providers,
            args.requirements.as_deref(),
            args.rules.as_deref(),
            args.as_of.as_deref(),
            &[],
        )?;
        Some(a.eligible().map(|p| p.id.clone()).collect())
    } else {
        None
    };
    // Errors stop the command (exit 2) after all inputs are read; warnings are printed.
    let mut diags = Vec::new();
    let workload_file = read_or_embedded(args.workload.as_deref(), DEFAULT_WORKLOAD, "workload")?;
    let workload: Option<Workload> = parse_document(&workload_file, DocumentKind::Workload)
        .map_err(|d| diags.extend(d))
        .ok();
    let (requirements, d) = crate::load::load_requirements(args.requirements.as_deref());
    diags.extend(d);
    let rvb_file = if args.no_rent_vs_buy {
        None
    } else {
        Some(read_or_embedded(
            args.rent_vs_buy.as_deref(),
            DEFAULT_RENT_VS_BUY,
            "rent-vs-buy inputs",
        )?)
    };
    let rent_vs_buy: Option<RentVsBuy> = match &rvb_file {
        Some(f) => parse_document(f, DocumentKind::RentVsBuy)
            .map_err(|d| diags.extend(d))
            .ok(),
        None => None,
    };
    let (loaded, d) = if args.providers.is_empty() {
        crate::load::embedded_providers()
    } else {
        crate::load::load_providers(&args.providers)
    };
    diags.extend(d);
    if loaded.is_empty() && !diags.iter().any(Diagnostic::is_error) {
        diags.push(
            Diagnostic::error(CostCode::NoProviders, "no provider profiles to compare")
                .help("pass --providers DIR_OR_FILE with at least one *.yaml profile"),
        );
    }
    let mut providers: Vec<ProviderProfile> = loaded.into_iter().map(|l| l.value).collect();
    match load_benchmarks(args.benchmarks.as_deref()) {
        Ok(b) => {
            let errors = diags.iter().any(Diagnostic::is_error);
            for w in diags.iter().filter(|d| !d.is_error()) {
                errln!("{w}");
            }
            let (Some(workload), Some(requirements), false) = (workload, requirements, errors)
            else {
                return Err(diags.into_iter().filter(Diagnostic::is_error).collect());
            };
            let requirements = requirements.value;
            compare_and_render(
                args,
                allowed.as_ref(),
                &workload_file,
                workload,
                &requirements,
                &mut providers,
                &b,
                rvb_file.as_ref(),
                rent_vs_buy.as_ref(),
                global,
            )
        }
        Err(d) => {
            diags.extend(d);
            Err(diags.into_iter().filter(Diagnostic::is_error).collect())
        }
    }
}

#[allow(clippy::too_many_arguments)]
fn compare_and_render(
    args: &Args,
    allowed: Option<&BTreeSet<String>>,
    workload_file: &SourceFile,
    workload: Workload,
    requirements: &Requirements,
    providers: &mut [ProviderProfile],
    benchmarks: &Benchmarks,
    rvb_file: Option<&SourceFile>,
    rent_vs_buy: Option<&RentVsBuy>,
    global: &Global,
) -> Result<String, Vec<Diagnostic>> {
    providers.sort_by(|a, b| a.id.cmp(&b.id));
    let inputs = CostInputs {
        workload: &workload,
        workload_file: Some(&workload_file.display),
        providers,
        requirements,
        benchmarks,
        rent_vs_buy,
        rent_vs_buy_file: rvb_file.map(|f| f.display.as_str()),
        allowed_providers: allowed,
    };
    let comparison = cost::compare(&inputs)?;
    Ok(match args.format {
        Format::Human => cost::render::human_in(&comparison, global.lang),
        Format::Json => cost::render::json(&comparison),
        Format::Csv => cost::render::csv(&comparison),
    })
}
