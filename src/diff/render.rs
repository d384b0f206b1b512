//! The diff as text for a person (terminal) or as Markdown (to paste into a
//! ticket or a DPO's record). JSON is the serde form of [`super::DiffReport`].

use std::fmt::Write;

use serde_json::Value;

use super::labels::words;
use super::verdicts::{Standing, VerdictDiff};
use super::{Change, ChangeKind, DiffReport, ProviderDiff, ProviderStatus};
use crate::cli::Lang;
use crate::eval::Outcome;
use crate::model::rule_pack::Severity;

fn german(lang: Lang) -> bool {
    lang == Lang::De
}

/// A value in one line: scalars as they are, facts by their value, items by a
/// few identifying fields.
pub fn value_text(v: &Value, lang: Lang) -> String {
    let w = words(lang);
    match v {
        Value::Null => "—".into(),
        Value::Bool(true) => w.yes.into(),
        Value::Bool(false) => w.no.into(),
        Value::Number(n) => match lang {
            Lang::En => n.to_string(),
            Lang::De => n.to_string().replace('.', ","),
        },
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
    match (o, lang) {
        (Some(Outcome::Pass), Lang::En) => "pass",
        (Some(Outcome::Fail), Lang::En) => "fail",
        (Some(Outcome::Unknown), Lang::En) => "unknown",
        (None, Lang::En) => "not applied",
        (Some(Outcome::Pass), Lang::De) => "erfüllt",
        (Some(Outcome::Fail), Lang::De) => "nicht erfüllt",
        (Some(Outcome::Unknown), Lang::De) => "unbekannt",
        (None, Lang::De) => "nicht angewandt",
    }
}

fn severity_word(s: Severity, lang: Lang) -> &'static str {
    match (s, lang) {
        (Severity::Knockout, Lang::En) => "knock-out",
        (Severity::Major, Lang::En) => "major",
        (Severity::Minor, Lang::En) => "minor",
        (Severity::Info, Lang::En) => "info",
        (Severity::Knockout, Lang::De) => "Ausschluss",
        (Severity::Major, Lang::De) => "schwer",
        (Severity::Minor, Lang::De) => "leicht",
        (Severity::Info, Lang::De) => "Info",
    }
}

fn num(x: f64, lang: Lang) -> String {
    let s = format!("{x:.1}");
    match lang {
        Lang::En => s,
        Lang::De => s.replace('.', ","),
    }
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
    let n = p.changes.len();
    let e = p.evidence_changes.len();
    match (p.status, lang) {
        (ProviderStatus::Added, Lang::En) => "new provider (only in NEW)".into(),
        (ProviderStatus::Removed, Lang::En) => "removed (only in OLD)".into(),
        (ProviderStatus::Unchanged, Lang::En) => "no changes".into(),
        (ProviderStatus::Changed, Lang::En) => {
            format!("{n} change(s), {e} evidence update(s)")
        }
        (ProviderStatus::Added, Lang::De) => "neuer Anbieter (nur in NEU)".into(),
        (ProviderStatus::Removed, Lang::De) => "entfernt (nur in ALT)".into(),
        (ProviderStatus::Unchanged, Lang::De) => "keine Änderungen".into(),
        (ProviderStatus::Changed, Lang::De) => {
            format!("{n} Änderung(en), {e} aktualisierte Nachweise")
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
    let de = german(lang);
    let mut s = String::new();
    let _ = writeln!(s, "cloudvet diff: {} → {}", r.old, r.new);
    let _ = writeln!(
        s,
        "{} {} · {}: {} ({})",
        if de { "Stichtag" } else { "Evaluation date" },
        r.evaluation_date,
        if de { "Anforderungen" } else { "requirements" },
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
                if de {
                    "Nachweise aktualisiert (Quelle, Stand oder Status):"
                } else {
                    "Evidence updated (source, as_of or status):"
                },
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
            if de {
                "Ohne Änderungen (auch in der Bewertung):"
            } else {
                "No changes (nor in the assessment):"
            },
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
    let de = german(lang);
    let _ = writeln!(s, "  {}", if de { "Bewertung:" } else { "Assessment:" });
    let _ = writeln!(
        s,
        "    {}: {} → {}",
        if de { "zulässig" } else { "eligible" },
        yes_no(v.old.eligible, lang),
        yes_no(v.new.eligible, lang)
    );
    let _ = writeln!(
        s,
        "    {}: {} → {} ({}); {}: {} → {}",
        if de { "Punktzahl" } else { "score" },
        num(v.old.total, lang),
        num(v.new.total, lang),
        delta(v.old.total, v.new.total, lang),
        if de {
            "wenn alle Unbekannten erfüllt wären"
        } else {
            "if every unknown passed"
        },
        num(v.old.total_if_unknowns_pass, lang),
        num(v.new.total_if_unknowns_pass, lang)
    );
    let _ = writeln!(
        s,
        "    {}: {} % → {} %",
        if de { "Konfidenz" } else { "confidence" },
        num(v.old.confidence_pct, lang),
        num(v.new.confidence_pct, lang)
    );
    let _ = writeln!(
        s,
        "    {}: {} → {}",
        if de {
            "Regeln erfüllt/nicht erfüllt/unbekannt"
        } else {
            "rules pass/fail/unknown"
        },
        standing_counts(&v.old),
        standing_counts(&v.new)
    );
    if v.old.knockouts_failed != v.new.knockouts_failed {
        let _ = writeln!(
            s,
            "    {}: {} → {}",
            if de {
                "verfehlte Ausschlusskriterien"
            } else {
                "failed knock-outs"
            },
            ids(&v.old.knockouts_failed),
            ids(&v.new.knockouts_failed)
        );
    }
    if v.old.open_must_haves != v.new.open_must_haves {
        let _ = writeln!(
            s,
            "    {}: {} → {}",
            if de {
                "offene Muss-Kriterien"
            } else {
                "open must-haves"
            },
            ids(&v.old.open_must_haves),
            ids(&v.new.open_must_haves)
        );
    }
    if v.changes.is_empty() {
        let _ = writeln!(
            s,
            "    {}",
            if de {
                "Kein Regelergebnis ändert sich."
            } else {
                "No rule verdict changes."
            }
        );
    }
    for c in &v.changes {
        let _ = writeln!(
            s,
            "    {} [{}] {}: {} → {}",
            c.rule,
            severity_word(c.severity, lang),
            c.title.get(de),
            outcome_word(c.old, lang),
            outcome_word(c.new, lang)
        );
        let _ = writeln!(s, "      {}", one_line(c.reason.get(de), 300));
    }
}

fn md_escape(s: &str) -> String {
    let mut out = String::with_capacity(s.len());
    for ch in s.chars() {
        match ch {
            '|' | '*' | '_' | '<' | '>' | '[' | ']' | '\\' => {
                out.push('\\');
                out.push(ch);
            }
            '\n' | '\r' => out.push(' '),
            c => out.push(c),
        }
    }
    out
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
    let de = german(lang);
    let mut s = String::new();
    let _ = writeln!(
        s,
        "# {}: {} → {}\n",
        if de {
            "Änderungen der Anbieterprofile"
        } else {
            "Provider profile changes"
        },
        md_escape(&r.old),
        md_escape(&r.new)
    );
    let _ = writeln!(
        s,
        "{} {} · {}: {} ({})",
        if de { "Stichtag" } else { "Evaluation date" },
        r.evaluation_date,
        if de { "Anforderungen" } else { "requirements" },
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
                if de { "Was" } else { "What" },
                if de { "Alt" } else { "Old" },
                if de { "Neu" } else { "New" },
                if de { "Hinweis" } else { "Note" }
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
                if de {
                    "Nachweise aktualisiert (Quelle, Stand oder Status):"
                } else {
                    "Evidence updated (source, as_of or status):"
                },
                labels.join("; ")
            );
        }
        if let Some(v) = &p.verdicts {
            let _ = writeln!(
                s,
                "\n### {}\n\n| | {} | {} |\n|---|---|---|",
                if de { "Bewertung" } else { "Assessment" },
                if de { "Alt" } else { "Old" },
                if de { "Neu" } else { "New" }
            );
            let _ = writeln!(
                s,
                "| {} | {} | {} |",
                if de { "Zulässig" } else { "Eligible" },
                yes_no(v.old.eligible, lang),
                yes_no(v.new.eligible, lang)
            );
            let _ = writeln!(
                s,
                "| {} | {} | {} ({}) |",
                if de { "Punktzahl" } else { "Score" },
                num(v.old.total, lang),
                num(v.new.total, lang),
                delta(v.old.total, v.new.total, lang)
            );
            let _ = writeln!(
                s,
                "| {} | {} | {} |",
                if de {
                    "Verfehlte Ausschlusskriterien"
                } else {
                    "Failed knock-outs"
                },
                ids(&v.old.knockouts_failed),
                ids(&v.new.knockouts_failed)
            );
            let _ = writeln!(
                s,
                "| {} | {} | {} |",
                if de {
                    "Offene Muss-Kriterien"
                } else {
                    "Open must-haves"
                },
                ids(&v.old.open_must_haves),
                ids(&v.new.open_must_haves)
            );
            if !v.changes.is_empty() {
                let _ = writeln!(
                    s,
                    "\n| {} | {} | {} | {} | {} | {} |\n|---|---|---|---|---|---|",
                    if de { "Regel" } else { "Rule" },
                    if de { "Schwere" } else { "Severity" },
                    if de { "Titel" } else { "Title" },
                    if de { "Alt" } else { "Old" },
                    if de { "Neu" } else { "New" },
                    if de { "Begründung" } else { "Why" }
                );
                for c in &v.changes {
                    let _ = writeln!(
                        s,
                        "| {} | {} | {} | {} | {} | {} |",
                        c.rule,
                        severity_word(c.severity, lang),
                        md_escape(c.title.get(de)),
                        outcome_word(c.old, lang),
                        outcome_word(c.new, lang),
                        md_escape(c.reason.get(de))
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
            if de {
                "Ohne Änderungen (auch in der Bewertung):"
            } else {
                "No changes (nor in the assessment):"
            },
            md_escape(&unchanged.join(", "))
        );
    }
    s
}
