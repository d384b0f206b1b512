//! Load stage: read files (size limit, encodings), parse YAML in two bounded
//! passes (`load::yaml`), check `kind` and `schema_version`, validate against
//! the embedded JSON Schema (`load::schema_check`), map every problem to
//! line:column (`load::positions`) and deserialise into the typed model. Every
//! problem is a `Diagnostic`; all problems of a step are reported, not only the
//! first. This stage imports no higher one: the kinds' semantic checks are the
//! validate stage's (`validate::load_document` runs [`read_document`], then them).
//!
//! Entry points: [`read_document`] (one file of a known kind), [`parse_yaml`] and
//! [`declared_kind`] (a file whose kind is read from it), [`read_sources`] and
//! [`embedded_sources`] (files and folders).

use crate::diag::LoadCode;
use std::path::{Path, PathBuf};

use serde::de::DeserializeOwned;
use serde_json::Value;
use sha2::{Digest, Sha256};

use crate::diag::{Diagnostic, Msg};

pub mod entry;
pub mod fsread;
pub mod positions;
pub mod schema_check;
pub mod yaml;

pub use positions::{Pos, PositionIndex};

/// Largest input file read (8 MiB). Real profiles are a few kilobytes.
pub const MAX_FILE_BYTES: u64 = 8 * 1024 * 1024;

/// The kinds of document cloudvet reads; each has a schema in `schemas/`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum DocumentKind {
    Provider,
    RulePack,
    Requirements,
    Workload,
    DpaReview,
    /// A vendor questionnaire (`cloudvet questionnaire`), answered or not.
    Questionnaire,
    RentVsBuy,
    /// A procurement folder's project file (`cloudvet.yaml`).
    Project,
}

impl DocumentKind {
    pub const ALL: &'static [DocumentKind] = &[
        DocumentKind::Provider,
        DocumentKind::RulePack,
        DocumentKind::Requirements,
        DocumentKind::Workload,
        DocumentKind::DpaReview,
        DocumentKind::Questionnaire,
        DocumentKind::RentVsBuy,
        DocumentKind::Project,
    ];

    /// The value of the file's `kind` field.
    pub fn kind_name(self) -> &'static str {
        match self {
            DocumentKind::Provider => "provider",
            DocumentKind::RulePack => "rule_pack",
            DocumentKind::Requirements => "requirements",
            DocumentKind::Workload => "workload",
            DocumentKind::DpaReview => "dpa_review",
            DocumentKind::Questionnaire => "questionnaire",
            DocumentKind::RentVsBuy => "rent_vs_buy",
            DocumentKind::Project => "project",
        }
    }

    /// The kind a `kind:` value names.
    pub fn from_name(name: &str) -> Option<DocumentKind> {
        DocumentKind::ALL
            .iter()
            .copied()
            .find(|k| k.kind_name() == name)
    }

    /// The file of the kind's JSON Schema in `schemas/` (embedded; generated from
    /// the model by `schema::SCHEMAS`, which a test keeps equal to this).
    pub fn schema_file(self) -> &'static str {
        match self {
            DocumentKind::Provider => "provider.schema.json",
            DocumentKind::RulePack => "rule_pack.schema.json",
            DocumentKind::Requirements => "requirements.schema.json",
            DocumentKind::Workload => "workload.schema.json",
            DocumentKind::DpaReview => "dpa_review.schema.json",
            DocumentKind::Questionnaire => "questionnaire.schema.json",
            DocumentKind::RentVsBuy => "rent_vs_buy.schema.json",
            DocumentKind::Project => "project.schema.json",
        }
    }

    /// The `schema_version` values this build reads.
    pub fn supported_versions(self) -> &'static [u64] {
        match self {
            DocumentKind::Provider => &[crate::model::provider::PROVIDER_SCHEMA_VERSION as u64],
            DocumentKind::Requirements => {
                &[crate::model::requirements::REQUIREMENTS_SCHEMA_VERSION as u64]
            }
            DocumentKind::DpaReview => &[crate::model::review::DPA_REVIEW_SCHEMA_VERSION as u64],
            DocumentKind::Workload => &[crate::model::workload::WORKLOAD_SCHEMA_VERSION as u64],
            DocumentKind::RentVsBuy => {
                &[crate::model::rent_vs_buy::RENT_VS_BUY_SCHEMA_VERSION as u64]
            }
            DocumentKind::Project => &[crate::model::project::PROJECT_SCHEMA_VERSION as u64],
            DocumentKind::RulePack | DocumentKind::Questionnaire => &[1],
        }
    }
}

/// A file's text and identity, read once.
#[derive(Debug, Clone)]
pub struct SourceFile {
    /// As the user named it, or `embedded:<repo path>`.
    pub display: String,
    /// The text, without a UTF-8 byte-order mark.
    pub text: String,
    /// SHA-256 of the raw bytes, hex.
    pub sha256: String,
    /// A file compiled into the binary (`SourceFile::embedded`). The test
    /// `embedded_documents_pass_every_check` proves each of them passes the whole loader
    /// without a diagnostic, so `load_document` deserialises them in one pass, skipping the
    /// position scan, the JSON Schema and the date checks (they were most of the start-up
    /// time of `cloudvet report`, docs/performance.md); on any error it takes the full path.
    /// `cloudvet validate` clears it: validation always runs every check.
    pub prechecked: bool,
}

fn encoding_problem(display: &str, bytes: &[u8]) -> Option<Diagnostic> {
    let d = |code, key, values: &[(&'static str, &str)]| {
        Some(Diagnostic::error_t(code, key, values).in_file(display))
    };
    let boms: &[(&[u8], &str)] = &[
        (&[0x00, 0x00, 0xFE, 0xFF], "UTF-32 (big endian)"),
        (&[0xFF, 0xFE, 0x00, 0x00], "UTF-32 (little endian)"),
        (&[0xFE, 0xFF], "UTF-16 (big endian)"),
        (&[0xFF, 0xFE], "UTF-16 (little endian)"),
    ];
    for (bom, name) in boms {
        if bytes.starts_with(bom) {
            return d(
                LoadCode::UnsupportedEncoding,
                "load_encoded_as",
                &[("name", name)],
            )
            .map(|x| x.help_t("load_save_as_utf8_editor", &[]));
        }
    }
    let head = &bytes[..bytes.len().min(4096)];
    let nuls = head.iter().filter(|b| **b == 0).count();
    if nuls > 0 {
        // Text in UTF-16 without a mark has a NUL in every other byte.
        let even = head.iter().step_by(2).filter(|b| **b == 0).count();
        let odd = head.iter().skip(1).step_by(2).filter(|b| **b == 0).count();
        let half = head.len() / 2;
        if half > 0 && (even * 10 >= half * 8 || odd * 10 >= half * 8) {
            return d(LoadCode::UnsupportedEncoding, "load_utf16_no_bom", &[])
                .map(|x| x.help_t("load_save_as_utf8", &[]));
        }
    }
    // `contains` finds a byte with memchr; the position is only needed when there is one.
    if let Some(i) = bytes
        .contains(&0)
        .then(|| bytes.iter().position(|b| *b == 0))
        .flatten()
    {
        return d(
            LoadCode::BinaryFile,
            "load_nul_byte",
            &[("offset", &i.to_string())],
        )
        .map(|x| x.help_t("load_pass_yaml_text", &[]));
    }
    None
}

impl SourceFile {
    /// Checks size and encoding, strips a UTF-8 byte-order mark. CRLF line ends
    /// are kept (YAML reads them).
    pub fn from_bytes(display: impl Into<String>, bytes: &[u8]) -> Result<Self, Diagnostic> {
        Self::checked(display.into(), bytes, None)
    }

    /// [`SourceFile::from_bytes`] with the SHA-256 known already (embedded files).
    fn checked(display: String, bytes: &[u8], sha256: Option<&str>) -> Result<Self, Diagnostic> {
        if bytes.len() as u64 > MAX_FILE_BYTES {
            return Err(too_large(&display, bytes.len() as u64));
        }
        let sha256 = match sha256 {
            Some(s) => s.to_string(),
            None => hex(&Sha256::digest(bytes)),
        };
        if let Some(d) = encoding_problem(&display, bytes) {
            return Err(d);
        }
        let body = bytes.strip_prefix(&[0xEF, 0xBB, 0xBF]).unwrap_or(bytes);
        let text = std::str::from_utf8(body).map_err(|e| {
            let at = e.valid_up_to();
            let line = body[..at].iter().filter(|b| **b == b'\n').count() + 1;
            Diagnostic::error_t(
                LoadCode::InvalidEncoding,
                "load_not_utf8",
                &[("offset", &at.to_string())],
            )
            .in_file(display.clone())
            .at(line, 1)
            .help_t("load_not_utf8_help", &[])
        })?;
        Ok(SourceFile {
            display,
            text: text.to_string(),
            sha256,
            prechecked: false,
        })
    }

    /// Reads a file from disk: regular files only, at most `MAX_FILE_BYTES`
    /// whatever `stat` says (`load::fsread`).
    pub fn read(path: &Path) -> Result<Self, Diagnostic> {
        let display = path.display().to_string();
        let bytes =
            fsread::read_regular(path, MAX_FILE_BYTES).map_err(|e| read_error(&display, &e))?;
        Self::from_bytes(display, &bytes)
    }

    pub fn embedded(path: &str, bytes: &[u8]) -> Result<Self, Diagnostic> {
        // The digest of an embedded file is computed at build time.
        let mut f = Self::checked(
            format!("{}{path}", crate::embedded::PREFIX),
            bytes,
            crate::embedded::sha256(path, bytes),
        )?;
        f.prechecked = true;
        Ok(f)
    }

    /// The file name without folders (`x.yaml` for `providers/x.yaml`).
    pub fn file_name(&self) -> &str {
        let s = self.display.as_str();
        s.rsplit(['/', '\\']).next().unwrap_or(s)
    }
}

fn too_large(display: &str, len: u64) -> Diagnostic {
    read_error(
        display,
        &fsread::ReadError::TooLarge {
            size: Some(len),
            limit: MAX_FILE_BYTES,
        },
    )
}

/// The loader's diagnostic for a file that was not read.
pub fn read_error(display: &str, e: &fsread::ReadError) -> Diagnostic {
    use fsread::ReadError as R;
    let code = match e {
        R::TooLarge { .. } => LoadCode::FileTooLarge,
        R::Folder | R::Special(_) => LoadCode::NotARegularFile,
        R::Loop | R::Dangling => LoadCode::SymlinkLoop,
        R::Missing(_) | R::Io(_) => LoadCode::FileUnreadable,
    };
    let d = Diagnostic::error(code, e.message()).in_file(display);
    match e {
        R::TooLarge { .. } => d.help_t("load_too_large_help", &[]),
        other => d.help(other.help()),
    }
}

/// Lower-case hex of a byte slice.
pub fn hex(bytes: &[u8]) -> String {
    use std::fmt::Write;
    let mut s = String::with_capacity(bytes.len() * 2);
    for b in bytes {
        let _ = write!(s, "{b:02x}");
    }
    s
}

/// A document that loaded without errors, with the file it came from (its
/// sha256 is the provenance of everything derived from it).
#[derive(Debug, Clone)]
pub struct Loaded<T> {
    pub value: T,
    pub file: SourceFile,
}

/// A parsed document before typing: its JSON value and the position index.
pub struct Parsed {
    pub value: Value,
    pub index: PositionIndex,
}

/// Steps 1–2: bounded YAML passes, to a JSON value with positions.
pub fn parse_yaml(file: &SourceFile) -> Result<Parsed, Vec<Diagnostic>> {
    let scan = yaml::scan(&file.text, &file.display);
    if scan.diagnostics.iter().any(Diagnostic::is_error) {
        return Err(scan.diagnostics);
    }
    let value = yaml::to_value(&file.text, &file.display, &scan.index)?;
    Ok(Parsed {
        value,
        index: scan.index,
    })
}

fn located(
    d: Diagnostic,
    file: &str,
    pointer: &str,
    index: &PositionIndex,
    key: bool,
) -> Diagnostic {
    let d = d.in_file(file).pointer(pointer.to_string());
    let p = if key {
        index.key(pointer)
    } else {
        index.value(pointer)
    };
    match p {
        Some(p) => d.at(p.line, p.column),
        None => d,
    }
}

/// The kind the document declares.
pub fn declared_kind(file: &SourceFile, parsed: &Parsed) -> Result<DocumentKind, Diagnostic> {
    let names: Vec<&str> = DocumentKind::ALL.iter().map(|k| k.kind_name()).collect();
    let list = names
        .iter()
        .map(|n| format!("`{n}`"))
        .collect::<Vec<_>>()
        .join(", ");
    let expected = Msg::new("load_one_of", &[("list", &list)]);
    match parsed.value.get("kind") {
        Some(Value::String(s)) => DocumentKind::from_name(s).ok_or_else(|| {
            let d = Diagnostic::error_t(LoadCode::UnknownKind, "load_unknown_kind", &[("kind", s)])
                .expected_m(expected.clone());
            let d = match schema_check::did_you_mean(s, names.iter().copied()) {
                Some(m) => d.help_t("suggest_did_you_mean", &[("x", &format!("`{m}`"))]),
                None => d.help_t("load_set_kind", &[]),
            };
            located(d, &file.display, "/kind", &parsed.index, false)
        }),
        Some(other) => Err(located(
            Diagnostic::error_t(
                LoadCode::UnknownKind,
                "load_kind_not_a_name",
                &[("value", &other.to_string())],
            )
            .expected_m(expected)
            .help_t("load_set_kind", &[]),
            &file.display,
            "/kind",
            &parsed.index,
            false,
        )),
        None => Err(
            Diagnostic::error_t(LoadCode::UnknownKind, "load_no_kind", &[])
                .in_file(&file.display)
                .at(1, 1)
                .expected_m(expected)
                .help_t("load_add_kind", &[]),
        ),
    }
}

fn check_kind_and_version(
    file: &SourceFile,
    parsed: &Parsed,
    kind: DocumentKind,
) -> Vec<Diagnostic> {
    let mut out = Vec::new();
    match declared_kind(file, parsed) {
        Ok(k) if k == kind => {}
        Ok(k) => out.push(located(
            Diagnostic::error_t(
                LoadCode::WrongKind,
                "load_wrong_kind",
                &[("found", k.kind_name()), ("wanted", kind.kind_name())],
            )
            .expected(format!("`kind: {}`", kind.kind_name()))
            .help_t("load_wrong_kind_help", &[]),
            &file.display,
            "/kind",
            &parsed.index,
            false,
        )),
        Err(d) => {
            out.push(d);
            return out;
        }
    }
    if !out.is_empty() {
        return out;
    }
    let supported = kind.supported_versions();
    let shown: Vec<String> = supported.iter().map(u64::to_string).collect();
    match parsed.value.get("schema_version") {
        Some(v) if v.as_u64().is_some_and(|n| supported.contains(&n)) => {}
        Some(v) => out.push(located(
            Diagnostic::error_t(
                LoadCode::UnsupportedSchemaVersion,
                "load_version_unsupported",
                &[("version", &v.to_string())],
            )
            .expected(format!("schema_version {}", shown.join(" | ")))
            .help_t("load_version_help", &[]),
            &file.display,
            "/schema_version",
            &parsed.index,
            false,
        )),
        None => out.push(
            Diagnostic::error_t(LoadCode::UnsupportedSchemaVersion, "load_no_version", &[])
                .in_file(&file.display)
                .pointer("/schema_version")
                .at(1, 1)
                .expected(format!("schema_version {}", shown.join(" | ")))
                .help_t("load_add_version", &[("version", &shown.join(""))]),
        ),
    }
    out
}

/// Strings that look like dates (`YYYY-MM-DD`, `YYYY-MM`) must be real dates.
fn check_dates(file: &SourceFile, parsed: &Parsed) -> Vec<Diagnostic> {
    fn walk(v: &Value, pointer: &str, out: &mut Vec<(String, String, String)>) {
        match v {
            Value::String(s) => {
                let b = s.as_bytes();
                let shaped = (b.len() == 10 || b.len() == 7)
                    && b.iter().enumerate().all(|(i, c)| {
                        if i == 4 || i == 7 {
                            *c == b'-'
                        } else {
                            c.is_ascii_digit()
                        }
                    });
                if shaped {
                    if let Err(e) = s.parse::<crate::model::AsOf>() {
                        out.push((pointer.to_string(), s.clone(), e.to_string()));
                    }
                }
            }
            Value::Array(a) => {
                for (i, x) in a.iter().enumerate() {
                    walk(x, &positions::child(pointer, &i.to_string()), out);
                }
            }
            Value::Object(m) => {
                for (k, x) in m {
                    walk(x, &positions::child(pointer, k), out);
                }
            }
            _ => {}
        }
    }
    let mut found = Vec::new();
    walk(&parsed.value, "", &mut found);
    found
        .into_iter()
        .map(|(p, s, why)| {
            located(
                Diagnostic::error_t(
                    LoadCode::ImpossibleDate,
                    "load_impossible_date",
                    &[("value", &s), ("why", &why)],
                )
                .expected_t("load_impossible_date_expected", &[])
                .help_t("load_impossible_date_help", &[]),
                &file.display,
                &p,
                &parsed.index,
                false,
            )
        })
        .collect()
}

/// What the load stage made of one document: the typed value when the file passed
/// every step of this stage, the parsed document (for the positions of later
/// diagnostics), and the problems found (without their source lines: see
/// [`with_lines`]).
pub struct Read<T> {
    pub value: Option<T>,
    /// `None` when YAML could not be read, or for a `prechecked` embedded file
    /// typed in one pass (it has no later diagnostics to place).
    pub parsed: Option<Parsed>,
    pub diagnostics: Vec<Diagnostic>,
    /// The errors are all from the schema step (schema and dates): the document's
    /// kind, version and structure were read, so the semantic checks can still
    /// look at the parts that are sound (`validate::load_document`).
    pub schema_errors_only: bool,
}

/// Steps 1–5 on one document of the given kind: read, YAML, kind and version,
/// schema and dates, the typed value. The semantic checks are the validate
/// stage's (`validate::load_document` runs this, then them).
pub fn read_document<T: DeserializeOwned>(file: &SourceFile, kind: DocumentKind) -> Read<T> {
    if file.prechecked {
        yaml::count(&file.display, true);
        if let Ok(v) = serde_yaml::from_str::<T>(&file.text) {
            return Read {
                value: Some(v),
                parsed: None,
                diagnostics: Vec::new(),
                schema_errors_only: false,
            };
        }
    }
    let parsed = match parse_yaml(file) {
        Ok(p) => p,
        Err(d) => {
            return Read {
                value: None,
                parsed: None,
                diagnostics: d,
                schema_errors_only: false,
            }
        }
    };
    let (value, diagnostics, schema_errors_only) = read_parsed(file, &parsed, kind);
    Read {
        value,
        parsed: Some(parsed),
        diagnostics,
        schema_errors_only,
    }
}

/// Steps 3–5 on a document already parsed: the typed value is built from the
/// parsed JSON value, not by parsing the text again. The flag says whether the
/// errors, if any, are the schema step's only.
pub fn read_parsed<T: DeserializeOwned>(
    file: &SourceFile,
    parsed: &Parsed,
    kind: DocumentKind,
) -> (Option<T>, Vec<Diagnostic>, bool) {
    let mut diags = check_kind_and_version(file, parsed, kind);
    if diags.iter().any(Diagnostic::is_error) {
        return (None, diags, false);
    }
    diags.extend(schema_check::check(
        kind,
        &parsed.value,
        &file.display,
        &parsed.index,
    ));
    diags.extend(check_dates(file, parsed));
    if diags.iter().any(Diagnostic::is_error) {
        return (None, diags, true);
    }
    match serde_json::from_value(parsed.value.clone()) {
        Ok(v) => (Some(v), diags, false),
        Err(e) => {
            diags.push(model_mismatch::<T>(file, kind, &e));
            (None, diags, false)
        }
    }
}

/// The document passed its schema but does not fit the model (a bug of ours).
fn model_mismatch<T: DeserializeOwned>(
    file: &SourceFile,
    kind: DocumentKind,
    e: &serde_json::Error,
) -> Diagnostic {
    let d = Diagnostic::error_t(
        LoadCode::ModelMismatch,
        "load_model_mismatch",
        &[("kind", kind.kind_name()), ("error", &e.to_string())],
    )
    .in_file(&file.display)
    .help_t("load_model_mismatch_help", &[]);
    // The parsed value has no positions: only to place this error, read the text
    // once more, where serde_yaml reports the line and column.
    match serde_yaml::from_str::<T>(&file.text)
        .err()
        .and_then(|e| e.location())
    {
        Some(l) => d.at(l.line(), l.column()),
        None => d,
    }
}

/// Places diagnostics raised on a file's typed value (a pointer, no line) at the
/// line and column of their pointer, with the line shown.
pub fn locate_pointers(file: &SourceFile, diags: Vec<Diagnostic>) -> Vec<Diagnostic> {
    let index = parse_yaml(file).ok().map(|p| p.index);
    diags
        .into_iter()
        .map(|d| {
            let pos = d
                .pointer
                .as_deref()
                .and_then(|ptr| index.as_ref().and_then(|i| i.value(ptr)));
            match (d.line, pos) {
                (None, Some(p)) => d.at(p.line, p.column).with_source(&file.text),
                _ => d.with_source(&file.text),
            }
        })
        .collect()
}

/// Attaches each diagnostic's offending line.
pub fn with_lines(file: &SourceFile, diags: Vec<Diagnostic>) -> Vec<Diagnostic> {
    diags
        .into_iter()
        .map(|d| d.with_source(&file.text))
        .collect()
}

fn is_yaml(p: &Path) -> bool {
    matches!(
        p.extension().and_then(|e| e.to_str()),
        Some("yaml") | Some("yml")
    )
}

/// How deep `collect_files` walks into a folder.
pub const MAX_WALK_DEPTH: usize = 8;
/// How many entries `collect_files` looks at in all folders of one call.
pub const MAX_WALK_ENTRIES: usize = 100_000;

/// Expands paths: files as given, folders to their `*.yaml`/`*.yml` files
/// (recursively, sorted). Missing paths become diagnostics.
///
/// Symbolic links are followed, but every real file and folder is visited once
/// (by its canonical path): a folder holding links to itself is walked once, and
/// such a loop is reported as a warning. The walk stops at `MAX_WALK_DEPTH`
/// levels and `MAX_WALK_ENTRIES` entries (with a warning). A folder named like a
/// YAML file (`acme.yaml/`) is an error, not an empty folder.
pub fn collect_files(paths: &[PathBuf]) -> (Vec<PathBuf>, Vec<Diagnostic>) {
    use std::collections::HashSet;
    struct Walk {
        files: Vec<PathBuf>,
        diags: Vec<Diagnostic>,
        seen_files: HashSet<PathBuf>,
        seen_dirs: HashSet<PathBuf>,
        entries: usize,
        depth_warned: bool,
    }
    impl Walk {
        fn file(&mut self, p: &Path) {
            // Each real file once (`a.yaml` and a link to it are one file).
            match std::fs::canonicalize(p) {
                Ok(real) => {
                    if self.seen_files.insert(real) {
                        self.files.push(p.to_path_buf());
                    }
                }
                // Loops and dangling links: reading it says what is wrong.
                Err(_) => self.files.push(p.to_path_buf()),
            }
        }
        fn folder_named_like_a_file(&mut self, p: &Path) {
            self.diags.push(
                Diagnostic::error_t(LoadCode::NotARegularFile, "load_folder_named_yaml", &[])
                    .in_file(p.display().to_string())
                    .help_t("load_folder_named_yaml_help", &[]),
            );
        }
        fn dir(&mut self, dir: &Path, depth: usize, stack: &mut Vec<PathBuf>) {
            let real = match std::fs::canonicalize(dir) {
                Ok(r) => r,
                Err(e) => {
                    self.diags.push(
                        Diagnostic::error_t(
                            LoadCode::FileUnreadable,
                            "load_folder_unreadable",
                            &[("error", &e.to_string())],
                        )
                        .in_file(dir.display().to_string()),
                    );
                    return;
                }
            };
            if stack.contains(&real) {
                self.diags.push(
                    Diagnostic::warning_t(
                        LoadCode::SymlinkLoop,
                        "load_folder_loop",
                        &[("folder", &real.display().to_string())],
                    )
                    .in_file(dir.display().to_string())
                    .help_t("load_folder_loop_help", &[]),
                );
                return;
            }
            if !self.seen_dirs.insert(real.clone()) {
                return;
            }
            let entries = match std::fs::read_dir(dir) {
                Ok(e) => e,
                Err(e) => {
                    self.diags.push(
                        Diagnostic::error_t(
                            LoadCode::FileUnreadable,
                            "load_folder_unreadable",
                            &[("error", &e.to_string())],
                        )
                        .in_file(dir.display().to_string()),
                    );
                    return;
                }
            };
            let mut found: Vec<PathBuf> = Vec::new();
            for e in entries.flatten() {
                self.entries += 1;
                if self.entries > MAX_WALK_ENTRIES {
                    break;
                }
                found.push(e.path());
            }
            if self.entries > MAX_WALK_ENTRIES {
                self.diags.push(
                    Diagnostic::error_t(
                        LoadCode::FileUnreadable,
                        "load_too_many_entries",
                        &[("limit", &MAX_WALK_ENTRIES.to_string())],
                    )
                    .in_file(dir.display().to_string())
                    .help_t("load_too_many_entries_help", &[]),
                );
                return;
            }
            found.sort();
            stack.push(real);
            for p in found {
                let hidden = p
                    .file_name()
                    .and_then(|n| n.to_str())
                    .is_some_and(|n| n.starts_with('.'));
                if hidden {
                    continue;
                }
                let is_dir = std::fs::metadata(&p).is_ok_and(|m| m.is_dir());
                if is_dir && is_yaml(&p) {
                    self.folder_named_like_a_file(&p);
                } else if is_dir {
                    if depth < MAX_WALK_DEPTH {
                        self.dir(&p, depth + 1, stack);
                    } else if !self.depth_warned {
                        self.depth_warned = true;
                        self.diags.push(
                            Diagnostic::warning_t(
                                LoadCode::FileUnreadable,
                                "load_too_deep",
                                &[("depth", &MAX_WALK_DEPTH.to_string())],
                            )
                            .in_file(p.display().to_string())
                            .help_t("load_too_deep_help", &[]),
                        );
                    }
                } else if is_yaml(&p) {
                    // Regular files, and anything else named *.yaml: reading it
                    // refuses pipes, devices and broken links by name.
                    self.file(&p);
                }
            }
            stack.pop();
        }
    }
    let mut w = Walk {
        files: Vec::new(),
        diags: Vec::new(),
        seen_files: HashSet::new(),
        seen_dirs: HashSet::new(),
        entries: 0,
        depth_warned: false,
    };
    for p in paths {
        match fsread::stat(p) {
            Ok(m) if m.is_dir() && is_yaml(p) => w.folder_named_like_a_file(p),
            Ok(m) if m.is_dir() => w.dir(p, 0, &mut Vec::new()),
            Ok(_) => w.file(p),
            // Says where it looked and suggests a close name or `cloudvet init`.
            Err(fsread::ReadError::Missing(_)) => w.diags.push(crate::suggest::missing_path(p)),
            Err(e) => w.diags.push(read_error(&p.display().to_string(), &e)),
        }
    }
    (w.files, w.diags)
}

/// Every embedded YAML file under `folder` (`providers`, `rules`, `docs/examples`).
pub fn embedded_sources(folder: &str) -> (Vec<SourceFile>, Vec<Diagnostic>) {
    let mut files = Vec::new();
    let mut diags = Vec::new();
    for (path, bytes) in crate::embedded::files_under(folder) {
        if !is_yaml(Path::new(path)) {
            continue;
        }
        match SourceFile::embedded(path, bytes) {
            Ok(f) => files.push(f),
            Err(d) => diags.push(d),
        }
    }
    (files, diags)
}

/// Reads files from disk; unreadable ones become diagnostics.
pub fn read_sources(paths: &[PathBuf]) -> (Vec<SourceFile>, Vec<Diagnostic>) {
    let (files, mut diags) = collect_files(paths);
    let mut out = Vec::new();
    for p in files {
        match SourceFile::read(&p) {
            Ok(f) => out.push(f),
            Err(d) => diags.push(d),
        }
    }
    (out, diags)
}
