//! Why a check came out as it did: a small tree built during evaluation and
//! rendered into one line in English and German.

use crate::model::rule_pack::Text;

/// The cause of a check's outcome.
#[derive(Debug, Clone, PartialEq)]
pub enum Why {
    /// A fact was read and satisfies the check.
    Holds { ptr: String, found: String },
    /// A fact was read and does not satisfy the check.
    Differs {
        ptr: String,
        found: String,
        expected: String,
    },
    /// The fact is absent or says `unknown`.
    Missing { ptr: String },
    /// The fact's evidence is older than the allowed age.
    Stale {
        ptr: String,
        as_of: String,
        months: u32,
    },
    /// The only evidence is a keyword match recorded by an aggregator.
    KeywordOnly { ptr: String },
    /// A validity date has passed.
    Expired { ptr: String, date: String },
    /// The requirements set no threshold, so there is nothing to fall short of.
    NoThreshold { ptr: String },
    /// A count over a list.
    Count {
        list: String,
        matched: usize,
        unknown: usize,
        total: usize,
        need: String,
        /// Too few matches count as unknown because the list may be incomplete.
        incomplete: bool,
        detail: Option<Box<Why>>,
    },
    /// Every item of a list.
    Every {
        list: String,
        total: usize,
        detail: Option<Box<Why>>,
    },
    /// A fact is known but its value leaves the point open (`open_values`).
    Open { ptr: String, found: String },
    /// An element of a list has no matching item in another list (`all_elements`).
    Uncovered {
        list: String,
        element: String,
        matched_in: String,
    },
    /// Several causes together (all parts passed, or any part failed …).
    Several(Vec<Why>),
    /// A negated part.
    Not(Box<Why>),
}

/// A value as a word of the language: an enum token of the profile
/// (`specific`, `click_accept`, `true`) by its label in the catalogue
/// (`i18n/values.rs`), anything else as it is.
fn word(s: &str, de: bool) -> String {
    let lang = if de {
        crate::i18n::Lang::De
    } else {
        crate::i18n::Lang::En
    };
    crate::i18n::value_label(lang, s).to_string()
}

fn clip(s: &str) -> String {
    if s.chars().count() > 70 {
        let mut t: String = s.chars().take(67).collect();
        t.push('…');
        t
    } else {
        s.to_string()
    }
}

impl Why {
    /// One line in both languages.
    pub fn render(&self) -> Text {
        Text::new(self.line(false), self.line(true))
    }

    fn line(&self, de: bool) -> String {
        match self {
            Why::Holds { ptr, found } => format!("{ptr} = {}", clip(&word(found, de))),
            Why::Differs {
                ptr,
                found,
                expected,
            } => {
                let (found, expected) = (word(found, de), word(expected, de));
                if de {
                    format!("{ptr} = {}, erwartet {}", clip(&found), clip(&expected))
                } else {
                    format!("{ptr} = {}, expected {}", clip(&found), clip(&expected))
                }
            }
            Why::Missing { ptr } => {
                if de {
                    format!("{ptr} ist unbekannt")
                } else {
                    format!("{ptr} is unknown")
                }
            }
            Why::Stale { ptr, as_of, months } => {
                if de {
                    format!("{ptr}: Nachweis vom {as_of} ist älter als {months} Monate")
                } else {
                    format!("{ptr}: evidence of {as_of} is older than {months} months")
                }
            }
            Why::KeywordOnly { ptr } => {
                if de {
                    format!("{ptr}: nur ein Stichworttreffer, kein Nachweis")
                } else {
                    format!("{ptr}: only a keyword match, not evidence")
                }
            }
            Why::Expired { ptr, date } => {
                if de {
                    format!("{ptr}: abgelaufen am {date}, aktuellen Nachweis anfordern")
                } else {
                    format!("{ptr}: expired on {date}; ask for the current document")
                }
            }
            Why::NoThreshold { ptr } => {
                if de {
                    format!("{ptr}: keine Schwelle in den Anforderungen gesetzt")
                } else {
                    format!("{ptr}: no threshold set in the requirements")
                }
            }
            Why::Count {
                list,
                matched,
                unknown,
                total,
                need,
                incomplete,
                detail,
            } => {
                let mut s = if de {
                    format!("{list}: {matched} von {total} Einträgen passen (nötig: {need})")
                } else {
                    format!("{list}: {matched} of {total} entries match (need {need})")
                };
                if *incomplete {
                    s.push_str(if de {
                        "; die Liste ist womöglich unvollständig"
                    } else {
                        "; the list may be incomplete"
                    });
                }
                if *unknown > 0 {
                    if de {
                        s.push_str(&format!(", {unknown} offen"));
                    } else {
                        s.push_str(&format!(", {unknown} undecided"));
                    }
                }
                if let Some(d) = detail {
                    s.push_str(" — ");
                    s.push_str(&d.line(de));
                }
                s
            }
            Why::Every {
                list,
                total,
                detail,
            } => {
                let mut s = if de {
                    format!("{list}: {total} Einträge geprüft")
                } else {
                    format!("{list}: {total} entries checked")
                };
                if let Some(d) = detail {
                    s.push_str(" — ");
                    s.push_str(&d.line(de));
                }
                s
            }
            Why::Open { ptr, found } => {
                if de {
                    format!("{ptr} = {}: noch offen, nicht entschieden", clip(found))
                } else {
                    format!("{ptr} = {}: still open, not settled", clip(found))
                }
            }
            Why::Uncovered {
                list,
                element,
                matched_in,
            } => {
                if de {
                    format!("{list}: für {element} ist in {matched_in} nichts erfasst")
                } else {
                    format!("{list}: nothing recorded in {matched_in} for {element}")
                }
            }
            Why::Several(parts) => {
                let shown: Vec<String> = parts.iter().take(4).map(|p| p.line(de)).collect();
                let mut s = shown.join("; ");
                if parts.len() > 4 {
                    s.push_str("; …");
                }
                s
            }
            Why::Not(inner) => {
                if de {
                    format!("nicht erfüllt sein darf: {}", inner.line(de))
                } else {
                    format!("must not hold: {}", inner.line(de))
                }
            }
        }
    }
}
