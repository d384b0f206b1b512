//! The guides in docs/guides/ cannot go stale: every ```console block is run
//! with the real binary, in a fresh folder per guide, and must exit as stated and
//! print what the guide shows.
//!
//! The format, for guide writers:
//! - ```console blocks hold commands (`$ cloudvet …`) each followed by its output.
//!   Every output line shown must appear in the real output (stdout and stderr),
//!   in order; a line `...` stands for lines left out. `$ cd DIR` changes the
//!   folder for the following commands; `> FILE` at the end of a command writes
//!   its standard output to FILE.
//! - ```console exit=2 (or exit=1): every command in that block must exit with
//!   that code; otherwise each must exit with 0.
//! - ```console head=N: the guide shows only the first N lines of each output,
//!   then `...` (UPDATE_GUIDES keeps it that way).
//! - A fenced block whose info string has `file=PATH` (e.g. ```yaml file=providers/acme.yaml)
//!   is written to PATH (relative to the current folder) when the run reaches it.
//! - A block whose info string has `from=PATH` (e.g. ```markdown from=report/report.md)
//!   quotes a file the commands wrote: its lines must appear in that file, in order.
//! - ```console pending: a step for a command that is not in this build yet; shown,
//!   not run (the guide says so next to it).
//! - Blocks with any other info string are not run.
//!
//! `UPDATE_GUIDES=1 cargo test guides` rewrites the output under each command
//! with the real output (the first N lines for `head=N`), except hand-made
//! excerpts (outputs with a `...` line in a block without `head=`), which are
//! only checked. Runs use SOURCE_DATE_EPOCH for 2026-12-01, so dates are fixed.

use std::path::{Path, PathBuf};
use std::process::Command;

use crate::common::{root, temp_dir};

/// 2026-12-01T00:00:00Z.
const EPOCH: &str = "1796083200";

#[derive(Debug, Clone, PartialEq)]
enum Step {
    /// A command: its line in the guide, its words, a redirect target, the
    /// expected exit code, the expected output lines, and where those lines are
    /// in the guide (first line index, count).
    Run {
        line: usize,
        words: Vec<String>,
        redirect: Option<String>,
        exit: i32,
        /// `head=N`: the guide shows the first N lines of the output and `...`.
        head: Option<usize>,
        expected: Vec<String>,
        output_at: (usize, usize),
    },
    Cd(String),
    Write {
        path: String,
        contents: String,
    },
    /// An excerpt of a file the commands wrote: its lines must appear in it, in order.
    Excerpt {
        line: usize,
        path: String,
        expected: Vec<String>,
    },
}

/// Splits a command line into words: whitespace separates, '…' and "…" quote.
fn words(line: &str) -> Result<Vec<String>, String> {
    let mut out = Vec::new();
    let mut cur = String::new();
    let mut in_word = false;
    let mut quote: Option<char> = None;
    for ch in line.chars() {
        match (quote, ch) {
            (Some(q), c) if c == q => quote = None,
            (Some(_), c) => cur.push(c),
            (None, '\'' | '"') => {
                quote = Some(ch);
                in_word = true;
            }
            (None, c) if c.is_whitespace() => {
                if in_word {
                    out.push(std::mem::take(&mut cur));
                    in_word = false;
                }
            }
            (None, c) => {
                cur.push(c);
                in_word = true;
            }
        }
    }
    if quote.is_some() {
        return Err(format!("unclosed quote in `{line}`"));
    }
    if in_word {
        out.push(cur);
    }
    Ok(out)
}

/// The steps of one guide, in order.
fn parse(text: &str) -> Result<Vec<Step>, String> {
    let lines: Vec<&str> = text.lines().collect();
    let mut steps = Vec::new();
    let mut i = 0;
    while i < lines.len() {
        let Some(info) = lines[i].trim_start().strip_prefix("```") else {
            i += 1;
            continue;
        };
        let info: Vec<&str> = info.split_whitespace().collect();
        let start = i + 1;
        let mut end = start;
        while end < lines.len() && !lines[end].trim_start().starts_with("```") {
            end += 1;
        }
        if end == lines.len() {
            return Err(format!("line {}: unclosed code block", i + 1));
        }
        if let Some(path) = info.iter().find_map(|w| w.strip_prefix("from=")) {
            steps.push(Step::Excerpt {
                line: i + 1,
                path: path.to_string(),
                expected: lines[start..end].iter().map(|s| s.to_string()).collect(),
            });
        } else if let Some(path) = info.iter().find_map(|w| w.strip_prefix("file=")) {
            let mut contents = lines[start..end].join("\n");
            contents.push('\n');
            steps.push(Step::Write {
                path: path.to_string(),
                contents,
            });
        } else if info.first() == Some(&"console") && info.contains(&"pending") {
            // A step for a command not in this build yet: shown, not run.
        } else if info.first() == Some(&"console") {
            let exit = match info.iter().find_map(|w| w.strip_prefix("exit=")) {
                Some(e) => e
                    .parse::<i32>()
                    .map_err(|_| format!("line {}: bad exit code `{e}`", i + 1))?,
                None => 0,
            };
            let head = match info.iter().find_map(|w| w.strip_prefix("head=")) {
                Some(h) => Some(
                    h.parse::<usize>()
                        .map_err(|_| format!("line {}: bad head count `{h}`", i + 1))?,
                ),
                None => None,
            };
            let mut j = start;
            while j < end {
                let Some(cmd) = lines[j].strip_prefix("$ ") else {
                    return Err(format!(
                        "line {}: a console block must start with `$ ` and a command",
                        j + 1
                    ));
                };
                let mut k = j + 1;
                while k < end && !lines[k].starts_with("$ ") {
                    k += 1;
                }
                let mut w = words(cmd).map_err(|e| format!("line {}: {e}", j + 1))?;
                if w.first().map(String::as_str) == Some("cd") {
                    if w.len() != 2 {
                        return Err(format!("line {}: `cd` takes one folder", j + 1));
                    }
                    steps.push(Step::Cd(w.remove(1)));
                } else {
                    if w.first().map(String::as_str) != Some("cloudvet") {
                        return Err(format!(
                            "line {}: only `cloudvet` and `cd` commands can be run, not `{cmd}`",
                            j + 1
                        ));
                    }
                    let redirect = match w.iter().position(|x| x == ">") {
                        Some(p) if p + 2 == w.len() => {
                            let f = w.pop();
                            w.pop();
                            f
                        }
                        Some(_) => {
                            return Err(format!(
                                "line {}: `>` must be followed by one file at the end",
                                j + 1
                            ))
                        }
                        None => None,
                    };
                    steps.push(Step::Run {
                        line: j + 1,
                        words: w[1..].to_vec(),
                        redirect,
                        exit,
                        head,
                        expected: lines[j + 1..k].iter().map(|s| s.to_string()).collect(),
                        output_at: (j + 1, k - j - 1),
                    });
                }
                j = k;
            }
        }
        i = end + 1;
    }
    Ok(steps)
}

/// Whether every expected line appears in `actual`, in order (`...` skips).
fn matches(expected: &[String], actual: &str) -> Result<(), String> {
    let actual: Vec<&str> = actual.lines().map(str::trim_end).collect();
    let mut pos = 0;
    for e in expected {
        let e = e.trim_end();
        if e.is_empty() || e == "..." {
            continue;
        }
        match actual[pos..].iter().position(|a| *a == e) {
            Some(p) => pos += p + 1,
            None => {
                return Err(format!("expected line not found (in order): `{e}`"));
            }
        }
    }
    Ok(())
}

fn guide_files() -> Vec<PathBuf> {
    // The READMEs' commands are run like the guides' (issue 18: they cannot go stale).
    let mut out = vec![root().join("README.md"), root().join("README.de.md")];
    for lang in ["en", "de"] {
        let dir = root().join("docs/guides").join(lang);
        if let Ok(entries) = std::fs::read_dir(&dir) {
            let mut v: Vec<PathBuf> = entries
                .flatten()
                .map(|e| e.path())
                .filter(|p| p.extension().is_some_and(|e| e == "md"))
                .collect();
            v.sort();
            out.extend(v);
        }
    }
    out
}

/// Runs one guide; returns the failures and the guide text with outputs
/// replaced by the real ones (for UPDATE_GUIDES).
fn run_guide(path: &Path) -> (Vec<String>, Vec<String>, String) {
    let text = std::fs::read_to_string(path).expect("read guide");
    let name = path
        .strip_prefix(root())
        .unwrap_or(path)
        .display()
        .to_string();
    let steps = match parse(&text) {
        Ok(s) => s,
        Err(e) => return (Vec::new(), vec![format!("{name}: {e}")], text),
    };
    let tag = name.replace(['/', '.'], "-");
    let base = temp_dir(&format!("guide-{tag}"));
    let mut cwd = base.clone();
    let mut failures = Vec::new();
    // Failures UPDATE_GUIDES cannot fix: wrong exit codes.
    let mut hard = Vec::new();
    let mut replacements: Vec<((usize, usize), Vec<String>)> = Vec::new();
    for step in &steps {
        match step {
            Step::Cd(d) => cwd = cwd.join(d),
            Step::Write { path, contents } => {
                let p = cwd.join(path);
                if let Some(parent) = p.parent() {
                    std::fs::create_dir_all(parent).expect("create folder");
                }
                std::fs::write(&p, contents).expect("write file");
            }
            Step::Excerpt {
                line,
                path,
                expected,
            } => match std::fs::read_to_string(cwd.join(path)) {
                Ok(actual) => {
                    if let Err(e) = matches(expected, &actual) {
                        failures.push(format!("{name}:{line}: excerpt of {path}: {e}"));
                    }
                }
                Err(e) => hard.push(format!("{name}:{line}: cannot read {path}: {e}")),
            },
            Step::Run {
                line,
                words,
                redirect,
                exit,
                head,
                expected,
                output_at,
            } => {
                let out = Command::new(env!("CARGO_BIN_EXE_cloudvet"))
                    .args(words)
                    .current_dir(&cwd)
                    .env("SOURCE_DATE_EPOCH", EPOCH)
                    .env_remove("CLOUDVET_LANG")
                    .output()
                    .expect("run cloudvet");
                let stdout = String::from_utf8_lossy(&out.stdout).into_owned();
                let stderr = String::from_utf8_lossy(&out.stderr).into_owned();
                let shown = match redirect {
                    Some(f) => {
                        std::fs::write(cwd.join(f), &out.stdout).expect("write redirect");
                        stderr.clone()
                    }
                    None => format!("{stdout}{stderr}"),
                };
                let code = out.status.code().unwrap_or(-1);
                let cmd = format!("cloudvet {}", words.join(" "));
                if code != *exit {
                    hard.push(format!(
                        "{name}:{line}: `{cmd}` exited with {code}, the guide expects {exit}\n{shown}"
                    ));
                }
                if let Err(e) = matches(expected, &shown) {
                    failures.push(format!(
                        "{name}:{line}: `{cmd}`: {e}\n--- real output ---\n{shown}"
                    ));
                }
                let real: Vec<String> = shown.lines().map(|l| l.trim_end().to_string()).collect();
                match head {
                    Some(n) if real.len() > *n => {
                        let mut cut: Vec<String> = real[..*n].to_vec();
                        cut.push("...".into());
                        replacements.push((*output_at, cut));
                    }
                    Some(_) => replacements.push((*output_at, real)),
                    None if !expected.iter().any(|l| l.trim() == "...") => {
                        replacements.push((*output_at, real));
                    }
                    None => {}
                }
            }
        }
    }
    let _ = std::fs::remove_dir_all(&base);
    // The guide with real outputs, for UPDATE_GUIDES.
    let mut lines: Vec<String> = text.lines().map(str::to_string).collect();
    for ((at, len), new) in replacements.into_iter().rev() {
        lines.splice(at..at + len, new);
    }
    let mut updated = lines.join("\n");
    updated.push('\n');
    (failures, hard, updated)
}

#[test]
fn guides_exist_in_both_languages() {
    let en: Vec<String> = list("en");
    let de: Vec<String> = list("de");
    assert!(en.len() >= 6, "expected six English guides, found {en:?}");
    assert_eq!(
        en, de,
        "every guide exists in English and German under the same name"
    );
}

fn list(lang: &str) -> Vec<String> {
    let mut v: Vec<String> = std::fs::read_dir(root().join("docs/guides").join(lang))
        .map(|r| {
            r.flatten()
                .map(|e| e.file_name().to_string_lossy().into_owned())
                .filter(|n| n.ends_with(".md"))
                .collect()
        })
        .unwrap_or_default();
    v.sort();
    v
}

#[test]
fn guide_commands_run_as_shown() {
    let update = std::env::var_os("UPDATE_GUIDES").is_some();
    let mut failures = Vec::new();
    let mut ran = 0;
    for path in guide_files() {
        let (f, hard, updated) = run_guide(&path);
        ran += 1;
        failures.extend(hard);
        if update {
            std::fs::write(&path, updated).expect("update guide");
        } else {
            failures.extend(f);
        }
    }
    assert!(ran > 0, "no guides found in docs/guides/");
    assert!(
        failures.is_empty(),
        "{} guide step(s) failed (UPDATE_GUIDES=1 rewrites outputs that are not excerpts):\n\n{}",
        failures.len(),
        failures.join("\n\n")
    );
}

#[test]
fn parser_reads_commands_outputs_files_and_exit_codes() {
    let g = "Intro\n\
             ```yaml file=p/a.yaml\nkind: provider\n```\n\
             ```console\n$ cd work\n$ cloudvet validate 'a b.yaml' > out.txt\nok\n...\n$ cloudvet man\n```\n\
             ```console exit=2 head=3\n$ cloudvet init --providers x\nerror\n```\n\
             ```sh\nnot run\n```\n\
             ```markdown from=r/report.md\n# Title\n...\n```\n";
    let steps = parse(g).unwrap();
    assert_eq!(steps.len(), 6, "{steps:#?}");
    assert!(matches!(&steps[5], Step::Excerpt { path, .. } if path == "r/report.md"));
    assert_eq!(
        steps[0],
        Step::Write {
            path: "p/a.yaml".into(),
            contents: "kind: provider\n".into()
        }
    );
    assert_eq!(steps[1], Step::Cd("work".into()));
    match &steps[2] {
        Step::Run {
            words,
            redirect,
            expected,
            exit,
            ..
        } => {
            assert_eq!(words, &vec!["validate".to_string(), "a b.yaml".to_string()]);
            assert_eq!(redirect.as_deref(), Some("out.txt"));
            assert_eq!(expected, &vec!["ok".to_string(), "...".to_string()]);
            assert_eq!(*exit, 0);
        }
        s => panic!("{s:?}"),
    }
    assert!(matches!(
        &steps[4],
        Step::Run {
            exit: 2,
            head: Some(3),
            ..
        }
    ));
    assert!(parse("```console\nls -l\n```\n").is_err());
    assert!(parse("```console\n$ rm -rf x\n```\n").is_err());
    assert!(matches(&["a".into(), "...".into(), "c".into()], "a\nb\nc\n").is_ok());
    assert!(matches(&["c".into(), "a".into()], "a\nb\nc\n").is_err());
}
