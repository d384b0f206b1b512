//! `cloudvet cost`: the workload's cost on every offer, sorted by total, with the
//! speed basis, budget advice, recommendations and rent versus buy.

use std::path::PathBuf;

use clap::ValueEnum;

use super::{Global, InputArgs, Status};
use crate::cost;
use crate::diag::{CostCode, Diagnostic};
use crate::pipeline::{self, Needs};

/// Embedded defaults (kept here for callers of the former command-line constants).
pub use crate::pipeline::{DEFAULT_RENT_VS_BUY, DEFAULT_WORKLOAD};

#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, ValueEnum)]
pub enum Format {
    #[default]
    Human,
    Json,
    Csv,
}

#[derive(Debug, Clone, clap::Args)]
pub struct Args {
    #[command(flatten)]
    pub inputs: InputArgs,
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
    /// providers, requirements, rule packs (`--rules`) and evaluation date (`--as-of`)
    /// as `cloudvet assess`.
    #[arg(long)]
    pub eligible_only: bool,
    /// Also list the offers that do not qualify under the requirements (country, GPU,
    /// memory, GPUs per instance, on-demand), marked as such; they are never ranked.
    #[arg(long)]
    pub show_not_qualifying: bool,
    /// Write to this file (atomically) instead of standard output.
    #[arg(long, short, value_name = "FILE")]
    pub output: Option<PathBuf>,
}

pub fn run(args: &Args, global: &Global) -> Status {
    let text = match run_inner(args, global) {
        Ok(text) => text,
        Err(status) => return status,
    };
    let Some(path) = &args.output else {
        out!("{text}");
        return Status::Ok;
    };
    match crate::output::write_atomic(path, text.as_bytes()) {
        Ok(()) => Status::Ok,
        Err(e) => {
            super::print_diagnostic(
                &Diagnostic::error(
                    CostCode::OutputUnwritable,
                    super::msg(
                        global.lang,
                        "cmd_cannot_write_output",
                        &[("error", &e.to_string())],
                    ),
                )
                .in_file(path.display().to_string()),
                global.lang,
            );
            Status::BadInput
        }
    }
}

fn run_inner(args: &Args, global: &Global) -> Result<String, Status> {
    let paths = pipeline::InputPaths {
        rent_vs_buy: args.rent_vs_buy.clone(),
        benchmarks: args.benchmarks.clone(),
        ..args.inputs.paths()
    };
    let needs = Needs {
        rules: args.eligible_only,
        cost: true,
        rent_vs_buy: !args.no_rent_vs_buy,
    };
    let inputs = super::load_inputs(&paths, needs, global.lang)?;
    let bad = |d: Vec<Diagnostic>| {
        super::print_diagnostics(&d, global.lang);
        Status::BadInput
    };
    // The assessment decides which providers may be compared at all, and whose offer
    // the budget advice is for (the recommended or leading provider's, as in the report).
    let assessment = if args.eligible_only {
        Some(pipeline::assess(&inputs).map_err(bad)?)
    } else {
        None
    };
    let allowed = assessment.as_ref().map(pipeline::eligible);
    let Some(mut comparison) =
        pipeline::cost_with(&inputs, allowed.as_ref(), args.show_not_qualifying).map_err(bad)?
    else {
        return Err(bad(vec![Diagnostic::error(
            crate::diag::LoadCode::FileUnreadable,
            super::msg(global.lang, "cmd_cost_unreadable", &[]),
        )]));
    };
    if let (Some(a), Some(w)) = (&assessment, &inputs.workload) {
        comparison.advise_for(
            &w.value,
            &cost::advice::AdviceFor::from_recommendation(&a.recommendation),
        );
    }
    Ok(match args.format {
        // Provider names and IDs come from files: no control characters to the terminal.
        Format::Human => crate::render::escape::terminal(&crate::render::cost::human_in(
            &comparison,
            global.lang,
        )),
        Format::Json => crate::render::cost::json(&comparison),
        Format::Csv => crate::render::cost::csv(&comparison),
    })
}
