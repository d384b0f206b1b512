//! Page content streams, written directly from the laid-out items.
//!
//! printpdf turns every text item into half a dozen operator objects, looks every glyph up
//! twice and allocates a string per character, then lopdf formats the operators back into
//! bytes: on the 165-page report that was two thirds of the PDF's time (docs/performance.md).
//! This module writes the same drawing as bytes in one pass: rectangles and lines as path
//! operators, each text item as its own text object (`BT`, `Td`, `Tj`, `ET`: simple text
//! extractors break lines at `ET`) with `Tf`/`rg` only where they change (both are graphics
//! state and hold across text objects), shown as 2-byte glyph IDs (the fonts are
//! embedded by printpdf as Identity-H CID fonts, whose character codes are the glyph IDs).
//! It also records which characters each face used, so printpdf embeds their widths and
//! ToUnicode entries (see `write_pdf`).

use std::collections::{BTreeSet, HashMap};

// Characters below DENSE_CHARS are looked up in tables (as the layout measures them), the
// rest in maps.
use super::layout::{Face, Item, Page, Rgb, DENSE_CHARS, PAGE_HEIGHT};

/// Character → glyph ID of one embedded font.
pub struct GlyphMap {
    dense: Vec<u16>,
    sparse: HashMap<char, u16>,
}

impl GlyphMap {
    pub fn new(codepoint_to_glyph: &std::collections::BTreeMap<u32, u16>) -> Self {
        let mut dense = vec![0; DENSE_CHARS];
        let mut sparse = HashMap::new();
        for (c, gid) in codepoint_to_glyph
            .iter()
            .filter_map(|(cp, gid)| char::from_u32(*cp).map(|c| (c, *gid)))
        {
            match dense.get_mut(c as usize) {
                Some(slot) => *slot = gid,
                None => {
                    sparse.insert(c, gid);
                }
            }
        }
        GlyphMap { dense, sparse }
    }

    /// Glyph 0 (.notdef) for a character the font lacks, as printpdf does.
    fn gid(&self, c: char) -> u16 {
        match self.dense.get(c as usize) {
            Some(g) => *g,
            None => self.sparse.get(&c).copied().unwrap_or(0),
        }
    }
}

/// What the content streams need to know about the two faces.
pub struct Faces<'a> {
    pub regular: &'a GlyphMap,
    pub bold: &'a GlyphMap,
    /// Resource names of the fonts in the page resources.
    pub regular_name: &'a str,
    pub bold_name: &'a str,
}

/// Characters used per face.
#[derive(Default)]
pub struct UsedChars {
    faces: [CharSet; 2],
}

impl UsedChars {
    /// The characters of each face, `[regular, bold]`, in code point order.
    pub fn sets(&self) -> [BTreeSet<char>; 2] {
        [self.faces[0].chars(), self.faces[1].chars()]
    }
}

/// A set of characters: a bit table for the common ones, a tree for the rest.
struct CharSet {
    bits: Vec<u64>,
    rest: BTreeSet<char>,
}

impl Default for CharSet {
    fn default() -> Self {
        CharSet {
            bits: vec![0; DENSE_CHARS / 64],
            rest: BTreeSet::new(),
        }
    }
}

impl CharSet {
    fn insert(&mut self, c: char) {
        let i = c as usize;
        match self.bits.get_mut(i / 64) {
            Some(word) => *word |= 1 << (i % 64),
            None => {
                self.rest.insert(c);
            }
        }
    }

    fn chars(&self) -> BTreeSet<char> {
        let mut out = self.rest.clone();
        for (w, word) in self.bits.iter().enumerate() {
            for b in 0..64 {
                if word & (1 << b) != 0 {
                    if let Some(c) = u32::try_from(w * 64 + b).ok().and_then(char::from_u32) {
                        out.insert(c);
                    }
                }
            }
        }
        out
    }
}

/// The content stream of one page.
pub fn encode(page: &Page, faces: &Faces<'_>, used: &mut UsedChars) -> Vec<u8> {
    let mut w = Writer {
        out: Vec::with_capacity(page.items.len() * 48),
        in_text: false,
        font: None,
        fill: None,
        stroke: None,
        line_width: None,
    };
    for item in &page.items {
        match item {
            Item::Text {
                x,
                y,
                size,
                face,
                color,
                text,
            } => {
                if !w.in_text {
                    w.out.extend_from_slice(b"BT\n");
                    w.in_text = true;
                }
                if w.font != Some((*face, *size)) {
                    let name = match face {
                        Face::Regular => faces.regular_name,
                        Face::Bold => faces.bold_name,
                    };
                    w.out.push(b'/');
                    w.out.extend_from_slice(name.as_bytes());
                    w.out.push(b' ');
                    w.num(*size);
                    w.out.extend_from_slice(b" Tf\n");
                    w.font = Some((*face, *size));
                }
                w.fill(*color);
                // At BT the text matrix is the identity: Td places the item absolutely.
                w.num(*x);
                w.out.push(b' ');
                w.num(PAGE_HEIGHT - y);
                w.out.extend_from_slice(b" Td\n(");
                let (map, seen) = match face {
                    Face::Regular => (faces.regular, &mut used.faces[0]),
                    Face::Bold => (faces.bold, &mut used.faces[1]),
                };
                for c in text.chars() {
                    seen.insert(c);
                    w.code(map.gid(c));
                }
                w.out.extend_from_slice(b") Tj\n");
                w.end_text();
            }
            Item::Rect {
                x,
                y,
                w: width,
                h,
                fill,
            } => {
                w.end_text();
                w.fill(*fill);
                w.num(*x);
                w.out.push(b' ');
                w.num(PAGE_HEIGHT - y - h);
                w.out.push(b' ');
                w.num(*width);
                w.out.push(b' ');
                w.num(*h);
                w.out.extend_from_slice(b" re f\n");
            }
            Item::Line {
                x1,
                y1,
                x2,
                y2,
                width,
                color,
            } => {
                w.end_text();
                if w.stroke != Some(*color) {
                    w.rgb(*color);
                    w.out.extend_from_slice(b" RG\n");
                    w.stroke = Some(*color);
                }
                if w.line_width != Some(*width) {
                    w.num(*width);
                    w.out.extend_from_slice(b" w\n");
                    w.line_width = Some(*width);
                }
                w.num(*x1);
                w.out.push(b' ');
                w.num(PAGE_HEIGHT - y1);
                w.out.extend_from_slice(b" m ");
                w.num(*x2);
                w.out.push(b' ');
                w.num(PAGE_HEIGHT - y2);
                w.out.extend_from_slice(b" l S\n");
            }
        }
    }
    w.end_text();
    w.out
}

struct Writer {
    out: Vec<u8>,
    in_text: bool,
    font: Option<(Face, f32)>,
    fill: Option<Rgb>,
    stroke: Option<Rgb>,
    line_width: Option<f32>,
}

impl Writer {
    fn end_text(&mut self) {
        if self.in_text {
            self.out.extend_from_slice(b"ET\n");
            self.in_text = false;
        }
    }

    /// Sets the fill colour (graphics state: it holds across text objects) when it changes.
    fn fill(&mut self, c: Rgb) {
        if self.fill != Some(c) {
            self.rgb(c);
            self.out.extend_from_slice(b" rg\n");
            self.fill = Some(c);
        }
    }

    fn rgb(&mut self, c: Rgb) {
        self.num_dp(c.0, 1000);
        self.out.push(b' ');
        self.num_dp(c.1, 1000);
        self.out.push(b' ');
        self.num_dp(c.2, 1000);
    }

    /// A coordinate or size in points, to 1/100 pt.
    fn num(&mut self, v: f32) {
        self.num_dp(v, 100);
    }

    /// `v` rounded to 1/`scale` (a power of ten), without trailing zeros; PDF syntax (no exponent).
    fn num_dp(&mut self, v: f32, scale: i64) {
        let v = if v.is_finite() { f64::from(v) } else { 0.0 };
        let n = (v * scale as f64).round() as i64;
        if n < 0 {
            self.out.push(b'-');
        }
        let n = n.unsigned_abs();
        let scale = scale.unsigned_abs();
        self.uint(n / scale);
        let mut frac = n % scale;
        if frac != 0 {
            self.out.push(b'.');
            let mut div = scale / 10;
            while frac != 0 && div != 0 {
                self.out.push(b'0' + (frac / div) as u8);
                frac %= div;
                div /= 10;
            }
        }
    }

    fn uint(&mut self, mut n: u64) {
        let mut buf = [0u8; 20];
        let mut i = buf.len();
        loop {
            i -= 1;
            buf[i] = b'0' + (n % 10) as u8;
            n /= 10;
            if n == 0 {
                break;
            }
        }
        self.out.extend_from_slice(&buf[i..]);
    }

    /// A 2-byte character code inside a literal string: the bytes as they are, with the
    /// delimiters and the backslash escaped, and CR/LF escaped (readers would turn a raw CR
    /// into LF). Half the size of hex, so half the bytes to compress.
    fn code(&mut self, v: u16) {
        for b in v.to_be_bytes() {
            match b {
                b'(' | b')' | b'\\' => self.out.extend_from_slice(&[b'\\', b]),
                b'\r' => self.out.extend_from_slice(b"\\r"),
                b'\n' => self.out.extend_from_slice(b"\\n"),
                _ => self.out.push(b),
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn faces_for<'a>(regular: &'a GlyphMap, bold: &'a GlyphMap) -> Faces<'a> {
        Faces {
            regular,
            bold,
            regular_name: "F1",
            bold_name: "F2",
        }
    }

    #[test]
    fn numbers_are_plain_pdf_reals() {
        let mut w = Writer {
            out: Vec::new(),
            in_text: false,
            font: None,
            fill: None,
            stroke: None,
            line_width: None,
        };
        for v in [0.0, 12.0, 12.5, 12.345, -3.25, 841.89, 0.004, f32::NAN] {
            w.num(v);
            w.out.push(b' ');
        }
        assert_eq!(
            String::from_utf8(w.out).unwrap(),
            "0 12 12.5 12.35 -3.25 841.89 0 0 "
        );
    }

    #[test]
    fn text_items_are_text_objects_and_state_changes_only_when_needed() {
        // 'B' has glyph 0x2829 = "()" and '√' glyph 0x0D5C = CR + backslash: both escaped.
        let map: std::collections::BTreeMap<u32, u16> =
            [('A' as u32, 36), ('B' as u32, 0x2829), ('√' as u32, 0x0D5C)]
                .into_iter()
                .collect();
        let g = GlyphMap::new(&map);
        let black = Rgb(0.0, 0.0, 0.0);
        let text = |x: f32, t: &str, face| Item::Text {
            x,
            y: 100.0,
            size: 9.0,
            face,
            color: black,
            text: t.into(),
        };
        let page = Page {
            items: vec![
                Item::Rect {
                    x: 10.0,
                    y: 20.0,
                    w: 30.0,
                    h: 5.0,
                    fill: Rgb(0.5, 0.25, 1.0),
                },
                text(10.0, "AB", Face::Regular),
                text(50.0, "BA?√", Face::Regular),
                text(90.0, "A", Face::Bold),
            ],
        };
        let mut used = UsedChars::default();
        let out = encode(&page, &faces_for(&g, &g), &mut used);
        assert_eq!(
            out,
            b"0.5 0.25 1 rg\n10 816.89 30 5 re f\nBT\n/F1 9 Tf\n0 0 0 rg\n10 741.89 Td\n(\0$\\(\\)) Tj\nET\n\
              BT\n50 741.89 Td\n(\\(\\)\0$\0\0\\r\\\\) Tj\nET\nBT\n/F2 9 Tf\n90 741.89 Td\n(\0$) Tj\nET\n"
                .to_vec()
        );
        let [regular, bold] = used.sets();
        assert_eq!(regular.iter().collect::<String>(), "?AB√");
        assert_eq!(bold.iter().collect::<String>(), "A");
    }
}
