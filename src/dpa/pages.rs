//! Page furniture: the running headers and footers a PDF repeats on every page
//! (company register, bank details, "DocuSign Envelope ID: …", "Page 3 of 11") and
//! bare page numbers. They are no part of any clause: left in, they become headings
//! and quoted passages. They are found by repetition, not by wording:
//!
//! - with pages (a PDF, or a text with form feeds): a line among the first or last
//!   three lines of a page whose text (digits ignored) stands at the edge of at least
//!   half of the pages (and of two); and a line at a page edge that is only a page
//!   number (`7`, `- 7 -`, `7 / 11`, `Page 7 of 11`, `Seite 7 von 11`);
//! - without pages (text extracted without page breaks): a short line (at most 15
//!   words, not a clause marker, not a sentence) whose text, digits ignored, occurs at
//!   least three times and has a digit, or at least four times; and a bare page
//!   number alone between blank lines.
//!
//! Such lines are replaced by [`NOISE`], which the later stages skip: line numbers stay
//! those of the text that was read.

use std::collections::HashMap;

/// What a header or footer line is replaced by.
pub const NOISE: &str = "\u{1}";

/// The line with digits replaced and whitespace collapsed, lower case.
fn key(line: &str) -> String {
    let mut out = String::new();
    let mut space = false;
    for c in line.trim().chars() {
        if c.is_whitespace() {
            if !space {
                out.push(' ');
            }
            space = true;
            continue;
        }
        space = false;
        if c.is_ascii_digit() {
            if !out.ends_with('#') {
                out.push('#');
            }
        } else {
            out.extend(c.to_lowercase());
        }
    }
    out
}

/// `7`, `- 7 -`, `7 / 11`, `Page 7 of 11`, `Seite 7 von 11`, `S. 7`.
fn is_page_number(line: &str) -> bool {
    let l = line.trim().to_lowercase();
    if !l.chars().any(|c| c.is_ascii_digit()) || l.chars().count() > 24 {
        return false;
    }
    let rest: String = l
        .replace("page", "")
        .replace("seite", "")
        .replace("s. ", "")
        .replace(" of ", " ")
        .replace(" von ", " ")
        .chars()
        .filter(|c| {
            !c.is_ascii_digit() && !c.is_whitespace() && !matches!(c, '/' | '-' | '–' | '|')
        })
        .collect();
    // `1.1` is a clause number, not a page number.
    rest.is_empty() && !l.contains('.')
}

/// Marks the page furniture of `lines` (see the module docs); returns the lines with
/// it replaced by [`NOISE`] and how many were replaced.
pub fn strip(lines: &[String], page_breaks: &[usize]) -> (Vec<String>, usize) {
    let mut noise = vec![false; lines.len()];
    if page_breaks.is_empty() {
        without_pages(lines, &mut noise);
    } else {
        with_pages(lines, page_breaks, &mut noise);
    }
    let mut n = 0;
    let out = lines
        .iter()
        .zip(&noise)
        .map(|(l, x)| {
            if *x {
                n += 1;
                NOISE.to_string()
            } else {
                l.clone()
            }
        })
        .collect();
    (out, n)
}

fn with_pages(lines: &[String], breaks: &[usize], noise: &mut [bool]) {
    // Page ranges (0-based, end exclusive).
    let mut starts = vec![0usize];
    starts.extend(breaks.iter().map(|b| b - 1));
    let pages: Vec<(usize, usize)> = starts
        .iter()
        .enumerate()
        .map(|(i, s)| (*s, starts.get(i + 1).copied().unwrap_or(lines.len())))
        .collect();
    // The edge lines of each page: first and last three non-empty lines.
    let edges: Vec<Vec<usize>> = pages
        .iter()
        .map(|(a, b)| {
            let filled: Vec<usize> = (*a..*b).filter(|i| !lines[*i].trim().is_empty()).collect();
            let mut e: Vec<usize> = filled.iter().take(3).copied().collect();
            e.extend(filled.iter().rev().take(3).copied());
            e.sort_unstable();
            e.dedup();
            e
        })
        .collect();
    let mut on_pages: HashMap<String, usize> = HashMap::new();
    for e in &edges {
        let mut seen: Vec<String> = e.iter().map(|i| key(&lines[*i])).collect();
        seen.sort();
        seen.dedup();
        for k in seen {
            *on_pages.entry(k).or_default() += 1;
        }
    }
    let need = (pages.len() / 2).max(2);
    for e in &edges {
        for &i in e {
            let k = key(&lines[i]);
            let repeated = on_pages.get(&k).is_some_and(|n| *n >= need)
                && !super::sections::is_marker(&lines[i]);
            if is_page_number(&lines[i]) || repeated {
                noise[i] = true;
            }
        }
    }
}

fn without_pages(lines: &[String], noise: &mut [bool]) {
    let mut count: HashMap<String, usize> = HashMap::new();
    for l in lines {
        if !l.trim().is_empty() {
            *count.entry(key(l)).or_default() += 1;
        }
    }
    let blank = |i: Option<&String>| i.is_none_or(|l| l.trim().is_empty());
    for (i, l) in lines.iter().enumerate() {
        let t = l.trim();
        if t.is_empty() {
            continue;
        }
        // A bare page number between blank lines.
        let before = if i == 0 { None } else { lines.get(i - 1) };
        if t.chars().all(|c| c.is_ascii_digit())
            && t.len() <= 3
            && blank(before)
            && blank(lines.get(i + 1))
        {
            noise[i] = true;
            continue;
        }
        let n = count.get(&key(t)).copied().unwrap_or(0);
        let has_digit = t.chars().any(|c| c.is_ascii_digit());
        let short = t.split_whitespace().count() <= 15;
        let sentence = t.ends_with(['.', ':', ';', ',']);
        let marker = t.starts_with(['#', '§', '(', '-', '*', '|', '>'])
            || t.chars().next().is_some_and(|c| c.is_ascii_digit()) && !is_page_number(t)
            || super::sections::is_marker(t);
        if short && !sentence && !marker && ((n >= 3 && has_digit) || n >= 4) {
            noise[i] = true;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn lines(s: &str) -> Vec<String> {
        s.lines().map(String::from).collect()
    }

    #[test]
    fn repeated_page_edges_and_page_numbers_are_noise() {
        let l = lines(
            "ACME GmbH · HRB 1234\n§ 1 Subject\nThe processor shall act.\nPage 1 of 3\nACME GmbH · HRB 1234\n§ 2 Duties\nThe processor shall notify.\nPage 2 of 3\nACME GmbH · HRB 1234\n§ 3 Audits\nAudits are allowed.\nPage 3 of 3",
        );
        let (out, n) = strip(&l, &[5, 9]);
        assert_eq!(n, 6);
        assert_eq!(out[0], NOISE);
        assert_eq!(out[1], "§ 1 Subject");
        assert_eq!(out[3], NOISE);
        assert_eq!(out[10], "Audits are allowed.");
    }

    #[test]
    fn without_pages_repeated_footers_and_bare_numbers_are_noise() {
        let l = lines(
            "Text one.\n\n9\n\nDocuSign Envelope ID: 82EB\nMore text.\nDocuSign Envelope ID: 82EB\nEven more.\nDocuSign Envelope ID: 82EB\n1.1\nNot applicable.\nNot applicable.\nNot applicable.\nClause 1\nClause 2\nClause 3\nClause 4\n",
        );
        let (out, _) = strip(&l, &[]);
        assert_eq!(out[2], NOISE);
        assert_eq!(out[4], NOISE);
        assert_eq!(out[8], NOISE);
        assert_eq!(out[9], "1.1");
        // Sentences and clause markers are never furniture.
        assert_eq!(out[10], "Not applicable.");
        assert_eq!(out[13], "Clause 1");
    }
}
