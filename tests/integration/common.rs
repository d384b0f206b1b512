//! Helpers shared by the integration tests.

use std::path::{Path, PathBuf};
use std::process::{Command, Output};

/// The repository root.
pub fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

/// A path under tests/fixtures/.
pub fn fixture(rel: &str) -> PathBuf {
    root().join("tests/fixtures").join(rel)
}

/// The one builder for running the real binary: from the repository root, with
/// the environment that decides output cleared — no `SOURCE_DATE_EPOCH`, no
/// fault-injection hook, and the locale set to `C` so the language is English
/// unless a test passes `--lang` (cloudvet takes the language from `LC_ALL` /
/// `LANG` otherwise, so a German developer's shell must not change results).
pub fn command() -> Command {
    let mut c = Command::new(env!("CARGO_BIN_EXE_cloudvet"));
    c.current_dir(root())
        .env_remove("SOURCE_DATE_EPOCH")
        .env_remove("CLOUDVET_ABORT_AT")
        .env_remove("LC_MESSAGES")
        .env_remove("LANGUAGE")
        .env("LC_ALL", "C")
        .env("LANG", "C");
    c
}

/// Runs the real binary with the given arguments, from the repository root.
pub fn cloudvet(args: &[&str]) -> Output {
    command().args(args).output().expect("run cloudvet")
}

/// Runs `cloudvet validate --format json PATH` and returns (exit code, diagnostics).
pub fn validate_json(path: &Path) -> (i32, Vec<serde_json::Value>) {
    let out = cloudvet(&["validate", "--format", "json", &path.display().to_string()]);
    let diags: Vec<serde_json::Value> = serde_json::from_slice(&out.stdout).unwrap_or_else(|e| {
        panic!(
            "stdout is not a JSON array ({e}):\n{}\nstderr:\n{}",
            String::from_utf8_lossy(&out.stdout),
            String::from_utf8_lossy(&out.stderr)
        )
    });
    (out.status.code().unwrap_or(-1), diags)
}

/// A fresh temporary folder for one test.
pub fn temp_dir(name: &str) -> PathBuf {
    let d = std::env::temp_dir().join(format!("cloudvet-test-{}-{name}", std::process::id()));
    let _ = std::fs::remove_dir_all(&d);
    std::fs::create_dir_all(&d).expect("create temp dir");
    d
}
