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

/// Writes to stderr; a closed stderr is ignored for the same reason.
pub fn write_err(text: &str) {
    let mut lock = std::io::stderr().lock();
    let _ = lock.write_all(text.as_bytes()).and_then(|()| lock.flush());
}

use clap::{Parser, Subcommand};

pub mod assess;
pub mod completions;
pub mod cost;
pub mod diff;
pub mod dpa;
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
    /// Write a provider's open questions as a file to send (YAML to fill, Markdown to read).
    #[command(
        after_help = "Examples:\n  cloudvet questionnaire --provider ionos --out to-send/\n  cloudvet assess --answers to-send/ionos-questionnaire.yaml"
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
    /// Print the man page (roff) generated from the command-line definition.
    #[command(after_help = "Example:\n  cloudvet man > cloudvet.1 && man ./cloudvet.1")]
    Man,
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
    let mut cli = match Cli::try_parse_from(args) {
        Ok(c) => c,
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
    cli.global.lang = cli.global.lang_flag.unwrap_or_else(Lang::from_env);
    let status = match &cli.command {
        Command::Validate(a) => validate::run(a, &cli.global),
        Command::Init(a) => init::run(a, &cli.global),
        Command::Diff(a) => diff::run(a, &cli.global),
        Command::Dpa(a) => dpa::run(a, &cli.global),
        Command::Assess(a) => assess::run(a, &cli.global),
        Command::Rules(a) => rules::run(a, &cli.global),
        Command::Questionnaire(a) => questionnaire::run(a, &cli.global),
        Command::Report(a) => report::run(a, &cli.global),
        Command::Completions(a) => completions::run_completions(a),
        Command::Man => completions::run_man(),
        Command::Cost(a) => cost::run(a, &cli.global),
    };
    status.into()
}
