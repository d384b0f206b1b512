//! Renders a `CostComparison` as a human table, JSON or CSV. All three carry the
//! MLPerf sentence; a missing figure is printed as `missing: why`, never as 0.

use rust_decimal::Decimal;

use super::ownership::BreakEven;
use super::{csv, fmt_f, CostComparison, LineKind, Money, OfferCost};

/// `12345.6` → `12,345.60`.
pub fn money(d: Decimal) -> String {
    let s = format!("{:.2}", super::cents(d));
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

fn m(x: &Money) -> String {
    match x {
        Money::Amount(a) => money(a.0),
        Money::Missing(why) => format!("missing: {why}"),
    }
}

fn short(x: &Money) -> String {
    match x {
        Money::Amount(a) => money(a.0),
        Money::Missing(_) => "missing".into(),
    }
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
pub fn csv(c: &CostComparison) -> String {
    let mut out = csv::line(&[
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
        "total_low",
        "total_high",
        "spot_total",
        "currency",
        "assumptions",
        "benchmark_note",
    ]);
    for o in &c.offers {
        let opt = |x: Option<u64>| x.map(|v| v.to_string()).unwrap_or_default();
        out.push_str(&csv::line(&[
            o.rank.map(|r| r.to_string()).unwrap_or_default(),
            o.provider_id.clone(),
            o.offer_id.clone(),
            o.region.clone(),
            o.gpu_model.clone(),
            o.gpus_per_instance.to_string(),
            o.instances.to_string(),
            o.basis.as_str().to_string(),
            o.factor.map(fmt_f).unwrap_or_default(),
            c.gpu_bases
                .iter()
                .find(|b| b.gpu_model == o.gpu_model)
                .map_or_else(|| o.basis_explanation.clone(), |b| b.explanation.clone()),
            opt(o.compute_seconds),
            o.time_to_result_hours
                .map(|h| h.to_string())
                .unwrap_or_default(),
            opt(o.billed_seconds),
            line_amount(o, LineKind::ComputeOnDemand),
            line_amount(o, LineKind::Storage),
            line_amount(o, LineKind::Egress),
            line_amount(o, LineKind::Operation),
            plain(&o.totals.subtotal),
            plain(&o.totals.buffer),
            plain(&o.totals.total),
            plain(&o.range.low),
            plain(&o.range.high),
            o.spot
                .as_ref()
                .map(|s| plain(&s.totals.total))
                .unwrap_or_default(),
            c.report_currency.clone(),
            o.assumptions.join("; "),
            c.benchmark_note.to_string(),
        ]));
    }
    out
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

/// The human-readable comparison.
pub fn human(c: &CostComparison) -> String {
    let cur = &c.report_currency;
    let w = &c.workload;
    let mut s = String::new();
    s.push_str(&format!(
        "Cost comparison: {} ({}, {} GPUs per job)\n",
        w.name,
        w.job.as_str(),
        w.gpus_per_job
    ));
    s.push_str(&format!(
        "Work: {} = {} {}\n",
        w.work_calculation,
        fmt_f(w.total_work),
        w.work_unit
    ));
    s.push_str(&format!(
        "Reference throughput ({}): {}\n",
        c.reference.source, c.reference.calculation
    ));
    s.push_str(&format!("Report currency: {cur}"));
    if !c.exchange_rates.is_empty() {
        let r: Vec<String> = c
            .exchange_rates
            .iter()
            .map(|r| {
                format!(
                    "1 {} = {} {cur} ({}{})",
                    r.from,
                    r.rate,
                    r.date,
                    r.source
                        .as_ref()
                        .map(|s| format!(", {s}"))
                        .unwrap_or_default()
                )
            })
            .collect();
        s.push_str(&format!("; rates {}", r.join("; ")));
    }
    s.push('\n');
    if let Some(a) = &c.allowed_providers {
        s.push_str(&format!(
            "Compared: only the allowed (eligible) providers ({}): {}\n",
            a.len(),
            if a.is_empty() {
                "none".to_string()
            } else {
                a.join(", ")
            }
        ));
    }
    s.push_str(c.benchmark_note);
    s.push_str("\n\n");

    let mut rows = vec![vec![
        "#".to_string(),
        "provider / offer".into(),
        "region".into(),
        "GPUs".into(),
        "basis".into(),
        "hours".into(),
        format!("compute {cur}"),
        format!("total {cur}"),
        "range (low–high)".into(),
        "spot total".into(),
    ]];
    let mut any_assumed = false;
    for o in &c.offers {
        let star = if o.assumptions.iter().any(|a| a.contains("not stated")) {
            any_assumed = true;
            "*"
        } else {
            ""
        };
        let total = match (&o.totals.total, o.totals.known_part) {
            (Money::Amount(a), _) => money(a.0),
            (Money::Missing(_), Some(k)) if o.basis != super::BasisKind::NoBasis => {
                format!("incomplete (≥ {})", money(k.0))
            }
            (Money::Missing(_), _) => "no cost".into(),
        };
        rows.push(vec![
            o.rank.map(|r| r.to_string()).unwrap_or_else(|| "–".into()),
            format!("{}/{}{star}", o.provider_id, o.offer_id),
            o.region.clone(),
            format!("{}×{}", o.instances * o.gpus_per_instance, o.gpu_model),
            match o.factor {
                Some(f) if o.basis == super::BasisKind::BenchmarkDerived => {
                    format!("bench ×{}", fmt_f(f))
                }
                _ => o.basis.as_str().to_string(),
            },
            o.time_to_result_hours
                .map(|h| h.to_string())
                .unwrap_or_else(|| "–".into()),
            match o.lines.iter().find(|l| l.item == LineKind::ComputeOnDemand) {
                Some(l) => short(&l.amount),
                None => "–".into(),
            },
            total,
            match (&o.range.low, &o.range.high) {
                (Money::Amount(l), Money::Amount(h)) => format!("{}–{}", money(l.0), money(h.0)),
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
            true, false, false, false, false, true, true, true, true, true,
        ],
    ));
    if any_assumed {
        s.push_str("* billing terms partly not stated by the provider; assumptions listed in the JSON output (`assumptions`).\n");
    }
    if c.offers.is_empty() {
        s.push_str("(no offers among the compared providers)\n");
    } else if c.offers.iter().all(|o| o.rank.is_none()) {
        s.push_str("No offer has a complete total, so none is ranked: the missing items are listed below (never counted as 0). Rows are ordered by the known part.\n");
    }

    // Why offers have no complete total, grouped by reason.
    let mut reasons: std::collections::BTreeMap<&str, Vec<String>> =
        std::collections::BTreeMap::new();
    for o in c.offers.iter().filter(|o| o.total().is_none()) {
        if let Money::Missing(why) = &o.totals.total {
            reasons
                .entry(why.as_str())
                .or_default()
                .push(format!("{}/{}", o.provider_id, o.offer_id));
        }
    }
    if !reasons.is_empty() {
        s.push_str("\nOffers without a complete total (missing is never counted as 0):\n");
        for (why, offers) in reasons {
            s.push_str(&format!("  missing: {why}\n    {}\n", offers.join(", ")));
        }
    }

    s.push_str("\nSpeed basis per GPU model:\n");
    for b in &c.gpu_bases {
        let unc = b
            .uncertainty_pct
            .map(|u| format!(" (±{} %)", fmt_f(u)))
            .unwrap_or_default();
        s.push_str(&format!(
            "  {} — {}{unc}: {}\n",
            b.gpu_model,
            b.basis.as_str(),
            b.explanation
        ));
    }

    if let Some(best) = c.offers.iter().find(|o| o.rank == Some(1)) {
        s.push_str(&format!(
            "\nCheapest offer in detail: {}/{} ({}, {})\n",
            best.provider_id, best.offer_id, best.provider_name, best.region
        ));
        if let Some(secs) = best.compute_seconds {
            s.push_str(&format!(
                "  compute time: {} s = {} h; GPU-hours {}; billed {} s per instance\n",
                secs,
                best.time_to_result_hours
                    .map(|h| h.to_string())
                    .unwrap_or_default(),
                best.gpu_hours.map(|h| h.to_string()).unwrap_or_default(),
                best.billed_seconds.unwrap_or_default()
            ));
        }
        for l in &best.lines {
            s.push_str(&format!(
                "  {:<20} {:>14}  {}\n",
                l.item.as_str(),
                m(&l.amount),
                l.calculation
            ));
        }
        s.push_str(&format!(
            "  {:<20} {:>14}\n",
            "subtotal",
            m(&best.totals.subtotal)
        ));
        s.push_str(&format!(
            "  {:<20} {:>14}  {} % of the subtotal\n",
            "buffer",
            m(&best.totals.buffer),
            w.buffer_pct
        ));
        s.push_str(&format!(
            "  {:<20} {:>14}  {cur}\n",
            "total",
            m(&best.totals.total)
        ));
        if let Some(sp) = &best.spot {
            match &sp.compute.amount {
                Money::Amount(a) => s.push_str(&format!(
                    "  spot compute: {} {cur} ({}); spot total {} {cur}\n",
                    money(a.0),
                    sp.compute.calculation,
                    m(&sp.totals.total)
                )),
                Money::Missing(why) => s.push_str(&format!("  spot: missing: {why}\n")),
            }
        }
        for a in &best.assumptions {
            s.push_str(&format!("  assumption: {a}\n"));
        }
    }

    let b = &c.budget;
    s.push_str("\nBudget advice");
    if let Some(o) = &b.offer {
        s.push_str(&format!(" (for {o})"));
    }
    s.push_str(":\n");
    s.push_str(&format!(
        "  planned cost before buffer: {}\n",
        m(&b.planned_cost)
    ));
    for a in &b.alerts {
        s.push_str(&format!("  alert at {:>3} %: {}\n", a.pct, m(&a.amount)));
    }
    s.push_str(&format!(
        "  automatic stop (planned cost + buffer): {}\n",
        m(&b.automatic_stop)
    ));

    s.push_str("\nRecommendations:\n");
    for r in &c.recommendations {
        s.push_str(&format!("  - {}: {}\n", r.title, r.reason));
    }

    if let Some(r) = &c.rent_vs_buy {
        s.push_str(&format!(
            "\nRent versus buy: {} ({} × {})\n",
            r.name, r.inputs[1].value, r.gpu_model
        ));
        for i in &r.inputs {
            s.push_str(&format!(
                "  {:<26} {:>12} {:<22} {}\n",
                i.name,
                i.value.to_string(),
                i.unit,
                i.source
            ));
        }
        s.push_str(&format!("  fixed per year:  {}\n", r.fixed_calculation));
        s.push_str(&format!("  energy per year: {}\n", r.energy_calculation));
        s.push_str(&format!("  owned:           {}\n", r.owned_calculation));
        match (&r.rented_per_gpu_hour, &r.rented_calculation) {
            (Money::Amount(_), Some(calc)) => s.push_str(&format!(
                "  rented:          {} ({})\n",
                calc,
                r.rented_offer.clone().unwrap_or_default()
            )),
            (x, _) => s.push_str(&format!("  rented:          {}\n", m(x))),
        }
        s.push_str(&format!(
            "  break-even utilisation: {}\n",
            match &r.break_even_utilisation {
                BreakEven::Pct(p) => format!("{p} %"),
                BreakEven::Never(w) => format!("none up to 100 % ({w})"),
                BreakEven::Missing(w) => format!("missing: {w}"),
            }
        ));
        s.push_str(&format!("  {}\n", r.verdict));
    }

    if !c.benchmark_rows.is_empty() {
        s.push_str(
            "\nBenchmark rows used (derived from MLPerf results, not verified by MLCommons):\n",
        );
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
                fmt_f(r.value),
                r.metric,
                r.submitter,
                r.system_name,
                r.source_repo,
                r.source_path
            ));
        }
    }

    s.push_str("\nMethod:\n");
    for n in &c.method_notes {
        s.push_str(&format!("  - {n}\n"));
    }
    s.push_str(&format!(
        "  - Benchmark tables: {}\n",
        c.benchmark_files.join(", ")
    ));
    s.push('\n');
    s.push_str(c.benchmark_note);
    s.push('\n');
    s
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
