//! Splitting a DPA into sections and their paragraphs, keeping line numbers.
//!
//! Every line is classified by its marker: Markdown headings (`## 5. Sub-processors`),
//! legal markers (`§ 3`, `Clause 7`/`Klausel 7`, `Section 4`, `Article 5`/`Art. 5`,
//! `Ziffer 4`), roman numerals (`IV. Title`), short all-capital lines, numbers
//! (`1.`, `1 Title`), dotted numbers (`1.1`, `1.1.1`), `(1)`, `(a)`/`a)` and bold lead-ins
//! (`**Role of the Parties.**`). Annexes (`Annex II`, `Anlage 1`, `Anhang`, `Appendix`,
//! `Schedule`, `Exhibit` on a short line of their own) are always sections of their own.
//!
//! Which kind of marker makes a section is read from the document, not assumed: the
//! highest-ranking kind that occurs at least twice in the body (before the first annex)
//! opens sections, and the next kind after it (the first lower kind that follows the
//! first section marker) opens paragraphs. So `1. Der Auftragnehmer …` is a paragraph
//! under `§ 7`, but a section in a document numbered only `1.`, `2.`, ….
//! Deeper markers (lists, points) stay inside their paragraph.
//!
//! A marker counts only at the start of a clause: after a blank line, after a line that
//! ends a sentence or a heading, or after a short line. `Clause 9(a) … of the` wrapped
//! into a new line of running text, `6.1 of the DPA.` or `Annex I(B) lists …` are not
//! headings. Inside an annex, numbered lists and all-capital lines are the annex's
//! paragraphs.

/// One section or paragraph: its label, heading text and lines (1-based, inclusive).
#[derive(Debug, Clone, PartialEq)]
pub struct Block {
    /// e.g. `§ 5`, `7.2`, `Clause 7`, `Annex II`; `§ 5 (2)` for a paragraph.
    pub label: String,
    /// The heading text, if the marker line or the next line carries one; for a
    /// paragraph its title (`1.2 Art der Daten:`, `**Objection.**`, `(1) Vertraulichkeit: …`).
    pub heading: String,
    pub start: usize,
    pub end: usize,
    /// Paragraphs inside a top-level section (empty for paragraphs themselves).
    pub paragraphs: Vec<Block>,
    /// An annex (`Annex II`, `Anlage 1`), or a section after the first annex.
    pub annex: bool,
    /// The first line after the heading lines (the marker line when it carries text
    /// beyond its title; `end + 1` when the block is only a heading).
    pub body: usize,
}

/// The kind of a marker, in rank order (a lower value ranks higher).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
enum Kind {
    /// Markdown heading of this level.
    Md(u8),
    /// `§ 3`, `Clause 7`, `Section 4`, `Article 5`, `Ziffer 4`, `Part 2`.
    Legal,
    /// `IV. Title`.
    Roman,
    /// A short all-capital line.
    Caps,
    /// `1.` / `1 Title`.
    Num,
    /// `1.1` (depth 2), `1.1.1` (depth 3) …
    Dotted(u8),
    /// `(1)`.
    ParenNum,
    /// `(a)`, `a)`.
    Letter,
    /// `**Lead-in.**` at the start of a line.
    Bold,
}

impl Kind {
    fn rank(self) -> u8 {
        match self {
            Kind::Md(l) => l,
            Kind::Legal => 10,
            Kind::Roman => 11,
            Kind::Caps => 12,
            Kind::Num => 13,
            Kind::Dotted(d) => 13 + d.min(5),
            Kind::ParenNum => 20,
            Kind::Letter => 21,
            Kind::Bold => 22,
        }
    }
}

/// A marker line.
#[derive(Debug, Clone, PartialEq)]
struct Marker {
    kind: Kind,
    /// `Annex II`, `Anlage A`: always a section.
    annex: bool,
    /// `§ 5`, `7`, `7.2`, `(2)`, `Annex II`; empty for a heading without a number.
    label: String,
    /// The text after the marker on the same line.
    rest: String,
    /// The marker stands alone on its line (`Clause 7`): the next line may be its heading.
    bare: bool,
    /// The line's text continues on the next line (which starts in lower case).
    runs_on: bool,
}

const LEGAL_WORDS: &[&str] = &[
    "clause",
    "klausel",
    "section",
    "article",
    "art.",
    "artikel",
    "ziffer",
    "ziff.",
    "part",
    "teil",
    "abschnitt",
];

const ANNEX_WORDS: &[&str] = &[
    "annex",
    "anlage",
    "anhang",
    "appendix",
    "schedule",
    "exhibit",
    "attachment",
];

/// Splits the lines into top-level blocks (with their paragraphs).
pub fn split(lines: &[String]) -> Vec<Block> {
    // 1. Markers, only where a clause can start.
    let mut markers: Vec<Option<Marker>> = Vec::with_capacity(lines.len());
    let mut prev_open = false; // the previous non-empty line continues into this one
    let mut prev_marker = false;
    let mut prev_dangling = false; // it ends on a word that needs a continuation ("aus dem")
    for raw in lines {
        let line = raw.trim();
        if raw == super::pages::NOISE {
            // A page header or footer: the text runs on across it.
            markers.push(None);
            continue;
        }
        if line.is_empty() {
            markers.push(None);
            prev_open = false;
            prev_dangling = false;
            continue;
        }
        let m = classify(line).filter(|m| {
            // A Markdown heading is always a heading; any other marker must start a clause,
            // and never after a line that ends on an article or a preposition ("… ergeben
            // sich aus dem" / "Anhang 1 …" is running text, even after a numbered line).
            matches!(m.kind, Kind::Md(_)) || (!prev_dangling && (!prev_open || prev_marker))
        });
        prev_marker = m.is_some();
        prev_open = continues(line);
        prev_dangling = dangles(line);
        markers.push(m);
    }
    // An annex heading that is the document's title ("Schedule 1 – Data Processing
    // Agreement" above the whole text): the agreement is the annex of another contract,
    // and its own clauses are its body.
    if let Some(t) = markers.iter().position(Option::is_some) {
        let text_before = lines[..t]
            .iter()
            .filter(|l| !l.trim().is_empty() && *l != super::pages::NOISE)
            .count();
        if let Some(m) = markers[t].as_mut().filter(|m| m.annex && text_before == 0) {
            m.annex = false;
        }
    }
    // 2. Which kind opens sections, which opens paragraphs.
    let first_annex = markers
        .iter()
        .position(|m| m.as_ref().is_some_and(|m| m.annex))
        .unwrap_or(lines.len());
    let mut counts: Vec<(Kind, usize, usize)> = Vec::new(); // kind, count, first line
    for (i, m) in markers[..first_annex].iter().enumerate() {
        let Some(m) = m else { continue };
        if m.kind == Kind::Bold {
            continue;
        }
        match counts.iter_mut().find(|(k, _, _)| *k == m.kind) {
            Some(c) => c.1 += 1,
            None => counts.push((m.kind, 1, i)),
        }
    }
    let top = counts
        .iter()
        .filter(|(_, n, _)| *n >= 2)
        .min_by_key(|(k, _, first)| (k.rank(), *first))
        .map(|(k, _, first)| (*k, *first));
    let para: Option<Kind> = top.and_then(|(t, t_first)| {
        let lower_kinds: Vec<Kind> = counts
            .iter()
            .filter(|(k, n, _)| k.rank() > t.rank() && (*n >= 2))
            .map(|(k, _, _)| *k)
            .collect();
        markers[t_first + 1..first_annex]
            .iter()
            .flatten()
            .map(|m| m.kind)
            .find(|k| lower_kinds.contains(k))
    });
    let top_rank = top.map_or(0, |(k, _)| k.rank());
    // 3. The blocks.
    let mut blocks: Vec<Block> = Vec::new();
    let mut current = Block {
        label: "preamble".into(),
        heading: String::new(),
        start: 1,
        end: 0,
        paragraphs: Vec::new(),
        annex: false,
        body: 1,
    };
    let mut in_annex = false;
    for (i, m) in markers.iter().enumerate() {
        let n = i + 1;
        // A marker line whose text runs on into the next line (`(2) Der
        // Auftragsverarbeiter erlegt … vertraglich` / `dieselben Pflichten auf`) has
        // no title of its own.
        let runs_on = lines
            .iter()
            .skip(i + 1)
            .find(|l| !l.trim().is_empty() && l.as_str() != super::pages::NOISE)
            .and_then(|l| l.trim().chars().next())
            .is_some_and(char::is_lowercase);
        let m = &m.as_ref().map(|m| {
            let mut m = m.clone();
            m.runs_on = runs_on;
            m
        });
        let role = m.as_ref().map(|m| {
            // An annex marker; in the body, a marker above or at the sections' level; after
            // an annex, a heading above the body's sections (a new part).
            let body_top = !in_annex
                && ((top.is_some() && m.kind.rank() < top_rank)
                    || Some(m.kind) == top.map(|t| t.0));
            let new_part = in_annex && m.kind.rank() < top_rank.min(10);
            if m.annex || body_top || new_part {
                Role::Top
            } else if in_annex {
                // Inside an annex every marker down to numbered lists is a paragraph.
                if m.kind.rank() <= Kind::Dotted(2).rank() || m.kind == Kind::Bold {
                    Role::Para
                } else {
                    Role::None
                }
            } else if Some(m.kind) == para || m.kind == Kind::Bold || titled(m) {
                // A marker with a title of its own (`7.4. Security of processing`) heads a
                // paragraph at any depth.
                Role::Para
            } else {
                Role::None
            }
        });
        match (role, m) {
            (Some(Role::Top), Some(m)) => {
                close(&mut blocks, current, n - 1);
                in_annex |= m.annex;
                let (heading, body) = if m.rest.trim().is_empty() {
                    match next_title(lines, i + 1) {
                        Some((t, at)) => (t, at + 2),
                        None => (String::new(), n + 1),
                    }
                } else {
                    let t = title_part(&m.rest);
                    let whole = t.chars().count() + 2 >= clean(&m.rest).trim().chars().count();
                    (t, if whole { n + 1 } else { n })
                };
                let label = if !m.label.is_empty() {
                    m.label.clone()
                } else {
                    heading.chars().take(60).collect()
                };
                current = Block {
                    label,
                    heading,
                    start: n,
                    end: n,
                    paragraphs: Vec::new(),
                    annex: in_annex,
                    body,
                };
            }
            (Some(Role::Para), Some(m)) => {
                if let Some(last) = current.paragraphs.last_mut() {
                    last.end = n - 1;
                }
                let label = if m.label.is_empty() {
                    current.label.clone()
                } else if current.label == "preamble" || m.label.contains('.') {
                    m.label.clone()
                } else if current.annex {
                    format!("{}, {}", current.label, m.label)
                } else {
                    format!("{} {}", current.label, m.label)
                };
                let heading = para_title(m);
                let rest = clean(&m.rest);
                let rest = rest.trim_start_matches(['.', ')', ' ']).trim();
                let whole = rest.is_empty() || heading.chars().count() + 2 >= rest.chars().count();
                current.paragraphs.push(Block {
                    label,
                    heading,
                    start: n,
                    end: n,
                    paragraphs: Vec::new(),
                    annex: in_annex,
                    body: if whole { n + 1 } else { n },
                });
            }
            _ => {}
        }
        current.end = n;
        if let Some(last) = current.paragraphs.last_mut() {
            last.end = n;
        }
    }
    close(&mut blocks, current, lines.len());
    blocks
}

#[derive(Debug, Clone, Copy, PartialEq)]
enum Role {
    Top,
    Para,
    None,
}

/// True for a line that starts a section or paragraph (`Clause 8`, `§ 3`, `1.1`,
/// `(a)`, `ANNEX I`, a Markdown heading), wherever it stands.
pub fn is_marker(line: &str) -> bool {
    classify(line.trim()).is_some()
}

/// True for the label of an annex (`Annex II`, `Anlage 1`, `Schedule 2`, …).
pub fn is_annex(label: &str) -> bool {
    let l = label.to_lowercase();
    ANNEX_WORDS.iter().any(|w| l.starts_with(w))
}

/// The line runs on into the next one: it does not end a sentence or a heading and is
/// long (a wrapped line of running text).
fn continues(line: &str) -> bool {
    let t = line.trim_end_matches(['*', '_', ' ']);
    let ends = t.ends_with(['.', ':', ';', '!', '?', ')', ']', '"', '”', '“', '|']);
    !ends && t.chars().count() > 60
}

/// Words a heading never ends on: the line runs on into the next one.
const DANGLING: &[&str] = &[
    "the", "a", "an", "of", "to", "in", "and", "or", "with", "under", "per", "see", "by", "for",
    "from", "on", "at", "pursuant", "dem", "der", "des", "den", "die", "das", "ein", "einer",
    "eines", "und", "oder", "im", "gemäß", "gem.", "nach", "mit", "von", "zu", "zur", "zum", "aus",
    "auf", "für", "siehe", "laut", "lt.",
];

/// The line ends on an article, conjunction or preposition: a wrapped line of running text.
fn dangles(line: &str) -> bool {
    let t = line.trim_end();
    t.rsplit(char::is_whitespace)
        .next()
        .is_some_and(|w| t.len() > w.len() && DANGLING.contains(&w.to_lowercase().as_str()))
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

/// The heading on the marker line: a bold lead-in, the line when it is short and not a
/// sentence (`Definitions.` with its full stop counts), or a short label before a colon;
/// running text (`1. Der Auftragnehmer erbringt …`) has none.
fn title_part(rest: &str) -> String {
    if let Some(b) = bold_lead(rest.trim()) {
        return b;
    }
    let plain = clean(rest);
    let plain = plain
        .trim_start_matches(['.', ':', '-', '–', '—', ' ', ')', ','])
        .trim();
    let words = plain.split_whitespace().count();
    if plain.chars().count() <= 100
        && (!plain.ends_with(['.', ',', ';']) || (plain.ends_with('.') && words <= 8))
    {
        return plain.trim_end_matches(['.', ':']).trim().to_string();
    }
    if let Some((label, _)) = plain.split_once(':') {
        let n = label.split_whitespace().count();
        if (1..=6).contains(&n) && label.chars().next().is_some_and(char::is_uppercase) {
            return label.trim().to_string();
        }
    }
    String::new()
}

/// A paragraph's title: a bold lead-in, a short label before a colon, or the whole
/// rest of a short marker line that is not a sentence.
fn para_title(m: &Marker) -> String {
    let rest = m.rest.trim();
    if let Some(b) = bold_lead(rest) {
        return b;
    }
    let plain = clean(rest);
    let plain = plain.trim_start_matches(['.', ')', ' ']).trim();
    if let Some((label, _)) = plain.split_once(':') {
        let words = label.split_whitespace().count();
        if (1..=6).contains(&words) && label.chars().next().is_some_and(char::is_uppercase) {
            return label.trim().to_string();
        }
    }
    // A whole line as a paragraph's title: short, no clause break (`Travis-CI shall,
    // without undue delay, notify the Client if:` is a lead-in, not a title).
    if title_like(plain)
        && plain.split_whitespace().count() <= 8
        && !plain.contains(", ")
        && !m.runs_on
    {
        return plain.trim_end_matches(':').to_string();
    }
    String::new()
}

/// The marker line is a title and nothing else (`7.4. Security of processing`).
fn titled(m: &Marker) -> bool {
    let rest = clean(&m.rest);
    let rest = rest.trim_start_matches(['.', ')', ' ']).trim();
    !rest.is_empty() && para_title(m) == rest.trim_end_matches(':')
}

/// `**Role of the Parties.** …` → `Role of the Parties`.
fn bold_lead(s: &str) -> Option<String> {
    let inner = s.strip_prefix("**").or_else(|| s.strip_prefix("__"))?;
    let end = inner.find("**").or_else(|| inner.find("__"))?;
    let t = inner[..end].trim().trim_end_matches(['.', ':']).trim();
    (!t.is_empty() && t.chars().count() <= 100).then(|| t.to_string())
}

/// Markdown emphasis and escapes removed.
fn clean(s: &str) -> String {
    s.replace("\\.", ".")
        .replace("\\[", "[")
        .replace("\\]", "]")
        .replace("**", "")
        .replace("__", "")
        .trim()
        .to_string()
}

/// A short line that is not a sentence.
fn title_like(s: &str) -> bool {
    let s = s.trim();
    !s.is_empty()
        && s.chars().count() <= 80
        && !s.ends_with(['.', ',', ';'])
        && s.chars().next().is_some_and(|c| !c.is_lowercase())
}

/// A short line after a bare marker (`§ 5` / `Unterauftragsverhältnisse`) is its
/// heading; with the index of that line.
fn next_title(lines: &[String], from: usize) -> Option<(String, usize)> {
    for (k, l) in lines.iter().enumerate().skip(from).take(2) {
        let t = l.trim();
        if t.is_empty() {
            continue;
        }
        if t.chars().count() <= 130 && !t.ends_with('.') && classify(t).is_none() {
            return Some((clean(t), k));
        }
        break;
    }
    None
}

fn classify(line: &str) -> Option<Marker> {
    if line.is_empty() {
        return None;
    }
    // Markdown heading.
    if line.starts_with('#') {
        let level = line.chars().take_while(|c| *c == '#').count();
        let text = clean(line.trim_start_matches('#'));
        if text.is_empty() || level > 6 {
            return None;
        }
        let kind = Kind::Md(level as u8);
        // `## 5. Sub-processors` keeps the number as its label; `## Annex II` is an annex.
        if let Some(inner) = classify(&text) {
            return Some(Marker {
                kind,
                annex: inner.annex,
                label: inner.label,
                rest: inner.rest,
                bare: inner.bare,
                runs_on: false,
            });
        }
        return Some(Marker {
            kind,
            annex: false,
            label: String::new(),
            rest: text,
            bare: false,
            runs_on: false,
        });
    }
    // Bold lead-in: `**Role of the Parties.** The parties …`; a bold number or
    // annex is read as that marker.
    if line.starts_with("**") || line.starts_with("__") {
        let inner = clean(line);
        if let Some(m) = classify(&inner).filter(|m| m.kind != Kind::Bold) {
            return Some(m);
        }
        if let Some(b) = bold_lead(line) {
            if !b.starts_with(['"', '“', '„', '\'', '‘']) {
                return Some(Marker {
                    kind: Kind::Bold,
                    annex: false,
                    label: String::new(),
                    rest: line.to_string(),
                    bare: false,
                    runs_on: false,
                });
            }
        }
        return None;
    }
    let stripped = line.replace("\\.", ".");
    let stripped = stripped.trim();
    if let Some(m) = annex_marker(line, stripped) {
        return Some(m);
    }
    // § 5, §5a
    if let Some(after) = stripped.strip_prefix('§') {
        let after = after.trim_start();
        let num: String = after
            .chars()
            .take_while(|c| c.is_ascii_alphanumeric())
            .collect();
        if !num.is_empty() && num.chars().next().is_some_and(|c| c.is_ascii_digit()) {
            let rest = after[num.len()..].to_string();
            // `§ 5 BDSG gilt.`: a citation at a line start, not a heading.
            let first = rest.trim_start().chars().next();
            if first.is_none_or(|c| !c.is_lowercase()) && !is_citation(&rest) {
                return Some(Marker {
                    kind: Kind::Legal,
                    annex: false,
                    label: format!("§ {num}"),
                    bare: rest.trim().is_empty(),
                    runs_on: false,
                    rest,
                });
            }
        }
        return None;
    }
    let lower = stripped.to_lowercase();
    for w in LEGAL_WORDS {
        let Some(after) = lower.strip_prefix(w) else {
            continue;
        };
        if !(after.starts_with(' ') || (w.ends_with('.') && !after.is_empty())) {
            continue;
        }
        let (Some(head), Some(after_orig)) = (stripped.get(..w.len()), stripped.get(w.len()..))
        else {
            continue;
        };
        let t = after_orig.trim_start();
        let num = number_token(t);
        if !is_number(&num) {
            continue;
        }
        let rest = t[num.len()..].trim_start_matches('.').to_string();
        // `Article 28 of the GDPR applies.` is a sentence; a heading is short and has
        // no full stop, or the marker stands alone.
        let bare = rest.trim().is_empty();
        let sep = rest.trim_start().starts_with([':', '-', '–', '—', ')']);
        let first_upper = rest
            .trim_start_matches([':', '-', '–', '—', ' ', ')'])
            .chars()
            .next()
            .is_some_and(|c| !c.is_lowercase());
        if !bare && !(title_like(stripped) && (sep || first_upper)) {
            continue;
        }
        return Some(Marker {
            kind: Kind::Legal,
            annex: false,
            label: format!("{} {num}", title_case(head)),
            rest,
            bare,
            runs_on: false,
        });
    }
    // 1.  /  1.1  /  1.1.1
    let digits: String = stripped
        .chars()
        .take_while(|c| c.is_ascii_digit() || *c == '.')
        .collect();
    if digits.chars().next().is_some_and(|c| c.is_ascii_digit()) {
        let after = &stripped[digits.len()..];
        let core = digits.trim_end_matches('.');
        let parts: Vec<&str> = core.split('.').collect();
        let text = after.trim_start();
        let starts_upper = text
            .chars()
            .next()
            .is_some_and(|c| c.is_uppercase() || matches!(c, '"' | '“' | '„' | '(' | '[' | '*'));
        let spaced = after.is_empty() || after.starts_with([' ', '\t']);
        if !spaced || parts.iter().any(|p| p.is_empty() || p.len() > 3) {
            return None;
        }
        if parts.len() == 1 {
            // `1. Der Auftragnehmer …`, `1. Subject matter`, `1 Gegenstand und Dauer`;
            // not `2021 …` (years) nor `30 days …`.
            if core.len() > 2 || !starts_upper {
                return None;
            }
            let dotted = digits.ends_with('.');
            if !dotted && !title_like(stripped) {
                return None;
            }
            return Some(Marker {
                kind: Kind::Num,
                annex: false,
                label: core.to_string(),
                rest: after.to_string(),
                bare: false,
                runs_on: false,
            });
        }
        // `1.1 Text`, or `0.1` alone on its line (PDF text); `6.1 of the DPA.` is a
        // reference wrapped to a new line.
        if !text.is_empty() && !starts_upper {
            return None;
        }
        return Some(Marker {
            kind: Kind::Dotted(parts.len().min(5) as u8),
            annex: false,
            label: core.to_string(),
            rest: after.to_string(),
            bare: text.is_empty(),
            runs_on: false,
        });
    }
    if let Some(inner) = stripped.strip_prefix('(') {
        let num: String = inner.chars().take_while(|c| c.is_ascii_digit()).collect();
        if !num.is_empty() && num.len() <= 2 && inner[num.len()..].starts_with(')') {
            return Some(Marker {
                kind: Kind::ParenNum,
                annex: false,
                label: format!("({num})"),
                rest: inner[num.len() + 1..].to_string(),
                bare: false,
                runs_on: false,
            });
        }
        let mut cs = inner.chars();
        if let (Some(l), Some(')')) = (cs.next(), cs.next()) {
            if l.is_ascii_lowercase() {
                return Some(Marker {
                    kind: Kind::Letter,
                    annex: false,
                    label: format!("({l})"),
                    rest: inner[2..].to_string(),
                    bare: false,
                    runs_on: false,
                });
            }
        }
        return None;
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
                && stripped.chars().count() <= 90
                && !stripped.ends_with('.')
            {
                return Some(Marker {
                    kind: Kind::Roman,
                    annex: false,
                    label: roman,
                    rest: title.to_string(),
                    bare: false,
                    runs_on: false,
                });
            }
        }
    }
    // `a) Purpose: …` points.
    let mut cs = stripped.chars();
    if let (Some(l), Some(')'), Some(' ')) = (cs.next(), cs.next(), cs.next()) {
        if l.is_ascii_lowercase() {
            return Some(Marker {
                kind: Kind::Letter,
                annex: false,
                label: format!("{l})"),
                rest: stripped[2..].to_string(),
                bare: false,
                runs_on: false,
            });
        }
    }
    // Short all-capital line: `TECHNICAL AND ORGANISATIONAL MEASURES`, `DEFINITIONS`.
    let letters: Vec<char> = stripped.chars().filter(|c| c.is_alphabetic()).collect();
    let words = stripped.split_whitespace().count();
    if letters.len() >= 5
        && stripped.chars().count() <= 90
        && letters.iter().all(|c| c.is_uppercase())
        && (words >= 2 || !stripped.chars().any(|c| c.is_ascii_digit()))
        && !stripped.ends_with([',', ';'])
    {
        return Some(Marker {
            kind: Kind::Caps,
            annex: false,
            label: String::new(),
            rest: stripped.trim_end_matches(':').to_string(),
            bare: false,
            runs_on: false,
        });
    }
    None
}

/// `Annex II – Technical measures`, `Anlage A:`, `Schedule 1`, `ANNEX I`: an annex
/// word and a number or short name on a short line that is not a sentence.
fn annex_marker(line: &str, stripped: &str) -> Option<Marker> {
    let lower = stripped.to_lowercase();
    for w in ANNEX_WORDS {
        let Some(after) = lower.strip_prefix(w) else {
            continue;
        };
        if !(after.is_empty() || after.starts_with([' ', ':', '.'])) {
            continue;
        }
        if line.chars().count() > 100
            || line.trim_end_matches(['*', ' ']).ends_with(['.', ',', ';'])
        {
            return None;
        }
        let head = stripped.get(..w.len())?;
        let t = stripped.get(w.len()..)?.trim_start_matches([' ', ':']);
        let word = title_case(head);
        let num = number_token(t);
        let label = if is_number(&num) {
            // `Annex I(B) lists …` is a reference inside a sentence.
            if t[num.len()..].starts_with('(') {
                return None;
            }
            format!("{word} {num}")
        } else {
            t.split_whitespace()
                .next()
                .filter(|n| n.chars().all(|c| c.is_alphanumeric()) && n.chars().count() <= 6)
                .map(|n| format!("{word} {n}"))
                .unwrap_or(word)
        };
        let rest = if is_number(&num) {
            t[num.len()..].to_string()
        } else {
            t.to_string()
        };
        return Some(Marker {
            kind: Kind::Legal,
            annex: true,
            label,
            bare: rest.trim().is_empty(),
            runs_on: false,
            rest,
        });
    }
    None
}

/// `28 DSGVO`, `13 Abs. 2`: a citation, not a heading.
fn is_citation(rest: &str) -> bool {
    let l = rest.trim_start().to_lowercase();
    [
        "abs", "bdsg", "bgb", "dsgvo", "ds-gvo", "gdpr", "hgb", "ao ", "tkg", "ttdsg", "uwg",
    ]
    .iter()
    .any(|w| l.starts_with(w))
}

/// The number or numeral after a marker word (`7`, `7.1`, `II`, `A`).
fn number_token(t: &str) -> String {
    let num: String = t
        .chars()
        .take_while(|c| c.is_ascii_alphanumeric() || *c == '.')
        .collect();
    num.trim_end_matches('.').to_string()
}

fn is_number(num: &str) -> bool {
    num.chars().next().is_some_and(|c| c.is_ascii_digit())
        || (!num.is_empty() && num.len() <= 5 && num.chars().all(|c| "IVXLivxl".contains(c)))
        || (num.len() == 1 && num.chars().all(|c| c.is_ascii_uppercase()))
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
    fn a_wrapped_line_that_ends_on_an_article_opens_no_section() {
        // Hard-wrapped text: "… ergeben sich aus dem" / "Anhang 1 …" is one sentence, even
        // right after a numbered line.
        let b = split(&lines(
            "3.1. Der Auftragnehmer trifft Maßnahmen.\n\n3.2. Die zugrunde liegenden Maßnahmen ergeben sich aus dem\nAnhang 1 „Sicherheitskonzept“. Sie dürfen weiterentwickelt werden.\n\n3.3. Text.\n\nAnhang 1\nMaßnahmen.\n",
        ));
        let annexes: Vec<usize> = b.iter().filter(|x| x.annex).map(|x| x.start).collect();
        assert_eq!(annexes, vec![8]);
        assert!(dangles("ergeben sich aus dem"));
        assert!(!dangles("dem"));
        assert!(!dangles("Gegenstand und Dauer"));
    }

    #[test]
    fn an_annex_heading_that_is_the_title_heads_the_body() {
        // The whole text is "Schedule 1" of a main contract: its clauses are its body, a
        // later annex is still an annex.
        let b = split(&lines(
            "# Schedule 1 – Data Processing Agreement\n\nThis Schedule regulates the processing.\n\n## Purposes\nText.\n\n## Obligations\nText.\n\n## Annex A\nMeasures.\n",
        ));
        let annex: Vec<bool> = b.iter().map(|x| x.annex).collect();
        assert_eq!(annex.iter().filter(|a| **a).count(), 1, "{b:?}");
        assert!(b
            .last()
            .is_some_and(|x| x.annex && x.label.starts_with("Annex")));
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
        assert!(b[3].annex && !b[1].annex);
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

    #[test]
    fn numbered_items_under_legal_markers_are_paragraphs() {
        let b = split(&lines(
            "§ 1 Definitionen\n\n1. Weisung\nWeisung ist …\n\n§ 2 Pflichten\n\n1. Der Auftragnehmer verarbeitet nur auf Weisung.\n\n2. Er informiert unverzüglich.\n",
        ));
        let labels: Vec<&str> = b.iter().map(|x| x.label.as_str()).collect();
        assert_eq!(labels, vec!["§ 1", "§ 2"]);
        assert_eq!(b[0].paragraphs[0].heading, "Weisung");
        assert_eq!(b[1].paragraphs.len(), 2);
        assert_eq!(b[1].paragraphs[1].label, "§ 2 2");
    }

    #[test]
    fn markdown_headings_make_sections_and_bold_lead_ins_paragraphs() {
        let b = split(&lines(
            "# Data Processing Agreement\n\n## 1\\. Scope\n\n**Role of the Parties.** Customer is the controller.\n\n**Objection.** Customer may object.\n\n## 2. Security\n\n1. The processor shall …\n2. The processor shall …\n\n## Annex I\n\n### A. List of parties\n\nText\n",
        ));
        let labels: Vec<&str> = b.iter().map(|x| x.label.as_str()).collect();
        assert_eq!(
            labels,
            vec!["Data Processing Agreement", "1", "2", "Annex I"]
        );
        assert_eq!(b[1].heading, "Scope");
        assert_eq!(b[1].paragraphs[1].heading, "Objection");
        assert_eq!(b[2].paragraphs.len(), 2);
        assert_eq!(b[3].paragraphs[0].heading, "A. List of parties");
    }

    #[test]
    fn wrapped_lines_are_not_markers() {
        // PDF text: a clause reference wrapped to the start of a line.
        let b = split(&lines(
            "DEFINITIONS\n0.1\nThe terms used in this addendum have the meaning given in the agreement and in\nClause 9(a) (prior authorisation) and Clause 9(a) (time period) of the clauses.\nSUB-PROCESSORS\n2.1\nThe processor may engage sub-processors as described in Section\n6.1 of the DPA.\n",
        ));
        let labels: Vec<&str> = b.iter().map(|x| x.label.as_str()).collect();
        assert_eq!(labels, vec!["DEFINITIONS", "SUB-PROCESSORS"]);
        assert_eq!(b[1].paragraphs.len(), 1);
        assert_eq!(b[1].paragraphs[0].label, "2.1");
    }

    #[test]
    fn annex_references_in_sentences_open_no_section() {
        let b = split(&lines(
            "1. Scope\nText.\n2. Data\nAnnex I(B) lists the categories\nof data.\n",
        ));
        assert!(b.iter().all(|x| !x.annex));
    }
}
