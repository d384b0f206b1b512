//! Locating the Art. 28 elements: language, document type, scoring of sections
//! against the term lists, and the quoted passage.

use crate::model::review::{DocumentLanguage, DocumentType, ScanConfidence, ScanStatus};

use super::sections::Block;
use super::terms::{normalise, term_matches, ElementTerms, PerLanguage, Place, Terms};

/// Longest quoted passage, in characters.
pub const MAX_QUOTE_CHARS: usize = 240;
/// A top-level section without numbered paragraphs and longer than this is cut at
/// blank lines, so a quote and line range point to a paragraph, not a whole annex.
const LONG_BLOCK_LINES: usize = 25;

/// Text made of consecutive lines, with a map back to line numbers.
#[derive(Debug, Clone)]
pub struct Joined {
    /// Lines joined with a space; a hyphen at a line end before a lower-case letter is removed.
    pub text: String,
    /// (byte offset in `text`, 1-based line) for the start of every joined line.
    starts: Vec<(usize, usize)>,
}

impl Joined {
    pub fn new(lines: &[String], first_line: usize) -> Self {
        let mut text = String::new();
        let mut starts = Vec::with_capacity(lines.len());
        for (i, l) in lines.iter().enumerate() {
            let t = l.trim();
            let next_lower = lines
                .get(i + 1)
                .and_then(|n| n.trim().chars().next())
                .is_some_and(|c| c.is_lowercase());
            starts.push((text.len(), first_line + i));
            if t.is_empty() {
                if !text.is_empty() && !text.ends_with(' ') {
                    text.push(' ');
                }
                continue;
            }
            if t.ends_with('-')
                && next_lower
                && t.chars().rev().nth(1).is_some_and(|c| c.is_alphabetic())
            {
                text.push_str(&t[..t.len() - 1]);
            } else {
                text.push_str(t);
                text.push(' ');
            }
        }
        Joined { text, starts }
    }

    /// The line that holds byte `offset`.
    pub fn line_at(&self, offset: usize) -> usize {
        match self.starts.binary_search_by(|(o, _)| o.cmp(&offset)) {
            Ok(i) => self.starts[i].1,
            Err(0) => self.starts.first().map_or(1, |s| s.1),
            Err(i) => self.starts[i - 1].1,
        }
    }

    /// Sentences as (start, end) byte ranges, not cut after abbreviations or numbers.
    pub fn sentences(&self) -> Vec<(usize, usize)> {
        let t = &self.text;
        let mut out = Vec::new();
        let mut start = 0;
        let chars: Vec<(usize, char)> = t.char_indices().collect();
        for (k, (i, c)) in chars.iter().enumerate() {
            if !matches!(c, '.' | ';' | '!' | '?') {
                continue;
            }
            let next_space = chars.get(k + 1).is_none_or(|(_, n)| n.is_whitespace());
            if !next_space {
                continue;
            }
            if *c == '.' && is_abbreviation(&t[start..*i]) {
                continue;
            }
            let end = i + c.len_utf8();
            let lead = t[start..end].len() - t[start..end].trim_start().len();
            if t[start..end].trim().chars().count() > 1 {
                out.push((start + lead, end));
            }
            start = end;
        }
        let lead = t[start..].len() - t[start..].trim_start().len();
        if t[start..].trim().chars().count() > 1 {
            out.push((start + lead, t.len()));
        }
        out
    }
}

fn is_abbreviation(before: &str) -> bool {
    let word = before
        .rsplit(|c: char| c.is_whitespace() || c == '(')
        .next()
        .unwrap_or("");
    let lower = word.to_lowercase();
    word.chars().all(|c| c.is_ascii_digit() || c == '.')
        || (word.chars().count() <= 4 && word.chars().next().is_some_and(|c| c.is_uppercase()))
        || matches!(
            lower.as_str(),
            "e.g"
                | "i.e"
                | "z.b"
                | "bzw"
                | "ggf"
                | "lit"
                | "inkl"
                | "incl"
                | "vgl"
                | "etc"
                | "abs"
                | "art"
                | "no"
                | "nr"
                | "ziff"
                | "u.a"
                | "d.h"
                | "sog"
                | "max"
                | "min"
                | "ca"
                | "para"
                | "cf"
        )
}

/// German or English, by counting stop words.
pub fn detect_language(lines: &[String], terms: &Terms) -> (DocumentLanguage, usize, usize) {
    let (mut de, mut en) = (0usize, 0usize);
    for l in lines {
        for w in l
            .split(|c: char| !c.is_alphabetic())
            .filter(|w| !w.is_empty())
        {
            let w = w.to_lowercase();
            if terms.stop_words.de.contains(&w) {
                de += 1;
            }
            if terms.stop_words.en.contains(&w) {
                en += 1;
            }
        }
    }
    let lang = if de > en {
        DocumentLanguage::De
    } else {
        DocumentLanguage::En
    };
    (lang, de, en)
}

/// The marks behind the document type, kept for the summary.
#[derive(Debug, Clone, PartialEq)]
pub struct TypeEvidence {
    pub document_type: DocumentType,
    pub processor_mentions: usize,
    pub controller_mentions: usize,
    pub dpa_marks: Vec<String>,
    pub other_title: Option<String>,
}

/// Is this a DPA? Needs the roles (processor and controller words, counted) and a
/// DPA mark (title, Art. 28 reference); the title of another kind of document at
/// the top makes it at most `uncertain`.
pub fn document_type(
    lines: &[String],
    terms: &Terms,
    lang: DocumentLanguage,
    elements_found: usize,
) -> TypeEvidence {
    let sig = &terms.signature;
    let all = normalise(&lines.join("\n"));
    let count = |list: &PerLanguage| -> usize {
        list.get(lang)
            .iter()
            .map(|t| count_occurrences(&all, t))
            .max()
            .unwrap_or(0)
    };
    let processor = count(&sig.processor);
    let controller = count(&sig.controller);
    let dpa_marks: Vec<String> = sig
        .dpa_marks
        .get(lang)
        .iter()
        .filter(|t| term_matches(t, &all))
        .cloned()
        .collect();
    // The title: the first five non-empty lines. Another document's title counts only
    // on a title line of its own (at most eight words), never as a mention inside a
    // sentence ("… as defined in the Terms and Conditions …").
    let head_lines: Vec<String> = lines
        .iter()
        .filter(|l| !l.trim().is_empty())
        .take(5)
        .map(|l| normalise(l))
        .collect();
    let head = head_lines.join(" ");
    let other_title = sig
        .other_titles
        .get(lang)
        .iter()
        .find(|t| {
            head_lines.iter().any(|l| {
                let words = l
                    .split_whitespace()
                    .filter(|w| w.chars().any(char::is_alphanumeric))
                    .count();
                words <= 8 && term_matches(t, l)
            })
        })
        .cloned();
    let disclaimed = sig
        .not_an_agreement
        .get(lang)
        .iter()
        .any(|t| term_matches(t, &all));
    let dpa_title = sig
        .dpa_marks
        .get(lang)
        .iter()
        .any(|t| term_matches(t, &head));
    let role_statement = sig
        .role_statements
        .get(lang)
        .iter()
        .find(|t| term_matches(t, &all))
        .cloned();
    let mut dpa_marks = dpa_marks;
    if let Some(r) = &role_statement {
        dpa_marks.push(r.clone());
    }
    // Controller words are counted for the summary only: many DPAs say "Customer".
    let roles = elements_found >= sig.min_elements
        && (processor >= sig.min_processor_mentions
            || role_statement.is_some()
            || (processor >= sig.short_min_processor_mentions
                && elements_found >= sig.short_min_elements));
    // A text that says it is no contract, or another document's own title: at most
    // `uncertain`.
    let document_type = if disclaimed || (other_title.is_some() && !dpa_title) {
        if roles && !dpa_marks.is_empty() {
            DocumentType::Uncertain
        } else {
            DocumentType::NotADpa
        }
    } else if roles && !dpa_marks.is_empty() {
        DocumentType::Dpa
    } else if processor >= 2 || !dpa_marks.is_empty() {
        DocumentType::Uncertain
    } else {
        DocumentType::NotADpa
    };
    TypeEvidence {
        document_type,
        processor_mentions: processor,
        controller_mentions: controller,
        dpa_marks,
        other_title,
    }
}

/// Occurrences of one term (first part only for `a + b` terms), at word starts
/// unless the term starts with `*`.
fn count_occurrences(hay: &str, term: &str) -> usize {
    let part = term.split(" + ").next().unwrap_or(term).trim();
    let (anywhere, phrase) = match part.strip_prefix('*') {
        Some(p) => (true, p),
        None => (false, part),
    };
    if phrase.is_empty() {
        return 0;
    }
    hay.match_indices(phrase)
        .filter(|(at, _)| {
            anywhere
                || hay[..*at]
                    .chars()
                    .next_back()
                    .is_none_or(|c| !c.is_alphanumeric())
        })
        .count()
}

/// One element's location.
#[derive(Debug, Clone, PartialEq)]
pub struct ElementHit {
    pub id: String,
    pub result: ScanStatus,
    pub confidence: ScanConfidence,
    pub score: u32,
    pub section: Option<String>,
    pub lines: Option<[u32; 2]>,
    pub quote: Option<String>,
    /// The lines of the quoted sentence (inside `lines`).
    pub quote_lines: Option<[u32; 2]>,
    pub matched_terms: Vec<String>,
}

struct Unit {
    label: String,
    heading: String,
    start: usize,
    end: usize,
    paragraphs: Vec<Unit>,
    joined: Joined,
    /// The normalised text without definition sentences (`"X" means …`).
    norm: String,
    /// An annex, or a section after the first annex.
    in_annex: bool,
}

/// A definition sentence: a quoted term followed by `means`, `has the meaning`,
/// `bezeichnet` … Definitions mention every term and are never evidence.
pub fn is_definition(sentence: &str) -> bool {
    let t = sentence
        .trim_start_matches(|c: char| c.is_whitespace() || matches!(c, '*' | '_' | '-' | '•'))
        .trim_start();
    let t = strip_list_marker(t);
    let Some(open) = t.chars().next() else {
        return false;
    };
    let close = match open {
        '"' => '"',
        '“' => '”',
        '„' => '“',
        '‘' => '’',
        '\'' => '\'',
        '«' => '»',
        '»' => '«',
        _ => return false,
    };
    let rest = &t[open.len_utf8()..];
    let Some(end) = rest.find(close) else {
        return false;
    };
    if rest[..end].chars().count() > 80 {
        return false;
    }
    let after = rest[end + close.len_utf8()..]
        .trim_start_matches(|c: char| c.is_whitespace() || matches!(c, '*' | '_' | ')' | ','))
        .to_lowercase();
    const VERBS: &[&str] = &[
        "means",
        "mean ",
        "shall mean",
        "has the meaning",
        "have the meaning",
        "refers to",
        "shall have the meaning",
        "is defined",
        "are defined",
        "includes",
        "bezeichnet",
        "bezeichnen",
        "meint",
        "meinen",
        "bedeutet",
        "bedeuten",
        "ist jede",
        "sind alle",
        "hat die bedeutung",
        "im sinne",
    ];
    VERBS.iter().any(|v| after.starts_with(v))
}

/// A short passage that points to an annex for its content (`… sind in Anlage A
/// beschrieben`, `… ist Anlage 1 zu entnehmen`, `as set out in Schedule 2`): an annex
/// word within four words of a pointing word. Long passages are not pointers.
pub fn points_to_annex(norm: &str) -> bool {
    const ANNEX: &[&str] = &[
        "anlage", "anhang", "annex", "appendix", "schedule", "exhibit",
    ];
    const POINT: &[&str] = &[
        "beschrieben",
        "aufgeführt",
        "aufgelistet",
        "genannt",
        "angegeben",
        "festgelegt",
        "entnehmen",
        "ergeben",
        "ergibt",
        "described",
        "specified",
        "listed",
        "detailed",
        "siehe",
    ];
    let words: Vec<&str> = norm
        .split(|c: char| !c.is_alphanumeric())
        .filter(|w| !w.is_empty())
        .collect();
    if words.len() > 60 {
        return false;
    }
    words.iter().enumerate().any(|(i, w)| {
        ANNEX.iter().any(|a| w.starts_with(a))
            && words[i.saturating_sub(4)..(i + 5).min(words.len())]
                .iter()
                .any(|x| POINT.contains(x))
    })
}

/// `(a) `, `1. `, `a) ` at the start of a sentence.
fn strip_list_marker(t: &str) -> &str {
    let b = t.as_bytes();
    let mut i = 0;
    if b.first() == Some(&b'(') {
        i = 1;
    }
    let start = i;
    while i < b.len() && (b[i].is_ascii_alphanumeric()) && i - start < 4 {
        i += 1;
    }
    if i > start && i < b.len() && matches!(b[i], b')' | b'.') {
        let j = i + 1;
        if j < b.len() && b[j] == b' ' {
            return t[j..].trim_start();
        }
    }
    t
}

/// The normalised text of `j` without its definition sentences.
fn evidence_text(j: &Joined) -> String {
    let mut out = String::new();
    for (a, b) in j.sentences() {
        let sentence = &j.text[a..b];
        if is_definition(sentence) {
            continue;
        }
        out.push_str(sentence);
        out.push(' ');
    }
    normalise(&out)
}

fn unit(lines: &[String], label: &str, heading: &str, start: usize, end: usize) -> Unit {
    let slice = &lines[start.saturating_sub(1).min(lines.len())..end.min(lines.len())];
    let joined = Joined::new(slice, start);
    let norm = evidence_text(&joined);
    Unit {
        label: label.to_string(),
        heading: normalise(heading),
        start,
        end,
        paragraphs: Vec::new(),
        joined,
        norm,
        in_annex: false,
    }
}

fn units(lines: &[String], blocks: &[Block], terms: &Terms, lang: DocumentLanguage) -> Vec<Unit> {
    let ignore = terms.ignore_headings.get(lang);
    let mut out = Vec::new();
    let mut in_annex = false;
    for b in blocks {
        let h = normalise(&b.heading);
        let label_norm = normalise(&b.label);
        in_annex |= super::sections::is_annex(&b.label);
        if ignore
            .iter()
            .any(|t| term_matches(t, &h) || term_matches(t, &label_norm))
        {
            continue;
        }
        let mut u = unit(lines, &b.label, &b.heading, b.start, b.end);
        u.in_annex = in_annex;
        if !b.paragraphs.is_empty() {
            for p in &b.paragraphs {
                u.paragraphs.push(unit(lines, &p.label, "", p.start, p.end));
            }
        } else if b.end - b.start + 1 > LONG_BLOCK_LINES {
            // Cut at blank lines.
            let mut s = b.start;
            for n in b.start..=b.end {
                let blank = lines.get(n - 1).is_none_or(|l| l.trim().is_empty());
                if (blank || n == b.end) && n > s {
                    let e = if blank { n - 1 } else { n };
                    if e >= s {
                        u.paragraphs.push(unit(lines, &b.label, "", s, e));
                    }
                    s = n + 1;
                } else if blank {
                    s = n + 1;
                }
            }
        }
        out.push(u);
    }
    out
}

struct Score {
    points: u32,
    /// The passage only refers elsewhere (`see Annex 1`): ranked 3 points lower.
    reference: bool,
    strong: bool,
    heading: bool,
    /// The unit is where this element's evidence belongs (body or annex, `place`).
    placed: bool,
    matched: Vec<String>,
}

fn score(el: &ElementTerms, lang: DocumentLanguage, heading: &str, text: &str) -> Score {
    let mut s = Score {
        points: 0,
        strong: false,
        heading: false,
        reference: false,
        placed: true,
        matched: Vec::new(),
    };
    if !heading.is_empty() {
        if let Some(t) = el
            .heading
            .get(lang)
            .iter()
            .find(|t| term_matches(t, heading))
        {
            s.points += 3;
            s.heading = true;
            s.matched.push(format!("heading: {t}"));
        }
    }
    for t in el.strong.get(lang) {
        if term_matches(t, text) {
            s.points += 2;
            s.strong = true;
            s.matched.push(format!("strong: {t}"));
        }
    }
    for t in el.support.get(lang) {
        if term_matches(t, text) {
            s.points += 1;
            s.matched.push(format!("support: {t}"));
        }
    }
    s
}

fn rank(s: &Score) -> (bool, bool, i64) {
    let penalty = if s.reference { 3 } else { 0 };
    (is_found(s), s.placed, i64::from(s.points) - penalty)
}

fn is_found(s: &Score) -> bool {
    s.strong || (s.heading && s.points >= 5)
}

/// Locates every element. In a document that is not (or not surely) a DPA no
/// element is reported above `unclear`.
pub fn locate(
    lines: &[String],
    blocks: &[Block],
    terms: &Terms,
    lang: DocumentLanguage,
) -> Vec<ElementHit> {
    let units = units(lines, blocks, terms, lang);
    terms
        .elements
        .iter()
        .map(|el| locate_one(el, &units, lang, terms))
        .collect()
}

/// In a document that is not (surely) a DPA, nothing is reported above `unclear`.
pub fn cap(hits: &mut [ElementHit], document_type: DocumentType) {
    if document_type == DocumentType::Dpa {
        return;
    }
    for h in hits {
        if h.result == ScanStatus::Found {
            h.result = ScanStatus::Unclear;
            h.confidence = ScanConfidence::Low;
        }
    }
}

fn locate_one(
    el: &ElementTerms,
    units: &[Unit],
    lang: DocumentLanguage,
    terms: &Terms,
) -> ElementHit {
    let refs = terms.reference_markers.get(lang);
    let mut best: Option<(usize, Score)> = None;
    for (i, u) in units.iter().enumerate() {
        let mut s = score(el, lang, &u.heading, &u.norm);
        s.reference = refs.iter().any(|t| term_matches(t, &u.norm)) || points_to_annex(&u.norm);
        s.placed = match el.place {
            Place::Body => !u.in_annex,
            Place::Annex => u.in_annex,
            Place::Any => true,
        };
        // A commitment may point to an annex for the details ("implement the measures
        // in Annex II"): the clause is still the evidence. Only content elements (data
        // categories, TOMs) follow the pointer into the annex.
        if el.place == Place::Body {
            s.reference = false;
        }
        let better = match &best {
            None => s.points > 0,
            Some((_, b)) => rank(&s) > rank(b),
        };
        if better {
            best = Some((i, s));
        }
    }
    let Some((i, s)) = best else {
        return ElementHit {
            id: el.id.clone(),
            result: ScanStatus::NotFound,
            confidence: ScanConfidence::Low,
            score: 0,
            section: None,
            lines: None,
            quote: None,
            quote_lines: None,
            matched_terms: Vec::new(),
        };
    };
    let u = &units[i];
    let result = if is_found(&s) {
        ScanStatus::Found
    } else if s.points >= 2 {
        ScanStatus::Unclear
    } else {
        ScanStatus::NotFound
    };
    let confidence = match result {
        ScanStatus::Found if s.points >= 7 => ScanConfidence::High,
        ScanStatus::Found => ScanConfidence::Medium,
        ScanStatus::Unclear => ScanConfidence::Low,
        ScanStatus::NotFound => ScanConfidence::Low,
    };
    if result == ScanStatus::NotFound {
        return ElementHit {
            id: el.id.clone(),
            result,
            confidence,
            score: s.points,
            section: None,
            lines: None,
            quote: None,
            quote_lines: None,
            matched_terms: s.matched,
        };
    }
    // The best paragraph inside the section, if one carries the element on its own;
    // an annex whose heading names the element (the TOM annex) is taken whole.
    let mut target = u;
    let whole_annex = s.heading && super::sections::is_annex(&u.label);
    let mut best_p: Option<(usize, i64)> = None;
    for (k, p) in u.paragraphs.iter().enumerate() {
        let mut ps = score(el, lang, "", &p.norm);
        ps.reference = el.place != Place::Body
            && (refs.iter().any(|t| term_matches(t, &p.norm)) || points_to_annex(&p.norm));
        let r = rank(&ps).2;
        if ps.strong && best_p.is_none_or(|(_, b)| r > b) {
            best_p = Some((k, r));
        }
    }
    if let Some((k, _)) = best_p.filter(|_| !whole_annex) {
        target = &u.paragraphs[k];
    }
    let (quote, quote_lines) = match best_quote(el, lang, target, terms) {
        Some((q, l)) => (Some(q), Some(l)),
        None => (None, None),
    };
    let label = if target.label.is_empty() || target.label == "preamble" {
        None
    } else {
        Some(target.label.clone())
    };
    ElementHit {
        id: el.id.clone(),
        result,
        confidence,
        score: s.points,
        section: label,
        lines: Some([target.start as u32, target.end as u32]),
        quote,
        quote_lines,
        matched_terms: s.matched,
    }
}

/// The sentence with the most distinct matching terms, cut to `MAX_QUOTE_CHARS`
/// around its first match, with the lines it spans.
fn best_quote(
    el: &ElementTerms,
    lang: DocumentLanguage,
    u: &Unit,
    all: &Terms,
) -> Option<(String, [u32; 2])> {
    let mut best: Option<(i64, (usize, usize))> = None;
    let terms: Vec<&String> = el
        .strong
        .get(lang)
        .iter()
        .chain(el.support.get(lang))
        .collect();
    for (a, b) in u.joined.sentences() {
        let sentence = u.joined.text[a..b].trim();
        if is_definition(sentence) {
            continue;
        }
        let norm = normalise(sentence);
        let hits = terms
            .iter()
            .enumerate()
            .filter(|(_, t)| term_matches(t, &norm))
            .map(|(k, _)| if k < el.strong.get(lang).len() { 4 } else { 2 })
            .sum::<i64>();
        if hits == 0 {
            continue;
        }
        let refuses = all
            .non_commitments
            .get(lang)
            .iter()
            .any(|t| term_matches(t, &norm));
        let commits = !refuses
            && all
                .commitments
                .get(lang)
                .iter()
                .any(|t| term_matches(t, &norm));
        let hits = hits + i64::from(commits) - 2 * i64::from(refuses);
        if best.is_none_or(|(h, _)| hits > h) {
            best = Some((hits, (a, b)));
        }
    }
    let (a, b) = match best {
        Some((_, r)) => r,
        None => {
            let t = u.joined.text.trim();
            if t.is_empty() {
                return None;
            }
            (0, u.joined.text.len())
        }
    };
    let sentence = u.joined.text[a..b].trim();
    let first = u.joined.line_at(a) as u32;
    let last = u.joined.line_at(b.saturating_sub(1).max(a)) as u32;
    Some((cut(sentence, &terms), [first, last.max(first)]))
}

fn cut(sentence: &str, terms: &[&String]) -> String {
    let chars: Vec<char> = sentence.chars().collect();
    if chars.len() <= MAX_QUOTE_CHARS {
        return sentence.to_string();
    }
    let lower: Vec<char> = sentence
        .chars()
        .flat_map(|c| c.to_lowercase().take(1))
        .collect();
    let lower_s: String = lower.iter().collect();
    let first_hit = terms
        .iter()
        .filter_map(|t| {
            let p = t.split(" + ").next()?.trim().trim_start_matches('*');
            lower_s.find(p).map(|b| lower_s[..b].chars().count())
        })
        .min()
        .unwrap_or(0);
    let budget = MAX_QUOTE_CHARS - 2;
    let mut start = first_hit.saturating_sub(60);
    if start + budget > chars.len() {
        start = chars.len().saturating_sub(budget);
    }
    while start > 0 && !chars[start - 1].is_whitespace() {
        start -= 1;
    }
    let end = (start + budget).min(chars.len());
    let mut s: String = chars[start..end].iter().collect();
    if end < chars.len() {
        if let Some(sp) = s.rfind(' ') {
            s.truncate(sp);
        }
        s.push('…');
    }
    if start > 0 {
        s.insert(0, '…');
    }
    s
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sentences_keep_abbreviations() {
        let j = Joined::new(
            &[
                "Gemäß Art. 28 Abs. 3 DSGVO gilt dies.".to_string(),
                "Zweiter Satz z.B. hier; dritter".to_string(),
                "Auftrags-".to_string(),
                "verarbeitung.".to_string(),
            ],
            1,
        );
        let s: Vec<&str> = j
            .sentences()
            .iter()
            .map(|(a, b)| j.text[*a..*b].trim())
            .collect();
        assert_eq!(s[0], "Gemäß Art. 28 Abs. 3 DSGVO gilt dies.");
        assert_eq!(s[1], "Zweiter Satz z.B. hier;");
        assert_eq!(s[2], "dritter Auftragsverarbeitung.");
        assert_eq!(j.line_at(j.text.find("dritter").unwrap()), 2);
        assert_eq!(j.line_at(j.text.find("verarbeitung").unwrap()), 4);
    }

    #[test]
    fn quotes_are_short() {
        let long = "word ".repeat(100) + "documented instructions " + &"more ".repeat(100);
        let t = "documented instructions".to_string();
        let q = cut(&long, &[&t]);
        assert!(q.chars().count() <= MAX_QUOTE_CHARS);
        assert!(q.contains("documented instructions"));
    }
}
