//! The library pipeline (`cloudvet::pipeline`): each input file is read and
//! parsed once per run, and the lower stages import nothing from the higher ones.

use std::path::{Path, PathBuf};

use cloudvet::load::yaml::passes;
use cloudvet::pipeline::{self, InputPaths, Needs};

fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

/// A fresh copy of the inputs under a folder of its own, so the parse counts
/// (kept per file name, for the whole test process) are this test's alone.
fn copy(dir: &Path, from: &str, to: &str) -> PathBuf {
    let dest = dir.join(to);
    std::fs::create_dir_all(dest.parent().unwrap()).unwrap();
    std::fs::copy(root().join(from), &dest).unwrap();
    dest
}

#[test]
fn a_report_run_parses_each_input_file_once() {
    let dir = std::env::temp_dir().join(format!("cloudvet-pipeline-parses-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    let providers = vec![
        copy(&dir, "providers/hetzner.yaml", "providers/hetzner.yaml"),
        copy(&dir, "providers/ionos.yaml", "providers/ionos.yaml"),
    ];
    let requirements = copy(&dir, "docs/examples/requirements.yaml", "requirements.yaml");
    let workload = copy(&dir, "docs/examples/workload.yaml", "workload.yaml");
    let rent_vs_buy = copy(&dir, "docs/examples/rent-vs-buy.yaml", "rent-vs-buy.yaml");
    let pack = copy(&dir, "rules/dpa.yaml", "rules/dpa.yaml");
    let paths = InputPaths {
        providers: vec![dir.join("providers")],
        requirements: Some(requirements.clone()),
        workload: Some(workload.clone()),
        rent_vs_buy: Some(rent_vs_buy.clone()),
        rules: Some(dir.join("rules")),
        as_of: Some("2026-11-30".into()),
        ..Default::default()
    };
    let inputs = pipeline::load(&paths, Needs::ALL).unwrap_or_else(|d| panic!("{d:?}"));
    let report =
        pipeline::report(&inputs, cloudvet::i18n::Lang::En).unwrap_or_else(|d| panic!("{d:?}"));
    assert!(!report.providers.is_empty());
    let mut files = providers;
    files.extend([requirements, workload, rent_vs_buy, pack]);
    for f in &files {
        let name = f.display().to_string();
        // One event scan (limits, positions) and one value build per file; the typed
        // model comes from that value, and no later stage parses the text again.
        assert_eq!(passes(&name), (1, 1), "{name}");
        assert!(
            inputs.files.iter().any(|r| r.file == name),
            "{name} is missing from the provenance"
        );
    }
    let _ = std::fs::remove_dir_all(&dir);
}

/// `use crate::<module>` in `src/<stage>.rs` and `src/<stage>/**`.
fn imports(stage: &str) -> Vec<(String, String)> {
    let mut files = vec![root().join("src").join(format!("{stage}.rs"))];
    let mut dirs = vec![root().join("src").join(stage)];
    while let Some(d) = dirs.pop() {
        let Ok(rd) = std::fs::read_dir(&d) else {
            continue;
        };
        for e in rd.flatten() {
            let p = e.path();
            if p.is_dir() {
                dirs.push(p);
            } else if p.extension().is_some_and(|x| x == "rs") {
                files.push(p);
            }
        }
    }
    let mut out = Vec::new();
    for f in files {
        let text = std::fs::read_to_string(&f).unwrap();
        let mut rest = text.as_str();
        while let Some(i) = rest.find("crate::") {
            rest = &rest[i + "crate::".len()..];
            let module: String = rest
                .chars()
                .take_while(|c| c.is_ascii_alphanumeric() || *c == '_')
                .collect();
            // `$crate::cli::write_out` in a macro counts too: macros expand in place.
            out.push((
                f.strip_prefix(root()).unwrap().display().to_string(),
                module,
            ));
        }
    }
    out
}

#[test]
fn lower_stages_import_nothing_from_higher_ones() {
    // docs/architecture.md, "What each stage may import".
    let higher = [
        "eval", "cost", "report", "render", "cli", "pipeline", "dpa", "diff",
    ];
    let mut bad = Vec::new();
    for stage in ["model", "load", "diag"] {
        for (file, module) in imports(stage) {
            if higher.contains(&module.as_str()) {
                bad.push(format!("{file} uses crate::{module}"));
            }
        }
    }
    assert!(bad.is_empty(), "lower stages reach up:\n{}", bad.join("\n"));
    // The check sees imports at all (it cannot pass by reading nothing).
    assert!(imports("load").iter().any(|(_, m)| m == "diag"));
}
