//! Rendering a DPA review for the file and for signature: Markdown and a
//! self-contained HTML page (all text escaped), each ending in a sign-off block.
//! Same review, same bytes: nothing here reads the clock.

use std::fmt::Write as _;

use crate::model::review::{DocumentType, DpaReview, Verdict};

use super::{confidence_str, format_str, lang_str, result_str, type_str};

/// Counts of verdicts: (accept, negotiate, reject, pending).
pub fn verdict_counts(r: &DpaReview) -> (usize, usize, usize, usize) {
    let c = |v: Verdict| r.elements.iter().filter(|e| e.verdict == v).count();
    (
        c(Verdict::Accept),
        c(Verdict::Negotiate),
        c(Verdict::Reject),
        c(Verdict::Pending),
    )
}

fn title(r: &DpaReview) -> String {
    match &r.provider {
        Some(p) => format!("DPA review: {p}"),
        None => format!("DPA review: {}", r.document.file),
    }
}

fn lines_str(l: Option<[u32; 2]>) -> String {
    match l {
        Some([a, b]) if a == b => format!("line {a}"),
        Some([a, b]) => format!("lines {a}–{b}"),
        None => String::new(),
    }
}

fn figures(r: &DpaReview) -> Vec<(&'static str, String, String)> {
    let f = &r.figures;
    let mut v = Vec::new();
    let mut push = |name: &'static str, val: Option<String>, sec: Option<String>, l: Option<[u32; 2]>| {
        let at = [sec.unwrap_or_default(), lines_str(l)]
            .into_iter()
            .filter(|s| !s.is_empty())
            .collect::<Vec<_>>()
            .join(", ");
        v.push((name, val.unwrap_or_else(|| "not stated".into()), at));
    };
    push(
        "Sub-processor notice (days)",
        f.subprocessor_notice_days.as_ref().map(|x| x.value.to_string()),
        f.subprocessor_notice_days.as_ref().and_then(|x| x.section.clone()),
        f.subprocessor_notice_days.as_ref().and_then(|x| x.lines),
    );
    push(
        "Breach notice (hours)",
        f.breach_notice_hours.as_ref().map(|x| x.value.to_string()),
        f.breach_notice_hours.as_ref().and_then(|x| x.section.clone()),
        f.breach_notice_hours.as_ref().and_then(|x| x.lines),
    );
    push(
        "SCC module (2021/914)",
        f.scc_module.as_ref().map(|x| x.value.to_string()),
        f.scc_module.as_ref().and_then(|x| x.section.clone()),
        f.scc_module.as_ref().and_then(|x| x.lines),
    );
    push(
        "Governing law",
        f.governing_law.as_ref().map(|x| x.value.clone()),
        f.governing_law.as_ref().and_then(|x| x.section.clone()),
        f.governing_law.as_ref().and_then(|x| x.lines),
    );
    v
}

/// Escapes text for Markdown (inline, in tables).
pub fn md_escape(s: &str) -> String {
    let mut out = String::with_capacity(s.len());
    for c in s.chars() {
        match c {
            '\\' | '`' | '*' | '_' | '[' | ']' | '<' | '>' | '|' | '#' => {
                out.push('\\');
                out.push(c);
            }
            '\n' | '\r' => out.push(' '),
            c => out.push(c),
        }
    }
    out
}

/// Escapes text for HTML element content and attribute values.
pub fn html_escape(s: &str) -> String {
    let mut out = String::with_capacity(s.len());
    for c in s.chars() {
        match c {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            '\'' => out.push_str("&#39;"),
            c => out.push(c),
        }
    }
    out
}

fn opt(s: &Option<String>) -> String {
    s.clone().unwrap_or_default()
}

/// The review as Markdown.
pub fn markdown(r: &DpaReview) -> String {
    let mut s = String::new();
    let d = &r.document;
    let (acc, neg, rej, pen) = verdict_counts(r);
    let _ = writeln!(s, "# {}\n", md_escape(&title(r)));
    let _ = writeln!(s, "| Document | |\n|---|---|");
    let _ = writeln!(s, "| File | {} |", md_escape(&d.file));
    if let Some(src) = &d.source {
        let _ = writeln!(s, "| Source | {} |", md_escape(src));
    }
    if let Some(v) = &d.version {
        let _ = writeln!(s, "| Version | {} |", md_escape(v));
    }
    let _ = writeln!(s, "| SHA-256 | `{}` |", d.sha256);
    let _ = writeln!(
        s,
        "| Format, language, lines | {}, {}, {} |",
        format_str(d.format),
        lang_str(d.language),
        d.lines
    );
    let _ = writeln!(s, "| Document type (scanner) | {} |", type_str(d.document_type));
    let _ = writeln!(
        s,
        "| Verdicts | {acc} accept, {neg} negotiate, {rej} reject, {pen} pending |\n"
    );
    if d.document_type != DocumentType::Dpa {
        let _ = writeln!(
            s,
            "> The scanner did not recognise this document as a data processing agreement ({}).\n",
            type_str(d.document_type)
        );
    }
    let _ = writeln!(s, "## Elements\n");
    let _ = writeln!(
        s,
        "| Element | Basis | Scan | Where | Verdict | Comment |\n|---|---|---|---|---|---|"
    );
    for e in &r.elements {
        let at = [opt(&e.scan.section), lines_str(e.scan.lines)]
            .into_iter()
            .filter(|x| !x.is_empty())
            .collect::<Vec<_>>()
            .join(", ");
        let _ = writeln!(
            s,
            "| {} | {} | {} ({}) | {} | **{}** | {} |",
            md_escape(&e.title),
            md_escape(&e.basis),
            result_str(e.scan.result),
            confidence_str(e.scan.confidence),
            md_escape(&at),
            e.verdict.as_str(),
            md_escape(&opt(&e.comment)),
        );
    }
    let _ = writeln!(s, "\n## Passages\n");
    for e in &r.elements {
        if let Some(q) = &e.scan.quote {
            let _ = writeln!(
                s,
                "- **{}** ({}): “{}”",
                md_escape(&e.id),
                md_escape(&lines_str(e.scan.lines)),
                md_escape(q)
            );
        }
    }
    let _ = writeln!(s, "\n## Figures\n\n| Figure | Value | Where |\n|---|---|---|");
    for (name, val, at) in figures(r) {
        let _ = writeln!(s, "| {name} | {} | {} |", md_escape(&val), md_escape(&at));
    }
    let so = &r.sign_off;
    let _ = writeln!(s, "\n## Sign-off\n");
    let _ = writeln!(s, "| | |\n|---|---|");
    let _ = writeln!(s, "| Overall verdict | **{}** |", so.verdict.as_str());
    let _ = writeln!(s, "| Comment | {} |", md_escape(&opt(&so.comment)));
    let _ = writeln!(
        s,
        "| Reviewer | {} |",
        md_escape(&so.reviewer.clone().unwrap_or_else(|| "________________".into()))
    );
    let _ = writeln!(
        s,
        "| Role | {} |",
        md_escape(&so.role.clone().unwrap_or_else(|| "________________".into()))
    );
    let _ = writeln!(
        s,
        "| Date | {} |",
        so.date
            .map(|d| d.to_string())
            .unwrap_or_else(|| "________________".into())
    );
    let _ = writeln!(s, "| Signature | ________________ |");
    let _ = writeln!(
        s,
        "\nThe scan locates passages by keywords; it is not a legal assessment. The verdicts are the reviewer's."
    );
    s
}

const CSS: &str = "body{font-family:sans-serif;max-width:60rem;margin:2rem auto;padding:0 1rem;color:#111}\
table{border-collapse:collapse;width:100%;margin:1rem 0}th,td{border:1px solid #bbb;padding:.3rem .5rem;text-align:left;vertical-align:top}\
th{background:#eee}.accept{color:#0a5d00}.negotiate{color:#8a5a00}.reject{color:#a00}.pending{color:#555}\
blockquote{margin:.3rem 0;padding-left:.8rem;border-left:3px solid #bbb;color:#333}.note{background:#fff3cd;padding:.5rem}\
.sign td{height:2rem}";

/// The review as one self-contained HTML page.
pub fn html(r: &DpaReview) -> String {
    let mut s = String::new();
    let d = &r.document;
    let e_ = html_escape;
    let (acc, neg, rej, pen) = verdict_counts(r);
    let lang = lang_str(d.language);
    let _ = write!(
        s,
        "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n<title>{}</title>\n<style>{CSS}</style>\n</head>\n<body>\n<h1>{}</h1>\n",
        e_(&title(r)),
        e_(&title(r))
    );
    let _ = writeln!(s, "<table>");
    let _ = writeln!(s, "<tr><th>File</th><td>{}</td></tr>", e_(&d.file));
    if let Some(src) = &d.source {
        let _ = writeln!(s, "<tr><th>Source</th><td>{}</td></tr>", e_(src));
    }
    if let Some(v) = &d.version {
        let _ = writeln!(s, "<tr><th>Version</th><td>{}</td></tr>", e_(v));
    }
    let _ = writeln!(s, "<tr><th>SHA-256</th><td><code>{}</code></td></tr>", e_(&d.sha256));
    let _ = writeln!(
        s,
        "<tr><th>Format, language, lines</th><td>{}, {lang}, {}</td></tr>",
        format_str(d.format),
        d.lines
    );
    let _ = writeln!(
        s,
        "<tr><th>Document type (scanner)</th><td>{}</td></tr>",
        type_str(d.document_type)
    );
    let _ = writeln!(
        s,
        "<tr><th>Verdicts</th><td>{acc} accept, {neg} negotiate, {rej} reject, {pen} pending</td></tr>\n</table>"
    );
    if d.document_type != DocumentType::Dpa {
        let _ = writeln!(
            s,
            "<p class=\"note\">The scanner did not recognise this document as a data processing agreement ({}).</p>",
            type_str(d.document_type)
        );
    }
    let _ = writeln!(s, "<h2>Elements</h2>\n<table>\n<tr><th>Element</th><th>Basis</th><th>Scan</th><th>Where and passage</th><th>Verdict</th><th>Comment</th></tr>");
    for el in &r.elements {
        let at = [opt(&el.scan.section), lines_str(el.scan.lines)]
            .into_iter()
            .filter(|x| !x.is_empty())
            .collect::<Vec<_>>()
            .join(", ");
        let quote = el
            .scan
            .quote
            .as_ref()
            .map(|q| format!("<blockquote lang=\"{lang}\">{}</blockquote>", e_(q)))
            .unwrap_or_default();
        let v = el.verdict.as_str();
        let _ = writeln!(
            s,
            "<tr id=\"{}\"><td>{}</td><td>{}</td><td>{} ({})</td><td>{}{quote}</td><td class=\"{v}\"><strong>{v}</strong></td><td>{}</td></tr>",
            e_(&el.id),
            e_(&el.title),
            e_(&el.basis),
            result_str(el.scan.result),
            confidence_str(el.scan.confidence),
            e_(&at),
            e_(&opt(&el.comment)),
        );
    }
    let _ = writeln!(s, "</table>\n<h2>Figures</h2>\n<table>\n<tr><th>Figure</th><th>Value</th><th>Where</th></tr>");
    for (name, val, at) in figures(r) {
        let _ = writeln!(s, "<tr><td>{name}</td><td>{}</td><td>{}</td></tr>", e_(&val), e_(&at));
    }
    let so = &r.sign_off;
    let blank = |o: &Option<String>| o.as_ref().map(|x| e_(x)).unwrap_or_default();
    let _ = writeln!(s, "</table>\n<h2>Sign-off</h2>\n<table class=\"sign\">");
    let v = so.verdict.as_str();
    let _ = writeln!(s, "<tr><th>Overall verdict</th><td class=\"{v}\"><strong>{v}</strong></td></tr>");
    let _ = writeln!(s, "<tr><th>Comment</th><td>{}</td></tr>", blank(&so.comment));
    let _ = writeln!(s, "<tr><th>Reviewer</th><td>{}</td></tr>", blank(&so.reviewer));
    let _ = writeln!(s, "<tr><th>Role</th><td>{}</td></tr>", blank(&so.role));
    let _ = writeln!(
        s,
        "<tr><th>Date</th><td>{}</td></tr>",
        so.date.map(|d| d.to_string()).unwrap_or_default()
    );
    let _ = writeln!(s, "<tr><th>Signature</th><td></td></tr>\n</table>");
    let _ = writeln!(s, "<p>The scan locates passages by keywords; it is not a legal assessment. The verdicts are the reviewer's.</p>\n</body>\n</html>");
    s
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn escaping() {
        assert_eq!(html_escape("<a href=\"x\">&'"), "&lt;a href=&quot;x&quot;&gt;&amp;&#39;");
        assert_eq!(md_escape("a|b *c* [d]\n#"), "a\\|b \\*c\\* \\[d\\] \\#");
    }
}
