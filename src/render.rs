//! The render stage: turns one `Report` into bytes: three editions (decision,
//! DPO annex, procurement annex) as HTML and Markdown through tera templates
//! (embedded in the binary, overridable by name with `--templates DIR`) and as
//! PDF with our layout engine on printpdf; JSON with serde and CSV by hand, both
//! complete. Every renderer reads only the `Report`.
//!
//! Escaping: tera escapes `{{ … }}` output for HTML in `.html` templates. For
//! `.md` templates we install a Markdown escape function in a second tera
//! instance, so every value printed into Markdown is escaped too (vendor
//! strings cannot open links, images, HTML or table cells). CSV cells are
//! quoted as RFC 4180 asks, and text cells that a spreadsheet would take for a
//! formula (`= + - @`, tab, CR) get a leading apostrophe.

use crate::diag::ReportCode;
use std::collections::BTreeMap;
use std::fmt;
use std::path::Path;
use std::str::FromStr;

use tera::{Context, Tera};

use crate::report::Report;

pub mod assess;
pub mod cost;
pub mod dpa_review;
pub mod escape;
pub mod pdf;
pub mod questionnaire;
pub mod rules;

/// An output format.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Format {
    Pdf,
    Html,
    Md,
    Json,
    Csv,
}

impl Format {
    pub const ALL: [Format; 5] = [
        Format::Pdf,
        Format::Html,
        Format::Md,
        Format::Json,
        Format::Csv,
    ];

    pub fn name(self) -> &'static str {
        match self {
            Format::Pdf => "pdf",
            Format::Html => "html",
            Format::Md => "md",
            Format::Json => "json",
            Format::Csv => "csv",
        }
    }
}

impl FromStr for Format {
    type Err = String;
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        match s.trim() {
            "pdf" => Ok(Format::Pdf),
            "html" => Ok(Format::Html),
            "md" | "markdown" => Ok(Format::Md),
            "json" => Ok(Format::Json),
            "csv" => Ok(Format::Csv),
            other => Err(format!(
                "unknown format `{other}` (expected pdf, html, md, json or csv)"
            )),
        }
    }
}

impl fmt::Display for Format {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// An edition of the report: who it is written for. Each is rendered as PDF, HTML
/// and Markdown from the same `Report`; JSON and CSV hold everything.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Edition {
    /// For management: what to do, why, the shortlist, cost, risks (at most six pages).
    Decision,
    /// For the data protection officer: findings per provider and area, with evidence.
    Dpo,
    /// For procurement: offers, cost lines, spot, rent vs buy, budget, sources.
    Procurement,
}

impl Edition {
    pub const ALL: [Edition; 3] = [Edition::Decision, Edition::Dpo, Edition::Procurement];

    /// The name on the command line (`--edition dpo`).
    pub fn name(self) -> &'static str {
        match self {
            Edition::Decision => "decision",
            Edition::Dpo => "dpo",
            Edition::Procurement => "procurement",
        }
    }

    /// The file name without extension, also the template name (`annex-dpo.html`).
    pub fn file_stem(self) -> &'static str {
        match self {
            Edition::Decision => "decision",
            Edition::Dpo => "annex-dpo",
            Edition::Procurement => "annex-procurement",
        }
    }

    /// Catalogue keys of the title and the subject.
    pub fn title_key(self) -> &'static str {
        match self {
            Edition::Decision => "ed_decision_title",
            Edition::Dpo => "ed_dpo_title",
            Edition::Procurement => "ed_procurement_title",
        }
    }

    pub fn subject_key(self) -> &'static str {
        match self {
            Edition::Decision => "ed_decision_subject",
            Edition::Dpo => "ed_dpo_subject",
            Edition::Procurement => "ed_procurement_subject",
        }
    }
}

impl FromStr for Edition {
    type Err = String;
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        match s.trim() {
            "decision" => Ok(Edition::Decision),
            "dpo" => Ok(Edition::Dpo),
            "procurement" => Ok(Edition::Procurement),
            other => Err(format!(
                "unknown edition `{other}` (expected decision, dpo, procurement or all)"
            )),
        }
    }
}

impl fmt::Display for Edition {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// Why rendering failed.
#[derive(Debug, Clone, PartialEq)]
pub enum RenderError {
    /// A template did not parse or render (message carries name, line, column).
    Template {
        name: String,
        message: String,
    },
    /// A template folder or file could not be read.
    TemplateDir {
        path: String,
        message: String,
    },
    /// A template left the sandbox: a file outside the template folder, or
    /// rendering past the output or time budget (`TEMPLATE_*`).
    Sandbox {
        path: String,
        message: String,
    },
    Pdf(String),
    Json(String),
}

impl fmt::Display for RenderError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            RenderError::Template { name, message } => write!(f, "template `{name}`: {message}"),
            RenderError::TemplateDir { path, message } => write!(f, "{path}: {message}"),
            RenderError::Sandbox { path, message } => write!(f, "{path}: {message}"),
            RenderError::Pdf(m) => write!(f, "PDF: {m}"),
            RenderError::Json(m) => write!(f, "JSON: {m}"),
        }
    }
}

impl std::error::Error for RenderError {}

impl RenderError {
    /// As a diagnostic (code `template-error` or `render-failed`).
    pub fn to_diagnostic(&self) -> crate::diag::Diagnostic {
        use crate::diag::Diagnostic;
        match self {
            RenderError::Template { name, message } => {
                Diagnostic::error(ReportCode::TemplateError, message.clone())
                    .in_file(name.clone())
                    .help("fix the template, or remove it from --templates DIR to use the built-in one; docs/templates.md lists the fields")
            }
            RenderError::Sandbox { path, message } => {
                Diagnostic::error(ReportCode::TemplateSandbox, message.clone())
                    .in_file(path.clone())
                    .help("templates may use only files inside the --templates folder and must render within the budgets; see docs/templates.md")
            }
            RenderError::TemplateDir { path, message } => {
                Diagnostic::error(ReportCode::TemplateError, message.clone()).in_file(path.clone())
            }
            other => Diagnostic::error(ReportCode::RenderFailed, other.to_string()),
        }
    }
}

/// Full error chain of a tera error (its cause is often a few levels deep).
fn tera_message(e: &tera::Error) -> String {
    let mut msg = e.to_string();
    let mut src = std::error::Error::source(e);
    while let Some(s) = src {
        msg.push_str(": ");
        msg.push_str(&s.to_string());
        src = s.source();
    }
    msg
}

/// Escapes text for Markdown (the output layer's one Markdown escaper).
pub fn escape_markdown(input: &str) -> String {
    escape::markdown(input)
}

fn escape_markdown_io(input: &str, buf: &mut dyn std::io::Write) -> std::io::Result<()> {
    buf.write_all(escape_markdown(input).as_bytes())
}

/// tera's HTML escape with the output layer's: the same five entities, and
/// control characters and bidi overrides shown visibly (`escape::html`).
fn escape_html_io(input: &str, buf: &mut dyn std::io::Write) -> std::io::Result<()> {
    buf.write_all(escape::html(input).as_bytes())
}

/// Largest output one template may render (bytes). The built-in report is a
/// few hundred kilobytes.
pub const TEMPLATE_OUTPUT_BYTES: usize = 32 * 1024 * 1024;
/// Longest one template may take to render. tera has no time limit of its own:
/// the template renders on its own thread, which stops at its next write past
/// the deadline; a loop that writes nothing is abandoned (the CLI exits, which
/// ends it).
pub const TEMPLATE_TIME: std::time::Duration = std::time::Duration::from_secs(10);
/// Most memory one template may take while it renders (growth of the process's
/// resident memory, watched every few milliseconds on Linux): values a
/// template builds without writing them (`set` in loops, `~` concatenation,
/// captured `filter` blocks) never reach the output budget. The built-in
/// report needs a few megabytes.
pub const TEMPLATE_MEMORY: u64 = 128 * 1024 * 1024;
/// How often the memory and the deadline are checked while a template renders.
const TEMPLATE_POLL: std::time::Duration = std::time::Duration::from_millis(2);

/// The process's resident memory in bytes (`VmRSS` of `/proc/self/status`);
/// `None` where there is no such file (not Linux), and the memory budget is not
/// watched.
fn resident_bytes() -> Option<u64> {
    let status = std::fs::read_to_string("/proc/self/status").ok()?;
    let line = status.lines().find(|l| l.starts_with("VmRSS:"))?;
    let kib: u64 = line
        .trim_start_matches("VmRSS:")
        .trim()
        .trim_end_matches("kB")
        .trim()
        .parse()
        .ok()?;
    Some(kib * 1024)
}
/// Largest template file read from `--templates`.
pub const TEMPLATE_FILE_BYTES: u64 = 1024 * 1024;
/// Most template files read from `--templates`, and how deep its folders go.
pub const TEMPLATE_FILES: usize = 200;
pub const TEMPLATE_DEPTH: usize = 4;

/// A writer that refuses output past a size and a deadline.
struct Bounded {
    buf: Vec<u8>,
    deadline: std::time::Instant,
    exceeded: Option<&'static str>,
    /// Writes since the clock was last read.
    writes: u32,
}

/// The clock is read once per this many writes: tera writes escaped text a byte
/// at a time (half a million writes for the default report), and reading the
/// clock on each was a fifth of the report's time (docs/performance.md).
const WRITES_PER_CLOCK_READ: u32 = 1024;

impl Bounded {
    fn new(deadline: std::time::Instant) -> Self {
        Bounded {
            buf: Vec::new(),
            deadline,
            exceeded: None,
            writes: 0,
        }
    }
}

impl std::io::Write for Bounded {
    fn write(&mut self, b: &[u8]) -> std::io::Result<usize> {
        self.write_all(b).map(|()| b.len())
    }
    fn write_all(&mut self, b: &[u8]) -> std::io::Result<()> {
        self.writes += 1;
        if self.buf.len() + b.len() > TEMPLATE_OUTPUT_BYTES {
            self.exceeded = Some("size");
        } else if self.writes >= WRITES_PER_CLOCK_READ {
            self.writes = 0;
            if std::time::Instant::now() > self.deadline {
                self.exceeded = Some("time");
            }
        }
        if self.exceeded.is_some() {
            return Err(std::io::Error::other("template budget exceeded"));
        }
        self.buf.extend_from_slice(b);
        Ok(())
    }
    fn flush(&mut self) -> std::io::Result<()> {
        Ok(())
    }
}

/// The template set: built-in templates with any overrides applied.
pub struct Templates {
    html: std::sync::Arc<Tera>,
    md: std::sync::Arc<Tera>,
    /// Name → where it came from (`embedded` or the override's path).
    pub sources: BTreeMap<String, String>,
}

impl Templates {
    /// The templates compiled into the binary (templates/ in the repository).
    pub fn embedded() -> Result<Self, RenderError> {
        Self::build(&[])
    }

    /// The built-in templates, with every file under `dir` replacing (or adding)
    /// the template of the same relative name.
    pub fn with_overrides(dir: &Path) -> Result<Self, RenderError> {
        let mut files = Vec::new();
        collect_dir(dir, dir, &mut files)?;
        Self::build(&files)
    }

    fn build(overrides: &[(String, String, String)]) -> Result<Self, RenderError> {
        let mut all: BTreeMap<String, (String, String)> = BTreeMap::new();
        for (path, bytes) in crate::embedded::files_under("templates") {
            let name = path.trim_start_matches("templates/").to_string();
            let text = String::from_utf8(bytes.to_vec()).map_err(|_| RenderError::Template {
                name: name.clone(),
                message: "not UTF-8".into(),
            })?;
            all.insert(name, (text, "embedded".into()));
        }
        for (name, text, origin) in overrides {
            all.insert(name.clone(), (text.clone(), origin.clone()));
        }
        let mut html = Tera::new();
        html.set_escape_fn(escape_html_io);
        let mut md = Tera::new();
        md.autoescape_on([".md"]);
        md.set_escape_fn(escape_markdown_io);
        let mut sources = BTreeMap::new();
        // Add all templates of one kind at once so includes resolve in any order.
        let pick = |ext: &str| -> Vec<(String, String)> {
            all.iter()
                .filter(|(n, _)| n.ends_with(ext))
                .map(|(n, (t, _))| (n.clone(), t.clone()))
                .collect()
        };
        for (tera, ext) in [(&mut html, ".html"), (&mut md, ".md")] {
            let set = pick(ext);
            tera.add_raw_templates(set.iter().map(|(n, t)| (n.as_str(), t.as_str())))
                .map_err(|e| {
                    let name = set
                        .iter()
                        .map(|(n, _)| n.as_str())
                        .find(|n| tera_message(&e).contains(*n))
                        .unwrap_or("templates")
                        .to_string();
                    RenderError::Template {
                        name: all
                            .get(&name)
                            .map(|(_, o)| {
                                if o == "embedded" {
                                    name.clone()
                                } else {
                                    o.clone()
                                }
                            })
                            .unwrap_or(name),
                        message: tera_message(&e),
                    }
                })?;
        }
        for (n, (_, o)) in &all {
            sources.insert(n.clone(), o.clone());
        }
        Ok(Templates {
            html: std::sync::Arc::new(html),
            md: std::sync::Arc::new(md),
            sources,
        })
    }

    /// Overrides named like the templates of the one-document report of earlier
    /// versions (`report.html`, `report.md`): nothing reads them any more.
    pub fn retired_overrides(&self) -> Vec<&str> {
        self.sources
            .iter()
            .filter(|(n, o)| {
                o.as_str() != "embedded" && matches!(n.as_str(), "report.html" | "report.md")
            })
            .map(|(_, o)| o.as_str())
            .collect()
    }

    #[cfg(test)]
    fn render(&self, name: &str, report: &Report) -> Result<String, RenderError> {
        self.render_with(name, Prepared::new(report).context(name)?)
    }

    fn render_with(
        &self,
        name: &str,
        ctx: &std::sync::Arc<Context>,
    ) -> Result<String, RenderError> {
        let tera = if name.ends_with(".md") {
            std::sync::Arc::clone(&self.md)
        } else {
            std::sync::Arc::clone(&self.html)
        };
        let shown = self
            .sources
            .get(name)
            .filter(|o| o.as_str() != "embedded")
            .cloned()
            .unwrap_or_else(|| name.to_string());
        let ctx = std::sync::Arc::clone(ctx);
        // Rendered on its own thread, watched from here: a template that loops
        // or builds values without writing cannot hold the run past the time
        // budget or grow past the memory budget. A thread cannot be stopped from
        // outside; past a budget it is abandoned, and the command, which ends
        // on the error, ends it.
        let deadline = std::time::Instant::now() + TEMPLATE_TIME;
        let (tx, rx) = std::sync::mpsc::channel();
        let owned = name.to_string();
        let base = resident_bytes();
        std::thread::spawn(move || {
            let mut w = Bounded::new(deadline);
            let r = tera
                .render_to(&owned, &ctx, &mut w)
                .map_err(|e| tera_message(&e));
            let _ = tx.send((r, w));
        });
        let over = |what: &str| {
            RenderError::Sandbox {
            path: shown.clone(),
            message: match what {
                "size" => format!(
                    "the template writes more than {} MiB (the output budget of a template)",
                    TEMPLATE_OUTPUT_BYTES / (1024 * 1024)
                ),
                "memory" => format!(
                    "the template takes more than {} MiB of memory while it renders (the memory budget of a template)",
                    TEMPLATE_MEMORY / (1024 * 1024)
                ),
                _ => format!(
                    "the template takes longer than {} s to render (the time budget of a template)",
                    TEMPLATE_TIME.as_secs()
                ),
            },
        }
        };
        let done = loop {
            match rx.recv_timeout(TEMPLATE_POLL) {
                Ok(done) => break done,
                Err(std::sync::mpsc::RecvTimeoutError::Disconnected) => {
                    return Err(RenderError::Template {
                        name: shown.clone(),
                        message: "the template engine stopped with an internal error".into(),
                    })
                }
                Err(std::sync::mpsc::RecvTimeoutError::Timeout) => {
                    if std::time::Instant::now() > deadline + std::time::Duration::from_millis(500)
                    {
                        return Err(over("time"));
                    }
                    if let (Some(b), Some(now)) = (base, resident_bytes()) {
                        if now.saturating_sub(b) > TEMPLATE_MEMORY {
                            return Err(over("memory"));
                        }
                    }
                }
            }
        };
        match done {
            (
                _,
                Bounded {
                    exceeded: Some(what),
                    ..
                },
            ) => Err(over(what)),
            (Ok(()), w) => String::from_utf8(w.buf).map_err(|_| RenderError::Template {
                name: shown.clone(),
                message: "the template produced text that is not UTF-8".into(),
            }),
            (Err(message), _) => Err(RenderError::Template {
                name: shown.clone(),
                message,
            }),
        }
    }
}

/// Reads the override templates under `root`: regular files only, each at most
/// `TEMPLATE_FILE_BYTES`, at most `TEMPLATE_FILES` of them, folders at most
/// `TEMPLATE_DEPTH` deep. A symbolic link may point only inside the folder (its
/// real path is checked), so no template can pull another file's content into
/// the report; a link loop is an error, never a hang.
fn collect_dir(
    root: &Path,
    dir: &Path,
    out: &mut Vec<(String, String, String)>,
) -> Result<(), RenderError> {
    let real_root = std::fs::canonicalize(root).map_err(|e| RenderError::TemplateDir {
        path: root.display().to_string(),
        message: format!("cannot read the template folder: {e}"),
    })?;
    // The folder itself is read: a link back to it (`DIR/a -> .`) is skipped.
    let mut seen = std::collections::HashSet::from([real_root.clone()]);
    collect_in(&real_root, root, dir, 0, &mut seen, out)
}

fn collect_in(
    real_root: &Path,
    root: &Path,
    dir: &Path,
    depth: usize,
    seen: &mut std::collections::HashSet<std::path::PathBuf>,
    out: &mut Vec<(String, String, String)>,
) -> Result<(), RenderError> {
    use crate::load::fsread;
    let err = |p: &Path, e: String| RenderError::TemplateDir {
        path: p.display().to_string(),
        message: e,
    };
    let sandbox = |p: &Path, m: String| RenderError::Sandbox {
        path: p.display().to_string(),
        message: m,
    };
    let mut entries: Vec<_> = std::fs::read_dir(dir)
        .map_err(|e| err(dir, format!("cannot read the template folder: {e}")))?
        .filter_map(Result::ok)
        .map(|e| e.path())
        .collect();
    // Real files and folders first, links after: a file reached both ways keeps
    // its real name (`partials/x.html`, not the link's `alias/x.html`).
    entries.sort_by_key(|p| (p.is_symlink(), p.clone()));
    for p in entries {
        // Where it really is: a link out of the folder is refused.
        let real = match std::fs::canonicalize(&p) {
            Ok(r) => r,
            Err(_) => {
                let e = fsread::stat(&p).err();
                let message =
                    e.map_or_else(|| "cannot read the template".to_string(), |e| e.message());
                return Err(err(&p, message));
            }
        };
        if !real.starts_with(real_root) {
            return Err(sandbox(
                &p,
                format!(
                    "this template is a link to {}, outside the template folder",
                    real.display()
                ),
            ));
        }
        if !seen.insert(real.clone()) {
            // A second name for a file or folder already read (a link to `.`).
            continue;
        }
        if real.is_dir() {
            if depth >= TEMPLATE_DEPTH {
                return Err(sandbox(
                    &p,
                    format!("template folders may be at most {TEMPLATE_DEPTH} levels deep"),
                ));
            }
            collect_in(real_root, root, &p, depth + 1, seen, out)?;
            continue;
        }
        let name = match p.strip_prefix(root) {
            Ok(r) => r.to_string_lossy().replace('\\', "/"),
            Err(_) => continue,
        };
        if !(name.ends_with(".html") || name.ends_with(".md")) {
            continue;
        }
        if out.len() >= TEMPLATE_FILES {
            return Err(sandbox(
                &p,
                format!("the template folder holds more than {TEMPLATE_FILES} templates"),
            ));
        }
        let text =
            fsread::read_regular_text(&p, TEMPLATE_FILE_BYTES).map_err(|e| err(&p, e.message()))?;
        out.push((name, text, p.display().to_string()));
    }
    Ok(())
}

/// One output file: its name inside the output folder and its bytes.
#[derive(Debug, Clone, PartialEq)]
pub struct Output {
    pub file_name: String,
    pub bytes: Vec<u8>,
}

/// Renders one edition to bytes, given the edition and its file name.
type EditionRenderer<'a> = dyn Fn(Edition, &str) -> Result<Vec<u8>, RenderError> + 'a;

/// Renders `report` in `format`: PDF, HTML and Markdown once per edition
/// (`decision.pdf`, `annex-dpo.html`, …); JSON (`report.json`) and CSV (two
/// files, shortlist and cost) once, complete, whatever the editions.
/// A report ready to render, with its template context built on first use by whichever
/// thread needs it: every HTML and Markdown edition reads the same context, so the report
/// is serialised for the templates once per run, not once per edition and format.
pub struct Prepared<'r> {
    pub report: &'r Report,
    context: std::sync::OnceLock<Result<std::sync::Arc<Context>, String>>,
}

impl<'r> Prepared<'r> {
    pub fn new(report: &'r Report) -> Self {
        Prepared {
            report,
            context: std::sync::OnceLock::new(),
        }
    }

    /// The template context (`name` is the template that needs it, for the error).
    fn context(&self, name: &str) -> Result<&std::sync::Arc<Context>, RenderError> {
        self.context
            .get_or_init(|| {
                Context::from_serialize(self.report)
                    .map(std::sync::Arc::new)
                    .map_err(|e| tera_message(&e))
            })
            .as_ref()
            .map_err(|message| RenderError::Template {
                name: name.to_string(),
                message: message.clone(),
            })
    }
}

pub fn render(
    prepared: &Prepared<'_>,
    format: Format,
    editions: &[Edition],
    templates: &Templates,
) -> Result<Vec<Output>, RenderError> {
    let report = prepared.report;
    let one = |name: &str, bytes: Vec<u8>| {
        vec![Output {
            file_name: name.to_string(),
            bytes,
        }]
    };
    let per_edition = |render: &EditionRenderer<'_>| {
        editions
            .iter()
            .map(|e| {
                let name = format!("{}.{}", e.file_stem(), format.name());
                Ok(Output {
                    bytes: render(*e, &name)?,
                    file_name: name,
                })
            })
            .collect::<Result<Vec<Output>, RenderError>>()
    };
    Ok(match format {
        Format::Html | Format::Md => per_edition(&|_, name| {
            Ok(templates
                .render_with(name, prepared.context(name)?)?
                .into_bytes())
        })?,
        Format::Pdf => per_edition(&|e, _| pdf::render(report, e))?,
        Format::Json => one("report.json", json(report)?.into_bytes()),
        Format::Csv => vec![
            Output {
                file_name: "shortlist.csv".into(),
                bytes: csv_shortlist(report).into_bytes(),
            },
            Output {
                file_name: "cost.csv".into(),
                bytes: csv_cost(report).into_bytes(),
            },
        ],
    })
}

/// The report as pretty JSON with a final newline.
pub fn json(report: &Report) -> Result<String, RenderError> {
    let mut s =
        serde_json::to_string_pretty(report).map_err(|e| RenderError::Json(e.to_string()))?;
    s.push('\n');
    Ok(s)
}

use escape::{Cell, Csv};

fn num_opt<T: ToString>(v: Option<T>) -> Cell<'static> {
    Cell::opt(v)
}

/// Shortlist as CSV: machine values (dot decimals), English column names.
pub fn csv_shortlist(report: &Report) -> String {
    let mut out = Csv::new();
    out.header(&[
        "rank",
        "provider_id",
        "provider_name",
        "eligible",
        "score",
        "confidence_pct",
        "rank_first_pct",
        "top3_pct",
        "robust",
        "open_must_haves",
        "cost_low",
        "cost_mid",
        "cost_high",
        "cost_comparable",
        "currency",
    ]);
    for r in &report.shortlist {
        out.row(&[
            num_opt(r.rank),
            Cell::Text(&r.provider_id),
            Cell::Text(&r.provider_name),
            Cell::Num(r.eligible.to_string()),
            Cell::Num(r.score.value.to_string()),
            Cell::Num(r.confidence.value.to_string()),
            Cell::Num(r.robustness.rank_first.value.to_string()),
            Cell::Num(r.robustness.top3.value.to_string()),
            Cell::Num(r.robustness.robust.to_string()),
            Cell::Num(r.open_must_haves.to_string()),
            num_opt(r.cost.as_ref().map(|c| c.low.amount)),
            num_opt(r.cost.as_ref().map(|c| c.mid.amount)),
            num_opt(r.cost.as_ref().map(|c| c.high.amount)),
            num_opt(r.cost_comparable.as_ref().map(|c| c.amount)),
            Cell::Text(
                r.cost
                    .as_ref()
                    .map(|c| c.mid.currency.as_str())
                    .or(r.cost_comparable.as_ref().map(|c| c.currency.as_str()))
                    .unwrap_or(""),
            ),
        ]);
    }
    out.finish()
}

/// Cost comparison as CSV.
pub fn csv_cost(report: &Report) -> String {
    let mut out = Csv::new();
    out.header(&[
        "provider_id",
        "provider_name",
        "offer_id",
        "gpu",
        "gpus_per_instance",
        "basis",
        "eligible",
        "on_demand_low",
        "on_demand_mid",
        "on_demand_high",
        "spot_low",
        "spot_mid",
        "spot_high",
        "comparable_total",
        "currency",
        "time_to_result_hours",
        "missing",
    ]);
    let Some(cost) = &report.cost else {
        return out.finish();
    };
    for r in &cost.rows {
        out.row(&[
            Cell::Text(&r.provider_id),
            Cell::Text(&r.provider_name),
            Cell::Text(&r.offer_id),
            Cell::Text(&r.gpu),
            Cell::Num(r.gpus_per_instance.to_string()),
            Cell::Text(&r.basis),
            Cell::Num(r.eligible.to_string()),
            num_opt(r.on_demand.as_ref().map(|c| c.low.amount)),
            num_opt(r.on_demand.as_ref().map(|c| c.mid.amount)),
            num_opt(r.on_demand.as_ref().map(|c| c.high.amount)),
            num_opt(r.spot.as_ref().map(|c| c.low.amount)),
            num_opt(r.spot.as_ref().map(|c| c.mid.amount)),
            num_opt(r.spot.as_ref().map(|c| c.high.amount)),
            num_opt(r.comparable.as_ref().map(|c| c.amount)),
            Cell::Text(&cost.currency),
            num_opt(r.time_to_result.as_ref().map(|t| t.value)),
            Cell::Text(r.missing.as_deref().unwrap_or("")),
        ]);
    }
    out.finish()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn markdown_escape_makes_links_and_html_inert() {
        let s = escape_markdown("[x](javascript:alert(1)) <script>| *b* _i_ `c`\nnext");
        assert!(!s.replace("\\]", "").contains("]("), "every ] is escaped");
        assert!(s.contains("\\<script\\>"));
        assert!(s.contains("\\](javascript:"));
        assert!(!s.contains('\n'));
        assert_eq!(escape_markdown("a|b"), "a\\|b");
        assert_eq!(escape_markdown("1.234,56 €"), "1.234,56 €");
    }

    #[test]
    fn csv_defuses_formulas_and_quotes() {
        let cell = |s: &str| {
            let mut c = Csv::lf();
            c.row(&[Cell::Text(s)]);
            c.finish().trim_end_matches('\n').to_string()
        };
        assert_eq!(cell("=cmd|' /C calc'!A0"), "'=cmd|' /C calc'!A0");
        assert_eq!(cell("-2+3"), "'-2+3");
        assert_eq!(cell("@SUM(A1)"), "'@SUM(A1)");
        assert_eq!(cell("a,b"), "\"a,b\"");
        assert_eq!(cell("say \"hi\""), "\"say \"\"hi\"\"\"");
        assert_eq!(cell("plain"), "plain");
    }

    #[test]
    fn formats_parse() {
        assert_eq!("md".parse::<Format>(), Ok(Format::Md));
        assert!("docx".parse::<Format>().is_err());
    }
}

#[cfg(test)]
mod template_tests {
    use super::*;
    use crate::i18n::Lang;
    use crate::report::fixture::sample;

    #[test]
    fn embedded_templates_render_every_edition_in_both_languages() {
        let t = Templates::embedded().unwrap();
        for lang in Lang::ALL {
            let r = sample(lang);
            for e in Edition::ALL {
                let html = t.render(&format!("{}.html", e.file_stem()), &r).unwrap();
                assert!(html.starts_with("<!DOCTYPE html>"), "{e}");
                assert!(!html.contains("<script"), "{e}: no scripts");
                assert!(
                    !html.contains("http://") || html.contains("http://www.w3.org/2000/svg"),
                    "{e}"
                );
                let md = t.render(&format!("{}.md", e.file_stem()), &r).unwrap();
                assert!(md.starts_with("# "), "{e}");
            }
            let html = t.render("annex-procurement.html", &r).unwrap();
            assert!(
                html.contains("<svg"),
                "bar chart and value map are inline SVG"
            );
        }
    }

    #[test]
    fn editions_parse_and_name_their_files() {
        assert_eq!("dpo".parse::<Edition>(), Ok(Edition::Dpo));
        assert!("all".parse::<Edition>().is_err(), "`all` is the CLI's");
        let names: Vec<&str> = Edition::ALL.iter().map(|e| e.file_stem()).collect();
        assert_eq!(names, ["decision", "annex-dpo", "annex-procurement"]);
    }
}
