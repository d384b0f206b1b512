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

/// Runs the real binary with the given arguments, from the repository root.
pub fn cloudvet(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_cloudvet"))
        .args(args)
        .current_dir(root())
        .output()
        .expect("run cloudvet")
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
