//! "Did you mean …": suggestions for names a person typed (provider IDs, field
//! names, GPU models), and the diagnostics that carry them.

use crate::diag::Diagnostic;

/// Edit distance (Levenshtein with adjacent transpositions counted as one edit,
/// the optimal-string-alignment variant), on characters, case-insensitive.
pub fn distance(a: &str, b: &str) -> usize {
    let a: Vec<char> = a.to_lowercase().chars().collect();
    let b: Vec<char> = b.to_lowercase().chars().collect();
    let (n, m) = (a.len(), b.len());
    // Three rows: two back (for transpositions), previous, current.
    let mut before: Vec<usize> = vec![0; m + 1];
    let mut prev: Vec<usize> = (0..=m).collect();
    let mut cur: Vec<usize> = vec![0; m + 1];
    for i in 1..=n {
        cur[0] = i;
        for j in 1..=m {
            let cost = usize::from(a[i - 1] != b[j - 1]);
            let mut d = (prev[j] + 1).min(cur[j - 1] + 1).min(prev[j - 1] + cost);
            if i > 1 && j > 1 && a[i - 1] == b[j - 2] && a[i - 2] == b[j - 1] {
                d = d.min(before[j - 2] + 1);
            }
            cur[j] = d;
        }
        std::mem::swap(&mut before, &mut prev);
        std::mem::swap(&mut prev, &mut cur);
    }
    prev[m]
}

/// The candidates close enough to `input` to be a likely typo, closest first
/// (ties in candidate order). A candidate that starts with the input (`hetz` →
/// `hetzner`) or contains it as a hyphen-separated part (`telekom` →
/// `open-telekom-cloud`) also counts as close.
pub fn did_you_mean<'a, I>(input: &str, candidates: I) -> Vec<&'a str>
where
    I: IntoIterator<Item = &'a str>,
{
    let input = input.trim();
    if input.is_empty() || input.chars().count() > 100 {
        return Vec::new();
    }
    let lower = input.to_lowercase();
    // About one edit per three characters, at least one.
    let limit = (input.chars().count() / 3).max(1);
    let mut scored: Vec<(usize, usize, &'a str)> = candidates
        .into_iter()
        .enumerate()
        .filter_map(|(i, c)| {
            let lc = c.to_lowercase();
            if lc == lower {
                return Some((0, i, c));
            }
            let d = distance(&lower, &lc);
            if d <= limit {
                return Some((d, i, c));
            }
            let part = lc.split(['-', '_']).any(|p| p == lower);
            if (lower.len() >= 3 && lc.starts_with(&lower)) || part {
                return Some((limit + 1, i, c));
            }
            None
        })
        .collect();
    scored.sort();
    scored.dedup_by(|a, b| a.2 == b.2);
    scored.into_iter().map(|(_, _, c)| c).collect()
}

/// " Did you mean `a` or `b`?" for a message, or an empty string.
pub fn phrase(suggestions: &[&str]) -> String {
    match suggestions {
        [] => String::new(),
        [one] => format!("did you mean `{one}`?"),
        [init @ .., last] => {
            let head: Vec<String> = init.iter().map(|s| format!("`{s}`")).collect();
            format!("did you mean {} or `{last}`?", head.join(", "))
        }
    }
}

/// The diagnostic for a provider ID that is not among `known` (the IDs of the
/// profiles loaded, or of the embedded catalogue).
pub fn unknown_provider(input: &str, known: &[&str], known_where: &str) -> Diagnostic {
    unknown_id("unknown-provider", "provider", input, known, known_where)
}

/// The diagnostic for an ID that is not among `known`: says what was asked for,
/// suggests close IDs, and lists the known ones.
///
/// `code` is the registered diagnostic code (e.g. `unknown-provider`), `what`
/// names the thing (`provider`), `known_where` says where the list comes from
/// (`the embedded catalogue`).
pub fn unknown_id(
    code: &'static str,
    what: &str,
    input: &str,
    known: &[&str],
    known_where: &str,
) -> Diagnostic {
    let close = did_you_mean(input, known.iter().copied());
    let mut message = format!("there is no {what} `{input}` in {known_where}");
    if !close.is_empty() {
        message.push_str("; ");
        message.push_str(&phrase(&close[..close.len().min(3)]));
    }
    Diagnostic::error(code, message)
        .expected(format!("one of: {}", known.join(", ")))
        .help(match close.first() {
            Some(c) => format!("use `{c}`"),
            None => "pick an ID from the list; IDs are lower case with hyphens".to_string(),
        })
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
    fn distances() {
        assert_eq!(distance("kitten", "sitting"), 3);
        assert_eq!(distance("ionos", "ionso"), 1, "a transposition is one edit");
        assert_eq!(distance("AWS", "aws"), 0);
        assert_eq!(distance("", "abc"), 3);
    }

    #[test]
    fn suggestions() {
        assert_eq!(did_you_mean("ionso", IDS.iter().copied()), vec!["ionos"]);
        assert_eq!(did_you_mean("hetzner ", IDS.iter().copied()), vec!["hetzner"]);
        assert_eq!(did_you_mean("hetz", IDS.iter().copied()), vec!["hetzner"]);
        assert_eq!(
            did_you_mean("telekom", IDS.iter().copied()),
            vec!["open-telekom-cloud"]
        );
        assert_eq!(did_you_mean("asw", IDS.iter().copied()), vec!["aws"]);
        assert!(did_you_mean("qqqqqq", IDS.iter().copied()).is_empty());
        assert!(did_you_mean("", IDS.iter().copied()).is_empty());
    }

    #[test]
    fn message_lists_close_and_known() {
        let d = unknown_id("unknown-provider", "provider", "ionso", IDS, "the catalogue");
        assert_eq!(d.code, "unknown-provider");
        assert!(d.message.contains("did you mean `ionos`?"), "{}", d.message);
        assert!(d.expected.as_deref().unwrap_or("").contains("stackit"));
        assert_eq!(phrase(&["a", "b", "c"]), "did you mean `a`, `b` or `c`?");
    }
}
