//! `cloudvet cost`: the workload's cost on every offer, sorted by total, with the
//! speed basis, budget advice, recommendations and rent versus buy.

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
pub const DEFAULT_REQUIREMENTS: &str = "docs/examples/requirements.yaml";
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
    /// Only providers the assessment finds eligible (needs the rules engine).
    #[arg(long)]
    pub eligible_only: bool,
    /// Write to this file (atomically) instead of standard output.
    #[arg(long, short, value_name = "FILE")]
    pub output: Option<PathBuf>,
}

fn report(diags: &[Diagnostic]) -> Status {
    for d in diags {
        eprintln!("{d}");
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
                "default-file-missing",
                format!("this build embeds no {embedded}, so there is no default {what}"),
            )
            .help(format!(
                "pass the {what} with its option (see `cloudvet cost --help`)"
            ))]),
        },
    }
}

fn is_yaml(p: &Path) -> bool {
    matches!(p.extension().and_then(|e| e.to_str()), Some("yaml" | "yml"))
}

/// Provider files from the given paths (folders: their *.yaml / *.yml files, sorted), or the embedded ones.
pub fn provider_sources(paths: &[PathBuf]) -> Result<Vec<SourceFile>, Vec<Diagnostic>> {
    let mut files = Vec::new();
    let mut diags = Vec::new();
    if paths.is_empty() {
        for (p, bytes) in crate::embedded::files_under("providers") {
            if is_yaml(Path::new(p)) {
                match SourceFile::embedded(p, bytes) {
                    Ok(f) => files.push(f),
                    Err(d) => diags.push(d),
                }
            }
        }
    }
    for p in paths {
        if p.is_dir() {
            let mut entries: Vec<PathBuf> = match std::fs::read_dir(p) {
                Ok(rd) => rd
                    .flatten()
                    .map(|e| e.path())
                    .filter(|x| x.is_file() && is_yaml(x))
                    .collect(),
                Err(e) => {
                    diags.push(
                        Diagnostic::error(
                            "file-unreadable",
                            format!("cannot read the folder: {e}"),
                        )
                        .in_file(p.display().to_string()),
                    );
                    continue;
                }
            };
            entries.sort();
            for e in entries {
                match SourceFile::read(&e) {
                    Ok(f) => files.push(f),
                    Err(d) => diags.push(d),
                }
            }
        } else {
            match SourceFile::read(p) {
                Ok(f) => files.push(f),
                Err(d) => diags.push(d),
            }
        }
    }
    if diags.is_empty() {
        Ok(files)
    } else {
        Err(diags)
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

pub fn run(args: &Args, _global: &Global) -> Status {
    match run_inner(args) {
        Ok(text) => match &args.output {
            Some(path) => match crate::output::write_atomic(path, text.as_bytes()) {
                Ok(()) => Status::Ok,
                Err(e) => {
                    eprintln!(
                        "{}",
                        Diagnostic::error(
                            "output-unwritable",
                            format!("cannot write the output: {e}")
                        )
                        .in_file(path.display().to_string())
                    );
                    Status::BadInput
                }
            },
            None => {
                print!("{text}");
                Status::Ok
            }
        },
        Err(diags) => report(&diags),
    }
}

fn run_inner(args: &Args) -> Result<String, Vec<Diagnostic>> {
    if args.eligible_only {
        return Err(vec![Diagnostic::error(
            "eligible-only-unavailable",
            "--eligible-only needs the rules engine, which this build does not contain yet",
        )
        .help(
            "run without --eligible-only, or pass only the eligible providers with --providers",
        )]);
    }
    let mut diags = Vec::new();
    let workload_file = read_or_embedded(args.workload.as_deref(), DEFAULT_WORKLOAD, "workload")?;
    let workload: Option<Workload> = parse_document(&workload_file, DocumentKind::Workload)
        .map_err(|d| diags.extend(d))
        .ok();
    let req_file = read_or_embedded(
        args.requirements.as_deref(),
        DEFAULT_REQUIREMENTS,
        "requirements",
    )?;
    let requirements: Option<Requirements> = parse_document(&req_file, DocumentKind::Requirements)
        .map_err(|d| diags.extend(d))
        .ok();
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
    let mut providers: Vec<ProviderProfile> = Vec::new();
    match provider_sources(&args.providers) {
        Ok(files) => {
            if files.is_empty() {
                diags.push(
                    Diagnostic::error("no-providers", "no provider profiles to compare")
                        .help("pass --providers DIR_OR_FILE"),
                );
            }
            for f in &files {
                match parse_document::<ProviderProfile>(f, DocumentKind::Provider) {
                    Ok(p) => providers.push(p),
                    Err(d) => diags.extend(d),
                }
            }
        }
        Err(d) => diags.extend(d),
    }
    let benchmarks = load_benchmarks(args.benchmarks.as_deref()).map_err(|d| {
        let mut all = diags.clone();
        all.extend(d);
        all
    })?;
    let (Some(workload), Some(requirements), true) = (workload, requirements, diags.is_empty())
    else {
        return Err(diags);
    };
    providers.sort_by(|a, b| a.id.cmp(&b.id));
    let inputs = CostInputs {
        workload: &workload,
        workload_file: Some(&workload_file.display),
        providers: &providers,
        requirements: &requirements,
        benchmarks: &benchmarks,
        rent_vs_buy: rent_vs_buy.as_ref(),
        rent_vs_buy_file: rvb_file.as_ref().map(|f| f.display.as_str()),
        allowed_providers: None,
    };
    let comparison = cost::compare(&inputs)?;
    Ok(match args.format {
        Format::Human => cost::render::human(&comparison),
        Format::Json => cost::render::json(&comparison),
        Format::Csv => cost::render::csv(&comparison),
    })
}
