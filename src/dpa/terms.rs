//! The scanner's term lists (`src/dpa/terms.yaml`, compiled in): stop words for
//! language detection, the marks of a DPA, and per element the heading, strong and
//! supporting terms in German and English. Data, not code, so a DPO can read why
//! an element was found and a maintainer can tune the lists without touching Rust.
//!
//! Term syntax (all matching is on lower-cased text with collapsed whitespace):
//! - `documented instructions`: the phrase must start at a word start; it may end
//!   inside a word, so `processor` also matches `processors`.
//! - `*verarbeiter`: a leading `*` lets the phrase start inside a word (German
//!   compounds: `Unterauftragsverarbeiter`).
//! - `audit + inspection`: every part must occur in the same section.
//! - `categories of data !subjects`: a trailing `!word` rejects an occurrence that
//!   is directly followed by that word (`categories of data subjects` is not a list
//!   of data categories).
//! - `art der daten$`: a trailing `$` makes the phrase end at a word end.

use std::collections::BTreeMap;

use serde::Deserialize;

use crate::model::review::{Art28Element, DocumentLanguage};

/// The term file's text.
pub const TERMS_YAML: &str = include_str!("terms.yaml");

/// Words per language.
#[derive(Debug, Clone, Default, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct PerLanguage {
    #[serde(default)]
    pub de: Vec<String>,
    #[serde(default)]
    pub en: Vec<String>,
}

impl PerLanguage {
    pub fn get(&self, lang: DocumentLanguage) -> &[String] {
        match lang {
            DocumentLanguage::De => &self.de,
            DocumentLanguage::En | DocumentLanguage::Other => &self.en,
        }
    }
}

/// The whole term file.
#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Terms {
    pub version: u32,
    pub stop_words: PerLanguage,
    pub signature: Signature,
    /// Phrases of a passage that only refers to another place (`see Annex 1`).
    pub reference_markers: PerLanguage,
    /// Words of a sentence that commits a party; preferred as the quote.
    #[serde(default)]
    pub commitments: PerLanguage,
    /// Permission or negation: the sentence is not a commitment.
    #[serde(default)]
    pub non_commitments: PerLanguage,
    /// Section headings whose sections are not searched (definitions restate every term).
    pub ignore_headings: PerLanguage,
    /// A description that leaves its content open ("the customer decides which data it
    /// enters", "has no influence on the type of data"): no list of categories.
    #[serde(default)]
    pub open_content: PerLanguage,
    pub elements: Vec<ElementTerms>,
    pub figures: FigureTerms,
}

impl Terms {
    /// Every phrase of every list, both languages (the words the scanner knows).
    pub fn all_phrases(&self) -> impl Iterator<Item = &str> {
        let sig = &self.signature;
        let top = [
            &self.commitments,
            &self.non_commitments,
            &self.reference_markers,
            &self.ignore_headings,
            &self.open_content,
            &sig.processor,
            &sig.controller,
            &sig.dpa_marks,
            &sig.role_statements,
        ];
        let per_element = self.elements.iter().flat_map(|e| {
            [
                &e.heading,
                &e.strong,
                &e.support,
                &e.mentions,
                &e.labels,
                &e.context,
                &e.paired,
            ]
        });
        top.into_iter()
            .chain(per_element)
            .flat_map(|l| l.en.iter().chain(&l.de))
            .map(String::as_str)
    }
}

/// What makes a document a DPA.
#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Signature {
    /// Words for the processor role; counted.
    pub processor: PerLanguage,
    /// Words for the controller role; counted.
    pub controller: PerLanguage,
    /// Titles and references that mark a DPA (`Art. 28`, `Auftragsverarbeitung`).
    pub dpa_marks: PerLanguage,
    /// Statements that give a party the processor role (`X is the processor`).
    pub role_statements: PerLanguage,
    /// Titles of other documents (privacy policy, terms of service, cookie policy).
    pub other_titles: PerLanguage,
    /// Statements that the text is not an agreement (`is not a contract`): at most `uncertain`.
    #[serde(default)]
    pub not_an_agreement: PerLanguage,
    /// Elements found at least, for `dpa`.
    pub min_elements: usize,
    /// Processor words for `dpa` without a role statement.
    pub min_processor_mentions: usize,
    pub short_min_processor_mentions: usize,
    pub short_min_elements: usize,
}

/// One element's terms.
#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ElementTerms {
    pub id: String,
    pub title: String,
    pub basis: String,
    /// The element of the review file this scanner element belongs to (the three
    /// sub-processor elements together make `art28_3_d_subprocessors`).
    pub review_element: Art28Element,
    /// Where the evidence belongs: `body` (a commitment in the clauses; an annex
    /// ranks below any found clause), `annex` (its content is in an annex, e.g. the
    /// TOMs) or `any`.
    #[serde(default)]
    pub place: Place,
    /// Matched against section headings only (+3).
    #[serde(default)]
    pub heading: PerLanguage,
    /// Phrases that on their own point to the element (+2 each, distinct).
    #[serde(default)]
    pub strong: PerLanguage,
    /// Phrases that support it (+1 each, distinct).
    #[serde(default)]
    pub support: PerLanguage,
    /// Phrases that name the element without describing it (`the types of personal
    /// data`): +2, enough for `unclear` (with the reason), never for `found`.
    #[serde(default)]
    pub mentions: PerLanguage,
    /// Labels of a description (`Categories of data subjects:`, `Zweck:`, a heading
    /// `Type of Personal Data`): count like a strong term when a sentence or its
    /// paragraph's title starts with one and content follows (not a blank or a
    /// placeholder such as `[…]` or `……`).
    #[serde(default)]
    pub labels: PerLanguage,
    /// The element is a right of the controller (objection, audits): a sentence that
    /// grants it ("Customer may object", "ist berechtigt") is the evidence, so a
    /// permission is not read as a refusal there.
    #[serde(default)]
    pub right: bool,
    /// The element is a list of things (data categories, data subjects): two of its
    /// supporting words in one sentence are enough.
    #[serde(default)]
    pub list: bool,
    /// The element is a duty of the processor (confidentiality, security, deletion):
    /// a sentence whose subject is the controller ("The Customer's instructions shall
    /// comply with the law") commits the controller, not the processor, so it is not
    /// preferred as the clause that commits a party.
    #[serde(default)]
    pub processor_duty: bool,
    /// The element is the controller's own duties and rights: a sentence whose subject
    /// is the controller and that commits it is evidence.
    #[serde(default)]
    pub controller_duty: bool,
    /// The paragraph (with its section heading) must name one of these for a sentence
    /// to count (an objection right is about sub-processors; "may object" elsewhere is not).
    #[serde(default)]
    pub context: PerLanguage,
    /// Phrases that make a sentence no evidence of this element (`taking into account
    /// the nature of the processing` is not a description of its nature).
    #[serde(default)]
    pub exclude: PerLanguage,
    /// Phrases of a section or paragraph heading under which no sentence is evidence
    /// of this element (the purposes in a list of sub-processors are theirs, not the
    /// processing's).
    #[serde(default)]
    pub exclude_headings: PerLanguage,
    /// `sentence term | paragraph term`: strong when the sentence has the first and its
    /// paragraph (with its headings) the second ("by using the service the customer
    /// instructs the provider to process the data there" next to "… in the USA").
    #[serde(default)]
    pub paired: PerLanguage,
}

/// Where an element's evidence belongs.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Place {
    #[default]
    Body,
    Annex,
    Any,
}

/// Terms for figure extraction.
#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct FigureTerms {
    /// Number words (`thirty`, `dreißig`) and their values.
    pub number_words: BTreeMap<String, u32>,
    pub subprocessor_notice: FigureRule,
    pub breach_notice: FigureRule,
    pub scc_module: FigureRule,
    pub governing_law: GoverningLawRule,
}

/// A figure: a sentence that contains one term of each `context` group, and a number
/// followed (within two words) by a unit; the unit's factor converts it.
#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct FigureRule {
    pub context: Vec<Vec<String>>,
    /// Sentences with one of these are used only when no other sentence qualifies.
    #[serde(default)]
    pub avoid: Vec<String>,
    /// Unit word stem → factor (`hours: 1`, `days: 24` for hours).
    #[serde(default)]
    pub units: BTreeMap<String, u32>,
    /// Words the number follows instead (`module` 2).
    #[serde(default)]
    pub before: Vec<String>,
}

/// Governing law: a sentence with a context term, then a country name.
#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct GoverningLawRule {
    pub context: Vec<String>,
    /// Sentences about the SCCs, transfers or data-protection law: used only inside a
    /// section headed as the governing-law clause.
    #[serde(default)]
    pub avoid: Vec<String>,
    /// Headings of a governing-law clause.
    #[serde(default)]
    pub headings: Vec<String>,
    /// Country code → names (both languages).
    pub countries: BTreeMap<String, Vec<String>>,
}

/// Parses the embedded term file.
pub fn load() -> Result<Terms, String> {
    // `ß` is matched as `ss` (see `normalise`), in the terms as in the text.
    let yaml = TERMS_YAML.replace('ß', "ss");
    let mut terms: Terms =
        serde_yaml::from_str(&yaml).map_err(|e| format!("src/dpa/terms.yaml: {e}"))?;
    for el in &mut terms.elements {
        for l in [
            &mut el.heading,
            &mut el.strong,
            &mut el.labels,
            &mut el.mentions,
        ] {
            l.en = with_defined_data_names(&l.en);
            l.de = with_genitive_forms(&l.de);
        }
        // A list element's words (`customers` as data subjects) are things, not parties.
        if el.list {
            continue;
        }
        for l in [&mut el.heading, &mut el.strong, &mut el.paired] {
            l.en = with_party_names(&l.en, PARTY_NAMES_EN);
            l.de = with_party_names(&l.de, PARTY_NAMES_DE);
        }
    }
    Ok(terms)
}

/// The names agreements give the parties (the controller, the processor, its
/// sub-processors), as they appear in a phrase: a term written with one of them
/// (`rights and obligations of the customer`) also matches with the others (`… of
/// the client`). The first family a term names is varied.
const PARTY_NAMES_EN: &[&[&str]] = &[
    &[
        "sub-processor",
        "subprocessor",
        "sub processor",
        "subcontractor",
        "sub-contractor",
    ],
    // Agreements written as "we" and "you" name the controller "you".
    &["the customer", "the controller", "the client", "you"],
    &["customer's", "controller's", "client's", "your"],
    &["customer ", "controller ", "client "],
    &[
        "the processor",
        "the provider",
        "the supplier",
        "the service provider",
        "the vendor",
    ],
    &["processor's", "provider's", "supplier's", "vendor's"],
];
const PARTY_NAMES_DE: &[&[&str]] = &[
    &[
        "unterauftragsverarbeiter",
        "subunternehmer",
        "unterauftragnehmer",
    ],
    &["des auftraggebers", "des verantwortlichen", "des kunden"],
    &["der auftraggeber ", "der verantwortliche ", "der kunde "],
    &["dem auftraggeber", "dem verantwortlichen", "dem kunden"],
    &["den auftraggeber ", "den verantwortlichen ", "den kunden "],
    &[
        "des auftragnehmers",
        "des auftragsverarbeiters",
        "des anbieters",
        "des dienstleisters",
    ],
    &[
        "der auftragnehmer ",
        "der auftragsverarbeiter ",
        "der anbieter ",
        "der dienstleister ",
    ],
];

/// `list` with, after each term that holds a German genitive after "des"/"eines", the
/// same term with the genitive's other form: "des Auftrags" / "des Auftrages",
/// "des Vertrages" / "des Vertrags".
fn with_genitive_forms(list: &[String]) -> Vec<String> {
    let mut out: Vec<String> = Vec::with_capacity(list.len());
    for t in list {
        if !out.contains(t) {
            out.push(t.clone());
        }
        let words: Vec<&str> = t.split(' ').collect();
        for i in 1..words.len() {
            if !matches!(words[i - 1], "des" | "eines") {
                continue;
            }
            let w = words[i];
            let other = if let Some(stem) = w.strip_suffix("es") {
                format!("{stem}s")
            } else if w.ends_with('s') && !w.ends_with("ss") && w.chars().count() > 3 {
                format!("{}es", &w[..w.len() - 1])
            } else {
                continue;
            };
            let mut v = words.clone();
            v[i] = &other;
            let v = v.join(" ");
            if !out.contains(&v) {
                out.push(v);
            }
        }
    }
    out
}

/// Agreements name the personal data they cover as a defined term ("Customer Personal
/// Data", "Company Personal Data"): a term with "personal data" also matches with it.
const DEFINED_DATA_NAMES_EN: &[&str] = &["customer", "company", "client", "controller"];

/// `list` with, after each term that says "personal data", the same term with each
/// defined name of the data ([`DEFINED_DATA_NAMES_EN`]).
fn with_defined_data_names(list: &[String]) -> Vec<String> {
    let mut out: Vec<String> = Vec::with_capacity(list.len());
    for t in list {
        if !out.contains(t) {
            out.push(t.clone());
        }
        let Some(at) = t.find("personal data") else {
            continue;
        };
        if t[..at].ends_with(|c: char| c.is_alphanumeric()) {
            continue;
        }
        for name in DEFINED_DATA_NAMES_EN {
            let v = format!("{}{name} {}", &t[..at], &t[at..]);
            if !out.contains(&v) {
                out.push(v);
            }
        }
    }
    out
}

/// `list` with, after each term that names the controller party in one of the ways
/// of `names`, the same term with each other name (terms already present are kept once).
fn with_party_names(list: &[String], names: &[&[&str]]) -> Vec<String> {
    let mut out: Vec<String> = Vec::with_capacity(list.len());
    let push = |t: String, out: &mut Vec<String>| {
        if !out.contains(&t) {
            out.push(t);
        }
    };
    for t in list {
        push(t.clone(), &mut out);
        let padded = format!("{t} ");
        'family: for family in names {
            for name in *family {
                let at = padded.find(name).filter(|&i| {
                    // A whole word: not inside another (`subcustomer`).
                    padded[..i]
                        .chars()
                        .next_back()
                        .is_none_or(|c| !c.is_alphanumeric() && c != '-')
                });
                if let Some(i) = at {
                    for other in family.iter().filter(|o| *o != name) {
                        let v = format!("{}{other}{}", &padded[..i], &padded[i + name.len()..]);
                        push(v.trim_end().to_string(), &mut out);
                    }
                    break 'family;
                }
            }
        }
    }
    out
}

/// True when `term` (see the module docs for the syntax) occurs in `hay` (lower case).
pub fn term_matches(term: &str, hay: &str) -> bool {
    term.split(" + ")
        .all(|part| phrase_matches(part.trim(), hay))
}

fn phrase_matches(part: &str, hay: &str) -> bool {
    !phrase_positions(part, hay, true).is_empty()
}

/// True when the parts of `term` (`a + b`) all occur within `window` bytes of one
/// another in `hay`: a pair across unrelated clauses of one long sentence is no
/// phrase. A one-part term only needs to occur.
pub fn term_near(term: &str, hay: &str, window: usize) -> bool {
    let parts: Vec<Vec<usize>> = term
        .split(" + ")
        .map(|p| phrase_positions(p.trim(), hay, false))
        .collect();
    if parts.iter().any(Vec::is_empty) {
        return false;
    }
    if parts.len() == 1 {
        return true;
    }
    // Some occurrence of the first part with every other part near it.
    let near = |a: usize, b: usize| a.abs_diff(b) <= window;
    parts[0]
        .iter()
        .any(|&a| parts[1..].iter().all(|ps| ps.iter().any(|&b| near(a, b))))
}

/// Where `part` occurs in `hay` (byte offsets); only the first when `first_only`.
fn phrase_positions(part: &str, hay: &str, first_only: bool) -> Vec<usize> {
    let mut found = Vec::new();
    let (anywhere, phrase) = match part.strip_prefix('*') {
        Some(p) => (true, p),
        None => (false, part),
    };
    // `phrase !word`: not when directly followed by `word`.
    let (phrase, not_followed_by) = match phrase.rsplit_once(" !") {
        Some((p, w)) if !w.is_empty() && !w.contains(' ') => (p, Some(w)),
        _ => (phrase, None),
    };
    // `phrase$`: the phrase must end at a word end (`art der daten$` is not `art der
    // datenverarbeitung`).
    let (phrase, whole_end) = match phrase.strip_suffix('$') {
        Some(p) => (p, true),
        None => (phrase, false),
    };
    if phrase.is_empty() {
        return found;
    }
    let mut from = 0;
    while let Some(pos) = hay.get(from..).and_then(|h| h.find(phrase)) {
        let at = from + pos;
        let boundary = anywhere
            || hay[..at]
                .chars()
                .next_back()
                .is_none_or(|c| !c.is_alphanumeric());
        let excluded = not_followed_by.is_some_and(|w| {
            hay[at + phrase.len()..]
                .trim_start_matches(' ')
                .starts_with(w)
        });
        let ends = !whole_end
            || hay[at + phrase.len()..]
                .chars()
                .next()
                .is_none_or(|c| !c.is_alphanumeric());
        if boundary && !excluded && ends {
            found.push(at);
            if first_only {
                return found;
            }
        }
        // Overlapping occurrences count too (the index finds them all).
        from = at + 1;
        while from < hay.len() && !hay.is_char_boundary(from) {
            from += 1;
        }
    }
    found
}

/// One phrase of a term (`*verarbeiter`, `categories of data !subjects`, `art der daten$`).
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
struct Part {
    phrase: String,
    anywhere: bool,
    not_followed_by: Option<String>,
    whole_end: bool,
}

fn part(raw: &str) -> Option<Part> {
    let (anywhere, phrase) = match raw.strip_prefix('*') {
        Some(p) => (true, p),
        None => (false, raw),
    };
    let (phrase, not_followed_by) = match phrase.rsplit_once(" !") {
        Some((p, w)) if !w.is_empty() && !w.contains(' ') => (p, Some(w.to_string())),
        _ => (phrase, None),
    };
    let (phrase, whole_end) = match phrase.strip_suffix('$') {
        Some(p) => (p, true),
        None => (phrase, false),
    };
    (!phrase.is_empty()).then(|| Part {
        phrase: phrase.to_string(),
        anywhere,
        not_followed_by,
        whole_end,
    })
}

/// Many terms matched at once: every phrase of every term in one Aho-Corasick
/// automaton, so a sentence is read once however many terms there are. Matching
/// follows [`term_matches`] exactly (the tests compare the two).
#[derive(Debug, Clone)]
pub struct TermIndex {
    ac: aho_corasick::AhoCorasick,
    parts: Vec<Part>,
    /// Each term's parts (all must match), by term id.
    terms: Vec<Vec<usize>>,
    /// Term text → term id.
    ids: std::collections::HashMap<String, usize>,
}

/// The parts of a text that matched, by part id.
#[derive(Debug, Clone, Default)]
pub struct Hits(Vec<bool>);

impl TermIndex {
    /// An index of `terms` (each in the term syntax).
    pub fn new<'a>(terms: impl IntoIterator<Item = &'a str>) -> Self {
        let mut parts: Vec<Part> = Vec::new();
        let mut ids: std::collections::HashMap<Part, usize> = std::collections::HashMap::new();
        let mut map = std::collections::HashMap::new();
        let mut term_parts: Vec<Vec<usize>> = Vec::new();
        for t in terms {
            if map.contains_key(t) {
                continue;
            }
            let mut v = Vec::new();
            for raw in t.split(" + ") {
                // An empty phrase never matches (as in `term_matches`): nor does its term.
                let Some(p) = part(raw.trim()) else {
                    v.clear();
                    break;
                };
                let id = *ids.entry(p.clone()).or_insert_with(|| {
                    parts.push(p);
                    parts.len() - 1
                });
                v.push(id);
            }
            term_parts.push(v);
            map.insert(t.to_string(), term_parts.len() - 1);
        }
        let ac = aho_corasick::AhoCorasick::new(parts.iter().map(|p| p.phrase.as_str()))
            .expect("term phrases build an automaton");
        TermIndex {
            ac,
            parts,
            terms: term_parts,
            ids: map,
        }
    }

    /// The parts that occur in `hay` (lower case, normalised).
    pub fn scan(&self, hay: &str) -> Hits {
        let mut hit = vec![false; self.parts.len()];
        for m in self.ac.find_overlapping_iter(hay) {
            let id = m.pattern().as_usize();
            if hit[id] {
                continue;
            }
            let p = &self.parts[id];
            let (at, end) = (m.start(), m.end());
            let boundary = p.anywhere
                || hay[..at]
                    .chars()
                    .next_back()
                    .is_none_or(|c| !c.is_alphanumeric());
            let excluded = p
                .not_followed_by
                .as_ref()
                .is_some_and(|w| hay[end..].trim_start_matches(' ').starts_with(w.as_str()));
            let ends = !p.whole_end
                || hay[end..]
                    .chars()
                    .next()
                    .is_none_or(|c| !c.is_alphanumeric());
            if boundary && !excluded && ends {
                hit[id] = true;
            }
        }
        Hits(hit)
    }

    /// The id of `term` (it must have been given to [`TermIndex::new`]).
    pub fn id(&self, term: &str) -> Option<usize> {
        self.ids.get(term).copied()
    }

    /// True when every part of term `id` matched.
    pub fn hit(&self, id: usize, hits: &Hits) -> bool {
        self.terms.get(id).is_some_and(|parts| {
            !parts.is_empty()
                && parts
                    .iter()
                    .all(|i| hits.0.get(*i).copied().unwrap_or(false))
        })
    }

    /// True when every part of `term` matched (the term must be in the index).
    pub fn matches(&self, term: &str, hits: &Hits) -> bool {
        self.id(term).is_some_and(|id| self.hit(id, hits))
    }
}

/// Lower case, typographic quotes and dashes made plain, whitespace collapsed.
pub fn normalise(s: &str) -> String {
    let mut out = String::with_capacity(s.len());
    let mut space = false;
    for c in s.chars() {
        let c = match c {
            '\u{2018}' | '\u{2019}' | '\u{201a}' | '\u{2032}' => '\'',
            '\u{201c}' | '\u{201d}' | '\u{201e}' => '"',
            '\u{2010}' | '\u{2011}' | '\u{2012}' | '\u{2013}' | '\u{2014}' => '-',
            // Swiss spelling writes `ss` for `ß`: both match the same terms.
            'ß' => {
                out.push_str("ss");
                space = false;
                continue;
            }
            c if c.is_whitespace() => ' ',
            c => c,
        };
        if c == ' ' {
            if !space && !out.is_empty() {
                out.push(' ');
            }
            space = true;
        } else {
            space = false;
            out.extend(c.to_lowercase());
        }
    }
    if out.ends_with(' ') {
        out.pop();
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn term_file_parses_and_ids_are_unique() {
        let t = load().unwrap();
        let mut ids: Vec<&str> = t.elements.iter().map(|e| e.id.as_str()).collect();
        let n = ids.len();
        ids.sort();
        ids.dedup();
        assert_eq!(ids.len(), n);
        for e in &t.elements {
            assert!(
                !e.strong.de.is_empty() && !e.strong.en.is_empty(),
                "{} needs strong terms in both languages",
                e.id
            );
        }
    }

    #[test]
    fn parts_of_a_term_must_stand_near() {
        let near = "the processor shall inform the customer if an instruction infringes the law";
        assert!(term_near("instruction + infring", near, 200));
        let far = format!(
            "an instruction is given {} a right infringed",
            "x ".repeat(120)
        );
        assert!(term_matches("instruction + infring", &far));
        assert!(!term_near("instruction + infring", &far, 200));
        assert!(term_near("instruction", &far, 10));
        assert!(!term_near("audit", &far, 200));
    }

    #[test]
    fn german_genitives_have_both_forms() {
        let v = with_genitive_forms(&["gegenstand des auftrags".to_string()]);
        assert_eq!(v, ["gegenstand des auftrags", "gegenstand des auftrages"]);
        let v = with_genitive_forms(&["laufzeit des vertrages".to_string()]);
        assert_eq!(v, ["laufzeit des vertrages", "laufzeit des vertrags"]);
        let v = with_genitive_forms(&["des kunden".to_string()]);
        assert_eq!(v, ["des kunden"]);
    }

    #[test]
    fn party_names_vary() {
        let v = with_party_names(
            &["rights and obligations of the customer".to_string()],
            PARTY_NAMES_EN,
        );
        assert!(
            v.contains(&"rights and obligations of the client".to_string()),
            "{v:?}"
        );
        assert!(v.contains(&"rights and obligations of the controller".to_string()));
        let v = with_party_names(&["object + sub-processor".to_string()], PARTY_NAMES_EN);
        assert!(v.contains(&"object + subprocessor".to_string()), "{v:?}");
        // Not inside another word.
        let v = with_party_names(&["subcustomer's".to_string()], PARTY_NAMES_EN);
        assert_eq!(v, vec!["subcustomer's".to_string()]);
    }

    #[test]
    fn the_index_matches_like_term_matches() {
        let t = load().unwrap();
        let mut all: Vec<&str> = Vec::new();
        for e in &t.elements {
            for l in [
                &e.strong,
                &e.support,
                &e.heading,
                &e.mentions,
                &e.exclude,
                &e.context,
            ] {
                all.extend(l.de.iter().chain(&l.en).map(String::as_str));
            }
        }
        let index = TermIndex::new(all.iter().copied());
        for hay in [
            "der unterauftragsverarbeiter muss audits und inspektionen dulden; art der datenverarbeitung",
            "categories of data subjects: staff. the processor shall notify the customer of a personal data breach without undue delay",
            "the customer may object to a new sub-processor within 14 days; art der daten: name",
        ] {
            let hits = index.scan(hay);
            for term in &all {
                assert_eq!(index.matches(term, &hits), term_matches(term, hay), "{term} in {hay}");
            }
        }
    }

    #[test]
    fn syntax() {
        let hay = normalise(
            "Der Unterauftragsverarbeiter  muss — wie vereinbart — AUDITS und Inspektionen dulden",
        );
        assert!(term_matches("*auftragsverarbeiter", &hay));
        assert!(!term_matches("auftragsverarbeiter", &hay));
        assert!(term_matches("audit + inspektion", &hay));
        assert!(!term_matches("audit + kontrolle", &hay));
        assert!(term_matches("muss - wie", &hay));
        let hay =
            normalise("Categories of data subjects: staff. Categories of data: contact data.");
        assert!(term_matches("categories of data !subjects", &hay));
        let hay = normalise("Categories of data subjects: staff.");
        assert!(!term_matches("categories of data !subjects", &hay));
        assert!(term_matches("categories of data", &hay));
    }
}
