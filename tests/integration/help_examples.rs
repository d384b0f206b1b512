//! Every subcommand's `--help` shows at least one example, so a new user can
//! copy a working command line.

use clap::CommandFactory;

use crate::common::cloudvet;

/// Paths of every subcommand (`["dpa", "scan"]`), depth first.
fn subcommands(cmd: &clap::Command, prefix: &[String], out: &mut Vec<Vec<String>>) {
    for sub in cmd.get_subcommands() {
        if sub.get_name() == "help" {
            continue;
        }
        let mut path = prefix.to_vec();
        path.push(sub.get_name().to_string());
        out.push(path.clone());
        subcommands(sub, &path, out);
    }
}

#[test]
fn every_subcommand_help_has_an_example() {
    let mut paths = Vec::new();
    subcommands(&cloudvet::cli::Cli::command(), &[], &mut paths);
    assert!(paths.len() >= 4, "{paths:?}");
    let mut missing = Vec::new();
    for path in &paths {
        let mut args: Vec<&str> = path.iter().map(String::as_str).collect();
        args.push("--help");
        let out = cloudvet(&args);
        assert_eq!(out.status.code(), Some(0), "cloudvet {}", args.join(" "));
        let text = String::from_utf8_lossy(&out.stdout);
        if !text.contains("Example") {
            missing.push(path.join(" "));
        }
    }
    assert!(
        missing.is_empty(),
        "`--help` without an example (add #[command(after_help = \"Example: …\")]): {missing:?}"
    );
}
