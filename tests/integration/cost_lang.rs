//! `cost` in English and German: provider IDs and names pass through unchanged, the
//! German table formats numbers the German way.

use std::process::Command;

fn cloudvet(args: &[&str]) -> (i32, String, String) {
    let out = Command::new(env!("CARGO_BIN_EXE_cloudvet"))
        .args(args)
        .env_remove("SOURCE_DATE_EPOCH")
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .output()
        .unwrap();
    (
        out.status.code().unwrap_or(-1),
        String::from_utf8(out.stdout).unwrap(),
        String::from_utf8(out.stderr).unwrap(),
    )
}

/// The cost fixture with `alpha-gpu` renamed to `gpufactory` / "Factor at Home GPU".
fn renamed_fixture() -> std::path::PathBuf {
    let src = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/fixtures/cost/providers");
    let dir = std::env::temp_dir().join(format!("cloudvet-cost-lang-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    for name in ["beta-cloud.yaml", "gamma-hpc.yaml"] {
        std::fs::copy(format!("{src}/{name}"), dir.join(name)).unwrap();
    }
    let alpha = std::fs::read_to_string(format!("{src}/alpha-gpu.yaml")).unwrap();
    let renamed: String = alpha
        .lines()
        .map(|l| {
            if l.starts_with("id:") {
                "id: gpufactory".to_string()
            } else if l.starts_with("name:") {
                "name: Factor at Home GPU".to_string()
            } else {
                l.to_string()
            }
        })
        .collect::<Vec<_>>()
        .join("\n");
    std::fs::write(dir.join("gpufactory.yaml"), renamed + "\n").unwrap();
    dir
}

#[test]
fn provider_id_is_unchanged_in_both_languages_and_german_numbers_are_german() {
    let dir = renamed_fixture();
    let providers = dir.to_str().unwrap();
    for (lang, format) in [
        ("en", "human"),
        ("de", "human"),
        ("en", "csv"),
        ("de", "csv"),
    ] {
        let (code, out, err) = cloudvet(&[
            "--lang",
            lang,
            "cost",
            "--format",
            format,
            "--providers",
            providers,
            "--requirements",
            "tests/fixtures/cost/requirements.yaml",
        ]);
        assert_eq!(code, 0, "{lang} {format}: {err}");
        assert!(out.contains("gpufactory"), "{lang} {format}:\n{out}");
        assert!(
            !out.to_lowercase().contains("gpufaktory"),
            "{lang} {format}:\n{out}"
        );
        if lang == "de" && format == "human" {
            assert!(out.contains("1.086,00"), "{out}");
            assert!(!out.contains("1,086.00"), "{out}");
        }
    }
    let _ = std::fs::remove_dir_all(&dir);
}
