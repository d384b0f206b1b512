//! The version label and date a DPA states about itself ("Version 3.0", "Stand:
//! 15.11.2026", "Effective date: 15 November 2026"), so a review records which text
//! it is of and is recognised as stale once the provider's DPA moves on
//! (`facts::staleness`). Read only from the document's head (its first lines),
//! where the title block states them; a date in the body is some other date.

use crate::model::common::AsOf;

/// How many lines from the top are searched.
const HEAD_LINES: usize = 40;

/// A value the document states and the line (1-based) it is on.
#[derive(Debug, Clone, PartialEq)]
pub struct Stated<T> {
    pub value: T,
    pub line: usize,
}

/// The version label, the date and the parties found in the head.
#[derive(Debug, Clone, PartialEq, Default)]
pub struct VersionInfo {
    pub version: Option<Stated<String>>,
    pub date: Option<Stated<AsOf>>,
    /// Companies named in the head (`Computer Extra GmbH`, `Travis CI GmbH`), in order.
    pub parties: Vec<Stated<String>>,
}

/// Legal forms that end a company name.
const LEGAL_FORMS: &[&str] = &[
    "GmbH & Co. KG",
    "GmbH",
    "gGmbH",
    "AG",
    "UG (haftungsbeschränkt)",
    "UG",
    "SE",
    "KG",
    "OHG",
    "GbR",
    "e.V.",
    "Ltd.",
    "Ltd",
    "Limited",
    "Inc.",
    "Inc",
    "LLC",
    "L.L.C.",
    "LLP",
    "plc",
    "PLC",
    "Corp.",
    "Corporation",
    "B.V.",
    "N.V.",
    "S.A.",
    "SA",
    "SAS",
    "S.à r.l.",
    "SARL",
    "S.r.l.",
    "S.L.",
    "AB",
    "Oy",
    "ApS",
    "A/S",
    "AS",
    "Sp. z o.o.",
];

/// Words that do not belong to a company name before its legal form.
const NAME_STOPS: &[&str] = &[
    "the", "of", "and", "between", "by", "with", "customer", "client", "provider", "der", "die",
    "das", "den", "dem", "des", "und", "zwischen", "von", "mit", "firma", "kunde", "kunden", "a",
    "an", "is", "ist", "as", "als", "for", "für", "to", "bei",
];

/// A company name ending in a legal form in `line`: up to five words before it.
fn company_in(line: &str) -> Option<String> {
    let clean: String = line.replace(['*', '_', '#', '|', '„', '“', '"'], " ");
    for form in LEGAL_FORMS {
        for (at, _) in clean.match_indices(form) {
            let end = at + form.len();
            let before_ok = clean[..at].ends_with(' ');
            let after_ok = clean[end..]
                .chars()
                .next()
                .is_none_or(|c| !c.is_alphanumeric());
            if !before_ok || !after_ok {
                continue;
            }
            let words: Vec<&str> = clean[..at].split_whitespace().collect();
            let mut name: Vec<&str> = Vec::new();
            for w in words.iter().rev().take(5) {
                let bare = w.trim_matches(|c: char| matches!(c, ',' | '(' | ')' | ':' | ';'));
                if bare.is_empty()
                    || w.ends_with([',', ';', ':', '('])
                    || NAME_STOPS.contains(&bare.to_lowercase().as_str())
                    || bare.starts_with('[')
                    || bare
                        .trim_end_matches('.')
                        .chars()
                        .all(|c| c.is_ascii_digit())
                {
                    break;
                }
                name.push(bare);
            }
            if name.is_empty() {
                continue;
            }
            name.reverse();
            return Some(format!("{} {form}", name.join(" ")));
        }
    }
    None
}

const VERSION_WORDS: &[&str] = &["version", "fassung", "versionsnummer", "rev.", "revision"];
const DATE_WORDS: &[&str] = &[
    "stand",
    "datum",
    "date",
    "dated",
    "effective",
    "last updated",
    "updated",
    "valid from",
    "gültig ab",
    "in kraft",
    "vom",
    "as of",
];

const MONTHS: &[(&str, u32)] = &[
    ("january", 1),
    ("januar", 1),
    ("jänner", 1),
    ("february", 2),
    ("februar", 2),
    ("march", 3),
    ("märz", 3),
    ("april", 4),
    ("may", 5),
    ("mai", 5),
    ("june", 6),
    ("juni", 6),
    ("july", 7),
    ("juli", 7),
    ("august", 8),
    ("september", 9),
    ("october", 10),
    ("oktober", 10),
    ("november", 11),
    ("december", 12),
    ("dezember", 12),
];

/// Finds the version label and date stated in the document's head.
pub fn extract(lines: &[String]) -> VersionInfo {
    let mut info = VersionInfo::default();
    for (i, raw) in lines.iter().take(HEAD_LINES).enumerate() {
        if let Some(p) = company_in(raw) {
            if info.parties.len() < 3 && !info.parties.iter().any(|x| x.value == p) {
                info.parties.push(Stated {
                    value: p,
                    line: i + 1,
                });
            }
        }
        let line = raw.to_lowercase();
        if info.version.is_none() {
            if let Some(v) = version_in(&line) {
                info.version = Some(Stated {
                    value: v,
                    line: i + 1,
                });
                // "Version 3.0 of 15 November 2026": the date on the version's line.
                if info.date.is_none() {
                    if let Some(d) = date_in(&line) {
                        info.date = Some(Stated {
                            value: d,
                            line: i + 1,
                        });
                    }
                }
                continue;
            }
        }
        if info.date.is_none() && DATE_WORDS.iter().any(|w| has_word(&line, w)) {
            if let Some(d) = date_in(&line) {
                info.date = Some(Stated {
                    value: d,
                    line: i + 1,
                });
            }
        }
    }
    info
}

/// `w` occurs in `line` at word boundaries.
fn has_word(line: &str, w: &str) -> bool {
    line.match_indices(w).any(|(at, _)| {
        let before = line[..at].chars().next_back();
        let after = line[at + w.len()..].chars().next();
        !before.is_some_and(char::is_alphanumeric) && !after.is_some_and(char::is_alphanumeric)
    })
}

/// A version number right after a version word: digits with dots (`3.0`, `2.11`,
/// `2026-03` is a date, not a version).
fn version_in(line: &str) -> Option<String> {
    for w in VERSION_WORDS {
        for (at, _) in line.match_indices(w) {
            let before = line[..at].chars().next_back();
            if before.is_some_and(char::is_alphanumeric) {
                continue;
            }
            let rest = line[at + w.len()..].trim_start_matches([' ', ':', '.', '\t']);
            let rest = rest
                .strip_prefix("nr.")
                .or_else(|| rest.strip_prefix("no."))
                .map(str::trim_start)
                .unwrap_or(rest);
            let rest = rest.strip_prefix('v').unwrap_or(rest);
            let token: String = rest
                .chars()
                .take_while(|c| c.is_ascii_digit() || *c == '.')
                .collect();
            let token = token.trim_end_matches('.');
            let next = rest[token.len()..].chars().next();
            if token.starts_with(|c: char| c.is_ascii_digit())
                && token.len() <= 12
                && !next.is_some_and(|c| c == '-' || c == '/' || c.is_alphabetic())
                && !(token.len() == 4 && !token.contains('.') && token.starts_with("20"))
            {
                return Some(token.to_string());
            }
        }
    }
    None
}

/// The first date in the line: `2026-11-15`, `15.11.2026`, `15 November 2026`,
/// `15. November 2026`, `November 15, 2026`, `November 2026`.
fn date_in(line: &str) -> Option<AsOf> {
    let words: Vec<&str> = line
        .split(|c: char| c.is_whitespace() || c == '(' || c == ')' || c == ',' || c == ';')
        .filter(|w| !w.is_empty())
        .collect();
    for (i, w) in words.iter().enumerate() {
        let w = w.trim_matches(|c: char| c == ':' || c == '"');
        let w = w.strip_suffix('.').unwrap_or(w);
        // ISO
        if w.len() == 10 && w.as_bytes()[4] == b'-' {
            if let Ok(d) = w.parse::<AsOf>() {
                return Some(d);
            }
        }
        // 15.11.2026
        let parts: Vec<&str> = w.split('.').collect();
        if parts.len() == 3 && parts[2].len() == 4 {
            if let (Ok(d), Ok(m), Ok(y)) = (
                parts[0].parse::<u32>(),
                parts[1].parse::<u32>(),
                parts[2].parse::<i32>(),
            ) {
                if let Ok(a) = format!("{y:04}-{m:02}-{d:02}").parse::<AsOf>() {
                    return Some(a);
                }
            }
        }
        // Month names.
        if let Some((_, m)) = MONTHS.iter().find(|(n, _)| *n == w) {
            let year = |s: Option<&&str>| {
                s.map(|s| s.trim_end_matches('.'))
                    .filter(|s| s.len() == 4)
                    .and_then(|s| s.parse::<i32>().ok())
            };
            let day_before = i
                .checked_sub(1)
                .and_then(|j| words.get(j))
                .and_then(|s| s.trim_end_matches('.').parse::<u32>().ok());
            // "15 November 2026", "15. November 2026"
            if let (Some(d), Some(y)) = (day_before, year(words.get(i + 1))) {
                if let Ok(a) = format!("{y:04}-{m:02}-{d:02}").parse::<AsOf>() {
                    return Some(a);
                }
            }
            // "November 15, 2026"
            if let (Some(d), Some(y)) = (
                words.get(i + 1).and_then(|s| s.parse::<u32>().ok()),
                year(words.get(i + 2)),
            ) {
                if let Ok(a) = format!("{y:04}-{m:02}-{d:02}").parse::<AsOf>() {
                    return Some(a);
                }
            }
            // "November 2026"
            if let Some(y) = year(words.get(i + 1)) {
                if let Ok(a) = format!("{y:04}-{m:02}").parse::<AsOf>() {
                    return Some(a);
                }
            }
        }
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn finds_the_parties_by_their_legal_form() {
        let lines: Vec<String> = "Auftragsverarbeitungsvertrag\nzwischen dem Verantwortlichen [XXXXX]\nund dem Auftragsverarbeiter:\nComputer Extra GmbH\nHauptstr. 8\n1. Travis CI GmbH, Rigaer Straße 8, Berlin; and\nThis contract is concluded between the customer of fortrabbit GmbH, hereinafter \"contractor\".\n"
            .lines()
            .map(str::to_string)
            .collect();
        let p: Vec<String> = extract(&lines)
            .parties
            .into_iter()
            .map(|p| p.value)
            .collect();
        assert_eq!(
            p,
            ["Computer Extra GmbH", "Travis CI GmbH", "fortrabbit GmbH"]
        );
    }

    fn run(text: &str) -> (Option<String>, Option<String>) {
        let lines: Vec<String> = text.lines().map(str::to_string).collect();
        let i = extract(&lines);
        (
            i.version.map(|v| v.value),
            i.date.map(|d| d.value.to_string()),
        )
    }

    #[test]
    fn finds_version_and_date_in_the_head() {
        assert_eq!(
            run("Data Processing Agreement\nVersion 3.0 of 15 November 2026\n\n1. Subject"),
            (Some("3.0".into()), Some("2026-11-15".into()))
        );
        assert_eq!(
            run("Auftragsverarbeitungsvertrag\nFassung 2.1\nStand: 01.03.2026\n"),
            (Some("2.1".into()), Some("2026-03-01".into()))
        );
        assert_eq!(
            run("DPA\nLast updated: March 1, 2026\nVersion: v2.11\n"),
            (Some("2.11".into()), Some("2026-03-01".into()))
        );
        assert_eq!(
            run("AVV\nStand: November 2026\n"),
            (None, Some("2026-11".into()))
        );
    }

    #[test]
    fn states_nothing_it_does_not_find() {
        assert_eq!(
            run("Data Processing Agreement\n1. The processor processes data on instructions.\nThe version of the clauses in force applies.\n"),
            (None, None)
        );
        // A year alone after "version" is not a version label.
        assert_eq!(run("Version 2026\n"), (None, None));
    }
}
