//! The fonts cloudvet draws with, and how a string becomes glyphs.
//!
//! The PDF's text face is DejaVu Sans (Regular and Bold: Latin, Greek, Cyrillic,
//! Armenian, Georgian, symbols). Characters it lacks fall back, one character at a
//! time, to the first shipped face that has them: Noto Sans Arabic, Noto Sans Hebrew,
//! Noto Sans CJK SC (Chinese, Japanese, Korean), Noto Emoji (monochrome). A character
//! no shipped face has is drawn as a visible placeholder (DejaVu's U+FFFD) and still
//! stands for itself in the PDF's text layer. Coverage, sizes and sources:
//! docs/fonts.md and scripts/subset-fonts.sh.
//!
//! [`Fonts::glyphs`] turns a string into glyphs in drawing order: Arabic letters take
//! their contextual forms (`arabic`), right-to-left runs are reordered for display with
//! the Unicode Bidirectional Algorithm (`unicode-bidi`; the paragraph direction is the
//! document's, left to right), and every glyph carries its font, its advance width and
//! the characters it stands for. [`Fonts::width`] measures with the same glyphs, so the
//! layout (and the charts, `report::chart`) place text exactly as the PDF draws it.
//!
//! A leaf module: it imports no pipeline stage. The fallback faces are parsed on first
//! use (a report in German and English never parses the CJK face).

pub mod arabic;

use std::collections::HashMap;
use std::sync::OnceLock;

/// A font file shipped in the binary.
#[derive(Debug, Clone, Copy)]
pub struct Source {
    /// PostScript name, written (with a subset tag) into the PDF.
    pub name: &'static str,
    pub bytes: &'static [u8],
}

/// DejaVu Sans, subset (assets/fonts/LICENSE, scripts/subset-fonts.sh).
pub const DEJAVU_SANS: Source = Source {
    name: "DejaVuSans",
    bytes: include_bytes!("../assets/fonts/DejaVuSans.ttf"),
};
pub const DEJAVU_SANS_BOLD: Source = Source {
    name: "DejaVuSans-Bold",
    bytes: include_bytes!("../assets/fonts/DejaVuSans-Bold.ttf"),
};

/// The fallback faces, in the order they are asked (assets/fonts/OFL.txt).
pub const FALLBACKS: [Source; 4] = [
    Source {
        name: "NotoSansArabic-Regular",
        bytes: include_bytes!("../assets/fonts/NotoSansArabic-Regular.subset.ttf"),
    },
    Source {
        name: "NotoSansHebrew-Regular",
        bytes: include_bytes!("../assets/fonts/NotoSansHebrew-Regular.subset.ttf"),
    },
    Source {
        name: "NotoSansCJKsc-Regular",
        bytes: include_bytes!("../assets/fonts/NotoSansCJKsc-Regular.subset.ttf"),
    },
    Source {
        name: "NotoEmoji-Regular",
        bytes: include_bytes!("../assets/fonts/NotoEmoji-Regular.subset.ttf"),
    },
];

/// Characters below this are looked up in tables (measuring is most of the layout's
/// time, and a hash lookup per character dominated it).
pub const DENSE_CHARS: usize = 0x3000;

/// The character a missing one is drawn as.
pub const PLACEHOLDER: char = '\u{FFFD}';

/// Regular or bold.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Face {
    Regular,
    Bold,
}

/// One parsed font: character map, advance widths and the metrics the PDF needs.
#[derive(Debug, Clone)]
pub struct Font {
    pub name: String,
    pub units_per_em: f32,
    /// Ascender (positive) and descender (negative), font units.
    pub ascent: f32,
    pub descent: f32,
    /// Bounding box of all glyphs, font units: x min, y min, x max, y max.
    pub bbox: [f32; 4],
    /// Character → glyph for characters below `DENSE_CHARS` (0 = not in the font).
    dense: Vec<u16>,
    sparse: HashMap<char, u16>,
    /// Advance width by glyph, font units.
    advances: Vec<u16>,
    /// Advance by character below `DENSE_CHARS` (the measuring fast path).
    dense_advance: Vec<f32>,
    /// The TrueType program, for embedding (empty for the synthetic fonts of tests).
    pub program: &'static [u8],
}

impl Font {
    /// Reads a TrueType font: head, hhea, maxp, hmtx and the Unicode cmap.
    pub fn parse(source: Source) -> Result<Font, String> {
        use allsorts::binary::read::ReadScope;
        use allsorts::font_data::FontData;
        use allsorts::tables::cmap::Cmap;
        use allsorts::tables::{FontTableProvider, HeadTable, HheaTable, HmtxTable, MaxpTable};
        use allsorts::tag;

        let bad = |what: &str| format!("the shipped font {}: {what}", source.name);
        let file = ReadScope::new(source.bytes)
            .read::<FontData<'_>>()
            .map_err(|e| bad(&e.to_string()))?;
        let provider = file.table_provider(0).map_err(|e| bad(&e.to_string()))?;
        let table = |t: u32| {
            provider
                .read_table_data(t)
                .map_err(|e| bad(&format!("table {}: {e}", tag::DisplayTag(t))))
        };
        let head_data = table(tag::HEAD)?;
        let head = ReadScope::new(&head_data)
            .read::<HeadTable>()
            .map_err(|e| bad(&e.to_string()))?;
        let hhea_data = table(tag::HHEA)?;
        let hhea = ReadScope::new(&hhea_data)
            .read::<HheaTable>()
            .map_err(|e| bad(&e.to_string()))?;
        let maxp_data = table(tag::MAXP)?;
        let maxp = ReadScope::new(&maxp_data)
            .read::<MaxpTable>()
            .map_err(|e| bad(&e.to_string()))?;
        let hmtx_data = table(tag::HMTX)?;
        let hmtx = ReadScope::new(&hmtx_data)
            .read_dep::<HmtxTable<'_>>((
                usize::from(maxp.num_glyphs),
                usize::from(hhea.num_h_metrics),
            ))
            .map_err(|e| bad(&e.to_string()))?;
        let advances: Vec<u16> = (0..maxp.num_glyphs)
            .map(|g| hmtx.horizontal_advance(g).unwrap_or(0))
            .collect();
        let cmap_data = table(tag::CMAP)?;
        let cmap = ReadScope::new(&cmap_data)
            .read::<Cmap<'_>>()
            .map_err(|e| bad(&e.to_string()))?;
        let (_, sub) = allsorts::font::read_cmap_subtable(&cmap)
            .map_err(|e| bad(&e.to_string()))?
            .ok_or_else(|| bad("no Unicode cmap"))?;
        let mut map = Vec::new();
        sub.mappings_fn(|cp, gid| {
            if let Some(c) = char::from_u32(cp) {
                if gid != 0 {
                    map.push((c, gid));
                }
            }
        })
        .map_err(|e| bad(&e.to_string()))?;
        let mut font = Font::empty(
            source.name,
            f32::from(head.units_per_em.max(1)),
            f32::from(hhea.ascender),
            f32::from(hhea.descender),
            advances,
        );
        font.bbox = [
            f32::from(head.x_min),
            f32::from(head.y_min),
            f32::from(head.x_max),
            f32::from(head.y_max),
        ];
        font.program = source.bytes;
        for (c, gid) in map {
            font.insert(c, gid);
        }
        Ok(font)
    }

    fn empty(name: &str, units_per_em: f32, ascent: f32, descent: f32, advances: Vec<u16>) -> Font {
        Font {
            name: name.to_string(),
            units_per_em,
            ascent,
            descent,
            bbox: [0.0, descent, units_per_em, ascent],
            dense: vec![0; DENSE_CHARS],
            sparse: HashMap::new(),
            advances,
            dense_advance: vec![0.0; DENSE_CHARS],
            program: &[],
        }
    }

    fn insert(&mut self, c: char, gid: u16) {
        let adv = f32::from(self.advances.get(usize::from(gid)).copied().unwrap_or(0));
        match self.dense.get_mut(c as usize) {
            Some(slot) => {
                *slot = gid;
                self.dense_advance[c as usize] = adv;
            }
            None => {
                self.sparse.insert(c, gid);
            }
        }
    }

    /// A font made of given advances (tests): glyph n+1 is the n-th character.
    pub fn synthetic(name: &str, units_per_em: f32, ascent: f32, chars: &[(char, f32)]) -> Font {
        let mut advances = vec![(units_per_em / 2.0) as u16];
        advances.extend(chars.iter().map(|(_, w)| *w as u16));
        let mut font = Font::empty(name, units_per_em, ascent, -ascent / 4.0, advances);
        for (i, (c, _)) in chars.iter().enumerate() {
            font.insert(*c, u16::try_from(i + 1).unwrap_or(u16::MAX));
        }
        font
    }

    /// The glyph for `c`, if the font has one.
    pub fn glyph(&self, c: char) -> Option<u16> {
        let g = match self.dense.get(c as usize) {
            Some(g) => *g,
            None => self.sparse.get(&c).copied().unwrap_or(0),
        };
        (g != 0).then_some(g)
    }

    /// True when the font has a glyph for `c`.
    pub fn covers(&self, c: char) -> bool {
        self.glyph(c).is_some()
    }

    /// Advance of a glyph, font units.
    pub fn advance(&self, gid: u16) -> f32 {
        f32::from(self.advances.get(usize::from(gid)).copied().unwrap_or(0))
    }

    /// Width of `text` at `size` points when every character is in this font, one glyph
    /// each; `None` otherwise (then [`Fonts::width`] takes the general path).
    fn simple_width(&self, text: &str, size: f32) -> Option<f32> {
        let mut units = 0.0;
        for c in text.chars() {
            let i = c as usize;
            if i >= DENSE_CHARS || self.dense[i] == 0 || needs_care(c) {
                return None;
            }
            units += self.dense_advance[i];
        }
        Some(units * size / self.units_per_em)
    }
}

/// Characters the simple path must not take: right-to-left letters and marks, bidi
/// controls, Arabic (shaped).
fn needs_care(c: char) -> bool {
    let u = c as u32;
    (0x0590..=0x08FF).contains(&u)
        || (0x200E..=0x200F).contains(&u)
        || (0x202A..=0x202E).contains(&u)
        || (0x2066..=0x2069).contains(&u)
}

/// Characters that take no room and show nothing (joiners, direction marks, variation
/// selectors…): when no font has them they are kept in the text layer at zero width
/// instead of becoming a placeholder.
fn default_ignorable(c: char) -> bool {
    matches!(c as u32,
        0x00AD | 0x034F | 0x061C | 0x115F..=0x1160 | 0x17B4..=0x17B5 | 0x180B..=0x180F
        | 0x200B..=0x200F | 0x202A..=0x202E | 0x2060..=0x206F | 0x3164 | 0xFE00..=0xFE0F
        | 0xFEFF | 0xFFA0 | 0xFFF0..=0xFFF8 | 0x1BCA0..=0x1BCA3 | 0x1D173..=0x1D17A
        | 0xE0000..=0xE0FFF)
}

/// Which font a glyph comes from: 0 regular, 1 bold, 2 + n the n-th fallback.
pub type FontIndex = usize;

/// One glyph to draw, in drawing order.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Glyph {
    pub font: FontIndex,
    pub gid: u16,
    /// Advance, in units of the glyph's font.
    pub advance: f32,
    /// The characters it stands for in the text layer (one, or two for a ligature;
    /// `'\0'` pads).
    pub text: [char; 2],
    /// Bold text drawn with a face that has no bold: the PDF strokes the outline.
    pub fake_bold: bool,
}

/// The text face and its fallbacks.
pub struct Fonts {
    pub regular: Font,
    pub bold: Font,
    fallbacks: Vec<Fallback>,
}

struct Fallback {
    source: Option<Source>,
    font: OnceLock<Option<Font>>,
}

impl Fallback {
    fn get(&self) -> Option<&Font> {
        self.font
            .get_or_init(|| self.source.and_then(|s| Font::parse(s).ok()))
            .as_ref()
    }
}

impl Fonts {
    /// The shipped fonts: DejaVu Sans, with the Noto faces as fallbacks.
    pub fn shipped() -> Result<Fonts, String> {
        Ok(Fonts {
            regular: Font::parse(DEJAVU_SANS)?,
            bold: Font::parse(DEJAVU_SANS_BOLD)?,
            fallbacks: FALLBACKS
                .iter()
                .map(|s| Fallback {
                    source: Some(*s),
                    font: OnceLock::new(),
                })
                .collect(),
        })
    }

    /// The shipped fonts, parsed once per process (the charts measure with them).
    pub fn shared() -> Result<&'static Fonts, String> {
        static SHIPPED: OnceLock<Result<Fonts, String>> = OnceLock::new();
        SHIPPED
            .get_or_init(Fonts::shipped)
            .as_ref()
            .map_err(Clone::clone)
    }

    /// Given faces and fallbacks (tests).
    pub fn new(regular: Font, bold: Font, fallbacks: Vec<Font>) -> Fonts {
        Fonts {
            regular,
            bold,
            fallbacks: fallbacks
                .into_iter()
                .map(|f| Fallback {
                    source: None,
                    font: OnceLock::from(Some(f)),
                })
                .collect(),
        }
    }

    pub fn face(&self, face: Face) -> &Font {
        match face {
            Face::Regular => &self.regular,
            Face::Bold => &self.bold,
        }
    }

    /// The font with this index (fallbacks are parsed on first use).
    pub fn font(&self, i: FontIndex) -> Option<&Font> {
        match i {
            0 => Some(&self.regular),
            1 => Some(&self.bold),
            n => self.fallbacks.get(n - 2).and_then(Fallback::get),
        }
    }

    /// How many fonts there are (text faces and fallbacks).
    pub fn len(&self) -> usize {
        2 + self.fallbacks.len()
    }

    pub fn is_empty(&self) -> bool {
        false
    }

    /// True when some font has a glyph for `c` (else it is drawn as the placeholder).
    pub fn covers(&self, c: char) -> bool {
        (0..self.len()).any(|i| self.font(i).is_some_and(|f| f.covers(c)))
    }

    /// The glyph for one character: the face, then (bold) the regular face, then the
    /// fallbacks; else the placeholder, or nothing visible for an ignorable character.
    fn resolve(&self, face: Face, c: char, text: [char; 2]) -> Glyph {
        let first = match face {
            Face::Regular => 0,
            Face::Bold => 1,
        };
        let order = std::iter::once(first)
            .chain((face == Face::Bold).then_some(0))
            .chain(2..self.len());
        for i in order {
            if let Some(f) = self.font(i) {
                if let Some(gid) = f.glyph(c) {
                    return Glyph {
                        font: i,
                        gid,
                        advance: f.advance(gid),
                        text,
                        fake_bold: face == Face::Bold && i != 1,
                    };
                }
            }
        }
        let f = self.face(face);
        if default_ignorable(c) {
            // The space glyph (no outline), at zero width.
            return Glyph {
                font: first,
                gid: f.glyph(' ').unwrap_or(0),
                advance: 0.0,
                text,
                fake_bold: false,
            };
        }
        let gid = f.glyph(PLACEHOLDER).unwrap_or(0);
        Glyph {
            font: first,
            gid,
            advance: f.advance(gid),
            text,
            fake_bold: false,
        }
    }

    /// The glyphs of `text` in `face`, in drawing order (left to right on the page).
    pub fn glyphs(&self, face: Face, text: &str) -> Vec<Glyph> {
        let f = self.face(face);
        if text
            .chars()
            .all(|c| (c as usize) < DENSE_CHARS && f.dense[c as usize] != 0 && !needs_care(c))
        {
            let i = match face {
                Face::Regular => 0,
                Face::Bold => 1,
            };
            return text
                .chars()
                .map(|c| {
                    let gid = f.dense[c as usize];
                    Glyph {
                        font: i,
                        gid,
                        advance: f.dense_advance[c as usize],
                        text: [c, '\0'],
                        fake_bold: false,
                    }
                })
                .collect();
        }
        // Arabic contextual forms, in logical order.
        let shaped: Vec<(char, [char; 2])> = if text.chars().any(arabic::is_arabic) {
            arabic::shape(text)
                .into_iter()
                .map(|s| {
                    let mut src = s.source.chars();
                    let a = src.next().unwrap_or(s.draw);
                    (s.draw, [a, src.next().unwrap_or('\0')])
                })
                .collect()
        } else {
            text.chars().map(|c| (c, [c, '\0'])).collect()
        };
        let order = visual_order(text, &shaped);
        order
            .into_iter()
            .map(|(i, rtl)| {
                let (draw, src) = shaped[i];
                let draw = if rtl { mirror(draw) } else { draw };
                self.resolve(face, draw, src)
            })
            .collect()
    }

    /// Width of `text` in `face` at `size` points, as [`Fonts::glyphs`] draws it.
    pub fn width(&self, face: Face, text: &str, size: f32) -> f32 {
        if let Some(w) = self.face(face).simple_width(text, size) {
            return w;
        }
        self.glyphs(face, text)
            .iter()
            .map(|g| {
                let upem = self.font(g.font).map_or(1000.0, |f| f.units_per_em);
                g.advance * size / upem
            })
            .sum()
    }
}

/// Drawing order of the shaped characters (indices into `shaped`), each with whether
/// it sits in a right-to-left run. Levels come from the Unicode Bidirectional Algorithm
/// on the original text with a left-to-right paragraph (the document's direction).
fn visual_order(text: &str, shaped: &[(char, [char; 2])]) -> Vec<(usize, bool)> {
    use unicode_bidi::{BidiClass, Level, ParagraphBidiInfo};
    let rtl_present = text.chars().any(|c| {
        matches!(
            unicode_bidi::bidi_class(c),
            BidiClass::R | BidiClass::AL | BidiClass::RLE | BidiClass::RLO | BidiClass::RLI
        )
    });
    if !rtl_present {
        return (0..shaped.len()).map(|i| (i, false)).collect();
    }
    let info = ParagraphBidiInfo::new(text, Some(Level::ltr()));
    let per_char = info.reordered_levels_per_char(0..text.len());
    // One level per shaped item: the level of its first character.
    let mut levels = Vec::with_capacity(shaped.len());
    let mut k = 0;
    for (_, src) in shaped {
        levels.push(per_char.get(k).copied().unwrap_or_else(Level::ltr));
        k += if src[1] == '\0' { 1 } else { 2 };
    }
    ParagraphBidiInfo::reorder_visual(&levels)
        .into_iter()
        .map(|i| (i, levels.get(i).is_some_and(|l| l.is_rtl())))
        .collect()
}

/// The mirrored form of a paired character in a right-to-left run (Bidi_Mirrored
/// brackets and quotes that names use).
fn mirror(c: char) -> char {
    match c {
        '(' => ')',
        ')' => '(',
        '[' => ']',
        ']' => '[',
        '{' => '}',
        '}' => '{',
        '<' => '>',
        '>' => '<',
        '«' => '»',
        '»' => '«',
        '‹' => '›',
        '›' => '‹',
        _ => c,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn shipped() -> Fonts {
        Fonts::shipped().unwrap()
    }

    fn text_of(glyphs: &[Glyph]) -> String {
        glyphs
            .iter()
            .flat_map(|g| g.text)
            .filter(|c| *c != '\0')
            .collect()
    }

    #[test]
    fn every_shipped_font_parses() {
        let f = shipped();
        for i in 0..f.len() {
            let font = f
                .font(i)
                .unwrap_or_else(|| panic!("font {i} does not parse"));
            assert!(font.units_per_em >= 1000.0, "{}", font.name);
            assert!(!font.program.is_empty());
        }
    }

    #[test]
    fn each_script_falls_back_to_a_font_that_has_it() {
        let f = shipped();
        let font_of = |s: &str| -> Vec<String> {
            f.glyphs(Face::Regular, s)
                .iter()
                .map(|g| f.font(g.font).unwrap().name.clone())
                .collect()
        };
        assert_eq!(font_of("Aé"), ["DejaVuSans", "DejaVuSans"]);
        assert_eq!(font_of("Ωж"), ["DejaVuSans", "DejaVuSans"]);
        assert_eq!(font_of("阿里云"), ["NotoSansCJKsc-Regular"; 3]);
        assert_eq!(font_of("さくら"), ["NotoSansCJKsc-Regular"; 3]);
        assert_eq!(font_of("네이버"), ["NotoSansCJKsc-Regular"; 3]);
        assert_eq!(font_of("ש"), ["NotoSansHebrew-Regular"]);
        assert_eq!(font_of("ب"), ["NotoSansArabic-Regular"]);
        assert_eq!(font_of("🚀"), ["NotoEmoji-Regular"]);
        // Bold text in a fallback face is stroked (no bold face ships for it).
        let g = f.glyphs(Face::Bold, "A云");
        assert!(!g[0].fake_bold && g[1].fake_bold);
    }

    #[test]
    fn a_character_no_font_has_is_a_placeholder_that_keeps_its_text() {
        let f = shipped();
        // U+0E01 THAI CHARACTER KO KAI: no shipped font has Thai.
        assert!(!f.covers('\u{0E01}'));
        let g = f.glyphs(Face::Regular, "a\u{0E01}b");
        assert_eq!(g.len(), 3);
        assert_eq!(g[1].gid, f.regular.glyph(PLACEHOLDER).unwrap());
        assert!(g[1].advance > 0.0, "the placeholder takes room");
        assert_eq!(text_of(&g), "a\u{0E01}b");
        // An ignorable character nobody has takes no room and is not a placeholder.
        let g = f.glyphs(Face::Regular, "a\u{2067}b");
        assert_eq!(g[1].advance, 0.0);
    }

    #[test]
    fn right_to_left_runs_are_reversed_for_display_and_keep_their_text() {
        let f = shipped();
        // Hebrew "shalom" inside a Latin line: the Hebrew letters are drawn right to left.
        let g = f.glyphs(Face::Regular, "Acme שלום GmbH");
        let drawn: String = g.iter().map(|x| x.text[0]).collect();
        assert_eq!(drawn, "Acme םולש GmbH");
        // Arabic: contextual forms, reversed; the text layer keeps the letters.
        let g = f.glyphs(Face::Regular, "سلام");
        assert_eq!(g.len(), 3, "seen, lam-alef, meem");
        let logical: String = g
            .iter()
            .rev()
            .flat_map(|x| x.text)
            .filter(|c| *c != '\0')
            .collect();
        assert_eq!(logical, "سلام");
        // Brackets inside a right-to-left run are mirrored: "(" is drawn as ")".
        let g = f.glyphs(Face::Regular, "א (ב) ג");
        let open = g.iter().find(|x| x.text[0] == '(').unwrap();
        assert_eq!(open.gid, f.regular.glyph(')').unwrap());
        let drawn: String = g.iter().map(|x| x.text[0]).collect();
        assert_eq!(drawn, "ג )ב( א");
    }

    #[test]
    fn width_is_the_sum_of_the_drawn_advances() {
        let f = shipped();
        for s in [
            "Müller GmbH",
            "阿里云 Cloud",
            "שלום",
            "سلام",
            "🚀 Rocket",
            "a\u{0E01}b",
        ] {
            let direct: f32 = f
                .glyphs(Face::Regular, s)
                .iter()
                .map(|g| g.advance * 10.0 / f.font(g.font).unwrap().units_per_em)
                .sum();
            assert!(
                (f.width(Face::Regular, s, 10.0) - direct).abs() < 1e-3,
                "{s}"
            );
        }
        // A CJK character is about one em wide, not zero.
        assert!(f.width(Face::Regular, "云", 10.0) > 8.0);
    }
}
