//! `cloudvet man --out DIR` writes a page per command, each consistent with
//! `--help`; completions offer the IDs of the embedded data.

use clap::CommandFactory;

use crate::common::{cloudvet, temp_dir};

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

/// Roff escapes hyphens; compare text with them undone.
fn plain(roff: &str) -> String {
    roff.replace("\\-", "-").replace("\\*(Aq", "'")
}

#[test]
fn man_out_writes_and_lists_a_page_per_command_consistent_with_help() {
    let dir = temp_dir("man-pages");
    let out = cloudvet(&["man", "--out", &dir.display().to_string()]);
    assert_eq!(out.status.code(), Some(0));
    let listed: Vec<String> = String::from_utf8_lossy(&out.stdout)
        .lines()
        .map(String::from)
        .collect();
    let mut paths = Vec::new();
    subcommands(&cloudvet::cli::Cli::command(), &[], &mut paths);
    assert_eq!(listed.len(), paths.len() + 1, "{listed:?}");
    let top = plain(&std::fs::read_to_string(dir.join("cloudvet.1")).unwrap());
    for path in &paths {
        let name = format!("cloudvet-{}.1", path.join("-"));
        let file = dir.join(&name);
        assert!(
            listed.contains(&file.display().to_string()),
            "{name} not listed"
        );
        let page =
            plain(&std::fs::read_to_string(&file).unwrap_or_else(|_| panic!("{name} missing")));
        // The page says what `--help` says: the first line of the help text, and every
        // long option of the command.
        let mut args: Vec<&str> = path.iter().map(String::as_str).collect();
        args.push("--help");
        let help = String::from_utf8_lossy(&cloudvet(&args).stdout).into_owned();
        let about = help.lines().next().unwrap_or_default();
        assert!(
            page.contains(about.trim_end_matches('.')),
            "{name}: `{about}` not in the page"
        );
        for word in help.split_whitespace() {
            if let Some(opt) = word.strip_prefix("--") {
                let opt: String = opt
                    .chars()
                    .take_while(|c| c.is_ascii_alphanumeric() || *c == '-')
                    .collect();
                if !opt.is_empty() && opt != "help" && opt != "version" {
                    assert!(
                        page.contains(&format!("--{opt}")),
                        "{name}: --{opt} of --help not in the page"
                    );
                }
            }
        }
    }
    // Every page the top-level page refers to exists.
    for (i, _) in top.match_indices("(1)") {
        let start = top[..i]
            .rfind(|c: char| c.is_whitespace() || c == ',')
            .map_or(0, |s| s + 1);
        let name = &top[start..i];
        if name.starts_with("cloudvet") {
            assert!(
                dir.join(format!("{name}.1")).is_file(),
                "{name}(1) is referred to but not written"
            );
        }
    }
    // Without --out: the top-level page on stdout, as before.
    let out = cloudvet(&["man"]);
    assert!(String::from_utf8_lossy(&out.stdout).starts_with(".ie"));
}

#[test]
fn completions_offer_provider_rule_and_gpu_ids() {
    for shell in ["bash", "zsh", "fish"] {
        let out = cloudvet(&["completions", shell]);
        assert_eq!(out.status.code(), Some(0));
        let text = String::from_utf8_lossy(&out.stdout);
        // A shipped provider, a shipped rule, a GPU model.
        for id in ["ionos", "DPA-001", "H100-SXM"] {
            assert!(text.contains(id), "{shell}: `{id}` not offered");
        }
    }
    // The candidates do not restrict: an ID of your own is still accepted.
    let out = cloudvet(&["rules", "explain", "XYZ-999"]);
    assert!(!String::from_utf8_lossy(&out.stderr).contains("invalid value"));
}

#[test]
fn validate_gpu_shows_the_names_a_model_stands_for() {
    let out = cloudvet(&["validate", "--gpu", "H100-SXM"]);
    assert_eq!(out.status.code(), Some(0));
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(
        text.contains("H100 (80 GB, `sxm` in the instance name)"),
        "{text}"
    );
    let out = cloudvet(&["validate", "--gpu", "H100-SMX"]);
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("did you mean `H100-SXM`"));
}
