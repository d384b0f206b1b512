//! `cloudvet completions SHELL` and `cloudvet man`: generated from the clap
//! definition, so they always match the commands that exist.

use std::io::Write;

use clap::CommandFactory;
use clap_complete::Shell;

use super::{Cli, Status};

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
    write_stdout(&buf)
}

pub fn run_man() -> Status {
    let cmd = Cli::command();
    let mut buf = Vec::new();
    if let Err(e) = clap_mangen::Man::new(cmd).render(&mut buf) {
        errln!("error: cannot render the man page: {e}");
        return Status::BadInput;
    }
    write_stdout(&buf)
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
