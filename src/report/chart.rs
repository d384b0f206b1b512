//! Chart geometry for the report: axis scaling with round tick values, bar
//! fractions with range whiskers, and the value map with its Pareto front.
//! Computed once here so the HTML (SVG) and the PDF draw the same picture.

use rust_decimal::prelude::ToPrimitive;
use rust_decimal::Decimal;

use super::{Bar, BarChart, Figure, Money, Tick, ValueMap, ValuePoint};
use crate::i18n::{self, Lang};
use crate::model::Amount;

/// An axis from 0 to a round maximum at or above `max`, with 4–6 ticks at
/// 1, 2 or 5 × 10^k steps.
pub fn nice_axis(max: Decimal) -> (Decimal, Vec<Decimal>) {
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
    // The smallest round step that needs at most seven intervals.
    let tenth = pow / Decimal::TEN;
    let candidates = [
        tenth,
        tenth * Decimal::TWO,
        tenth * Decimal::from(5),
        pow,
        pow * Decimal::TWO,
        pow * Decimal::from(5),
        pow * Decimal::TEN,
    ];
    let step = candidates
        .into_iter()
        .find(|s| !s.is_zero() && (max / *s).ceil() <= Decimal::from(7))
        .unwrap_or(pow * Decimal::TEN);
    let mut ticks = vec![Decimal::ZERO];
    let mut v = Decimal::ZERO;
    while v < max {
        v += step;
        ticks.push(v);
    }
    (v, ticks)
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

/// One bar to draw: label, low, mid, high (report currency), highlighted?
pub struct BarInput {
    pub label: String,
    pub low: Decimal,
    pub mid: Decimal,
    pub high: Decimal,
    pub highlight: bool,
    /// Only a lower bound is known: `low`, `mid` and `high` are that bound.
    pub comparable: bool,
}

pub fn bar_chart(title: String, bars: &[BarInput], currency: &str, lang: Lang) -> BarChart {
    let max = bars
        .iter()
        .map(|b| b.high.max(b.mid))
        .max()
        .unwrap_or_default();
    let (axis_max, ticks) = nice_axis(max);
    BarChart {
        title,
        axis_max: money(lang, axis_max, currency, 0),
        ticks: ticks
            .iter()
            .map(|t| Tick {
                at: frac(*t, axis_max),
                label: i18n::money_places(lang, *t, currency, 0),
            })
            .collect(),
        bars: bars
            .iter()
            .map(|b| Bar {
                label: b.label.clone(),
                low: frac(b.low, axis_max),
                mid: frac(b.mid, axis_max),
                high: frac(b.high, axis_max),
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
            })
            .collect(),
    }
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

pub fn value_map(points: &[PointInput], currency: &str, lang: Lang, note: String) -> ValueMap {
    let max = points.iter().map(|p| p.cost).max().unwrap_or_default();
    let (axis_max, ticks) = nice_axis(max);
    // Score axis from 0 to a round value at or above the best score (at most 100),
    // so low scores do not crowd at the bottom.
    let best = points.iter().map(|p| p.score).fold(0.0_f64, f64::max);
    let (y_axis, y_ticks) = nice_axis(
        Decimal::from_str_exact(&format!("{:.1}", best.clamp(1.0, 100.0)))
            .unwrap_or(Decimal::ONE_HUNDRED),
    );
    let y_max = y_axis.to_f64().unwrap_or(100.0).clamp(1.0, 100.0);
    let out = points
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
    ValueMap {
        points: out,
        x_ticks: ticks
            .iter()
            .map(|t| Tick {
                at: frac(*t, axis_max),
                label: i18n::money_places(lang, *t, currency, 0),
            })
            .collect(),
        y_ticks: y_ticks
            .iter()
            .map(|t| Tick {
                at: frac(*t, y_axis),
                label: i18n::number(lang, *t, 0),
            })
            .collect(),
        note,
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
    }

    #[test]
    fn pareto_front_marks_undominated_options() {
        let p = |id: &str, score: f64, cost: &str| PointInput {
            provider_id: id.into(),
            label: id.into(),
            score,
            cost: d(cost),
            comparable: false,
        };
        let pts = vec![
            p("cheap", 60.0, "100"),
            p("best", 90.0, "300"),
            p("dominated", 55.0, "200"), // cheap is better and cheaper
            p("middle", 75.0, "150"),
            p("tie", 90.0, "300"), // equal to best: neither dominates
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
            &[p("a", 14.0, "10"), p("b", 5.1, "20")],
            "EUR",
            Lang::En,
            String::new(),
        );
        assert_eq!(low.y_ticks.last().map(|t| t.label.as_str()), Some("14"));
        assert_eq!(low.points[0].y, 1.0);
    }

    #[test]
    fn bars_are_fractions_of_the_axis() {
        let chart = bar_chart(
            "t".into(),
            &[BarInput {
                label: "a".into(),
                low: d("900"),
                mid: d("1000"),
                high: d("1100"),
                highlight: true,
                comparable: false,
            }],
            "EUR",
            Lang::De,
        );
        assert_eq!(chart.axis_max.amount, Amount(d("1200")));
        let b = &chart.bars[0];
        assert_eq!((b.low, b.mid, b.high), (0.75, 0.833, 0.917));
        assert_eq!(b.text, "1.000\u{a0}€");
    }
}
