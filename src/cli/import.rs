//! `cloudvet import skypilot FILE…`: maps the flags to `crate::import` and
//! prints the summary. Exit 0 done (rows left out are warnings); 2 bad input.

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

use super::{print_diagnostics, Global, Lang, Status};
use crate::diag::{Diagnostic, ImportCode};
use crate::i18n::{fill, t};
use crate::import::{self, merge, skypilot, CountryFilter, RegionTable};
use crate::load::SourceFile;

#[derive(Debug, Clone, clap::Args)]
pub struct Args {
    #[command(subcommand)]
    pub catalogue: Catalogue,
}

/// The catalogues cloudvet reads.
#[derive(Debug, Clone, clap::Subcommand)]
pub enum Catalogue {
    /// SkyPilot's `vms.csv` price catalogue (schema v8), one file per cloud.
    #[command(
        after_help = "Examples:\n  cloudvet import skypilot catalogs/v8/lambda/vms.csv --into providers/lambda.yaml --commit 0f4070387edc953d7004cff197940e1918a1d6aa\n  cloudvet import skypilot nebius-vms.csv verda-vms.csv --into providers/ --region-country EU\n  cloudvet import skypilot vms.csv --cloud verda --out new/verda.yaml --dry-run"
    )]
    Skypilot(SkypilotArgs),
}

#[derive(Debug, Clone, clap::Args)]
pub struct SkypilotArgs {
    /// Catalogue files: the `vms.csv` of one cloud each (the cloud from the path:
    /// `catalogs/v8/<cloud>/vms.csv` or `<cloud>-vms.csv`).
    #[arg(required = true, value_name = "FILE")]
    pub files: Vec<PathBuf>,
    /// Merge into this profile, or into `<provider>.yaml` in this folder (a new
    /// profile when the file is missing). Every other fact of the profile is kept.
    #[arg(long, value_name = "FILE_OR_DIR")]
    pub into: Option<PathBuf>,
    /// Write the result here (a file, or a folder for `<provider>.yaml`); default:
    /// the profile given with --into.
    #[arg(long, short, value_name = "FILE_OR_DIR")]
    pub out: Option<PathBuf>,
    /// The SkyPilot cloud of the file (when the path does not say; one file only).
    #[arg(long, value_name = "CLOUD")]
    pub cloud: Option<String>,
    /// The provider ID (default: from the cloud, e.g. lambda, nebius, verda, vast-ai).
    #[arg(long, value_name = "ID", value_parser = super::completions::Suggest::providers(), hide_possible_values = true)]
    pub provider: Option<String>,
    /// Display name of a new profile (default: the provider ID).
    #[arg(long, value_name = "NAME")]
    pub name: Option<String>,
    /// The catalogue repository's commit of the file(s), recorded in each offer.
    #[arg(long, value_name = "SHA")]
    pub commit: Option<String>,
    /// The date of this version of the file(s), YYYY-MM-DD: the offers' `as_of`.
    #[arg(long, value_name = "DATE")]
    pub date: Option<String>,
    /// Only regions in these countries: EU, EEA or ISO country codes, comma-separated.
    #[arg(long, value_name = "LIST")]
    pub region_country: Option<String>,
    /// A further region table (CSV with the columns of data/skypilot-regions.csv);
    /// its rows replace the shipped ones.
    #[arg(long, value_name = "FILE")]
    pub region_map: Option<PathBuf>,
    /// Print what would change; write nothing.
    #[arg(long)]
    pub dry_run: bool,
}

pub fn run(args: &Args, g: &Global) -> Status {
    match &args.catalogue {
        Catalogue::Skypilot(a) => match skypilot_run(a, g.lang) {
            Ok(()) => Status::Ok,
            Err(d) => {
                print_diagnostics(&d, g.lang);
                Status::BadInput
            }
        },
    }
}

fn target_error(msg: String) -> Diagnostic {
    Diagnostic::error(ImportCode::ImportTarget, msg)
}

/// The provider ID of a SkyPilot cloud.
pub fn provider_for_cloud(cloud: &str) -> String {
    match cloud {
        "vast" => "vast-ai".into(),
        other => other.to_string(),
    }
}

fn skypilot_run(a: &SkypilotArgs, lang: Lang) -> Result<(), Vec<Diagnostic>> {
    if a.cloud.is_some() && a.files.len() > 1 {
        return Err(vec![Diagnostic::error(
            ImportCode::CatalogueCloud,
            "--cloud names the cloud of one file; with several files each path names its cloud",
        )
        .help("import the files one at a time, or name them <cloud>-vms.csv")]);
    }
    if a.into.is_none() && a.out.is_none() && !a.dry_run {
        return Err(vec![target_error(t(lang, "import_no_target").into())]);
    }
    let filter = match &a.region_country {
        Some(s) => Some(CountryFilter::parse(s).map_err(|d| vec![d])?),
        None => None,
    };
    let date = match &a.date {
        Some(s) => Some(crate::pipeline::evaluation_date(Some(s), None).map_err(|d| vec![d])?),
        None => None,
    };
    let today = crate::pipeline::evaluation_date(None, None).map_err(|d| vec![d])?;
    let mut table = RegionTable::shipped();
    if let Some(p) = &a.region_map {
        let f = SourceFile::read(p).map_err(|d| vec![d])?;
        table.add_csv(&f.display, &f.text)?;
    }

    // Each file's cloud and provider.
    let mut by_provider: BTreeMap<String, Vec<(PathBuf, String)>> = BTreeMap::new();
    let into_file = a.into.as_ref().filter(|p| !p.is_dir());
    for f in &a.files {
        let display = f.display().to_string();
        let cloud = match a
            .cloud
            .clone()
            .or_else(|| skypilot::cloud_from_path(&display))
        {
            Some(c) => c,
            None => {
                return Err(vec![Diagnostic::error(
                    ImportCode::CatalogueCloud,
                    "the cloud of this catalogue cannot be told from its name",
                )
                .in_file(display)
                .expected("a path …/catalogs/v8/<cloud>/vms.csv or a file named <cloud>-vms.csv")
                .help("name the cloud: --cloud lambda")])
            }
        };
        let provider = a
            .provider
            .clone()
            .unwrap_or_else(|| provider_for_cloud(&cloud));
        by_provider
            .entry(provider)
            .or_default()
            .push((f.clone(), cloud));
    }
    if into_file.is_some() && by_provider.len() > 1 {
        return Err(vec![target_error(
            "--into names one profile, but the files are of several clouds".into(),
        )
        .help(
            "give a folder (--into providers/) or import one cloud at a time",
        )]);
    }

    let mut all_errors = Vec::new();
    for (provider, files) in &by_provider {
        if let Err(d) = one_provider(
            a,
            lang,
            provider,
            files,
            &table,
            filter.as_ref(),
            date,
            today,
        ) {
            all_errors.extend(d);
        }
    }
    if all_errors.is_empty() {
        Ok(())
    } else {
        Err(all_errors)
    }
}

/// Where the profile of `provider` is read from (when it exists) and written to.
fn paths(a: &SkypilotArgs, provider: &str, several: bool) -> (Option<PathBuf>, Option<PathBuf>) {
    let file_in = |dir: &Path| dir.join(format!("{provider}.yaml"));
    let target = a
        .into
        .as_ref()
        .map(|p| if p.is_dir() { file_in(p) } else { p.clone() });
    let out = match &a.out {
        Some(o) if o.is_dir() || several => Some(file_in(o)),
        Some(o) => Some(o.clone()),
        None => target.clone(),
    };
    (target.filter(|p| p.is_file()), out)
}

#[allow(clippy::too_many_arguments)]
fn one_provider(
    a: &SkypilotArgs,
    lang: Lang,
    provider: &str,
    files: &[(PathBuf, String)],
    table: &RegionTable,
    filter: Option<&CountryFilter>,
    date: Option<crate::model::common::Date>,
    today: crate::model::common::Date,
) -> Result<(), Vec<Diagnostic>> {
    let (target, out) = paths(a, provider, a.files.len() > 1 && a.out.is_some());
    let existing = match &target {
        Some(p) => {
            let f = SourceFile::read(p).map_err(|d| vec![d])?;
            let profile = merge::load_target(&f)?;
            Some((f, profile))
        }
        None => None,
    };
    let known = existing
        .as_ref()
        .map(|(_, p)| merge::known_regions(p))
        .unwrap_or_default();
    let mut cats = Vec::new();
    let mut errors = Vec::new();
    for (path, cloud) in files {
        let display = path.display().to_string();
        let bytes = match std::fs::read(path) {
            Ok(b) => b,
            Err(e) => {
                errors.push(
                    Diagnostic::error(
                        ImportCode::CatalogueUnreadable,
                        format!("cannot read the file: {e}"),
                    )
                    .in_file(display)
                    .help("check the path"),
                );
                continue;
            }
        };
        let opts = import::ReadOptions {
            cloud: Some(cloud),
            commit: a.commit.as_deref(),
            date,
            regions: table,
            filter,
            known_regions: &known,
        };
        match import::read(&display, &bytes, opts) {
            Ok(c) => cats.push(c),
            Err(d) => errors.extend(d),
        }
    }
    if !errors.is_empty() {
        return Err(errors);
    }
    for c in &cats {
        print_diagnostics(&c.warnings, lang);
    }
    let merged = import::apply(
        existing.as_ref().map(|(f, p)| (f, p)),
        &cats,
        import::MergeOptions {
            provider_id: provider,
            name: a.name.as_deref(),
            today,
            filter,
        },
    )?;
    for c in &cats {
        let left = c.unplaced.len();
        outln!(
            "{}",
            fill(
                lang,
                "import_read",
                &[
                    ("file", &c.display),
                    ("rows", &c.rows.to_string()),
                    ("offers", &c.offers.len().to_string()),
                    ("left", &left.to_string()),
                    ("cpu", &c.without_gpu.to_string()),
                ],
            )
        );
        if let Some(f) = filter {
            outln!(
                "  {}",
                fill(
                    lang,
                    "import_filtered",
                    &[("n", &c.filtered_out.to_string()), ("filter", &f.text)],
                )
            );
        }
        if c.every_type_everywhere {
            outln!("  {}", t(lang, "import_everywhere"));
        }
    }
    print_summary(lang, &merged.summary, target.as_deref());
    if a.dry_run {
        outln!("{}", t(lang, "import_dry_run"));
        return Ok(());
    }
    let Some(out) = out else {
        return Err(vec![target_error(t(lang, "import_no_target").into())]);
    };
    if let Some(parent) = out.parent().filter(|p| !p.as_os_str().is_empty()) {
        if !parent.is_dir() {
            return Err(vec![target_error(format!(
                "the folder {} does not exist",
                parent.display()
            ))]);
        }
    }
    crate::output::write_atomic(&out, merged.text.as_bytes())
        .map_err(|e| vec![target_error(format!("cannot write {}: {e}", out.display()))])?;
    outln!(
        "{}",
        fill(
            lang,
            "import_wrote",
            &[("path", &out.display().to_string())]
        )
    );
    Ok(())
}

fn list(lang: Lang, items: &[String], max: usize) -> String {
    let mut s = items
        .iter()
        .take(max)
        .cloned()
        .collect::<Vec<_>>()
        .join(", ");
    if items.len() > max {
        s.push(' ');
        s.push_str(&fill(
            lang,
            "import_and_more",
            &[("n", &(items.len() - max).to_string())],
        ));
    }
    s
}

fn print_summary(lang: Lang, s: &import::Summary, target: Option<&Path>) {
    match target {
        Some(p) if !s.created => outln!(
            "{}",
            fill(
                lang,
                "import_profile_merged",
                &[
                    ("provider", &s.provider),
                    ("file", &p.display().to_string())
                ],
            )
        ),
        _ => outln!(
            "{}",
            fill(lang, "import_profile_new", &[("provider", &s.provider)])
        ),
    }
    outln!(
        "  {}",
        fill(
            lang,
            "import_counts",
            &[
                ("added", &s.added.len().to_string()),
                ("changed", &s.changed.len().to_string()),
                ("removed", &s.removed.len().to_string()),
                ("unchanged", &s.unchanged.to_string()),
            ],
        )
    );
    if !s.added.is_empty() {
        outln!("  {}: {}", t(lang, "import_added"), list(lang, &s.added, 8));
    }
    for c in &s.changed {
        outln!(
            "  {} {}: {}",
            t(lang, "import_changed"),
            c.id,
            c.what.join("; ")
        );
    }
    for r in &s.removed {
        outln!("  {} {r}", t(lang, "import_removed"));
    }
    if !s.regions_added.is_empty() {
        outln!(
            "  {}",
            fill(
                lang,
                "import_regions_added",
                &[("list", &list(lang, &s.regions_added, 20))]
            )
        );
    }
    if !s.kept_other_source.is_empty() {
        outln!(
            "  {}",
            fill(
                lang,
                "import_kept_other",
                &[("list", &list(lang, &s.kept_other_source, 8))]
            )
        );
    }
    if !s.kept_unplaced.is_empty() {
        outln!(
            "  {}",
            fill(
                lang,
                "import_kept_unplaced",
                &[("list", &list(lang, &s.kept_unplaced, 8))]
            )
        );
    }
}
