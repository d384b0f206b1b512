//! The words that frame a diagnostic (`error`, `expected`, `help`, …).

/// (key, English, German).
pub const TABLE: &[(&str, &str, &str)] = &[
    ("diag_error", "error", "Fehler"),
    // A text made for each language (`diag::Msg::both`).
    ("diag_text", "{text}", "{text}"),
    ("diag_warning", "warning", "Warnung"),
    ("diag_at", "at", "bei"),
    ("diag_expected", "expected:", "erwartet:"),
    ("diag_help", "help:", "Hinweis:"),
    (
        "diag_summary",
        "{errors}, {warnings}",
        "{errors}, {warnings}",
    ),
    ("diag_errors_one", "{n} error", "{n} Fehler"),
    ("diag_errors_other", "{n} errors", "{n} Fehler"),
    ("diag_warnings_one", "{n} warning", "{n} Warnung(en)"),
    ("diag_warnings_other", "{n} warnings", "{n} Warnung(en)"),
];
