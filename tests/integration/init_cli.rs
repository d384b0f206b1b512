//! `cloudvet init`: the scaffold validates with the real loader, its templates
//! explain every field of the schemas, it refuses to overwrite without
//! `--force`, and a mistyped provider ID gets a suggestion.

use std::path::Path;
use std::process::Command;

use cloudvet::embedded;
use cloudvet::load::SourceFile;
use cloudvet::pipeline::load_any;
use serde_json::Value;

use crate::common::{root, temp_dir};

fn init_in(cwd: &Path, args: &[&str]) -> std::process::Output {
    Command::new(env!("CARGO_BIN_EXE_cloudvet"))
        .arg("init")
        .args(args)
        .current_dir(cwd)
        .output()
        .expect("run cloudvet")
}

fn text(b: &[u8]) -> String {
    String::from_utf8_lossy(b).into_owned()
}

/// Loads a file with the real loader (kind from its `kind` field) and returns its errors.
fn loader_errors(display: &str, bytes: &[u8]) -> Vec<String> {
    let file = SourceFile::from_bytes(display, bytes).expect("utf-8");
    let (doc, diags) = load_any(&file);
    let errors: Vec<String> = diags
        .iter()
        .filter(|d| d.is_error())
        .map(|d| d.to_string())
        .collect();
    if errors.is_empty() {
        assert!(doc.is_some(), "{display}: no document and no error");
    }
    errors
}

#[test]
fn templates_validate_with_the_loader() {
    for lang in ["en", "de"] {
        for name in ["requirements.yaml", "workload.yaml", "my-provider.yaml"] {
            let path = format!("templates/init/{lang}/{name}");
            let bytes = embedded::file(&path).unwrap_or_else(|| panic!("{path} not embedded"));
            let errors = loader_errors(&path, bytes);
            assert!(errors.is_empty(), "{path}:\n{}", errors.join("\n"));
        }
    }
}

/// Every property name in a schema (recursively, through `$defs`).
fn property_names(schema: &Value, out: &mut std::collections::BTreeSet<String>) {
    match schema {
        Value::Object(m) => {
            if let Some(Value::Object(props)) = m.get("properties") {
                for k in props.keys() {
                    out.insert(k.clone());
                }
            }
            for v in m.values() {
                property_names(v, out);
            }
        }
        Value::Array(a) => a.iter().for_each(|v| property_names(v, out)),
        _ => {}
    }
}

#[test]
fn templates_explain_every_schema_field() {
    for (schema_file, template, skip) in [
        ("requirements.schema.json", "requirements.yaml", &[][..]),
        ("workload.schema.json", "workload.yaml", &[][..]),
    ] {
        let Some(schema) = embedded::file(&format!("schemas/{schema_file}")) else {
            // The workload schema arrives with the cost stage.
            assert_eq!(schema_file, "workload.schema.json", "{schema_file} missing");
            continue;
        };
        let schema: Value = serde_json::from_slice(schema).unwrap();
        let mut names = std::collections::BTreeSet::new();
        property_names(&schema, &mut names);
        for lang in ["en", "de"] {
            let path = format!("templates/init/{lang}/{template}");
            let t = text(embedded::file(&path).unwrap());
            let missing: Vec<&String> = names
                .iter()
                .filter(|n| !skip.contains(&n.as_str()))
                .filter(|n| !t.contains(&format!("{n}:")))
                .collect();
            assert!(
                missing.is_empty(),
                "{path} does not show the fields {missing:?} of {schema_file}"
            );
        }
    }
}

#[test]
fn provider_template_shows_every_section_and_its_examples_validate() {
    let schema: Value =
        serde_json::from_slice(embedded::file("schemas/provider.schema.json").unwrap()).unwrap();
    let top: Vec<&String> = schema["properties"].as_object().unwrap().keys().collect();
    for lang in ["en", "de"] {
        let path = format!("templates/init/{lang}/my-provider.yaml");
        let t = text(embedded::file(&path).unwrap());
        for k in &top {
            assert!(
                t.contains(&format!("{k}:")),
                "{path} lacks the section `{k}`"
            );
        }
        // Uncomment the example lines (a `# ` followed by YAML, after `name:`):
        // the filled-in template must still be a valid profile.
        let mut after_name = false;
        let mut out = String::new();
        for line in t.lines() {
            if line.starts_with("name:") {
                after_name = true;
            }
            let body = line.strip_prefix("# ").unwrap_or("");
            let is_yaml = body.starts_with(' ')
                || body.split_once(':').is_some_and(|(k, _)| {
                    !k.is_empty() && k.chars().all(|c| c.is_ascii_lowercase() || c == '_')
                });
            if after_name && is_yaml {
                out.push_str(body);
            } else {
                out.push_str(line);
            }
            out.push('\n');
        }
        let out = out
            .replace("sources: []", "sources:")
            .replace("gaps: []", "gaps:")
            .replace("#  - ", "  - ");
        let errors = loader_errors("my-provider.yaml", out.as_bytes());
        assert!(
            errors.is_empty(),
            "{path} with its examples filled in:\n{}\n---\n{out}",
            errors.join("\n")
        );
        let doc: serde_yaml::Value = serde_yaml::from_str(&out).unwrap();
        assert!(
            doc["dpa"]["subprocessors"]["list"].is_sequence(),
            "{path}: examples not uncommented"
        );
    }
}

#[test]
fn init_scaffolds_a_valid_folder_and_refuses_to_overwrite() {
    let tmp = temp_dir("init-scaffold");
    let out = init_in(&tmp, &["proc", "--providers", "aws,ionos"]);
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    let dir = tmp.join("proc");
    for f in [
        "requirements.yaml",
        "workload.yaml",
        "providers/aws.yaml",
        "providers/ionos.yaml",
        "schemas/provider.schema.json",
        "schemas/requirements.schema.json",
        ".vscode/settings.json",
        "README.md",
    ] {
        assert!(dir.join(f).is_file(), "{f} not written");
    }
    assert!(!dir.join("providers/my-provider.yaml").exists());
    // Profiles are the catalogue's, byte for byte.
    assert_eq!(
        std::fs::read(dir.join("providers/aws.yaml")).unwrap(),
        std::fs::read(root().join("providers/aws.yaml")).unwrap()
    );
    // The editor settings map existing schema files to the folder's files.
    let settings: Value =
        serde_json::from_slice(&std::fs::read(dir.join(".vscode/settings.json")).unwrap()).unwrap();
    let map = settings["yaml.schemas"].as_object().unwrap();
    assert_eq!(
        map["./schemas/provider.schema.json"][0],
        Value::from("providers/*.yaml")
    );
    for schema in map.keys() {
        assert!(
            dir.join(schema).is_file(),
            "{schema} mapped but not written"
        );
    }
    // The scaffold validates.
    let v = Command::new(env!("CARGO_BIN_EXE_cloudvet"))
        .args([
            "validate",
            "requirements.yaml",
            "workload.yaml",
            "providers/",
        ])
        .current_dir(&dir)
        .output()
        .unwrap();
    assert_eq!(
        v.status.code(),
        Some(0),
        "{}{}",
        text(&v.stdout),
        text(&v.stderr)
    );
    let readme = text(&std::fs::read(dir.join("README.md")).unwrap());
    assert!(readme.contains("`aws`, `ionos`"), "{readme}");
    assert!(!readme.contains("{providers}"));

    // A second run refuses, names the files, and changes nothing.
    std::fs::write(dir.join("requirements.yaml"), "edited").unwrap();
    let again = init_in(&tmp, &["proc", "--providers", "aws"]);
    assert_eq!(again.status.code(), Some(2));
    let err = text(&again.stderr);
    assert!(err.contains("already exist"), "{err}");
    assert!(
        err.contains("requirements.yaml") && err.contains("--force"),
        "{err}"
    );
    assert_eq!(
        std::fs::read(dir.join("requirements.yaml")).unwrap(),
        b"edited"
    );

    // --force overwrites.
    let forced = init_in(&tmp, &["proc", "--providers", "aws", "--force"]);
    assert_eq!(forced.status.code(), Some(0), "{}", text(&forced.stderr));
    assert_ne!(
        std::fs::read(dir.join("requirements.yaml")).unwrap(),
        b"edited"
    );
    let _ = std::fs::remove_dir_all(&tmp);
}

#[test]
fn init_in_german_without_providers_writes_the_template() {
    let tmp = temp_dir("init-de");
    let out = init_in(&tmp, &["--lang", "de"]);
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    assert!(
        text(&out.stdout).contains("Beschaffungsordner in . angelegt"),
        "{}",
        text(&out.stdout)
    );
    let req = text(&std::fs::read(tmp.join("requirements.yaml")).unwrap());
    assert!(req.contains("Anforderungen für eine GPU-Cloud-Beschaffung"));
    let readme = text(&std::fs::read(tmp.join("README.md")).unwrap());
    assert!(readme.contains("Nächste Schritte"), "{readme}");
    assert!(tmp.join("providers/my-provider.yaml").is_file());
    let _ = std::fs::remove_dir_all(&tmp);
}

#[test]
fn unknown_provider_id_suggests_and_writes_nothing() {
    let tmp = temp_dir("init-typo");
    let out = init_in(&tmp, &["proc", "--providers", "aws,hetzner,scalway"]);
    assert_eq!(out.status.code(), Some(2));
    let err = text(&out.stderr);
    assert!(err.contains("there is no provider `scalway`"), "{err}");
    assert!(err.contains("did you mean `scaleway`?"), "{err}");
    assert!(
        err.contains("open-telekom-cloud"),
        "the known IDs are listed: {err}"
    );
    assert!(!tmp.join("proc").exists(), "nothing is written on an error");
    let _ = std::fs::remove_dir_all(&tmp);
}

#[test]
fn init_into_a_file_is_refused() {
    let tmp = temp_dir("init-file");
    std::fs::write(tmp.join("afile"), "x").unwrap();
    let out = init_in(&tmp, &["afile"]);
    assert_eq!(out.status.code(), Some(2));
    assert!(
        text(&out.stderr).contains("not a folder"),
        "{}",
        text(&out.stderr)
    );
    let _ = std::fs::remove_dir_all(&tmp);
}

#[test]
fn a_typo_in_a_scaffolded_file_gets_a_suggestion() {
    let tmp = temp_dir("init-typo-field");
    let out = init_in(&tmp, &["proc"]);
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    let dir = tmp.join("proc");
    let req = std::fs::read_to_string(dir.join("requirements.yaml")).unwrap();
    std::fs::write(
        dir.join("requirements.yaml"),
        req.replace("  min_vram_gb: 80", "  min_vram_gib: 80"),
    )
    .unwrap();
    let v = Command::new(env!("CARGO_BIN_EXE_cloudvet"))
        .args(["validate", "requirements.yaml", "providers/"])
        .current_dir(&dir)
        .output()
        .unwrap();
    assert_eq!(v.status.code(), Some(2));
    let err = text(&v.stderr);
    assert!(err.contains("`min_vram_gib` is not a field here"), "{err}");
    assert!(err.contains("did you mean `min_vram_gb`?"), "{err}");
    assert!(
        err.contains("requirements.yaml:"),
        "the line is named: {err}"
    );
    // A mistyped folder name: where cloudvet looked, and the folder meant.
    let v = Command::new(env!("CARGO_BIN_EXE_cloudvet"))
        .args(["validate", "provders/"])
        .current_dir(&dir)
        .output()
        .unwrap();
    assert_eq!(v.status.code(), Some(2));
    let err = text(&v.stderr);
    assert!(err.contains("looked for"), "{err}");
    assert!(err.contains("did you mean `providers`?"), "{err}");
    // The same for the commands that read providers.
    let a = Command::new(env!("CARGO_BIN_EXE_cloudvet"))
        .args([
            "assess",
            "--providers",
            "provders/",
            "--requirements",
            "requirements.yaml",
        ])
        .current_dir(&dir)
        .output()
        .unwrap();
    assert_eq!(a.status.code(), Some(2));
    assert!(
        text(&a.stderr).contains("did you mean `providers`?"),
        "{}",
        text(&a.stderr)
    );
    let _ = std::fs::remove_dir_all(&tmp);
}
