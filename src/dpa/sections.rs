//! Splitting a DPA into numbered sections and their paragraphs, keeping line numbers.
//!
//! Top-level markers: `§ 3`, `Clause 7`/`Klausel 7`, `Section 4`, `Article 5`/`Art. 5`/`Artikel 5`,
//! `Ziffer 4`, `Annex II`/`Anlage 1`/`Anhang`/`Appendix`/`Schedule`, `1.` followed
//! by text, Markdown headings and short all-capital lines. Paragraph markers inside a
//! section: `1.1`, `1.1.1`, `(1)`.

/// One section or paragraph: its label, heading text and lines (1-based, inclusive).
#[derive(Debug, Clone, PartialEq)]
pub struct Block {
    /// e.g. `§ 5`, `7.2`, `Clause 7`, `Annex II`; `§ 5 (2)` for a paragraph.
    pub label: String,
    /// The heading text, if the marker line or the next line carries one.
    pub heading: String,
    pub start: usize,
    pub end: usize,
    /// Paragraphs inside a top-level section (empty for paragraphs themselves).
    pub paragraphs: Vec<Block>,
}

#[derive(Debug, PartialEq)]
enum Marker {
    Top { label: String, rest: String },
    Para { label: String },
}

const TOP_WORDS: &[&str] = &[
    "clause",
    "klausel",
    "section",
    "article",
    "art.",
    "artikel",
    "ziffer",
    "ziff.",
    "annex",
    "anlage",
    "anhang",
    "appendix",
    "schedule",
    "exhibit",
    "part",
    "teil",
    "abschnitt",
];

/// Splits the lines into top-level blocks (with their paragraphs).
pub fn split(lines: &[String]) -> Vec<Block> {
    let mut blocks: Vec<Block> = Vec::new();
    let mut current = Block {
        label: "preamble".into(),
        heading: String::new(),
        start: 1,
        end: 0,
        paragraphs: Vec::new(),
    };
    for (i, raw) in lines.iter().enumerate() {
        let n = i + 1;
        let line = raw.trim();
        let mut marker = classify(line);
        // Numbered lists and short all-capital lines (`EXPLANATORY NOTE:`, `ACCESS
        // CONTROL`) inside an annex are its paragraphs, not new sections.
        if let Some(Marker::Top { label, rest }) = &marker {
            let caps_line = rest == line && !is_annex(label);
            if (label.chars().all(|c| c.is_ascii_digit()) || caps_line) && is_annex(&current.label)
            {
                marker = Some(Marker::Para {
                    label: label.clone(),
                });
            }
        }
        match marker {
            Some(Marker::Top { label, rest }) => {
                close(&mut blocks, current, n - 1);
                let heading = if rest.is_empty() {
                    next_title(lines, i + 1)
                } else {
                    title_part(&rest)
                };
                current = Block {
                    label,
                    heading,
                    start: n,
                    end: n,
                    paragraphs: Vec::new(),
                };
            }
            Some(Marker::Para { label }) => {
                if let Some(last) = current.paragraphs.last_mut() {
                    last.end = n - 1;
                }
                let full = if current.label == "preamble" || label.contains('.') {
                    label
                } else if is_annex(&current.label) {
                    format!("{}, {label}", current.label)
                } else {
                    format!("{} {label}", current.label)
                };
                current.paragraphs.push(Block {
                    label: full,
                    heading: String::new(),
                    start: n,
                    end: n,
                    paragraphs: Vec::new(),
                });
            }
            None => {}
        }
        current.end = n;
        if let Some(last) = current.paragraphs.last_mut() {
            last.end = n;
        }
    }
    close(&mut blocks, current, lines.len());
    blocks
}

/// True for the label of an annex (`Annex II`, `Anlage 1`, `Schedule 2`, …).
pub fn is_annex(label: &str) -> bool {
    let l = label.to_lowercase();
    [
        "annex", "anlage", "anhang", "appendix", "schedule", "exhibit",
    ]
    .iter()
    .any(|w| l.starts_with(w))
}

fn close(blocks: &mut Vec<Block>, mut b: Block, end: usize) {
    b.end = end.max(b.start);
    if let Some(last) = b.paragraphs.last_mut() {
        last.end = b.end;
    }
    if b.label == "preamble" && end < b.start {
        return;
    }
    blocks.push(b);
}

/// The heading on the marker line: up to the first sentence end, at most 100 characters.
fn title_part(rest: &str) -> String {
    let rest = rest
        .trim_start_matches(['.', ':', '-', '–', '—', ' ', ')'])
        .trim();
    if rest.chars().count() <= 100 {
        rest.to_string()
    } else {
        rest.chars().take(100).collect()
    }
}

/// A short line after a bare marker (`§ 5` / `Unterauftragsverhältnisse`) is its heading.
fn next_title(lines: &[String], from: usize) -> String {
    for l in lines.iter().skip(from).take(2) {
        let t = l.trim();
        if t.is_empty() {
            continue;
        }
        if t.chars().count() <= 130 && !t.ends_with('.') && classify(t).is_none() {
            return t.to_string();
        }
        break;
    }
    String::new()
}

fn classify(line: &str) -> Option<Marker> {
    if line.is_empty() {
        return None;
    }
    // Markdown heading.
    if line.starts_with('#') {
        let text = line.trim_start_matches('#').trim();
        if text.is_empty() {
            return None;
        }
        // `## 5. Sub-processors` keeps the number as its label.
        if let Some(Marker::Top { label, rest }) = classify(text) {
            return Some(Marker::Top { label, rest });
        }
        if let Some(Marker::Para { label }) = classify(text) {
            let rest = text[label.len()..].to_string();
            return Some(Marker::Top { label, rest });
        }
        return Some(Marker::Top {
            label: text.chars().take(60).collect(),
            rest: text.to_string(),
        });
    }
    let stripped = line.trim_start_matches(['*', '_']).trim_start();
    // § 5, §5a
    if let Some(after) = stripped.strip_prefix('§') {
        let after = after.trim_start();
        let num: String = after
            .chars()
            .take_while(|c| c.is_ascii_alphanumeric())
            .collect();
        if !num.is_empty() && num.chars().next().is_some_and(|c| c.is_ascii_digit()) {
            let rest = after[num.len()..].to_string();
            return Some(Marker::Top {
                label: format!("§ {num}"),
                rest,
            });
        }
    }
    let lower = stripped.to_lowercase();
    for w in TOP_WORDS {
        if let Some(after) = lower.strip_prefix(w) {
            if !(after.starts_with(' ') || (w.ends_with('.') && !after.is_empty())) {
                continue;
            }
            let (Some(head), Some(after_orig)) = (stripped.get(..w.len()), stripped.get(w.len()..))
            else {
                continue;
            };
            let t = after_orig.trim_start();
            let num: String = t
                .chars()
                .take_while(|c| c.is_ascii_alphanumeric() || *c == '.')
                .collect();
            let num = num.trim_end_matches('.').to_string();
            let is_number = num.chars().next().is_some_and(|c| c.is_ascii_digit())
                || (!num.is_empty()
                    && num.len() <= 5
                    && num.chars().all(|c| "IVXLivxl".contains(c)))
                || (num.len() == 1 && num.chars().all(|c| c.is_ascii_uppercase()));
            let word = title_case(head);
            let annex_word = matches!(
                *w,
                "annex" | "anlage" | "anhang" | "appendix" | "schedule" | "exhibit"
            );
            // `Annex I(B) lists …` inside running text is a reference, not a heading:
            // a numbered annex marker opens a section only on a short line that is
            // not a sentence.
            if is_number
                && annex_word
                && (line.chars().count() > 100 || line.ends_with(['.', ',', ';']))
            {
                continue;
            }
            if is_number {
                let rest = t[num.len()..].to_string();
                // `Clause 7.1` is a paragraph of clause 7 only when it is not the line's start word.
                return Some(Marker::Top {
                    label: format!("{word} {num}"),
                    rest,
                });
            }
            // `Annex – Technical and organisational measures`, `Anlage TOM`: a short
            // line that is not a sentence.
            if matches!(
                *w,
                "annex" | "anlage" | "anhang" | "appendix" | "schedule" | "exhibit"
            ) && line.chars().count() <= 100
                && !line.ends_with(['.', ',', ';'])
            {
                let name: String = t
                    .split_whitespace()
                    .next()
                    .filter(|n| n.chars().all(|c| c.is_alphanumeric()) && n.chars().count() <= 6)
                    .map(|n| format!("{word} {n}"))
                    .unwrap_or(word);
                return Some(Marker::Top {
                    label: name,
                    rest: t.to_string(),
                });
            }
        }
    }
    // 1.  /  1.1  /  1.1.1  / (1)
    let digits: String = stripped
        .chars()
        .take_while(|c| c.is_ascii_digit() || *c == '.')
        .collect();
    if !digits.is_empty() && digits.chars().next().is_some_and(|c| c.is_ascii_digit()) {
        let after = &stripped[digits.len()..];
        // `1 Gegenstand und Dauer`: a bare number and a short title line.
        if !digits.contains('.')
            && digits.len() <= 2
            && after.starts_with(' ')
            && line.chars().count() <= 80
            && !line.ends_with(['.', ',', ';', ':'])
            && after
                .trim_start()
                .chars()
                .next()
                .is_some_and(|c| c.is_uppercase())
        {
            return Some(Marker::Top {
                label: digits.clone(),
                rest: after.to_string(),
            });
        }
        let followed_by_text = after.starts_with([' ', '\t']) && !after.trim().is_empty();
        let core = digits.trim_end_matches('.');
        let parts: Vec<&str> = core.split('.').collect();
        if followed_by_text && parts.iter().all(|p| !p.is_empty() && p.len() <= 3) {
            let first_char = after.trim_start().chars().next();
            // `1. Der Auftragnehmer …` or `1. Subject matter`; not `2021 …` (years).
            if parts.len() == 1 && digits.ends_with('.') && core.len() <= 2 {
                if first_char.is_some_and(|c| c.is_uppercase()) {
                    return Some(Marker::Top {
                        label: core.to_string(),
                        rest: after.to_string(),
                    });
                }
            } else if parts.len() >= 2 {
                return Some(Marker::Para {
                    label: core.to_string(),
                });
            }
        }
    }
    if let Some(inner) = stripped.strip_prefix('(') {
        let num: String = inner.chars().take_while(|c| c.is_ascii_digit()).collect();
        if !num.is_empty() && num.len() <= 2 && inner[num.len()..].starts_with(')') {
            return Some(Marker::Para {
                label: format!("({num})"),
            });
        }
        // `(a)` points; not `(i)`-style lists deeper than one letter.
        let mut cs = inner.chars();
        if let (Some(l), Some(')')) = (cs.next(), cs.next()) {
            if l.is_ascii_lowercase() {
                return Some(Marker::Para {
                    label: format!("({l})"),
                });
            }
        }
    }
    // `IV. Processing on instructions`: a roman numeral, a dot and a short title.
    let roman: String = stripped
        .chars()
        .take_while(|c| "IVXL".contains(*c))
        .collect();
    if !roman.is_empty() && roman.len() <= 5 {
        let after = &stripped[roman.len()..];
        if let Some(title) = after.strip_prefix(". ") {
            if title.chars().next().is_some_and(|c| c.is_uppercase())
                && line.chars().count() <= 90
                && !line.ends_with('.')
            {
                return Some(Marker::Top {
                    label: roman,
                    rest: title.to_string(),
                });
            }
        }
    }
    // `a) Purpose: …` points.
    let mut cs = stripped.chars();
    if let (Some(l), Some(')'), Some(' ')) = (cs.next(), cs.next(), cs.next()) {
        if l.is_ascii_lowercase() {
            return Some(Marker::Para {
                label: format!("{l})"),
            });
        }
    }
    // Short all-capital line: `TECHNICAL AND ORGANISATIONAL MEASURES`.
    let letters: Vec<char> = line.chars().filter(|c| c.is_alphabetic()).collect();
    if letters.len() >= 6
        && line.chars().count() <= 90
        && letters.iter().all(|c| c.is_uppercase())
        && line.split_whitespace().count() >= 2
    {
        return Some(Marker::Top {
            label: line.chars().take(60).collect(),
            rest: line.to_string(),
        });
    }
    None
}

fn title_case(word: &str) -> String {
    let mut c = word.chars();
    match c.next() {
        Some(f) => f.to_uppercase().collect::<String>() + &c.as_str().to_lowercase(),
        None => String::new(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn lines(s: &str) -> Vec<String> {
        s.lines().map(String::from).collect()
    }

    #[test]
    fn german_paragraphs() {
        let b = split(&lines(
            "Vertrag\n\n§ 1\nGegenstand\n(1) Der Auftragnehmer …\n(2) Die Dauer …\n§ 2 Weisungen\nText.\n",
        ));
        assert_eq!(b.len(), 3);
        assert_eq!(b[1].label, "§ 1");
        assert_eq!(b[1].heading, "Gegenstand");
        assert_eq!((b[1].start, b[1].end), (3, 6));
        assert_eq!(b[1].paragraphs[1].label, "§ 1 (2)");
        assert_eq!((b[1].paragraphs[0].start, b[1].paragraphs[0].end), (5, 5));
        assert_eq!(b[2].heading, "Weisungen");
        assert_eq!((b[2].start, b[2].end), (7, 8));
    }

    #[test]
    fn english_numbers_and_clauses() {
        let b = split(&lines(
            "1. Definitions\n1.1 Terms.\n1.2 More.\n2. Sub-processors\n2.1 Notice.\nClause 7\nANNEX II – TECHNICAL MEASURES\n2021 was a year.\n",
        ));
        let labels: Vec<&str> = b.iter().map(|x| x.label.as_str()).collect();
        assert_eq!(labels, vec!["1", "2", "Clause 7", "Annex II"]);
        assert_eq!(b[0].paragraphs[1].label, "1.2");
        assert_eq!(b[3].end, 8);
    }

    #[test]
    fn german_klausel_is_a_section_word() {
        let b = split(&lines(
            "Klausel 6\nBeschreibung der Verarbeitung\nText.\nKlausel 7 – fakultativ\nPflichten\nKlauseln 8 und 9 gelten.\n",
        ));
        let labels: Vec<&str> = b.iter().map(|x| x.label.as_str()).collect();
        assert_eq!(labels, vec!["Klausel 6", "Klausel 7"]);
        assert_eq!(b[0].heading, "Beschreibung der Verarbeitung");
        assert_eq!(b[1].end, 6);
    }
}
