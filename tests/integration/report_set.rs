//! The report folder always holds one complete set (issue 17 point 3): a run
//! killed at any step of publishing leaves the old set or the new one, never a
//! mix; the next run removes what the dead one left; two runs into one folder at
//! once end with one complete set; files that are not a report stop the run.

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use std::process::Output;

fn tmp(name: &str) -> PathBuf {
    let d = std::env::temp_dir().join(format!("cloudvet-set-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&d);
    std::fs::create_dir_all(&d).unwrap();
    d
}

fn report(out: &Path, lang: &str, abort_at: Option<&str>) -> Output {
    let mut c = crate::common::command();
    c.args(["--lang", lang, "report", "--format", "md,json,csv", "--out"])
        .arg(out)
        .args(["--as-of", "2026-11-30"])
        .env_remove("SOURCE_DATE_EPOCH")
        .env_remove("CLOUDVET_ABORT_AT");
    if let Some(step) = abort_at {
        c.env("CLOUDVET_ABORT_AT", step);
    }
    c.output().expect("run cloudvet")
}

/// The folder's files and their bytes.
fn contents(dir: &Path) -> BTreeMap<String, Vec<u8>> {
    std::fs::read_dir(dir)
        .map(|rd| {
            rd.map(|e| {
                let e = e.unwrap();
                (
                    e.file_name().to_string_lossy().into_owned(),
                    std::fs::read(e.path()).unwrap(),
                )
            })
            .collect()
        })
        .unwrap_or_default()
}

/// Siblings a run leaves beside the folder (the lock file is meant to stay).
fn leftovers(parent: &Path) -> Vec<String> {
    let mut v: Vec<String> = std::fs::read_dir(parent)
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .filter(|n| n.contains(".cloudvet-new-") || n.contains(".cloudvet-old-"))
        .collect();
    v.sort();
    v
}

#[test]
fn a_run_killed_at_any_step_leaves_the_old_or_the_new_set() {
    let base = tmp("kill");
    // The reference sets: English (old) and German (new), each written cleanly.
    let (en_dir, de_dir) = (base.join("en"), base.join("de"));
    assert!(report(&en_dir, "en", None).status.success());
    assert!(report(&de_dir, "de", None).status.success());
    let (old, new) = (contents(&en_dir), contents(&de_dir));
    assert_ne!(old, new);
    assert_eq!(old.len(), 6, "{:?}", old.keys());

    for step in ["locked", "cleaned", "written", "published"] {
        let parent = base.join(step);
        std::fs::create_dir_all(&parent).unwrap();
        let out = parent.join("r");
        assert!(report(&out, "en", None).status.success());
        let killed = report(&out, "de", Some(step));
        assert!(
            !killed.status.success(),
            "{step}: the run was not cut short"
        );
        let now = contents(&out);
        assert!(
            now == old || now == new,
            "{step}: the folder holds a mix: {:?}",
            now.keys()
        );
        let expect_new = step == "published";
        assert_eq!(now == new, expect_new, "{step}");
        // The next run cleans up after the dead one and publishes its own set.
        assert!(report(&out, "de", None).status.success(), "{step}");
        assert_eq!(contents(&out), new, "{step}");
        assert_eq!(leftovers(&parent), Vec::<String>::new(), "{step}");
    }
    std::fs::remove_dir_all(&base).unwrap();
}

#[test]
fn two_runs_into_one_folder_end_with_one_complete_set() {
    let base = tmp("concurrent");
    let (en_dir, de_dir) = (base.join("en"), base.join("de"));
    assert!(report(&en_dir, "en", None).status.success());
    assert!(report(&de_dir, "de", None).status.success());
    let (en, de) = (contents(&en_dir), contents(&de_dir));
    let out = base.join("shared");
    for round in 0..4 {
        let spawn = |lang: &str| {
            crate::common::command()
                .args(["--lang", lang, "report", "--format", "md,json,csv", "--out"])
                .arg(&out)
                .args(["--as-of", "2026-11-30"])
                .env_remove("SOURCE_DATE_EPOCH")
                .env_remove("CLOUDVET_ABORT_AT")
                .spawn()
                .unwrap()
        };
        let (mut a, mut b) = (spawn("en"), spawn("de"));
        let (ra, rb) = (a.wait().unwrap(), b.wait().unwrap());
        // The second waits for the first (the lock), so both succeed.
        assert!(ra.success() && rb.success(), "round {round}");
        let now = contents(&out);
        assert!(
            now == en || now == de,
            "round {round}: mixed set {:?}",
            now.keys()
        );
        assert_eq!(leftovers(&base), Vec::<String>::new(), "round {round}");
    }
    std::fs::remove_dir_all(&base).unwrap();
}

#[test]
fn a_folder_with_other_files_is_not_replaced() {
    let base = tmp("foreign");
    let out = base.join("mine");
    std::fs::create_dir_all(&out).unwrap();
    std::fs::write(out.join("notes.txt"), "keep me").unwrap();
    let r = report(&out, "en", None);
    assert_eq!(r.status.code(), Some(2));
    let err = String::from_utf8_lossy(&r.stderr);
    assert!(
        err.contains("notes.txt") && err.contains("nothing was written"),
        "{err}"
    );
    assert_eq!(
        std::fs::read_to_string(out.join("notes.txt")).unwrap(),
        "keep me"
    );
    assert_eq!(contents(&out).len(), 1);
    // A file where the folder should be.
    let file = base.join("file");
    std::fs::write(&file, "x").unwrap();
    let r = report(&file, "en", None);
    assert_eq!(r.status.code(), Some(2));
    assert_eq!(std::fs::read_to_string(&file).unwrap(), "x");
    std::fs::remove_dir_all(&base).unwrap();
}

/// Every edition's files are ones the report set owns: a later run replaces them and
/// never calls them foreign files in the folder.
#[test]
fn every_edition_file_belongs_to_the_report_set() {
    for e in cloudvet::render::Edition::ALL {
        let name = format!("{}.pdf", e.file_stem());
        assert!(
            cloudvet::output::REPORT_FILE_PREFIXES
                .iter()
                .any(|p| name.starts_with(p)),
            "{name}"
        );
    }
}
