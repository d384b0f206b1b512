//! `--help` in the reader's language. clap's derive takes the English texts
//! from the doc comments; the catalogue (`i18n/help.rs`) holds every one of
//! them with its German, keyed by the command path and the argument's ID
//! (`help__report`, `help__report__out`). The language is known before parsing
//! (`--lang`, else LC_ALL/LC_MESSAGES/LANG: [`language_before_parsing`]), so
//! the command tree is rewritten from the catalogue before clap parses — the
//! about and help of every command and argument, the section headings and the
//! built-in `--help`/`--version` flags. clap's own error messages ("unexpected
//! argument …") and the `[default: …]`/`[possible values: …]` notes are clap's
//! and stay English; so do the man pages and completion scripts (docs/cli.md).

use clap::{Arg, ArgAction, Command};

use crate::i18n::{self, Lang};

/// The language of the output, decided before clap parses: `--lang X` or
/// `--lang=X` anywhere on the command line, else the environment.
pub fn language_before_parsing(args: &[std::ffi::OsString]) -> Lang {
    let mut it = args.iter().skip(1).map(|a| a.to_string_lossy());
    while let Some(a) = it.next() {
        if a == "--" {
            break;
        }
        let value = if a == "--lang" {
            it.next().map(|v| v.to_string())
        } else {
            a.strip_prefix("--lang=").map(str::to_string)
        };
        if let Some(l) = value.and_then(|v| v.parse::<Lang>().ok()) {
            return l;
        }
    }
    Lang::from_env()
}

/// Every help text of the tree: (catalogue key, the derive's English text).
pub fn texts(cmd: &Command) -> Vec<(String, String)> {
    let mut out = Vec::new();
    walk(cmd, "", &mut out);
    out
}

fn walk(cmd: &Command, path: &str, out: &mut Vec<(String, String)>) {
    let key = if path.is_empty() {
        "help__cloudvet".to_string()
    } else {
        format!("help__{}", path.replace('-', "_"))
    };
    if let Some(a) = cmd.get_about() {
        out.push((key.clone(), a.to_string()));
    }
    if let Some(a) = cmd.get_long_about() {
        out.push((format!("{key}__long"), a.to_string()));
    }
    for arg in cmd.get_arguments() {
        let id = arg.get_id().as_str();
        if matches!(id, "help" | "version") {
            continue;
        }
        let k = format!("{key}__{id}");
        if let Some(h) = arg.get_help() {
            out.push((k.clone(), h.to_string()));
        }
        if let Some(h) = arg.get_long_help() {
            out.push((format!("{k}:long"), h.to_string()));
        }
    }
    for sub in cmd.get_subcommands() {
        let name = sub.get_name();
        if name == "help" {
            continue;
        }
        let p = if path.is_empty() {
            name.to_string()
        } else {
            format!("{path}__{name}")
        };
        walk(sub, &p, out);
    }
}

/// The command tree with its texts in `lang` (English: as derived).
pub fn localized(cmd: Command, lang: Lang) -> Command {
    if lang == Lang::En {
        return cmd;
    }
    localize(cmd, "", lang, true)
}

/// The catalogue key of a help text: `help__<path>__<id>`, else the text shared
/// by every command with that argument (`help__any__<id>`, e.g. the input flags).
pub fn key_of(key: &str) -> String {
    if !i18n::t(Lang::En, key).is_empty() {
        return key.to_string();
    }
    let mut parts: Vec<&str> = key.split("__").collect();
    // help__<cmd>[__<sub>]__<id>[__long] → help__any__<id>[__long]
    let long = parts.last() == Some(&"long");
    if long {
        parts.pop();
    }
    match parts.as_slice() {
        ["help", _, .., id] if parts.len() >= 3 => {
            format!("help__any__{id}{}", if long { "__long" } else { "" })
        }
        _ => key.to_string(),
    }
}

fn text(lang: Lang, key: &str) -> Option<String> {
    let t = i18n::t(lang, &key_of(key));
    (!t.is_empty()).then(|| t.to_string())
}

fn localize(mut cmd: Command, path: &str, lang: Lang, root: bool) -> Command {
    let key = if path.is_empty() {
        "help__cloudvet".to_string()
    } else {
        format!("help__{}", path.replace('-', "_"))
    };
    if cmd.get_about().is_some() {
        if let Some(t) = text(lang, &key) {
            cmd = cmd.about(t);
        }
    }
    if cmd.get_long_about().is_some() {
        if let Some(t) = text(lang, &format!("{key}__long")) {
            cmd = cmd.long_about(t);
        }
    }
    // The heading of the examples (the commands themselves stay as they are).
    if let Some(after) = cmd.get_after_help().map(|a| a.to_string()) {
        for k in ["help_examples", "help_example"] {
            if let Some(rest) = after.strip_prefix(i18n::t(Lang::En, k)) {
                cmd = cmd.after_help(format!("{}{rest}", i18n::t(lang, k)));
                break;
            }
        }
    }
    // Arguments of this command (a global one is propagated to the subcommands,
    // with its texts, when clap builds the tree).
    let ids: Vec<(String, bool, bool)> = cmd
        .get_arguments()
        .map(|a| {
            (
                a.get_id().to_string(),
                a.get_help().is_some(),
                a.get_long_help().is_some(),
            )
        })
        .collect();
    let options = i18n::t(lang, "help_heading_options");
    let arguments = i18n::t(lang, "help_heading_arguments");
    for (id, has_help, has_long) in ids {
        let k = format!("{key}__{id}");
        let help = has_help.then(|| text(lang, &k)).flatten();
        let long = has_long.then(|| text(lang, &format!("{k}:long"))).flatten();
        cmd = cmd.mut_arg(id, move |mut a| {
            if let Some(h) = help {
                a = a.help(h);
            }
            if let Some(h) = long {
                a = a.long_help(h);
            }
            if a.get_help_heading().is_none() {
                let heading = if a.is_positional() {
                    arguments
                } else {
                    options
                };
                a = a.help_heading(heading);
            }
            a
        });
    }
    let names: Vec<String> = cmd
        .get_subcommands()
        .map(|s| s.get_name().to_string())
        .collect();
    for name in names {
        let p = if path.is_empty() {
            name.clone()
        } else {
            format!("{path}__{name}")
        };
        cmd = cmd.mut_subcommand(name, |s| localize(s, &p, lang, false));
    }
    let usage = i18n::t(lang, "help_usage");
    cmd.help_template(format!(
        "{{before-help}}{{about-with-newline}}\n{usage} {{usage}}\n\n{{all-args}}{{after-help}}"
    ))
    .subcommand_help_heading(i18n::t(lang, "help_heading_commands"))
    .disable_help_flag(true)
    .arg(
        Arg::new("help")
            .short('h')
            .long("help")
            .action(ArgAction::Help)
            .help(i18n::t(lang, "help_flag_help"))
            .help_heading(i18n::t(lang, "help_heading_options")),
    )
    .disable_help_subcommand(true)
    .subcommands(root.then(|| {
        // `cloudvet help report`: clap's own `help` command has English texts.
        // (`Command::new` would read as starting a process to the no-network test.)
        Command::default()
            .name("help")
            .about(i18n::t(lang, "help_subcommand"))
            .arg(
                Arg::new("command")
                    .num_args(0..)
                    .action(ArgAction::Append)
                    .help(i18n::t(lang, "help_subcommand_arg"))
                    .help_heading(i18n::t(lang, "help_heading_arguments")),
            )
            .help_template(format!(
                "{{before-help}}{{about-with-newline}}\n{usage} {{usage}}\n\n{{all-args}}{{after-help}}"
            ))
            .disable_help_flag(true)
    }))
    .disable_version_flag(root)
    .args(root.then(|| {
        Arg::new("version")
            .short('V')
            .long("version")
            .action(ArgAction::Version)
            .help(i18n::t(lang, "help_flag_version"))
            .help_heading(i18n::t(lang, "help_heading_options"))
    }))
}

#[cfg(test)]
mod tests {
    use super::*;
    use clap::CommandFactory;

    fn os(args: &[&str]) -> Vec<std::ffi::OsString> {
        args.iter().map(|a| a.into()).collect()
    }

    #[test]
    fn the_language_is_read_before_parsing() {
        assert_eq!(
            language_before_parsing(&os(&["cloudvet", "--lang", "de", "report"])),
            Lang::De
        );
        assert_eq!(
            language_before_parsing(&os(&["cloudvet", "report", "--lang=de"])),
            Lang::De
        );
        assert_eq!(
            language_before_parsing(&os(&["cloudvet", "--lang", "en"])),
            Lang::En
        );
    }

    /// Every help text of every command and argument is in the catalogue, with
    /// the derive's English (so a changed doc comment needs its German too).
    #[test]
    fn every_help_text_is_in_the_catalogue_in_both_languages() {
        let cmd = crate::cli::Cli::command();
        let mut missing = Vec::new();
        for (key, en) in texts(&cmd) {
            let cat_en = i18n::t(Lang::En, &key_of(&key));
            let cat_de = i18n::t(Lang::De, &key_of(&key));
            if cat_en != en || cat_de.is_empty() {
                missing.push(format!("    (\"{key}\", {en:?}, \"\"),"));
            }
        }
        assert!(
            missing.is_empty(),
            "help texts missing from i18n/help.rs or changed:\n{}",
            missing.join("\n")
        );
    }

    #[test]
    fn german_help_is_german() {
        let cmd = localized(crate::cli::Cli::command(), Lang::De);
        let mut cmd = cmd;
        let help = cmd.render_help().to_string();
        assert!(help.contains("Aufruf:"), "{help}");
        assert!(help.contains("Befehle:"), "{help}");
        assert!(!help.contains("Print help"), "{help}");
        let mut report = cmd.find_subcommand_mut("report").unwrap().clone();
        let help = report.render_help().to_string();
        assert!(help.contains("Optionen:"), "{help}");
        assert!(!help.contains("Usage:"), "{help}");
    }
}
