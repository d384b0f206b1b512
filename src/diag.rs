//! Diagnostics: problems in input files, as data. Every diagnostic has a stable
//! kebab-case code (documented in docs/diagnostics.md, one heading per code), the
//! file, line:column and JSON pointer where known, what was expected and a help line.
//! Validation collects all diagnostics in a file instead of stopping at the first.

use serde::Serialize;

pub mod codes;
pub mod render;

pub use codes::{
    Code, CostCode, DpaCode, EvalCode, ImportCode, LoadCode, ReportCode, ValidateCode,
};

/// Every diagnostic code any stage can raise, with its one-line description
/// (the registry is `diag::codes`: one enum per stage).
pub fn all_codes() -> Vec<(&'static str, &'static str)> {
    Code::all()
        .into_iter()
        .map(|c| (c.as_str(), c.description()))
        .collect()
}

/// Severity of a diagnostic (not of a rule).
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Severity {
    Error,
    Warning,
}

/// One problem in an input.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Diagnostic {
    /// Stable kebab-case code, e.g. `schema-violation`.
    pub code: Code,
    pub severity: Severity,
    /// The file as the user named it (or `embedded:<path>` for built-in data).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub file: Option<String>,
    /// 1-based line.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub line: Option<usize>,
    /// 1-based column.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub column: Option<usize>,
    /// JSON pointer into the document (`/offers/1/price_on_demand`).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub pointer: Option<String>,
    /// What is wrong.
    pub message: String,
    /// What was expected.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub expected: Option<String>,
    /// How to fix it.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub help: Option<String>,
    /// The text of the offending line, kept when the diagnostic is located so that
    /// every command can show it (people read it; JSON has line and column).
    #[serde(skip)]
    pub source_line: Option<String>,
}

impl Diagnostic {
    pub fn error(code: impl Into<Code>, message: impl Into<String>) -> Self {
        Diagnostic {
            code: code.into(),
            severity: Severity::Error,
            file: None,
            line: None,
            column: None,
            pointer: None,
            message: message.into(),
            expected: None,
            help: None,
            source_line: None,
        }
    }
    pub fn warning(code: impl Into<Code>, message: impl Into<String>) -> Self {
        Diagnostic {
            severity: Severity::Warning,
            ..Diagnostic::error(code, message)
        }
    }
    pub fn in_file(mut self, file: impl Into<String>) -> Self {
        self.file = Some(file.into());
        self
    }
    pub fn at(mut self, line: usize, column: usize) -> Self {
        self.line = Some(line);
        self.column = Some(column);
        self
    }
    pub fn pointer(mut self, pointer: impl Into<String>) -> Self {
        self.pointer = Some(pointer.into());
        self
    }
    pub fn expected(mut self, expected: impl Into<String>) -> Self {
        self.expected = Some(expected.into());
        self
    }
    pub fn help(mut self, help: impl Into<String>) -> Self {
        self.help = Some(help.into());
        self
    }
    /// Keeps the offending line of `text` (the file the diagnostic is about), so
    /// the diagnostic can be shown with its snippet wherever it is printed.
    pub fn with_source(mut self, text: &str) -> Self {
        if self.source_line.is_none() {
            if let Some(l) = self.line {
                self.source_line = text
                    .lines()
                    .nth(l.saturating_sub(1))
                    .map(|x| x.trim_end_matches('\r').to_string());
            }
        }
        self
    }

    pub fn is_error(&self) -> bool {
        self.severity == Severity::Error
    }
}

/// The one human form of a diagnostic (`render::human`), so every command shows
/// the same frame: code, message, file:line:column, the offending line with a
/// caret, the pointer, what was expected and how to fix it.
impl std::fmt::Display for Diagnostic {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&render::human(self, None))
    }
}
