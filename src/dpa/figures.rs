//! Figures stated in the DPA: sub-processor notice days, breach notice hours, the
//! SCC module and the governing law. Each comes from one sentence that carries the
//! context terms in `terms.yaml` and a number with a unit (or a country name).

/// One figure and where it was found.
#[derive(Debug, Clone, PartialEq)]
pub struct Figure<T> {
    pub value: T,
    /// Section label, e.g. `§ 5` or `7.2`.
    pub section: Option<String>,
    /// First and last line (1-based, inclusive).
    pub lines: Option<[u32; 2]>,
    /// The sentence the figure was read from.
    pub quote: Option<String>,
}

/// The figures found in a document.
#[derive(Debug, Clone, PartialEq, Default)]
pub struct Figures {
    pub subprocessor_notice_days: Option<Figure<u32>>,
    pub breach_notice_hours: Option<Figure<u32>>,
    pub scc_module: Option<Figure<u32>>,
    pub governing_law: Option<Figure<String>>,
}

use super::locate::Joined;
use super::sections::Block;
use super::terms::{normalise, term_matches, FigureRule, Terms};

/// A sentence of the document with its lines.
struct Sentence {
    text: String,
    norm: String,
    start: usize,
    end: usize,
}

fn sentences(lines: &[String]) -> Vec<Sentence> {
    let j = Joined::new(lines, 1);
    j.sentences()
        .into_iter()
        .map(|(a, b)| {
            let text = j.text[a..b].trim().to_string();
            let last = b.saturating_sub(2).max(a);
            Sentence {
                norm: normalise(&text),
                text,
                start: j.line_at(a),
                end: j.line_at(last),
            }
        })
        .collect()
}

/// Extracts the figures.
pub fn extract(lines: &[String], blocks: &[Block], terms: &Terms) -> Figures {
    let sents = sentences(lines);
    let f = &terms.figures;
    let words = &f.number_words;
    let notice = number_figure(&sents, &f.subprocessor_notice, words, blocks);
    let breach = number_figure(&sents, &f.breach_notice, words, blocks);
    let module =
        number_figure(&sents, &f.scc_module, words, blocks).filter(|m| (1..=4).contains(&m.value));
    let law = governing_law(&sents, terms, blocks);
    Figures {
        subprocessor_notice_days: notice,
        breach_notice_hours: breach,
        scc_module: module,
        governing_law: law,
    }
}

fn qualifies(rule: &FigureRule, s: &Sentence) -> bool {
    rule.context
        .iter()
        .all(|group| group.iter().any(|t| term_matches(t, &s.norm)))
}

fn number_figure(
    sents: &[Sentence],
    rule: &FigureRule,
    words: &std::collections::BTreeMap<String, u32>,
    blocks: &[Block],
) -> Option<Figure<u32>> {
    let mut fallback = None;
    for s in sents.iter().filter(|s| qualifies(rule, s)) {
        let Some(v) = number_in(&s.norm, rule, words) else {
            continue;
        };
        let avoided = rule.avoid.iter().any(|t| term_matches(t, &s.norm));
        let fig = figure(v, s, blocks);
        if !avoided {
            return Some(fig);
        }
        if fallback.is_none() {
            fallback = Some(fig);
        }
    }
    fallback
}

fn figure<T>(value: T, s: &Sentence, blocks: &[Block]) -> Figure<T> {
    Figure {
        value,
        section: section_of(blocks, s.start),
        lines: Some([s.start as u32, s.end.max(s.start) as u32]),
        quote: Some(short(&s.text)),
    }
}

fn short(s: &str) -> String {
    let max = super::locate::MAX_QUOTE_CHARS;
    if s.chars().count() <= max {
        return s.to_string();
    }
    let mut t: String = s.chars().take(max - 1).collect();
    if let Some(sp) = t.rfind(' ') {
        t.truncate(sp);
    }
    t.push('…');
    t
}

/// The label of the section (or paragraph) that holds `line`.
pub fn section_of(blocks: &[Block], line: usize) -> Option<String> {
    let b = blocks.iter().find(|b| b.start <= line && line <= b.end)?;
    if let Some(p) = b
        .paragraphs
        .iter()
        .find(|p| p.start <= line && line <= p.end)
    {
        return Some(p.label.clone());
    }
    (b.label != "preamble").then(|| b.label.clone())
}

/// A number (digits or a number word) followed within two words by a unit
/// (value × factor), or, for rules with `before`, a number right after one of
/// those words.
fn number_in(
    norm: &str,
    rule: &FigureRule,
    words: &std::collections::BTreeMap<String, u32>,
) -> Option<u32> {
    let tokens: Vec<&str> = norm
        .split(|c: char| !(c.is_alphanumeric() || c == '-'))
        .flat_map(|t| {
            // `72-hour`, `30-day`: split number and unit; keep `twenty-four`.
            if t.chars().next().is_some_and(|c| c.is_ascii_digit()) {
                t.split('-').collect::<Vec<_>>()
            } else {
                vec![t]
            }
        })
        .filter(|t| !t.is_empty())
        .collect();
    let value = |t: &str| -> Option<u32> {
        if t.chars().all(|c| c.is_ascii_digit()) && t.len() <= 4 {
            t.parse().ok()
        } else {
            words.get(t).copied()
        }
    };
    for (i, t) in tokens.iter().enumerate() {
        if !rule.before.is_empty() {
            if rule.before.iter().any(|b| t == b) {
                if let Some(v) = tokens.get(i + 1).and_then(|n| value(n)) {
                    return Some(v);
                }
            }
            continue;
        }
        let Some(v) = value(t) else { continue };
        for next in tokens.iter().skip(i + 1).take(3) {
            if value(next).is_some() {
                continue; // `thirty (30) days`
            }
            let unit = rule
                .units
                .iter()
                .filter(|(stem, _)| {
                    let first = stem.split(' ').next().unwrap_or(stem);
                    if stem.contains(' ') {
                        next.starts_with(first)
                    } else if stem.len() <= 2 {
                        *next == stem.as_str()
                    } else {
                        next.starts_with(stem.as_str())
                    }
                })
                .max_by_key(|(stem, _)| stem.len());
            if let Some((_, factor)) = unit {
                return v.checked_mul(*factor);
            }
            break;
        }
    }
    None
}

fn governing_law(sents: &[Sentence], terms: &Terms, blocks: &[Block]) -> Option<Figure<String>> {
    let rule = &terms.figures.governing_law;
    // A definitions section names countries for other reasons ("data protection laws of
    // the EU, Switzerland and the UK"): it never states the governing law.
    let ignore: Vec<&String> = terms
        .ignore_headings
        .de
        .iter()
        .chain(&terms.ignore_headings.en)
        .collect();
    let in_ignored = |line: usize| {
        blocks
            .iter()
            .find(|b| b.start <= line && line <= b.end)
            .is_some_and(|b| {
                let h = normalise(&b.heading);
                let l = normalise(&b.label);
                ignore
                    .iter()
                    .any(|t| term_matches(t, &h) || term_matches(t, &l))
            })
    };
    for s in sents {
        if !rule.context.iter().any(|t| term_matches(t, &s.norm)) || in_ignored(s.start) {
            continue;
        }
        // The country named first after the context term.
        let mut best: Option<(usize, &String)> = None;
        for (code, names) in &rule.countries {
            for n in names {
                if let Some(p) = s.norm.find(n.as_str()) {
                    if best.is_none_or(|(b, _)| p < b) {
                        best = Some((p, code));
                    }
                }
            }
        }
        if let Some((_, code)) = best {
            return Some(figure(code.clone(), s, blocks));
        }
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;

    fn fig(text: &str) -> Figures {
        let lines: Vec<String> = text.lines().map(String::from).collect();
        let terms = crate::dpa::terms::load().unwrap();
        extract(&lines, &[], &terms)
    }

    #[test]
    fn english_figures() {
        let f = fig("The Processor shall notify the Customer of any new sub-processor at least thirty (30) days in advance.\nProcessor shall notify Customer of a Personal Data Breach without undue delay and in any event within 48 hours.\nModule Two of the Standard Contractual Clauses applies.\nThis DPA is governed by the laws of Ireland.");
        assert_eq!(f.subprocessor_notice_days.unwrap().value, 30);
        assert_eq!(f.breach_notice_hours.unwrap().value, 48);
        assert_eq!(f.scc_module.unwrap().value, 2);
        let law = f.governing_law.unwrap();
        assert_eq!(law.value, "IE");
        assert_eq!(law.lines, Some([4, 4]));
    }

    #[test]
    fn german_figures() {
        let f = fig("Der Auftragnehmer informiert den Auftraggeber mindestens vier Wochen vor der Beauftragung eines neuen Unterauftragsverarbeiters.\nVerletzungen des Schutzes personenbezogener Daten meldet er unverzüglich, spätestens innerhalb von 24 Stunden.\nEs gilt deutsches Recht.");
        assert_eq!(f.subprocessor_notice_days.unwrap().value, 28);
        assert_eq!(f.breach_notice_hours.unwrap().value, 24);
        assert!(f.scc_module.is_none());
        assert_eq!(f.governing_law.unwrap().value, "DE");
    }

    #[test]
    fn authority_deadline_is_not_the_processors() {
        let f = fig("The controller must notify the supervisory authority of a breach within 72 hours.\nThe processor shall notify the controller of any breach within 36 hours.");
        assert_eq!(f.breach_notice_hours.unwrap().value, 36);
    }
}
