//! The command line: parses arguments with clap and hands each subcommand to
//! its module in `cli/`. Exit codes: 0 done; 1 done, but a gate the user asked
//! for tripped (e.g. `--fail-on no-eligible`); 2 bad input or usage.

use std::io::Write as _;
use std::process::ExitCode;

/// Prints to stdout through [`write_out`]: a closed pipe ends output quietly.
macro_rules! out {
    ($($t:tt)*) => { $crate::cli::write_out(&format!($($t)*)) };
}
/// [`out!`] with a newline.
macro_rules! outln {
    () => { $crate::cli::write_out("\n") };
    ($($t:tt)*) => { $crate::cli::write_out(&format!("{}\n", format_args!($($t)*))) };
}
/// Prints a line to stderr through [`write_err`].
macro_rules! errln {
    ($($t:tt)*) => { $crate::cli::write_err(&format!("{}\n", format_args!($($t)*))) };
}

/// Writes to stdout. When the reader has gone (`cloudvet rules list | head -1`)
/// the rest is dropped without a panic or a message, as a pipeline expects; the
/// command still ends with its own exit code.
pub fn write_out(text: &str) {
    let mut lock = std::io::stdout().lock();
    let _ = lock.write_all(text.as_bytes()).and_then(|()| lock.flush());
}

/// Writes to stderr; a closed stderr is ignored for the same reason. Everything
/// on stderr is for people (diagnostics, summaries), so control characters from
/// inputs — an escape sequence in a file name, a BEL in a provider name — are
/// shown visibly (`\u{1b}`), never sent to the terminal (`render::escape::terminal`).
pub fn write_err(text: &str) {
    let text = crate::render::escape::terminal(text);
    let mut lock = std::io::stderr().lock();
    let _ = lock.write_all(text.as_bytes()).and_then(|()| lock.flush());
}

use clap::{Parser, Subcommand};

pub mod assess;
pub mod completions;
pub mod cost;
pub mod diff;
pub mod dpa;
pub mod help;
pub mod import;
pub mod init;
pub mod questionnaire;
pub mod report;
pub mod rules;
pub mod validate;

pub use crate::i18n::Lang;

/// Options every subcommand understands.
#[derive(Debug, Clone, clap::Args)]
pub struct Global {
    /// Language of the output: de or en (default: from LC_ALL, LC_MESSAGES or LANG —
    /// `de*` is German — else English).
    #[arg(long = "lang", global = true, value_name = "LANG", value_parser = parse_lang)]
    pub lang_flag: Option<Lang>,
    /// The language in force: the flag, else the environment (set by [`run`]).
    #[arg(skip)]
    pub lang: Lang,
}

/// The inputs every pipeline command reads, flattened into `assess`, `cost`,
/// `report` and `questionnaire` (`pipeline::InputPaths` without the
/// command-specific ones). Empty means the embedded default.
#[derive(Debug, Clone, Default, clap::Args)]
pub struct InputArgs {
    /// Provider profiles: folders or files (default: the embedded catalogue).
    #[arg(long, value_name = "DIR_OR_FILE", num_args = 1..)]
    pub providers: Vec<std::path::PathBuf>,
    /// Requirements file (default: the embedded example, docs/examples/requirements.yaml).
    #[arg(long, value_name = "FILE")]
    pub requirements: Option<std::path::PathBuf>,
    /// Workload file for the cost comparison (default: the embedded
    /// docs/examples/workload.yaml); read by `cost` and `report`.
    #[arg(long, value_name = "FILE")]
    pub workload: Option<std::path::PathBuf>,
    /// Rule packs (a folder or a file) that replace shipped packs with the same id or add new ones.
    #[arg(long, value_name = "DIR_OR_FILE")]
    pub rules: Option<std::path::PathBuf>,
    /// DPA review files or folders (`cloudvet dpa scan`, completed by the DPO): decided
    /// verdicts replace the provider's DPA facts as verified facts (docs/dpa-scan.md).
    #[arg(long, value_name = "DIR_OR_FILE", num_args = 1..)]
    pub reviews: Vec<std::path::PathBuf>,
    /// Answered vendor questionnaires, merged into the profiles as self-declared facts.
    #[arg(long, value_name = "FILE", num_args = 1..)]
    pub answers: Vec<std::path::PathBuf>,
    /// Evaluation date YYYY-MM-DD (default: the requirements' evaluation_date,
    /// SOURCE_DATE_EPOCH, or today).
    #[arg(long, value_name = "DATE")]
    pub as_of: Option<String>,
    /// The procurement folder (or its project file) whose cloudvet.yaml names the inputs
    /// (default: the cloudvet.yaml in this folder or the nearest folder above it).
    /// Options given on the command line override it.
    #[arg(long, value_name = "DIR", conflicts_with = "no_project")]
    pub project: Option<std::path::PathBuf>,
    /// Read no project file, even when there is one in this folder or above it.
    #[arg(long)]
    pub no_project: bool,
}

/// The project lookup the `--project` and `--no-project` flags ask for.
pub fn project_lookup(
    project: Option<&std::path::Path>,
    no_project: bool,
) -> crate::pipeline::ProjectLookup {
    use crate::pipeline::ProjectLookup;
    match (project, no_project) {
        (_, true) => ProjectLookup::Off,
        (Some(p), false) => ProjectLookup::Given(p.to_path_buf()),
        (None, false) => ProjectLookup::Search(std::path::PathBuf::new()),
    }
}

impl InputArgs {
    /// The library's view of these flags.
    pub fn paths(&self) -> crate::pipeline::InputPaths {
        crate::pipeline::InputPaths {
            providers: self.providers.clone(),
            requirements: self.requirements.clone(),
            workload: self.workload.clone(),
            rules: self.rules.clone(),
            reviews: self.reviews.clone(),
            answers: self.answers.clone(),
            as_of: self.as_of.clone(),
            project: project_lookup(self.project.as_deref(), self.no_project),
            ..Default::default()
        }
    }
}

/// Loads the inputs; prints the warnings, or the errors (then `Err(BadInput)`).
pub(crate) fn load_inputs(
    paths: &crate::pipeline::InputPaths,
    needs: crate::pipeline::Needs,
    lang: Lang,
) -> Result<crate::pipeline::Inputs, Status> {
    match crate::pipeline::load(paths, needs) {
        Ok(inputs) => {
            print_project_note(&inputs, lang);
            print_diagnostics(&inputs.warnings, lang);
            Ok(inputs)
        }
        Err(d) => {
            print_diagnostics(&d, lang);
            Err(Status::BadInput)
        }
    }
}

/// Says on stderr which project file was used and which of its files.
pub(crate) fn print_project_note(inputs: &crate::pipeline::Inputs, lang: Lang) {
    if let Some(p) = &inputs.project {
        errln!("{}", p.note(lang));
    }
}

/// Prints diagnostics to stderr, each with its source line, the frame's words
/// in `lang` (rendered by `diag::render::human_in`).
pub(crate) fn print_diagnostics(d: &[crate::diag::Diagnostic], lang: Lang) {
    for x in d {
        print_diagnostic(x, lang);
    }
}

/// Prints one diagnostic to stderr (see [`print_diagnostics`]).
pub(crate) fn print_diagnostic(d: &crate::diag::Diagnostic, lang: Lang) {
    errln!("{}", crate::diag::render::human_in(d, None, lang));
}

/// The catalogue's text for `key` in `lang` with its placeholders filled in.
pub(crate) fn msg(lang: Lang, key: &str, values: &[(&str, &str)]) -> String {
    crate::i18n::fill(lang, key, values)
}

/// `wrote PATH` (`geschrieben: PATH`) on stderr.
pub(crate) fn wrote(lang: Lang, path: &std::path::Path) {
    errln!(
        "{}",
        msg(lang, "cmd_wrote", &[("path", &path.display().to_string())])
    );
}

fn parse_lang(s: &str) -> Result<Lang, String> {
    s.parse::<Lang>()
}

#[derive(Debug, Parser)]
#[command(
    name = "cloudvet",
    version,
    about = "Assess GPU cloud providers for EU procurement: GDPR Art. 28, transfers, certifications, exit, cost."
)]
pub struct Cli {
    #[command(flatten)]
    pub global: Global,
    #[command(subcommand)]
    pub command: Command,
}

#[derive(Debug, Subcommand)]
pub enum Command {
    /// Check files against their schemas and the semantic rules.
    #[command(
        after_help = "Examples:\n  cloudvet validate\n  cloudvet validate providers/ requirements.yaml --format json\n  cloudvet validate --list-gpus"
    )]
    Validate(validate::Args),
    /// Create a procurement folder: requirements, workload, provider profiles, schemas, editor settings.
    #[command(
        after_help = "Examples:\n  cloudvet init my-procurement --providers aws,ionos,scaleway\n  cloudvet init beschaffung --lang de"
    )]
    Init(init::Args),
    /// What changed between two versions of provider profiles, and which verdicts change.
    #[command(
        after_help = "Examples:\n  cloudvet diff old/acme.yaml providers/acme.yaml\n  cloudvet diff old-providers/ providers/ --requirements requirements.yaml --format md"
    )]
    Diff(diff::Args),
    /// Bring offers in from a price catalogue (SkyPilot `vms.csv`): a new profile, or merged into one.
    #[command(
        after_help = "Examples:\n  cloudvet import skypilot catalogs/v8/lambda/vms.csv --into providers/lambda.yaml\n  cloudvet import skypilot nebius-vms.csv --into providers/ --region-country EU"
    )]
    Import(import::Args),
    /// Review a data processing agreement: scan it, then render the DPO's review.
    #[command(
        after_help = "Examples:\n  cloudvet dpa scan avv-acme.pdf --provider acme --out reviews/acme.yaml\n  cloudvet dpa report reviews/acme.yaml --format md,html,pdf --out review-acme"
    )]
    Dpa(dpa::Args),
    /// Rank providers: knock-outs, weighted areas, unknowns, open questions, robustness.
    #[command(
        after_help = "Examples:\n  cloudvet assess\n  cloudvet assess --providers providers/ --requirements requirements.yaml --format json\n  cloudvet assess --fail-on no-eligible"
    )]
    Assess(assess::Args),
    /// List and explain the rules; write the rules reference.
    #[command(
        after_help = "Examples:\n  cloudvet rules list\n  cloudvet --lang de rules explain DPA-003\n  cloudvet rules docs --out docs/rules"
    )]
    Rules(rules::Args),
    /// Write a provider's open questions to send (YAML to fill, Markdown and PDF to read).
    #[command(
        after_help = "Examples:\n  cloudvet questionnaire --provider ionos --out to-send/\n  cloudvet questionnaire --decisive-only --out to-send/\n  cloudvet assess --answers to-send/ionos-questionnaire.yaml"
    )]
    Questionnaire(questionnaire::Args),
    /// The decision report: PDF, HTML, Markdown, JSON and CSV from one model.
    #[command(
        after_help = "Examples:\n  cloudvet report\n  cloudvet --lang de report --out bericht --format pdf,html\n  cloudvet report --providers providers/ --requirements requirements.yaml --as-of 2026-11-30"
    )]
    Report(report::Args),
    /// Print a shell completion script (bash, zsh or fish).
    #[command(
        after_help = "Example:\n  cloudvet completions bash > ~/.local/share/bash-completion/completions/cloudvet"
    )]
    Completions(completions::CompletionsArgs),
    /// Print the man page (roff), or write a page per command with --out DIR.
    #[command(
        after_help = "Examples:\n  cloudvet man > cloudvet.1 && man ./cloudvet.1\n  cloudvet man --out ~/.local/share/man/man1 && man cloudvet-assess"
    )]
    Man(completions::ManArgs),
    /// Compare the workload's cost across offers, with rent versus buy.
    #[command(
        after_help = "Examples:\n  cloudvet cost\n  cloudvet cost --workload workload.yaml --providers providers/ --format csv\n  cloudvet cost --eligible-only"
    )]
    Cost(cost::Args),
}

/// How a command ended.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Status {
    /// Done.
    Ok,
    /// Done, but a gate the user asked for tripped.
    GateFailed,
    /// Bad input or usage.
    BadInput,
}

impl From<Status> for ExitCode {
    fn from(s: Status) -> Self {
        match s {
            Status::Ok => ExitCode::SUCCESS,
            Status::GateFailed => ExitCode::from(1),
            Status::BadInput => ExitCode::from(2),
        }
    }
}

/// Runs the command line and returns the exit code.
pub fn run<I, T>(args: I) -> ExitCode
where
    I: IntoIterator<Item = T>,
    T: Into<std::ffi::OsString> + Clone,
{
    use clap::{CommandFactory, FromArgMatches};
    let args: Vec<std::ffi::OsString> = args.into_iter().map(Into::into).collect();
    // The language is known before parsing, so `--help` is in it (cli/help.rs).
    let lang = help::language_before_parsing(&args);
    let parsed = help::localized(Cli::command(), lang)
        .try_get_matches_from(&args)
        .and_then(|m| match m.subcommand() {
            // `cloudvet help report` (the localized tree's own `help`): the help of
            // `cloudvet report --help`.
            Some(("help", sub)) => {
                let mut again: Vec<std::ffi::OsString> = args.iter().take(1).cloned().collect();
                again.extend(
                    sub.get_many::<String>("command")
                        .into_iter()
                        .flatten()
                        .map(Into::into),
                );
                again.push("--help".into());
                help::localized(Cli::command(), lang)
                    .try_get_matches_from(again)
                    .map(|_| None)
            }
            _ => Cli::from_arg_matches(&m).map(Some),
        });
    let mut cli = match parsed {
        Ok(Some(c)) => c,
        Ok(None) => return ExitCode::SUCCESS,
        Err(e) => {
            let _ = e.print();
            return match e.kind() {
                clap::error::ErrorKind::DisplayHelp | clap::error::ErrorKind::DisplayVersion => {
                    ExitCode::SUCCESS
                }
                _ => ExitCode::from(2),
            };
        }
    };
    cli.global.lang = cli.global.lang_flag.unwrap_or(lang);
    let status = match &cli.command {
        Command::Validate(a) => validate::run(a, &cli.global),
        Command::Init(a) => init::run(a, &cli.global),
        Command::Diff(a) => diff::run(a, &cli.global),
        Command::Import(a) => import::run(a, &cli.global),
        Command::Dpa(a) => dpa::run(a, &cli.global),
        Command::Assess(a) => assess::run(a, &cli.global),
        Command::Rules(a) => rules::run(a, &cli.global),
        Command::Questionnaire(a) => questionnaire::run(a, &cli.global),
        Command::Report(a) => report::run(a, &cli.global),
        Command::Completions(a) => completions::run_completions(a),
        Command::Man(a) => completions::run_man(a),
        Command::Cost(a) => cost::run(a, &cli.global),
    };
    status.into()
}
