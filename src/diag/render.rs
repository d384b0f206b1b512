//! Rendering diagnostics for people (with the source line and a caret) and for
//! machines (a JSON array).

use super::{Diagnostic, Severity};
use crate::i18n::{fill, t, Lang};

/// One diagnostic as text; `source` is the file's text when available (else the
/// line kept in the diagnostic), so the offending line can be shown with a caret
/// under the column.
pub fn human(d: &Diagnostic, source: Option<&str>) -> String {
    human_in(d, source, Lang::En)
}

/// [`human`] with the frame's words (`error`, `expected`, `help`, …) in `lang`;
/// the message itself is the stage's.
pub fn human_in(d: &Diagnostic, source: Option<&str>, lang: Lang) -> String {
    let sev = match d.severity {
        Severity::Error => t(lang, "diag_error"),
        Severity::Warning => t(lang, "diag_warning"),
    };
    let mut s = format!("{sev}[{}]: {}", d.code, d.message_in(lang));
    if let Some(file) = &d.file {
        s.push_str(&format!("\n  --> {file}"));
        if let (Some(l), Some(c)) = (d.line, d.column) {
            s.push_str(&format!(":{l}:{c}"));
        }
    }
    let line = match source {
        Some(text) => d.line.and_then(|l| text.lines().nth(l.saturating_sub(1))),
        None => d.source_line.as_deref(),
    };
    if let (Some(line), Some(l), Some(c)) = (line, d.line, d.column) {
        {
            let line = line.trim_end_matches('\r');
            let shown: String = line.chars().take(160).collect();
            let width = l.to_string().len();
            let pad = " ".repeat(width);
            let caret_at = c.saturating_sub(1).min(shown.chars().count());
            let lead: String = shown
                .chars()
                .take(caret_at)
                .map(|ch| if ch == '\t' { '\t' } else { ' ' })
                .collect();
            s.push_str(&format!("\n {pad} |\n {l} | {shown}\n {pad} | {lead}^"));
        }
    }
    if let Some(p) = &d.pointer {
        if !p.is_empty() {
            s.push_str(&format!("\n  {} {p}", t(lang, "diag_at")));
        }
    }
    if let Some(e) = d.expected_in(lang) {
        s.push_str(&format!("\n  {} {e}", t(lang, "diag_expected")));
    }
    if let Some(h) = d.help_in(lang) {
        s.push_str(&format!("\n  {} {h}", t(lang, "diag_help")));
    }
    s
}

/// All diagnostics as a pretty JSON array.
pub fn json(diags: &[Diagnostic]) -> String {
    serde_json::to_string_pretty(diags).unwrap_or_else(|_| "[]".into())
}

/// `N errors, M warnings` in `lang` (`N Fehler, M Warnung(en)`).
pub fn summary_in(diags: &[Diagnostic], lang: Lang) -> String {
    let errors = diags.iter().filter(|d| d.is_error()).count();
    let warnings = diags.len() - errors;
    let count = |n: usize, one: &str, other: &str| {
        fill(
            lang,
            if n == 1 { one } else { other },
            &[("n", &n.to_string())],
        )
    };
    fill(
        lang,
        "diag_summary",
        &[
            (
                "errors",
                &count(errors, "diag_errors_one", "diag_errors_other"),
            ),
            (
                "warnings",
                &count(warnings, "diag_warnings_one", "diag_warnings_other"),
            ),
        ],
    )
}

/// `N errors, M warnings`.
pub fn summary(diags: &[Diagnostic]) -> String {
    summary_in(diags, Lang::En)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::diag::LoadCode;

    #[test]
    fn caret_under_column() {
        let d = Diagnostic::error(LoadCode::SchemaViolation, "bad")
            .in_file("x.yaml")
            .at(2, 7)
            .pointer("/b")
            .expected("a number")
            .help("fix it");
        let out = human(&d, Some("a: 1\nb: x  yes\n"));
        assert_eq!(
            out,
            "error[schema-violation]: bad\n  --> x.yaml:2:7\n   |\n 2 | b: x  yes\n   |       ^\n  at /b\n  expected: a number\n  help: fix it"
        );
    }
}
