//! Draws a chart (`report::chart`'s drawing: rectangles, lines and text in points) into
//! the PDF layout — the same marks the HTML's inline SVG draws.

use super::layout::{Face, Layout, Style, ACCENT, ACCENT_LIGHT, BLACK, GREY, LIGHT, PLOT, RULE};
use crate::report::{Drawing, Mark};

/// A chart as `report::chart` laid it out, mark by mark, in a block of its height
/// (the same drawing the HTML shows as SVG).
pub(super) fn drawing(p: &mut Layout<'_>, d: &Drawing) {
    use crate::report::chart::{Anchor, Tone};
    let tone = |t: Tone| match t {
        Tone::Ink => BLACK,
        Tone::Grey => GREY,
        Tone::Rule => RULE,
        Tone::Light => LIGHT,
        Tone::Accent => ACCENT,
        Tone::AccentLight => ACCENT_LIGHT,
        Tone::Plot => PLOT,
    };
    let top = p.block(d.height as f32);
    let left = p.left();
    for m in &d.marks {
        match m {
            Mark::Rect {
                x,
                y,
                w,
                h,
                fill,
                stroke,
            } => {
                let (x, y, w, h) = (left + *x as f32, top + *y as f32, *w as f32, *h as f32);
                if let Some(f) = fill {
                    p.rect(x, y, w, h, tone(*f));
                }
                if let Some(s) = stroke {
                    let c = tone(*s);
                    p.line(x, y, x + w, y, 0.6, c);
                    p.line(x, y + h, x + w, y + h, 0.6, c);
                    p.line(x, y, x, y + h, 0.6, c);
                    p.line(x + w, y, x + w, y + h, 0.6, c);
                }
            }
            Mark::Line {
                x1,
                y1,
                x2,
                y2,
                tone: t,
                width,
            } => p.line(
                left + *x1 as f32,
                top + *y1 as f32,
                left + *x2 as f32,
                top + *y2 as f32,
                *width as f32,
                tone(*t),
            ),
            Mark::Text {
                x,
                y,
                size,
                bold,
                anchor,
                tone: t,
                text,
            } => {
                let style = Style {
                    size: *size as f32,
                    face: if *bold { Face::Bold } else { Face::Regular },
                    color: tone(*t),
                };
                let w = p.measure(style, text);
                let x = left + *x as f32
                    - match anchor {
                        Anchor::Start => 0.0,
                        Anchor::Middle => w / 2.0,
                        Anchor::End => w,
                    };
                p.text_at(x, top + *y as f32, style, text);
            }
        }
    }
    p.space(6.0);
}
