//! `cloudvet validate [PATH...]`: check files or folders; without paths, the embedded data.

use std::path::PathBuf;

use super::{Global, Status};

#[derive(Debug, Clone, clap::Args)]
pub struct Args {
    /// Files or folders to check; without any, the embedded defaults.
    pub paths: Vec<PathBuf>,
}

pub fn run(_args: &Args, _global: &Global) -> Status {
    // Filled in by the foundation work.
    eprintln!("validate: not built yet");
    Status::BadInput
}
