//! Rendering a DPA review for the file and for signature: Markdown and a
//! self-contained HTML page (all text escaped), each ending in a sign-off block.
//! Same review, same bytes: nothing here reads the clock.

use std::fmt::Write as _;

use crate::model::review::{
    Art28Element, DocumentType, DpaReview, ElementReview, SignOffDecision, Verdict,
};

use super::facts::verdict_str;
use super::{confidence_str, lang_str, result_str, type_str};

/// What each review element requires, and its legal basis.
pub fn element_text(e: Art28Element) -> (&'static str, &'static str) {
    match e {
        Art28Element::SubjectDuration => ("Subject matter and duration of the processing", "GDPR Art. 28(3), first sentence"),
        Art28Element::NaturePurpose => ("Nature and purpose of the processing", "GDPR Art. 28(3), first sentence"),
        Art28Element::DataTypes => ("Type of personal data", "GDPR Art. 28(3), first sentence"),
        Art28Element::DataSubjects => ("Categories of data subjects", "GDPR Art. 28(3), first sentence"),
        Art28Element::ControllerRights => ("Obligations and rights of the controller", "GDPR Art. 28(3), first sentence"),
        Art28Element::Instructions => ("Only on documented instructions, including on transfers; notice of a legal duty to process otherwise", "GDPR Art. 28(3)(a)"),
        Art28Element::Confidentiality => ("Authorised persons bound to confidentiality", "GDPR Art. 28(3)(b)"),
        Art28Element::Security => ("Measures required by Art. 32", "GDPR Art. 28(3)(c), Art. 32"),
        Art28Element::Subprocessors => ("Sub-processors: prior authorisation, notice of changes and right to object, same obligations flowed down", "GDPR Art. 28(2), (3)(d), (4)"),
        Art28Element::DsrAssistance => ("Assistance with data subjects' requests", "GDPR Art. 28(3)(e)"),
        Art28Element::Assistance32To36 => ("Assistance with security, breach notification, impact assessment, prior consultation", "GDPR Art. 28(3)(f)"),
        Art28Element::BreachNotification => ("Breach notification to the controller without undue delay", "GDPR Art. 33(2)"),
        Art28Element::DeleteReturn => ("Deletion or return at the end, at the controller's choice", "GDPR Art. 28(3)(g)"),
        Art28Element::Audits => ("Information to demonstrate compliance; audits including inspections", "GDPR Art. 28(3)(h)"),
        Art28Element::InfringingInstruction => ("Immediate notice of an instruction that infringes data protection law", "GDPR Art. 28(3), second subparagraph"),
        Art28Element::TransferMechanism => ("Third-country transfers and their tool (SCCs and module, adequacy, DPF, BCRs)", "GDPR Arts. 44–49"),
        Art28Element::TomAnnex => ("Concrete technical and organisational measures (annex)", "GDPR Art. 32; EDPB Guidelines 07/2020"),
        Art28Element::SubprocessorLiability => ("Processor fully liable for its sub-processors", "GDPR Art. 28(4), second sentence"),
    }
}

fn decision_str(d: SignOffDecision) -> &'static str {
    match d {
        SignOffDecision::Approved => "approved",
        SignOffDecision::ApprovedWithConditions => "approved with conditions",
        SignOffDecision::Rejected => "rejected",
    }
}

fn scan_str(e: &ElementReview) -> String {
    match &e.scan {
        Some(s) => format!(
            "{} ({})",
            result_str(s.status),
            confidence_str(s.confidence)
        ),
        None => "not scanned".into(),
    }
}

fn where_str(e: &ElementReview) -> String {
    let Some(s) = &e.scan else {
        return String::new();
    };
    let lines = match (s.line_start, s.line_end) {
        (Some(a), Some(b)) => lines_str(Some([a, b])),
        (Some(a), None) => lines_str(Some([a, a])),
        _ => String::new(),
    };
    [s.section.clone().unwrap_or_default(), lines]
        .into_iter()
        .filter(|x| !x.is_empty())
        .collect::<Vec<_>>()
        .join(", ")
}

/// The review's elements in article order, listed or not.
fn rows(r: &DpaReview) -> Vec<(Art28Element, Option<&ElementReview>)> {
    Art28Element::ALL
        .iter()
        .map(|a| (*a, r.elements.iter().find(|e| e.element == *a)))
        .collect()
}

/// Counts of verdicts: (accept, negotiate, reject, pending).
pub fn verdict_counts(r: &DpaReview) -> (usize, usize, usize, usize) {
    let c = |v: Verdict| r.elements.iter().filter(|e| e.verdict == v).count();
    let unlisted = Art28Element::ALL
        .iter()
        .filter(|a| !r.elements.iter().any(|e| e.element == **a))
        .count();
    (
        c(Verdict::Accept),
        c(Verdict::Negotiate),
        c(Verdict::Reject),
        c(Verdict::Pending) + unlisted,
    )
}

fn title(r: &DpaReview) -> String {
    format!("DPA review: {}", r.provider)
}

fn lines_str(l: Option<[u32; 2]>) -> String {
    match l {
        Some([a, b]) if a == b => format!("line {a}"),
        Some([a, b]) => format!("lines {a}–{b}"),
        None => String::new(),
    }
}

fn figures(r: &DpaReview) -> Vec<(&'static str, String)> {
    let f = &r.figures;
    let n = |v: Option<u32>| {
        v.map(|x| x.to_string())
            .unwrap_or_else(|| "not stated".into())
    };
    vec![
        ("Sub-processor notice (days)", n(f.subprocessor_notice_days)),
        ("Breach notice (hours)", n(f.breach_notice_hours)),
        ("SCC module (2021/914)", n(f.scc_module)),
        (
            "Governing law",
            f.governing_law
                .clone()
                .unwrap_or_else(|| "not stated".into()),
        ),
    ]
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
    let blank = "________________";
    let _ = writeln!(s, "# {}\n", md_escape(&title(r)));
    let _ = writeln!(s, "| Document | |\n|---|---|");
    let _ = writeln!(s, "| File | {} |", md_escape(&d.file_name));
    if let Some(src) = &d.source {
        let _ = writeln!(s, "| Source | {} |", md_escape(src));
    }
    if let Some(v) = &d.version {
        let _ = writeln!(s, "| Version | {} |", md_escape(v));
    }
    if let Some(v) = &d.date {
        let _ = writeln!(s, "| Date | {v} |");
    }
    let _ = writeln!(s, "| SHA-256 | `{}` |", md_escape(&d.sha256));
    let _ = writeln!(s, "| Language | {} |", lang_str(d.language));
    if let Some(t) = d.document_type {
        let _ = writeln!(s, "| Document type (scanner) | {} |", type_str(t));
    }
    let _ = writeln!(
        s,
        "| Verdicts | {acc} accept, {neg} negotiate, {rej} reject, {pen} pending |\n"
    );
    if let Some(t) = d.document_type.filter(|t| *t != DocumentType::Dpa) {
        let _ = writeln!(
            s,
            "> The scanner did not recognise this document as a data processing agreement ({}).\n",
            type_str(t)
        );
    }
    let _ = writeln!(s, "## Elements\n");
    let _ = writeln!(
        s,
        "| Element | Basis | Scan | Where | Verdict | Comment | Reviewer, date |\n|---|---|---|---|---|---|---|"
    );
    for (el, e) in rows(r) {
        let (t, basis) = element_text(el);
        let (scan, at, verdict, comment, by) = match e {
            Some(e) => (
                scan_str(e),
                where_str(e),
                verdict_str(e.verdict),
                opt(&e.comment),
                [
                    opt(&e.reviewer),
                    e.date.map(|d| d.to_string()).unwrap_or_default(),
                ]
                .into_iter()
                .filter(|x| !x.is_empty())
                .collect::<Vec<_>>()
                .join(", "),
            ),
            None => (
                "not listed".into(),
                String::new(),
                "pending",
                String::new(),
                String::new(),
            ),
        };
        let _ = writeln!(
            s,
            "| {} (`{}`) | {} | {} | {} | **{verdict}** | {} | {} |",
            md_escape(t),
            el.id(),
            md_escape(basis),
            md_escape(&scan),
            md_escape(&at),
            md_escape(&comment),
            md_escape(&by),
        );
    }
    let _ = writeln!(s, "\n## Passages\n");
    for (el, e) in rows(r) {
        if let Some(q) = e
            .and_then(|e| e.scan.as_ref())
            .and_then(|x| x.passage.as_ref())
        {
            let at = e.map(where_str).unwrap_or_default();
            let _ = writeln!(
                s,
                "- **{}** ({}): “{}”",
                el.id(),
                md_escape(&at),
                md_escape(q)
            );
        }
    }
    let _ = writeln!(s, "\n## Figures\n\n| Figure | Value |\n|---|---|");
    for (name, val) in figures(r) {
        let _ = writeln!(s, "| {name} | {} |", md_escape(&val));
    }
    let _ = writeln!(s, "\n## Sign-off\n\n| | |\n|---|---|");
    match &r.sign_off {
        Some(so) => {
            let _ = writeln!(s, "| Decision | **{}** |", decision_str(so.decision));
            let _ = writeln!(s, "| Comment | {} |", md_escape(&opt(&so.comment)));
            let _ = writeln!(s, "| Name | {} |", md_escape(&so.name));
            let _ = writeln!(s, "| Role | {} |", md_escape(&opt(&so.role)));
            let _ = writeln!(s, "| Date | {} |", so.date);
        }
        None => {
            let _ = writeln!(
                s,
                "| Decision | approved / approved with conditions / rejected |"
            );
            let _ = writeln!(
                s,
                "| Name | {blank} |\n| Role | {blank} |\n| Date | {blank} |"
            );
        }
    }
    let _ = writeln!(s, "| Signature | {blank} |");
    let _ = writeln!(
        s,
        "\nThe scan locates passages by keywords; it is not a legal assessment. The verdicts are the reviewer's."
    );
    s
}

const CSS: &str = "body{font-family:sans-serif;max-width:62rem;margin:2rem auto;padding:0 1rem;color:#111}\
table{border-collapse:collapse;width:100%;margin:1rem 0}th,td{border:1px solid #bbb;padding:.3rem .5rem;text-align:left;vertical-align:top}\
th{background:#eee}.accept{color:#0a5d00}.negotiate{color:#8a5a00}.reject{color:#a00}.pending{color:#555}\
blockquote{margin:.3rem 0;padding-left:.8rem;border-left:3px solid #bbb;color:#333}.note{background:#fff3cd;padding:.5rem}\
.sign td{height:2rem;min-width:20rem}";

/// The review as one self-contained HTML page (no external resources; all text escaped).
pub fn html(r: &DpaReview) -> String {
    let mut s = String::new();
    let d = &r.document;
    let e_ = html_escape;
    let (acc, neg, rej, pen) = verdict_counts(r);
    let lang = lang_str(d.language);
    let _ = write!(
        s,
        "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n<title>{}</title>\n<style>{CSS}</style>\n</head>\n<body>\n<h1>{}</h1>\n<table>\n",
        e_(&title(r)),
        e_(&title(r))
    );
    let row = |s: &mut String, k: &str, v: &str| {
        let _ = writeln!(s, "<tr><th>{k}</th><td>{v}</td></tr>");
    };
    row(&mut s, "File", &e_(&d.file_name));
    if let Some(src) = &d.source {
        row(&mut s, "Source", &e_(src));
    }
    if let Some(v) = &d.version {
        row(&mut s, "Version", &e_(v));
    }
    if let Some(v) = &d.date {
        row(&mut s, "Date", &v.to_string());
    }
    row(
        &mut s,
        "SHA-256",
        &format!("<code>{}</code>", e_(&d.sha256)),
    );
    row(&mut s, "Language", lang);
    if let Some(t) = d.document_type {
        row(&mut s, "Document type (scanner)", type_str(t));
    }
    row(
        &mut s,
        "Verdicts",
        &format!("{acc} accept, {neg} negotiate, {rej} reject, {pen} pending"),
    );
    s.push_str("</table>\n");
    if let Some(t) = d.document_type.filter(|t| *t != DocumentType::Dpa) {
        let _ = writeln!(
            s,
            "<p class=\"note\">The scanner did not recognise this document as a data processing agreement ({}).</p>",
            type_str(t)
        );
    }
    let _ = writeln!(s, "<h2>Elements</h2>\n<table>\n<tr><th>Element</th><th>Basis</th><th>Scan</th><th>Where and passage</th><th>Verdict</th><th>Comment</th><th>Reviewer, date</th></tr>");
    for (el, e) in rows(r) {
        let (t, basis) = element_text(el);
        let (scan, at, verdict, comment, by, quote) = match e {
            Some(e) => (
                scan_str(e),
                where_str(e),
                verdict_str(e.verdict),
                opt(&e.comment),
                [
                    opt(&e.reviewer),
                    e.date.map(|d| d.to_string()).unwrap_or_default(),
                ]
                .into_iter()
                .filter(|x| !x.is_empty())
                .collect::<Vec<_>>()
                .join(", "),
                e.scan
                    .as_ref()
                    .and_then(|x| x.passage.as_ref())
                    .map(|q| format!("<blockquote lang=\"{lang}\">{}</blockquote>", e_(q)))
                    .unwrap_or_default(),
            ),
            None => (
                "not listed".into(),
                String::new(),
                "pending",
                String::new(),
                String::new(),
                String::new(),
            ),
        };
        let _ = writeln!(
            s,
            "<tr id=\"{id}\"><td>{}<br><code>{id}</code></td><td>{}</td><td>{}</td><td>{}{quote}</td><td class=\"{verdict}\"><strong>{verdict}</strong></td><td>{}</td><td>{}</td></tr>",
            e_(t),
            e_(basis),
            e_(&scan),
            e_(&at),
            e_(&comment),
            e_(&by),
            id = el.id(),
        );
    }
    let _ = writeln!(
        s,
        "</table>\n<h2>Figures</h2>\n<table>\n<tr><th>Figure</th><th>Value</th></tr>"
    );
    for (name, val) in figures(r) {
        let _ = writeln!(s, "<tr><td>{name}</td><td>{}</td></tr>", e_(&val));
    }
    let _ = writeln!(s, "</table>\n<h2>Sign-off</h2>\n<table class=\"sign\">");
    match &r.sign_off {
        Some(so) => {
            row(
                &mut s,
                "Decision",
                &format!("<strong>{}</strong>", decision_str(so.decision)),
            );
            row(&mut s, "Comment", &e_(&opt(&so.comment)));
            row(&mut s, "Name", &e_(&so.name));
            row(&mut s, "Role", &e_(&opt(&so.role)));
            row(&mut s, "Date", &so.date.to_string());
        }
        None => {
            row(
                &mut s,
                "Decision",
                "approved / approved with conditions / rejected",
            );
            row(&mut s, "Name", "");
            row(&mut s, "Role", "");
            row(&mut s, "Date", "");
        }
    }
    row(&mut s, "Signature", "");
    let _ = writeln!(s, "</table>\n<p>The scan locates passages by keywords; it is not a legal assessment. The verdicts are the reviewer's.</p>\n</body>\n</html>");
    s
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn escaping() {
        assert_eq!(
            html_escape("<a href=\"x\">&'"),
            "&lt;a href=&quot;x&quot;&gt;&amp;&#39;"
        );
        assert_eq!(md_escape("a|b *c* [d]\n#"), "a\\|b \\*c\\* \\[d\\] \\#");
    }
}
