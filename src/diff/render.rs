//! The diff as text for a person (terminal) or as Markdown (to paste into a
//! ticket or a DPO's record). JSON is the serde form of [`super::DiffReport`].

use std::fmt::Write;

use serde_json::Value;

use super::labels::words;
use super::verdicts::{Standing, VerdictDiff};
use super::{Change, ChangeKind, DiffReport, ProviderDiff, ProviderStatus};
use crate::eval::Outcome;
use crate::i18n::Lang;
use crate::model::rule_pack::Severity;

fn tr(lang: Lang, key: &str) -> &'static str {
    crate::i18n::t(lang, key)
}

/// A value in one line: scalars as they are, facts by their value, items by a
/// few identifying fields.
pub fn value_text(v: &Value, lang: Lang) -> String {
    let w = words(lang);
    match v {
        Value::Null => "—".into(),
        Value::Bool(true) => w.yes.into(),
        Value::Bool(false) => w.no.into(),
        Value::Number(n) => crate::i18n::decimal_point(lang, &n.to_string()),
        Value::String(s) if s == crate::model::common::UNKNOWN => w.unknown.into(),
        Value::String(s) => one_line(s, 80),
        Value::Array(a) => {
            let items: Vec<String> = a.iter().map(|x| value_text(x, lang)).collect();
            one_line(&items.join(", "), 80)
        }
        Value::Object(m) => {
            if let Some(x) = m.get("value") {
                return value_text(x, lang);
            }
            let mut parts = Vec::new();
            for (k, x) in m {
                if parts.len() == 4 {
                    break;
                }
                let shown = match x {
                    Value::Object(inner) if inner.contains_key("value") => inner.get("value"),
                    Value::Object(_) | Value::Array(_) => None,
                    other => Some(other),
                };
                if let Some(s) = shown {
                    if ["source", "as_of", "status", "confidence", "note", "id"]
                        .contains(&k.as_str())
                    {
                        continue;
                    }
                    parts.push(format!("{}: {}", k.replace('_', " "), value_text(s, lang)));
                }
            }
            one_line(&parts.join(", "), 120)
        }
    }
}

fn one_line(s: &str, max: usize) -> String {
    let flat: String = s.split_whitespace().collect::<Vec<_>>().join(" ");
    if flat.chars().count() > max {
        let cut: String = flat.chars().take(max - 1).collect();
        format!("{cut}…")
    } else {
        flat
    }
}

fn outcome_word(o: Option<Outcome>, lang: Lang) -> &'static str {
    tr(
        lang,
        match o {
            Some(Outcome::Pass) => "diff_outcome_pass",
            Some(Outcome::Fail) => "diff_outcome_fail",
            Some(Outcome::Unknown) => "diff_outcome_unknown",
            None => "diff_outcome_not_applied",
        },
    )
}

fn severity_word(s: Severity, lang: Lang) -> &'static str {
    tr(
        lang,
        match s {
            Severity::Knockout => "diff_severity_knockout",
            Severity::Major => "diff_severity_major",
            Severity::Minor => "diff_severity_minor",
            Severity::Info => "diff_severity_info",
        },
    )
}

fn num(x: f64, lang: Lang) -> String {
    crate::i18n::fixed(lang, x, 1)
}

fn pct(x: f64, lang: Lang) -> String {
    crate::i18n::percent_spaced(lang, x, 1)
}

fn delta(a: f64, b: f64, lang: Lang) -> String {
    let d = ((b - a) * 10.0).round() / 10.0;
    let sign = if d > 0.0 {
        "+"
    } else if d < 0.0 {
        "−"
    } else {
        "±"
    };
    format!("{sign}{}", num(d.abs(), lang))
}

/// `old → new` for a change, or the added/removed value.
fn change_values(c: &Change, lang: Lang) -> String {
    match c.kind {
        ChangeKind::Changed => format!(
            "{} → {}",
            c.old.as_ref().map_or("—".into(), |v| value_text(v, lang)),
            c.new.as_ref().map_or("—".into(), |v| value_text(v, lang))
        ),
        ChangeKind::Added => c.new.as_ref().map_or(String::new(), |v| {
            if v.is_object() {
                value_text(v, lang)
            } else {
                String::new()
            }
        }),
        ChangeKind::Removed => c.old.as_ref().map_or(String::new(), |v| {
            if v.is_object() {
                value_text(v, lang)
            } else {
                String::new()
            }
        }),
        ChangeKind::Expired => String::new(),
    }
}

fn kind_mark(k: ChangeKind) -> &'static str {
    match k {
        ChangeKind::Added => "+",
        ChangeKind::Removed => "-",
        ChangeKind::Changed => "~",
        ChangeKind::Expired => "!",
    }
}

fn kind_word(k: ChangeKind, lang: Lang) -> &'static str {
    let w = words(lang);
    match k {
        ChangeKind::Added => w.added,
        ChangeKind::Removed => w.removed,
        ChangeKind::Changed => w.changed,
        ChangeKind::Expired => w.expired,
    }
}

fn status_line(p: &ProviderDiff, lang: Lang) -> String {
    let n = p.changes.len().to_string();
    let e = p.evidence_changes.len().to_string();
    match p.status {
        ProviderStatus::Added => tr(lang, "diff_status_added").into(),
        ProviderStatus::Removed => tr(lang, "diff_status_removed").into(),
        ProviderStatus::Unchanged => tr(lang, "diff_status_unchanged").into(),
        ProviderStatus::Changed => {
            crate::i18n::fill(lang, "diff_status_changed", &[("n", &n), ("e", &e)])
        }
    }
}

fn yes_no(b: bool, lang: Lang) -> &'static str {
    let w = words(lang);
    if b {
        w.yes
    } else {
        w.no
    }
}

fn ids(list: &[String]) -> String {
    if list.is_empty() {
        "—".into()
    } else {
        list.join(", ")
    }
}

/// The human text.
pub fn human(r: &DiffReport, lang: Lang) -> String {
    let mut s = String::new();
    let _ = writeln!(s, "cloudvet diff: {} → {}", r.old, r.new);
    let _ = writeln!(
        s,
        "{} {} · {}: {} ({})",
        tr(lang, "diff_evaluation_date"),
        r.evaluation_date,
        tr(lang, "diff_requirements"),
        r.requirements_title,
        r.requirements_file
    );
    for p in r.providers.iter().filter(|p| !quiet(p)) {
        let _ = writeln!(s);
        let _ = writeln!(s, "{} — {}: {}", p.id, p.name, status_line(p, lang));
        for c in &p.changes {
            let values = change_values(c, lang);
            let mut line = format!("  {} {}", kind_mark(c.kind), c.label);
            if c.kind != ChangeKind::Changed {
                let _ = write!(line, " ({})", kind_word(c.kind, lang));
            }
            if !values.is_empty() {
                let _ = write!(line, ": {values}");
            }
            if let Some(n) = &c.note {
                let _ = write!(line, " [{n}]");
            }
            let _ = writeln!(s, "{line}");
        }
        if !p.evidence_changes.is_empty() {
            let labels: Vec<&str> = p
                .evidence_changes
                .iter()
                .map(|c| c.label.as_str())
                .collect();
            let _ = writeln!(
                s,
                "  {} {}",
                tr(lang, "diff_evidence_updated"),
                one_line(&labels.join("; "), 400)
            );
        }
        if let Some(v) = &p.verdicts {
            verdicts_human(&mut s, v, lang);
        }
    }
    let unchanged = unchanged_ids(r);
    if !unchanged.is_empty() {
        let _ = writeln!(
            s,
            "\n{} {}",
            tr(lang, "diff_no_changes"),
            unchanged.join(", ")
        );
    }
    s
}

/// A provider with nothing to show: no change of facts, evidence or verdicts.
fn quiet(p: &ProviderDiff) -> bool {
    p.status == ProviderStatus::Unchanged
        && p.verdicts
            .as_ref()
            .is_none_or(|v| v.changes.is_empty() && v.old == v.new)
}

fn unchanged_ids(r: &DiffReport) -> Vec<&str> {
    r.providers
        .iter()
        .filter(|p| quiet(p))
        .map(|p| p.id.as_str())
        .collect()
}

fn standing_counts(x: &Standing) -> String {
    format!("{}/{}/{}", x.passed, x.failed, x.unknown)
}

fn verdicts_human(s: &mut String, v: &VerdictDiff, lang: Lang) {
    let _ = writeln!(s, "  {}:", tr(lang, "diff_assessment"));
    let _ = writeln!(
        s,
        "    {}: {} → {}",
        tr(lang, "diff_eligible"),
        yes_no(v.old.eligible, lang),
        yes_no(v.new.eligible, lang)
    );
    let _ = writeln!(
        s,
        "    {}: {} → {} ({}); {}: {} → {}",
        tr(lang, "diff_score"),
        num(v.old.total, lang),
        num(v.new.total, lang),
        delta(v.old.total, v.new.total, lang),
        tr(lang, "diff_if_unknowns_pass"),
        num(v.old.total_if_unknowns_pass, lang),
        num(v.new.total_if_unknowns_pass, lang)
    );
    let _ = writeln!(
        s,
        "    {}: {} → {}",
        tr(lang, "diff_confidence"),
        pct(v.old.confidence_pct, lang),
        pct(v.new.confidence_pct, lang)
    );
    let _ = writeln!(
        s,
        "    {}: {} → {}",
        tr(lang, "diff_rules_counts"),
        standing_counts(&v.old),
        standing_counts(&v.new)
    );
    if v.old.knockouts_failed != v.new.knockouts_failed {
        let _ = writeln!(
            s,
            "    {}: {} → {}",
            tr(lang, "diff_failed_knockouts"),
            ids(&v.old.knockouts_failed),
            ids(&v.new.knockouts_failed)
        );
    }
    if v.old.open_must_haves != v.new.open_must_haves {
        let _ = writeln!(
            s,
            "    {}: {} → {}",
            tr(lang, "diff_open_must_haves"),
            ids(&v.old.open_must_haves),
            ids(&v.new.open_must_haves)
        );
    }
    if v.changes.is_empty() {
        let _ = writeln!(s, "    {}", tr(lang, "diff_no_verdict_changes"));
    }
    for c in &v.changes {
        let _ = writeln!(
            s,
            "    {} [{}] {}: {} → {}",
            c.rule,
            severity_word(c.severity, lang),
            c.title.get_in(lang),
            outcome_word(c.old, lang),
            outcome_word(c.new, lang)
        );
        let _ = writeln!(s, "      {}", one_line(c.reason.get_in(lang), 300));
    }
}

fn md_escape(s: &str) -> String {
    crate::render::escape::markdown(s)
}

/// A label keeps its `code spans` (item keys); everything else is escaped.
fn md_label(label: &str) -> String {
    let mut out = String::new();
    for (i, part) in label.split('`').enumerate() {
        if i % 2 == 1 {
            out.push('`');
            out.push_str(&part.replace('|', "\\|"));
            out.push('`');
        } else {
            out.push_str(&md_escape(part));
        }
    }
    out
}

/// The Markdown text.
pub fn markdown(r: &DiffReport, lang: Lang) -> String {
    let mut s = String::new();
    let _ = writeln!(
        s,
        "# {}: {} → {}\n",
        tr(lang, "diff_md_title"),
        md_escape(&r.old),
        md_escape(&r.new)
    );
    let _ = writeln!(
        s,
        "{} {} · {}: {} ({})",
        tr(lang, "diff_evaluation_date"),
        r.evaluation_date,
        tr(lang, "diff_requirements"),
        md_escape(&r.requirements_title),
        md_escape(&r.requirements_file)
    );
    for p in r.providers.iter().filter(|p| !quiet(p)) {
        let _ = writeln!(
            s,
            "\n## {} — {}\n\n{}",
            md_escape(&p.id),
            md_escape(&p.name),
            status_line(p, lang)
        );
        if !p.changes.is_empty() {
            let _ = writeln!(
                s,
                "\n| | {} | {} | {} | {} |\n|---|---|---|---|---|",
                tr(lang, "diff_col_what"),
                tr(lang, "diff_col_old"),
                tr(lang, "diff_col_new"),
                tr(lang, "diff_col_note")
            );
            for c in &p.changes {
                let cell = |v: &Option<Value>| {
                    v.as_ref()
                        .map_or(String::new(), |x| md_escape(&value_text(x, lang)))
                };
                let _ = writeln!(
                    s,
                    "| {} | {} | {} | {} | {} |",
                    kind_word(c.kind, lang),
                    md_label(&c.label),
                    cell(&c.old),
                    cell(&c.new),
                    c.note.as_deref().map(md_escape).unwrap_or_default()
                );
            }
        }
        if !p.evidence_changes.is_empty() {
            let labels: Vec<String> = p
                .evidence_changes
                .iter()
                .map(|c| md_label(&c.label))
                .collect();
            let _ = writeln!(
                s,
                "\n{} {}",
                tr(lang, "diff_evidence_updated"),
                labels.join("; ")
            );
        }
        if let Some(v) = &p.verdicts {
            let _ = writeln!(
                s,
                "\n### {}\n\n| | {} | {} |\n|---|---|---|",
                tr(lang, "diff_md_assessment"),
                tr(lang, "diff_col_old"),
                tr(lang, "diff_col_new")
            );
            let _ = writeln!(
                s,
                "| {} | {} | {} |",
                tr(lang, "diff_md_eligible"),
                yes_no(v.old.eligible, lang),
                yes_no(v.new.eligible, lang)
            );
            let _ = writeln!(
                s,
                "| {} | {} | {} ({}) |",
                tr(lang, "diff_md_score"),
                num(v.old.total, lang),
                num(v.new.total, lang),
                delta(v.old.total, v.new.total, lang)
            );
            let _ = writeln!(
                s,
                "| {} | {} | {} |",
                tr(lang, "diff_md_failed_knockouts"),
                ids(&v.old.knockouts_failed),
                ids(&v.new.knockouts_failed)
            );
            let _ = writeln!(
                s,
                "| {} | {} | {} |",
                tr(lang, "diff_md_open_must_haves"),
                ids(&v.old.open_must_haves),
                ids(&v.new.open_must_haves)
            );
            if !v.changes.is_empty() {
                let _ = writeln!(
                    s,
                    "\n| {} | {} | {} | {} | {} | {} |\n|---|---|---|---|---|---|",
                    tr(lang, "diff_col_rule"),
                    tr(lang, "diff_col_severity"),
                    tr(lang, "diff_col_title"),
                    tr(lang, "diff_col_old"),
                    tr(lang, "diff_col_new"),
                    tr(lang, "diff_col_why")
                );
                for c in &v.changes {
                    let _ = writeln!(
                        s,
                        "| {} | {} | {} | {} | {} | {} |",
                        c.rule,
                        severity_word(c.severity, lang),
                        md_escape(c.title.get_in(lang)),
                        outcome_word(c.old, lang),
                        outcome_word(c.new, lang),
                        md_escape(c.reason.get_in(lang))
                    );
                }
            }
        }
    }
    let unchanged = unchanged_ids(r);
    if !unchanged.is_empty() {
        let _ = writeln!(
            s,
            "\n{} {}",
            tr(lang, "diff_no_changes"),
            md_escape(&unchanged.join(", "))
        );
    }
    s
}
