//! Figures stated in the DPA: sub-processor notice days and the objection window,
//! breach notice hours, the SCC module and the governing law. Each comes from one
//! sentence that carries the context terms in `terms.yaml` and a number with a unit
//! (or a country name); a period without a number ("within a reasonable time") gives
//! no figure.
//!
//! - A sub-processor sentence may state two periods: the notice before a change
//!   ("at least 30 days in advance") and the time to object ("may object within 14
//!   days"). Each number goes to the word nearest to it: an objection word
//!   (object, Einspruch, Widerspruch, reject) or a notice word (notice, inform, advance).
//! - Business or working days (Werktage, Arbeitstage) are kept apart from calendar
//!   days; a breach deadline in business days gives no hour figure.
//! - The governing law comes only from a governing-law clause: a sentence that says
//!   what law governs, not one about the SCCs or transfers (their Clause 17 names a
//!   law for the clauses only), and never from a Definitions section.

pub use crate::model::review::DayCount;

/// One figure and where it was found.
#[derive(Debug, Clone, PartialEq)]
pub struct Figure<T> {
    pub value: T,
    /// For a period in days: calendar or business days.
    pub count: Option<DayCount>,
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
    /// Days the controller has to object to a new sub-processor.
    pub objection_window_days: Option<Figure<u32>>,
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
    let (notice, objection) = subprocessor_periods(&sents, &f.subprocessor_notice, words, blocks);
    // A breach deadline in business days is not a number of hours.
    let breach = number_figure(&sents, &f.breach_notice, words, blocks)
        .filter(|b| b.count != Some(DayCount::BusinessDays));
    let module =
        number_figure(&sents, &f.scc_module, words, blocks).filter(|m| (1..=4).contains(&m.value));
    let law = governing_law(&sents, terms, blocks);
    Figures {
        subprocessor_notice_days: notice,
        objection_window_days: objection,
        breach_notice_hours: breach,
        scc_module: module,
        governing_law: law,
    }
}

/// The sentence carries a term of every context group; the subject (the first group:
/// sub-processors, a breach) may also be named by one of the two sentences just
/// before it in the same passage ("… informs the client of personal data breaches. …
/// The notification must be made within 24 hours …").
fn qualifies(rule: &FigureRule, sents: &[Sentence], i: usize) -> bool {
    let s = &sents[i];
    let mut prev: Vec<&Sentence> = Vec::new();
    let mut start = s.start;
    for j in (i.saturating_sub(2)..i).rev() {
        if sents[j].end + 1 < start {
            break;
        }
        start = sents[j].start;
        prev.push(&sents[j]);
    }
    rule.context.iter().enumerate().all(|(g, group)| {
        group.iter().any(|t| {
            term_matches(t, &s.norm) || (g == 0 && prev.iter().any(|p| term_matches(t, &p.norm)))
        })
    })
}

/// Words that tie a number in a sub-processor sentence to the objection window.
const OBJECTION_WORDS: &[&str] = &[
    "object",
    "objection",
    "objections",
    "objects",
    "reject",
    "veto",
    "einspruch",
    "einsprüche",
    "widerspruch",
    "widersprechen",
    "widerspricht",
    "einwand",
    "einwände",
    "einwendungen",
    "ablehnen",
    "ablehnung",
];
/// Words that tie it to the notice before a change.
const NOTICE_WORDS: &[&str] = &[
    "notice",
    "notify",
    "notifies",
    "notification",
    "inform",
    "informs",
    "advance",
    "prior",
    "before",
    "informiert",
    "informieren",
    "unterrichtet",
    "unterrichten",
    "vorab",
    "vorher",
    "ankündigung",
    "ankündigen",
    "mitteilung",
    "mitteilen",
    "benachrichtigung",
    "vor",
];

/// The notice period and the objection window of the sub-processor clauses: every
/// number with a day unit in a sentence about sub-processors goes to the nearer of
/// an objection word and a notice word.
fn subprocessor_periods(
    sents: &[Sentence],
    rule: &FigureRule,
    words: &std::collections::BTreeMap<String, u32>,
    blocks: &[Block],
) -> (Option<Figure<u32>>, Option<Figure<u32>>) {
    let (mut notice, mut objection) = (None, None);
    for (_, s) in sents
        .iter()
        .enumerate()
        .filter(|(i, _)| qualifies(rule, sents, *i))
    {
        let tokens = tokens(&s.norm);
        for (v, count, at) in numbers_in(&tokens, rule, words) {
            let dist = |list: &[&str]| {
                tokens
                    .iter()
                    .enumerate()
                    .filter(|(_, t)| list.iter().any(|w| t.starts_with(w)))
                    .map(|(i, _)| i.abs_diff(at))
                    .min()
            };
            // `30 days' notice`, `30 days in advance`, `4 Wochen vorher`: the notice.
            // `may object within 10 business days (of receipt of the notice)`: the
            // objection window, counted from the notice. Otherwise the nearer word.
            let unit_end = tokens[at..]
                .iter()
                .position(|t| t.chars().all(char::is_alphabetic) && value_of(t, words).is_none())
                .map_or(at, |p| at + p);
            let after: Vec<&str> = tokens.iter().skip(unit_end + 1).take(2).copied().collect();
            let before: Vec<&str> = tokens[at.saturating_sub(3)..at].to_vec();
            let notice_after = after.iter().any(|t| {
                [
                    "prior", "advance", "before", "notice", "vor", "vorher", "im",
                ]
                .contains(t)
            });
            let within = before
                .iter()
                .any(|t| ["within", "innerhalb", "binnen"].contains(t));
            let has_objection = dist(OBJECTION_WORDS).is_some();
            let slot = if notice_after && !within {
                &mut notice
            } else if within && has_objection {
                &mut objection
            } else {
                match (dist(OBJECTION_WORDS), dist(NOTICE_WORDS)) {
                    (Some(o), Some(n)) if o <= n => &mut objection,
                    (Some(_), None) => &mut objection,
                    (_, Some(_)) => &mut notice,
                    (None, None) => continue,
                }
            };
            if slot.is_none() {
                let mut f = figure(v, s, blocks);
                f.count = count;
                *slot = Some(f);
            }
        }
        if notice.is_some() && objection.is_some() {
            break;
        }
    }
    (notice, objection)
}

fn number_figure(
    sents: &[Sentence],
    rule: &FigureRule,
    words: &std::collections::BTreeMap<String, u32>,
    blocks: &[Block],
) -> Option<Figure<u32>> {
    let mut fallback = None;
    for (_, s) in sents
        .iter()
        .enumerate()
        .filter(|(i, _)| qualifies(rule, sents, *i))
    {
        let toks = tokens(&s.norm);
        let found = if rule.before.is_empty() {
            numbers_in(&toks, rule, words).into_iter().next()
        } else {
            number_after(&toks, rule, words).map(|v| (v, None, 0))
        };
        let Some((v, count, _)) = found else {
            continue;
        };
        let avoided = rule.avoid.iter().any(|t| term_matches(t, &s.norm));
        let mut fig = figure(v, s, blocks);
        fig.count = count;
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
        count: None,
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

/// The words of a normalised sentence; `72-hour`, `30-day` split into number and unit
/// (`twenty-four` stays one word).
fn tokens(norm: &str) -> Vec<&str> {
    norm.split(|c: char| !(c.is_alphanumeric() || c == '-'))
        .flat_map(|t| {
            if t.chars().next().is_some_and(|c| c.is_ascii_digit()) {
                t.split('-').collect::<Vec<_>>()
            } else {
                vec![t]
            }
        })
        .filter(|t| !t.is_empty())
        .collect()
}

fn value_of(t: &str, words: &std::collections::BTreeMap<String, u32>) -> Option<u32> {
    if t.chars().all(|c| c.is_ascii_digit()) && t.len() <= 4 {
        t.parse().ok()
    } else {
        words.get(t).copied()
    }
}

/// Every number (digits or a number word) followed within three words by a unit:
/// (value × factor, calendar or business days, index of the number).
fn numbers_in(
    tokens: &[&str],
    rule: &FigureRule,
    words: &std::collections::BTreeMap<String, u32>,
) -> Vec<(u32, Option<DayCount>, usize)> {
    let mut out = Vec::new();
    let mut skip_until = 0;
    for (i, t) in tokens.iter().enumerate() {
        if i < skip_until {
            continue;
        }
        let Some(v) = value_of(t, words) else {
            continue;
        };
        for (k, next) in tokens.iter().enumerate().skip(i + 1).take(3) {
            if value_of(next, words).is_some() {
                continue; // `thirty (30) days`
            }
            let unit = rule
                .units
                .iter()
                .filter(|(stem, _)| {
                    let mut parts = stem.split(' ');
                    let first = parts.next().unwrap_or(stem);
                    match parts.next() {
                        // `business day`: `business` then `day…`
                        Some(second) => {
                            next.starts_with(first)
                                && tokens.get(k + 1).is_some_and(|n| n.starts_with(second))
                        }
                        None if stem.len() <= 2 => *next == stem.as_str(),
                        None => next.starts_with(stem.as_str()),
                    }
                })
                .max_by_key(|(stem, _)| stem.len());
            if let Some((stem, factor)) = unit {
                let business = [
                    "business",
                    "working",
                    "werktag",
                    "arbeitstag",
                    "bankarbeitstag",
                ]
                .iter()
                .any(|b| stem.starts_with(b));
                let count = if business {
                    Some(DayCount::BusinessDays)
                } else {
                    Some(DayCount::CalendarDays)
                };
                if let Some(x) = v.checked_mul(*factor) {
                    out.push((x, count, i));
                }
                skip_until = k + 1;
            }
            break;
        }
    }
    out
}

/// A number right after one of the rule's `before` words (`module 2`).
fn number_after(
    tokens: &[&str],
    rule: &FigureRule,
    words: &std::collections::BTreeMap<String, u32>,
) -> Option<u32> {
    tokens.iter().enumerate().find_map(|(i, t)| {
        rule.before
            .iter()
            .any(|b| t == b)
            .then(|| tokens.get(i + 1).and_then(|n| value_of(n, words)))
            .flatten()
    })
}

fn governing_law(sents: &[Sentence], terms: &Terms, blocks: &[Block]) -> Option<Figure<String>> {
    let rule = &terms.figures.governing_law;
    let block_of = |line: usize| blocks.iter().find(|b| b.start <= line && line <= b.end);
    let heading_has = |line: usize, list: &[String]| {
        block_of(line).is_some_and(|b| {
            let h = format!("{} {}", normalise(&b.heading), normalise(&b.label));
            let p = b
                .paragraphs
                .iter()
                .find(|p| p.start <= line && line <= p.end)
                .map(|p| normalise(&p.heading))
                .unwrap_or_default();
            list.iter()
                .any(|t| term_matches(t, &h) || term_matches(t, &p))
        })
    };
    // A definitions section names countries for other reasons ("data protection laws of
    // the EU, Switzerland and the UK"): it never states the governing law.
    let ignore: Vec<String> = terms
        .ignore_headings
        .de
        .iter()
        .chain(&terms.ignore_headings.en)
        .cloned()
        .collect();
    let mut best: Option<(bool, &Sentence, String)> = None;
    for s in sents {
        let Some(at) = rule
            .context
            .iter()
            .filter_map(|t| s.norm.find(t.as_str()))
            .min()
        else {
            continue;
        };
        if heading_has(s.start, &ignore) {
            continue;
        }
        // The SCCs' own governing law (Clause 17), a transfer or a data-protection-law
        // sentence does not say which law governs the agreement, unless it stands in
        // the governing-law clause itself.
        let in_clause = heading_has(s.start, &rule.headings);
        let avoided = rule.avoid.iter().any(|t| term_matches(t, &s.norm));
        if avoided && !in_clause {
            continue;
        }
        // The country named first after the context words.
        let mut country: Option<(usize, &String)> = None;
        for (code, names) in &rule.countries {
            for n in names {
                if let Some(p) = s.norm[at..].find(n.as_str()) {
                    if country.is_none_or(|(b, _)| p < b) {
                        country = Some((p, code));
                    }
                }
            }
        }
        let Some((_, code)) = country else { continue };
        if best.as_ref().is_none_or(|(c, _, _)| in_clause && !c) {
            best = Some((in_clause, s, code.clone()));
        }
        if in_clause {
            break;
        }
    }
    best.map(|(_, s, code)| figure(code, s, blocks))
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
    fn notice_period_and_objection_window_are_apart() {
        let f = fig("The Processor shall notify the Customer of any new Sub-processor at least 30 days in advance; the Customer may object within 14 days of receipt of the notice.\nThe Processor shall inform the Customer of new sub-processors. The Customer may object in writing within ten (10) business days after such notice.");
        assert_eq!(f.subprocessor_notice_days.unwrap().value, 30);
        assert_eq!(f.objection_window_days.as_ref().unwrap().value, 14);
        assert_eq!(
            f.objection_window_days.unwrap().count,
            Some(DayCount::CalendarDays)
        );
        let f = fig("Der Auftragnehmer informiert über neue Unterauftragsverarbeiter; der Auftraggeber kann innerhalb von 5 Werktagen widersprechen.");
        assert!(f.subprocessor_notice_days.is_none());
        let o = f.objection_window_days.unwrap();
        assert_eq!((o.value, o.count), (5, Some(DayCount::BusinessDays)));
    }

    #[test]
    fn no_number_where_the_text_gives_none() {
        let f = fig("The Processor shall notify the Customer of new sub-processors within a reasonable time.\nThe Processor shall notify the Customer of a personal data breach without undue delay.");
        assert!(f.subprocessor_notice_days.is_none() && f.objection_window_days.is_none());
        assert!(f.breach_notice_hours.is_none());
    }

    #[test]
    fn governing_law_only_from_a_governing_law_clause() {
        let f = fig("The Standard Contractual Clauses shall be governed by the law of Ireland.\nThis DPA is governed by the laws of Germany.");
        let law = f.governing_law.unwrap();
        assert_eq!((law.value.as_str(), law.lines), ("DE", Some([2, 2])));
        let f = fig("Transfers are subject to the data protection laws of Switzerland.");
        assert!(f.governing_law.is_none());
    }

    #[test]
    fn authority_deadline_is_not_the_processors() {
        let f = fig("The controller must notify the supervisory authority of a breach within 72 hours.\nThe processor shall notify the controller of any breach within 36 hours.");
        assert_eq!(f.breach_notice_hours.unwrap().value, 36);
    }
}
