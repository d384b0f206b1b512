//! The procurement folder's project file (`cloudvet.yaml`, `model::project`):
//! found in the folder a command runs in or a folder above it (or given with
//! `--project DIR`), it fills every input the command line leaves open. Flags
//! override it entry by entry. [`resolve`] returns the paths to load and a
//! [`ProjectUse`] saying which file named what, for the note commands print.

use std::path::{Path, PathBuf};

use crate::diag::{Diagnostic, LoadCode};
use crate::i18n::{self, Lang};
use crate::load::{self, DocumentKind, Loaded, SourceFile};
use crate::model::project::{Project, PROJECT_FILE};

use super::InputPaths;

/// Where to look for a project file.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub enum ProjectLookup {
    /// Use no project file (the library's default).
    #[default]
    Off,
    /// Look in this folder and every folder above it (`""` is the current folder);
    /// what the commands do without `--project`.
    Search(PathBuf),
    /// The project file in this folder, or this file (`--project DIR`): it must exist.
    Given(PathBuf),
}

/// One entry of the project file.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
pub enum ProjectEntry {
    Requirements,
    Workload,
    RentVsBuy,
    Providers,
    Reviews,
    Answers,
    Rules,
    Benchmarks,
}

impl ProjectEntry {
    /// The entry's field name in the project file.
    pub fn field(self) -> &'static str {
        match self {
            ProjectEntry::Requirements => "requirements",
            ProjectEntry::Workload => "workload",
            ProjectEntry::RentVsBuy => "rent_vs_buy",
            ProjectEntry::Providers => "providers",
            ProjectEntry::Reviews => "reviews",
            ProjectEntry::Answers => "answers",
            ProjectEntry::Rules => "rules",
            ProjectEntry::Benchmarks => "benchmarks",
        }
    }

    /// The command-line option that overrides it.
    pub fn flag(self) -> &'static str {
        match self {
            ProjectEntry::Requirements => "--requirements",
            ProjectEntry::Workload => "--workload",
            ProjectEntry::RentVsBuy => "--rent-vs-buy",
            ProjectEntry::Providers => "--providers",
            ProjectEntry::Reviews => "--reviews",
            ProjectEntry::Answers => "--answers",
            ProjectEntry::Rules => "--rules",
            ProjectEntry::Benchmarks => "--benchmarks",
        }
    }
}

/// What the project file gave: the file, the entries taken (with the paths as
/// they are read, relative to the current folder, and the YAML files found in
/// a folder) and the entries a flag overrode.
#[derive(Debug, Clone, PartialEq)]
pub struct ProjectUse {
    /// The project file as it is read (`cloudvet.yaml`, `../cloudvet.yaml`).
    pub file: String,
    pub sha256: String,
    /// Entry, path, YAML files under it (the path itself for a file).
    pub used: Vec<(ProjectEntry, String, Vec<String>)>,
    /// Entries the project file names but a flag replaced.
    pub overridden: Vec<ProjectEntry>,
}

impl ProjectUse {
    /// The note commands print on stderr: which project file, and which files
    /// of it were used (one line per entry).
    pub fn note(&self, lang: Lang) -> String {
        let mut out = i18n::fill(lang, "project_note", &[("file", &self.file)]);
        for (entry, path, files) in &self.used {
            let what = i18n::t(lang, &format!("project_entry_{}", entry.field()));
            let line = if files.len() == 1 && files[0] == *path {
                path.clone()
            } else if files.is_empty() {
                i18n::fill(lang, "project_folder_empty", &[("path", path)])
            } else if files.len() > 3 {
                i18n::fill(
                    lang,
                    "project_folder_count",
                    &[("path", path), ("n", &files.len().to_string())],
                )
            } else {
                i18n::fill(
                    lang,
                    "project_folder_files",
                    &[("path", path), ("files", &files.join(", "))],
                )
            };
            out.push_str(&format!("\n  {what}: {line}"));
        }
        if !self.overridden.is_empty() {
            let flags: Vec<&str> = self.overridden.iter().map(|e| e.flag()).collect();
            out.push_str(&format!(
                "\n  {}",
                i18n::fill(lang, "project_overridden", &[("flags", &flags.join(", "))])
            ));
        }
        out
    }
}

/// The project file in `dir` or the nearest folder above it, as a path relative to
/// `dir` (`cloudvet.yaml`, `../cloudvet.yaml`, …); `None` when there is none up to
/// the root.
pub fn find(dir: &Path) -> Option<PathBuf> {
    let start = if dir.as_os_str().is_empty() {
        Path::new(".")
    } else {
        dir
    };
    let absolute = std::fs::canonicalize(start).ok()?;
    let mut prefix = dir.to_path_buf();
    let mut here: Option<&Path> = Some(absolute.as_path());
    while let Some(folder) = here {
        let candidate = prefix.join(PROJECT_FILE);
        if candidate.is_file() {
            return Some(candidate);
        }
        prefix = prefix.join("..");
        here = folder.parent();
    }
    None
}

/// The project file a lookup names, if any: `Given` must exist.
pub fn locate(lookup: &ProjectLookup) -> Result<Option<PathBuf>, Diagnostic> {
    match lookup {
        ProjectLookup::Off => Ok(None),
        ProjectLookup::Search(dir) => Ok(find(dir)),
        ProjectLookup::Given(p) => {
            let file = if p.is_dir() {
                p.join(PROJECT_FILE)
            } else {
                p.clone()
            };
            if file.is_file() {
                Ok(Some(file))
            } else {
                Err(Diagnostic::error_t(
                    LoadCode::FileUnreadable,
                    "proj_no_file",
                    &[("file", PROJECT_FILE)],
                )
                .in_file(file.display().to_string())
                .help_t("proj_no_file_help", &[("dir", &p.display().to_string())]))
            }
        }
    }
}

/// Reads and checks a project file (schema and model).
pub fn read(path: &Path) -> Result<Loaded<Project>, Vec<Diagnostic>> {
    let file = SourceFile::read(path).map_err(|d| vec![d])?;
    let value = crate::validate::parse_document::<Project>(&file, DocumentKind::Project)?;
    Ok(Loaded { value, file })
}

/// The project's paths, relative to the current folder (joined to the folder of
/// the project file), each with the entry and the field's JSON pointer.
fn entries(project: &Project, base: &Path) -> Vec<(ProjectEntry, String, PathBuf)> {
    let mut out = Vec::new();
    let one = |e: ProjectEntry, v: &Option<String>, out: &mut Vec<_>| {
        if let Some(p) = v {
            out.push((e, format!("/{}", e.field()), base.join(p)));
        }
    };
    let many = |e: ProjectEntry, v: &[String], out: &mut Vec<_>| {
        for (i, p) in v.iter().enumerate() {
            out.push((e, format!("/{}/{i}", e.field()), base.join(p)));
        }
    };
    one(ProjectEntry::Requirements, &project.requirements, &mut out);
    one(ProjectEntry::Workload, &project.workload, &mut out);
    one(ProjectEntry::RentVsBuy, &project.rent_vs_buy, &mut out);
    many(ProjectEntry::Providers, &project.providers, &mut out);
    many(ProjectEntry::Reviews, &project.reviews, &mut out);
    many(ProjectEntry::Answers, &project.answers, &mut out);
    one(ProjectEntry::Rules, &project.rules, &mut out);
    one(ProjectEntry::Benchmarks, &project.benchmarks, &mut out);
    out
}

/// `paths` with every input the flags leave open taken from the project file the
/// lookup finds; the project file's use, for the note. A path the project file
/// names that does not exist is an error at its line.
pub fn resolve(
    paths: &InputPaths,
    lookup: &ProjectLookup,
) -> Result<(InputPaths, Option<ProjectUse>), Vec<Diagnostic>> {
    let Some(path) = locate(lookup).map_err(|d| vec![d])? else {
        return Ok((paths.clone(), None));
    };
    let project = read(&path)?;
    let base = path.parent().map(Path::to_path_buf).unwrap_or_default();
    let index = load::parse_yaml(&project.file).ok().map(|p| p.index);
    let mut out = paths.clone();
    let mut used: Vec<(ProjectEntry, String, Vec<String>)> = Vec::new();
    let mut overridden = Vec::new();
    let mut diags = Vec::new();
    for (entry, pointer, p) in entries(&project.value, &base) {
        let given = match entry {
            ProjectEntry::Requirements => paths.requirements.is_some(),
            ProjectEntry::Workload => paths.workload.is_some(),
            ProjectEntry::RentVsBuy => paths.rent_vs_buy.is_some(),
            ProjectEntry::Providers => !paths.providers.is_empty(),
            ProjectEntry::Reviews => !paths.reviews.is_empty(),
            ProjectEntry::Answers => !paths.answers.is_empty(),
            ProjectEntry::Rules => paths.rules.is_some(),
            ProjectEntry::Benchmarks => paths.benchmarks.is_some(),
        };
        if given {
            if !overridden.contains(&entry) {
                overridden.push(entry);
            }
            continue;
        }
        if !p.exists() {
            let mut d = Diagnostic::error_t(
                LoadCode::FileUnreadable,
                "proj_missing_path",
                &[("path", &p.display().to_string()), ("field", entry.field())],
            )
            .in_file(project.file.display.clone())
            .pointer(pointer.clone())
            .help_t("proj_missing_path_help", &[("file", PROJECT_FILE)]);
            if let Some(pos) = index.as_ref().and_then(|i| i.value(&pointer)) {
                d = d.at(pos.line, pos.column);
            }
            diags.push(d.with_source(&project.file.text));
            continue;
        }
        let shown = p.display().to_string();
        let files: Vec<String> = if p.is_dir() {
            load::collect_files(std::slice::from_ref(&p))
                .0
                .iter()
                .map(|f| f.display().to_string())
                .collect()
        } else {
            vec![shown.clone()]
        };
        match entry {
            ProjectEntry::Requirements => out.requirements = Some(p),
            ProjectEntry::Workload => out.workload = Some(p),
            ProjectEntry::RentVsBuy => out.rent_vs_buy = Some(p),
            ProjectEntry::Providers => out.providers.push(p),
            ProjectEntry::Reviews => out.reviews.push(p),
            ProjectEntry::Answers => out.answers.push(p),
            ProjectEntry::Rules => out.rules = Some(p),
            ProjectEntry::Benchmarks => out.benchmarks = Some(p),
        }
        used.push((entry, shown, files));
    }
    if !diags.is_empty() {
        return Err(diags);
    }
    Ok((
        out,
        Some(ProjectUse {
            file: project.file.display.clone(),
            sha256: project.file.sha256.clone(),
            used,
            overridden,
        }),
    ))
}

/// The project file `cloudvet init` writes (schema-valid; a test reads it back).
pub fn init_text(lang: Lang) -> String {
    let head: String = [
        "proj_init_header_1",
        "proj_init_header_2",
        "proj_init_header_3",
    ]
    .iter()
    .map(|k| format!("{}\n", crate::i18n::t(lang, k)))
    .collect();
    format!(
        "{head}kind: project\nschema_version: 1\nrequirements: requirements.yaml\nworkload: workload.yaml\nproviders: [providers/]\nreviews: [reviews/]\nanswers: [answers/]\n"
    )
}
