//! Renders a `CostComparison` as a human table, JSON or CSV. All three carry the
//! MLPerf sentence; a missing figure is printed as `missing: why`, never as 0.

use rust_decimal::Decimal;

use crate::cost::ownership::BreakEven;
use crate::cost::{fmt_f, text, CostComparison, LineKind, Money, OfferCost};
use crate::i18n::Lang;

/// `12345.6` → `12,345.60`.
pub fn money(d: Decimal) -> String {
    let s = format!("{:.2}", crate::cost::cents(d));
    let (sign, s) = match s.strip_prefix('-') {
        Some(r) => ("-", r.to_string()),
        None => ("", s),
    };
    let (int, frac) = s.split_once('.').unwrap_or((&s, "00"));
    let mut grouped = String::new();
    for (i, ch) in int.chars().enumerate() {
        if i > 0 && (int.len() - i) % 3 == 0 {
            grouped.push(',');
        }
        grouped.push(ch);
    }
    format!("{sign}{grouped}.{frac}")
}

/// JSON, pretty-printed, ending in a newline.
pub fn json(c: &CostComparison) -> String {
    let mut s =
        serde_json::to_string_pretty(c).unwrap_or_else(|e| format!("{{\"error\": \"{e}\"}}"));
    s.push('\n');
    s
}

fn line_amount(o: &OfferCost, k: LineKind) -> String {
    match o.lines.iter().find(|l| l.item == k) {
        Some(l) => match &l.amount {
            Money::Amount(a) => format!("{:.2}", a.0),
            Money::Missing(w) => format!("missing: {w}"),
        },
        None => String::new(),
    }
}

fn plain(x: &Money) -> String {
    match x {
        Money::Amount(a) => format!("{:.2}", a.0),
        Money::Missing(w) => format!("missing: {w}"),
    }
}

/// CSV: one row per offer, sorted like the table; every row carries the MLPerf note.
/// Written by the `csv` crate through the one escaping registry (`render::escape`): text
/// from files (IDs, regions, models) gets the formula guard; amounts and our own words do
/// not. Line ends are LF, as this output always had.
pub fn csv(c: &CostComparison) -> String {
    use crate::render::escape::{Cell, Csv};
    let mut out = Csv::lf();
    out.header(&[
        "rank",
        "provider_id",
        "offer_id",
        "region",
        "gpu_model",
        "gpus_per_instance",
        "instances",
        "basis",
        "factor",
        "basis_explanation",
        "compute_seconds",
        "time_to_result_hours",
        "billed_seconds",
        "compute_on_demand",
        "storage",
        "egress",
        "operation",
        "subtotal",
        "buffer",
        "total",
        "known_part",
        "comparable_subtotal",
        "comparable_buffer",
        "comparable_total",
        "comparable_excludes",
        "total_low",
        "total_high",
        "spot_total",
        "currency",
        "assumptions",
        "benchmark_note",
    ]);
    let excludes = c
        .comparison_basis
        .excluded
        .iter()
        .map(|e| format!("{}: {}", e.item.as_str(), e.reason))
        .collect::<Vec<_>>()
        .join("; ");
    let num = |s: String| Cell::Num(s);
    for o in &c.offers {
        let opt = |x: Option<u64>| Cell::opt(x);
        let comparable = |f: fn(&crate::cost::ComparableTotal) -> Decimal| {
            num(o
                .comparable
                .as_ref()
                .map(|x| format!("{:.2}", f(x)))
                .unwrap_or_default())
        };
        let explanation = c
            .gpu_bases
            .iter()
            .find(|b| b.gpu_model == o.gpu_model)
            .map_or_else(
                || o.basis_explanation.to_string(),
                |b| b.explanation.to_string(),
            );
        let assumptions = o.assumptions.join("; ");
        out.row(&[
            Cell::opt(o.rank),
            Cell::Text(&o.provider_id),
            Cell::Text(&o.offer_id),
            Cell::Text(&o.region),
            Cell::Text(&o.gpu_model),
            Cell::num(o.gpus_per_instance),
            Cell::num(o.instances),
            num(o.basis.as_str().to_string()),
            num(o.factor.map(fmt_f).unwrap_or_default()),
            Cell::Text(&explanation),
            opt(o.compute_seconds),
            Cell::opt(o.time_to_result_hours),
            opt(o.billed_seconds),
            num(line_amount(o, LineKind::ComputeOnDemand)),
            num(line_amount(o, LineKind::Storage)),
            num(line_amount(o, LineKind::Egress)),
            num(line_amount(o, LineKind::Operation)),
            num(plain(&o.totals.subtotal)),
            num(plain(&o.totals.buffer)),
            num(plain(&o.totals.total)),
            num(o
                .totals
                .known_part
                .map(|k| format!("{:.2}", k.0))
                .unwrap_or_default()),
            comparable(|x| x.subtotal.0),
            comparable(|x| x.buffer.0),
            comparable(|x| x.total.0),
            Cell::Text(if o.comparable.is_some() {
                &excludes
            } else {
                ""
            }),
            num(plain(&o.range.low)),
            num(plain(&o.range.high)),
            num(o
                .spot
                .as_ref()
                .map(|s| plain(&s.totals.total))
                .unwrap_or_default()),
            Cell::Text(&c.report_currency),
            Cell::Text(&assumptions),
            Cell::Text(c.benchmark_note),
        ]);
    }
    out.finish()
}

fn table(rows: &[Vec<String>], right: &[bool]) -> String {
    let cols = rows.first().map_or(0, Vec::len);
    let widths: Vec<usize> = (0..cols)
        .map(|i| rows.iter().map(|r| r[i].chars().count()).max().unwrap_or(0))
        .collect();
    let mut out = String::new();
    for r in rows {
        let mut line = String::new();
        for (i, cell) in r.iter().enumerate() {
            let pad = widths[i] - cell.chars().count();
            if i > 0 {
                line.push_str("  ");
            }
            if right.get(i).copied().unwrap_or(false) {
                line.push_str(&" ".repeat(pad));
                line.push_str(cell);
            } else {
                line.push_str(cell);
                line.push_str(&" ".repeat(pad));
            }
        }
        out.push_str(line.trim_end());
        out.push('\n');
    }
    out
}

/// The human-readable comparison in English.
pub fn human(c: &CostComparison) -> String {
    human_in(c, Lang::En)
}

/// The human-readable comparison in `lang`: fixed texts from `crate::cost::text`, computed
/// reasons translated by fragment, numbers in the language's format (`1.234,56` in German).
pub fn human_in(c: &CostComparison, lang: Lang) -> String {
    let tr = |k: &str| text::t(lang, k);
    let why = |w: &crate::cost::Why| w.render(lang);
    let mo = |d: Decimal| text::money(lang, d);
    let dec = |s: String| text::decimal_text(lang, &s);
    let m = |x: &Money| match x {
        Money::Amount(a) => mo(a.0),
        Money::Missing(w) => format!("{}: {}", tr("missing"), why(w)),
    };
    let short = |x: &Money| match x {
        Money::Amount(a) => mo(a.0),
        Money::Missing(_) => tr("missing"),
    };
    let cur = &c.report_currency;
    let w = &c.workload;
    let mut s = String::new();
    s.push_str(&format!(
        "{}: {} ({}, {} {})\n",
        tr("title"),
        w.name,
        w.job.as_str(),
        w.gpus_per_job,
        tr("gpus_per_job")
    ));
    s.push_str(&format!(
        "{}: {} = {} {}\n",
        tr("work"),
        w.work_calculation.render(lang),
        dec(fmt_f(w.total_work)),
        unit_word(lang, &w.work_unit)
    ));
    s.push_str(&format!(
        "{} ({}): {}\n",
        tr("reference"),
        tr(if c.reference.source == "measured" {
            "measured"
        } else {
            "benchmark-derived"
        }),
        c.reference.calculation.render(lang)
    ));
    s.push_str(&format!("{}: {cur}", tr("report_currency")));
    if !c.exchange_rates.is_empty() {
        let r: Vec<String> = c
            .exchange_rates
            .iter()
            .map(|r| {
                format!(
                    "1 {} = {} {cur} ({}{})",
                    r.from,
                    dec(r.rate.to_string()),
                    r.date,
                    r.source
                        .as_ref()
                        .map(|s| format!(", {s}"))
                        .unwrap_or_default()
                )
            })
            .collect();
        s.push_str(&format!("; {} {}", tr("rates"), r.join("; ")));
    }
    s.push('\n');
    if let Some(a) = &c.allowed_providers {
        s.push_str(&format!(
            "{} ({}): {}\n",
            tr("compared_only"),
            a.len(),
            if a.is_empty() {
                tr("none")
            } else {
                a.join(", ")
            }
        ));
    }
    s.push_str(&tr("mlperf"));
    s.push_str("\n\n");

    let mut rows = vec![vec![
        "#".to_string(),
        tr("col_offer"),
        tr("col_region"),
        tr("col_gpus"),
        tr("col_basis"),
        tr("col_hours"),
        format!("{} {cur}", tr("col_compute")),
        format!("{} {cur}", tr("col_comparable")),
        format!("{} {cur}", tr("col_total")),
        tr("col_range"),
        tr("col_spot"),
    ]];
    let mut any_assumed = false;
    for o in &c.offers {
        let star = if o.assumptions.iter().any(|a| a.not_stated()) {
            any_assumed = true;
            "*"
        } else {
            ""
        };
        let total = match (&o.totals.total, o.totals.known_part) {
            (Money::Amount(a), _) => mo(a.0),
            (Money::Missing(_), Some(k)) if o.basis != crate::cost::BasisKind::NoBasis => {
                format!("{} (≥ {})", tr("incomplete"), mo(k.0))
            }
            (Money::Missing(_), _) => tr("no_cost"),
        };
        rows.push(vec![
            o.rank.map(|r| r.to_string()).unwrap_or_else(|| "–".into()),
            format!("{}/{}{star}", o.provider_id, o.offer_id),
            o.region.to_string(),
            format!("{}×{}", o.instances * o.gpus_per_instance, o.gpu_model),
            match o.factor {
                Some(f) if o.basis == crate::cost::BasisKind::BenchmarkDerived => {
                    format!("{} ×{}", tr("bench"), dec(fmt_f(f)))
                }
                _ => tr(o.basis.as_str()),
            },
            o.time_to_result_hours
                .map(|h| dec(h.to_string()))
                .unwrap_or_else(|| "–".into()),
            match o.lines.iter().find(|l| l.item == LineKind::ComputeOnDemand) {
                Some(l) => short(&l.amount),
                None => "–".into(),
            },
            o.comparable
                .as_ref()
                .map_or_else(|| "–".into(), |c| mo(c.total.0)),
            total,
            match (&o.range.low, &o.range.high) {
                (Money::Amount(l), Money::Amount(h)) => format!("{}–{}", mo(l.0), mo(h.0)),
                _ => "–".into(),
            },
            match &o.spot {
                Some(sp) => short(&sp.totals.total),
                None => "–".into(),
            },
        ]);
    }
    s.push_str(&table(
        &rows,
        &[
            true, false, false, false, false, true, true, true, true, true, true,
        ],
    ));
    if any_assumed {
        s.push_str(&tr("assumed_note"));
        s.push('\n');
    }
    // Offers that do not qualify: counted always, listed on request, never ranked.
    if c.not_qualifying_count > 0 {
        let n = c.not_qualifying_count.to_string();
        if c.not_qualifying.is_empty() {
            s.push_str(&crate::i18n::fill(
                lang,
                "cost_not_qualifying_count",
                &[("n", &n)],
            ));
            s.push('\n');
        } else {
            s.push_str(&crate::i18n::fill(
                lang,
                "cost_not_qualifying_head",
                &[("n", &n)],
            ));
            s.push('\n');
            for o in &c.not_qualifying {
                // IDs, GPU models and countries are schema-checked; the reasons are ours.
                s.push_str(&format!(
                    "  {}/{} ({}{}) — {}: {}\n",
                    o.provider,
                    o.offer,
                    o.gpu_model,
                    o.country
                        .as_deref()
                        .map(|c| format!(", {c}"))
                        .unwrap_or_default(),
                    o.verdict.label(lang),
                    o.reasons.join("; "),
                ));
            }
        }
    }
    if c.offers.is_empty() {
        s.push_str(&tr("no_offers"));
        s.push('\n');
    } else if c.offers.iter().all(|o| o.rank.is_none()) {
        s.push_str(&tr("none_ranked"));
        s.push('\n');
    } else {
        let cb = &c.comparison_basis;
        let names: Vec<String> = cb.included.iter().map(|k| tr(k.as_str())).collect();
        let items = names.join(" + ");
        let buffer = dec(w.buffer_pct.to_string());
        if cb.excluded.is_empty() {
            s.push_str(&text::fill(
                lang,
                "ranked_total",
                &[("items", &items), ("buffer", &buffer)],
            ));
            s.push('\n');
        } else {
            s.push_str(&text::fill(
                lang,
                "ranked_comparable",
                &[("items", &items), ("buffer", &buffer)],
            ));
            s.push('\n');
            for e in &cb.excluded {
                s.push_str(&format!(
                    "  {}: {} — {} ({})\n",
                    tr(e.item.as_str()),
                    why(&e.reason),
                    text::fill(
                        lang,
                        "excluded_line",
                        &[
                            ("n", &e.missing_for.to_string()),
                            ("m", &e.ranked_offers.to_string())
                        ]
                    ),
                    e.providers.join(", ")
                ));
            }
            s.push_str(&tr("complete_shown"));
            s.push('\n');
        }
    }

    // Why offers have no complete total, grouped by reason.
    // Keyed by the English text, so the order is the same in both languages.
    let mut reasons: std::collections::BTreeMap<String, (&crate::cost::Why, Vec<String>)> =
        std::collections::BTreeMap::new();
    for o in c.offers.iter().filter(|o| o.total().is_none()) {
        if let Money::Missing(why) = &o.totals.total {
            reasons
                .entry(why.to_string())
                .or_insert_with(|| (why, Vec::new()))
                .1
                .push(format!("{}/{}", o.provider_id, o.offer_id));
        }
    }
    if !reasons.is_empty() {
        s.push_str(&format!("\n{}\n", tr("without_total")));
        for (w, offers) in reasons.into_values() {
            s.push_str(&format!(
                "  {}: {}\n    {}\n",
                tr("missing"),
                why(w),
                offers.join(", ")
            ));
        }
    }

    s.push_str(&format!("\n{}\n", tr("speed_basis")));
    for b in &c.gpu_bases {
        let unc = b
            .uncertainty_pct
            .map(|u| format!(" (±{} %)", dec(fmt_f(u))))
            .unwrap_or_default();
        s.push_str(&format!(
            "  {} — {}{unc}: {}\n",
            b.gpu_model,
            tr(b.basis.as_str()),
            why(&b.explanation)
        ));
    }

    // Generic GPU models the offers' own data settles (instance name, interconnect).
    let resolved: Vec<String> = c
        .offers
        .iter()
        .filter_map(|o| {
            o.gpu_model_resolved
                .as_ref()
                .map(|w| format!("  {}/{}: {}\n", o.provider_id, o.offer_id, why(w)))
        })
        .collect();
    if !resolved.is_empty() {
        s.push_str(&format!("\n{}\n", tr("gpu_resolved")));
        for r in resolved {
            s.push_str(&r);
        }
    }

    // Operation after the job: its own job on each provider's cheapest offer for it.
    if !c.operation_offers.is_empty() {
        s.push_str(&format!("\n{}\n", tr("operation_offers")));
        for op in &c.operation_offers {
            s.push_str(&format!(
                "  {}: {}\n",
                op.provider_id,
                match &op.missing {
                    Some(w) => format!("{}: {}", tr("missing"), why(w)),
                    None => op.describe(lang),
                }
            ));
        }
    }

    if let Some(best) = c.offers.iter().find(|o| o.rank == Some(1)) {
        s.push_str(&format!(
            "\n{}: {}/{} ({}, {})\n",
            tr("rank1"),
            best.provider_id,
            best.offer_id,
            best.provider_name,
            best.region
        ));
        if let Some(secs) = best.compute_seconds {
            s.push_str(&format!(
                "  {}: {} s = {} h; {} {}; {}\n",
                tr("compute_time"),
                secs,
                best.time_to_result_hours
                    .map(|h| dec(h.to_string()))
                    .unwrap_or_default(),
                tr("gpu_hours"),
                best.gpu_hours
                    .map(|h| dec(h.to_string()))
                    .unwrap_or_default(),
                text::fill(
                    lang,
                    "billed_per_instance",
                    &[("s", &best.billed_seconds.unwrap_or_default().to_string())]
                )
            ));
        }
        for l in &best.lines {
            s.push_str(&format!(
                "  {:<20} {:>14}  {}\n",
                tr(l.item.as_str()),
                m(&l.amount),
                l.calculation().render(lang)
            ));
        }
        s.push_str(&format!(
            "  {:<20} {:>14}\n",
            tr("subtotal"),
            m(&best.totals.subtotal)
        ));
        s.push_str(&format!(
            "  {:<20} {:>14}  {}\n",
            tr("buffer"),
            m(&best.totals.buffer),
            text::fill(
                lang,
                "buffer_of_subtotal",
                &[("p", &dec(w.buffer_pct.to_string()))]
            )
        ));
        s.push_str(&format!(
            "  {:<20} {:>14}  {cur}\n",
            tr("total"),
            m(&best.totals.total)
        ));
        if let (Some(cmp), Money::Missing(_)) = (&best.comparable, &best.totals.total) {
            s.push_str(&format!(
                "  {:<20} {:>14}  {} + {} % {} {}\n",
                tr("comparable_total"),
                mo(cmp.total.0),
                mo(cmp.subtotal.0),
                dec(w.buffer_pct.to_string()),
                tr("buffer"),
                mo(cmp.buffer.0)
            ));
        }
        if let Some(sp) = &best.spot {
            match &sp.compute.amount {
                Money::Amount(a) => s.push_str(&format!(
                    "  {}: {} {cur} ({}); {} {} {cur}\n",
                    tr("spot_compute"),
                    mo(a.0),
                    sp.compute.calculation().render(lang),
                    tr("spot_total"),
                    m(&sp.totals.total)
                )),
                Money::Missing(w) => s.push_str(&format!(
                    "  {}: {}: {}\n",
                    tr("spot"),
                    tr("missing"),
                    why(w)
                )),
            }
        }
        for a in best.assumptions.iter() {
            s.push_str(&format!("  {}: {}\n", tr("assumption"), a.render(lang)));
        }
    }

    let b = &c.budget;
    s.push_str(&format!("\n{}", tr("budget_advice")));
    match (&b.offer, &b.offer_detail) {
        (Some(_), Some(d)) => s.push_str(&format!(
            " ({} {}: {})",
            tr("for"),
            why(&b.chosen_text),
            d.label()
        )),
        (Some(o), None) => s.push_str(&format!(" ({} {o})", tr("for"))),
        (None, _) => s.push_str(&format!(" ({} {})", tr("for"), why(&b.chosen_text))),
    }
    if let Some(basis) = b.basis {
        s.push_str(&format!(
            ", {}",
            tr(if basis == "total" {
                "on_complete"
            } else {
                "on_comparable"
            })
        ));
    }
    s.push_str(":\n");
    if let Some(cv) = &b.caveat {
        s.push_str(&format!("  {}: {}\n", tr("caveat"), why(cv)));
    }
    s.push_str(&format!("  {}: {}\n", tr("planned"), m(&b.planned_cost)));
    for a in &b.alerts {
        s.push_str(&format!(
            "  {} {:>3} %: {}\n",
            tr("alert_at"),
            a.pct,
            m(&a.amount)
        ));
    }
    s.push_str(&format!(
        "  {}: {}\n",
        tr("auto_stop"),
        m(&b.automatic_stop)
    ));

    s.push_str(&format!("\n{}:\n", tr("recommendations")));
    for r in &c.recommendations {
        let (title, reason) = match lang {
            Lang::En => (r.title, r.reason.as_str()),
            Lang::De => (r.title_de, r.reason_de.as_str()),
        };
        s.push_str(&format!("  - {title}: {reason}\n"));
    }

    if let Some(r) = &c.rent_vs_buy {
        s.push_str(&format!(
            "\n{}: {} ({} × {})\n",
            tr("rent_vs_buy"),
            r.name,
            r.inputs[1].value,
            r.gpu_model
        ));
        for i in &r.inputs {
            s.push_str(&format!(
                "  {:<26} {:>12} {:<22} {}\n",
                tr(&format!("rvb_{}", i.name)),
                dec(i.value.to_string()),
                why(&i.unit),
                if i.assumed {
                    tr("rvb_no_source")
                } else {
                    i.source.clone()
                }
            ));
        }
        let label = |k: &str| format!("{}:", tr(k));
        s.push_str(&format!(
            "  {:<16} {}\n",
            label("rvb_fixed_per_year"),
            why(&r.fixed_calculation)
        ));
        s.push_str(&format!(
            "  {:<16} {}\n",
            label("rvb_energy_per_year"),
            why(&r.energy_calculation)
        ));
        s.push_str(&format!(
            "  {:<16} {}\n",
            label("rvb_owned"),
            why(&r.owned_calculation)
        ));
        match (&r.rented_per_gpu_hour, &r.rented_calculation) {
            (Money::Amount(_), Some(calc)) => s.push_str(&format!(
                "  {:<16} {} ({})\n",
                label("rvb_rented"),
                why(calc),
                r.rented_offer.clone().unwrap_or_default()
            )),
            (x, _) => s.push_str(&format!("  {:<16} {}\n", label("rvb_rented"), m(x))),
        }
        s.push_str(&format!(
            "  {}: {}\n",
            tr("break_even"),
            match &r.break_even_utilisation {
                BreakEven::Pct(p) => format!("{} %", dec(p.to_string())),
                BreakEven::Never(w) => format!("{} ({})", tr("none_up_to_100"), why(w)),
                BreakEven::Missing(w) => format!("{}: {}", tr("missing"), why(w)),
            }
        ));
        s.push_str(&format!("  {}\n", why(&r.verdict)));
    }

    if !c.benchmark_rows.is_empty() {
        s.push_str(&format!("\n{}\n", tr("rows_used")));
        for r in &c.benchmark_rows {
            let commit: String = r.source_commit.chars().take(12).collect();
            s.push_str(&format!(
                "  {} {} {}{} {} × {}: {} {} — {} / {} ({}@{commit}, {})\n",
                r.row_id,
                r.round,
                r.benchmark,
                r.scenario
                    .as_ref()
                    .map(|x| format!(" {x}"))
                    .unwrap_or_default(),
                r.accelerator_count,
                r.gpu_model,
                dec(fmt_f(r.value)),
                r.metric,
                r.submitter,
                r.system_name,
                r.source_repo,
                r.source_path
            ));
        }
    }

    s.push_str(&format!("\n{}:\n", tr("method")));
    for n in &c.method_notes {
        s.push_str(&format!("  - {}\n", why(n)));
    }
    s.push_str(&format!(
        "  - {}: {}\n",
        tr("benchmark_tables"),
        c.benchmark_files.join(", ")
    ));
    s.push('\n');
    s.push_str(&tr("mlperf"));
    s.push('\n');
    s
}

/// The work unit (`samples`) in the reader's language.
fn unit_word(lang: Lang, unit: &str) -> String {
    let key = format!("cost_why_unit_{unit}");
    match crate::i18n::t(lang, &key) {
        "" => unit.to_string(),
        w => w.to_string(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::str::FromStr;

    #[test]
    fn money_groups_thousands() {
        assert_eq!(
            money(Decimal::from_str("1234567.891").unwrap()),
            "1,234,567.89"
        );
        assert_eq!(money(Decimal::from_str("999.995").unwrap()), "1,000.00");
        assert_eq!(money(Decimal::from_str("-1234.5").unwrap()), "-1,234.50");
        assert_eq!(money(Decimal::ZERO), "0.00");
    }
}
