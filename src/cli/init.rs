//! `cloudvet init [DIR]`: scaffold a procurement folder — requirements and
//! workload with every field explained (in `--lang`), provider profiles from the
//! embedded catalogue (or an empty template), the JSON Schemas with an editor
//! settings file that maps them, and a README of next steps.

use crate::diag::LoadCode;
use std::path::{Path, PathBuf};

use super::{Global, Lang, Status};
use crate::diag::Diagnostic;
use crate::i18n::{fill, t};

#[derive(Debug, Clone, clap::Args)]
pub struct Args {
    /// Folder to create or fill (`.` is the current folder).
    #[arg(default_value = ".")]
    pub dir: PathBuf,
    /// Provider profiles to copy from the embedded catalogue, comma-separated IDs
    /// (e.g. `aws,ionos`); without it, an empty template profile is written.
    #[arg(
        long,
        value_delimiter = ',',
        value_name = "ID,ID,…",
        value_parser = super::completions::Suggest::providers(),
        hide_possible_values = true
    )]
    pub providers: Vec<String>,
    /// Overwrite files that already exist.
    #[arg(long)]
    pub force: bool,
}

/// One file init writes: its path inside the folder and its contents.
#[derive(Debug, Clone, PartialEq)]
pub struct PlannedFile {
    pub path: String,
    pub contents: Vec<u8>,
}

/// The embedded catalogue's provider IDs, in file order.
pub fn catalogue_ids() -> Vec<&'static str> {
    crate::embedded::files_under("providers")
        .filter_map(|(p, _)| p.strip_prefix("providers/")?.strip_suffix(".yaml"))
        .collect()
}

fn lang_dir(lang: Lang) -> &'static str {
    lang.code()
}

fn template(lang: Lang, name: &str) -> Result<&'static [u8], Diagnostic> {
    let path = format!("templates/init/{}/{name}", lang_dir(lang));
    crate::embedded::file(&path).ok_or_else(|| {
        Diagnostic::error(
            LoadCode::FileUnreadable,
            format!("this build has no embedded {path}"),
        )
        .help("rebuild cloudvet from a complete source tree")
    })
}

/// Which schema file maps to which files of the folder (globs as the YAML
/// language server reads them).
const SCHEMA_GLOBS: &[(&str, &[&str])] = &[
    (
        "provider.schema.json",
        &["providers/*.yaml", "providers/*.yml"],
    ),
    (
        "requirements.schema.json",
        &["requirements.yaml", "requirements*.yaml"],
    ),
    ("workload.schema.json", &["workload.yaml", "workload*.yaml"]),
    ("rent_vs_buy.schema.json", &["rent-vs-buy.yaml"]),
    (
        "dpa_review.schema.json",
        &["reviews/*.yaml", "reviews/*.yml"],
    ),
    ("rule_pack.schema.json", &["rules/*.yaml", "rules/*.yml"]),
    ("project.schema.json", &["cloudvet.yaml"]),
    (
        "questionnaire.schema.json",
        &["**/*-questionnaire.yaml", "questions/*.yaml"],
    ),
];

/// The files `cloudvet init` writes, in writing order. Pure: reads only the
/// embedded data, so tests can check the plan without touching the disk.
pub fn plan(lang: Lang, providers: &[String]) -> Result<Vec<PlannedFile>, Vec<Diagnostic>> {
    let mut files = vec![PlannedFile {
        path: crate::model::project::PROJECT_FILE.into(),
        contents: crate::pipeline::project::init_text(lang).into_bytes(),
    }];
    let mut diags = Vec::new();
    for (path, name) in [
        ("requirements.yaml", "requirements.yaml"),
        ("workload.yaml", "workload.yaml"),
    ] {
        match template(lang, name) {
            Ok(b) => files.push(PlannedFile {
                path: path.to_string(),
                contents: b.to_vec(),
            }),
            Err(d) => diags.push(d),
        }
    }

    // Providers: the chosen catalogue profiles, or the empty template.
    let known = catalogue_ids();
    let mut chosen: Vec<&str> = Vec::new();
    for raw in providers {
        let id = raw.trim();
        if id.is_empty() || chosen.contains(&id) {
            continue;
        }
        if known.contains(&id) {
            chosen.push(id);
        } else {
            diags.push(crate::suggest::unknown_provider_in(
                lang,
                id,
                &known,
                crate::i18n::t(lang, "init_the_catalogue"),
            ));
        }
    }
    if chosen.is_empty() && providers.iter().all(|p| p.trim().is_empty()) {
        match template(lang, "my-provider.yaml") {
            Ok(b) => files.push(PlannedFile {
                path: "providers/my-provider.yaml".into(),
                contents: b.to_vec(),
            }),
            Err(d) => diags.push(d),
        }
    }
    for id in &chosen {
        let path = format!("providers/{id}.yaml");
        match crate::embedded::file(&path) {
            Some(b) => files.push(PlannedFile {
                path,
                contents: b.to_vec(),
            }),
            None => diags.push(crate::suggest::unknown_provider_in(
                lang,
                id,
                &known,
                crate::i18n::t(lang, "init_the_catalogue"),
            )),
        }
    }

    // The folder for DPA reviews (`cloudvet dpa scan … --out reviews/<id>.yaml`).
    files.push(PlannedFile {
        path: "reviews/.gitkeep".into(),
        contents: Vec::new(),
    });
    // The folder for answered questionnaires (`cloudvet questionnaire`, filled in by the vendor).
    files.push(PlannedFile {
        path: "answers/.gitkeep".into(),
        contents: Vec::new(),
    });

    // Schemas and the editor settings that map them.
    let mut mapping = serde_json::Map::new();
    for (path, bytes) in crate::embedded::files_under("schemas") {
        let Some(name) = path.strip_prefix("schemas/") else {
            continue;
        };
        if !name.ends_with(".json") || name.contains('/') {
            continue;
        }
        files.push(PlannedFile {
            path: path.to_string(),
            contents: bytes.to_vec(),
        });
        if let Some((_, globs)) = SCHEMA_GLOBS.iter().find(|(n, _)| *n == name) {
            mapping.insert(
                format!("./schemas/{name}"),
                serde_json::Value::from(globs.to_vec()),
            );
        }
    }
    let mut settings = serde_json::Map::new();
    settings.insert("yaml.schemas".into(), serde_json::Value::Object(mapping));
    let mut text = serde_json::to_string_pretty(&serde_json::Value::Object(settings))
        .unwrap_or_else(|_| "{}".into());
    text.push('\n');
    files.push(PlannedFile {
        path: ".vscode/settings.json".into(),
        contents: text.into_bytes(),
    });

    match template(lang, "README.md") {
        Ok(b) => {
            let readme =
                String::from_utf8_lossy(b).replace("{providers}", &providers_line(lang, &chosen));
            files.push(PlannedFile {
                path: "README.md".into(),
                contents: readme.into_bytes(),
            });
        }
        Err(d) => diags.push(d),
    }

    if diags.is_empty() {
        Ok(files)
    } else {
        Err(diags)
    }
}

fn providers_line(lang: Lang, chosen: &[&str]) -> String {
    if chosen.is_empty() {
        return t(lang, "init_providers_template").to_string();
    }
    let list: Vec<String> = chosen.iter().map(|id| format!("`{id}`")).collect();
    fill(
        lang,
        "init_providers_catalogue",
        &[("list", &list.join(", "))],
    )
}

pub fn run(args: &Args, global: &Global) -> Status {
    let lang = global.lang;
    let files = match plan(lang, &args.providers) {
        Ok(f) => f,
        Err(d) => {
            super::print_diagnostics(&d, lang);
            return Status::BadInput;
        }
    };
    let dir = &args.dir;
    if dir.exists() && !dir.is_dir() {
        super::print_diagnostic(
            &Diagnostic::error(LoadCode::FileUnreadable, t(lang, "init_not_a_folder"))
                .in_file(dir.display().to_string())
                .help(t(lang, "init_not_a_folder_help")),
            lang,
        );
        return Status::BadInput;
    }
    let existing: Vec<&PlannedFile> = files
        .iter()
        .filter(|f| dir.join(&f.path).exists())
        .collect();
    if !existing.is_empty() && !args.force {
        errln!(
            "{}",
            fill(
                lang,
                "init_would_overwrite",
                &[
                    ("n", &existing.len().to_string()),
                    ("dir", &dir.display().to_string())
                ]
            )
        );
        for f in &existing {
            errln!("  {}", dir.join(&f.path).display());
        }
        errln!("{}", t(lang, "init_would_overwrite_help"));
        return Status::BadInput;
    }
    for f in &files {
        let target = dir.join(&f.path);
        if let Err(e) = write_one(&target, &f.contents) {
            super::print_diagnostic(
                &Diagnostic::error(
                    LoadCode::FileUnreadable,
                    fill(lang, "init_cannot_write", &[("error", &e.to_string())]),
                )
                .in_file(target.display().to_string())
                .help(t(lang, "init_cannot_write_help")),
                lang,
            );
            return Status::BadInput;
        }
    }
    let mut out = String::new();
    out.push_str(&fill(
        lang,
        "init_created",
        &[("dir", &dir.display().to_string())],
    ));
    out.push('\n');
    // The schemas are one line: their number changes as cloudvet learns new kinds of file.
    let mut schemas_listed = false;
    for f in &files {
        if f.path.starts_with("schemas/") {
            if !schemas_listed {
                schemas_listed = true;
                out.push_str(&format!("  {}\n", t(lang, "init_schemas_line")));
            }
            continue;
        }
        out.push_str(&format!("  {}\n", f.path));
    }
    let cd = if dir == Path::new(".") {
        String::new()
    } else {
        format!("`cd {}`, ", dir.display())
    };
    out.push_str(&fill(lang, "init_next", &[("cd", &cd)]));
    out.push('\n');
    out!("{out}");
    Status::Ok
}

fn write_one(path: &Path, bytes: &[u8]) -> std::io::Result<()> {
    if let Some(parent) = path.parent() {
        if !parent.as_os_str().is_empty() {
            std::fs::create_dir_all(parent)?;
        }
    }
    crate::output::write_atomic(path, bytes)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn plan_has_every_part() {
        let files = plan(Lang::En, &[]).unwrap();
        let paths: Vec<&str> = files.iter().map(|f| f.path.as_str()).collect();
        for p in [
            "requirements.yaml",
            "workload.yaml",
            "providers/my-provider.yaml",
            ".vscode/settings.json",
            "README.md",
            "reviews/.gitkeep",
            "answers/.gitkeep",
            "cloudvet.yaml",
        ] {
            assert!(paths.contains(&p), "{p} missing from {paths:?}");
        }
    }

    #[test]
    fn the_project_file_is_valid_in_both_languages() {
        for lang in Lang::ALL {
            let files = plan(lang, &[]).unwrap();
            let f = files.iter().find(|f| f.path == "cloudvet.yaml").unwrap();
            let src = crate::load::SourceFile::from_bytes("cloudvet.yaml", &f.contents).unwrap();
            let p: crate::model::project::Project =
                crate::validate::parse_document(&src, crate::load::DocumentKind::Project)
                    .unwrap_or_else(|d| panic!("{d:?}"));
            assert_eq!(p.requirements.as_deref(), Some("requirements.yaml"));
            assert_eq!(p.reviews, vec!["reviews/"]);
            assert_eq!(p.answers, vec!["answers/"]);
        }
    }

    #[test]
    fn unknown_provider_is_refused_with_a_suggestion() {
        let err = plan(Lang::En, &["aws".into(), "ionso".into()]).unwrap_err();
        assert_eq!(err.len(), 1);
        assert!(err[0].message.contains("`ionos`"), "{}", err[0].message);
    }

    #[test]
    fn chosen_providers_replace_the_template() {
        let files = plan(Lang::De, &["aws".into(), "ionos".into(), "aws".into()]).unwrap();
        let provs: Vec<&str> = files
            .iter()
            .filter(|f| f.path.starts_with("providers/"))
            .map(|f| f.path.as_str())
            .collect();
        assert_eq!(provs, vec!["providers/aws.yaml", "providers/ionos.yaml"]);
    }
}
