//! Rendering a DPA review (the `dpa` stage's model, `model::review::DpaReview`) for the
//! file and for signature: Markdown and a self-contained HTML page (all text escaped), each
//! ending in a sign-off block, and the PDF through the report's layout module, in English or
//! German. Same review, same bytes: nothing here reads the clock.

use std::fmt::Write as _;

use crate::model::review::{
    Art28Element, DocumentType, DpaReview, ElementReview, ScanConfidence, ScanStatus,
    SignOffDecision, Verdict,
};

use super::escape::{html as html_escape, markdown as md_escape};
use crate::dpa::lang_str;
use crate::i18n::{fill, t as tx, Lang};

/// What each review element requires, and its legal basis.
pub fn element_text(e: Art28Element, l: Lang) -> (&'static str, &'static str) {
    use Art28Element as A;
    let (en, de) = match e {
        A::SubjectDuration => (
            ("Subject matter and duration of the processing", "GDPR Art. 28(3), first sentence"),
            ("Gegenstand und Dauer der Verarbeitung", "Art. 28 Abs. 3 Satz 1 DSGVO"),
        ),
        A::NaturePurpose => (
            ("Nature and purpose of the processing", "GDPR Art. 28(3), first sentence"),
            ("Art und Zweck der Verarbeitung", "Art. 28 Abs. 3 Satz 1 DSGVO"),
        ),
        A::DataTypes => (
            ("Type of personal data", "GDPR Art. 28(3), first sentence"),
            ("Art der personenbezogenen Daten", "Art. 28 Abs. 3 Satz 1 DSGVO"),
        ),
        A::DataSubjects => (
            ("Categories of data subjects", "GDPR Art. 28(3), first sentence"),
            ("Kategorien betroffener Personen", "Art. 28 Abs. 3 Satz 1 DSGVO"),
        ),
        A::ControllerRights => (
            ("Obligations and rights of the controller", "GDPR Art. 28(3), first sentence"),
            ("Pflichten und Rechte des Verantwortlichen", "Art. 28 Abs. 3 Satz 1 DSGVO"),
        ),
        A::Instructions => (
            ("Only on documented instructions; notice of a legal duty to process otherwise", "GDPR Art. 28(3)(a)"),
            ("Nur auf dokumentierte Weisung; Mitteilung einer gesetzlichen Pflicht zur Verarbeitung", "Art. 28 Abs. 3 lit. a DSGVO"),
        ),
        A::TransferInstructions => (
            ("Third-country transfers only on documented instructions or with the controller's authorisation", "GDPR Art. 28(3)(a)"),
            ("Drittlandübermittlung nur auf dokumentierte Weisung oder mit Genehmigung des Verantwortlichen", "Art. 28 Abs. 3 lit. a DSGVO"),
        ),
        A::Confidentiality => (
            ("Authorised persons bound to confidentiality", "GDPR Art. 28(3)(b)"),
            ("Verpflichtung der befugten Personen zur Vertraulichkeit", "Art. 28 Abs. 3 lit. b DSGVO"),
        ),
        A::Security => (
            ("Measures required by Art. 32", "GDPR Art. 28(3)(c), Art. 32"),
            ("Maßnahmen nach Art. 32", "Art. 28 Abs. 3 lit. c, Art. 32 DSGVO"),
        ),
        A::Subprocessors => (
            ("(old review file) Sub-processors: prior authorisation, notice of changes and right to object, same obligations flowed down", "GDPR Art. 28(2), (3)(d), (4)"),
            ("Unterauftragsverarbeiter: vorherige Genehmigung, Information über Änderungen und Einspruchsrecht, Weitergabe derselben Pflichten", "Art. 28 Abs. 2, Abs. 3 lit. d, Abs. 4 DSGVO"),
        ),
        A::SubprocessorAuthorisation => (
            ("Sub-processors only with prior specific or general written authorisation", "GDPR Art. 28(2), (3)(d)"),
            ("Unterauftragsverarbeiter nur mit vorheriger gesonderter oder allgemeiner schriftlicher Genehmigung", "Art. 28 Abs. 2, Abs. 3 lit. d DSGVO"),
        ),
        A::SubprocessorObjection => (
            ("Notice of intended changes of sub-processors and the right to object", "GDPR Art. 28(2), second sentence"),
            ("Information über beabsichtigte Änderungen bei Unterauftragsverarbeitern und Einspruchsrecht", "Art. 28 Abs. 2 Satz 2 DSGVO"),
        ),
        A::SubprocessorFlowDown => (
            ("The same data-protection obligations imposed on sub-processors by contract", "GDPR Art. 28(4), first sentence"),
            ("Vertragliche Weitergabe derselben Datenschutzpflichten an Unterauftragsverarbeiter", "Art. 28 Abs. 4 Satz 1 DSGVO"),
        ),
        A::DsrAssistance => (
            ("Assistance with data subjects' requests", "GDPR Art. 28(3)(e)"),
            ("Unterstützung bei Anträgen betroffener Personen", "Art. 28 Abs. 3 lit. e DSGVO"),
        ),
        A::Assistance32To36 => (
            ("Assistance with security, breach notification, impact assessment, prior consultation", "GDPR Art. 28(3)(f)"),
            ("Unterstützung bei Sicherheit, Meldepflichten, Datenschutz-Folgenabschätzung, vorheriger Konsultation", "Art. 28 Abs. 3 lit. f DSGVO"),
        ),
        A::BreachNotification => (
            ("Breach notification to the controller without undue delay", "GDPR Art. 33(2)"),
            ("Meldung von Datenschutzverletzungen an den Verantwortlichen ohne schuldhaftes Zögern", "Art. 33 Abs. 2 DSGVO"),
        ),
        A::DeleteReturn => (
            ("Deletion or return at the end, at the controller's choice", "GDPR Art. 28(3)(g)"),
            ("Löschung oder Rückgabe am Ende, nach Wahl des Verantwortlichen", "Art. 28 Abs. 3 lit. g DSGVO"),
        ),
        A::Audits => (
            ("Information to demonstrate compliance; audits including inspections", "GDPR Art. 28(3)(h)"),
            ("Nachweise; Überprüfungen einschließlich Inspektionen", "Art. 28 Abs. 3 lit. h DSGVO"),
        ),
        A::InfringingInstruction => (
            ("Immediate notice of an instruction that infringes data protection law", "GDPR Art. 28(3), second subparagraph"),
            ("Unverzüglicher Hinweis auf rechtswidrige Weisungen", "Art. 28 Abs. 3 UAbs. 2 DSGVO"),
        ),
        A::TransferMechanism => (
            ("Third-country transfers and their tool (SCCs and module, adequacy, DPF, BCRs)", "GDPR Arts. 44–49"),
            ("Drittlandübermittlungen und ihre Grundlage (SCC und Modul, Angemessenheit, DPF, BCR)", "Art. 44–49 DSGVO"),
        ),
        A::TomAnnex => (
            ("Concrete technical and organisational measures (annex)", "GDPR Art. 32; EDPB Guidelines 07/2020"),
            ("Konkrete technische und organisatorische Maßnahmen (Anlage)", "Art. 32 DSGVO; EDSA-Leitlinien 07/2020"),
        ),
        A::SubprocessorLiability => (
            ("Processor fully liable for its sub-processors", "GDPR Art. 28(4), second sentence"),
            ("Volle Haftung für Unterauftragsverarbeiter", "Art. 28 Abs. 4 Satz 2 DSGVO"),
        ),
    };
    match l {
        Lang::En => en,
        Lang::De => de,
    }
}

fn verdict_word(v: Verdict, l: Lang) -> &'static str {
    match v {
        Verdict::Accept => tx(l, "dpa_report_accept"),
        Verdict::Negotiate => tx(l, "dpa_report_negotiate"),
        Verdict::Reject => tx(l, "dpa_report_reject"),
        Verdict::Pending => tx(l, "dpa_report_pending"),
    }
}

/// The CSS class of a verdict (the file's word, independent of the language).
fn verdict_class(v: Verdict) -> &'static str {
    crate::dpa::facts::verdict_str(v)
}

fn decision_str(d: SignOffDecision, l: Lang) -> &'static str {
    match d {
        SignOffDecision::Approved => tx(l, "dpa_report_approved"),
        SignOffDecision::ApprovedWithConditions => tx(l, "dpa_report_approved_with_conditions"),
        SignOffDecision::Rejected => tx(l, "dpa_report_rejected"),
    }
}

fn type_word(t: DocumentType, l: Lang) -> &'static str {
    match t {
        DocumentType::Dpa => tx(l, "dpa_report_dpa"),
        DocumentType::NotADpa => tx(l, "dpa_report_not_a_dpa"),
        DocumentType::Uncertain => tx(l, "dpa_report_uncertain"),
    }
}

fn scan_str(e: &ElementReview, l: Lang) -> String {
    match &e.scan {
        Some(s) => {
            let status = match s.status {
                ScanStatus::Found => tx(l, "dpa_report_found"),
                ScanStatus::Unclear => tx(l, "dpa_report_unclear"),
                ScanStatus::NotFound => tx(l, "dpa_report_not_found"),
            };
            let conf = match s.confidence {
                ScanConfidence::High => tx(l, "dpa_report_high"),
                ScanConfidence::Medium => tx(l, "dpa_report_medium"),
                ScanConfidence::Low => tx(l, "dpa_report_low"),
            };
            match s.unclear_reason {
                Some(r) => format!("{status} ({conf}): {}", tx(l, crate::dpa::reason_key(r))),
                None => format!("{status} ({conf})"),
            }
        }
        None => tx(l, "dpa_report_not_scanned").into(),
    }
}

fn lines_str(a: u32, b: u32, l: Lang) -> String {
    if a == b {
        format!("{} {a}", tx(l, "dpa_report_line"))
    } else {
        format!("{} {a}–{b}", tx(l, "dpa_report_lines"))
    }
}

fn where_str(e: &ElementReview, l: Lang) -> String {
    let Some(s) = &e.scan else {
        return String::new();
    };
    let lines = match (s.line_start, s.line_end) {
        (Some(a), Some(b)) => lines_str(a, b, l),
        (Some(a), None) => lines_str(a, a, l),
        _ => String::new(),
    };
    let page = match (s.page, s.page_line) {
        (Some(p), Some(pl)) => fill(
            l,
            "dpa_scan_page_line",
            &[("page", &p.to_string()), ("line", &pl.to_string())],
        ),
        _ => String::new(),
    };
    [s.section.clone().unwrap_or_default(), page, lines]
        .into_iter()
        .filter(|x| !x.is_empty())
        .collect::<Vec<_>>()
        .join(", ")
}

fn by_str(e: &ElementReview) -> String {
    [
        opt(&e.reviewer),
        e.date.map(|d| d.to_string()).unwrap_or_default(),
    ]
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

/// Counts of verdicts: (accept, negotiate, reject, pending or not listed).
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

fn counts_str(r: &DpaReview, l: Lang) -> String {
    let (a, n, j, p) = verdict_counts(r);
    fill(
        l,
        "dpa_report_counts",
        &[
            ("a", &a.to_string()),
            ("n", &n.to_string()),
            ("j", &j.to_string()),
            ("p", &p.to_string()),
        ],
    )
}

fn title(r: &DpaReview, l: Lang) -> String {
    format!("{}: {}", tx(l, "dpa_report_dpa_review"), r.provider)
}

fn figures(r: &DpaReview, l: Lang) -> Vec<(&'static str, String)> {
    let f = &r.figures;
    let none = tx(l, "dpa_report_not_stated");
    let n = |v: Option<u32>| v.map(|x| x.to_string()).unwrap_or_else(|| none.into());
    let days = |v: Option<u32>, c: Option<crate::model::review::DayCount>| match (v, c) {
        (Some(x), Some(crate::model::review::DayCount::BusinessDays)) => {
            fill(l, "dpa_scan_business_days", &[("value", &x.to_string())])
        }
        _ => n(v),
    };
    vec![
        (
            tx(l, "dpa_report_sub_processor_notice_days"),
            days(f.subprocessor_notice_days, f.subprocessor_notice_count),
        ),
        (
            tx(l, "dpa_report_objection_window_days"),
            days(f.objection_window_days, f.objection_window_count),
        ),
        (
            tx(l, "dpa_report_breach_notice_hours"),
            n(f.breach_notice_hours),
        ),
        (tx(l, "dpa_report_scc_module_2021_914"), n(f.scc_module)),
        (
            tx(l, "dpa_report_governing_law"),
            f.governing_law.clone().unwrap_or_else(|| none.into()),
        ),
    ]
}

fn not_a_dpa_note(t: DocumentType, l: Lang) -> String {
    fill(l, "dpa_report_not_a_dpa", &[("type", type_word(t, l))])
}

fn disclaimer(l: Lang) -> &'static str {
    tx(l, "dpa_report_the_scan_locates_passages_by_keywords")
}

fn decision_choices(l: Lang) -> &'static str {
    tx(l, "dpa_report_approved_approved_with_conditions_rejected")
}

fn opt(s: &Option<String>) -> String {
    s.clone().unwrap_or_default()
}

/// The header rows (label, text) shared by both formats; texts are raw (unescaped).
fn header_rows(r: &DpaReview, l: Lang) -> Vec<(&'static str, String)> {
    let d = &r.document;
    let mut v = vec![(tx(l, "dpa_report_file"), d.file_name.clone())];
    if let Some(src) = &d.source {
        v.push((tx(l, "dpa_report_source"), src.clone()));
    }
    if let Some(x) = &d.version {
        v.push(("Version", x.clone()));
    }
    if let Some(x) = &d.date {
        v.push((tx(l, "dpa_report_date"), x.to_string()));
    }
    v.push(("SHA-256", d.sha256.clone()));
    v.push((tx(l, "dpa_report_language"), lang_str(d.language).into()));
    if let Some(t) = d.document_type {
        v.push((
            tx(l, "dpa_report_document_type_scanner"),
            type_word(t, l).into(),
        ));
    }
    v.push((tx(l, "dpa_report_verdicts"), counts_str(r, l)));
    v
}

/// The sign-off rows (label, text); blanks to fill in while not signed off.
fn sign_rows(r: &DpaReview, l: Lang) -> Vec<(&'static str, String)> {
    match &r.sign_off {
        Some(so) => vec![
            (
                tx(l, "dpa_report_decision"),
                decision_str(so.decision, l).into(),
            ),
            (tx(l, "dpa_report_comment"), opt(&so.comment)),
            ("Name", so.name.clone()),
            (tx(l, "dpa_report_role"), opt(&so.role)),
            (tx(l, "dpa_report_date"), so.date.to_string()),
        ],
        None => vec![
            (tx(l, "dpa_report_decision"), decision_choices(l).into()),
            ("Name", String::new()),
            (tx(l, "dpa_report_role"), String::new()),
            (tx(l, "dpa_report_date"), String::new()),
        ],
    }
}

/// The review as Markdown.
pub fn markdown(r: &DpaReview, l: Lang) -> String {
    let mut s = String::new();
    let blank = "________________";
    let cell = |x: &str| {
        if x.is_empty() {
            blank.to_string()
        } else {
            md_escape(x)
        }
    };
    let _ = writeln!(s, "# {}\n", md_escape(&title(r, l)));
    let _ = writeln!(s, "| {} | |\n|---|---|", tx(l, "dpa_report_document"));
    for (k, v) in header_rows(r, l) {
        let _ = writeln!(s, "| {k} | {} |", md_escape(&v));
    }
    if let Some(t) = r.document.document_type.filter(|t| *t != DocumentType::Dpa) {
        let _ = writeln!(s, "\n> {}", md_escape(&not_a_dpa_note(t, l)));
    }
    let _ = writeln!(s, "\n## {}\n", tx(l, "dpa_report_elements"));
    let _ = writeln!(
        s,
        "| Element | {} | Scan | {} | {} | {} | {} |\n|---|---|---|---|---|---|---|",
        tx(l, "dpa_report_basis"),
        tx(l, "dpa_report_where"),
        tx(l, "dpa_report_verdict"),
        tx(l, "dpa_report_comment"),
        tx(l, "dpa_report_reviewer_date"),
    );
    for (el, e) in rows(r) {
        let (t, basis) = element_text(el, l);
        let (scan, at, verdict, comment, by) = match e {
            Some(e) => (
                scan_str(e, l),
                where_str(e, l),
                verdict_word(e.verdict, l),
                opt(&e.comment),
                by_str(e),
            ),
            None => (
                tx(l, "dpa_report_not_listed").into(),
                String::new(),
                verdict_word(Verdict::Pending, l),
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
    let _ = writeln!(s, "\n## {}\n", tx(l, "dpa_report_passages"));
    for (el, e) in rows(r) {
        if let Some(e) = e {
            if let Some(q) = e.scan.as_ref().and_then(|x| x.passage.as_ref()) {
                let _ = writeln!(
                    s,
                    "- **{}** ({}): “{}”",
                    el.id(),
                    md_escape(&where_str(e, l)),
                    md_escape(q)
                );
            }
        }
    }
    let _ = writeln!(
        s,
        "\n## {}\n\n| {} | {} |\n|---|---|",
        tx(l, "dpa_report_figures"),
        tx(l, "dpa_report_figure"),
        tx(l, "dpa_report_value")
    );
    for (name, val) in figures(r, l) {
        let _ = writeln!(s, "| {name} | {} |", md_escape(&val));
    }
    let _ = writeln!(
        s,
        "\n## {}\n\n| | |\n|---|---|",
        tx(l, "dpa_report_sign_off")
    );
    for (k, v) in sign_rows(r, l) {
        let _ = writeln!(s, "| {k} | {} |", cell(&v));
    }
    let _ = writeln!(s, "| {} | {blank} |", tx(l, "dpa_report_signature"));
    let _ = writeln!(s, "\n{}", disclaimer(l));
    s
}

const CSS: &str = "body{font-family:sans-serif;max-width:62rem;margin:2rem auto;padding:0 1rem;color:#111}\
table{border-collapse:collapse;width:100%;margin:1rem 0}th,td{border:1px solid #bbb;padding:.3rem .5rem;text-align:left;vertical-align:top}\
th{background:#eee}.accept{color:#0a5d00}.negotiate{color:#8a5a00}.reject{color:#a00}.pending{color:#555}\
blockquote{margin:.3rem 0;padding-left:.8rem;border-left:3px solid #bbb;color:#333}.note{background:#fff3cd;padding:.5rem}\
.sign td{height:2rem;min-width:20rem}";

/// The review as one self-contained HTML page (no external resources; all text escaped).
pub fn html(r: &DpaReview, l: Lang) -> String {
    let mut s = String::new();
    let e_ = html_escape;
    let doc_lang = lang_str(r.document.language);
    let page_lang = tx(l, "dpa_report_en");
    let t = e_(&title(r, l));
    let _ = write!(
        s,
        "<!DOCTYPE html>\n<html lang=\"{page_lang}\">\n<head>\n<meta charset=\"utf-8\">\n<title>{t}</title>\n<style>{CSS}</style>\n</head>\n<body>\n<h1>{t}</h1>\n<table>\n"
    );
    for (k, v) in header_rows(r, l) {
        let _ = writeln!(s, "<tr><th>{k}</th><td>{}</td></tr>", e_(&v));
    }
    s.push_str("</table>\n");
    if let Some(t) = r.document.document_type.filter(|t| *t != DocumentType::Dpa) {
        let _ = writeln!(s, "<p class=\"note\">{}</p>", e_(&not_a_dpa_note(t, l)));
    }
    let _ = writeln!(
        s,
        "<h2>{}</h2>\n<table>\n<tr><th>Element</th><th>{}</th><th>Scan</th><th>{}</th><th>{}</th><th>{}</th><th>{}</th></tr>",
        tx(l, "dpa_report_elements"),
        tx(l, "dpa_report_basis"),
        tx(l, "dpa_report_where_and_passage"),
        tx(l, "dpa_report_verdict"),
        tx(l, "dpa_report_comment"),
        tx(l, "dpa_report_reviewer_date"),
    );
    for (el, e) in rows(r) {
        let (title, basis) = element_text(el, l);
        let (scan, at, verdict, class, comment, by, quote) = match e {
            Some(e) => (
                scan_str(e, l),
                where_str(e, l),
                verdict_word(e.verdict, l),
                verdict_class(e.verdict),
                opt(&e.comment),
                by_str(e),
                e.scan
                    .as_ref()
                    .and_then(|x| x.passage.as_ref())
                    .map(|q| format!("<blockquote lang=\"{doc_lang}\">{}</blockquote>", e_(q)))
                    .unwrap_or_default(),
            ),
            None => (
                tx(l, "dpa_report_not_listed").into(),
                String::new(),
                verdict_word(Verdict::Pending, l),
                verdict_class(Verdict::Pending),
                String::new(),
                String::new(),
                String::new(),
            ),
        };
        let _ = writeln!(
            s,
            "<tr id=\"{id}\"><td>{}<br><code>{id}</code></td><td>{}</td><td>{}</td><td>{}{quote}</td><td class=\"{class}\"><strong>{verdict}</strong></td><td>{}</td><td>{}</td></tr>",
            e_(title),
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
        "</table>\n<h2>{}</h2>\n<table>\n<tr><th>{}</th><th>{}</th></tr>",
        tx(l, "dpa_report_figures"),
        tx(l, "dpa_report_figure"),
        tx(l, "dpa_report_value")
    );
    for (name, val) in figures(r, l) {
        let _ = writeln!(s, "<tr><td>{name}</td><td>{}</td></tr>", e_(&val));
    }
    let _ = writeln!(
        s,
        "</table>\n<h2>{}</h2>\n<table class=\"sign\">",
        tx(l, "dpa_report_sign_off")
    );
    for (k, v) in sign_rows(r, l) {
        let _ = writeln!(s, "<tr><th>{k}</th><td>{}</td></tr>", e_(&v));
    }
    let _ = writeln!(
        s,
        "<tr><th>{}</th><td></td></tr>\n</table>\n<p>{}</p>\n</body>\n</html>",
        tx(l, "dpa_report_signature"),
        e_(disclaimer(l))
    );
    s
}

/// The review as a PDF, laid out with the report's PDF layout module
/// (`render::pdf`): title, document table, elements table, passages, figures and the
/// sign-off block. Characters in any script are drawn (fonts with fallbacks,
/// docs/fonts.md). The PDF date is the sign-off date, else the latest element
/// date, else 1970-01-01; its ID is derived from the review: same review, same bytes.
pub fn pdf(r: &DpaReview, l: Lang) -> Result<Vec<u8>, super::RenderError> {
    use super::pdf::layout::{Align, Cell, Column, Face, Layout, PageSetup, Style, ACCENT};
    use super::pdf::{write_document, PdfMeta};
    use sha2::{Digest, Sha256};

    let date = r
        .sign_off
        .as_ref()
        .map(|s| s.date)
        .or_else(|| r.elements.iter().filter_map(|e| e.date).max())
        .map(|d| d.0)
        .unwrap_or(chrono::DateTime::UNIX_EPOCH.date_naive());
    let bytes = serde_json::to_vec(r).unwrap_or_default();
    let id = crate::load::hex(&Sha256::digest(&bytes));
    let meta = PdfMeta {
        title: title(r, l),
        subject: tx(l, "dpa_report_review_of_a_data_processing_agreement").into(),
        author: format!("cloudvet {}", env!("CARGO_PKG_VERSION")),
        keywords: vec!["GDPR".into(), "Art. 28".into(), "DPA".into()],
        date,
        document_id: id[..32].to_string(),
    };
    let page_lang = match l {
        Lang::En => crate::i18n::Lang::En,
        Lang::De => crate::i18n::Lang::De,
    };
    write_document(&meta, |fonts| {
        // Every character is drawn (a fallback font, or a visible placeholder that keeps
        // the character in the text layer: docs/fonts.md), so nothing needs replacing.
        let clean = |s: &str| -> String { s.to_string() };
        let setup = PageSetup {
            header_left: clean(&title(r, l)),
            header_right: r
                .sign_off
                .as_ref()
                .map(|s| s.date.to_string())
                .unwrap_or_default(),
            footer_left: format!("cloudvet {}", env!("CARGO_PKG_VERSION")),
            page_label: Box::new(move |x, y| crate::i18n::page_x_of_y(page_lang, x, y)),
        };
        let mut p = Layout::new(fonts, setup);
        p.paragraph(
            &clean(&title(r, l)),
            Style {
                size: 18.0,
                face: Face::Bold,
                color: ACCENT,
            },
        );
        for (k, v) in header_rows(r, l) {
            p.labelled(&format!("{k}:"), &clean(&v));
        }
        if let Some(t) = r.document.document_type.filter(|t| *t != DocumentType::Dpa) {
            p.paragraph(&clean(&not_a_dpa_note(t, l)), Style::BOLD);
        }
        p.heading(1, tx(l, "dpa_report_elements"));
        let col = |head: &str, width: f32| Column {
            head: head.to_string(),
            width,
            align: Align::Left,
        };
        let columns = [
            col("Element", 165.0),
            col("Scan", 70.0),
            col(tx(l, "dpa_report_where"), 80.0),
            col(tx(l, "dpa_report_verdict"), 65.0),
            col(tx(l, "dpa_report_comment_reviewer"), 115.0),
        ];
        let rows: Vec<Vec<Cell>> = rows(r)
            .into_iter()
            .map(|(el, e)| {
                let (t, basis) = element_text(el, l);
                let (scan, at, verdict, note) = match e {
                    Some(e) => (
                        scan_str(e, l),
                        where_str(e, l),
                        verdict_word(e.verdict, l),
                        [opt(&e.comment), by_str(e)]
                            .into_iter()
                            .filter(|x| !x.is_empty())
                            .collect::<Vec<_>>()
                            .join(" — "),
                    ),
                    None => (
                        tx(l, "dpa_report_not_listed").into(),
                        String::new(),
                        verdict_word(Verdict::Pending, l),
                        String::new(),
                    ),
                };
                vec![
                    Cell::new(clean(&format!("{t} ({basis})"))),
                    Cell::new(clean(&scan)),
                    Cell::new(clean(&at)),
                    Cell::bold(verdict),
                    Cell::new(clean(&note)),
                ]
            })
            .collect();
        p.table(&columns, &rows);
        p.heading(1, tx(l, "dpa_report_passages"));
        let passages: Vec<String> = rows_passages(r, l).into_iter().map(|x| clean(&x)).collect();
        p.bullets(&passages, Style::SMALL);
        p.heading(1, tx(l, "dpa_report_figures"));
        for (name, val) in figures(r, l) {
            p.labelled(&format!("{name}:"), &clean(&val));
        }
        p.heading(1, tx(l, "dpa_report_sign_off"));
        let blank = "________________________________";
        for (k, v) in sign_rows(r, l) {
            let v = if v.is_empty() {
                blank.to_string()
            } else {
                clean(&v)
            };
            p.labelled(&format!("{k}:"), &v);
        }
        p.labelled(&format!("{}:", tx(l, "dpa_report_signature")), blank);
        p.space(6.0);
        p.paragraph(disclaimer(l), Style::SMALL);
        p.finish()
    })
}

fn rows_passages(r: &DpaReview, l: Lang) -> Vec<String> {
    rows(r)
        .into_iter()
        .filter_map(|(el, e)| {
            let e = e?;
            let q = e.scan.as_ref()?.passage.as_ref()?;
            Some(format!("{} ({}): “{}”", el.id(), where_str(e, l), q))
        })
        .collect()
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

    #[test]
    fn every_element_has_both_languages() {
        for e in Art28Element::ALL {
            let (en, _) = element_text(*e, Lang::En);
            let (de, basis) = element_text(*e, Lang::De);
            assert!(!en.is_empty() && !de.is_empty());
            assert!(basis.contains("DSGVO"), "{basis}");
            assert_ne!(en, de);
        }
    }
}
