//! Page content streams, written directly from the laid-out items.
//!
//! printpdf turns every text item into half a dozen operator objects, looks every glyph up
//! twice and allocates a string per character, then lopdf formats the operators back into
//! bytes: on the 165-page report that was two thirds of the PDF's time (docs/performance.md).
//! This module writes the same drawing as bytes in one pass: rectangles and lines as path
//! operators, each text item as its own text object (`BT`, `Td`, `Tj`…, `ET`: simple text
//! extractors break lines at `ET`) with `Tf`/`rg` only where they change (both are graphics
//! state and hold across text objects). A text item is one `Tj` per run of glyphs from
//! the same font (`fonts::Fonts::glyphs`: fallback per character, Arabic forms, bidi
//! order), shown as 2-byte character codes that `Used` numbers per font; `embed.rs`
//! writes each font with exactly those codes (glyph, width, ToUnicode text).

use std::collections::HashMap;

use super::layout::{Item, Page, Rgb, PAGE_HEIGHT};
use crate::fonts::{FontIndex, Fonts, Glyph};

/// The resource name of a font in the page resources: F1 regular, F2 bold, F3… fallbacks.
pub fn resource_name(font: FontIndex) -> String {
    format!("F{}", font + 1)
}

/// One character code (CID) of a font as used in the document: the glyph, the width it
/// is drawn with, and the text it stands for.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Code {
    pub gid: u16,
    /// Font units (the `/W` entry of the code).
    pub advance: f32,
    pub text: [char; 2],
}

/// The codes each font uses, numbered from 1 in order of first use. A glyph that
/// stands for different text (a placeholder for different missing characters) or is
/// drawn at a different width (an ignorable character at zero width) gets a code of
/// its own, so the text layer (ToUnicode) and the widths are exact for every code.
#[derive(Default)]
pub struct Used {
    fonts: Vec<FontCodes>,
}

#[derive(Default)]
struct FontCodes {
    codes: Vec<Code>,
    index: HashMap<(u16, u32, [char; 2]), u16>,
}

impl Used {
    fn code(&mut self, g: &Glyph) -> u16 {
        if self.fonts.len() <= g.font {
            self.fonts.resize_with(g.font + 1, FontCodes::default);
        }
        let f = &mut self.fonts[g.font];
        let key = (g.gid, g.advance.to_bits(), g.text);
        if let Some(c) = f.index.get(&key) {
            return *c;
        }
        // Two-byte codes: 65,535 per font. The shipped fonts have fewer glyphs, but every
        // distinct missing character gets a code of its own, so hostile text could ask for
        // more: the last code is then shared, standing for U+FFFD in the text layer.
        if f.codes.len() >= usize::from(u16::MAX - 1) {
            if f.codes.len() == usize::from(u16::MAX - 1) {
                f.codes.push(Code {
                    gid: g.gid,
                    advance: g.advance,
                    text: [crate::fonts::PLACEHOLDER, '\0'],
                });
            }
            return u16::MAX;
        }
        f.codes.push(Code {
            gid: g.gid,
            advance: g.advance,
            text: g.text,
        });
        let c = u16::try_from(f.codes.len()).unwrap_or(u16::MAX);
        f.index.insert(key, c);
        c
    }

    /// The codes of each font in use: (font, codes; code n is `codes[n - 1]`).
    pub fn fonts(&self) -> impl Iterator<Item = (FontIndex, &[Code])> {
        self.fonts
            .iter()
            .enumerate()
            .filter(|(_, f)| !f.codes.is_empty())
            .map(|(i, f)| (i, f.codes.as_slice()))
    }
}

/// The content stream of one page.
pub fn encode(page: &Page, fonts: &Fonts, used: &mut Used) -> Vec<u8> {
    let mut w = Writer {
        out: Vec::with_capacity(page.items.len() * 48),
        in_text: false,
        font: None,
        fill: None,
        stroke: None,
        line_width: None,
        stroked_text: false,
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
                let glyphs = fonts.glyphs(*face, text);
                if glyphs.is_empty() {
                    continue;
                }
                if !w.in_text {
                    w.out.extend_from_slice(b"BT\n");
                    w.in_text = true;
                }
                w.fill(*color);
                // At BT the text matrix is the identity: Td places the item absolutely.
                w.num(*x);
                w.out.push(b' ');
                w.num(PAGE_HEIGHT - y);
                w.out.extend_from_slice(b" Td\n");
                // One string per run of glyphs from the same font; each Tj moves the
                // text position by the widths of its codes, as the layout measured them.
                for run in glyphs.chunk_by(|a, b| a.font == b.font && a.fake_bold == b.fake_bold) {
                    let first = run[0];
                    if w.font != Some((first.font, *size)) {
                        w.out.push(b'/');
                        w.out
                            .extend_from_slice(resource_name(first.font).as_bytes());
                        w.out.push(b' ');
                        w.num(*size);
                        w.out.extend_from_slice(b" Tf\n");
                        w.font = Some((first.font, *size));
                    }
                    if first.fake_bold != w.stroked_text {
                        if first.fake_bold {
                            // Bold from a face without a bold cut: fill and stroke the outline.
                            w.stroke_color(*color);
                            w.width(size * 0.035);
                            w.out.extend_from_slice(b"2 Tr\n");
                        } else {
                            w.out.extend_from_slice(b"0 Tr\n");
                        }
                        w.stroked_text = first.fake_bold;
                    } else if first.fake_bold {
                        w.stroke_color(*color);
                        w.width(size * 0.035);
                    }
                    w.out.push(b'(');
                    for g in run {
                        let code = used.code(g);
                        w.code(code);
                    }
                    w.out.extend_from_slice(b") Tj\n");
                }
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
                w.stroke_color(*color);
                w.width(*width);
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
    font: Option<(FontIndex, f32)>,
    fill: Option<Rgb>,
    stroke: Option<Rgb>,
    line_width: Option<f32>,
    /// Text rendering mode 2 (fill and stroke) is on.
    stroked_text: bool,
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

    /// Sets the stroke colour when it changes.
    fn stroke_color(&mut self, c: Rgb) {
        if self.stroke != Some(c) {
            self.rgb(c);
            self.out.extend_from_slice(b" RG\n");
            self.stroke = Some(c);
        }
    }

    /// Sets the line width when it changes.
    fn width(&mut self, v: f32) {
        if self.line_width != Some(v) {
            self.num(v);
            self.out.extend_from_slice(b" w\n");
            self.line_width = Some(v);
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
    use crate::fonts::{Face, Font, Glyph};

    fn writer() -> Writer {
        Writer {
            out: Vec::new(),
            in_text: false,
            font: None,
            fill: None,
            stroke: None,
            line_width: None,
            stroked_text: false,
        }
    }

    #[test]
    fn numbers_are_plain_pdf_reals() {
        let mut w = writer();
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
    fn text_items_are_text_objects_with_codes_numbered_by_first_use() {
        let font = Font::synthetic("T", 1000.0, 800.0, &[('A', 600.0), ('B', 700.0)]);
        let other = Font::synthetic("X", 1000.0, 800.0, &[('Z', 1000.0)]);
        let fonts = Fonts::new(font.clone(), font, vec![other]);
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
                text(50.0, "BAZ", Face::Regular),
                text(90.0, "Z", Face::Bold),
            ],
        };
        let mut used = Used::default();
        let out = encode(&page, &fonts, &mut used);
        // Codes: A=1, B=2 in F1; Z=1 in F3 (the fallback), drawn stroked when bold.
        assert_eq!(
            String::from_utf8_lossy(&out),
            "0.5 0.25 1 rg\n10 816.89 30 5 re f\nBT\n0 0 0 rg\n10 741.89 Td\n/F1 9 Tf\n(\0\u{1}\0\u{2}) Tj\nET\n\
             BT\n50 741.89 Td\n(\0\u{2}\0\u{1}) Tj\n/F3 9 Tf\n(\0\u{1}) Tj\nET\n\
             BT\n90 741.89 Td\n0 0 0 RG\n0.31 w\n2 Tr\n(\0\u{1}) Tj\nET\n"
        );
        let per_font: Vec<(usize, usize)> = used.fonts().map(|(i, c)| (i, c.len())).collect();
        assert_eq!(per_font, [(0, 2), (2, 1)]);
    }

    #[test]
    fn codes_never_wrap_past_two_bytes() {
        let mut used = Used::default();
        let mut last = 0;
        for (i, c) in ('\u{4E00}'..).take(70_000).enumerate() {
            let g = Glyph {
                font: 0,
                gid: 7,
                advance: 500.0,
                text: [c, '\0'],
                fake_bold: false,
            };
            let code = used.code(&g);
            assert!(code >= last, "code {code} after {last} at {i}");
            last = code;
        }
        let (_, codes) = used.fonts().next().unwrap();
        assert_eq!(codes.len(), usize::from(u16::MAX));
        assert_eq!(codes.last().unwrap().text[0], crate::fonts::PLACEHOLDER);
    }

    #[test]
    fn delimiters_in_codes_are_escaped() {
        let mut w = writer();
        for c in [0x2829_u16, 0x0D5C] {
            w.code(c);
        }
        assert_eq!(w.out, b"\\(\\)\\r\\\\".to_vec());
    }
}
