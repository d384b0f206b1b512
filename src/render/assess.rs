//! `cloudvet assess` output: the human summary (per language, from the
//! catalogue) and the CSV (through [`super::escape::Csv`], formula guard on
//! every text cell).

use std::fmt::Write;

use super::escape::{terminal, Cell, Csv};
use crate::eval::{Assessment, Outcome};
use crate::i18n::{self, t, Lang};
use crate::model::rule_pack::Severity;

/// One row per provider, in ranking order (LF line ends, as before).
pub fn csv(a: &Assessment) -> String {
    let areas: Vec<_> = a
        .area_weights
        .iter()
        .filter(|w| w.share_pct > 0.0)
        .map(|w| w.area)
        .collect();
    let mut c = Csv::lf();
    let mut head = vec![
        "rank",
        "id",
        "name",
        "eligible",
        "total",
        "total_if_unknowns_pass",
        "confidence_pct",
        "knockouts_failed",
        "open_must_haves",
        "open_questions",
    ];
    head.extend(areas.iter().map(|ar| ar.key()));
    c.header(&head);
    for p in &a.providers {
        let ko = p.knockouts_failed.join(" ");
        let must = p.open_must_haves.join(" ");
        let mut row = vec![
            Cell::opt(p.rank),
            Cell::from(&p.id),
            Cell::from(&p.name),
            Cell::num(p.eligible),
            Cell::num(p.total),
            Cell::num(p.total_if_unknowns_pass),
            Cell::num(p.confidence_pct),
            Cell::from(&ko),
            Cell::from(&must),
            Cell::num(p.open_questions.len()),
        ];
        for ar in &areas {
            row.push(Cell::opt(
                p.areas.iter().find(|x| x.area == *ar).map(|x| x.score),
            ));
        }
        c.row(&row);
    }
    c.finish()
}

fn pad(s: &str, w: usize) -> String {
    let n = s.chars().count();
    if n > w {
        let mut t: String = s.chars().take(w.saturating_sub(1)).collect();
        t.push('…');
        t
    } else {
        format!("{s}{}", " ".repeat(w - n))
    }
}

/// The human summary in `lang`. Provider names and IDs go through the terminal
/// escaper.
pub fn human(a: &Assessment, lang: Lang) -> String {
    let de = lang == Lang::De;
    let mut s = String::new();
    let applied = a.rules.len().to_string();
    let packs = a.packs.len().to_string();
    let months = a.max_evidence_age_months.to_string();
    let _ = writeln!(s, "cloudvet assess — {}", terminal(&a.requirements_title));
    let _ = writeln!(
        s,
        "{}\n",
        i18n::fill(
            lang,
            "cli_assess_header",
            &[
                ("date", &a.evaluation_date.to_string()),
                ("rules", &applied),
                ("packs", &packs),
                ("months", &months),
            ]
        )
    );
    let _ = writeln!(
        s,
        "{} {} {:>6} {:>6} {:>10} {:>11} {:>9}",
        pad(t(lang, "cli_assess_col_rank"), 4),
        pad(t(lang, "cli_assess_col_provider"), 28),
        t(lang, "cli_assess_col_total"),
        t(lang, "cli_assess_col_max"),
        t(lang, "cli_assess_col_confidence"),
        t(lang, "cli_assess_col_open_ko"),
        t(lang, "cli_assess_col_questions"),
    );
    for p in a.providers.iter().filter(|p| p.eligible) {
        let _ = writeln!(
            s,
            "{} {} {:>6} {:>6} {:>10} {:>11} {:>9}",
            pad(&p.rank.map(|r| r.to_string()).unwrap_or_default(), 4),
            pad(&terminal(&p.name), 28),
            i18n::fixed(lang, p.total, 1),
            i18n::fixed(lang, p.total_if_unknowns_pass, 1),
            i18n::percent_fixed(lang, p.confidence_pct, 0),
            p.open_must_haves.len(),
            p.open_questions.len()
        );
    }
    let excluded: Vec<_> = a.providers.iter().filter(|p| !p.eligible).collect();
    if !excluded.is_empty() {
        let _ = writeln!(s, "\n{}", t(lang, "cli_assess_excluded"));
        for p in excluded {
            let _ = writeln!(
                s,
                "  {} — {}",
                terminal(&p.name),
                terminal(&p.knockouts_failed.join(", "))
            );
        }
    }
    let _ = writeln!(s, "\n{}", a.robustness.summary.get(de));
    for r in &a.robustness.providers {
        let _ = writeln!(
            s,
            "  {}: {} {}, {} {}",
            terminal(&r.id),
            t(lang, "cli_assess_first_in"),
            i18n::percent_plain(lang, r.first_pct),
            t(lang, "cli_assess_top3_in"),
            i18n::percent_plain(lang, r.top3_pct)
        );
    }
    for w in &a.waivers {
        if w.status == "expired" {
            let _ = writeln!(
                s,
                "\n{} {} / {}: {} {}",
                t(lang, "cli_assess_waiver_expired"),
                w.rule,
                terminal(&w.provider),
                t(lang, "cli_assess_no_longer_since"),
                w.expires
            );
        }
    }
    for p in &a.providers {
        let _ = writeln!(s, "\n== {} ({}) ==", terminal(&p.name), terminal(&p.id));
        if p.example_data {
            let _ = writeln!(s, "{}", t(lang, "cli_assess_example_data"));
        }
        let areas: Vec<String> = p
            .areas
            .iter()
            .map(|x| {
                let label = if de {
                    x.area.title().get(true).to_string()
                } else {
                    x.area.key().to_string()
                };
                format!("{label} {}", i18n::fixed(lang, x.score, 0))
            })
            .collect();
        let _ = writeln!(s, "{}", areas.join(" · "));
        // Failures and open knock-outs in full; other unknowns are counted (they are
        // the vendor questions: `cloudvet questionnaire`, or `--format json`).
        for r in p.results.iter().filter(|r| {
            r.outcome == Outcome::Fail
                || (r.outcome == Outcome::Unknown && r.severity == Severity::Knockout)
        }) {
            let tag = match (r.outcome, r.severity) {
                (Outcome::Fail, Severity::Knockout) => t(lang, "cli_assess_ko_fail"),
                (Outcome::Unknown, Severity::Knockout) => t(lang, "cli_assess_ko_open"),
                (Outcome::Fail, _) => t(lang, "cli_assess_fail"),
                _ => t(lang, "cli_assess_unknown"),
            };
            let cite = a
                .rules
                .iter()
                .find(|x| x.id == r.rule)
                .and_then(|x| x.citations.first().cloned())
                .unwrap_or_default();
            let waived = match &r.waiver {
                Some(w) if w.applied => t(lang, "cli_assess_waived"),
                Some(_) => t(lang, "cli_assess_waiver_lapsed"),
                None => "",
            };
            let _ = writeln!(
                s,
                "  {:<18} {} {}{} — {} ({cite})",
                tag,
                r.rule,
                r.title.get(de),
                waived,
                terminal(r.reason.get(de))
            );
        }
        let passed = p
            .results
            .iter()
            .filter(|r| r.outcome == Outcome::Pass)
            .count();
        let other_unknown: Vec<&str> = p
            .results
            .iter()
            .filter(|r| r.outcome == Outcome::Unknown && r.severity != Severity::Knockout)
            .map(|r| r.rule.as_str())
            .collect();
        if !other_unknown.is_empty() {
            let _ = writeln!(
                s,
                "  {:<18} {}",
                t(lang, "cli_assess_also_unknown"),
                other_unknown.join(" ")
            );
        }
        let _ = writeln!(
            s,
            "  {} {passed}/{} · {} {}",
            t(lang, "cli_assess_passed"),
            p.results.len(),
            t(lang, "cli_assess_questions_vendor"),
            p.open_questions.len()
        );
        let _ = writeln!(s, "  {}", seal_line(&p.seal, lang));
    }
    let _ = writeln!(s, "\n{}", t(lang, "cli_assess_footer"));
    s
}

/// One line per provider: `SEAL (≤, ? = open) SOV-1 3? · SOV-2 1 …` (`?` = open).
fn seal_line(seal: &crate::eval::seal::SealProfile, lang: Lang) -> String {
    let parts: Vec<String> = seal
        .objectives
        .iter()
        .map(|o| {
            format!(
                "{} {}{}",
                o.objective,
                o.level,
                if o.open { "?" } else { "" }
            )
        })
        .collect();
    let mut out = format!("{} {}", t(lang, "cli_seal_prefix"), parts.join(" · "));
    if !seal.gate_failed.is_empty() {
        out.push_str(&crate::i18n::fill(
            lang,
            "cli_seal_below",
            &[("list", &seal.gate_failed.join(", "))],
        ));
    }
    out
}
