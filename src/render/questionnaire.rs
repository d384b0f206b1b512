//! The questionnaire to send, to read: Markdown and PDF from the same view
//! (`eval::questionnaire::view`). Each question names what it concerns (the
//! certificate, the sub-processor, the transfer), says in one line why it is
//! asked and on which legal basis, and lists the facts to state with the form
//! of the answer, each with the mark it has in the YAML file (`1a`, `1b` …).
//! Vendor-controlled texts (the provider's name, item names) are escaped; every
//! fixed text comes from the catalogue.

use std::fmt::Write;

use crate::eval::questionnaire::{QuestionView, Questionnaire};
use crate::i18n::{fill, t, Lang};
use crate::render::escape::markdown;

/// What a questionnaire to send says besides its questions.
pub struct Cover<'a> {
    /// The provider's display name.
    pub name: &'a str,
    /// The YAML file the vendor fills in (its file name).
    pub answer_file: &'a str,
    /// Only the decisive questions: (written, all open questions).
    pub decisive_of: Option<(usize, usize)>,
}

/// The Markdown version in `lang`.
pub fn markdown_in(
    q: &Questionnaire,
    views: &[QuestionView],
    cover: &Cover<'_>,
    lang: Lang,
) -> String {
    let mut s = String::new();
    let _ = writeln!(
        s,
        "# {}\n",
        fill(
            lang,
            "questionnaire_md_title",
            &[("name", &markdown(cover.name))]
        )
    );
    for line in intro(q, cover, lang) {
        let _ = writeln!(s, "{}\n", markdown(&line));
    }
    let _ = writeln!(s, "## {}\n", t(lang, "q_how_title"));
    for key in ["q_how_value", "q_how_evidence", "q_how_unknown"] {
        let _ = writeln!(s, "- {}", t(lang, key));
    }
    let _ = writeln!(s);
    if views.is_empty() {
        let _ = writeln!(s, "{}", t(lang, "q_none"));
    }
    for (i, v) in views.iter().enumerate() {
        let _ = writeln!(s, "## {}. {}\n", i + 1, markdown(&v.title));
        let _ = writeln!(s, "*{}*\n", markdown(&tagline(v, lang)));
        if let Some(subject) = &v.subject {
            let _ = writeln!(s, "**{}:** {}\n", t(lang, "q_concerns"), markdown(subject));
        }
        let _ = writeln!(
            s,
            "**{}:** {}\n",
            t(lang, "q_question"),
            markdown(&v.question)
        );
        let _ = writeln!(
            s,
            "**{}:** {}\n",
            t(lang, "q_why"),
            markdown(&why_line(v, lang))
        );
        let _ = writeln!(s, "**{}:**\n", t(lang, "q_please_state"));
        for a in &v.answers {
            let _ = writeln!(
                s,
                "- **{}** {} — {}",
                a.mark,
                markdown(&a.label),
                form_markdown(&a.form)
            );
        }
        let _ = writeln!(s);
    }
    s
}

/// The PDF version in `lang`, laid out with the report's PDF layout module. The
/// date is the day the questions were raised; the ID derives from the content.
pub fn pdf(
    q: &Questionnaire,
    views: &[QuestionView],
    cover: &Cover<'_>,
    lang: Lang,
) -> Result<Vec<u8>, crate::render::RenderError> {
    use crate::render::pdf::layout::{Face, Layout, PageSetup, Style, ACCENT};
    use crate::render::pdf::{write_document, PdfMeta};
    use sha2::{Digest, Sha256};

    let title = fill(lang, "questionnaire_md_title", &[("name", cover.name)]);
    let md = markdown_in(q, views, cover, lang);
    let id = crate::load::hex(&Sha256::digest(md.as_bytes()));
    let meta = PdfMeta {
        title: title.clone(),
        subject: t(lang, "q_yaml_title").to_string(),
        author: format!("cloudvet {}", env!("CARGO_PKG_VERSION")),
        keywords: vec!["GDPR".into(), "DPA".into(), q.provider.clone()],
        date: q.raised_on.0,
        document_id: id[..32].to_string(),
    };
    write_document(&meta, |fonts| {
        // Characters the embedded font lacks become `?` (as in the DPA review PDF).
        let clean = |s: &str| -> String {
            s.chars()
                .map(|c| {
                    if c == ' ' || fonts.face(Face::Regular).covers(c) {
                        c
                    } else {
                        '?'
                    }
                })
                .collect()
        };
        let setup = PageSetup {
            header_left: clean(&title),
            header_right: crate::i18n::date(lang, q.raised_on.0),
            footer_left: format!("cloudvet {}", env!("CARGO_PKG_VERSION")),
            page_label: Box::new(move |x, y| crate::i18n::page_x_of_y(lang, x, y)),
        };
        let mut p = Layout::new(fonts, setup);
        p.paragraph(
            &clean(&title),
            Style {
                size: 18.0,
                face: Face::Bold,
                color: ACCENT,
            },
        );
        for line in intro(q, cover, lang) {
            p.paragraph(&clean(&line), Style::BODY);
        }
        p.heading(2, t(lang, "q_how_title"));
        let how: Vec<String> = ["q_how_value", "q_how_evidence", "q_how_unknown"]
            .iter()
            .map(|k| plain(t(lang, k)))
            .collect();
        p.bullets(&how, Style::BODY);
        if views.is_empty() {
            p.paragraph(t(lang, "q_none"), Style::BODY);
        }
        for (i, v) in views.iter().enumerate() {
            p.heading(2, &clean(&format!("{}. {}", i + 1, v.title)));
            p.paragraph(&clean(&tagline(v, lang)), Style::SMALL);
            if let Some(subject) = &v.subject {
                p.labelled(&format!("{}:", t(lang, "q_concerns")), &clean(subject));
            }
            p.labelled(&format!("{}:", t(lang, "q_question")), &clean(&v.question));
            p.labelled(
                &format!("{}:", t(lang, "q_why")),
                &clean(&why_line(v, lang)),
            );
            p.paragraph(&format!("{}:", t(lang, "q_please_state")), Style::BOLD);
            let items: Vec<String> = v
                .answers
                .iter()
                .map(|a| clean(&format!("{} {} — {}", a.mark, a.label, plain(&a.form))))
                .collect();
            p.bullets(&items, Style::BODY);
        }
        p.finish()
    })
}

/// The opening lines: when the questions were raised and where to answer; for
/// the decisive questions only, how many of how many.
fn intro(q: &Questionnaire, cover: &Cover<'_>, lang: Lang) -> Vec<String> {
    let mut lines = vec![fill(
        lang,
        "questionnaire_md_intro",
        &[
            ("date", &crate::i18n::date(lang, q.raised_on.0)),
            ("file", cover.answer_file),
        ],
    )];
    if let Some((n, total)) = cover.decisive_of {
        lines.push(fill(
            lang,
            "questionnaire_md_decisive",
            &[("n", &n.to_string()), ("total", &total.to_string())],
        ));
    }
    lines
}

/// "must-have · CERT-001 · decides the ranking".
fn tagline(v: &QuestionView, lang: Lang) -> String {
    let mut parts = vec![v.severity.clone(), v.rule.clone()];
    if v.decisive {
        parts.push(t(lang, "q_decisive").to_string());
    }
    parts.join(" · ")
}

/// The finding and its legal basis in one line.
fn why_line(v: &QuestionView, lang: Lang) -> String {
    match (v.why.is_empty(), v.legal_basis.is_empty()) {
        (false, false) => format!(
            "{} ({}: {})",
            v.why.trim_end_matches('.'),
            t(lang, "q_legal_basis"),
            v.legal_basis
        ),
        (false, true) => v.why.clone(),
        (true, false) => format!("{}: {}", t(lang, "q_legal_basis"), v.legal_basis),
        (true, true) => String::new(),
    }
}

/// A form of answer for Markdown: the `token`s of the catalogue text stay code,
/// the rest is escaped.
fn form_markdown(form: &str) -> String {
    form.split('`')
        .enumerate()
        .map(|(i, part)| {
            if i % 2 == 1 {
                format!("`{part}`")
            } else {
                markdown(part)
            }
        })
        .collect()
}

/// A catalogue text without its Markdown code marks (for the PDF).
fn plain(text: &str) -> String {
    text.replace('`', "")
}
