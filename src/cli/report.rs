//! `cloudvet report`: the main job. Loads the providers, rule packs,
//! requirements, DPA reviews and workload (the embedded defaults unless given),
//! assesses, costs, builds one `Report` and writes each edition asked for
//! (decision, DPO annex, procurement annex) in each format asked for, plus the
//! complete JSON and CSV, into the output folder (default ./cloudvet-report/);
//! then prints the files and the recommendation state. All formats are rendered
//! in memory first and each file is written atomically, so an existing report
//! is never left half-written. Progress lines go to stderr, and only once the
//! run has taken long enough to notice.

use std::path::PathBuf;
use std::time::{Duration, Instant};

use super::{Global, InputArgs, Status};
use crate::diag::{CostCode, Diagnostic, ReportCode};
use crate::pipeline::{self, Needs};
use crate::render::{self, Edition, Format, Templates};

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
    /// Editions to write as PDF, HTML and Markdown, comma-separated: decision (for
    /// management), dpo (the data protection annex), procurement (the procurement
    /// annex), or all. JSON and CSV always hold everything.
    #[arg(
        long,
        value_name = "LIST",
        value_delimiter = ',',
        default_value = "all"
    )]
    pub edition: Vec<String>,
    #[command(flatten)]
    pub inputs: InputArgs,
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

fn editions(args: &Args) -> Result<Vec<Edition>, Diagnostic> {
    let mut out = Vec::new();
    for e in &args.edition {
        if e.trim() == "all" {
            out.extend(Edition::ALL);
            continue;
        }
        let e = e.parse::<Edition>().map_err(|e| {
            Diagnostic::error(ReportCode::InvalidReportOption, format!("--edition: {e}"))
                .expected("decision, dpo, procurement or all (comma-separated)")
                .help("e.g. --edition decision,dpo")
        })?;
        out.push(e);
    }
    out.sort();
    out.dedup();
    Ok(out)
}

pub fn run(args: &Args, global: &Global) -> Status {
    match run_inner(args, global) {
        Ok(()) => Status::Ok,
        Err(d) => {
            super::print_diagnostics(&d, global.lang);
            Status::BadInput
        }
    }
}

fn run_inner(args: &Args, global: &Global) -> Result<(), Vec<Diagnostic>> {
    let progress = Progress {
        start: Instant::now(),
        after: Duration::from_secs(2),
    };
    let formats = formats(args).map_err(|d| vec![d])?;
    let editions = editions(args).map_err(|d| vec![d])?;
    // Templates first: a broken override should fail before any work.
    let templates = match &args.templates {
        Some(dir) => Templates::with_overrides(dir),
        None => Templates::embedded(),
    }
    .map_err(|e| vec![e.to_diagnostic()])?;
    for path in templates.retired_overrides() {
        errln!(
            "{}",
            crate::i18n::fill(
                global.lang,
                "cmd_report_retired_template",
                &[("path", path)]
            )
        );
    }
    let inputs = pipeline::load(&args.inputs.paths(), Needs::ALL)?;
    super::print_project_note(&inputs, global.lang);
    super::print_diagnostics(&inputs.warnings, global.lang);

    progress.step(crate::i18n::t(global.lang, "cmd_report_progress_assess"));
    let report = pipeline::report(&inputs, global.lang)?;

    // Render everything in memory first, each format on its own thread (the PDF takes as
    // long as the others together); write only when every format succeeded.
    let list = formats
        .iter()
        .map(ToString::to_string)
        .collect::<Vec<_>>()
        .join(", ");
    progress.step(&crate::i18n::fill(
        global.lang,
        "cmd_report_progress_render",
        &[("formats", &list)],
    ));
    // One job per format, and per edition for the formats that have editions.
    let jobs: Vec<(Format, &[Edition])> = formats
        .iter()
        .flat_map(|f| match f {
            Format::Pdf | Format::Html | Format::Md => editions
                .iter()
                .map(|e| (*f, std::slice::from_ref(e)))
                .collect::<Vec<_>>(),
            Format::Json | Format::Csv => vec![(*f, &editions[..])],
        })
        .collect();
    let prepared = render::Prepared::new(&report);
    let rendered: Vec<Result<Vec<render::Output>, render::RenderError>> =
        std::thread::scope(|scope| {
            let handles: Vec<_> = jobs
                .iter()
                .map(|(f, e)| {
                    let (prepared, templates) = (&prepared, &templates);
                    scope.spawn(move || render::render(prepared, *f, e, templates))
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
    // The files written, then the recommendation state and what to read first.
    let lang = global.lang;
    outln!(
        "{}",
        crate::i18n::fill(
            lang,
            "cmd_report_wrote",
            &[
                ("n", &outputs.len().to_string()),
                ("dir", &args.out.display().to_string()),
            ],
        )
    );
    for o in &outputs {
        outln!("  {}", args.out.join(&o.file_name).display());
    }
    if let Some(r) = &report.summary.recommendation {
        outln!("{}", r.sentence);
        outln!("{}", r.next_step);
    }
    let first = Format::ALL
        .iter()
        .filter(|f| formats.contains(f))
        .find_map(|f| {
            editions
                .first()
                .map(|e| format!("{}.{}", e.file_stem(), f.name()))
        });
    if let Some(name) = first.filter(|n| outputs.iter().any(|o| &o.file_name == n)) {
        outln!(
            "{}",
            crate::i18n::fill(
                lang,
                "cmd_report_read_first",
                &[("path", &args.out.join(name).display().to_string())],
            )
        );
    }
    Ok(())
}
