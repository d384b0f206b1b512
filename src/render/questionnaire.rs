//! The questionnaire's Markdown version, to read: vendor-controlled texts (the
//! provider's name, the findings) escaped, every fixed text from the catalogue.

use std::fmt::Write;

use crate::eval::questionnaire::Questionnaire;
use crate::i18n::{fill, t, Lang};
use crate::render::escape::markdown;

/// The Markdown version of `q` for the provider named `name`, in `lang`.
pub fn markdown_in(q: &Questionnaire, name: &str, lang: Lang) -> String {
    let mut s = String::new();
    let _ = writeln!(
        s,
        "# {}\n",
        fill(lang, "questionnaire_md_title", &[("name", &markdown(name))])
    );
    let _ = writeln!(
        s,
        "{}\n",
        fill(
            lang,
            "questionnaire_md_intro",
            &[("date", &q.raised_on.to_string())]
        )
    );
    for (i, item) in q.questions.iter().enumerate() {
        let _ = writeln!(
            s,
            "## {}. {} ({})\n",
            i + 1,
            markdown(&item.rule),
            item.severity.title().get_in(lang)
        );
        let _ = writeln!(s, "{}\n", item.question.get_in(lang).trim());
        if let Some(f) = &item.finding {
            let _ = writeln!(
                s,
                "*{}: {}*\n",
                t(lang, "questionnaire_md_finding"),
                markdown(f.get_in(lang))
            );
        }
        for a in &item.answers {
            let _ = writeln!(s, "- `{}`", a.fact);
        }
        let _ = writeln!(s);
    }
    s
}
