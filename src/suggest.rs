//! "Did you mean …" for IDs a person types on the command line (provider IDs in
//! `init --providers`, `questionnaire --provider`, `dpa scan --provider`).
//!
//! The edit-distance match is the loader's (`load::schema_check::did_you_mean`,
//! also used for field names and GPU models), so every suggestion in cloudvet
//! follows one rule. On top, an ID can be found by one of its hyphen-separated
//! parts or its start (`telekom` → `open-telekom-cloud`, `hetz` → `hetzner`),
//! which edit distance alone misses.

use crate::diag::{CostCode, LoadCode, ValidateCode};
use std::path::Path;

use crate::diag::Diagnostic;
use crate::i18n::{fill, t, Lang};

pub use crate::load::schema_check::did_you_mean;

/// The candidates worth suggesting for `input`: the closest by edit distance,
/// else those that start with it or have it as a hyphen-separated part.
pub fn close_ids<'a>(input: &str, candidates: &[&'a str]) -> Vec<&'a str> {
    let input = input.trim();
    if input.is_empty() {
        return Vec::new();
    }
    if let Some(c) = did_you_mean(input, candidates.iter().copied()) {
        return vec![c];
    }
    let lower = input.to_lowercase();
    // Swapped neighbours (`ionso`) count as one edit here.
    let limit = (lower.chars().count() / 3).max(1);
    let swapped: Vec<&str> = candidates
        .iter()
        .copied()
        .filter(|c| transposition_distance(&lower, &c.to_lowercase()) <= limit)
        .take(3)
        .collect();
    if !swapped.is_empty() {
        return swapped;
    }
    candidates
        .iter()
        .copied()
        .filter(|c| {
            let lc = c.to_lowercase();
            (lower.chars().count() >= 3 && lc.starts_with(&lower))
                || lc.split(['-', '_']).any(|p| p == lower)
        })
        .take(3)
        .collect()
}

/// Edit distance where swapping two neighbouring characters is one edit (the
/// optimal-string-alignment distance, from the `strsim` crate).
fn transposition_distance(a: &str, b: &str) -> usize {
    strsim::osa_distance(a, b)
}

/// "did you mean `a`?" / "did you mean `a` or `b`?", or an empty string.
pub fn phrase(suggestions: &[&str]) -> String {
    phrase_in(Lang::En, suggestions)
}

/// [`phrase`] in `lang`.
pub fn phrase_in(lang: Lang, suggestions: &[&str]) -> String {
    match suggestions {
        [] => String::new(),
        [one] => fill(lang, "suggest_did_you_mean", &[("x", &format!("`{one}`"))]),
        [init @ .., last] => {
            let head: Vec<String> = init.iter().map(|s| format!("`{s}`")).collect();
            fill(
                lang,
                "suggest_did_you_mean_or",
                &[("x", &head.join(", ")), ("y", &format!("`{last}`"))],
            )
        }
    }
}

/// The diagnostic for a provider ID that is not among `known` (the IDs of the
/// profiles loaded, or of the embedded catalogue): says what was asked for,
/// suggests close IDs and lists the known ones. `known_where` says where the list
/// comes from (`the embedded catalogue`, `providers/`).
pub fn unknown_provider(input: &str, known: &[&str], known_where: &str) -> Diagnostic {
    unknown_provider_in(Lang::En, input, known, known_where)
}

/// [`unknown_provider`] in `lang` (`known_where` in that language).
pub fn unknown_provider_in(
    lang: Lang,
    input: &str,
    known: &[&str],
    known_where: &str,
) -> Diagnostic {
    let close = close_ids(input, known);
    let mut message = fill(
        lang,
        "suggest_no_provider",
        &[("id", input), ("where", known_where)],
    );
    if !close.is_empty() {
        message.push_str("; ");
        message.push_str(&phrase_in(lang, &close));
    }
    Diagnostic::error(ValidateCode::UnknownProvider, message)
        .expected(fill(lang, "suggest_one_of", &[("list", &known.join(", "))]))
        .help(match close.first() {
            Some(c) => fill(lang, "suggest_use", &[("id", c)]),
            None => t(lang, "suggest_pick_an_id").to_string(),
        })
}

/// The diagnostic for a file or folder named on the command line that does not
/// exist: says where cloudvet looked, suggests a close name in the same folder
/// (`provders/` → `providers/`), and how to create a procurement folder.
pub fn missing_path(path: &Path) -> Diagnostic {
    missing_path_in(Lang::En, path)
}

/// [`missing_path`] in `lang`.
pub fn missing_path_in(lang: Lang, path: &Path) -> Diagnostic {
    let shown = path.display().to_string();
    // A link that loops or points nowhere exists as a link: say that, not "no
    // such file" with a "did you mean" naming the same path.
    if let Err(e) = crate::load::fsread::stat(path) {
        if matches!(
            e,
            crate::load::fsread::ReadError::Loop | crate::load::fsread::ReadError::Dangling
        ) {
            return crate::load::read_error(&shown, &e);
        }
    }
    let parent = match path.parent() {
        Some(p) if !p.as_os_str().is_empty() => p.to_path_buf(),
        _ => std::path::PathBuf::from("."),
    };
    let looked = std::fs::canonicalize(&parent)
        .map(|p| p.join(path.file_name().unwrap_or_default()))
        .unwrap_or_else(|_| path.to_path_buf());
    let name = path
        .file_name()
        .map(|n| n.to_string_lossy().into_owned())
        .unwrap_or_default();
    let siblings: Vec<String> = std::fs::read_dir(&parent)
        .map(|entries| {
            let mut v: Vec<String> = entries
                .flatten()
                .map(|e| e.file_name().to_string_lossy().into_owned())
                .filter(|n| !n.starts_with('.'))
                .collect();
            v.sort();
            v
        })
        .unwrap_or_default();
    let candidates: Vec<&str> = siblings.iter().map(String::as_str).collect();
    let close = close_ids(&name, &candidates);
    let d = Diagnostic::error_t(
        LoadCode::FileUnreadable,
        "suggest_no_such_path",
        &[("path", &looked.display().to_string())],
    )
    .in_file(shown);
    let d = match close.first() {
        Some(c) => {
            let bare = path.parent().is_none_or(|p| p.as_os_str().is_empty());
            let fixed = if bare {
                (*c).to_string()
            } else {
                parent.join(c).display().to_string()
            };
            d.help_t("suggest_did_you_mean", &[("x", &format!("`{fixed}`"))])
        }
        None => d.help_t("suggest_check_the_path", &[]),
    };
    // The language is the reader's, chosen where the diagnostic is printed.
    let _ = lang;
    d
}

/// The diagnostic for a folder that holds no provider profiles.
pub fn no_profiles_in(dir: &Path) -> Diagnostic {
    let looked = std::fs::canonicalize(dir).unwrap_or_else(|_| dir.to_path_buf());
    Diagnostic::error_t(
        CostCode::NoProviders,
        "suggest_no_profiles",
        &[("path", &looked.display().to_string())],
    )
    .in_file(dir.display().to_string())
    .help_t("suggest_no_profiles_help", &[])
}

#[cfg(test)]
mod tests {
    use super::*;

    const IDS: &[&str] = &[
        "aws",
        "azure",
        "gcp",
        "hetzner",
        "ionos",
        "open-telekom-cloud",
        "ovhcloud",
        "scaleway",
        "stackit",
    ];

    #[test]
    fn close_by_distance_prefix_or_part() {
        assert_eq!(close_ids("ionso", IDS), vec!["ionos"]);
        assert_eq!(close_ids("sacleway", IDS), vec!["scaleway"]);
        assert_eq!(transposition_distance("ab", "ba"), 1);
        assert_eq!(transposition_distance("kitten", "sitting"), 3);
        assert_eq!(close_ids("Hetzner ", IDS), vec!["hetzner"]);
        assert_eq!(close_ids("hetz", IDS), vec!["hetzner"]);
        assert_eq!(close_ids("telekom", IDS), vec!["open-telekom-cloud"]);
        assert!(close_ids("qqqqqq", IDS).is_empty());
        assert!(close_ids("", IDS).is_empty());
    }

    #[test]
    fn message_suggests_and_lists() {
        let d = unknown_provider("ionso", IDS, "the catalogue");
        assert_eq!(d.code, "unknown-provider");
        assert!(d.message.contains("did you mean `ionos`?"), "{}", d.message);
        assert!(d.expected.as_deref().unwrap_or("").contains("stackit"));
        assert_eq!(d.help.as_deref(), Some("use `ionos`"));
        let none = unknown_provider("zzzzzz", IDS, "the catalogue");
        assert!(!none.message.contains("did you mean"));
        assert_eq!(phrase(&["a", "b", "c"]), "did you mean `a`, `b` or `c`?");
    }

    #[test]
    fn missing_folder_suggests_its_sibling() {
        let dir = std::env::temp_dir().join(format!("cloudvet-suggest-{}", std::process::id()));
        std::fs::create_dir_all(dir.join("providers")).unwrap();
        let d = missing_path(&dir.join("provders"));
        assert_eq!(d.code, "file-unreadable");
        assert!(d.message.contains("looked for"), "{}", d.message);
        let help = d.help.unwrap_or_default();
        assert!(
            help.contains("did you mean") && help.ends_with("providers`?"),
            "{help}"
        );
        let far = missing_path(&dir.join("zzzzzzzz"));
        assert!(far.help.unwrap_or_default().contains("cloudvet init"));
        let empty = no_profiles_in(&dir.join("providers"));
        assert!(empty.message.contains("no provider profiles"));
        std::fs::remove_dir_all(&dir).unwrap();
    }
}
