//! Text hygiene: a provider name and a DPA text carrying control characters
//! (NUL, ESC with a colour sequence, BEL, DEL, C1 NEL, the right-to-left
//! override and an isolate) go through every command that writes for people.
//! No human output — terminal, HTML, Markdown, CSV, the PDF's text layer —
//! may carry them raw: each is shown visibly (`\u{1b}`). JSON keeps the text
//! as it is, C0 controls JSON-escaped.

use std::path::Path;

use crate::common::{command, root, temp_dir};

/// The characters that must never reach a reader raw (and their names).
const HIDDEN: [(char, &str); 8] = [
    ('\u{0}', "NUL"),
    ('\u{1b}', "ESC"),
    ('\u{7}', "BEL"),
    ('\u{7f}', "DEL"),
    ('\u{85}', "NEL"),
    ('\u{202e}', "RLO"),
    ('\u{2066}', "LRI"),
    ('\u{2069}', "PDI"),
];

fn assert_clean(what: &str, text: &str) {
    for (c, name) in HIDDEN {
        assert!(!text.contains(c), "{what}: raw {name} in:\n{text}");
    }
}

/// The Nebius profile renamed to carry every hidden character.
fn hostile_profile(dir: &Path) {
    let p = dir.join("p");
    std::fs::create_dir_all(&p).unwrap();
    let profile = std::fs::read_to_string(root().join("providers/nebius.yaml")).unwrap();
    let name = r#"name: "Neb\0ius \e[31mRED\a \u202Egnp.exe \x85NEL \u2066iso\u2069 \x7f""#;
    let mut done = false;
    let renamed: Vec<String> = profile
        .lines()
        .map(|l| {
            if !done && l.starts_with("name: ") {
                done = true;
                name.to_string()
            } else {
                l.to_string()
            }
        })
        .collect();
    assert!(done);
    std::fs::write(p.join("nebius.yaml"), renamed.join("\n") + "\n").unwrap();
}

fn run(dir: &Path, args: &[&str]) -> (String, String) {
    let out = command()
        .current_dir(dir)
        .args(args)
        .output()
        .expect("run cloudvet");
    let stdout = String::from_utf8_lossy(&out.stdout).into_owned();
    let stderr = String::from_utf8_lossy(&out.stderr).into_owned();
    assert!(
        matches!(out.status.code(), Some(0) | Some(1)),
        "{args:?}: exit {:?}\n{stderr}",
        out.status.code()
    );
    (stdout, stderr)
}

/// The text layer of a PDF we wrote, read by the DPA reader.
fn pdf_text(path: &Path) -> String {
    let bytes = std::fs::read(path).unwrap();
    cloudvet::dpa::text::read_document("x.pdf", &bytes)
        .unwrap()
        .lines
        .join("\n")
}

#[test]
fn control_characters_never_reach_a_reader_raw() {
    let dir = temp_dir("hostile-text");
    hostile_profile(&dir);
    for args in [
        vec!["validate", "p"],
        vec!["assess", "--providers", "p"],
        vec!["assess", "--providers", "p", "--format", "csv"],
        vec!["cost", "--providers", "p"],
        vec!["cost", "--providers", "p", "--format", "csv"],
    ] {
        let (out, err) = run(&dir, &args);
        assert_clean(&format!("{args:?} stdout"), &out);
        assert_clean(&format!("{args:?} stderr"), &err);
    }
    // The name is there, visibly.
    let (out, _) = run(&dir, &["assess", "--providers", "p"]);
    assert!(out.contains("\\u{1b}[31mRED"), "{out}");

    // The report set: every human format, and JSON keeping the text.
    run(
        &dir,
        &[
            "report",
            "--providers",
            "p",
            "--as-of",
            "2026-11-30",
            "--out",
            "rep",
        ],
    );
    for f in [
        "decision.html",
        "decision.md",
        "annex-dpo.html",
        "annex-dpo.md",
        "annex-procurement.html",
        "annex-procurement.md",
        "shortlist.csv",
        "cost.csv",
    ] {
        let text = std::fs::read_to_string(dir.join("rep").join(f)).unwrap();
        assert_clean(f, &text);
    }
    let mut pdf = String::new();
    for f in ["decision.pdf", "annex-dpo.pdf", "annex-procurement.pdf"] {
        let text = pdf_text(&dir.join("rep").join(f));
        assert_clean(&format!("{f} text layer"), &text);
        pdf.push_str(&text);
    }
    assert!(pdf.contains("RED"), "{pdf}");
    let json = std::fs::read_to_string(dir.join("rep/report.json")).unwrap();
    assert!(json.contains("\\u001b[31mRED"), "JSON escapes C0 controls");
    assert!(!json.contains('\u{1b}'));
    let parsed: serde_json::Value = serde_json::from_str(&json).unwrap();
    assert!(parsed.to_string().contains("\\u001b[31mRED\\u0007"));

    // Questionnaire and diff.
    run(
        &dir,
        &[
            "questionnaire",
            "--providers",
            "p",
            "--provider",
            "nebius",
            "--out",
            "q",
        ],
    );
    for entry in std::fs::read_dir(dir.join("q")).unwrap() {
        let path = entry.unwrap().path();
        if path.extension().is_some_and(|e| e == "md") {
            assert_clean("questionnaire", &std::fs::read_to_string(&path).unwrap());
        }
    }
    std::fs::create_dir_all(dir.join("old")).unwrap();
    std::fs::copy(
        root().join("providers/nebius.yaml"),
        dir.join("old/nebius.yaml"),
    )
    .unwrap();
    for format in ["human", "md"] {
        let (out, err) = run(&dir, &["diff", "old", "p", "--format", format]);
        assert_clean(&format!("diff {format}"), &out);
        assert_clean(&format!("diff {format} stderr"), &err);
        assert!(out.contains("RED"), "{out}");
    }

    // A DPA with controls in its text: the scan's summary, then the review
    // rendered to every format.
    std::fs::write(
        dir.join("dpa.txt"),
        "Data Processing Agreement\n\n1. The processor \u{1b}[2J processes personal data only on documented instructions\u{7} of the controller \u{202e}(gnp.exe).\n2. Sub-processors \u{85} need the controller's prior written authorisation.\n",
    )
    .unwrap();
    let (out, err) = run(&dir, &["dpa", "scan", "dpa.txt"]);
    assert_clean("dpa scan", &out);
    assert_clean("dpa scan stderr", &err);
    run(
        &dir,
        &[
            "dpa",
            "scan",
            "dpa.txt",
            "--provider",
            "nebius",
            "--providers",
            "p",
            "--out",
            "review.yaml",
        ],
    );
    std::fs::create_dir_all(dir.join("dparep")).unwrap();
    let (_, err) = run(&dir, &["dpa", "report", "review.yaml", "--out", "dparep"]);
    assert_clean("dpa report stderr", &err);
    for entry in std::fs::read_dir(dir.join("dparep")).unwrap() {
        let path = entry.unwrap().path();
        let text = match path.extension().and_then(|e| e.to_str()) {
            Some("pdf") => pdf_text(&path),
            _ => std::fs::read_to_string(&path).unwrap(),
        };
        assert_clean(&path.display().to_string(), &text);
    }
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn a_file_name_with_an_escape_sequence_is_shown_visibly() {
    let dir = temp_dir("hostile-text-name");
    let name = "bad\u{1b}[2J\u{7}.yaml";
    std::fs::write(dir.join(name), "kind: provider\n").unwrap();
    let out = command()
        .current_dir(&dir)
        .args(["validate", name])
        .output()
        .unwrap();
    let err = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(2), "{err}");
    assert_clean("diagnostic", &err);
    assert!(err.contains("bad\\u{1b}[2J\\u{7}.yaml"), "{err}");
    let _ = std::fs::remove_dir_all(&dir);
}
