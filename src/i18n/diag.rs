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
        "{errors} error(s), {warnings} warning(s)",
        "{errors} Fehler, {warnings} Warnung(en)",
    ),
];
