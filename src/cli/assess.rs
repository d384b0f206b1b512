//! `cloudvet assess`: rank providers against the requirements with the rule packs.
//! Without arguments: the embedded catalogue, the shipped packs and the example
//! requirements. Output: a human summary (default), JSON (`--format json`, the full
//! `eval::Assessment`) or CSV (one row per provider). `--fail-on` turns a result
//! into exit code 1.

use clap::ValueEnum;

use super::{Global, InputArgs, Lang, Status};
use crate::diag::Diagnostic;
use crate::eval::Assessment;
use crate::pipeline::{self, Needs};

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
    #[command(flatten)]
    pub inputs: InputArgs,
    /// Output format.
    #[arg(long, value_enum, default_value_t = Format::Human)]
    pub format: Format,
    /// Exit with 1 when this gate trips.
    #[arg(long, value_enum)]
    pub fail_on: Option<FailOn>,
}

/// Prints diagnostics to stderr.
pub(crate) fn report_diagnostics(d: &[Diagnostic], lang: Lang) {
    super::print_diagnostics(d, lang);
}

/// Loads and assesses (the first half of `assess` and `questionnaire`): warnings,
/// errors and a note per applied DPA review go to stderr.
pub(crate) fn load_and_assess(inputs: &InputArgs, lang: Lang) -> Result<Assessment, Status> {
    load_and_assess_with_inputs(inputs, lang).map(|(_, a)| a)
}

/// [`load_and_assess`], keeping the inputs (the profiles, for the words of a
/// questionnaire).
pub(crate) fn load_and_assess_with_inputs(
    inputs: &InputArgs,
    lang: Lang,
) -> Result<(pipeline::Inputs, Assessment), Status> {
    let inputs = super::load_inputs(&inputs.paths(), Needs::ASSESS, lang)?;
    for r in &inputs.applied_reviews {
        let signed = match r.signed_off_on.as_deref() {
            Some(d) => super::msg(lang, "cmd_review_signed_off", &[("date", d)]),
            None => super::msg(lang, "cmd_review_not_signed_off", &[]),
        };
        errln!(
            "{}",
            super::msg(
                lang,
                "cmd_review_applied",
                &[
                    ("file", &r.review_file),
                    ("signed", &signed),
                    ("provider", &r.provider),
                    ("facts", &r.facts.len().to_string()),
                ],
            )
        );
    }
    let a = pipeline::assess(&inputs).map_err(|d| {
        report_diagnostics(&d, lang);
        Status::BadInput
    })?;
    Ok((inputs, a))
}

pub fn run(args: &Args, global: &Global) -> Status {
    let a = match load_and_assess(&args.inputs, global.lang) {
        Ok(a) => a,
        Err(status) => return status,
    };
    let out = match args.format {
        Format::Json => match serde_json::to_string_pretty(&a) {
            Ok(s) => s + "\n",
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
