//! `cloudvet completions SHELL` and `cloudvet man`: generated from the clap
//! definition, so they always match the commands that exist. Arguments that take
//! a provider ID, a rule ID or a GPU model carry the IDs of the embedded data as
//! completion candidates ([`Suggest`]): any value is still accepted (your own
//! providers and rules), the list only feeds the completion scripts.

use std::ffi::OsStr;
use std::io::Write;
use std::path::PathBuf;

use clap::builder::{PossibleValue, StringValueParser, TypedValueParser};
use clap::CommandFactory;
use clap_complete::Shell;

use super::{Cli, Status};

/// A value parser that accepts any text and offers a list of candidates to the
/// completion generators (bash, zsh, fish list them; `--help` hides them).
#[derive(Clone, Copy)]
pub struct Suggest(fn() -> Vec<&'static str>);

impl Suggest {
    /// Provider IDs of the embedded catalogue.
    pub fn providers() -> Suggest {
        Suggest(provider_ids)
    }
    /// Rule IDs of the embedded rule packs.
    pub fn rules() -> Suggest {
        Suggest(rule_ids)
    }
    /// GPU model IDs of the GPU catalogue.
    pub fn gpus() -> Suggest {
        Suggest(|| crate::model::gpu::GPU_MODELS.iter().map(|g| g.id).collect())
    }
}

impl TypedValueParser for Suggest {
    type Value = String;
    fn parse_ref(
        &self,
        cmd: &clap::Command,
        arg: Option<&clap::Arg>,
        value: &OsStr,
    ) -> Result<String, clap::Error> {
        StringValueParser::new().parse_ref(cmd, arg, value)
    }
    fn possible_values(&self) -> Option<Box<dyn Iterator<Item = PossibleValue> + '_>> {
        Some(Box::new((self.0)().into_iter().map(PossibleValue::new)))
    }
}

/// `providers/<id>.yaml` of the embedded data.
pub fn provider_ids() -> Vec<&'static str> {
    crate::embedded::files_under("providers")
        .filter_map(|(p, _)| p.strip_prefix("providers/")?.strip_suffix(".yaml"))
        .collect()
}

/// The `- id: XXX-000` lines of the embedded rule packs (a text scan: no pack is
/// parsed to build the command line).
pub fn rule_ids() -> Vec<&'static str> {
    let mut ids: Vec<&'static str> = crate::embedded::files_under("rules")
        .filter_map(|(_, bytes)| std::str::from_utf8(bytes).ok())
        .flat_map(|text| text.lines())
        .filter_map(|l| l.trim_start().strip_prefix("- id: "))
        .map(str::trim)
        .filter(|id| {
            id.split_once('-').is_some_and(|(a, n)| {
                !a.is_empty()
                    && a.chars().all(|c| c.is_ascii_uppercase())
                    && !n.is_empty()
                    && n.chars().all(|c| c.is_ascii_digit())
            })
        })
        .collect();
    ids.sort_unstable();
    ids.dedup();
    ids
}

#[derive(Debug, Clone, clap::Args)]
pub struct ManArgs {
    /// Write a page per command into this folder (`cloudvet.1`, `cloudvet-assess.1`,
    /// `cloudvet-dpa-scan.1` …) and list them; without it, the top-level page goes to
    /// standard output.
    #[arg(long, value_name = "DIR")]
    pub out: Option<PathBuf>,
}

/// Every man page: (file name, roff), the top-level page first, then each
/// subcommand depth first — from the same definition `--help` prints.
pub fn man_pages() -> std::io::Result<Vec<(String, Vec<u8>)>> {
    fn walk(cmd: &clap::Command, out: &mut Vec<(String, Vec<u8>)>) -> std::io::Result<()> {
        let man = clap_mangen::Man::new(cmd.clone());
        let mut buf = Vec::new();
        man.render(&mut buf)?;
        out.push((man.get_filename(), buf));
        for sub in cmd.get_subcommands().filter(|s| !s.is_hide_set()) {
            walk(sub, out)?;
        }
        Ok(())
    }
    let mut cmd = Cli::command().disable_help_subcommand(true);
    cmd.build();
    let mut out = Vec::new();
    walk(&cmd, &mut out)?;
    Ok(out)
}

#[derive(Debug, Clone, clap::Args)]
pub struct CompletionsArgs {
    /// The shell to generate for.
    #[arg(value_enum)]
    pub shell: CompletionShell,
}

/// The shells we generate completions for.
#[derive(Debug, Clone, Copy, PartialEq, Eq, clap::ValueEnum)]
pub enum CompletionShell {
    Bash,
    Zsh,
    Fish,
}

pub fn run_completions(args: &CompletionsArgs) -> Status {
    let shell = match args.shell {
        CompletionShell::Bash => Shell::Bash,
        CompletionShell::Zsh => Shell::Zsh,
        CompletionShell::Fish => Shell::Fish,
    };
    let mut cmd = Cli::command();
    let mut buf = Vec::new();
    clap_complete::generate(shell, &mut cmd, "cloudvet", &mut buf);
    if shell == Shell::Fish {
        // clap's fish script completes option values but not positional ones: the
        // rule ID of `rules explain` is added here.
        let ids = rule_ids().join(" ");
        buf.extend_from_slice(
            format!(
                "complete -c cloudvet -n \"__fish_cloudvet_using_subcommand rules; and __fish_seen_subcommand_from explain\" -f -a \"{ids}\"\n"
            )
            .as_bytes(),
        );
    }
    write_stdout(&buf)
}

pub fn run_man(args: &ManArgs) -> Status {
    let pages = match man_pages() {
        Ok(p) => p,
        Err(e) => {
            errln!("error: cannot render the man pages: {e}");
            return Status::BadInput;
        }
    };
    let Some(dir) = &args.out else {
        return write_stdout(&pages[0].1);
    };
    if let Err(e) = std::fs::create_dir_all(dir) {
        errln!("error: cannot create {}: {e}", dir.display());
        return Status::BadInput;
    }
    let files: Vec<(PathBuf, &[u8])> = pages
        .iter()
        .map(|(name, roff)| (dir.join(name), roff.as_slice()))
        .collect();
    if let Err((p, e)) = crate::output::write_all_atomic(&files) {
        errln!("error: cannot write {}: {e}", p.display());
        return Status::BadInput;
    }
    for (p, _) in &files {
        outln!("{}", p.display());
    }
    Status::Ok
}

fn write_stdout(bytes: &[u8]) -> Status {
    let mut out = std::io::stdout().lock();
    match out.write_all(bytes).and_then(|_| out.flush()) {
        Ok(()) => Status::Ok,
        // A closed pipe (e.g. `| head`) is not an error: the reader has what it wanted.
        Err(e) if e.kind() == std::io::ErrorKind::BrokenPipe => Status::Ok,
        Err(e) => {
            errln!("error: cannot write to standard output: {e}");
            Status::BadInput
        }
    }
}
