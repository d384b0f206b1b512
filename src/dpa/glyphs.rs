//! Letters a PDF's font lost in extraction. A subset font without a Unicode map for its
//! ligatures gives `U+FFFD` where "ft", "ff", "fi" or "fl" stood ("Au\u{FFFD}ragsverarbeiter",
//! "verp\u{FFFD}ichtet"); every term with those letters would be missed and a German
//! agreement would not even read as a DPA. Each such word is restored with the letters
//! that make it contain the longest known word across the gap: a word of the scanner's
//! term lists or an intact word of the same document. A gap no known word explains, and
//! a lone `U+FFFD` between digits or spaces (a lost digit: "Art. \u{FFFD}\u{FFFD}"), is left as it is:
//! nothing is guessed.

use std::borrow::Cow;
use std::collections::HashSet;

use super::terms::Terms;

const LOST: char = '\u{FFFD}';
/// What a lost glyph stood for, most specific first (a tie keeps the first).
const LIGATURES: [&str; 6] = ["ffi", "ffl", "ft", "ff", "fi", "fl"];
/// More gaps than this in one word are left alone (the candidates multiply).
const MAX_GAPS: usize = 3;
/// Known words shorter than this explain nothing ("auf" is in every other word).
const MIN_KNOWN: usize = 5;

/// The lines with lost ligatures restored, and the number of words restored (the lines
/// as they are, without a copy, when nothing was lost).
pub fn restore<'a>(lines: &'a [String], terms: &Terms) -> (Cow<'a, [String]>, usize) {
    if !lines.iter().any(|l| l.contains(LOST)) {
        return (Cow::Borrowed(lines), 0);
    }
    let known = vocabulary(lines, terms);
    let mut restored = 0;
    let out = lines
        .iter()
        .map(|l| {
            if !l.contains(LOST) {
                return l.clone();
            }
            let mut s = String::with_capacity(l.len());
            let mut word = String::new();
            for c in l.chars().chain(std::iter::once(' ')) {
                if c.is_alphabetic() || c == LOST {
                    word.push(c);
                    continue;
                }
                if let Some(w) = restore_word(&word, &known) {
                    s.push_str(&w);
                    restored += 1;
                } else {
                    s.push_str(&word);
                }
                word.clear();
                s.push(c);
            }
            s.pop();
            s
        })
        .collect();
    (Cow::Owned(out), restored)
}

/// Lower-case words of the term lists and intact words of the document, at least
/// [`MIN_KNOWN`] letters long.
fn vocabulary(lines: &[String], terms: &Terms) -> HashSet<String> {
    let mut known = HashSet::new();
    let mut add = |text: &str| {
        for w in text.split(|c: char| !c.is_alphabetic()) {
            if w.chars().count() >= MIN_KNOWN {
                known.insert(w.to_lowercase());
            }
        }
    };
    for t in terms.all_phrases() {
        add(t);
    }
    for l in lines {
        for w in l.split(|c: char| !(c.is_alphabetic() || c == LOST)) {
            if !w.contains(LOST) {
                add(w);
            }
        }
    }
    known
}

/// The word with its gaps filled, or `None` when it has none, only gaps (lost digits),
/// too many, or none a known word explains.
fn restore_word(word: &str, known: &HashSet<String>) -> Option<String> {
    let gaps = word.matches(LOST).count();
    if gaps == 0 || gaps > MAX_GAPS || !word.chars().any(char::is_alphabetic) {
        return None;
    }
    let lower = word.to_lowercase();
    // Every way of filling the gaps, scored by the longest known word spanning each gap.
    let mut best: Option<(usize, String)> = None;
    let mut choice = vec![0usize; gaps];
    loop {
        let mut cand = String::with_capacity(lower.len() + 2 * gaps);
        let mut spans = Vec::with_capacity(gaps);
        let mut g = 0;
        for c in lower.chars() {
            if c == LOST {
                let at = cand.len();
                cand.push_str(LIGATURES[choice[g]]);
                spans.push((at, cand.len()));
                g += 1;
            } else {
                cand.push(c);
            }
        }
        // Every gap must be explained; the score is the shortest of their explanations.
        let score = spans
            .iter()
            .map(|&(a, b)| longest_known_across(&cand, a, b, known))
            .min()
            .unwrap_or(0);
        if score > 0 && best.as_ref().is_none_or(|(s, _)| score > *s) {
            best = Some((score, cand));
        }
        // Next combination.
        let mut k = 0;
        loop {
            if k == gaps {
                return best.map(|(_, c)| recase(word, &c));
            }
            choice[k] += 1;
            if choice[k] < LIGATURES.len() {
                break;
            }
            choice[k] = 0;
            k += 1;
        }
    }
}

/// The length in bytes of the longest known word in `cand` that covers `cand[a..b]`.
fn longest_known_across(cand: &str, a: usize, b: usize, known: &HashSet<String>) -> usize {
    let starts: Vec<usize> = cand
        .char_indices()
        .map(|(i, _)| i)
        .filter(|&i| i <= a)
        .collect();
    let ends: Vec<usize> = cand
        .char_indices()
        .map(|(i, _)| i)
        .chain(std::iter::once(cand.len()))
        .filter(|&i| i >= b)
        .collect();
    let mut best = 0;
    for &s in &starts {
        for &e in &ends {
            if e - s > best && known.contains(&cand[s..e]) {
                best = e - s;
            }
        }
    }
    best
}

/// `restored` (lower case) in the case pattern of `original`: a capital first letter
/// stays capital.
fn recase(original: &str, restored: &str) -> String {
    let capital = original.chars().next().is_some_and(char::is_uppercase);
    if !capital {
        return restored.to_string();
    }
    let mut c = restored.chars();
    c.next()
        .map(|f| f.to_uppercase().chain(c).collect())
        .unwrap_or_default()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn fix(line: &str) -> (String, usize) {
        let terms = super::super::terms::load().unwrap();
        let lines = [line.to_string()];
        let (l, n) = restore(&lines, &terms);
        (l[0].clone(), n)
    }

    #[test]
    fn lost_ligatures_are_restored_from_known_words() {
        assert_eq!(
            fix("Der Au\u{FFFD}ragsverarbeiter ist verp\u{FFFD}ichtet."),
            ("Der Auftragsverarbeiter ist verpflichtet.".to_string(), 2)
        );
        assert_eq!(
            fix("Zugri\u{FFFD}skontrolle"),
            ("Zugriffskontrolle".to_string(), 1)
        );
    }

    #[test]
    fn lost_digits_and_unknown_words_are_left_alone() {
        // A lost digit is no ligature; an unknown word is not guessed.
        assert_eq!(
            fix("Art. \u{FFFD}\u{FFFD} DSGVO"),
            ("Art. \u{FFFD}\u{FFFD} DSGVO".to_string(), 0)
        );
        assert_eq!(fix("Qu\u{FFFD}zx"), ("Qu\u{FFFD}zx".to_string(), 0));
        assert_eq!(fix("no gaps here"), ("no gaps here".to_string(), 0));
    }
}
