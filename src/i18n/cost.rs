//! The cost comparison's fixed texts (terminal, CSV headers, report).

/// (key, English, German).
pub const TABLE: &[(&str, &str, &str)] = &[];
