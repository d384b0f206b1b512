//! Contextual forms of Arabic letters, as Unicode presentation forms.
//!
//! An Arabic letter takes one of four shapes by whether it joins the letter before and
//! after it (isolated, final, initial, medial), and lam followed by alef becomes one
//! ligature. The renderer draws Arabic with these presentation-form characters (Unicode
//! blocks Arabic Presentation Forms-A and -B, which Noto Sans Arabic maps), chosen here
//! from the joining types of the Unicode Character Database: every glyph is then one
//! character of the font's cmap with its own advance width, so the layout measures
//! Arabic exactly as it draws it, and no OpenType shaping engine is needed. The text
//! layer keeps the original letters (the PDF writer maps each form back to them).
//!
//! Not covered: letters without presentation forms (they are drawn in their isolated
//! shape), mark positioning beyond the font's default placement, and optional
//! ligatures. Enough for names; not a typesetting engine.

use unicode_joining_type::{get_joining_type, JoiningType};

const NONE: char = '\0';

/// Letter → [isolated, final, initial, medial] presentation form (`NONE` where Unicode
/// has none). Generated from the compatibility decompositions of U+FB50–U+FDFF and
/// U+FE70–U+FEFC (`<isolated>`, `<final>`, `<initial>`, `<medial>`) in the Unicode
/// Character Database 14.0 (Python's unicodedata), first form wins.
const FORMS: &[(char, [char; 4])] = &[
    ('\u{0621}', ['\u{FE80}', NONE, NONE, NONE]),
    ('\u{0622}', ['\u{FE81}', '\u{FE82}', NONE, NONE]),
    ('\u{0623}', ['\u{FE83}', '\u{FE84}', NONE, NONE]),
    ('\u{0624}', ['\u{FE85}', '\u{FE86}', NONE, NONE]),
    ('\u{0625}', ['\u{FE87}', '\u{FE88}', NONE, NONE]),
    ('\u{0626}', ['\u{FE89}', '\u{FE8A}', '\u{FE8B}', '\u{FE8C}']),
    ('\u{0627}', ['\u{FE8D}', '\u{FE8E}', NONE, NONE]),
    ('\u{0628}', ['\u{FE8F}', '\u{FE90}', '\u{FE91}', '\u{FE92}']),
    ('\u{0629}', ['\u{FE93}', '\u{FE94}', NONE, NONE]),
    ('\u{062A}', ['\u{FE95}', '\u{FE96}', '\u{FE97}', '\u{FE98}']),
    ('\u{062B}', ['\u{FE99}', '\u{FE9A}', '\u{FE9B}', '\u{FE9C}']),
    ('\u{062C}', ['\u{FE9D}', '\u{FE9E}', '\u{FE9F}', '\u{FEA0}']),
    ('\u{062D}', ['\u{FEA1}', '\u{FEA2}', '\u{FEA3}', '\u{FEA4}']),
    ('\u{062E}', ['\u{FEA5}', '\u{FEA6}', '\u{FEA7}', '\u{FEA8}']),
    ('\u{062F}', ['\u{FEA9}', '\u{FEAA}', NONE, NONE]),
    ('\u{0630}', ['\u{FEAB}', '\u{FEAC}', NONE, NONE]),
    ('\u{0631}', ['\u{FEAD}', '\u{FEAE}', NONE, NONE]),
    ('\u{0632}', ['\u{FEAF}', '\u{FEB0}', NONE, NONE]),
    ('\u{0633}', ['\u{FEB1}', '\u{FEB2}', '\u{FEB3}', '\u{FEB4}']),
    ('\u{0634}', ['\u{FEB5}', '\u{FEB6}', '\u{FEB7}', '\u{FEB8}']),
    ('\u{0635}', ['\u{FEB9}', '\u{FEBA}', '\u{FEBB}', '\u{FEBC}']),
    ('\u{0636}', ['\u{FEBD}', '\u{FEBE}', '\u{FEBF}', '\u{FEC0}']),
    ('\u{0637}', ['\u{FEC1}', '\u{FEC2}', '\u{FEC3}', '\u{FEC4}']),
    ('\u{0638}', ['\u{FEC5}', '\u{FEC6}', '\u{FEC7}', '\u{FEC8}']),
    ('\u{0639}', ['\u{FEC9}', '\u{FECA}', '\u{FECB}', '\u{FECC}']),
    ('\u{063A}', ['\u{FECD}', '\u{FECE}', '\u{FECF}', '\u{FED0}']),
    ('\u{0641}', ['\u{FED1}', '\u{FED2}', '\u{FED3}', '\u{FED4}']),
    ('\u{0642}', ['\u{FED5}', '\u{FED6}', '\u{FED7}', '\u{FED8}']),
    ('\u{0643}', ['\u{FED9}', '\u{FEDA}', '\u{FEDB}', '\u{FEDC}']),
    ('\u{0644}', ['\u{FEDD}', '\u{FEDE}', '\u{FEDF}', '\u{FEE0}']),
    ('\u{0645}', ['\u{FEE1}', '\u{FEE2}', '\u{FEE3}', '\u{FEE4}']),
    ('\u{0646}', ['\u{FEE5}', '\u{FEE6}', '\u{FEE7}', '\u{FEE8}']),
    ('\u{0647}', ['\u{FEE9}', '\u{FEEA}', '\u{FEEB}', '\u{FEEC}']),
    ('\u{0648}', ['\u{FEED}', '\u{FEEE}', NONE, NONE]),
    ('\u{0649}', ['\u{FEEF}', '\u{FEF0}', '\u{FBE8}', '\u{FBE9}']),
    ('\u{064A}', ['\u{FEF1}', '\u{FEF2}', '\u{FEF3}', '\u{FEF4}']),
    ('\u{0671}', ['\u{FB50}', '\u{FB51}', NONE, NONE]),
    ('\u{0677}', ['\u{FBDD}', NONE, NONE, NONE]),
    ('\u{0679}', ['\u{FB66}', '\u{FB67}', '\u{FB68}', '\u{FB69}']),
    ('\u{067A}', ['\u{FB5E}', '\u{FB5F}', '\u{FB60}', '\u{FB61}']),
    ('\u{067B}', ['\u{FB52}', '\u{FB53}', '\u{FB54}', '\u{FB55}']),
    ('\u{067E}', ['\u{FB56}', '\u{FB57}', '\u{FB58}', '\u{FB59}']),
    ('\u{067F}', ['\u{FB62}', '\u{FB63}', '\u{FB64}', '\u{FB65}']),
    ('\u{0680}', ['\u{FB5A}', '\u{FB5B}', '\u{FB5C}', '\u{FB5D}']),
    ('\u{0683}', ['\u{FB76}', '\u{FB77}', '\u{FB78}', '\u{FB79}']),
    ('\u{0684}', ['\u{FB72}', '\u{FB73}', '\u{FB74}', '\u{FB75}']),
    ('\u{0686}', ['\u{FB7A}', '\u{FB7B}', '\u{FB7C}', '\u{FB7D}']),
    ('\u{0687}', ['\u{FB7E}', '\u{FB7F}', '\u{FB80}', '\u{FB81}']),
    ('\u{0688}', ['\u{FB88}', '\u{FB89}', NONE, NONE]),
    ('\u{068C}', ['\u{FB84}', '\u{FB85}', NONE, NONE]),
    ('\u{068D}', ['\u{FB82}', '\u{FB83}', NONE, NONE]),
    ('\u{068E}', ['\u{FB86}', '\u{FB87}', NONE, NONE]),
    ('\u{0691}', ['\u{FB8C}', '\u{FB8D}', NONE, NONE]),
    ('\u{0698}', ['\u{FB8A}', '\u{FB8B}', NONE, NONE]),
    ('\u{06A4}', ['\u{FB6A}', '\u{FB6B}', '\u{FB6C}', '\u{FB6D}']),
    ('\u{06A6}', ['\u{FB6E}', '\u{FB6F}', '\u{FB70}', '\u{FB71}']),
    ('\u{06A9}', ['\u{FB8E}', '\u{FB8F}', '\u{FB90}', '\u{FB91}']),
    ('\u{06AD}', ['\u{FBD3}', '\u{FBD4}', '\u{FBD5}', '\u{FBD6}']),
    ('\u{06AF}', ['\u{FB92}', '\u{FB93}', '\u{FB94}', '\u{FB95}']),
    ('\u{06B1}', ['\u{FB9A}', '\u{FB9B}', '\u{FB9C}', '\u{FB9D}']),
    ('\u{06B3}', ['\u{FB96}', '\u{FB97}', '\u{FB98}', '\u{FB99}']),
    ('\u{06BA}', ['\u{FB9E}', '\u{FB9F}', NONE, NONE]),
    ('\u{06BB}', ['\u{FBA0}', '\u{FBA1}', '\u{FBA2}', '\u{FBA3}']),
    ('\u{06BE}', ['\u{FBAA}', '\u{FBAB}', '\u{FBAC}', '\u{FBAD}']),
    ('\u{06C0}', ['\u{FBA4}', '\u{FBA5}', NONE, NONE]),
    ('\u{06C1}', ['\u{FBA6}', '\u{FBA7}', '\u{FBA8}', '\u{FBA9}']),
    ('\u{06C5}', ['\u{FBE0}', '\u{FBE1}', NONE, NONE]),
    ('\u{06C6}', ['\u{FBD9}', '\u{FBDA}', NONE, NONE]),
    ('\u{06C7}', ['\u{FBD7}', '\u{FBD8}', NONE, NONE]),
    ('\u{06C8}', ['\u{FBDB}', '\u{FBDC}', NONE, NONE]),
    ('\u{06C9}', ['\u{FBE2}', '\u{FBE3}', NONE, NONE]),
    ('\u{06CB}', ['\u{FBDE}', '\u{FBDF}', NONE, NONE]),
    ('\u{06CC}', ['\u{FBFC}', '\u{FBFD}', '\u{FBFE}', '\u{FBFF}']),
    ('\u{06D0}', ['\u{FBE4}', '\u{FBE5}', '\u{FBE6}', '\u{FBE7}']),
    ('\u{06D2}', ['\u{FBAE}', '\u{FBAF}', NONE, NONE]),
    ('\u{06D3}', ['\u{FBB0}', '\u{FBB1}', NONE, NONE]),
];

/// Lam + alef (with madda, hamza above, hamza below, plain) → [isolated, final] ligature.
const LAM: char = '\u{0644}';
const LAM_ALEF: &[(char, [char; 2])] = &[
    ('\u{0622}', ['\u{FEF5}', '\u{FEF6}']),
    ('\u{0623}', ['\u{FEF7}', '\u{FEF8}']),
    ('\u{0625}', ['\u{FEF9}', '\u{FEFA}']),
    ('\u{0627}', ['\u{FEFB}', '\u{FEFC}']),
];

fn forms(c: char) -> Option<&'static [char; 4]> {
    FORMS
        .binary_search_by_key(&c, |(k, _)| *k)
        .ok()
        .map(|i| &FORMS[i].1)
}

/// True for characters this module may change: the Arabic letters with presentation
/// forms (a quick test before shaping a string).
pub fn is_arabic(c: char) -> bool {
    matches!(c, '\u{0600}'..='\u{06FF}' | '\u{0750}'..='\u{077F}' | '\u{08A0}'..='\u{08FF}')
}

/// Joins the character before it (in logical order).
fn joins_back(t: JoiningType) -> bool {
    matches!(
        t,
        JoiningType::RightJoining | JoiningType::DualJoining | JoiningType::JoinCausing
    )
}

/// Joins the character after it.
fn joins_forward(t: JoiningType) -> bool {
    matches!(
        t,
        JoiningType::LeftJoining | JoiningType::DualJoining | JoiningType::JoinCausing
    )
}

/// One shaped character: what to draw, and the original characters it stands for.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Shaped {
    pub draw: char,
    /// One character, or two for a lam-alef ligature (lam first, as typed).
    pub source: String,
}

/// Replaces Arabic letters by their contextual presentation forms, in logical order.
/// Other characters pass through unchanged, one `Shaped` each.
pub fn shape(text: &str) -> Vec<Shaped> {
    let chars: Vec<char> = text.chars().collect();
    let types: Vec<JoiningType> = chars.iter().map(|c| get_joining_type(*c)).collect();
    // The nearest non-transparent neighbour (marks do not break joining).
    let neighbour = |i: usize, forward: bool| -> Option<usize> {
        let mut j = i;
        loop {
            j = if forward {
                j.checked_add(1).filter(|j| *j < chars.len())?
            } else {
                j.checked_sub(1)?
            };
            if types[j] != JoiningType::Transparent {
                return Some(j);
            }
        }
    };
    let mut out = Vec::with_capacity(chars.len());
    let mut i = 0;
    while i < chars.len() {
        let c = chars[i];
        let Some(f) = forms(c) else {
            out.push(Shaped {
                draw: c,
                source: c.to_string(),
            });
            i += 1;
            continue;
        };
        let back =
            joins_back(types[i]) && neighbour(i, false).is_some_and(|p| joins_forward(types[p]));
        let next = neighbour(i, true);
        // Lam directly followed by an alef: one ligature, final when lam joins back.
        if c == LAM && next == Some(i + 1) {
            if let Some((_, lig)) = LAM_ALEF.iter().find(|(a, _)| *a == chars[i + 1]) {
                let draw = lig[usize::from(back)];
                out.push(Shaped {
                    draw,
                    source: [c, chars[i + 1]].iter().collect(),
                });
                i += 2;
                continue;
            }
        }
        let fwd = joins_forward(types[i]) && next.is_some_and(|n| joins_back(types[n]));
        // [isolated, final, initial, medial]; a missing form falls back to a simpler one.
        let want = match (back, fwd) {
            (false, false) => [0, 0],
            (true, false) => [1, 0],
            (false, true) => [2, 0],
            (true, true) => [3, 1],
        };
        let draw = want
            .iter()
            .map(|k| f[*k])
            .find(|d| *d != NONE)
            .or(Some(f[0]).filter(|d| *d != NONE))
            .unwrap_or(c);
        out.push(Shaped {
            draw,
            source: c.to_string(),
        });
        i += 1;
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn drawn(s: &str) -> String {
        shape(s).iter().map(|x| x.draw).collect()
    }

    #[test]
    fn table_is_sorted_for_binary_search() {
        assert!(FORMS.windows(2).all(|w| w[0].0 < w[1].0));
    }

    #[test]
    fn letters_take_their_contextual_forms() {
        // سلام "salaam": seen initial, lam-alef ligature (final: lam joins the seen), meem isolated
        // (alef does not join forward).
        let s = shape("سلام");
        assert_eq!(
            s.iter().map(|x| x.draw).collect::<String>(),
            "\u{FEB3}\u{FEFC}\u{FEE1}"
        );
        assert_eq!(s[1].source, "لا");
        // بيت "bayt": beh initial, yeh medial, teh final.
        assert_eq!(drawn("بيت"), "\u{FE91}\u{FEF4}\u{FE96}");
        // A lone letter, and letters split by a space, are isolated.
        assert_eq!(drawn("ب ب"), "\u{FE8F} \u{FE8F}");
        // Latin and digits pass through.
        assert_eq!(drawn("AI 2"), "AI 2");
    }

    #[test]
    fn marks_do_not_break_joining_and_keep_their_characters() {
        // بَب: beh, fatha, beh → initial, mark, final.
        let s = shape("ب\u{064E}ب");
        assert_eq!(
            s.iter().map(|x| x.draw).collect::<String>(),
            "\u{FE91}\u{064E}\u{FE90}"
        );
        let back: String = s.iter().map(|x| x.source.as_str()).collect();
        assert_eq!(back, "ب\u{064E}ب");
    }

    #[test]
    fn persian_letters_are_shaped_too() {
        // پی: peh initial, farsi yeh final.
        assert_eq!(drawn("پی"), "\u{FB58}\u{FBFD}");
    }
}
