//! A small page-layout engine, independent of any PDF library: it measures text
//! with the font's real advance widths, wraps words, flows headings, paragraphs,
//! lists and tables onto A4 pages (tables break across pages and repeat their
//! header row), reserves blocks for charts, and finally adds the running header
//! and the "Page X of Y" footer. Its output is a list of pages holding only four
//! kinds of item (text, rectangle, line) plus an outline; `pdf.rs` turns them
//! into PDF operators. Swapping the PDF backend (e.g. to krilla) only touches
//! `pdf.rs`.
//!
//! Coordinates here are in PostScript points with the origin at the top-left
//! corner of the page and y growing downwards; text `y` is the baseline.

/// A4 in points.
pub const PAGE_WIDTH: f32 = 595.276;
pub const PAGE_HEIGHT: f32 = 841.89;

pub use crate::fonts::{Face, Font, Fonts};

/// An RGB colour, components 0–1.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Rgb(pub f32, pub f32, pub f32);

pub const BLACK: Rgb = Rgb(0.1, 0.1, 0.12);
pub const GREY: Rgb = Rgb(0.42, 0.44, 0.47);
pub const LIGHT: Rgb = Rgb(0.93, 0.94, 0.95);
pub const RULE: Rgb = Rgb(0.78, 0.80, 0.82);
pub const ACCENT: Rgb = Rgb(0.05, 0.33, 0.58);
pub const ACCENT_LIGHT: Rgb = Rgb(0.62, 0.75, 0.87);
pub const RED: Rgb = Rgb(0.70, 0.13, 0.13);
pub const GREEN: Rgb = Rgb(0.13, 0.48, 0.22);
pub const AMBER: Rgb = Rgb(0.66, 0.44, 0.02);
/// The background of a chart's plot area.
pub const PLOT: Rgb = Rgb(0.985, 0.987, 0.99);

/// Something drawn on a page.
#[derive(Debug, Clone, PartialEq)]
pub enum Item {
    Text {
        x: f32,
        /// Baseline.
        y: f32,
        size: f32,
        face: Face,
        color: Rgb,
        text: String,
    },
    /// Filled rectangle; `y` is the top edge.
    Rect {
        x: f32,
        y: f32,
        w: f32,
        h: f32,
        fill: Rgb,
    },
    Line {
        x1: f32,
        y1: f32,
        x2: f32,
        y2: f32,
        width: f32,
        color: Rgb,
    },
}

#[derive(Debug, Clone, Default, PartialEq)]
pub struct Page {
    pub items: Vec<Item>,
}

/// A bookmark: a heading and where it is.
#[derive(Debug, Clone, PartialEq)]
pub struct OutlineEntry {
    pub title: String,
    /// 1 = chapter, 2 = section.
    pub level: u8,
    /// 0-based page index.
    pub page: usize,
    /// Top of the heading, from the top of the page.
    pub y: f32,
}

/// The laid-out document.
#[derive(Debug, Clone, PartialEq)]
pub struct Document {
    pub pages: Vec<Page>,
    pub outline: Vec<OutlineEntry>,
}

/// Text style.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Style {
    pub size: f32,
    pub face: Face,
    pub color: Rgb,
}

impl Style {
    pub const BODY: Style = Style {
        size: 9.5,
        face: Face::Regular,
        color: BLACK,
    };
    pub const BOLD: Style = Style {
        size: 9.5,
        face: Face::Bold,
        color: BLACK,
    };
    pub const SMALL: Style = Style {
        size: 8.0,
        face: Face::Regular,
        color: GREY,
    };
    pub const TABLE: Style = Style {
        size: 8.0,
        face: Face::Regular,
        color: BLACK,
    };
    pub const TABLE_HEAD: Style = Style {
        size: 8.0,
        face: Face::Bold,
        color: BLACK,
    };

    pub fn line_height(&self) -> f32 {
        self.size * 1.32
    }

    pub fn with_color(self, color: Rgb) -> Style {
        Style { color, ..self }
    }
}

/// Running header and footer texts. The footer's right side is produced per
/// page from (page number, page count), e.g. "Seite 2 von 9".
pub struct PageSetup {
    pub header_left: String,
    pub header_right: String,
    pub footer_left: String,
    pub page_label: Box<dyn Fn(usize, usize) -> String>,
}

/// Horizontal alignment inside a table cell.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Align {
    Left,
    Right,
}

/// A table column: head, share of the content width, alignment.
#[derive(Debug, Clone)]
pub struct Column {
    pub head: String,
    pub width: f32,
    pub align: Align,
}

/// A table cell: text and optional colour / boldness.
#[derive(Debug, Clone)]
pub struct Cell {
    pub text: String,
    pub style: Style,
}

impl Cell {
    pub fn new(text: impl Into<String>) -> Self {
        Cell {
            text: text.into(),
            style: Style::TABLE,
        }
    }
    pub fn bold(text: impl Into<String>) -> Self {
        Cell {
            text: text.into(),
            style: Style::TABLE_HEAD,
        }
    }
    pub fn colored(text: impl Into<String>, color: Rgb) -> Self {
        Cell {
            text: text.into(),
            style: Style::TABLE.with_color(color),
        }
    }
}

pub(super) const MARGIN_X: f32 = 50.0;
const MARGIN_TOP: f32 = 64.0;
const MARGIN_BOTTOM: f32 = 62.0;
const CELL_PAD: f32 = 3.0;
/// Room beside a column's longest word, so that text extraction (pdftotext) still sees
/// the gap to the next column and keeps a wrapped cell's lines together.
const WORD_AIR: f32 = 8.0;

/// Splits `text` into lines no wider than `width` at `size` in `face`. Breaks
/// at spaces (a no-break space does not break); a word wider than the line is
/// broken between characters. `\n` starts a new line.
pub fn wrap(fonts: &Fonts, face: Face, size: f32, text: &str, width: f32) -> Vec<String> {
    // Control characters from inputs are drawn visibly (`\u{1b}`), as on the
    // terminal, and measured as drawn (see `Layout::push`).
    let text = &crate::render::escape::terminal(text);
    let space = fonts.width(face, " ", size);
    let mut lines = Vec::new();
    for para in text.split('\n') {
        let mut line = String::new();
        let mut line_w = 0.0;
        for word in para.split(' ').filter(|w| !w.is_empty()) {
            let word_w = fonts.width(face, word, size);
            if line.is_empty() && word_w <= width {
                line.push_str(word);
                line_w = word_w;
                continue;
            }
            if !line.is_empty() && line_w + space + word_w <= width {
                line.push(' ');
                line.push_str(word);
                line_w += space + word_w;
                continue;
            }
            if !line.is_empty() {
                lines.push(std::mem::take(&mut line));
                line_w = 0.0;
            }
            if word_w <= width {
                line.push_str(word);
                line_w = word_w;
            } else {
                // An over-long word breaks after its hyphens and slashes first
                // (`Muss-|Kriterien`, `DigitalOcean /|Paperspace`); a piece still wider
                // than the line (a URL, a hash, a long compound) between characters.
                for piece in word.split_inclusive(['-', '/']) {
                    let pw = fonts.width(face, piece, size);
                    if line_w + pw > width && !line.is_empty() {
                        lines.push(std::mem::take(&mut line));
                        line_w = 0.0;
                    }
                    if pw <= width {
                        line.push_str(piece);
                        line_w += pw;
                        continue;
                    }
                    for c in piece.chars() {
                        let cw = fonts.width(face, c.encode_utf8(&mut [0; 4]), size);
                        if line_w + cw > width && !line.is_empty() {
                            lines.push(std::mem::take(&mut line));
                            line_w = 0.0;
                        }
                        line.push(c);
                        line_w += cw;
                    }
                }
            }
        }
        lines.push(line);
    }
    lines
}

/// Flows content onto pages.
pub struct Layout<'f> {
    fonts: &'f Fonts,
    setup: PageSetup,
    pages: Vec<Page>,
    outline: Vec<OutlineEntry>,
    /// Current position from the top of the current page.
    y: f32,
}

impl<'f> Layout<'f> {
    pub fn new(fonts: &'f Fonts, setup: PageSetup) -> Self {
        Layout {
            fonts,
            setup,
            pages: vec![Page::default()],
            outline: Vec::new(),
            y: MARGIN_TOP,
        }
    }

    pub fn fonts(&self) -> &Fonts {
        self.fonts
    }

    pub fn left(&self) -> f32 {
        MARGIN_X
    }

    pub fn content_width(&self) -> f32 {
        PAGE_WIDTH - 2.0 * MARGIN_X
    }

    fn bottom(&self) -> f32 {
        PAGE_HEIGHT - MARGIN_BOTTOM
    }

    /// Space left on the current page.
    pub fn remaining(&self) -> f32 {
        self.bottom() - self.y
    }

    pub fn page_index(&self) -> usize {
        self.pages.len() - 1
    }

    pub fn new_page(&mut self) {
        self.pages.push(Page::default());
        self.y = MARGIN_TOP;
    }

    /// Starts a new page unless `h` points still fit (or the page is empty).
    pub fn ensure(&mut self, h: f32) {
        if self.y > MARGIN_TOP && self.remaining() < h {
            self.new_page();
        }
    }

    pub fn space(&mut self, h: f32) {
        self.y += h;
        if self.y > self.bottom() {
            self.new_page();
        }
    }

    fn push(&mut self, mut item: Item) {
        // Every text reaches the page through here: control characters and bidi
        // overrides from inputs are shown visibly, never put in the text layer.
        if let Item::Text { text, .. } = &mut item {
            if text.chars().any(crate::render::escape::is_hidden_control) {
                *text = crate::render::escape::terminal(text);
            }
        }
        if let Some(p) = self.pages.last_mut() {
            p.items.push(item);
        }
    }

    /// Draws text at an absolute position on the current page (for charts).
    pub fn text_at(&mut self, x: f32, baseline: f32, style: Style, text: &str) {
        self.push(Item::Text {
            x,
            y: baseline,
            size: style.size,
            face: style.face,
            color: style.color,
            text: text.to_string(),
        });
    }

    pub fn rect(&mut self, x: f32, y: f32, w: f32, h: f32, fill: Rgb) {
        self.push(Item::Rect { x, y, w, h, fill });
    }

    pub fn line(&mut self, x1: f32, y1: f32, x2: f32, y2: f32, width: f32, color: Rgb) {
        self.push(Item::Line {
            x1,
            y1,
            x2,
            y2,
            width,
            color,
        });
    }

    pub fn measure(&self, style: Style, text: &str) -> f32 {
        let text = crate::render::escape::terminal(text);
        self.fonts.width(style.face, &text, style.size)
    }

    /// Reserves a block of height `h` (on a new page if needed) and returns its
    /// top; the caller draws into it with `text_at`, `rect`, `line`.
    pub fn block(&mut self, h: f32) -> f32 {
        self.ensure(h);
        let top = self.y;
        self.y += h;
        top
    }

    /// A heading; level 1 and 2 go into the outline. Kept with the next lines.
    pub fn heading(&mut self, level: u8, text: &str) {
        let (size, before, after) = match level {
            1 => (15.0, 14.0, 6.0),
            2 => (11.5, 10.0, 4.0),
            _ => (10.0, 7.0, 2.0),
        };
        let style = Style {
            size,
            face: Face::Bold,
            color: if level == 1 { ACCENT } else { BLACK },
        };
        let lines = wrap(self.fonts, Face::Bold, size, text, self.content_width());
        let h = lines.len() as f32 * style.line_height();
        if self.y > MARGIN_TOP {
            self.y += before;
        }
        // Keep with at least three body lines.
        self.ensure(h + after + 3.0 * Style::BODY.line_height());
        if level <= 2 {
            self.outline.push(OutlineEntry {
                title: crate::render::escape::terminal(text),
                level,
                page: self.page_index(),
                y: self.y,
            });
        }
        self.lines(&lines, style, self.left());
        if level == 1 {
            let y = self.y + 1.0;
            let (l, w) = (self.left(), self.content_width());
            self.line(l, y, l + w, y, 0.8, ACCENT);
            self.y += 2.0;
        }
        self.y += after;
    }

    fn lines(&mut self, lines: &[String], style: Style, x: f32) {
        let lh = style.line_height();
        for l in lines {
            if self.remaining() < lh {
                self.new_page();
            }
            let baseline = self.y + style.size;
            self.text_at(x, baseline, style, l);
            self.y += lh;
        }
    }

    /// A wrapped paragraph.
    pub fn paragraph(&mut self, text: &str, style: Style) {
        let lines = wrap(
            self.fonts,
            style.face,
            style.size,
            text,
            self.content_width(),
        );
        self.lines(&lines, style, self.left());
        self.y += style.size * 0.45;
    }

    /// A label in bold followed by text, wrapped as one paragraph.
    pub fn labelled(&mut self, label: &str, text: &str) {
        let lw = self.measure(Style::BOLD, label) + 4.0;
        let avail = self.content_width() - lw;
        if avail < 120.0 {
            self.paragraph(label, Style::BOLD);
            self.paragraph(text, Style::BODY);
            return;
        }
        let lines = wrap(self.fonts, Face::Regular, Style::BODY.size, text, avail);
        let lh = Style::BODY.line_height();
        self.ensure(lh);
        let baseline = self.y + Style::BODY.size;
        let x = self.left();
        self.text_at(x, baseline, Style::BOLD, label);
        self.lines(&lines, Style::BODY, x + lw);
        self.y += Style::BODY.size * 0.3;
    }

    /// A numbered list (1., 2., …), wrapped under the text.
    pub fn numbered(&mut self, items: &[String], style: Style) {
        let indent = 14.0;
        for (i, item) in items.iter().enumerate() {
            let lines = wrap(
                self.fonts,
                style.face,
                style.size,
                item,
                self.content_width() - indent,
            );
            if self.remaining() < style.line_height() {
                self.new_page();
            }
            let baseline = self.y + style.size;
            let x = self.left();
            self.text_at(x, baseline, style, &format!("{}.", i + 1));
            self.lines(&lines, style, x + indent);
            self.y += style.size * 0.2;
        }
        self.y += style.size * 0.3;
    }

    /// A bulleted list.
    pub fn bullets(&mut self, items: &[String], style: Style) {
        let indent = 12.0;
        for item in items {
            let lines = wrap(
                self.fonts,
                style.face,
                style.size,
                item,
                self.content_width() - indent,
            );
            if self.remaining() < style.line_height() {
                self.new_page();
            }
            let baseline = self.y + style.size;
            let x = self.left();
            self.text_at(x + 2.0, baseline, style, "•");
            self.lines(&lines, style, x + indent);
            self.y += style.size * 0.2;
        }
        self.y += style.size * 0.3;
    }

    /// A table that breaks across pages and repeats its header row. A row is
    /// kept whole when it fits on a page; a taller row is split between lines.
    pub fn table(&mut self, columns: &[Column], rows: &[Vec<Cell>]) {
        let total: f32 = columns
            .iter()
            .map(|c| c.width)
            .sum::<f32>()
            .max(f32::EPSILON);
        let mut widths: Vec<f32> = columns
            .iter()
            .map(|c| c.width / total * self.content_width())
            .collect();
        // A column is at least as wide as the longest word of its head and of its
        // cells (a word longer than a third of the page aside: a URL or a hash breaks
        // anyway), so words do not break; the columns with room to spare give it up in
        // proportion. When the spare room is not enough for every column, the columns
        // that need the least get theirs first and the rest keep their width.
        let longest = |style: Style, text: &str| {
            text.split([' ', '\n'])
                .map(|w| self.measure(style, w))
                .fold(0.0, f32::max)
        };
        let cap = self.content_width() / 3.0;
        let need: Vec<f32> = columns
            .iter()
            .enumerate()
            .map(|(i, c)| {
                let cells = rows
                    .iter()
                    .filter_map(|r| r.get(i))
                    .map(|cell| longest(cell.style, &cell.text).min(cap))
                    .fold(0.0, f32::max);
                longest(Style::TABLE_HEAD, &c.head).max(cells) + 2.0 * CELL_PAD + WORD_AIR
            })
            .collect();
        let spare: f32 = widths
            .iter()
            .zip(&need)
            .map(|(w, n)| (w - n).max(0.0))
            .sum();
        let mut short: Vec<(usize, f32)> = widths
            .iter()
            .zip(&need)
            .enumerate()
            .filter(|(_, (w, n))| n > w)
            .map(|(i, (w, n))| (i, n - w))
            .collect();
        short.sort_by(|a, b| a.1.total_cmp(&b.1).then(a.0.cmp(&b.0)));
        let mut given = 0.0;
        let mut grow = vec![false; widths.len()];
        for (i, d) in short {
            if given + d <= spare {
                given += d;
                grow[i] = true;
            }
        }
        if given > 0.0 {
            for (i, (w, n)) in widths.iter_mut().zip(&need).enumerate() {
                if grow[i] {
                    *w = *n;
                } else if *w > *n {
                    *w -= (*w - n) / spare * given;
                }
            }
        }
        let head_cells: Vec<Cell> = columns.iter().map(|c| Cell::bold(c.head.clone())).collect();
        let head = self.wrap_row(&head_cells, &widths);
        let head_h = row_height(&head, &head_cells);
        let wrapped: Vec<Vec<Vec<String>>> =
            rows.iter().map(|r| self.wrap_row(r, &widths)).collect();
        // Header plus the first row must fit together.
        let first_h = wrapped
            .first()
            .zip(rows.first())
            .map(|(w, r)| row_height(w, r))
            .unwrap_or(0.0);
        self.ensure(head_h + first_h.min(PAGE_HEIGHT / 3.0));
        self.draw_row(&head, &head_cells, &widths, columns, true, 0);
        for (i, (cells, row)) in wrapped.iter().zip(rows).enumerate() {
            let h = row_height(cells, row);
            let page_room = self.bottom() - MARGIN_TOP - head_h;
            if self.remaining() < h && h <= page_room {
                self.new_page();
                self.draw_row(&head, &head_cells, &widths, columns, true, 0);
            }
            if self.remaining() >= h {
                self.draw_row(cells, row, &widths, columns, false, i);
                continue;
            }
            // Taller than a page: split between lines.
            let max_lines = cells.iter().map(Vec::len).max().unwrap_or(0);
            let mut from = 0;
            while from < max_lines {
                let lh = row
                    .iter()
                    .map(|c| c.style.line_height())
                    .fold(0.0, f32::max);
                let fit = (((self.remaining() - 2.0 * CELL_PAD) / lh).floor() as usize).max(1);
                let to = (from + fit).min(max_lines);
                let part: Vec<Vec<String>> = cells
                    .iter()
                    .map(|c| c.iter().skip(from).take(to - from).cloned().collect())
                    .collect();
                self.draw_row(&part, row, &widths, columns, false, i);
                from = to;
                if from < max_lines {
                    self.new_page();
                    self.draw_row(&head, &head_cells, &widths, columns, true, 0);
                }
            }
        }
        self.y += 6.0;
    }

    fn wrap_row(&self, cells: &[Cell], widths: &[f32]) -> Vec<Vec<String>> {
        cells
            .iter()
            .zip(widths)
            .map(|(c, w)| {
                wrap(
                    self.fonts,
                    c.style.face,
                    c.style.size,
                    &c.text,
                    w - 2.0 * CELL_PAD,
                )
            })
            .collect()
    }

    fn draw_row(
        &mut self,
        lines: &[Vec<String>],
        cells: &[Cell],
        widths: &[f32],
        columns: &[Column],
        head: bool,
        index: usize,
    ) {
        let h = row_height(lines, cells);
        let x0 = self.left();
        let w: f32 = widths.iter().sum();
        let top = self.y;
        if head {
            self.rect(x0, top, w, h, LIGHT);
        } else if index % 2 == 1 {
            self.rect(x0, top, w, h, Rgb(0.975, 0.978, 0.982));
        }
        let mut x = x0;
        for ((cell_lines, cell), (width, col)) in
            lines.iter().zip(cells).zip(widths.iter().zip(columns))
        {
            let mut baseline = top + CELL_PAD + cell.style.size;
            for l in cell_lines {
                let tx = match col.align {
                    Align::Left => x + CELL_PAD,
                    Align::Right => x + width - CELL_PAD - self.measure(cell.style, l),
                };
                self.text_at(tx, baseline, cell.style, l);
                baseline += cell.style.line_height();
            }
            x += width;
        }
        let bottom = top + h;
        self.line(
            x0,
            bottom,
            x0 + w,
            bottom,
            if head { 0.7 } else { 0.3 },
            RULE,
        );
        self.y = bottom;
    }

    /// Finishes the document: running header, footer and page numbers.
    pub fn finish(mut self) -> Document {
        let n = self.pages.len();
        let small = Style::SMALL;
        for (i, page) in self.pages.iter_mut().enumerate() {
            let mut deco = Vec::new();
            let hy = 36.0;
            deco.push(Item::Text {
                x: MARGIN_X,
                y: hy,
                size: small.size,
                face: Face::Regular,
                color: GREY,
                text: self.setup.header_left.clone(),
            });
            let rw = self
                .fonts
                .width(Face::Regular, &self.setup.header_right, small.size);
            deco.push(Item::Text {
                x: PAGE_WIDTH - MARGIN_X - rw,
                y: hy,
                size: small.size,
                face: Face::Regular,
                color: GREY,
                text: self.setup.header_right.clone(),
            });
            deco.push(Item::Line {
                x1: MARGIN_X,
                y1: hy + 5.0,
                x2: PAGE_WIDTH - MARGIN_X,
                y2: hy + 5.0,
                width: 0.4,
                color: RULE,
            });
            let fy = PAGE_HEIGHT - 34.0;
            deco.push(Item::Line {
                x1: MARGIN_X,
                y1: fy - 10.0,
                x2: PAGE_WIDTH - MARGIN_X,
                y2: fy - 10.0,
                width: 0.4,
                color: RULE,
            });
            deco.push(Item::Text {
                x: MARGIN_X,
                y: fy,
                size: small.size,
                face: Face::Regular,
                color: GREY,
                text: self.setup.footer_left.clone(),
            });
            let label = (self.setup.page_label)(i + 1, n);
            let lw = self.fonts.width(Face::Regular, &label, small.size);
            deco.push(Item::Text {
                x: PAGE_WIDTH - MARGIN_X - lw,
                y: fy,
                size: small.size,
                face: Face::Regular,
                color: GREY,
                text: label,
            });
            // Header first, then the body, then the footer: the reading order
            // text extraction gives back.
            let body = std::mem::take(&mut page.items);
            let footer = deco.split_off(3);
            page.items = deco;
            page.items.extend(body);
            page.items.extend(footer);
        }
        Document {
            pages: self.pages,
            outline: self.outline,
        }
    }
}

fn row_height(lines: &[Vec<String>], cells: &[Cell]) -> f32 {
    lines
        .iter()
        .zip(cells)
        .map(|(l, c)| l.len().max(1) as f32 * c.style.line_height())
        .fold(0.0, f32::max)
        + 2.0 * CELL_PAD
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A fixed-pitch font: every character 500 units of 1000, so widths are easy to reason about.
    fn mono() -> Fonts {
        let chars: Vec<(char, f32)> = (' '..='~').chain(['•', 'ä']).map(|c| (c, 500.0)).collect();
        let m = Font::synthetic("Mono", 1000.0, 800.0, &chars);
        Fonts::new(m.clone(), m, Vec::new())
    }

    fn setup() -> PageSetup {
        PageSetup {
            header_left: "T".into(),
            header_right: "D".into(),
            footer_left: "F".into(),
            page_label: Box::new(|x, y| format!("Page {x} of {y}")),
        }
    }

    #[test]
    fn wraps_at_spaces_by_measured_width() {
        let f = mono();
        // 10 pt, 5 pt per character: 50 pt holds 10 characters.
        let lines = wrap(&f, Face::Regular, 10.0, "aaaa bbbb cccc dd", 50.0);
        assert_eq!(lines, ["aaaa bbbb", "cccc dd"]);
        // No-break space keeps words together; long words break by character.
        let lines = wrap(&f, Face::Regular, 10.0, "12\u{a0}€ xxxxxxxxxxxxxxx", 50.0);
        assert_eq!(lines[0], "12\u{a0}€");
        assert_eq!(lines[1], "xxxxxxxxxx");
        assert_eq!(lines[2], "xxxxx");
        assert_eq!(wrap(&f, Face::Regular, 10.0, "a\nb", 50.0), ["a", "b"]);
        // An over-long word breaks after a hyphen first, and the next word follows.
        let lines = wrap(&f, Face::Regular, 10.0, "Muss-Kriterien offen", 50.0);
        assert_eq!(lines, ["Muss-", "Kriterien", "offen"]);
        // A word that fits a line of its own is never split.
        let lines = wrap(&f, Face::Regular, 10.0, "ab Muss-Krit x", 50.0);
        assert_eq!(lines, ["ab", "Muss-Krit", "x"]);
    }

    #[test]
    fn long_table_breaks_and_repeats_its_header() {
        let f = mono();
        let mut l = Layout::new(&f, setup());
        let cols = vec![
            Column {
                head: "Head A".into(),
                width: 1.0,
                align: Align::Left,
            },
            Column {
                head: "Head B".into(),
                width: 1.0,
                align: Align::Right,
            },
        ];
        let rows: Vec<Vec<Cell>> = (0..200)
            .map(|i| vec![Cell::new(format!("row {i}")), Cell::new("x")])
            .collect();
        l.table(&cols, &rows);
        let doc = l.finish();
        assert!(doc.pages.len() >= 3, "{} pages", doc.pages.len());
        for (i, p) in doc.pages.iter().enumerate() {
            let texts: Vec<&str> = p
                .items
                .iter()
                .filter_map(|it| match it {
                    Item::Text { text, .. } => Some(text.as_str()),
                    _ => None,
                })
                .collect();
            assert!(texts.contains(&"Head A"), "page {i} lacks the header row");
            assert!(texts.contains(&format!("Page {} of {}", i + 1, doc.pages.len()).as_str()));
            // Nothing is drawn below the bottom margin except the footer.
            for it in &p.items {
                if let Item::Text { y, text, .. } = it {
                    assert!(
                        *y <= PAGE_HEIGHT - MARGIN_BOTTOM + 1.0
                            || text.starts_with("Page")
                            || text == "F",
                        "{text} at {y}"
                    );
                }
            }
        }
        // Every row appears exactly once.
        let all: Vec<String> = doc
            .pages
            .iter()
            .flat_map(|p| p.items.iter())
            .filter_map(|it| match it {
                Item::Text { text, .. } if text.starts_with("row ") => Some(text.clone()),
                _ => None,
            })
            .collect();
        assert_eq!(all.len(), 200);
    }

    #[test]
    fn headings_go_into_the_outline_and_are_not_stranded() {
        let f = mono();
        let mut l = Layout::new(&f, setup());
        // Fill the page almost to the bottom.
        while l.remaining() > 30.0 {
            l.paragraph("filler", Style::BODY);
        }
        l.heading(1, "Chapter");
        l.paragraph("text", Style::BODY);
        l.heading(2, "Section");
        let doc = l.finish();
        assert_eq!(doc.outline.len(), 2);
        assert_eq!(doc.outline[0].page, 1, "heading moved to the next page");
        assert_eq!(doc.outline[1].level, 2);
    }

    #[test]
    fn a_row_taller_than_a_page_is_split() {
        let f = mono();
        let mut l = Layout::new(&f, setup());
        let cols = vec![Column {
            head: "H".into(),
            width: 1.0,
            align: Align::Left,
        }];
        let long = vec!["word"; 3000].join(" ");
        l.table(&cols, &[vec![Cell::new(long)]]);
        let doc = l.finish();
        assert!(doc.pages.len() >= 2);
        let words: usize = doc
            .pages
            .iter()
            .flat_map(|p| p.items.iter())
            .map(|it| match it {
                Item::Text { text, .. } => text.matches("word").count(),
                _ => 0,
            })
            .sum();
        assert_eq!(words, 3000);
    }
}
