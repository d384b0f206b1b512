//! The rules reference: `docs/rules/<pack>.md` generated from the packs (a test
//! fails when the committed files are stale; `UPDATE_DOCS=1` rewrites them), and
//! the text `cloudvet rules explain ID` prints.

use std::fmt::Write;

use crate::model::rule_pack::{Rule, RulePack, RuleStatus};

/// YAML as the packs write it: through JSON, so enums are single-key mappings
/// (`equals: {...}`) rather than serde_yaml's tags (`!equals`).
pub(crate) fn yaml_of<T: serde::Serialize>(v: &T) -> String {
    serde_json::to_value(v)
        .ok()
        .and_then(|j| serde_yaml::to_string(&j).ok())
        .unwrap_or_default()
}

/// The Markdown reference of one pack (English and German side by side).
pub fn pack_markdown(p: &RulePack) -> String {
    let mut s = String::new();
    let _ = writeln!(s, "# {} / {}", p.title.en, p.title.de);
    let _ = writeln!(s);
    let _ = writeln!(
        s,
        "<!-- Generated from rules/{}.yaml by `cloudvet rules docs`; do not edit. \
         The test `rules_docs_are_fresh` fails when this file is stale; `UPDATE_DOCS=1 cargo test` rewrites it. -->",
        p.id
    );
    let _ = writeln!(s);
    let _ = writeln!(s, "Pack `{}`, version {}.", p.id, p.version);
    if let Some(d) = &p.description {
        let _ = writeln!(s);
        let _ = writeln!(s, "{}", d.en.trim());
        let _ = writeln!(s);
        let _ = writeln!(s, "*{}*", d.de.trim());
    }
    let _ = writeln!(s);
    let _ = writeln!(s, "| ID | Title | Area | Severity | Weight | Legal basis |");
    let _ = writeln!(s, "|---|---|---|---|---|---|");
    for r in &p.rules {
        let status = if r.status == RuleStatus::Removed {
            " (removed)"
        } else {
            ""
        };
        let cites: Vec<String> = r
            .legal_basis
            .iter()
            .map(|b| b.cite(crate::i18n::Lang::En))
            .collect();
        let _ = writeln!(
            s,
            "| [{id}](#{anchor}) | {t}{status} | {area} | {sev} | {w} | {c} |",
            id = r.id,
            anchor = r.id.to_lowercase(),
            t = r.title.en.replace('|', "\\|"),
            area = r.area,
            sev = r.severity,
            w = r.weight,
            c = cites.join("; ").replace('|', "\\|"),
        );
    }
    for r in &p.rules {
        let _ = writeln!(s);
        s.push_str(&rule_markdown(r));
    }
    s
}

fn rule_markdown(r: &Rule) -> String {
    let mut s = String::new();
    let _ = writeln!(s, "## {}", r.id);
    let _ = writeln!(s);
    let _ = writeln!(s, "**{}** / **{}**", r.title.en, r.title.de);
    let _ = writeln!(s);
    if r.status == RuleStatus::Removed {
        let _ = writeln!(s, "*Removed: this ID is kept so it is never reused.*");
        let _ = writeln!(s);
    }
    let _ = writeln!(
        s,
        "- Area: `{}` · severity: `{}` · weight: {}",
        r.area, r.severity, r.weight
    );
    if let Some(item) = &r.reference_item {
        let _ = writeln!(s, "- Checklist item of the legal reference: `{item}`");
    }
    if r.valid_from.is_some() || r.valid_to.is_some() {
        let from = r
            .valid_from
            .map(|d| d.to_string())
            .unwrap_or_else(|| "—".into());
        let to = r
            .valid_to
            .map(|d| d.to_string())
            .unwrap_or_else(|| "—".into());
        let _ = writeln!(s, "- In force for evaluation dates {from} … {to}");
    }
    if let Some(m) = r.max_evidence_age_months {
        let _ = writeln!(s, "- Evidence older than {m} months counts as unknown");
    }
    let _ = writeln!(s, "- Legal basis:");
    for b in &r.legal_basis {
        match &b.note {
            Some(n) => {
                let _ = writeln!(s, "  - {} — {}", b.cite(crate::i18n::Lang::En), n);
            }
            None => {
                let _ = writeln!(s, "  - {}", b.cite(crate::i18n::Lang::En));
            }
        }
    }
    let _ = writeln!(s);
    let _ = writeln!(s, "{}", r.explanation.en.trim());
    let _ = writeln!(s);
    let _ = writeln!(s, "*{}*", r.explanation.de.trim());
    let _ = writeln!(s);
    let _ = writeln!(s, "- Question to the vendor: {}", r.question.en.trim());
    let _ = writeln!(s, "- Frage an den Anbieter: {}", r.question.de.trim());
    let _ = writeln!(s, "- Remediation: {}", r.remediation.en.trim());
    let _ = writeln!(s, "- Abhilfe: {}", r.remediation.de.trim());
    let _ = writeln!(s);
    if let Some(c) = &r.applies_when {
        let _ = writeln!(s, "Applies when (requirements):");
        let _ = writeln!(s);
        let _ = writeln!(s, "```yaml\n{}```", yaml_of(c));
        let _ = writeln!(s);
    }
    if let Some(c) = &r.knockout_when {
        let _ = writeln!(s, "Knock-out when (requirements):");
        let _ = writeln!(s);
        let _ = writeln!(s, "```yaml\n{}```", yaml_of(c));
        let _ = writeln!(s);
    }
    let _ = writeln!(s, "Check:");
    let _ = writeln!(s);
    let _ = writeln!(s, "```yaml\n{}```", yaml_of(&r.check));
    if !r.examples.is_empty() {
        let _ = writeln!(s);
        let outcomes: Vec<String> = r
            .examples
            .iter()
            .map(|e| {
                let o = yaml_of(&e.expect);
                o.trim().to_string()
            })
            .collect();
        let _ = writeln!(s, "Examples (run by the tests): {}", outcomes.join(", "));
    }
    s
}
