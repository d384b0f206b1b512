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
    /// The message, expected and help as texts of the catalogue, when the stage
    /// that made the diagnostic gave them so: the human form shows them in the
    /// reader's language; `message`, `expected` and `help` hold the English (JSON).
    #[serde(skip)]
    pub texts: Option<Box<Texts>>,
}

/// A text of the catalogue (`i18n`) with its placeholder values.
#[derive(Debug, Clone, PartialEq)]
pub struct Msg {
    pub key: &'static str,
    pub values: Vec<(&'static str, Arg)>,
}

/// The value of a placeholder: the same in every language (a name, a number as
/// written in the file), or a text of its own per language.
#[derive(Debug, Clone, PartialEq)]
pub enum Arg {
    Text(String),
    /// A text made for each language (e.g. a schema described in words).
    Lang {
        en: String,
        de: String,
    },
    /// Another text of the catalogue.
    Msg(Box<Msg>),
}

impl Arg {
    fn render(&self, lang: crate::i18n::Lang) -> String {
        match self {
            Arg::Text(s) => s.clone(),
            Arg::Lang { en, de } => match lang {
                crate::i18n::Lang::En => en.clone(),
                crate::i18n::Lang::De => de.clone(),
            },
            Arg::Msg(m) => m.render(lang),
        }
    }
}

impl Msg {
    pub fn new(key: &'static str, values: &[(&'static str, &str)]) -> Msg {
        Msg {
            key,
            values: values
                .iter()
                .map(|(k, v)| (*k, Arg::Text(v.to_string())))
                .collect(),
        }
    }

    /// Adds a placeholder value.
    pub fn with(mut self, name: &'static str, value: Arg) -> Msg {
        self.values.push((name, value));
        self
    }

    /// A text made for each language, as a message of its own.
    pub fn both(en: impl Into<String>, de: impl Into<String>) -> Msg {
        Msg::new("diag_text", &[]).with(
            "text",
            Arg::Lang {
                en: en.into(),
                de: de.into(),
            },
        )
    }

    /// The text in `lang`, placeholders filled.
    pub fn render(&self, lang: crate::i18n::Lang) -> String {
        let values: Vec<(&str, String)> = self
            .values
            .iter()
            .map(|(k, v)| (*k, v.render(lang)))
            .collect();
        let values: Vec<(&str, &str)> = values.iter().map(|(k, v)| (*k, v.as_str())).collect();
        crate::i18n::fill(lang, self.key, &values)
    }
}

/// The parts of a diagnostic that are texts of the catalogue.
#[derive(Debug, Clone, PartialEq, Default)]
pub struct Texts {
    pub message: Option<Msg>,
    pub expected: Option<Msg>,
    pub help: Option<Msg>,
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
            texts: None,
        }
    }
    /// An error whose message is the catalogue's text `key` (English in
    /// `message`, the reader's language in the human form).
    pub fn error_t(
        code: impl Into<Code>,
        key: &'static str,
        values: &[(&'static str, &str)],
    ) -> Self {
        let m = Msg::new(key, values);
        let mut d = Diagnostic::error(code, m.render(crate::i18n::Lang::En));
        d.texts_mut().message = Some(m);
        d
    }
    /// [`Diagnostic::error_t`] as a warning.
    pub fn warning_t(
        code: impl Into<Code>,
        key: &'static str,
        values: &[(&'static str, &str)],
    ) -> Self {
        Diagnostic {
            severity: Severity::Warning,
            ..Diagnostic::error_t(code, key, values)
        }
    }
    /// An error whose message is a catalogue message with its values.
    pub fn error_m(code: impl Into<Code>, m: Msg) -> Self {
        let mut d = Diagnostic::error(code, m.render(crate::i18n::Lang::En));
        d.texts_mut().message = Some(m);
        d
    }
    /// [`Diagnostic::error_m`] as a warning.
    pub fn warning_m(code: impl Into<Code>, m: Msg) -> Self {
        Diagnostic {
            severity: Severity::Warning,
            ..Diagnostic::error_m(code, m)
        }
    }
    /// What was expected, as a catalogue message.
    pub fn expected_m(mut self, m: Msg) -> Self {
        self.expected = Some(m.render(crate::i18n::Lang::En));
        self.texts_mut().expected = Some(m);
        self
    }
    /// How to fix it, as a catalogue message.
    pub fn help_m(mut self, m: Msg) -> Self {
        self.help = Some(m.render(crate::i18n::Lang::En));
        self.texts_mut().help = Some(m);
        self
    }
    /// What was expected, as the catalogue's text `key`.
    pub fn expected_t(mut self, key: &'static str, values: &[(&'static str, &str)]) -> Self {
        let m = Msg::new(key, values);
        self.expected = Some(m.render(crate::i18n::Lang::En));
        self.texts_mut().expected = Some(m);
        self
    }
    /// How to fix it, as the catalogue's text `key`.
    pub fn help_t(mut self, key: &'static str, values: &[(&'static str, &str)]) -> Self {
        let m = Msg::new(key, values);
        self.help = Some(m.render(crate::i18n::Lang::En));
        self.texts_mut().help = Some(m);
        self
    }
    fn texts_mut(&mut self) -> &mut Texts {
        self.texts.get_or_insert_with(Default::default)
    }
    /// The message in `lang` (the catalogue's text when there is one).
    pub fn message_in(&self, lang: crate::i18n::Lang) -> String {
        match self.texts.as_ref().and_then(|t| t.message.as_ref()) {
            Some(m) => m.render(lang),
            None => self.message.clone(),
        }
    }
    /// What was expected, in `lang`.
    pub fn expected_in(&self, lang: crate::i18n::Lang) -> Option<String> {
        match self.texts.as_ref().and_then(|t| t.expected.as_ref()) {
            Some(m) => Some(m.render(lang)),
            None => self.expected.clone(),
        }
    }
    /// How to fix it, in `lang`.
    pub fn help_in(&self, lang: crate::i18n::Lang) -> Option<String> {
        match self.texts.as_ref().and_then(|t| t.help.as_ref()) {
            Some(m) => Some(m.render(lang)),
            None => self.help.clone(),
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
        if let Some(t) = &mut self.texts {
            t.expected = None;
        }
        self
    }
    pub fn help(mut self, help: impl Into<String>) -> Self {
        self.help = Some(help.into());
        if let Some(t) = &mut self.texts {
            t.help = None;
        }
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
