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
                ("date", &i18n::date(lang, a.evaluation_date.0)),
                ("rules", &applied),
                ("packs", &packs),
                ("months", &months),
            ]
        )
    );
    s.push_str(&decision_block(a, lang, 10));
    // Columns as wide as their heading in the language (at least as before).
    let w = |key: &str, min: usize| t(lang, key).chars().count().max(min);
    let (wc, wk, wq) = (
        w("cli_assess_col_confidence", 10),
        w("cli_assess_col_open_ko", 11),
        w("cli_assess_col_questions", 9),
    );
    let _ = writeln!(
        s,
        "{} {} {:>6} {:>6} {:>wc$} {:>wk$} {:>wq$}",
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
            "{} {} {:>6} {:>6} {:>wc$} {:>wk$} {:>wq$}",
            pad(&p.rank.map(|r| r.to_string()).unwrap_or_default(), 4),
            pad(&terminal(&p.name), 28),
            i18n::fixed(lang, p.total, 1),
            i18n::fixed(lang, p.total_if_unknowns_pass, 1),
            i18n::percent_fixed(lang, p.confidence_pct, 0),
            p.open_must_haves.len(),
            p.open_questions.len()
        );
    }
    s.push_str(&groups_block(a, lang));
    let _ = writeln!(
        s,
        "\n{}",
        terminal(&crate::report::assemble::robustness_sentence(a, lang))
    );

    for r in &a.robustness.providers {
        let _ = writeln!(
            s,
            "  {}: {} {}, {} {}",
            terminal(&name_of(a)(&r.id)),
            t(lang, "cli_assess_first_in"),
            i18n::percent_plain(lang, r.first_pct),
            t(lang, "cli_assess_top3_in"),
            i18n::percent_plain(lang, r.top3_pct)
        );
    }
    if let Some(line) = facts_line(a, lang) {
        let _ = writeln!(s, "{line}");
    }
    for w in &a.waivers {
        if w.status == "expired" {
            let _ = writeln!(
                s,
                "\n{} {} / {}: {} {}",
                t(lang, "cli_assess_waiver_expired"),
                w.rule,
                terminal(&name_of(a)(&w.provider)),
                t(lang, "cli_assess_no_longer_since"),
                i18n::date(lang, w.expires.0)
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
                format!(
                    "{} {}",
                    x.area.title().get_in(lang),
                    i18n::fixed(lang, x.score, 0)
                )
            })
            .collect();
        let _ = writeln!(s, "{}", areas.join(" · "));
        let _ = writeln!(
            s,
            "  {}: {}",
            t(lang, "dec_offers"),
            terminal(&p.offers.render(lang))
        );
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
                .and_then(|x| x.citations_in(lang).into_iter().next())
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

/// A provider's display name for its id.
pub fn name_of(a: &Assessment) -> impl Fn(&str) -> String + '_ {
    |id: &str| {
        a.providers
            .iter()
            .find(|p| p.id == id)
            .map(|p| p.name.clone())
            .unwrap_or_else(|| id.to_string())
    }
}

/// The recommendation state first: its sentence, the next step, the questions to
/// ask first (at most `max` listed), who could still rank first.
pub fn decision_block(a: &Assessment, lang: Lang, max: usize) -> String {
    let mut s = String::new();
    let name = name_of(a);
    let r = &a.recommendation;
    let _ = writeln!(
        s,
        "{}: {}",
        t(lang, "recommendation"),
        terminal(&r.sentence(lang, &name))
    );
    let _ = writeln!(s, "{}", terminal(&r.next_step(lang, &name)));
    if let crate::eval::decision::Recommendation::Leads { ask, .. } = r {
        for (i, q) in ask.iter().take(max).enumerate() {
            let d = a
                .decision
                .decisive_questions
                .iter()
                .find(|d| d.provider == q.provider && d.rule == q.rule);
            let what = match d {
                Some(d) if d.kind == crate::eval::decision::QuestionKind::MustHave => {
                    t(lang, "dec_must_have").to_string()
                }
                Some(d) => i18n::fill(
                    lang,
                    "dec_points",
                    &[("points", &i18n::fixed(lang, d.value, 1))],
                ),
                None => String::new(),
            };
            let question = d.map(|d| d.question.get(lang == Lang::De)).unwrap_or("");
            let _ = writeln!(
                s,
                "  {:>2}. {} {} ({what}): {}",
                i + 1,
                terminal(&name(&q.provider)),
                q.rule,
                terminal(question)
            );
        }
        if ask.len() > max {
            let _ = writeln!(
                s,
                "      {}",
                i18n::fill(
                    lang,
                    "dec_and_more",
                    &[("n", &(ask.len() - max).to_string())]
                )
            );
        }
    }
    let d = &a.decision;
    match &d.necessary_winner {
        Some(w) => {
            let _ = writeln!(
                s,
                "{}: {}",
                t(lang, "dec_necessary_winner"),
                terminal(&name(w))
            );
        }
        None => {
            let _ = writeln!(s, "{}", t(lang, "dec_no_necessary_winner"));
            if !d.possible_winners.is_empty() {
                let names: Vec<String> = d
                    .possible_winners
                    .iter()
                    .map(|p| terminal(&name(p)))
                    .collect();
                let _ = writeln!(
                    s,
                    "{}: {}",
                    t(lang, "dec_possible_winners"),
                    names.join(", ")
                );
            }
        }
    }
    s.push('\n');
    s
}

/// The shortlist in three groups: cleared, open, excluded (with the rules).
pub fn groups_block(a: &Assessment, lang: Lang) -> String {
    let mut s = String::new();
    let name = name_of(a);
    let sl = &a.shortlist;
    if !sl.cleared.is_empty() {
        let names: Vec<String> = sl.cleared.iter().map(|p| terminal(&name(p))).collect();
        let _ = writeln!(s, "\n{}: {}", t(lang, "dec_cleared"), names.join(", "));
    }
    if !sl.open.is_empty() {
        let names: Vec<String> = sl
            .open
            .iter()
            .map(|o| {
                format!(
                    "{} ({})",
                    terminal(&name(&o.id)),
                    i18n::fill(lang, "dec_open_n", &[("n", &o.open.len().to_string())])
                )
            })
            .collect();
        let _ = writeln!(s, "\n{}: {}", t(lang, "dec_open"), names.join(", "));
    }
    if !sl.excluded.is_empty() {
        let _ = writeln!(s, "\n{}:", t(lang, "dec_excluded"));
        for e in &sl.excluded {
            let mut parts = Vec::new();
            if !e.failed.is_empty() {
                parts.push(format!("{} {}", t(lang, "dec_failed"), e.failed.join(", ")));
            }
            if !e.unproven.is_empty() {
                parts.push(format!(
                    "{} {}",
                    t(lang, "dec_unproven"),
                    e.unproven.join(", ")
                ));
            }
            let _ = writeln!(
                s,
                "  {} — {}",
                terminal(&name(&e.id)),
                terminal(&parts.join("; "))
            );
        }
    }
    s
}

/// Robustness over the open facts, and which uncertainty moves the ranking.
pub fn facts_line(a: &Assessment, lang: Lang) -> Option<String> {
    let name = name_of(a);
    a.robustness_open_facts
        .sentence(lang, &name)
        .map(|l| terminal(&l))
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
