//! The words that frame a diagnostic (`error`, `expected`, `help`, …).

/// (key, English, German).
pub const TABLE: &[(&str, &str, &str)] = &[];
