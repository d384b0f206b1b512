//! `cloudvet questionnaire --provider ID [--decisive-only] [--out DIR]`: the
//! provider's open questions as a YAML file to fill in (`<id>-questionnaire.yaml`,
//! with a comment in the reader's language beside every question and fact) and
//! a Markdown and a PDF version to read and send (`<id>-questionnaire.md`,
//! `.pdf`). The answered YAML goes back in with `cloudvet assess --answers FILE`.
//! `--decisive-only` keeps the questions whose answers can change who ranks
//! first; without `--provider` it writes them for every provider that has one.

use std::path::PathBuf;

use super::{Global, Lang, Status};
use crate::eval::questionnaire::{self, Questionnaire};
use crate::eval::{Assessment, ProviderAssessment};

#[derive(Debug, Clone, clap::Args)]
pub struct Args {
    /// Provider id (as in the profile); with --decisive-only it may be left out
    /// (then every provider with a decisive question gets its questionnaire).
    #[arg(
        long,
        value_parser = super::completions::Suggest::providers(),
        hide_possible_values = true,
        required_unless_present = "decisive_only"
    )]
    pub provider: Option<String>,
    /// Only the decisive questions: those whose answers can change who ranks first.
    #[arg(long)]
    pub decisive_only: bool,
    /// Folder to write into (default: the current folder).
    #[arg(long, default_value = ".")]
    pub out: PathBuf,
    #[command(flatten)]
    pub inputs: super::InputArgs,
}

pub fn run(args: &Args, global: &Global) -> Status {
    let lang = global.lang;
    let (inputs, a) = match super::assess::load_and_assess_with_inputs(&args.inputs, lang) {
        Ok(x) => x,
        Err(status) => return status,
    };
    let chosen: Vec<&ProviderAssessment> = match &args.provider {
        Some(id) => match a.providers.iter().find(|p| &p.id == id) {
            Some(p) => vec![p],
            None => {
                let ids: Vec<&str> = a.providers.iter().map(|p| p.id.as_str()).collect();
                let d = crate::suggest::unknown_provider_in(
                    lang,
                    id,
                    &ids,
                    crate::i18n::t(lang, "cmd_the_providers_loaded"),
                );
                super::print_diagnostic(&d, lang);
                return Status::BadInput;
            }
        },
        // The decision model's order: the providers whose questions decide.
        None => {
            let mut ids: Vec<String> = Vec::new();
            for (provider, _) in questionnaire::decisive(&a) {
                if !ids.contains(&provider) {
                    ids.push(provider);
                }
            }
            ids.iter()
                .filter_map(|id| a.providers.iter().find(|p| &p.id == id))
                .collect()
        }
    };
    if chosen.is_empty() {
        errln!("{}", super::msg(lang, "cmd_no_decisive_any", &[]));
        return Status::Ok;
    }
    if let Err(e) = std::fs::create_dir_all(&args.out) {
        errln!("{}", cannot(lang, "cmd_cannot_create", &args.out, &e));
        return Status::BadInput;
    }
    for p in chosen {
        let doc = inputs
            .providers
            .iter()
            .find(|x| x.id == p.id)
            .map(crate::eval::profile_json)
            .unwrap_or(serde_json::Value::Null);
        let status = write_one(args, &a, p, &doc, lang);
        if status != Status::Ok {
            return status;
        }
    }
    Status::Ok
}

/// Writes one provider's questionnaire (YAML, Markdown, PDF), all or nothing per file.
fn write_one(
    args: &Args,
    a: &Assessment,
    p: &ProviderAssessment,
    doc: &serde_json::Value,
    lang: Lang,
) -> Status {
    let mut q: Questionnaire = questionnaire::build(p, a.evaluation_date);
    let total = q.questions.len();
    if args.decisive_only {
        questionnaire::decisive_only(&mut q, &questionnaire::decisive(a));
        if q.questions.is_empty() {
            errln!(
                "{}",
                super::msg(
                    lang,
                    "cmd_no_decisive",
                    &[("name", &p.name), ("n", &total.to_string())]
                )
            );
            return Status::Ok;
        }
    }
    let views = questionnaire::view(&q, a, doc, lang);
    let yaml = args.out.join(format!("{}-questionnaire.yaml", p.id));
    let md = args.out.join(format!("{}-questionnaire.md", p.id));
    let pdf = args.out.join(format!("{}-questionnaire.pdf", p.id));
    let answer_file = format!("{}-questionnaire.yaml", p.id);
    let cover = crate::render::questionnaire::Cover {
        name: &p.name,
        answer_file: &answer_file,
        decisive_of: args.decisive_only.then_some((q.questions.len(), total)),
    };
    let pdf_bytes = match crate::render::questionnaire::pdf(&q, &views, &cover, lang) {
        Ok(b) => b,
        Err(e) => {
            errln!(
                "{}",
                cannot(
                    lang,
                    "cmd_cannot_write",
                    &pdf,
                    &std::io::Error::other(e.to_string())
                )
            );
            return Status::BadInput;
        }
    };
    for (path, bytes) in [
        (&yaml, questionnaire::to_yaml(&q, &views, lang).into_bytes()),
        (
            &md,
            crate::render::questionnaire::markdown_in(&q, &views, &cover, lang).into_bytes(),
        ),
        (&pdf, pdf_bytes),
    ] {
        if let Err(e) = crate::output::write_atomic(path, &bytes) {
            errln!("{}", cannot(lang, "cmd_cannot_write", path, &e));
            return Status::BadInput;
        }
    }
    errln!(
        "{}",
        super::msg(
            lang,
            "cmd_wrote_questions",
            &[
                ("path", &yaml.display().to_string()),
                ("n", &q.questions.len().to_string()),
            ],
        )
    );
    super::wrote(lang, &md);
    super::wrote(lang, &pdf);
    Status::Ok
}

fn cannot(lang: Lang, key: &str, path: &std::path::Path, e: &std::io::Error) -> String {
    super::msg(
        lang,
        key,
        &[
            ("path", &path.display().to_string()),
            ("error", &e.to_string()),
        ],
    )
}
