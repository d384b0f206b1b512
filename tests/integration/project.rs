//! The procurement folder (issue 13 item 6): `cloudvet init` writes `cloudvet.yaml`;
//! every command run in the folder or a subfolder (or with `--project DIR`) reads the
//! files it names, flags override it, stderr says which files were used, and a
//! signed review in `reviews/` is applied without `--reviews`.

use std::path::Path;
use std::process::Output;

use cloudvet::model::review::{DpaReview, SignOff, SignOffDecision, Verdict};

use crate::common::{command, root, temp_dir};

fn run_in(cwd: &Path, args: &[&str]) -> Output {
    command()
        .current_dir(cwd)
        .args(args)
        .output()
        .expect("run cloudvet")
}

fn text(b: &[u8]) -> String {
    String::from_utf8_lossy(b).into_owned()
}

/// A folder made by `cloudvet init` with three catalogue providers.
fn folder(name: &str) -> std::path::PathBuf {
    let dir = temp_dir(name);
    let o = run_in(
        &dir,
        &["init", "p", "--providers", "hetzner,ionos,scaleway"],
    );
    assert!(o.status.success(), "{}", text(&o.stderr));
    dir.join("p")
}

fn providers_in(assessment: &str) -> Vec<String> {
    let v: serde_json::Value = serde_json::from_str(assessment).expect("json");
    let mut ids: Vec<String> = v["providers"]
        .as_array()
        .unwrap()
        .iter()
        .map(|p| p["id"].as_str().unwrap().to_string())
        .collect();
    ids.sort();
    ids
}

#[test]
fn the_project_file_is_found_from_a_subfolder() {
    let p = folder("sub");
    let sub = p.join("notes/meeting");
    std::fs::create_dir_all(&sub).unwrap();
    let o = run_in(
        &sub,
        &["assess", "--format", "json", "--as-of", "2026-12-01"],
    );
    assert!(o.status.success(), "{}", text(&o.stderr));
    // The folder's three profiles, not the embedded catalogue of 18.
    assert_eq!(
        providers_in(&text(&o.stdout)),
        vec!["hetzner", "ionos", "scaleway"]
    );
    let err = text(&o.stderr);
    assert!(
        err.contains("note: using the project file ../../cloudvet.yaml"),
        "{err}"
    );
    assert!(
        err.contains("requirements: ../../requirements.yaml"),
        "{err}"
    );
    assert!(err.contains("../../providers/hetzner.yaml"), "{err}");

    // The same from anywhere with --project, and `--no-project` reads the defaults.
    let o = run_in(
        &root(),
        &[
            "assess",
            "--format",
            "json",
            "--as-of",
            "2026-12-01",
            "--project",
            p.to_str().unwrap(),
        ],
    );
    assert!(o.status.success(), "{}", text(&o.stderr));
    assert_eq!(providers_in(&text(&o.stdout)).len(), 3);
    let o = run_in(&sub, &["assess", "--format", "json", "--no-project"]);
    assert!(o.status.success(), "{}", text(&o.stderr));
    assert!(providers_in(&text(&o.stdout)).len() > 3);
    assert!(!text(&o.stderr).contains("project file"));
}

#[test]
fn flags_override_the_project_file_and_the_note_says_so() {
    let p = folder("override");
    let only = root().join("providers/aws.yaml");
    let o = run_in(
        &p,
        &[
            "--lang",
            "de",
            "assess",
            "--format",
            "json",
            "--providers",
            only.to_str().unwrap(),
        ],
    );
    assert!(o.status.success(), "{}", text(&o.stderr));
    assert_eq!(providers_in(&text(&o.stdout)), vec!["aws"]);
    let err = text(&o.stderr);
    assert!(err.contains("Projektdatei cloudvet.yaml"), "{err}");
    assert!(
        err.contains("stattdessen auf der Befehlszeile angegeben: --providers"),
        "{err}"
    );
    assert!(err.contains("Anforderungen: requirements.yaml"), "{err}");
}

#[test]
fn a_broken_project_file_is_a_clear_error() {
    let p = folder("broken");
    let yaml = std::fs::read_to_string(p.join("cloudvet.yaml"))
        .unwrap()
        .replace("workload: workload.yaml", "workload: work.yaml");
    std::fs::write(p.join("cloudvet.yaml"), yaml).unwrap();
    let o = run_in(&p, &["cost"]);
    assert_eq!(o.status.code(), Some(2));
    let err = text(&o.stderr);
    assert!(err.contains("cloudvet.yaml:7"), "{err}");
    assert!(err.contains("work.yaml"), "{err}");
    // An unknown field is refused by the schema.
    std::fs::write(
        p.join("cloudvet.yaml"),
        "kind: project\nschema_version: 1\nrequirement: requirements.yaml\n",
    )
    .unwrap();
    let o = run_in(&p, &["validate"]);
    assert_eq!(o.status.code(), Some(2));
    assert!(
        text(&o.stderr).contains("requirement"),
        "{}",
        text(&o.stderr)
    );
    // --project naming a folder without a project file.
    let o = run_in(&root(), &["assess", "--project", "docs"]);
    assert_eq!(o.status.code(), Some(2));
    assert!(text(&o.stderr).contains("no project file"));
}

#[test]
fn validate_checks_the_files_the_project_names() {
    let p = folder("validate");
    let o = run_in(&p, &["validate"]);
    assert!(o.status.success(), "{}", text(&o.stderr));
    let err = text(&o.stderr);
    // The project file, requirements, workload and three profiles.
    assert!(err.contains("valid: 6 file(s) checked"), "{err}");
    assert!(err.contains("answers: answers/ (no files)"), "{err}");
}

#[test]
fn a_signed_review_in_the_folder_is_applied_without_flags() {
    let p = folder("review");
    let doc = root().join("tests/fixtures/dpa/de-complete-paragraphen.txt");
    let o = run_in(
        &p,
        &[
            "dpa",
            "scan",
            doc.to_str().unwrap(),
            "--provider",
            "hetzner",
            "--out",
            "reviews/hetzner.yaml",
        ],
    );
    assert!(o.status.success(), "{}", text(&o.stderr));
    let path = p.join("reviews/hetzner.yaml");
    let mut review: DpaReview =
        serde_yaml::from_str(&std::fs::read_to_string(&path).unwrap()).unwrap();
    for e in &mut review.elements {
        e.verdict = Verdict::Accept;
        e.reviewer = Some("Dr. A. Muster".into());
        e.date = Some("2026-11-30".parse().unwrap());
    }
    review.sign_off = Some(SignOff {
        name: "Dr. A. Muster".into(),
        role: None,
        date: "2026-11-30".parse().unwrap(),
        decision: SignOffDecision::Approved,
        comment: None,
    });
    std::fs::write(&path, serde_yaml::to_string(&review).unwrap()).unwrap();
    let o = run_in(&p, &["assess", "--format", "json", "--as-of", "2026-12-01"]);
    assert!(o.status.success(), "{}", text(&o.stderr));
    let err = text(&o.stderr);
    assert!(
        err.contains("DPA reviews: reviews/ (reviews/hetzner.yaml)"),
        "{err}"
    );
    assert!(
        err.contains(
            "DPA review reviews/hetzner.yaml (signed off 2026-11-30) applied to `hetzner`"
        ),
        "{err}"
    );
}
