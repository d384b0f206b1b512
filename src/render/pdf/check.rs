//! The layout rules on the laid-out document: no two text boxes overlap, none leaves the
//! page or runs into the right margin (issue 14: the layout test; `scripts/check-pdf.sh`
//! checks the same on the PDF with `pdftotext -bbox-layout`).

use super::layout::{self, Document, Fonts, Item};
use super::{embedded_fonts, lay_out, Edition, RenderError};
use crate::report::Report;

/// Where the laid-out report (each of its editions) breaks the layout rules: two text items whose boxes
/// overlap, or a text item outside the page or in the right margin. A box spans the
/// item's measured width and the text face's ascent and descent around its baseline.
/// Empty when the layout is clean (a test checks the real report in both languages and
/// with names in every script; `scripts/check-pdf.sh` checks the same on the PDF with
/// `pdftotext -bbox-layout`).
pub fn layout_problems(report: &Report) -> Result<Vec<String>, RenderError> {
    let fonts = embedded_fonts()?;
    let mut problems = Vec::new();
    for edition in Edition::ALL {
        for problem in text_box_problems(&lay_out(report, edition, fonts), fonts) {
            problems.push(format!("{edition}: {problem}"));
        }
    }
    Ok(problems)
}

/// [`layout_problems`] for a laid-out document.
pub fn text_box_problems(doc: &Document, fonts: &Fonts) -> Vec<String> {
    let up = fonts.regular.ascent / fonts.regular.units_per_em;
    let down = -fonts.regular.descent / fonts.regular.units_per_em;
    let right = layout::PAGE_WIDTH - layout::MARGIN_X + 0.5;
    let mut problems = Vec::new();
    for (n, page) in doc.pages.iter().enumerate() {
        let mut boxes: Vec<(f32, f32, f32, f32, &str)> = page
            .items
            .iter()
            .filter_map(|it| match it {
                Item::Text {
                    x,
                    y,
                    size,
                    face,
                    text,
                    ..
                } if !text.trim().is_empty() => {
                    let w = fonts.width(*face, text, *size);
                    Some((*x, y - up * size, x + w, y + down * size, text.as_str()))
                }
                _ => None,
            })
            .collect();
        boxes.sort_by(|a, b| a.1.total_cmp(&b.1));
        for (i, a) in boxes.iter().enumerate() {
            if a.0 < 0.0 || a.1 < 0.0 || a.2 > right || a.3 > layout::PAGE_HEIGHT {
                problems.push(format!(
                    "page {}: {:?} leaves the page or runs into the right margin ({:.1}–{:.1})",
                    n + 1,
                    a.4,
                    a.0,
                    a.2
                ));
            }
            for b in &boxes[i + 1..] {
                if b.1 >= a.3 {
                    break;
                }
                let across = a.2.min(b.2) - a.0.max(b.0);
                let height = a.3.min(b.3) - a.1.max(b.1);
                if across > 0.01 && height > 0.01 {
                    problems.push(format!(
                        "page {}: {:?} overlaps {:?} ({across:.1} pt across)",
                        n + 1,
                        a.4,
                        b.4
                    ));
                }
            }
        }
    }
    problems
}
