//! What each stage may import (docs/architecture.md, "What each stage may
//! import"), checked on the source: every `crate::<module>` a file of a
//! top-level module names (in `use` lines and paths, comments left out) must be
//! in that module's list. The lower stages — `model`, `diag`, `load`,
//! `validate` — import nothing from the higher ones (`eval`, `cost`, `report`,
//! `render`, `pipeline`, `cli`), so a change that reaches upwards from them
//! fails here. A new top-level module fails until it is given its list.

use std::collections::BTreeSet;
use std::path::{Path, PathBuf};

use super::common::root;

/// The shared, lowest layer every stage may use.
const BASE: &[&str] = &["model", "diag", "i18n", "fonts", "embedded"];

/// Module → the modules it may import besides [`BASE`] (and itself).
const ALLOWED: &[(&str, &[&str])] = &[
    ("model", &[]),
    ("diag", &[]),
    ("i18n", &[]),
    ("embedded", &[]),
    ("fonts", &[]),
    ("output", &[]),
    ("load", &["suggest"]),
    ("suggest", &["load"]),
    ("validate", &["load", "suggest"]),
    // Generates schemas/ from the model types (the questionnaire's is the rules
    // engine's); the loader finds a schema by `DocumentKind::schema_file`.
    ("schema", &["load", "eval"]),
    ("eval", &["load", "validate", "suggest", "schema"]),
    ("dpa", &["load", "validate"]),
    ("import", &["load", "validate", "suggest"]),
    ("cost", &["load", "validate", "eval"]),
    ("report", &["load", "validate", "eval", "cost", "dpa"]),
    (
        "render",
        &["load", "validate", "eval", "cost", "report", "dpa"],
    ),
    ("diff", &["load", "validate", "eval", "render", "suggest"]),
    (
        "pipeline",
        &[
            "load", "validate", "suggest", "eval", "dpa", "cost", "report", "render", "schema",
        ],
    ),
    (
        "cli",
        &[
            "load", "validate", "suggest", "eval", "dpa", "cost", "report", "render", "schema",
            "pipeline", "diff", "import", "output",
        ],
    ),
];

/// The higher stages no lower stage may name.
const HIGHER: &[&str] = &["eval", "cost", "report", "render", "pipeline", "cli"];

fn rust_files(dir: &Path, out: &mut Vec<PathBuf>) {
    for e in std::fs::read_dir(dir).unwrap().flatten() {
        let p = e.path();
        if p.is_dir() {
            rust_files(&p, out);
        } else if p.extension().is_some_and(|x| x == "rs") {
            out.push(p);
        }
    }
}

/// The top-level modules a file names as `crate::<name>` (also inside
/// `crate::{a, b::c}`), comments left out.
fn imports(text: &str) -> BTreeSet<String> {
    let mut out = BTreeSet::new();
    for line in text.lines() {
        let code = match line.find("//") {
            Some(i) => &line[..i],
            None => line,
        };
        let mut rest = code;
        while let Some(i) = rest.find("crate::") {
            rest = &rest[i + "crate::".len()..];
            if let Some(group) = rest.strip_prefix('{') {
                let end = group.find('}').unwrap_or(group.len());
                for item in group[..end].split(',') {
                    let name: String = item
                        .trim()
                        .chars()
                        .take_while(|c| c.is_alphanumeric() || *c == '_')
                        .collect();
                    if !name.is_empty() {
                        out.insert(name);
                    }
                }
            } else {
                let name: String = rest
                    .chars()
                    .take_while(|c| c.is_alphanumeric() || *c == '_')
                    .collect();
                if !name.is_empty() {
                    out.insert(name);
                }
            }
        }
    }
    out
}

#[test]
fn every_stage_imports_only_what_it_may() {
    let src = root().join("src");
    let mut modules: BTreeSet<String> = BTreeSet::new();
    for e in std::fs::read_dir(&src).unwrap().flatten() {
        let p = e.path();
        let name = p.file_stem().unwrap().to_string_lossy().to_string();
        if p.extension().is_some_and(|x| x == "rs") && name != "lib" && name != "main" {
            modules.insert(name);
        }
    }
    let mut wrong = Vec::new();
    for m in &modules {
        let Some((_, allowed)) = ALLOWED.iter().find(|(n, _)| n == m) else {
            wrong.push(format!(
                "src/{m}.rs: a new top-level module; give it its list in ALLOWED and in docs/architecture.md"
            ));
            continue;
        };
        let mut files = vec![src.join(format!("{m}.rs"))];
        let dir = src.join(m);
        if dir.is_dir() {
            rust_files(&dir, &mut files);
        }
        for f in files {
            let text = std::fs::read_to_string(&f).unwrap();
            for used in imports(&text) {
                if used == *m || BASE.contains(&used.as_str()) || allowed.contains(&used.as_str()) {
                    continue;
                }
                wrong.push(format!(
                    "{}: imports `crate::{used}`, which `{m}` may not",
                    f.strip_prefix(root()).unwrap().display()
                ));
            }
        }
    }
    assert!(wrong.is_empty(), "{}", wrong.join("\n"));
}

#[test]
fn the_lower_stages_are_allowed_nothing_higher() {
    for low in ["model", "diag", "load", "validate", "i18n", "suggest"] {
        let (_, allowed) = ALLOWED.iter().find(|(n, _)| *n == low).unwrap();
        for h in HIGHER {
            assert!(!allowed.contains(h), "{low} may import {h}");
        }
    }
}

#[test]
fn imports_are_read_from_paths_and_groups_not_comments() {
    let text = "use crate::load::{x, y};\nuse crate::{eval, render::pdf};\n// crate::cli::run\nlet a = crate::cost::x(); // crate::report\n";
    let got: Vec<String> = imports(text).into_iter().collect();
    assert_eq!(got, ["cost", "eval", "load", "render"]);
}
