//! `cloudvet report`: the main job. Loads the providers, rule packs,
//! requirements, DPA reviews and workload (the embedded defaults unless given),
//! assesses, costs, builds one `Report` and writes it in every format asked for
//! into the output folder (default ./cloudvet-report/). All formats are rendered
//! in memory first and each file is written atomically, so an existing report
//! is never left half-written. Progress lines go to stderr, and only once the
//! run has taken long enough to notice.

use crate::diag::{CostCode, EvalCode, ReportCode};
use std::collections::BTreeSet;
use std::path::PathBuf;
use std::time::{Duration, Instant};

use super::assess::{evaluation_date, report_diagnostics};
use super::{Global, Status};
use crate::diag::Diagnostic;
use crate::eval;
use crate::i18n::Lang;
use crate::load::{self, SourceFile};
use crate::model::review::DpaReview;
use crate::model::{ProviderProfile, Requirements};
use crate::render::{self, Format, Templates};
use crate::report::assemble::{self, Inputs};
use crate::report::cost_input::CostInput;
use crate::report::InputRow;

#[derive(Debug, Clone, clap::Args)]
pub struct Args {
    /// Folder to write the report into (created if missing).
    #[arg(long, value_name = "DIR", default_value = "cloudvet-report")]
    pub out: PathBuf,
    /// Formats to write, comma-separated: pdf, html, md, json, csv.
    #[arg(
        long,
        value_name = "LIST",
        value_delimiter = ',',
        default_value = "pdf,html,md,json,csv"
    )]
    pub format: Vec<String>,
    /// Provider profiles: folders or files (default: the embedded catalogue).
    #[arg(long, value_name = "DIR_OR_FILE", num_args = 1..)]
    pub providers: Vec<PathBuf>,
    /// Requirements file (default: the embedded example).
    #[arg(long, value_name = "FILE")]
    pub requirements: Option<PathBuf>,
    /// Workload file for the cost comparison (default: the embedded example).
    #[arg(long, value_name = "FILE")]
    pub workload: Option<PathBuf>,
    /// DPA review files (`cloudvet dpa`): folders or files. The report shows each
    /// provider's review status from them.
    #[arg(long, value_name = "DIR_OR_FILE", num_args = 1..)]
    pub reviews: Vec<PathBuf>,
    /// Answered vendor questionnaires, merged into the profiles as self-declared facts.
    #[arg(long, value_name = "FILE", num_args = 1..)]
    pub answers: Vec<PathBuf>,
    /// Rule packs that replace shipped packs with the same id or add new ones.
    #[arg(long, value_name = "DIR")]
    pub rules: Option<PathBuf>,
    /// Evaluation date YYYY-MM-DD (default: the requirements' date,
    /// SOURCE_DATE_EPOCH, or today).
    #[arg(long, value_name = "DATE")]
    pub as_of: Option<String>,
    /// Folder with templates that replace the built-in ones by name
    /// (report.html, report.md, partials/...).
    #[arg(long, value_name = "DIR")]
    pub templates: Option<PathBuf>,
}

/// Prints progress to stderr, but only after the run has taken a while.
struct Progress {
    start: Instant,
    after: Duration,
}

impl Progress {
    fn step(&self, what: &str) {
        let t = self.start.elapsed();
        if t >= self.after {
            errln!("[{:>5.1}s] {what}", t.as_secs_f64());
        }
    }
}

fn fail(diags: &[Diagnostic]) -> Status {
    report_diagnostics(diags);
    Status::BadInput
}

fn input_row(f: &SourceFile, kind: &str) -> InputRow {
    InputRow {
        file: f.display.clone(),
        kind: kind.to_string(),
        sha256: f.sha256.clone(),
    }
}

/// Errors end the run; warnings are printed and the run goes on.
fn errors_or_warn(diags: Vec<Diagnostic>) -> Result<(), Vec<Diagnostic>> {
    if diags.iter().any(Diagnostic::is_error) {
        return Err(diags.into_iter().filter(Diagnostic::is_error).collect());
    }
    report_diagnostics(&diags);
    Ok(())
}

fn formats(args: &Args) -> Result<Vec<Format>, Diagnostic> {
    let mut out = Vec::new();
    for f in &args.format {
        let f = f.parse::<Format>().map_err(|e| {
            Diagnostic::error(ReportCode::InvalidReportOption, format!("--format: {e}"))
                .expected("pdf, html, md, json, csv (comma-separated)")
                .help("e.g. --format pdf,html")
        })?;
        if !out.contains(&f) {
            out.push(f);
        }
    }
    Ok(out)
}

pub fn run(args: &Args, global: &Global) -> Status {
    match run_inner(args, global) {
        Ok(()) => Status::Ok,
        Err(d) => fail(&d),
    }
}

fn run_inner(args: &Args, global: &Global) -> Result<(), Vec<Diagnostic>> {
    let progress = Progress {
        start: Instant::now(),
        after: Duration::from_secs(2),
    };
    let lang = global.lang;
    let formats = formats(args).map_err(|d| vec![d])?;
    // Independent inputs on their own threads: the benchmark tables (needed last) and the
    // rule packs (needed after the profiles), overlapping the loading of the profiles.
    let benchmarks = std::thread::spawn(read_benchmarks);
    // The pack files are read once: for the provenance rows here, and parsed on the thread.
    let shipped_packs = eval::packs::embedded_files()?;
    let user_packs = match &args.rules {
        Some(dir) => Some((
            eval::packs::files_in(dir).map_err(|d| vec![d])?,
            dir.clone(),
        )),
        None => None,
    };
    let mut pack_rows: Vec<InputRow> = shipped_packs
        .iter()
        .map(|f| input_row(f, "rule_pack"))
        .collect();
    if let Some((files, _)) = &user_packs {
        pack_rows.extend(files.iter().map(|f| input_row(f, "rule_pack")));
    }
    let packs = std::thread::spawn(move || {
        eval::packs::merged(
            &shipped_packs,
            user_packs
                .as_ref()
                .map(|(f, d)| (f.as_slice(), d.as_path())),
        )
    });
    // Templates first: a broken override should fail before any work.
    let templates = match &args.templates {
        Some(dir) => Templates::with_overrides(dir),
        None => Templates::embedded(),
    }
    .map_err(|e| vec![e.to_diagnostic()])?;

    // Inputs, with the SHA-256 of every file for the provenance section.
    let inputs = eval::inputs::load(&args.providers, args.requirements.as_deref(), &args.answers)?;
    report_diagnostics(&inputs.warnings);
    // Within each kind, files are listed by name, not in command-line order:
    // the report (and its document ID) must not depend on the order the
    // files were given in (issue 7 point 4; found by tests/integration/determinism.rs).
    let by_name = |mut rows: Vec<InputRow>| {
        rows.sort_by(|a, b| a.file.cmp(&b.file));
        rows
    };
    let mut files: Vec<InputRow> = vec![input_row(&inputs.requirements.file, "requirements")];
    files.extend(by_name(
        inputs
            .providers
            .iter()
            .map(|p| input_row(&p.file, "provider"))
            .collect(),
    ));
    files.extend(by_name(
        args.answers
            .iter()
            .filter_map(|a| SourceFile::read(a).ok())
            .map(|f| input_row(&f, "questionnaire"))
            .collect(),
    ));
    files.extend(pack_rows);
    let packs = packs.join().unwrap_or_else(|_| {
        Err(vec![Diagnostic::error(
            EvalCode::InvalidRule,
            "reading the rule packs failed",
        )])
    })?;
    let loaded_reviews = if args.reviews.is_empty() {
        Vec::new()
    } else {
        let (mut loaded, diags) = load::load_reviews(&args.reviews);
        loaded.sort_by(|a, b| a.file.display.cmp(&b.file.display));
        let mut diags = diags;
        diags.extend(crate::validate::cross_check(
            &inputs.providers,
            Some(&inputs.requirements),
            &loaded,
        ));
        errors_or_warn(diags)?;
        files.extend(by_name(
            loaded
                .iter()
                .map(|r| input_row(&r.file, "dpa_review"))
                .collect(),
        ));
        loaded
    };
    let reviews: Vec<DpaReview> = loaded_reviews.iter().map(|r| r.value.clone()).collect();
    let requirements = &inputs.requirements.value;
    let date = evaluation_date(args.as_of.as_deref(), requirements.evaluation_date)
        .map_err(|d| vec![d])?;
    let mut providers: Vec<ProviderProfile> =
        inputs.providers.into_iter().map(|l| l.value).collect();
    // By ID, so sections that list providers in input order do not depend on it.
    providers.sort_by(|a, b| a.id.cmp(&b.id));
    // Decided review verdicts replace the profiles' DPA facts (docs/dpa-scan.md), so the
    // DPA rules read what the report's DPA section says they read.
    let (_, review_diags) = crate::dpa::apply_reviews(&mut providers, &loaded_reviews);
    errors_or_warn(review_diags)?;

    progress.step("assessing providers");
    let assessment = eval::assess(&providers, &packs, requirements, date)?;

    progress.step("costing the workload");
    let eligible: BTreeSet<String> = assessment
        .providers
        .iter()
        .filter(|p| p.eligible)
        .map(|p| p.id.clone())
        .collect();
    let cost = cost_figures(
        args,
        requirements,
        &providers,
        &eligible,
        &mut files,
        lang,
        benchmarks,
    )?;

    progress.step("building the report");
    let report = assemble::build(&Inputs {
        lang,
        assessment: &assessment,
        providers: &providers,
        cost: cost.as_ref(),
        reviews: &reviews,
        files,
        tool_version: env!("CARGO_PKG_VERSION"),
    });

    // Render everything in memory first, each format on its own thread (the PDF takes as
    // long as the others together); write only when every format succeeded.
    progress.step(&format!(
        "rendering {}",
        formats
            .iter()
            .map(ToString::to_string)
            .collect::<Vec<_>>()
            .join(", ")
    ));
    let rendered: Vec<Result<Vec<render::Output>, render::RenderError>> =
        std::thread::scope(|scope| {
            let handles: Vec<_> = formats
                .iter()
                .map(|f| {
                    let (report, templates) = (&report, &templates);
                    scope.spawn(move || render::render(report, *f, templates))
                })
                .collect();
            handles
                .into_iter()
                .map(|h| {
                    h.join().unwrap_or_else(|_| {
                        Err(render::RenderError::Pdf("a rendering thread failed".into()))
                    })
                })
                .collect()
        });
    let mut outputs = Vec::new();
    for r in rendered {
        outputs.extend(r.map_err(|e| vec![e.to_diagnostic()])?);
    }
    // All formats or none, in one atomic step, even under kill -9 or a second run into
    // the same folder (output::publish_set, docs/reliability.md).
    let files: Vec<(&str, &[u8])> = outputs
        .iter()
        .map(|o| (o.file_name.as_str(), o.bytes.as_slice()))
        .collect();
    crate::output::publish_set(&args.out, &files).map_err(|e| {
        let help = match &e {
            crate::output::PublishError::Locked { .. } => {
                "wait for the other run to finish, or write into another --out folder"
            }
            crate::output::PublishError::ForeignFiles { .. } => {
                "choose an empty folder or one that holds only a cloudvet report (the default is ./cloudvet-report)"
            }
            _ => "check the folder's permissions and free space",
        };
        vec![Diagnostic::error(CostCode::OutputUnwritable, e.to_string())
            .in_file(args.out.display().to_string())
            .help(help)]
    })?;
    let files: Vec<std::path::PathBuf> = outputs
        .iter()
        .map(|o| args.out.join(&o.file_name))
        .collect();
    for path in &files {
        outln!("{}", path.display());
    }
    Ok(())
}

/// The example workload and rent-vs-buy inputs shipped in the binary.
pub const DEFAULT_WORKLOAD: &str = "docs/examples/workload.yaml";
pub const DEFAULT_RENT_VS_BUY: &str = "docs/examples/rent-vs-buy.yaml";

/// A given file, or the embedded default; `None` when neither exists.
fn file_or_default(
    path: Option<&std::path::Path>,
    default: &str,
) -> Result<Option<SourceFile>, Vec<Diagnostic>> {
    match path {
        Some(p) => SourceFile::read(p).map(Some).map_err(|d| vec![d]),
        None => match crate::embedded::file(default) {
            Some(b) => SourceFile::embedded(default, b)
                .map(Some)
                .map_err(|d| vec![d]),
            None => Ok(None),
        },
    }
}

/// The embedded benchmark tables with their provenance rows.
type BenchmarksRead = Result<(Vec<InputRow>, crate::cost::Benchmarks), Vec<Diagnostic>>;

/// Reads the embedded benchmark tables (760 kB of CSV: a tenth of the run) — started on
/// its own thread at the beginning of the run, so it overlaps loading and assessing.
fn read_benchmarks() -> BenchmarksRead {
    let (training, inference) = crate::cost::Benchmarks::embedded_files()?;
    // In path order, as every input kind is listed.
    let rows = vec![
        input_row(&inference, "benchmark"),
        input_row(&training, "benchmark"),
    ];
    Ok((
        rows,
        crate::cost::Benchmarks::from_files(&training, &inference)?,
    ))
}

/// The cost figures for the report, over the eligible providers; `None` when
/// there is no workload.
fn cost_figures(
    args: &Args,
    requirements: &Requirements,
    providers: &[ProviderProfile],
    eligible: &BTreeSet<String>,
    files: &mut Vec<InputRow>,
    lang: Lang,
    benchmarks: std::thread::JoinHandle<BenchmarksRead>,
) -> Result<Option<CostInput>, Vec<Diagnostic>> {
    use crate::load::{parse_document, DocumentKind};
    use crate::model::rent_vs_buy::RentVsBuy;
    use crate::model::workload::Workload;
    let Some(workload_file) = file_or_default(args.workload.as_deref(), DEFAULT_WORKLOAD)? else {
        return Ok(None);
    };
    files.push(input_row(&workload_file, "workload"));
    let workload: Workload = parse_document(&workload_file, DocumentKind::Workload)?;
    let rvb_file = file_or_default(None, DEFAULT_RENT_VS_BUY)?;
    let rent_vs_buy: Option<RentVsBuy> = match &rvb_file {
        Some(f) => {
            files.push(input_row(f, "rent_vs_buy"));
            Some(parse_document(f, DocumentKind::RentVsBuy)?)
        }
        None => None,
    };
    let (rows, benchmarks) = benchmarks.join().unwrap_or_else(|_| {
        Err(vec![Diagnostic::error(
            CostCode::BenchmarkTableInvalid,
            "reading the embedded benchmark tables failed",
        )])
    })?;
    files.extend(rows);
    let comparison = crate::cost::compare(&crate::cost::CostInputs {
        workload: &workload,
        workload_file: Some(&workload_file.display),
        providers,
        requirements,
        benchmarks: &benchmarks,
        rent_vs_buy: rent_vs_buy.as_ref(),
        rent_vs_buy_file: rvb_file.as_ref().map(|f| f.display.as_str()),
        allowed_providers: Some(eligible),
    })?;
    Ok(Some(crate::report::from_cost::cost_input(
        &comparison,
        lang,
    )))
}
