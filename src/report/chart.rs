//! The report's charts, laid out once here: axis scaling with round tick values, the
//! cost bars with their ranges, the value map with its Pareto front — and the complete
//! drawing of each ([`Drawing`]: rectangles, lines and text in points), which the PDF
//! (`render::pdf`) and the HTML's inline SVG (`templates/partials/*.html`) both draw
//! mark by mark. So both show the same picture, and the rules hold for both:
//!
//! - every axis has a title; the chart title claims only what is drawn (ranges only
//!   when some bar has one);
//! - value labels sit in their own column right of the plot, so they never cross a
//!   bar, a whisker, a gridline or each other; tick labels are thinned until they fit;
//! - bar labels are wrapped to their column (two lines at most, then shortened with
//!   "…"; the full name is in the cost table) and never reach the bars;
//! - offers are told apart by the country of their region (`Nebius · 8× H200-SXM ·
//!   Finland`), and by the offer where that is not enough;
//! - value-map labels are placed where they hit no point, no other label and stay
//!   inside the plot; a point whose name finds no place gets its number, with the key
//!   below the map;
//! - everything lies within [`WIDTH`] × `height`, i.e. inside the page's text area.
//!
//! Text is measured with the PDF's own fonts (`crate::fonts`), so the PDF places it
//! exactly; the browser's font may differ a little, which the margins absorb.

use rust_decimal::prelude::ToPrimitive;
use rust_decimal::Decimal;
use serde::{Deserialize, Serialize};

use super::{Bar, BarChart, Figure, Money, Tick, ValueMap, ValuePoint};
use crate::fonts::{Face, Fonts};
use crate::i18n::{self, Lang};
use crate::model::provider::ProviderProfile;
use crate::model::Amount;

/// Width of every chart drawing, in points: the PDF's text width (A4 less 2 × 50 pt).
pub const WIDTH: f64 = 495.0;
/// Font sizes, points.
const LABEL_SIZE: f64 = 8.0;
const TICK_SIZE: f64 = 7.0;
const LINE: f64 = 10.0;

/// A chart as drawn: marks in points, origin top left, y downwards; text `y` is the
/// baseline.
#[derive(Debug, Clone, PartialEq, Default, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Drawing {
    pub width: f64,
    pub height: f64,
    pub marks: Vec<Mark>,
}

/// One thing drawn.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(tag = "kind", rename_all = "snake_case", deny_unknown_fields)]
pub enum Mark {
    Rect {
        x: f64,
        y: f64,
        w: f64,
        h: f64,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        fill: Option<Tone>,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        stroke: Option<Tone>,
    },
    Line {
        x1: f64,
        y1: f64,
        x2: f64,
        y2: f64,
        tone: Tone,
        width: f64,
    },
    Text {
        x: f64,
        y: f64,
        size: f64,
        bold: bool,
        anchor: Anchor,
        tone: Tone,
        text: String,
    },
}

/// Colours of the report (the PDF's palette, the HTML's CSS variables).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Tone {
    Ink,
    Grey,
    Rule,
    Light,
    Accent,
    AccentLight,
    /// The plot background.
    Plot,
}

/// Where `x` is on a text: its start, middle or end.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Anchor {
    Start,
    Middle,
    End,
}

/// Marks with coordinates rounded to 0.1 pt (stable JSON).
#[derive(Default)]
struct Pen {
    marks: Vec<Mark>,
}

fn r1(v: f64) -> f64 {
    (v * 10.0).round() / 10.0
}

impl Pen {
    fn rect(&mut self, x: f64, y: f64, w: f64, h: f64, fill: Option<Tone>, stroke: Option<Tone>) {
        self.marks.push(Mark::Rect {
            x: r1(x),
            y: r1(y),
            w: r1(w),
            h: r1(h),
            fill,
            stroke,
        });
    }
    fn line(&mut self, x1: f64, y1: f64, x2: f64, y2: f64, tone: Tone, width: f64) {
        self.marks.push(Mark::Line {
            x1: r1(x1),
            y1: r1(y1),
            x2: r1(x2),
            y2: r1(y2),
            tone,
            width,
        });
    }
    #[allow(clippy::too_many_arguments)]
    fn text(
        &mut self,
        x: f64,
        y: f64,
        size: f64,
        bold: bool,
        anchor: Anchor,
        tone: Tone,
        text: &str,
    ) {
        self.marks.push(Mark::Text {
            x: r1(x),
            y: r1(y),
            size,
            bold,
            anchor,
            tone,
            text: text.to_string(),
        });
    }
    /// An arrow to the right from (x, y), `len` long: "the value lies further right".
    fn arrow(&mut self, x: f64, y: f64, len: f64, tone: Tone) {
        self.line(x, y, x + len, y, tone, 0.8);
        self.line(x + len - 3.0, y - 2.5, x + len, y, tone, 0.8);
        self.line(x + len - 3.0, y + 2.5, x + len, y, tone, 0.8);
    }
}

/// Width of `text` in points, measured with the PDF's fonts.
pub fn measure(text: &str, size: f64, bold: bool) -> f64 {
    let face = if bold { Face::Bold } else { Face::Regular };
    match Fonts::shared() {
        Ok(f) => f64::from(f.width(face, text, size as f32)),
        // The fonts are compiled in; should they ever not parse, a generous estimate.
        Err(_) => text.chars().count() as f64 * size * 0.62,
    }
}

/// `text` wrapped to `width` in at most `max_lines` lines; the last line shortened
/// with "…" when the text does not fit.
fn wrap(text: &str, size: f64, bold: bool, width: f64, max_lines: usize) -> Vec<String> {
    let mut lines: Vec<String> = Vec::new();
    let mut line = String::new();
    for word in text.split(' ').filter(|w| !w.is_empty()) {
        let candidate = if line.is_empty() {
            word.to_string()
        } else {
            format!("{line} {word}")
        };
        if measure(&candidate, size, bold) <= width {
            line = candidate;
            continue;
        }
        if !line.is_empty() {
            lines.push(std::mem::take(&mut line));
        }
        // A word wider than the column is broken between characters.
        for c in word.chars() {
            line.push(c);
            if measure(&line, size, bold) > width && line.chars().count() > 1 {
                line.pop();
                lines.push(std::mem::take(&mut line));
                line.push(c);
            }
        }
    }
    if !line.is_empty() {
        lines.push(line);
    }
    if lines.len() > max_lines {
        lines.truncate(max_lines);
        if let Some(last) = lines.last_mut() {
            while !last.is_empty() && measure(&format!("{last}…"), size, bold) > width {
                last.pop();
            }
            last.push('…');
        }
    }
    lines
}

/// An axis from 0 to a round maximum at or above `max`, with 4–6 ticks at
/// 1, 2 or 5 × 10^k steps.
pub fn nice_axis(max: Decimal) -> (Decimal, Vec<Decimal>) {
    nice_axis_within(max, 7)
}

/// [`nice_axis`] with at most `intervals` intervals.
fn nice_axis_within(max: Decimal, intervals: u32) -> (Decimal, Vec<Decimal>) {
    if max <= Decimal::ZERO {
        return (Decimal::ONE, vec![Decimal::ZERO, Decimal::ONE]);
    }
    // pow: the power of ten with pow <= max < 10 * pow.
    let mut pow = Decimal::ONE;
    while pow * Decimal::TEN <= max {
        pow *= Decimal::TEN;
    }
    while pow > max && pow > Decimal::new(1, 6) {
        pow /= Decimal::TEN;
    }
    // The smallest round step that needs at most `intervals` intervals.
    let tenth = pow / Decimal::TEN;
    let candidates = [
        tenth,
        tenth * Decimal::TWO,
        tenth * Decimal::from(5),
        pow,
        pow * Decimal::TWO,
        pow * Decimal::from(5),
        pow * Decimal::TEN,
        pow * Decimal::from(20),
        pow * Decimal::from(50),
    ];
    let limit = Decimal::from(intervals.max(1));
    let step = candidates
        .into_iter()
        .find(|s| !s.is_zero() && (max / *s).ceil() <= limit)
        .unwrap_or(pow * Decimal::ONE_HUNDRED);
    let mut ticks = vec![Decimal::ZERO];
    let mut v = Decimal::ZERO;
    while v < max {
        v += step;
        ticks.push(v);
    }
    (v, ticks)
}

/// The axis with the most ticks whose labels (`label`) fit side by side on `length`
/// points, at least 4 points apart.
fn fitting_axis(
    max: Decimal,
    length: f64,
    label: impl Fn(Decimal) -> String,
) -> (Decimal, Vec<Decimal>) {
    for intervals in (1..=7).rev() {
        let (axis, ticks) = nice_axis_within(max, intervals);
        let n = ticks.len().saturating_sub(1).max(1) as f64;
        let widest = ticks
            .iter()
            .map(|t| measure(&label(*t), TICK_SIZE, false))
            .fold(0.0, f64::max);
        if widest + 4.0 <= length / n {
            return (axis, ticks);
        }
    }
    nice_axis_within(max, 1)
}

fn frac(v: Decimal, max: Decimal) -> f64 {
    if max.is_zero() {
        return 0.0;
    }
    let f = (v / max).to_f64().unwrap_or(0.0);
    // Three decimals are plenty for drawing and keep the JSON short and stable.
    (f.clamp(0.0, 1.0) * 1000.0).round() / 1000.0
}

fn money(lang: Lang, amount: Decimal, currency: &str, places: u32) -> Money {
    Money {
        amount: Amount(amount),
        currency: currency.to_string(),
        text: i18n::money_places(lang, amount, currency, places),
    }
}

/// The country of an offer's region in the reader's language (`Finland`), else the
/// region's name as the provider writes it; `None` without a region.
pub fn place(
    providers: &[ProviderProfile],
    provider_id: &str,
    region: Option<&str>,
    lang: Lang,
) -> Option<String> {
    let region = region?;
    let country = providers
        .iter()
        .find(|p| p.id == provider_id)
        .and_then(|p| p.regions.iter().find(|r| r.id == region))
        .map(|r| r.country.clone());
    Some(match country {
        Some(code) => {
            let name = i18n::t(lang, &format!("country_{}", code.to_ascii_lowercase()));
            if name.is_empty() {
                code
            } else {
                name.to_string()
            }
        }
        None => region.to_string(),
    })
}

/// One bar to draw: label, low, mid, high (report currency), highlighted?
pub struct BarInput {
    /// Provider and GPUs, e.g. `Nebius · 8× H200-SXM`.
    pub label: String,
    /// Where the offer runs (see [`place`]), added to the label.
    pub place: Option<String>,
    /// The offer's own name, added where provider, GPUs and place are not enough.
    pub offer: String,
    pub low: Decimal,
    pub mid: Decimal,
    pub high: Decimal,
    pub highlight: bool,
    /// Only a lower bound is known: `low`, `mid` and `high` are that bound.
    pub comparable: bool,
}

/// Labels that tell every bar apart: provider · GPUs · place, and the offer where two
/// would read the same.
fn bar_labels(bars: &[BarInput]) -> Vec<String> {
    let base: Vec<String> = bars
        .iter()
        .map(|b| match &b.place {
            Some(p) => format!("{} · {p}", b.label),
            None => b.label.clone(),
        })
        .collect();
    base.iter()
        .zip(bars)
        .map(|(l, b)| {
            if base.iter().filter(|o| *o == l).count() > 1 && !b.offer.is_empty() {
                format!("{l} ({})", b.offer)
            } else {
                l.clone()
            }
        })
        .collect()
}

fn has_range(b: &BarInput) -> bool {
    !b.comparable && b.high > b.low
}

pub fn bar_chart(bars: &[BarInput], currency: &str, lang: Lang) -> BarChart {
    let t = |k: &str| i18n::t(lang, k).to_string();
    let labels = bar_labels(bars);
    let ranged = bars.iter().any(has_range);
    let comparable = bars.iter().any(|b| b.comparable);
    let title = match (ranged, comparable) {
        (true, true) => t("chart_cost_title_mixed"),
        (true, false) => t("chart_cost_title_range"),
        (false, true) => t("chart_cost_title_comparable"),
        (false, false) => t("chart_cost_title"),
    };
    let max = bars
        .iter()
        .map(|b| b.high.max(b.mid))
        .max()
        .unwrap_or_default();
    // What the value column shows: the point estimate, "≥" for a lower bound.
    let value_text = |b: &BarInput| {
        let m = i18n::money_places(lang, b.mid, currency, 0);
        if b.comparable {
            format!("≥\u{a0}{m}")
        } else {
            m
        }
    };
    let values: Vec<String> = bars.iter().map(value_text).collect();

    // Columns: labels | gap | plot (+ room for whisker caps and arrows) | values.
    let head_offer = t("chart_axis_offer");
    let head_total = t("chart_axis_total");
    let value_w = values
        .iter()
        .map(|v| measure(v, LABEL_SIZE, false))
        .chain([measure(&head_total, LABEL_SIZE, true)])
        .fold(0.0, f64::max);
    let label_need = labels
        .iter()
        .map(|l| measure(l, LABEL_SIZE, false))
        .chain([measure(&head_offer, LABEL_SIZE, true)])
        .fold(0.0, f64::max);
    let label_w = label_need.clamp(80.0, WIDTH * 0.36);
    let x0 = label_w + 10.0;
    let x1 = WIDTH - value_w - 16.0;
    let plot_w = (x1 - x0).max(1.0);
    let money0 = |v: Decimal| i18n::money_places(lang, v, currency, 0);
    let (axis_max, ticks) = fitting_axis(max, plot_w, money0);
    let x_of = |f: f64| x0 + plot_w * f;

    let mut pen = Pen::default();
    let head_base = LABEL_SIZE;
    pen.text(
        0.0,
        head_base,
        LABEL_SIZE,
        true,
        Anchor::Start,
        Tone::Ink,
        &head_offer,
    );
    pen.text(
        WIDTH,
        head_base,
        LABEL_SIZE,
        true,
        Anchor::End,
        Tone::Ink,
        &head_total,
    );
    let top = head_base + 6.0;
    // Rows: as tall as their label.
    let wrapped: Vec<Vec<String>> = labels
        .iter()
        .map(|l| wrap(l, LABEL_SIZE, false, label_w, 2))
        .collect();
    let row_h: Vec<f64> = wrapped
        .iter()
        .map(|w| (w.len() as f64 * LINE + 6.0).max(16.0))
        .collect();
    let axis_y = top + row_h.iter().sum::<f64>() + 2.0;
    // Gridlines behind the bars, then the axis.
    for tk in &ticks {
        let x = x_of(frac(*tk, axis_max));
        pen.line(x, top, x, axis_y, Tone::Rule, 0.3);
    }
    pen.line(x0, axis_y, x1, axis_y, Tone::Grey, 0.6);
    let bar_h = 9.0;
    let mut y = top;
    let mut out_bars = Vec::with_capacity(bars.len());
    for (((b, lines), h), (label, value)) in bars
        .iter()
        .zip(&wrapped)
        .zip(&row_h)
        .zip(labels.iter().zip(&values))
    {
        let mid_y = y + h / 2.0;
        // Label lines, centred on the row.
        let first = mid_y - (lines.len() as f64 * LINE) / 2.0 + LABEL_SIZE - 0.5;
        for (i, l) in lines.iter().enumerate() {
            pen.text(
                0.0,
                first + i as f64 * LINE,
                LABEL_SIZE,
                false,
                Anchor::Start,
                Tone::Ink,
                l,
            );
        }
        let (low, mid, high) = (
            frac(b.low, axis_max),
            frac(b.mid, axis_max),
            frac(b.high, axis_max),
        );
        let fill = if b.highlight {
            Tone::Accent
        } else {
            Tone::AccentLight
        };
        let bar_y = mid_y - bar_h / 2.0;
        let bw = (plot_w * mid).max(0.5);
        if b.comparable {
            // An open bar with an arrow: the complete total lies above.
            pen.rect(x0, bar_y, bw, bar_h, None, Some(fill));
            pen.arrow(x0 + bw, mid_y, 9.0, fill);
        } else {
            pen.rect(x0, bar_y, bw, bar_h, Some(fill), None);
            if has_range(b) {
                let (xl, xh) = (x_of(low), x_of(high));
                pen.line(xl, mid_y, xh, mid_y, Tone::Ink, 0.8);
                pen.line(xl, bar_y + 1.5, xl, bar_y + bar_h - 1.5, Tone::Ink, 0.8);
                pen.line(xh, bar_y + 1.5, xh, bar_y + bar_h - 1.5, Tone::Ink, 0.8);
            }
        }
        pen.text(
            WIDTH,
            mid_y + 3.0,
            LABEL_SIZE,
            false,
            Anchor::End,
            Tone::Ink,
            value,
        );
        out_bars.push(Bar {
            label: label.clone(),
            low,
            mid,
            high,
            text: if b.comparable {
                format!(
                    "{} ({})",
                    i18n::money_places(lang, b.mid, currency, 0),
                    i18n::t(lang, "comparable")
                )
            } else {
                i18n::money_places(lang, b.mid, currency, 0)
            },
            highlight: b.highlight,
            comparable: b.comparable,
        });
        y += h;
    }
    // Tick labels, the axis title.
    let tick_y = axis_y + 9.0;
    let out_ticks: Vec<Tick> = ticks
        .iter()
        .map(|tk| {
            let at = frac(*tk, axis_max);
            let label = money0(*tk);
            pen.text(
                x_of(at),
                tick_y,
                TICK_SIZE,
                false,
                Anchor::Middle,
                Tone::Grey,
                &label,
            );
            Tick { at, label }
        })
        .collect();
    let axis_title = i18n::fill(lang, "chart_axis_cost", &[("currency", currency)]);
    pen.text(
        (x0 + x1) / 2.0,
        tick_y + 11.0,
        LABEL_SIZE,
        false,
        Anchor::Middle,
        Tone::Ink,
        &axis_title,
    );
    // Legend: only what the chart shows.
    // The colour swatches look like the bars: filled unless every bar is open.
    let open = bars.iter().all(|b| b.comparable);
    let mut legend: Vec<(Swatch, String)> = Vec::new();
    if bars.iter().any(|b| b.highlight) {
        legend.push((Swatch::Bar(Tone::Accent, open), t("chart_legend_top3")));
    }
    if bars.iter().any(|b| !b.highlight) {
        legend.push((
            Swatch::Bar(Tone::AccentLight, open),
            t("chart_legend_other"),
        ));
    }
    if ranged {
        legend.push((Swatch::Whisker, t("chart_legend_range")));
    }
    if comparable {
        legend.push((Swatch::OpenBar, t("chart_legend_comparable")));
    }
    let bottom = draw_legend(&mut pen, &legend, tick_y + 16.0);
    BarChart {
        title,
        axis_max: money(lang, axis_max, currency, 0),
        ticks: out_ticks,
        bars: out_bars,
        drawing: Drawing {
            width: WIDTH,
            height: r1(bottom),
            marks: pen.marks,
        },
    }
}

/// The small sample in front of a legend entry.
#[derive(Clone, Copy)]
enum Swatch {
    /// A bar of this colour, open (outlined) or filled.
    Bar(Tone, bool),
    Whisker,
    OpenBar,
    Point {
        filled: bool,
    },
    Arrow,
}

/// Legend entries flowing left to right, wrapping to new lines; returns the bottom.
fn draw_legend(pen: &mut Pen, entries: &[(Swatch, String)], top: f64) -> f64 {
    let sw = 14.0;
    let mut x = 0.0;
    let mut base = top + LABEL_SIZE;
    for (swatch, text) in entries {
        let tw = measure(text, TICK_SIZE, false);
        let need = sw + 3.0 + tw;
        if x > 0.0 && x + need > WIDTH {
            x = 0.0;
            base += LINE;
        }
        let mid = base - 2.5;
        match swatch {
            Swatch::Bar(tone, false) => pen.rect(x, mid - 3.5, sw, 7.0, Some(*tone), None),
            Swatch::Bar(tone, true) => pen.rect(x, mid - 3.5, sw, 7.0, None, Some(*tone)),
            Swatch::Whisker => {
                pen.line(x + 1.0, mid, x + sw - 1.0, mid, Tone::Ink, 0.8);
                pen.line(x + 1.0, mid - 3.0, x + 1.0, mid + 3.0, Tone::Ink, 0.8);
                pen.line(
                    x + sw - 1.0,
                    mid - 3.0,
                    x + sw - 1.0,
                    mid + 3.0,
                    Tone::Ink,
                    0.8,
                );
            }
            Swatch::OpenBar => {
                pen.rect(x, mid - 3.5, sw - 6.0, 7.0, None, Some(Tone::Accent));
                pen.arrow(x + sw - 6.0, mid, 6.0, Tone::Accent);
            }
            Swatch::Point { filled } => {
                let c = x + sw / 2.0;
                if *filled {
                    pen.rect(c - 3.5, mid - 3.5, 7.0, 7.0, Some(Tone::Accent), None);
                } else {
                    pen.rect(
                        c - 3.5,
                        mid - 3.5,
                        7.0,
                        7.0,
                        Some(Tone::Light),
                        Some(Tone::Grey),
                    );
                }
            }
            Swatch::Arrow => pen.arrow(x + 1.0, mid, sw - 2.0, Tone::Grey),
        }
        // A legend entry longer than the whole width wraps inside itself.
        let lines = wrap(text, TICK_SIZE, false, WIDTH - sw - 3.0, 3);
        for (i, l) in lines.iter().enumerate() {
            pen.text(
                x + sw + 3.0,
                base + i as f64 * LINE,
                TICK_SIZE,
                false,
                Anchor::Start,
                Tone::Grey,
                l,
            );
        }
        if lines.len() > 1 {
            base += (lines.len() - 1) as f64 * LINE;
            x = WIDTH;
        } else {
            x += need + 12.0;
        }
    }
    base + 4.0
}

/// One option on the value map.
pub struct PointInput {
    pub provider_id: String,
    pub label: String,
    pub score: f64,
    pub cost: Decimal,
    /// The cost is a lower bound.
    pub comparable: bool,
}

/// True when `a` is at least as good as `b` on both axes and better on one
/// (higher score, lower cost).
fn dominates(a: &PointInput, b: &PointInput) -> bool {
    a.score >= b.score && a.cost <= b.cost && (a.score > b.score || a.cost < b.cost)
}

/// A box on the drawing: x, y (top), w, h.
#[derive(Clone, Copy)]
struct Boxed(f64, f64, f64, f64);

impl Boxed {
    fn hits(&self, o: &Boxed) -> bool {
        self.0 < o.0 + o.2 && o.0 < self.0 + self.2 && self.1 < o.1 + o.3 && o.1 < self.1 + self.3
    }
    fn inside(&self, o: &Boxed) -> bool {
        self.0 >= o.0
            && self.1 >= o.1
            && self.0 + self.2 <= o.0 + o.2
            && self.1 + self.3 <= o.1 + o.3
    }
}

pub fn value_map(points: &[PointInput], currency: &str, lang: Lang, note: String) -> ValueMap {
    let t = |k: &str| i18n::t(lang, k).to_string();
    let max = points.iter().map(|p| p.cost).max().unwrap_or_default();
    // Score axis from 0 to a round value at or above the best score (at most 100),
    // so low scores do not crowd at the bottom.
    let best = points.iter().map(|p| p.score).fold(0.0_f64, f64::max);
    let (y_axis, y_ticks) = nice_axis(
        Decimal::from_str_exact(&format!("{:.1}", best.clamp(1.0, 100.0)))
            .unwrap_or(Decimal::ONE_HUNDRED),
    );
    let y_max = y_axis.to_f64().unwrap_or(100.0).clamp(1.0, 100.0);
    let y_labels: Vec<String> = y_ticks.iter().map(|v| i18n::number(lang, *v, 0)).collect();
    let money0 = |v: Decimal| i18n::money_places(lang, v, currency, 0);

    // Plot area: room left for the score labels, right for half the last cost label.
    let x0 = y_labels
        .iter()
        .map(|l| measure(l, TICK_SIZE, false))
        .fold(0.0, f64::max)
        + 8.0;
    let provisional_last = measure(&money0(nice_axis(max).0), TICK_SIZE, false);
    let x1 = WIDTH - provisional_last / 2.0 - 2.0;
    let plot_w = x1 - x0;
    let (axis_max, ticks) = fitting_axis(max, plot_w, money0);
    let top = 16.0;
    let plot_h = 220.0;
    let bottom = top + plot_h;
    let px = |f: f64| x0 + plot_w * f;
    let py = |f: f64| bottom - plot_h * f;

    let mut pen = Pen::default();
    pen.text(
        0.0,
        8.0,
        LABEL_SIZE,
        false,
        Anchor::Start,
        Tone::Ink,
        &t("chart_axis_score"),
    );
    pen.rect(x0, top, plot_w, plot_h, Some(Tone::Plot), None);
    let out_y_ticks: Vec<Tick> = y_ticks
        .iter()
        .zip(&y_labels)
        .map(|(v, label)| {
            let at = frac(*v, y_axis);
            pen.line(x0, py(at), x1, py(at), Tone::Rule, 0.3);
            pen.text(
                x0 - 4.0,
                py(at) + 2.5,
                TICK_SIZE,
                false,
                Anchor::End,
                Tone::Grey,
                label,
            );
            Tick {
                at,
                label: label.clone(),
            }
        })
        .collect();
    let out_x_ticks: Vec<Tick> = ticks
        .iter()
        .map(|v| {
            let at = frac(*v, axis_max);
            let label = money0(*v);
            pen.line(px(at), top, px(at), bottom, Tone::Rule, 0.3);
            pen.text(
                px(at),
                bottom + 11.0,
                TICK_SIZE,
                false,
                Anchor::Middle,
                Tone::Grey,
                &label,
            );
            Tick { at, label }
        })
        .collect();
    pen.line(x0, bottom, x1, bottom, Tone::Grey, 0.6);
    pen.line(x0, top, x0, bottom, Tone::Grey, 0.6);
    let axis_title = i18n::fill(lang, "chart_axis_cost", &[("currency", currency)]);
    pen.text(
        (x0 + x1) / 2.0,
        bottom + 22.0,
        LABEL_SIZE,
        false,
        Anchor::Middle,
        Tone::Ink,
        &axis_title,
    );

    let out: Vec<ValuePoint> = points
        .iter()
        .map(|p| ValuePoint {
            provider_id: p.provider_id.clone(),
            label: p.label.clone(),
            score: Figure {
                value: (p.score * 10.0).round() / 10.0,
                text: i18n::number_f64(lang, p.score, 1),
            },
            cost: money(lang, p.cost, currency, 2),
            x: frac(p.cost, axis_max),
            y: ((p.score / y_max).clamp(0.0, 1.0) * 1000.0).round() / 1000.0,
            pareto: !points.iter().any(|q| dominates(q, p)),
            comparable: p.comparable,
        })
        .collect();

    // Markers (and arrows for lower bounds) first: labels must avoid all of them.
    let r = 3.5;
    let mut taken: Vec<Boxed> = Vec::new();
    for p in &out {
        let (x, y) = (px(p.x), py(p.y));
        if p.pareto {
            pen.rect(x - r, y - r, 2.0 * r, 2.0 * r, Some(Tone::Accent), None);
        } else {
            pen.rect(
                x - r,
                y - r,
                2.0 * r,
                2.0 * r,
                Some(Tone::Light),
                Some(Tone::Grey),
            );
        }
        taken.push(Boxed(
            x - r - 1.0,
            y - r - 1.0,
            2.0 * r + 2.0,
            2.0 * r + 2.0,
        ));
        if p.comparable {
            pen.arrow(x + r, y, 9.0, Tone::Grey);
            taken.push(Boxed(x + r, y - 3.0, 9.0, 6.0));
        }
    }
    // Labels: the name where it finds room, else the point's number (key below).
    let area = Boxed(x0 + 1.0, top + 1.0, plot_w - 2.0, plot_h - 2.0);
    let mut keyed: Vec<(usize, &ValuePoint)> = Vec::new();
    for (i, p) in out.iter().enumerate() {
        let (x, y) = (px(p.x), py(p.y));
        let bold = p.pareto;
        let number = (i + 1).to_string();
        let mut placed = false;
        for (text, is_name) in [(p.label.as_str(), true), (number.as_str(), false)] {
            let w = measure(text, LABEL_SIZE, bold);
            let h = LABEL_SIZE + 1.0;
            let gap = if p.comparable { 13.0 } else { 3.0 };
            // Right, left, above, below the marker.
            let candidates = [
                (x + r + gap, y - h / 2.0),
                (x - r - 3.0 - w, y - h / 2.0),
                (x - w / 2.0, y - r - 2.0 - h),
                (x - w / 2.0, y + r + 2.0),
            ];
            if let Some((bx, by)) = candidates.into_iter().find(|(bx, by)| {
                let b = Boxed(*bx - 1.0, *by, w + 2.0, h);
                b.inside(&area) && !taken.iter().any(|o| o.hits(&b))
            }) {
                // A plot-coloured backing keeps gridlines from crossing the label.
                pen.rect(bx - 1.0, by, w + 2.0, h, Some(Tone::Plot), None);
                pen.text(
                    bx,
                    by + LABEL_SIZE - 0.5,
                    LABEL_SIZE,
                    bold,
                    Anchor::Start,
                    Tone::Ink,
                    text,
                );
                taken.push(Boxed(bx - 1.0, by, w + 2.0, h));
                if !is_name {
                    keyed.push((i, p));
                }
                placed = true;
                break;
            }
        }
        if !placed {
            keyed.push((i, p));
        }
    }
    // The key for points shown by number (or not labelled at all), then the legend.
    let mut y = bottom + 34.0;
    for (i, p) in &keyed {
        let line = format!(
            "{} = {}: {} · {}",
            i + 1,
            p.label,
            p.score.text,
            p.cost.text
        );
        for l in wrap(&line, TICK_SIZE, false, WIDTH, 2) {
            pen.text(0.0, y, TICK_SIZE, false, Anchor::Start, Tone::Ink, &l);
            y += LINE;
        }
    }
    let mut legend = Vec::new();
    if out.iter().any(|p| p.pareto) {
        legend.push((Swatch::Point { filled: true }, t("chart_legend_pareto")));
    }
    if out.iter().any(|p| !p.pareto) {
        legend.push((Swatch::Point { filled: false }, t("chart_legend_beaten")));
    }
    if out.iter().any(|p| p.comparable) {
        legend.push((Swatch::Arrow, t("chart_legend_lower")));
    }
    let end = draw_legend(&mut pen, &legend, y - LABEL_SIZE + 2.0);
    ValueMap {
        points: out,
        x_ticks: out_x_ticks,
        y_ticks: out_y_ticks,
        note,
        drawing: Drawing {
            width: WIDTH,
            height: r1(end),
            marks: pen.marks,
        },
    }
}

impl Drawing {
    /// The box of every text mark, measured with the PDF's fonts: (x, top, w, h).
    pub fn text_boxes(&self) -> Vec<(f64, f64, f64, f64, &str)> {
        self.marks
            .iter()
            .filter_map(|m| match m {
                Mark::Text {
                    x,
                    y,
                    size,
                    bold,
                    anchor,
                    text,
                    ..
                } => {
                    let w = measure(text, *size, *bold);
                    let left = match anchor {
                        Anchor::Start => *x,
                        Anchor::Middle => x - w / 2.0,
                        Anchor::End => x - w,
                    };
                    Some((left, y - size * 0.8, w, *size, text.as_str()))
                }
                _ => None,
            })
            .collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::str::FromStr;

    fn d(s: &str) -> Decimal {
        Decimal::from_str(s).unwrap()
    }

    #[test]
    fn axis_is_round_and_covers_the_maximum() {
        let (max, ticks) = nice_axis(d("12345"));
        assert_eq!(max, d("14000"));
        assert_eq!(ticks.first(), Some(&Decimal::ZERO));
        assert_eq!(ticks.len(), 8); // 0, 2000, … 14000
        let (max, ticks) = nice_axis(d("0.8"));
        assert_eq!(max, d("0.8"));
        assert!(ticks.len() >= 4);
        let (max, _) = nice_axis(d("100"));
        assert_eq!(max, d("100"));
        assert_eq!(nice_axis(Decimal::ZERO).0, Decimal::ONE);
        // Fewer intervals when asked: 12,345 in at most 3 → 5,000 steps.
        assert_eq!(nice_axis_within(d("12345"), 3).0, d("15000"));
    }

    fn point(id: &str, score: f64, cost: &str) -> PointInput {
        PointInput {
            provider_id: id.into(),
            label: id.into(),
            score,
            cost: d(cost),
            comparable: false,
        }
    }

    #[test]
    fn pareto_front_marks_undominated_options() {
        let pts = vec![
            point("cheap", 60.0, "100"),
            point("best", 90.0, "300"),
            point("dominated", 55.0, "200"), // cheap is better and cheaper
            point("middle", 75.0, "150"),
            point("tie", 90.0, "300"), // equal to best: neither dominates
        ];
        let map = value_map(&pts, "EUR", Lang::En, String::new());
        let front: Vec<_> = map
            .points
            .iter()
            .filter(|p| p.pareto)
            .map(|p| p.provider_id.as_str())
            .collect();
        assert_eq!(front, ["cheap", "best", "middle", "tie"]);
        assert!(map.points.iter().all(|p| (0.0..=1.0).contains(&p.x)));
        // Score axis: 0 to 100 here (best score 90); the best point sits at 0.9.
        assert_eq!(map.y_ticks.last().map(|t| t.label.as_str()), Some("100"));
        assert_eq!(map.points[1].y, 0.9);
        let low = value_map(
            &[point("a", 14.0, "10"), point("b", 5.1, "20")],
            "EUR",
            Lang::En,
            String::new(),
        );
        assert_eq!(low.y_ticks.last().map(|t| t.label.as_str()), Some("14"));
        assert_eq!(low.points[0].y, 1.0);
    }

    fn bar(label: &str, place: Option<&str>, low: &str, mid: &str, high: &str) -> BarInput {
        BarInput {
            label: label.into(),
            place: place.map(Into::into),
            offer: format!("offer-{mid}"),
            low: d(low),
            mid: d(mid),
            high: d(high),
            highlight: true,
            comparable: false,
        }
    }

    #[test]
    fn bars_are_fractions_of_the_axis() {
        let chart = bar_chart(&[bar("a", None, "900", "1000", "1100")], "EUR", Lang::De);
        assert_eq!(chart.axis_max.amount, Amount(d("1200")));
        let b = &chart.bars[0];
        assert_eq!((b.low, b.mid, b.high), (0.75, 0.833, 0.917));
        assert_eq!(b.text, "1.000\u{a0}€");
    }

    #[test]
    fn the_title_claims_ranges_only_when_a_bar_has_one() {
        let ranged = bar_chart(&[bar("a", None, "900", "1000", "1100")], "EUR", Lang::En);
        assert!(ranged.title.contains("range"), "{}", ranged.title);
        let mut lower = bar("a", None, "1000", "1000", "1000");
        lower.comparable = true;
        let open = bar_chart(&[lower], "EUR", Lang::En);
        assert!(!open.title.contains("range"), "{}", open.title);
        let flat = bar_chart(&[bar("a", None, "1000", "1000", "1000")], "EUR", Lang::En);
        assert_eq!(flat.title, "Total cost per offer");
    }

    #[test]
    fn offers_are_told_apart_by_place_then_by_offer() {
        let bars = [
            bar("Nebius · 8× H200-SXM", Some("Finland"), "1", "2", "3"),
            bar("Nebius · 8× H200-SXM", Some("France"), "1", "2", "3"),
            bar("Nebius · 8× H100-SXM", Some("Finland"), "1", "2", "3"),
            bar("Nebius · 8× H100-SXM", Some("Finland"), "1", "4", "5"),
        ];
        let labels = bar_labels(&bars);
        assert_eq!(labels[0], "Nebius · 8× H200-SXM · Finland");
        assert_eq!(labels[1], "Nebius · 8× H200-SXM · France");
        assert_eq!(labels[2], "Nebius · 8× H100-SXM · Finland (offer-2)");
        let unique: std::collections::BTreeSet<_> = labels.iter().collect();
        assert_eq!(unique.len(), 4);
    }

    /// No two text boxes overlap, none leaves the drawing, and no text crosses a bar, a
    /// marker or a gridline (a line hidden under a label's backing, drawn after it, does
    /// not count).
    fn assert_clean(d: &Drawing) {
        let boxes = d.text_boxes();
        let overlaps = |a: (f64, f64, f64, f64), x: f64, y: f64, w: f64, h: f64| {
            a.0 < x + w && x < a.0 + a.2 && a.1 < y + h && y < a.1 + a.3
        };
        for (i, a) in boxes.iter().enumerate() {
            let ab = (a.0, a.1, a.2, a.3);
            assert!(
                a.0 >= -0.01
                    && a.0 + a.2 <= d.width + 0.01
                    && a.1 >= -0.01
                    && a.1 + a.3 <= d.height + 0.01,
                "{a:?} leaves the drawing ({} × {})",
                d.width,
                d.height
            );
            for b in &boxes[i + 1..] {
                assert!(!overlaps(ab, b.0, b.1, b.2, b.3), "{a:?} overlaps {b:?}");
            }
            // The backing drawn for this label, if any: a plot-coloured rectangle around it.
            let backing = d.marks.iter().position(|m| {
                matches!(m, Mark::Rect { x, y, w, h, fill: Some(Tone::Plot), .. }
                    if *x <= a.0 + 0.2 && *y <= a.1 + 0.2 && x + w >= a.0 + a.2 - 0.2 && y + h >= a.1 + a.3 - 0.2
                    && *w < 300.0)
            });
            for (k, m) in d.marks.iter().enumerate() {
                let gridline = matches!(
                    m,
                    Mark::Line {
                        tone: Tone::Rule,
                        ..
                    }
                );
                if gridline && backing.is_some_and(|b| k < b) {
                    continue;
                }
                let (x, y, w, h) = match m {
                    Mark::Line { x1, y1, x2, y2, .. } => {
                        (x1.min(*x2), y1.min(*y2), (x2 - x1).abs(), (y2 - y1).abs())
                    }
                    Mark::Rect {
                        fill: Some(Tone::Plot),
                        ..
                    }
                    | Mark::Text { .. } => continue,
                    Mark::Rect { x, y, w, h, .. } => (*x, *y, *w, *h),
                };
                assert!(!overlaps(ab, x, y, w, h), "text {a:?} crosses {m:?}");
            }
        }
    }

    #[test]
    fn bar_chart_text_never_overlaps_and_stays_inside() {
        let long = "Amazon Web Services EMEA SARL Niederlassung Deutschland Hochleistungsrechenzentrum Frankfurt am Main (AWS) · 8× H200-SXM";
        let mut bars = vec![
            bar(long, Some("Germany"), "250000", "265674", "301000"),
            bar(
                "阿里云 Alibaba Cloud 🚀 · 8× H200-SXM",
                Some("Finland"),
                "90000",
                "106446",
                "120000",
            ),
            bar(
                "شركة الحوسبة السحابية · 1× H100",
                Some("France"),
                "1",
                "5",
                "9",
            ),
            bar("ענן ישראלי (Israel) בע\"מ · 1× L40S", None, "0", "0", "0"),
        ];
        bars[1].comparable = true;
        for lang in Lang::ALL {
            let chart = bar_chart(&bars, "EUR", lang);
            assert_clean(&chart.drawing);
            assert!(chart.drawing.height < 400.0);
        }
        // Twenty bars (the most the report draws) with large values.
        let many: Vec<BarInput> = (0..20)
            .map(|i| {
                bar(
                    &format!("Provider {i} · 8× H100-SXM"),
                    Some("Germany"),
                    "1000000",
                    &format!("{}", 1_200_000 + i * 50_000),
                    "2500000",
                )
            })
            .collect();
        assert_clean(&bar_chart(&many, "EUR", Lang::De).drawing);
    }

    #[test]
    fn value_map_labels_never_overlap() {
        // Points close together and on top of each other: names where they fit, else numbers.
        let mut pts: Vec<PointInput> = (0..12)
            .map(|i| {
                point(
                    &format!("Provider number {i}"),
                    50.0 + f64::from(i % 3),
                    &format!("{}", 100000 + i * 1000),
                )
            })
            .collect();
        pts.push(point("阿里云 Alibaba Cloud 🚀", 50.0, "100000"));
        pts[3].comparable = true;
        for lang in Lang::ALL {
            let map = value_map(&pts, "EUR", lang, String::new());
            assert_clean(&map.drawing);
            // Every point is named: on the map or in the key.
            let text: String = map
                .drawing
                .marks
                .iter()
                .filter_map(|m| match m {
                    Mark::Text { text, .. } => Some(text.as_str()),
                    _ => None,
                })
                .collect::<Vec<_>>()
                .join("\n");
            for p in &pts {
                assert!(text.contains(&p.label), "{} is not named", p.label);
            }
        }
    }
}
