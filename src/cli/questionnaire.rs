//! `cloudvet questionnaire --provider ID [--out DIR]`: the provider's open questions
//! as a YAML file to fill in (`<id>-questionnaire.yaml`) and a Markdown file to read
//! (`<id>-questionnaire.md`). The answered YAML goes back in with
//! `cloudvet assess --answers FILE`.

use std::path::PathBuf;

use super::{Global, Lang, Status};
use crate::eval::questionnaire;

#[derive(Debug, Clone, clap::Args)]
pub struct Args {
    /// Provider id (as in the profile).
    #[arg(long, value_parser = super::completions::Suggest::providers(), hide_possible_values = true)]
    pub provider: String,
    /// Folder to write into (default: the current folder).
    #[arg(long, default_value = ".")]
    pub out: PathBuf,
    #[command(flatten)]
    pub inputs: super::InputArgs,
}

pub fn run(args: &Args, global: &Global) -> Status {
    let lang = global.lang;
    let a = match super::assess::load_and_assess(&args.inputs, lang) {
        Ok(a) => a,
        Err(status) => return status,
    };
    let Some(p) = a.providers.iter().find(|p| p.id == args.provider) else {
        let ids: Vec<&str> = a.providers.iter().map(|p| p.id.as_str()).collect();
        let d = crate::suggest::unknown_provider_in(
            lang,
            &args.provider,
            &ids,
            crate::i18n::t(lang, "cmd_the_providers_loaded"),
        );
        super::print_diagnostic(&d, lang);
        return Status::BadInput;
    };
    let q = questionnaire::build(p, a.evaluation_date);
    if let Err(e) = std::fs::create_dir_all(&args.out) {
        errln!("{}", cannot(lang, "cmd_cannot_create", &args.out, &e));
        return Status::BadInput;
    }
    let yaml = args.out.join(format!("{}-questionnaire.yaml", p.id));
    let md = args.out.join(format!("{}-questionnaire.md", p.id));
    for (path, text) in [
        (&yaml, questionnaire::to_yaml(&q)),
        (
            &md,
            crate::render::questionnaire::markdown_in(&q, &p.name, lang),
        ),
    ] {
        if let Err(e) = crate::output::write_atomic(path, text.as_bytes()) {
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
