//! Locating the Art. 28 elements: language, document type, scoring of sections
//! against the term lists, and the quoted passage.

use crate::model::review::{DocumentLanguage, DocumentType, ScanConfidence, ScanStatus};

use super::sections::Block;
use super::terms::{
    normalise, term_matches, term_near, ElementTerms, Hits, PerLanguage, Place, TermIndex, Terms,
};

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
    /// Byte offsets where a new sentence starts whatever the punctuation: after a blank
    /// line, at a list item or table row, after a heading-like short line.
    breaks: Vec<usize>,
}

/// `- item`, `• item`, `(a) item`, `a) item`, `1. item`, `1.1 item`, `(1) item`.
pub fn starts_list_item(t: &str) -> bool {
    if t.starts_with(['-', '*', '•', '–', '·', '▪', '◦', '\u{f0b7}']) {
        return t.chars().nth(1).is_some_and(char::is_whitespace);
    }
    let (inner, close) = match t.strip_prefix('(') {
        Some(r) => (r, &[')'][..]),
        None => (t, &[')', '.'][..]),
    };
    let m: String = inner
        .chars()
        .take_while(|c| c.is_ascii_alphanumeric() || *c == '.')
        .collect();
    let m = m.trim_end_matches('.');
    let after = &inner[m.len()..];
    let numeric = !m.is_empty()
        && m.split('.')
            .all(|p| !p.is_empty() && p.len() <= 3 && p.chars().all(|c| c.is_ascii_digit()));
    let letter = m.chars().count() == 1 && m.chars().all(|c| c.is_ascii_alphabetic());
    let roman = !m.is_empty() && m.len() <= 4 && m.chars().all(|c| "ivx".contains(c));
    (numeric || letter || roman)
        && after.starts_with(close)
        && after[1..].starts_with(char::is_whitespace)
}

/// A Markdown table row (`| a | b |`) or a converted one (`Name: | value`).
pub fn is_table_row(t: &str) -> bool {
    t.starts_with('|') || (t.contains(" | ") && t.chars().count() <= 200)
}

impl Joined {
    pub fn new(lines: &[String], first_line: usize) -> Self {
        let mut text = String::new();
        let mut starts = Vec::with_capacity(lines.len());
        let mut breaks = Vec::new();
        let mut prev_break_after = true;
        for (i, l) in lines.iter().enumerate() {
            let t = l.trim();
            let next_lower = lines
                .get(i + 1)
                .and_then(|n| n.trim().chars().next())
                .is_some_and(|c| c.is_lowercase());
            starts.push((text.len(), first_line + i));
            // A page header or footer (`pages::NOISE`) is skipped without a trace: the
            // sentence runs on across the page break.
            if t == super::pages::NOISE {
                continue;
            }
            if t.is_empty() {
                if !text.is_empty() && !text.ends_with(' ') {
                    text.push(' ');
                }
                prev_break_after = true;
                continue;
            }
            let table = is_table_row(t);
            if prev_break_after || table || t.starts_with('#') || starts_list_item(t) {
                breaks.push(text.len());
            }
            // A short line that ends neither a sentence nor a clause (a heading, a
            // label, a table cell) ends its sentence.
            let ends_open = !t.ends_with(['.', ',', ';', ':', '-', '(', '/'])
                && t.chars().count() <= 40
                && !next_lower;
            prev_break_after = table || t.starts_with('#') || ends_open;
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
        Joined {
            text,
            starts,
            breaks,
        }
    }

    /// The line that holds byte `offset`.
    pub fn line_at(&self, offset: usize) -> usize {
        match self.starts.binary_search_by(|(o, _)| o.cmp(&offset)) {
            Ok(i) => {
                // Several empty lines may start at the same offset: the last one.
                let mut j = i;
                while j + 1 < self.starts.len() && self.starts[j + 1].0 == offset {
                    j += 1;
                }
                self.starts[j].1
            }
            Err(0) => self.starts.first().map_or(1, |s| s.1),
            Err(i) => self.starts[i - 1].1,
        }
    }

    /// Sentences as (start, end) byte ranges, not cut after abbreviations or numbers;
    /// also cut at the hard breaks (blank lines, list items, table rows, headings).
    pub fn sentences(&self) -> Vec<(usize, usize)> {
        let t = &self.text;
        let mut out = Vec::new();
        let mut start = 0;
        let push = |out: &mut Vec<(usize, usize)>, a: usize, b: usize| {
            let lead = t[a..b].len() - t[a..b].trim_start().len();
            if t[a..b].trim().chars().count() > 1 {
                out.push((a + lead, b));
            }
        };
        let mut breaks = self.breaks.iter().copied().peekable();
        let chars: Vec<(usize, char)> = t.char_indices().collect();
        for (k, (i, c)) in chars.iter().enumerate() {
            while breaks.peek().is_some_and(|b| *b <= *i) {
                let b = breaks.next().unwrap_or(0);
                if b > start {
                    push(&mut out, start, b);
                    start = b;
                }
            }
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
            push(&mut out, start, end);
            start = end;
        }
        if start < t.len() {
            push(&mut out, start, t.len());
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
    /// Why the element is `unclear` (only then).
    pub reason: Option<UnclearReason>,
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

/// The annexes a passage names (`Anlage 2`, `Annex I`, `Appendix A`, `Schedule 3`)
/// as identifiers (`2`, `1`, `a`, `3`; roman numerals read as numbers).
pub fn annex_ids(norm: &str) -> Vec<String> {
    const ANNEX: &[&str] = &[
        "anlage",
        "anhang",
        "annex",
        "appendix",
        "schedule",
        "exhibit",
        "attachment",
    ];
    const ROMAN: &[&str] = &["i", "ii", "iii", "iv", "v", "vi", "vii", "viii", "ix", "x"];
    let words: Vec<&str> = norm
        .split(|c: char| !c.is_alphanumeric())
        .filter(|w| !w.is_empty())
        .collect();
    let mut ids = Vec::new();
    for (i, w) in words.iter().enumerate() {
        if !ANNEX.contains(w) {
            continue;
        }
        let Some(next) = words.get(i + 1) else {
            continue;
        };
        let id = if let Some(n) = ROMAN.iter().position(|r| r == next) {
            (n + 1).to_string()
        } else if next.len() <= 2 && next.chars().all(|c| c.is_ascii_digit()) {
            next.trim_start_matches('0').to_string()
        } else if next.len() == 1 && next.chars().all(|c| c.is_ascii_lowercase()) {
            next.to_string()
        } else {
            continue;
        };
        if !ids.contains(&id) {
            ids.push(id);
        }
    }
    ids
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

pub use crate::model::review::UnclearReason;

/// A passage the sentences belong to: a paragraph, a section without paragraphs, or
/// a part of a long section cut at blank lines.
struct Unit {
    label: String,
    /// The section's heading, normalised.
    heading: String,
    /// The paragraph's own title, normalised (`1.2 Art der Daten:`, `**Objection.**`).
    sub_heading: String,
    /// The title of a heading-only paragraph before it in the same section (`#### Data
    /// Safety Requirements` over `1. Object and scope`), normalised.
    group_heading: String,
    start: usize,
    end: usize,
    in_annex: bool,
    /// Index of its top-level block.
    block: usize,
    /// Headings and text, normalised: the context an element may require.
    norm: String,
    /// Term hits in `norm`, `heading`, `sub_heading`, `group_heading`.
    norm_hits: Hits,
    heading_hits: [Hits; 3],
}

/// One sentence (or list item, table row) of the evidence.
struct Sent {
    unit: usize,
    text: String,
    norm: String,
    lines: [u32; 2],
    commits: bool,
    refuses: bool,
    /// The refusal is a negation ("is not obliged"), not only a permission ("may change").
    negated: bool,
    /// "may", "can", "is entitled", "kann", "ist berechtigt": grants a right.
    grants: bool,
    /// The controller is the sentence's subject ("The Customer's instructions shall
    /// comply with the law", see [`controller_subject`]), or the sentence stands in a
    /// section headed as the controller's obligations.
    controller_subject: bool,
    pointer: bool,
    /// A pointer to an annex that is not in the text or has no text of its own
    /// (`see Annex 3` where Annex 3 is missing or only a heading).
    points_nowhere: bool,
    /// It leaves a description's content open ("the customer decides which data").
    open: bool,
    /// The first sentence of its unit.
    first_in_unit: bool,
    /// Another sentence with content follows in the same unit (a label's list).
    label_has_next: bool,
    /// A list item after a lead-in that ends with a colon ("Processor shall notify
    /// Customer if:"): the lead-in, normalised; the item is matched together with it.
    lead: Option<String>,
    /// The index of the lead-in sentence (in the scan's sentences).
    lead_at: Option<usize>,
    /// Term hits in `norm`, and in the lead-in and `norm` together.
    hits: Hits,
    lead_hits: Option<Hits>,
}

/// One element's term lists as term ids of the scan's index.
struct Compiled<'a> {
    strong: Vec<(usize, &'a String)>,
    support: Vec<(usize, &'a String)>,
    mentions: Vec<(usize, &'a String)>,
    heading: Vec<(usize, &'a String)>,
    exclude: Vec<usize>,
    exclude_headings: Vec<usize>,
    context: Vec<usize>,
    /// (sentence term, paragraph term, the pair as written).
    paired: Vec<(usize, usize, &'a String)>,
}

fn compile<'a>(el: &'a ElementTerms, lang: DocumentLanguage, ix: &TermIndex) -> Compiled<'a> {
    let ids = |l: &'a PerLanguage| -> Vec<(usize, &'a String)> {
        l.get(lang)
            .iter()
            .filter_map(|t| ix.id(t).map(|i| (i, t)))
            .collect()
    };
    Compiled {
        strong: ids(&el.strong),
        support: ids(&el.support),
        mentions: ids(&el.mentions),
        heading: ids(&el.heading),
        exclude: ids(&el.exclude).into_iter().map(|(i, _)| i).collect(),
        exclude_headings: ids(&el.exclude_headings)
            .into_iter()
            .map(|(i, _)| i)
            .collect(),
        context: ids(&el.context).into_iter().map(|(i, _)| i).collect(),
        paired: el
            .paired
            .get(lang)
            .iter()
            .filter_map(|t| {
                let (a, b) = t.split_once(" | ")?;
                Some((ix.id(a.trim())?, ix.id(b.trim())?, t))
            })
            .collect(),
    }
}

/// The term index of a scan: every term of the language's lists.
fn index(terms: &Terms, lang: DocumentLanguage) -> TermIndex {
    let mut all: Vec<&str> = Vec::new();
    for e in &terms.elements {
        for t in e.paired.get(lang) {
            if let Some((a, b)) = t.split_once(" | ") {
                all.push(a.trim());
                all.push(b.trim());
            }
        }
        for l in [
            &e.strong,
            &e.support,
            &e.heading,
            &e.mentions,
            &e.exclude,
            &e.exclude_headings,
            &e.context,
        ] {
            all.extend(l.get(lang).iter().map(String::as_str));
        }
    }
    for l in [
        &terms.commitments,
        &terms.non_commitments,
        &terms.reference_markers,
        &terms.open_content,
    ] {
        all.extend(l.get(lang).iter().map(String::as_str));
    }
    all.extend(RIGHT_WORDS.iter().copied());
    TermIndex::new(all)
}

/// The units and sentences of a document. Sections headed "Definitions" are left out,
/// and so are definition sentences (`"X" means …`) everywhere: definitions mention
/// every term and are never evidence. Heading lines are context, not sentences.
fn evidence(
    lines: &[String],
    blocks: &[Block],
    terms: &Terms,
    lang: DocumentLanguage,
    ix: &TermIndex,
) -> (Vec<Unit>, Vec<Sent>) {
    let ignore = terms.ignore_headings.get(lang);
    let ignored = |h: &str| {
        let h = normalise(h);
        !h.is_empty() && ignore.iter().any(|t| term_matches(t, &h))
    };
    let mut units = Vec::new();
    for (bi, b) in blocks.iter().enumerate() {
        if ignored(&b.heading) || ignored(&b.label) {
            continue;
        }
        let heading = normalise(&b.heading);
        let mut group = String::new();
        let mut push = |label: &str, sub: &str, start: usize, end: usize| {
            let blank = (start..=end).all(|n| {
                lines
                    .get(n - 1)
                    .is_none_or(|l| l.trim().is_empty() || l == super::pages::NOISE)
            });
            if start > end || (blank && !sub.is_empty()) {
                // A heading without text of its own heads the paragraphs after it.
                group = normalise(sub);
            } else {
                units.push(Unit {
                    label: label.to_string(),
                    heading: heading.clone(),
                    sub_heading: normalise(sub),
                    group_heading: group.clone(),
                    start,
                    end,
                    in_annex: b.annex,
                    block: bi,
                    norm: String::new(),
                    norm_hits: Hits::default(),
                    heading_hits: Default::default(),
                });
            }
        };
        if let Some(first) = b.paragraphs.first() {
            push(&b.label, "", b.body, first.start.saturating_sub(1));
            for p in &b.paragraphs {
                if ignored(&p.heading) {
                    continue;
                }
                push(&p.label, &p.heading, p.body, p.end);
            }
        } else if b.end + 1 - b.body.min(b.end + 1) > LONG_BLOCK_LINES {
            // Cut at blank lines.
            let mut s = b.body;
            for n in b.body..=b.end {
                let blank = lines.get(n - 1).is_none_or(|l| l.trim().is_empty());
                if blank {
                    push(&b.label, "", s, n - 1);
                    s = n + 1;
                } else if n == b.end {
                    push(&b.label, "", s, n);
                }
            }
        } else {
            push(&b.label, "", b.body, b.end);
        }
    }
    let ids = |l: &[String]| -> Vec<(usize, bool)> {
        let negation = |t: &str| t.contains("not ") || t.contains("no ") || t.contains("nicht");
        l.iter()
            .filter_map(|t| ix.id(t).map(|i| (i, negation(t))))
            .collect()
    };
    let commitments = ids(terms.commitments.get(lang));
    let non_commitments = ids(terms.non_commitments.get(lang));
    let refs = ids(terms.reference_markers.get(lang));
    let open = ids(terms.open_content.get(lang));
    let rights: Vec<usize> = RIGHT_WORDS.iter().filter_map(|w| ix.id(w)).collect();
    let mut sents = Vec::new();
    for (ui, u) in units.iter().enumerate() {
        let slice = &lines[u.start.saturating_sub(1).min(lines.len())..u.end.min(lines.len())];
        let j = Joined::new(slice, u.start);
        let first_sent = sents.len();
        for (a, b) in j.sentences() {
            let text = j.text[a..b].trim();
            if is_definition(text) {
                continue;
            }
            let norm = normalise(text);
            if norm.chars().filter(|c| c.is_alphanumeric()).count() < 3 {
                continue;
            }
            let hits = if lang == DocumentLanguage::De {
                ix.scan(&with_elided_compounds(&norm))
            } else {
                ix.scan(&norm)
            };
            let commits = commitments.iter().any(|(i, _)| ix.hit(*i, &hits));
            // A permission or a negation is not a commitment: "is not obliged" never,
            // "may change" only when nothing in the sentence commits a party.
            let negated = non_commitments
                .iter()
                .any(|(i, neg)| *neg && ix.hit(*i, &hits));
            let refuses =
                negated || (!commits && non_commitments.iter().any(|(i, _)| ix.hit(*i, &hits)));
            let grants = rights.iter().any(|i| ix.hit(*i, &hits));
            let pointer = refs.iter().any(|(i, _)| ix.hit(*i, &hits)) || points_to_annex(&norm);
            let first = j.line_at(a) as u32;
            let last = j.line_at(b.saturating_sub(1).max(a)) as u32;
            let controller_subject = controller_subject(&norm, lang);
            sents.push(Sent {
                unit: ui,
                text: text.to_string(),
                norm,
                lines: [first, last.max(first)],
                commits: commits && !refuses,
                refuses,
                negated,
                grants,
                controller_subject,
                pointer,
                open: open.iter().any(|(i, _)| ix.hit(*i, &hits)),
                points_nowhere: false,
                first_in_unit: sents.len() == first_sent,
                label_has_next: false,
                lead: None,
                lead_at: None,
                hits,
                lead_hits: None,
            });
        }
        // List items complete their lead-in: "… shall notify the Customer if:" / "- it
        // becomes aware of a personal data breach".
        let mut lead: Option<(String, bool, usize)> = None;
        for (k, s) in sents[first_sent..].iter_mut().enumerate() {
            let item = starts_list_item(&s.text) || s.text.starts_with(['-', '•', '*']);
            match &lead {
                Some((l, c, at)) if item => {
                    s.lead_hits = Some(ix.scan(&format!("{l} {}", s.norm)));
                    s.lead = Some(l.clone());
                    s.lead_at = Some(*at);
                    if *c && !s.refuses {
                        s.commits = true;
                    }
                }
                _ => lead = None,
            }
            if s.text.trim_end_matches(['*', ' ']).ends_with(':') {
                lead = Some((s.norm.clone(), s.commits, first_sent + k));
            }
        }
        for k in first_sent..sents.len().saturating_sub(1) {
            let next = strip_lead(&sents[k + 1].norm);
            sents[k].label_has_next = !is_placeholder(next) && !next.ends_with(':');
        }
    }
    // The numbered annexes with text of their own; a pointer that names only other
    // annexes points nowhere. Without numbered annexes nothing is decided here.
    let mut numbered = false;
    let mut present: Vec<String> = Vec::new();
    for s in &sents {
        let u = &units[s.unit];
        if !u.in_annex {
            continue;
        }
        let ids = annex_ids(&normalise(&u.label));
        let ids = if ids.is_empty() {
            annex_ids(&u.heading)
        } else {
            ids
        };
        numbered |= !ids.is_empty();
        if !is_placeholder(strip_lead(&s.norm)) && !has_blank(&s.norm) {
            for id in ids {
                if !present.contains(&id) {
                    present.push(id);
                }
            }
        }
    }
    if numbered {
        for s in sents
            .iter_mut()
            .filter(|s| s.pointer && !units[s.unit].in_annex)
        {
            let ids = annex_ids(&s.norm);
            s.points_nowhere = !ids.is_empty() && ids.iter().all(|id| !present.contains(id));
        }
    }
    for s in &sents {
        let u = &mut units[s.unit];
        if u.norm.is_empty() {
            u.norm = format!("{} {} {}", u.heading, u.group_heading, u.sub_heading);
        }
        u.norm.push(' ');
        u.norm.push_str(&s.norm);
    }
    for u in &mut units {
        u.norm_hits = ix.scan(&u.norm);
        u.heading_hits = [
            ix.scan(&u.heading),
            ix.scan(&u.sub_heading),
            ix.scan(&u.group_heading),
        ];
    }
    // A section headed as the controller's obligations ("Customer's Responsibilities", a
    // heading of the `controller_duty` element) holds the controller's commitments,
    // whatever each sentence's subject.
    let controller_headings: Vec<usize> = terms
        .elements
        .iter()
        .filter(|e| e.controller_duty)
        .flat_map(|e| e.heading.get(lang))
        .filter_map(|t| ix.id(t))
        .collect();
    for s in &mut sents {
        let u = &units[s.unit];
        if controller_headings
            .iter()
            .any(|id| u.heading_hits[..2].iter().any(|h| ix.hit(*id, h)))
        {
            s.controller_subject = true;
        }
    }
    (units, sents)
}

/// The text with German compounds whose shared part is left out written in full
/// ("stamm- und kontaktdaten" also reads "stammdaten"): each word that ends with a
/// hyphen before "und", "oder", "bzw." or a comma is joined with every tail (of four
/// or more letters) of the compound that ends the enumeration. The joined words are
/// appended, so what matched before still matches at its place.
fn with_elided_compounds(norm: &str) -> String {
    let words: Vec<&str> = norm.split_whitespace().collect();
    let mut extra = String::new();
    let mut i = 0;
    while i < words.len() {
        let w = words[i].trim_end_matches(',');
        let stem = w
            .strip_suffix('-')
            .filter(|s| s.chars().count() >= 2 && s.chars().all(|c| c.is_alphabetic() || c == '-'));
        let Some(_) = stem else {
            i += 1;
            continue;
        };
        // The enumeration: stems, joined by "und", "oder", "bzw." or commas, up to
        // the first full word.
        let mut stems = Vec::new();
        let mut j = i;
        let mut whole = None;
        while j < words.len() {
            let t = words[j].trim_end_matches(',');
            if let Some(s) = t.strip_suffix('-').filter(|s| s.chars().count() >= 2) {
                stems.push(s);
            } else if matches!(t, "und" | "oder" | "bzw." | "sowie") {
            } else {
                whole = Some(t.trim_end_matches(|c: char| !c.is_alphanumeric()));
                break;
            }
            j += 1;
        }
        if let Some(whole) = whole {
            let chars: Vec<(usize, char)> = whole.char_indices().collect();
            for (k, (at, _)) in chars.iter().enumerate().skip(1) {
                if chars.len() - k < 4 {
                    break;
                }
                for s in &stems {
                    extra.push(' ');
                    extra.push_str(s);
                    extra.push_str(&whole[*at..]);
                }
            }
        }
        i = j.max(i + 1);
    }
    if extra.is_empty() {
        norm.to_string()
    } else {
        format!("{norm} |{extra}")
    }
}

/// How far apart (in bytes of the normalised sentence, about 30 words) the parts of
/// an `a + b` term may stand to count as one statement.
const NEAR_BYTES: usize = 200;

/// Words that grant a party a right (for elements that are rights of the controller).
const RIGHT_WORDS: &[&str] = &[
    "may ",
    "can ",
    "is entitled",
    "shall be entitled",
    "has the right",
    "shall have the right",
    "right to ",
    "recht auf ",
    "recht zu",
    "is permitted",
    "are permitted",
    "is authorised",
    "is authorized",
    "consents",
    "authorises",
    "authorizes",
    "genehmigt",
    "stimmt",
    "gestattet",
    "is permitted",
    "kann ",
    "können ",
    "darf ",
    "ist berechtigt",
    "sind berechtigt",
    "hat das recht",
    "steht das recht",
];

/// What one sentence says about one element.
#[derive(Debug, Clone, Default)]
struct Score<'a> {
    points: i64,
    strong: usize,
    support: usize,
    heading: bool,
    /// Enough to report the element as found here.
    eligible: bool,
    /// The sentence is where this element's evidence belongs (body or annex, `place`).
    placed: bool,
    /// For a duty, the sentence commits a party; for a right, it grants it.
    commits: bool,
    /// (kind, term): `("strong", "documented instructions")`.
    matched: Vec<(&'static str, &'a str)>,
}

impl Score<'_> {
    fn matched_terms(&self) -> Vec<String> {
        self.matched
            .iter()
            .map(|(k, t)| format!("{k}: {t}"))
            .collect()
    }
}

fn heading_term<'a>(c: &Compiled<'a>, u: &Unit, ix: &TermIndex) -> Option<&'a String> {
    c.heading
        .iter()
        .find(|(id, _)| u.heading_hits.iter().any(|h| ix.hit(*id, h)))
        .map(|(_, t)| *t)
}

/// Whether the controller is the subject of the sentence's main clause: it starts with
/// the controller's name ("The Customer's instructions …", "Der Auftraggeber …") and
/// no processor is named before the verb that commits ("Customer agrees that the
/// Processor shall …" is the processor's commitment). A clause after "that"/"dass"
/// has its own subject.
fn controller_subject(norm: &str, lang: DocumentLanguage) -> bool {
    let t = strip_lead(norm);
    let (starts, verbs, processor, that): (&[&str], &[&str], &[&str], &str) = match lang {
        DocumentLanguage::De => (
            &[
                "der auftraggeber",
                "die auftraggeberin",
                "der verantwortliche",
                "die verantwortliche",
                "der kunde",
                "die kundin",
                "auftraggeber ",
                "kunde ",
            ],
            &[
                " ist ",
                " hat ",
                " muss ",
                " wird ",
                " darf ",
                " kann ",
                " trägt ",
                " erteilt ",
            ],
            &[
                "auftragnehmer",
                "auftragsverarbeiter",
                "anbieter",
                "dienstleister",
            ],
            " dass ",
        ),
        _ => (
            &[
                "the customer",
                "customer",
                "the controller",
                "controller",
                "the data controller",
                "data controller",
                "as the data controller, you",
                "as the controller, you",
                "as controller, you",
                "it is customer's",
                "it is the customer's",
                "it is your",
                "the client",
                "client",
                "you ",
                "your ",
            ],
            &[
                " shall ",
                " will ",
                " must ",
                " may ",
                " is responsible",
                " undertakes",
                " is obliged",
                " hereby ",
            ],
            &[
                "processor",
                "provider",
                "supplier",
                "vendor",
                "contractor",
                "we ",
            ],
            " that ",
        ),
    };
    if !starts.iter().any(|p| t.starts_with(p)) {
        return false;
    }
    let end = verbs
        .iter()
        .filter_map(|v| t.find(v))
        .min()
        .unwrap_or(t.len());
    let subject = &t[..end];
    // "Customer agrees that X shall …": the clause after "that" has its own subject.
    if let Some(at) = subject.rfind(that) {
        let inner = &subject[at + that.len()..];
        return starts.iter().any(|p| inner.starts_with(p))
            && !processor.iter().any(|p| inner.contains(p));
    }
    !processor.iter().any(|p| subject.contains(p))
}

/// The text without leading list markers, emphasis and quote marks.
fn strip_lead(norm: &str) -> &str {
    let mut t = norm.trim_start_matches(['*', '#', '_', '>', ' ', '-', '•', '|']);
    loop {
        let r = strip_list_marker(t).trim_start_matches(['*', '_', ' ']);
        if r.len() == t.len() {
            return t;
        }
        t = r;
    }
}

/// Text that is only a placeholder or blank: `[XXXXX]`, `……`, `<Name>`, `[LINK]`, `n/a`.
pub fn is_placeholder(t: &str) -> bool {
    let t = t.trim_matches(|c: char| {
        c.is_whitespace() || matches!(c, '*' | '_' | '.' | '…' | ':' | ';' | ',')
    });
    if t.chars().filter(|c| c.is_alphanumeric()).count() < 3 {
        return true;
    }
    let bracketed =
        (t.starts_with('[') && t.ends_with(']')) || (t.starts_with('<') && t.ends_with('>'));
    bracketed && !t[1..t.len() - 1].contains(['[', '<'])
        || t.contains("………")
        || t.contains("......")
        || matches!(t, "n/a" | "none" | "tbd" | "keine" | "entfällt")
}

/// A blank to fill in: `……`, `....`, `[XXXXX]`, `<Name>`, `[LINK]`.
fn has_blank(norm: &str) -> bool {
    let t = norm.trim_end_matches(['.', ' ']);
    t.ends_with(": …")
        || t.ends_with(":…")
        || norm.contains("……")
        || norm.contains("....")
        || norm.contains("[xxx")
        || norm.contains("[link]")
        || norm.contains("[email]")
        || norm.contains("[…]")
        || norm.contains("[...]")
        || (norm.contains('<') && norm.contains('>') && !norm.contains("< "))
}

/// A label (`categories of data subjects`) at the start of the sentence, followed
/// within eight words by a colon and content; or the sentence is the first of a
/// paragraph whose title starts with the label. Returns the label.
fn label_hit<'a>(
    el: &'a ElementTerms,
    lang: DocumentLanguage,
    u: &Unit,
    s: &Sent,
) -> Option<&'a String> {
    let lead = strip_lead(&s.norm);
    for full in el.labels.get(lang) {
        // `categories of data !subjects`: not when that word follows.
        let (l, not_followed) = match full.rsplit_once(" !") {
            Some((l, w)) => (l, Some(w)),
            None => (full.as_str(), None),
        };
        let refused = |after: &str| not_followed.is_some_and(|w| after.trim_start().starts_with(w));
        if let Some(after) = lead.strip_prefix(l) {
            if after.starts_with(char::is_alphanumeric) || refused(after) {
                continue;
            }
            // One-word labels (`zweck`, `dauer`) stand right before the colon.
            let max_words = if l.contains(' ') { 8 } else { 0 };
            if let Some((head, content)) = after.split_once([':', '|']) {
                // Emphasis around the label (`| **Zweck** | …`) is no word of it.
                let head = head.trim_matches(['*', '_', ' ']);
                let content = content.trim_start_matches(['*', '_', ' ']);
                if head.split_whitespace().count() <= max_words
                    && !head.contains(['.', ';'])
                    && (!is_placeholder(content) || s.label_has_next)
                {
                    return Some(full);
                }
            } else if s.label_has_next
                && after.split_whitespace().count() <= max_words
                && !after.contains(['.', ';', ','])
            {
                // A label line without a colon, its content on the next lines
                // (`Categories of personal data transferred`).
                return Some(full);
            }
        }
        // The title of the paragraph (or of the first paragraph of a section) is the
        // label: a one-word label must be the whole title (`Zweck`, not `Zweck und
        // Anwendungsbereich`), a longer one may start it.
        if !s.first_in_unit {
            continue;
        }
        let titled = |h: &str| {
            let h = strip_lead(h);
            h.strip_prefix(l).is_some_and(|r| {
                let r = r.trim_matches(|c: char| !c.is_alphanumeric());
                !refused(r)
                    && !h[l.len()..].starts_with(char::is_alphanumeric)
                    && (l.contains(' ') || r.is_empty())
            })
        };
        if (titled(&u.sub_heading) || titled(&u.group_heading) || titled(&u.heading))
            && !is_placeholder(strip_lead(&s.norm))
        {
            return Some(full);
        }
    }
    None
}

#[allow(clippy::too_many_arguments)]
fn score_sentence<'a>(
    el: &'a ElementTerms,
    c: &Compiled<'a>,
    lang: DocumentLanguage,
    u: &Unit,
    s: &Sent,
    has_annex: bool,
    ix: &TermIndex,
) -> Score<'a> {
    let mut sc = Score::default();
    if c.exclude.iter().any(|id| ix.hit(*id, &s.hits)) {
        return sc;
    }
    // In some sections (a list of sub-processors) no sentence describes this element.
    if c.exclude_headings
        .iter()
        .any(|id| ix.hit(*id, &u.heading_hits[0]))
    {
        return sc;
    }
    if !c.context.is_empty() && !c.context.iter().any(|id| ix.hit(*id, &u.norm_hits)) {
        return sc;
    }
    if let Some(l) = label_hit(el, lang, u, s) {
        sc.strong += 1;
        sc.matched.push(("label", l));
    }
    let hay = s.lead_hits.as_ref().unwrap_or(&s.hits);
    // The parts of an `a + b` term must stand near one another, except in a list item,
    // which completes its lead-in.
    let text = if lang == DocumentLanguage::De {
        with_elided_compounds(&s.norm)
    } else {
        s.norm.clone()
    };
    let near = |t: &str| s.lead.is_some() || !t.contains(" + ") || term_near(t, &text, NEAR_BYTES);
    // A placeholder (`Categories of data ………`, `<Art der Daten>`) describes nothing.
    if el.place != Place::Body && (is_placeholder(strip_lead(&s.norm)) || has_blank(&s.norm)) {
        return Score::default();
    }
    let labelled = sc.strong;
    for (id, t) in &c.strong {
        if ix.hit(*id, hay) && near(t) {
            sc.strong += 1;
            sc.matched.push(("strong", t));
        }
    }
    for (a, b, t) in &c.paired {
        if ix.hit(*a, hay) && ix.hit(*b, &u.norm_hits) && near(t.split(" | ").next().unwrap_or(t)) {
            sc.strong += 1;
            sc.matched.push(("strong", t));
        }
    }
    for (id, t) in &c.support {
        if ix.hit(*id, hay) && near(t) {
            sc.support += 1;
            sc.matched.push(("support", t));
        }
    }
    // The controller's own duties: a sentence whose subject is the controller and that
    // commits it ("Customer shall comply with …"). Its rights to object or to audit are
    // quoted under those elements.
    if el.controller_duty && s.controller_subject && s.commits && !s.grants {
        sc.strong += 1;
        sc.matched.push(("strong", "the controller commits itself"));
    }
    let mut mentioned = 0;
    for (id, t) in &c.mentions {
        if ix.hit(*id, hay) {
            mentioned += 1;
            sc.matched.push(("mention", t));
        }
    }
    if sc.strong == 0 && sc.support == 0 && mentioned == 0 {
        return sc;
    }
    if let Some(t) = heading_term(c, u, ix) {
        sc.heading = true;
        sc.matched.insert(0, ("heading", t));
    }
    sc.points = 2 * sc.strong as i64
        + sc.support as i64
        + 2 * i64::from(mentioned > 0 && sc.strong == 0)
        + if sc.heading { 3 } else { 0 };
    let body_element = el.place == Place::Body;
    // A right of the controller is granted ("Customer may object"), a duty is committed
    // (a processor's duty by the processor, not by the controller).
    let refuses = if el.right { s.negated } else { s.refuses };
    let commits = s.commits && !(el.processor_duty && s.controller_subject);
    if body_element && (commits || (el.right && s.grants && !s.negated)) {
        sc.points += 2;
        sc.commits = true;
    }
    // A pointer ("the categories are listed in Annex 1") gives way to the annex it
    // points to; without any annex in the text it is no evidence of content.
    let pointer_only = !body_element && s.pointer;
    let has_annex = has_annex && !s.points_nowhere;
    if pointer_only && has_annex {
        sc.points -= 3;
    }
    // A description (data categories, data subjects) may be a plain list: two words of
    // its vocabulary in one sentence ("Nutzerkennungen, Protokolldaten und Inhaltsdaten").
    // Without a label or a heading, such a list needs three of those words or a
    // paragraph that names the element ("customers or users" in a role clause is none).
    let names_element = || {
        sc.heading
            || c.mentions
                .iter()
                .chain(&c.strong)
                .any(|(id, _)| ix.hit(*id, &u.norm_hits))
    };
    let list = el.place != Place::Body
        && el.list
        && sc.support >= 2
        && (sc.strong > 0 || sc.support >= 3 || names_element());
    // A description that leaves its content to the customer (or to each order)
    // describes nothing.
    let open = el.place != Place::Body && s.open && sc.support < 2;
    // Outside an annex, the annex's content (the measures) must be in the sentence or
    // its paragraph (a list under a label): a heading or a label over a commitment or
    // a link is no annex; in an annex too, a link to a web page is no list of measures.
    let links = s.norm.contains("http") || s.norm.contains("www.");
    let bare_annex = el.place == Place::Annex
        && (!u.in_annex || links)
        && sc.strong == labelled
        && sc.support == 0
        && !c
            .strong
            .iter()
            .chain(&c.support)
            .any(|(id, _)| ix.hit(*id, &u.norm_hits));
    sc.eligible = (sc.strong > 0 || (sc.heading && sc.support >= 2) || list)
        && !refuses
        && !open
        && !bare_annex
        && (!pointer_only || has_annex);
    if refuses {
        sc.points -= 2;
    }
    sc.placed = match el.place {
        Place::Body => !u.in_annex,
        Place::Annex => u.in_annex,
        Place::Any => true,
    };
    sc
}

/// Found before unclear, in its place (body or annex) before elsewhere, then the points
/// (a sentence that commits a party, or grants the controller a right, has 2 more).
fn rank(s: &Score) -> (bool, bool, i64) {
    (s.eligible, s.placed, s.points)
}

/// Locates every element. In a document that is not (or not surely) a DPA no
/// element is reported above `unclear` (see [`cap`]).
pub fn locate(
    lines: &[String],
    blocks: &[Block],
    terms: &Terms,
    lang: DocumentLanguage,
) -> Vec<ElementHit> {
    let ix = index(terms, lang);
    let (units, sents) = evidence(lines, blocks, terms, lang, &ix);
    let has_annex = annex_with_content(&units, &sents);
    terms
        .elements
        .iter()
        .map(|el| locate_one(el, &units, &sents, lang, has_annex, &ix))
        .collect()
}

/// One candidate sentence for an element, for explaining a result (`dpa_eval --explain`).
#[derive(Debug, Clone)]
pub struct Candidate {
    pub lines: [u32; 2],
    pub points: i64,
    pub eligible: bool,
    pub placed: bool,
    pub commits: bool,
    pub matched: Vec<String>,
    pub text: String,
}

/// Every sentence that matches a term of element `id`, best first.
pub fn candidates(
    lines: &[String],
    blocks: &[Block],
    terms: &Terms,
    lang: DocumentLanguage,
    id: &str,
) -> Vec<Candidate> {
    let ix = index(terms, lang);
    let (units, sents) = evidence(lines, blocks, terms, lang, &ix);
    let has_annex = annex_with_content(&units, &sents);
    let Some(el) = terms.elements.iter().find(|e| e.id == id) else {
        return Vec::new();
    };
    let c = compile(el, lang, &ix);
    let mut out: Vec<Candidate> = sents
        .iter()
        .map(|s| {
            (
                s,
                score_sentence(el, &c, lang, &units[s.unit], s, has_annex, &ix),
            )
        })
        .filter(|(_, sc)| !sc.matched.is_empty())
        .map(|(s, sc)| Candidate {
            lines: s.lines,
            points: sc.points,
            eligible: sc.eligible,
            placed: sc.placed,
            commits: sc.commits,
            matched: sc.matched_terms(),
            text: s.text.clone(),
        })
        .collect();
    out.sort_by_key(|c| std::cmp::Reverse((c.eligible, c.placed, c.points)));
    out
}

/// An annex with text of its own (not only its heading or placeholders): a pointer
/// to an annex is followed only when there is such an annex.
fn annex_with_content(units: &[Unit], sents: &[Sent]) -> bool {
    sents.iter().any(|s| {
        units[s.unit].in_annex && !is_placeholder(strip_lead(&s.norm)) && !has_blank(&s.norm)
    })
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
            h.reason = Some(UnclearReason::DocumentType);
        }
    }
}

fn locate_one(
    el: &ElementTerms,
    units: &[Unit],
    sents: &[Sent],
    lang: DocumentLanguage,
    has_annex: bool,
    ix: &TermIndex,
) -> ElementHit {
    let c = compile(el, lang, ix);
    let scores: Vec<Score> = sents
        .iter()
        .map(|s| score_sentence(el, &c, lang, &units[s.unit], s, has_annex, ix))
        .collect();
    // Evidence that gathers in one paragraph ranks above a lone mention.
    let mut strong_in_unit = vec![0usize; units.len()];
    for (s, sc) in sents.iter().zip(&scores) {
        if sc.strong > 0 && !s.refuses {
            strong_in_unit[s.unit] += 1;
        }
    }
    let mut best: Option<(usize, Score)> = None;
    for (i, (s, sc)) in sents.iter().zip(&scores).enumerate() {
        if sc.points <= 0 && !sc.eligible {
            continue;
        }
        let mut sc = sc.clone();
        if strong_in_unit[s.unit] > usize::from(sc.strong > 0 && !s.refuses) {
            sc.points += 1;
        }
        if best.as_ref().is_none_or(|(_, b)| rank(&sc) > rank(b)) {
            best = Some((i, sc));
        }
    }
    let not_found = |score: i64, matched: Vec<String>| ElementHit {
        id: el.id.clone(),
        result: ScanStatus::NotFound,
        confidence: ScanConfidence::Low,
        score: score.max(0) as u32,
        section: None,
        lines: None,
        quote: None,
        quote_lines: None,
        matched_terms: matched,
        reason: None,
    };
    let Some((mut i, sc)) = best else {
        return not_found(0, Vec::new());
    };
    let result = if sc.eligible {
        ScanStatus::Found
    } else if sc.points >= 2 {
        ScanStatus::Unclear
    } else {
        return not_found(sc.points, sc.matched_terms());
    };
    // The content of an annex (the TOMs) is quoted from its start: the first sentence
    // of the same annex section that carries the element.
    if result == ScanStatus::Found && el.place == Place::Annex {
        let block = units[sents[i].unit].block;
        if let Some(first) = sents
            .iter()
            .zip(&scores)
            .position(|(s, c)| units[s.unit].block == block && c.eligible)
        {
            i = first;
        }
    }
    // A list item found through its lead-in ("… shall assist the Customer:" / "- with
    // data protection impact assessments"): when the lead-in is evidence of the
    // element itself, it is the clause that commits the party and the quote.
    if result == ScanStatus::Found && el.place == Place::Body {
        if let Some(l) = sents[i].lead_at {
            if scores[l].eligible && (scores[l].commits || !sc.commits) {
                i = l;
            }
        }
    }
    let reason = (result == ScanStatus::Unclear).then(|| {
        let s = &sents[i];
        if s.refuses {
            UnclearReason::NotACommitment
        } else if s.pointer && (!has_annex || s.points_nowhere) && el.place != Place::Body {
            UnclearReason::MissingAnnex
        } else {
            UnclearReason::WeakTerms
        }
    });
    let s = &sents[i];
    let u = &units[s.unit];
    let confidence = match result {
        ScanStatus::Found if sc.points >= 6 => ScanConfidence::High,
        ScanStatus::Found => ScanConfidence::Medium,
        _ => ScanConfidence::Low,
    };
    let terms: Vec<&String> = el
        .strong
        .get(lang)
        .iter()
        .chain(el.support.get(lang))
        .collect();
    ElementHit {
        id: el.id.clone(),
        result,
        confidence,
        score: sc.points.max(0) as u32,
        section: (u.label != "preamble" && !u.label.is_empty()).then(|| u.label.clone()),
        lines: Some([u.start as u32, u.end as u32]),
        quote: Some(cut(&s.text, &terms)),
        quote_lines: Some(s.lines),
        matched_terms: sc.matched_terms(),
        reason,
    }
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
                "Zweiter Satz z.B. hier, wie vereinbart; dritter Satz zur".to_string(),
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
        assert_eq!(s[1], "Zweiter Satz z.B. hier, wie vereinbart;");
        assert_eq!(s[2], "dritter Satz zur Auftragsverarbeitung.");
        assert_eq!(j.line_at(j.text.find("dritter").unwrap()), 2);
        assert_eq!(j.line_at(j.text.find("verarbeitung").unwrap()), 4);
    }

    #[test]
    fn headings_list_items_and_table_rows_end_sentences() {
        let lines: Vec<String> = [
            "Sub-processors",
            "The processor shall notify the customer if:",
            "- it receives a request",
            "| Data | Contact data |",
            "| Subjects | Employees |",
            "",
            "Next paragraph",
        ]
        .iter()
        .map(|s| s.to_string())
        .collect();
        let j = Joined::new(&lines, 1);
        let s: Vec<&str> = j
            .sentences()
            .iter()
            .map(|(a, b)| j.text[*a..*b].trim())
            .collect();
        assert_eq!(
            s,
            [
                "Sub-processors",
                "The processor shall notify the customer if:",
                "- it receives a request",
                "| Data | Contact data |",
                "| Subjects | Employees |",
                "Next paragraph"
            ]
        );
    }

    #[test]
    fn elided_german_compounds_are_read_in_full() {
        let t = with_elided_compounds("stamm- und kontaktdaten von kunden");
        assert!(t.contains(" stammdaten"), "{t}");
        assert!(t.starts_with("stamm- und kontaktdaten von kunden"), "{t}");
        let t = with_elided_compounds("bestands-, nutzungs- oder inhaltsdaten");
        assert!(
            t.contains(" bestandsdaten") && t.contains(" nutzungsdaten"),
            "{t}"
        );
        // No hyphenated stem, nothing added.
        assert_eq!(
            with_elided_compounds("e-mail-adresse und name"),
            "e-mail-adresse und name"
        );
    }

    #[test]
    fn annex_ids_read_numbers_romans_and_letters() {
        assert_eq!(annex_ids("siehe anlage 2 und annex iii"), vec!["2", "3"]);
        assert_eq!(annex_ids("appendix a describes them"), vec!["a"]);
        assert!(annex_ids("the annexes hereto").is_empty());
    }

    /// Our own wording: a pointer to an annex that is missing points nowhere, a
    /// security clause is no TOM annex, a role clause lists no data subjects, and an
    /// open description lists no data types.
    fn scan(text: &str) -> Vec<(String, ScanStatus)> {
        let s = crate::dpa::scan_bytes("t.md", text.as_bytes()).expect("scans");
        s.elements
            .into_iter()
            .map(|e| (e.id, e.hit.result))
            .collect()
    }

    fn status(r: &[(String, ScanStatus)], id: &str) -> ScanStatus {
        r.iter().find(|(i, _)| i == id).map(|(_, s)| *s).expect(id)
    }

    const DPA_HEAD: &str = "# Data Processing Agreement\n\nThis data processing agreement under Art. 28 GDPR applies to the processing of personal data by the Processor on behalf of the Controller. The Customer is the controller and the Provider is the processor.\n\n## 1. Instructions\n\nThe processor shall process personal data only on documented instructions from the controller.\n\n## 2. Confidentiality\n\nThe processor shall ensure that persons authorised to process the personal data have committed themselves to confidentiality.\n\n## 3. Breaches\n\nThe processor shall notify the controller without undue delay after becoming aware of a personal data breach.\n\n## 4. Deletion\n\nAt the end of the services the processor shall delete or return all personal data at the choice of the controller.\n\n";

    #[test]
    fn structural_rules_on_descriptions_and_annexes() {
        let text = format!(
            "{DPA_HEAD}## 5. Scope\n\nThe categories of data subjects are described in Annex 3.\n\nType of personal data: the Customer decides which data it uploads.\n\n## 6. Roles\n\nNothing here creates a relationship with the customers or users of the Customer.\n\n## 7. Security\n\n**Security Measures.** The processor shall implement appropriate technical and organisational measures.\n\n## Annex 1 Sub-processors\n\nHosting provider, purpose: hosting of the service.\n"
        );
        let r = scan(&text);
        assert_ne!(status(&r, "data_subjects"), ScanStatus::Found, "{r:?}");
        assert_ne!(status(&r, "data_types"), ScanStatus::Found, "{r:?}");
        assert_ne!(status(&r, "tom_annex"), ScanStatus::Found, "{r:?}");
        assert_ne!(status(&r, "nature_purpose"), ScanStatus::Found, "{r:?}");
    }

    #[test]
    fn a_table_row_with_an_emphasised_label_is_labelled() {
        let text = format!(
            "{DPA_HEAD}## 5. Details\n\n| Item | Description |\n|---|---|\n| **Purpose** | Provision of e-mail infrastructure services |\n| **Duration** | The term of the service agreement |\n"
        );
        let r = scan(&text);
        assert_eq!(status(&r, "nature_purpose"), ScanStatus::Found, "{r:?}");
        assert_eq!(
            status(&r, "subject_matter_duration"),
            ScanStatus::Found,
            "{r:?}"
        );
    }

    #[test]
    fn placeholders_are_no_content() {
        assert!(is_placeholder("[XXXXX]"));
        assert!(is_placeholder("……………"));
        assert!(is_placeholder("<Name>"));
        assert!(!is_placeholder("names, e-mail addresses"));
        assert!(has_blank("categories of data ………………"));
    }

    #[test]
    fn the_controller_as_subject() {
        let en = |t: &str| controller_subject(&normalise(t), DocumentLanguage::En);
        let de = |t: &str| controller_subject(&normalise(t), DocumentLanguage::De);
        assert!(en(
            "The Customer's instructions to Zitadel shall comply with the law."
        ));
        assert!(en(
            "Customer shall comply at all times with Data Protection Legislation."
        ));
        assert!(en(
            "As the Data Controller, you acknowledge that you are solely responsible."
        ));
        assert!(!en(
            "Customer agrees that Zitadel will process data only on instructions."
        ));
        assert!(!en(
            "Customer acknowledges that the Processor shall notify it."
        ));
        assert!(!en(
            "The Processor shall process data only on the Customer's instructions."
        ));
        assert!(de(
            "Der Auftraggeber ist für die Rechtmäßigkeit verantwortlich."
        ));
        assert!(!de(
            "Der Auftragnehmer verarbeitet Daten nur auf Weisung des Auftraggebers."
        ));
        assert!(!de(
            "Der Auftraggeber und der Auftragnehmer arbeiten zusammen."
        ));
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
