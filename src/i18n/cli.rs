//! Fixed texts of the commands' terminal output: summaries, tables, notes, `wrote …` lines, errors of usage.

/// (key, English, German).
pub const TABLE: &[(&str, &str, &str)] = &[];
