//! `cloudvet rules list | explain ID | docs`: the rule registry.

use std::fmt::Write;
use std::path::PathBuf;

use super::{Global, Lang, Status};
use crate::eval::{docs, packs};
use crate::model::rule_pack::RuleStatus;

#[derive(Debug, Clone, clap::Args)]
pub struct Args {
    #[command(subcommand)]
    pub action: Action,
    /// Folder (or file) of rule packs; a pack replaces the shipped pack with the same id.
    #[arg(long, global = true)]
    pub rules: Option<PathBuf>,
}

#[derive(Debug, Clone, clap::Subcommand)]
pub enum Action {
    /// List every rule: ID, area, severity, weight, title, legal basis.
    #[command(after_help = "Example:\n  cloudvet rules list --json > rules.json")]
    List {
        /// Output as JSON (the packs as loaded).
        #[arg(long)]
        json: bool,
    },
    /// Explain one rule: why it matters, its legal basis, the question to the vendor, the check.
    #[command(after_help = "Example:\n  cloudvet --lang de rules explain DPA-003")]
    Explain {
        /// Rule ID, e.g. DPA-003.
        #[arg(value_parser = super::completions::Suggest::rules(), hide_possible_values = true)]
        id: String,
    },
    /// Write the rules reference (one Markdown file per pack) into a folder.
    #[command(after_help = "Example:\n  cloudvet rules docs --out docs/rules")]
    Docs {
        /// Target folder (default: docs/rules).
        #[arg(long, default_value = "docs/rules")]
        out: PathBuf,
    },
}

pub fn run(args: &Args, global: &Global) -> Status {
    let de = global.lang == Lang::De;
    let packs = match packs::shipped_with(args.rules.as_deref()) {
        Ok(p) => p,
        Err(d) => {
            super::assess::report_diagnostics(&d);
            return Status::BadInput;
        }
    };
    match &args.action {
        Action::List { json } => {
            if *json {
                match serde_json::to_string_pretty(&packs) {
                    Ok(s) => outln!("{s}"),
                    Err(e) => {
                        errln!("error: {e}");
                        return Status::BadInput;
                    }
                }
                return Status::Ok;
            }
            let mut s = String::new();
            for p in &packs {
                let _ = writeln!(s, "{} — {} ({})", p.id, p.title.get(de), p.version);
                for r in &p.rules {
                    let removed = if r.status == RuleStatus::Removed {
                        " (removed)"
                    } else {
                        ""
                    };
                    let cite = r
                        .legal_basis
                        .first()
                        .map(|b| b.citation())
                        .unwrap_or_default();
                    let _ = writeln!(
                        s,
                        "  {:<9} {:<9} w{} {}{} [{}]",
                        r.id,
                        r.severity.key(),
                        r.weight,
                        r.title.get(de),
                        removed,
                        cite
                    );
                }
            }
            out!("{s}");
            Status::Ok
        }
        Action::Explain { id } => {
            let wanted = id.to_uppercase();
            for p in &packs {
                if let Some(r) = p.rules.iter().find(|r| r.id == wanted) {
                    out!("{}", docs::explain(r, p, de));
                    return Status::Ok;
                }
            }
            errln!(
                "error[unknown-rule]: no rule `{id}`\n  help: run `cloudvet rules list` for the rule IDs"
            );
            Status::BadInput
        }
        Action::Docs { out } => {
            if let Err(e) = std::fs::create_dir_all(out) {
                errln!("error: cannot create {}: {e}", out.display());
                return Status::BadInput;
            }
            for p in &packs {
                let path = out.join(format!("{}.md", p.id));
                if let Err(e) =
                    crate::output::write_atomic(&path, docs::pack_markdown(p).as_bytes())
                {
                    errln!("error: cannot write {}: {e}", path.display());
                    return Status::BadInput;
                }
                errln!("wrote {}", path.display());
            }
            Status::Ok
        }
    }
}
