//! `cloudvet rules list | explain ID | docs`: the rule registry.

use std::path::PathBuf;

use super::{msg, Global, Status};
use crate::diag::Diagnostic;
use crate::eval::{docs, packs};

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
    let lang = global.lang;
    let packs = match packs::shipped_with(args.rules.as_deref()) {
        Ok(p) => p,
        Err(d) => {
            super::assess::report_diagnostics(&d, lang);
            return Status::BadInput;
        }
    };
    match &args.action {
        Action::List { json } => {
            if *json {
                match serde_json::to_string_pretty(&packs) {
                    Ok(s) => outln!("{s}"),
                    Err(e) => {
                        errln!("{}", msg(lang, "cmd_error", &[("error", &e.to_string())]));
                        return Status::BadInput;
                    }
                }
                return Status::Ok;
            }
            out!("{}", crate::render::rules::list(&packs, lang));
            Status::Ok
        }
        Action::Explain { id } => {
            let wanted = id.to_uppercase();
            for p in &packs {
                if let Some(r) = p.rules.iter().find(|r| r.id == wanted) {
                    out!("{}", crate::render::rules::explain(r, p, lang));
                    return Status::Ok;
                }
            }
            let d = Diagnostic::error(
                crate::diag::EvalCode::UnknownRule,
                msg(lang, "cmd_no_rule", &[("id", id)]),
            )
            .help(msg(lang, "cmd_no_rule_help", &[]));
            super::print_diagnostic(&d, lang);
            Status::BadInput
        }
        Action::Docs { out } => {
            if let Err(e) = std::fs::create_dir_all(out) {
                errln!(
                    "{}",
                    msg(
                        lang,
                        "cmd_cannot_create",
                        &[
                            ("path", &out.display().to_string()),
                            ("error", &e.to_string())
                        ]
                    )
                );
                return Status::BadInput;
            }
            for p in &packs {
                let path = out.join(format!("{}.md", p.id));
                if let Err(e) =
                    crate::output::write_atomic(&path, docs::pack_markdown(p).as_bytes())
                {
                    errln!(
                        "{}",
                        msg(
                            lang,
                            "cmd_cannot_write",
                            &[
                                ("path", &path.display().to_string()),
                                ("error", &e.to_string())
                            ]
                        )
                    );
                    return Status::BadInput;
                }
                super::wrote(lang, &path);
            }
            Status::Ok
        }
    }
}
