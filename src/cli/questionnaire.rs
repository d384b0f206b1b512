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
    let a = match super::assess::load_and_assess(&args.inputs, global.lang) {
        Ok(a) => a,
        Err(status) => return status,
    };
    let Some(p) = a.providers.iter().find(|p| p.id == args.provider) else {
        let ids: Vec<&str> = a.providers.iter().map(|p| p.id.as_str()).collect();
        errln!(
            "{}",
            crate::suggest::unknown_provider(&args.provider, &ids, "the providers loaded")
        );
        return Status::BadInput;
    };
    let q = questionnaire::build(p, a.evaluation_date);
    if let Err(e) = std::fs::create_dir_all(&args.out) {
        errln!("error: cannot create {}: {e}", args.out.display());
        return Status::BadInput;
    }
    let yaml = args.out.join(format!("{}-questionnaire.yaml", p.id));
    let md = args.out.join(format!("{}-questionnaire.md", p.id));
    let de = global.lang == Lang::De;
    for (path, text) in [
        (&yaml, questionnaire::to_yaml(&q)),
        (&md, questionnaire::to_markdown(&q, &p.name, de)),
    ] {
        if let Err(e) = crate::output::write_atomic(path, text.as_bytes()) {
            errln!("error: cannot write {}: {e}", path.display());
            return Status::BadInput;
        }
    }
    errln!(
        "{} {} ({} {})",
        if de { "geschrieben:" } else { "wrote" },
        yaml.display(),
        q.questions.len(),
        if de { "Fragen" } else { "questions" }
    );
    errln!(
        "{} {}",
        if de { "geschrieben:" } else { "wrote" },
        md.display()
    );
    Status::Ok
}
