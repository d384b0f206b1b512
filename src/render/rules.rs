//! `cloudvet rules list` and `rules explain ID` for people: the rules of the
//! packs in one language, the fixed texts from the catalogue.

use std::fmt::Write;

use crate::i18n::{fill, t, Lang};
use crate::model::rule_pack::{Rule, RulePack, RuleStatus, Text};

/// Every rule of every pack: ID, severity, weight, title, first legal basis.
pub fn list(packs: &[RulePack], lang: Lang) -> String {
    let mut s = String::new();
    let sev_label = |r: &Rule| match lang {
        Lang::En => r.severity.key().to_string(),
        Lang::De => r.severity.title().get_in(lang).to_string(),
    };
    let width = packs
        .iter()
        .flat_map(|p| &p.rules)
        .map(|r| sev_label(r).chars().count())
        .max()
        .unwrap_or(0)
        .max(9);
    for p in packs {
        let _ = writeln!(s, "{} — {} ({})", p.id, p.title.get_in(lang), p.version);
        for r in &p.rules {
            let removed = if r.status == RuleStatus::Removed {
                t(lang, "rules_removed_mark")
            } else {
                ""
            };
            let cite = r
                .legal_basis
                .first()
                .map(|b| b.cite(lang))
                .unwrap_or_default();
            let _ = writeln!(
                s,
                "  {:<9} {:<width$} w{} {}{} [{}]",
                r.id,
                sev_label(r),
                r.weight,
                r.title.get_in(lang),
                removed,
                cite
            );
        }
    }
    s
}

/// What `cloudvet rules explain ID` prints.
pub fn explain(r: &Rule, pack: &RulePack, lang: Lang) -> String {
    let tx = |x: &Text| x.get_in(lang).trim().to_string();
    let mut s = String::new();
    let _ = writeln!(s, "{} — {}", r.id, tx(&r.title));
    let _ = writeln!(
        s,
        "{}: {} {} · {}: {} · {}: {} · {}: {}",
        t(lang, "rules_pack"),
        pack.id,
        pack.version,
        t(lang, "rules_area"),
        tx(&r.area.title()),
        t(lang, "rules_severity"),
        tx(&r.severity.title()),
        t(lang, "rules_weight"),
        r.weight
    );
    if r.status == RuleStatus::Removed {
        let _ = writeln!(s, "{}", t(lang, "rules_removed"));
    }
    if r.valid_from.is_some() || r.valid_to.is_some() {
        let day =
            |d: Option<crate::model::Date>| d.map(|d| d.to_string()).unwrap_or_else(|| "—".into());
        let _ = writeln!(
            s,
            "{}",
            fill(
                lang,
                "rules_in_force",
                &[("from", &day(r.valid_from)), ("to", &day(r.valid_to))]
            )
        );
    }
    let _ = writeln!(s, "{}:", t(lang, "rules_legal_basis"));
    for b in &r.legal_basis {
        match &b.note {
            Some(n) => {
                let _ = writeln!(s, "  - {} ({n})", b.cite(lang));
            }
            None => {
                let _ = writeln!(s, "  - {}", b.cite(lang));
            }
        }
    }
    let _ = writeln!(s, "\n{}: {}", t(lang, "rules_why"), tx(&r.explanation));
    let _ = writeln!(s, "\n{}: {}", t(lang, "rules_question"), tx(&r.question));
    let _ = writeln!(
        s,
        "\n{}: {}",
        t(lang, "rules_remediation"),
        tx(&r.remediation)
    );
    let _ = writeln!(
        s,
        "\n{}:\n{}",
        t(lang, "rules_check"),
        crate::eval::docs::yaml_of(&r.check).trim_end()
    );
    s
}
