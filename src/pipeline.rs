//! The pipeline as a library: `load → validate → evaluate → cost → report`,
//! usable without the command line.
//!
//! [`load`] reads every input file once (the paths given in [`InputPaths`], or
//! the embedded defaults), records its provenance (display name, SHA-256, kind)
//! as it is read, runs the per-file and cross-file checks and collects *all*
//! errors of all files before it gives up. What it returns, [`Inputs`], is the
//! one value the stages work on: [`assess`], [`cost`] and [`report`] are
//! functions of `Inputs` plus options. Every command goes through here, so the
//! same cross-checks run everywhere, answered questionnaires and DPA reviews are
//! applied the same way, providers are in ID order and the evaluation date is
//! decided once ([`evaluation_date`]).

use std::collections::BTreeSet;
use std::path::{Path, PathBuf};

use crate::cost::{Benchmarks, CostComparison, CostInputs};
use crate::diag::{CostCode, Diagnostic, EvalCode, LoadCode};
use crate::dpa::AppliedReview;
use crate::eval::{self, Assessment};
use crate::i18n::Lang;
use crate::load::{self, DocumentKind, Loaded, SourceFile};
use crate::model::common::Date;
use crate::model::rent_vs_buy::RentVsBuy;
use crate::model::review::DpaReview;
use crate::model::rule_pack::RulePack;
use crate::model::workload::Workload;
use crate::model::{ProviderProfile, Requirements};
use crate::report::{assemble, InputRow, Report};
use crate::validate::{self, parse_document};

pub mod any;
pub mod project;
pub use any::{load_any, AnyDocument};
pub use project::{ProjectLookup, ProjectUse};

/// The example workload shipped in the binary (the default of `--workload`).
pub const DEFAULT_WORKLOAD: &str = "docs/examples/workload.yaml";
/// The example rent-vs-buy inputs shipped in the binary.
pub const DEFAULT_RENT_VS_BUY: &str = "docs/examples/rent-vs-buy.yaml";

/// Where the inputs come from. An empty list or `None` means the embedded default
/// (providers, requirements, workload, rent-vs-buy inputs, benchmarks, rule packs)
/// or nothing (reviews, answers); `as_of: None` lets [`evaluation_date`] decide.
#[derive(Debug, Clone, Default)]
pub struct InputPaths {
    pub providers: Vec<PathBuf>,
    pub requirements: Option<PathBuf>,
    pub workload: Option<PathBuf>,
    pub rent_vs_buy: Option<PathBuf>,
    /// A folder with `mlperf_training.csv` and `mlperf_inference.csv`.
    pub benchmarks: Option<PathBuf>,
    /// Rule packs (a folder or a file) replacing shipped packs with the same id.
    pub rules: Option<PathBuf>,
    pub reviews: Vec<PathBuf>,
    pub answers: Vec<PathBuf>,
    /// `YYYY-MM-DD`, as typed.
    pub as_of: Option<String>,
    /// The procurement folder's project file that fills what is not given
    /// ([`project::resolve`]); `Off` by default.
    pub project: ProjectLookup,
}

impl InputPaths {
    /// These paths with every input left open taken from the project file
    /// [`InputPaths::project`] finds, and what the project file gave.
    pub fn resolved(&self) -> Result<(InputPaths, Option<ProjectUse>), Vec<Diagnostic>> {
        let (mut out, used) = project::resolve(self, &self.project)?;
        out.project = ProjectLookup::Off;
        Ok((out, used))
    }
}

/// Which inputs a command needs beyond providers and requirements (always read).
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Needs {
    /// Rule packs: for [`assess`] and [`report`].
    pub rules: bool,
    /// Workload and benchmark tables: for [`cost`] and [`report`].
    pub cost: bool,
    /// Rent-versus-buy inputs (with `cost`).
    pub rent_vs_buy: bool,
}

impl Needs {
    /// Everything: what [`report`] reads.
    pub const ALL: Needs = Needs {
        rules: true,
        cost: true,
        rent_vs_buy: true,
    };
    /// Providers, requirements and rule packs: what [`assess`] reads.
    pub const ASSESS: Needs = Needs {
        rules: true,
        cost: false,
        rent_vs_buy: false,
    };
}

/// Everything loaded, checked and applied: the one input of every stage.
#[derive(Debug, Clone)]
pub struct Inputs {
    /// Sorted by ID, answered questionnaires merged and decided DPA review
    /// verdicts applied (docs/dpa-scan.md).
    pub providers: Vec<ProviderProfile>,
    pub requirements: Loaded<Requirements>,
    /// `None` when not asked for ([`Needs::rules`]).
    pub packs: Option<Vec<RulePack>>,
    /// Sorted by file name.
    pub reviews: Vec<Loaded<DpaReview>>,
    /// What each review changed in its provider's profile.
    pub applied_reviews: Vec<AppliedReview>,
    /// Reviews of another DPA version or date than the profile's current DPA: not
    /// applied (`dpa-review-stale`), with the review file.
    pub stale_reviews: Vec<(String, crate::dpa::Stale)>,
    pub workload: Option<Loaded<Workload>>,
    pub rent_vs_buy: Option<Loaded<RentVsBuy>>,
    pub benchmarks: Option<Benchmarks>,
    /// The evaluation date, decided once.
    pub date: Date,
    /// Provenance: every input file with its kind and SHA-256, in the report's
    /// order (requirements, providers, questionnaires, rule packs, reviews,
    /// workload, rent-vs-buy, benchmarks; by file name within a kind).
    pub files: Vec<InputRow>,
    /// Warnings from loading (errors end loading instead).
    pub warnings: Vec<Diagnostic>,
    /// The project file used and what it gave (`None`: no project file).
    pub project: Option<ProjectUse>,
}

fn row(f: &SourceFile, kind: &str) -> InputRow {
    InputRow {
        file: f.display.clone(),
        kind: kind.to_string(),
        sha256: f.sha256.clone(),
        file_text: String::new(),
        kind_text: String::new(),
    }
}

fn by_name(mut rows: Vec<InputRow>) -> Vec<InputRow> {
    // The report (and its document ID) must not depend on the order the files
    // were given in (issue 7 point 4; tests/integration/determinism.rs).
    rows.sort_by(|a, b| a.file.cmp(&b.file));
    rows
}

fn only_errors(diags: Vec<Diagnostic>) -> Vec<Diagnostic> {
    diags.into_iter().filter(Diagnostic::is_error).collect()
}

/// The evaluation date: `--as-of`, else the requirements', else the date of
/// SOURCE_DATE_EPOCH when set (reproducible builds), else today (UTC).
pub fn evaluation_date(arg: Option<&str>, req: Option<Date>) -> Result<Date, Diagnostic> {
    if let Some(s) = arg {
        return s.parse::<Date>().map_err(|_| {
            let d =
                Diagnostic::error_t(EvalCode::InvalidDate, "pipe_as_of_invalid", &[("value", s)])
                    .expected_t("schema_date", &[]);
            // `01.12.2026`, `12/01/2026`: the same date in the ISO form.
            match load::entry::date_hint(s) {
                Some(h) => d.help_m(h),
                None => d.help_t("pipe_as_of_help", &[]),
            }
        });
    }
    if let Some(d) = req {
        return Ok(d);
    }
    if let Ok(epoch) = std::env::var("SOURCE_DATE_EPOCH") {
        let secs: i64 = epoch.trim().parse().map_err(|_| {
            Diagnostic::error_t(EvalCode::InvalidDate, "pipe_epoch_not_a_number", &[])
        })?;
        return chrono::DateTime::from_timestamp(secs, 0)
            .map(|t| Date(t.date_naive()))
            .ok_or_else(|| {
                Diagnostic::error_t(EvalCode::InvalidDate, "pipe_epoch_out_of_range", &[])
                    .help_t("pipe_epoch_help", &[])
            });
    }
    Ok(Date(chrono::Utc::now().date_naive()))
}

/// A given file, or the embedded default.
fn read_or_embedded(
    path: Option<&Path>,
    embedded: &str,
    what: &str,
) -> Result<SourceFile, Diagnostic> {
    match path {
        Some(p) => SourceFile::read(p),
        None => match crate::embedded::file(embedded) {
            Some(bytes) => SourceFile::embedded(embedded, bytes),
            None => Err(Diagnostic::error_t(
                LoadCode::FileUnreadable,
                "pipe_no_embedded",
                &[("path", embedded), ("what", what)],
            )
            .help_t("pipe_pass_option", &[("what", what)])),
        },
    }
}

/// A document of one kind from a given file or the embedded default; errors go to `diags`.
fn load_one<T: validate::Checked>(
    path: Option<&Path>,
    embedded: &str,
    what: &str,
    kind: DocumentKind,
    diags: &mut Vec<Diagnostic>,
) -> Option<Loaded<T>> {
    let file = read_or_embedded(path, embedded, what)
        .map_err(|d| diags.push(d))
        .ok()?;
    let value = parse_document::<T>(&file, kind)
        .map_err(|d| diags.extend(d))
        .ok()?;
    Some(Loaded { value, file })
}

/// Benchmark tables with their provenance rows (inference, training: path order).
type BenchmarksRead = Result<(Vec<InputRow>, Benchmarks), Vec<Diagnostic>>;

fn read_benchmarks(dir: Option<&Path>) -> BenchmarksRead {
    let (training, inference) = match dir {
        None => Benchmarks::embedded_files()?,
        Some(d) => (
            SourceFile::read(&d.join("mlperf_training.csv")).map_err(|e| vec![e])?,
            SourceFile::read(&d.join("mlperf_inference.csv")).map_err(|e| vec![e])?,
        ),
    };
    let rows = vec![row(&inference, "benchmark"), row(&training, "benchmark")];
    Ok((rows, Benchmarks::from_files(&training, &inference)?))
}

/// The shipped rule-pack files and, when given, the user's.
type PackFiles = (Vec<SourceFile>, Option<Vec<SourceFile>>);

/// The rule-pack files (shipped, then the user's), read once for provenance and parsing.
fn read_packs(dir: Option<&Path>) -> Result<PackFiles, Vec<Diagnostic>> {
    let shipped = eval::packs::embedded_files()?;
    let user = match dir {
        Some(d) => Some(eval::packs::files_in(d).map_err(|e| vec![e])?),
        None => None,
    };
    Ok((shipped, user))
}

/// Reads, parses and checks every input the command needs, once. All errors of
/// all files come back together; warnings are kept in [`Inputs::warnings`].
pub fn load(paths: &InputPaths, needs: Needs) -> Result<Inputs, Vec<Diagnostic>> {
    let (paths, project) = paths.resolved()?;
    let paths = &paths;
    let mut diags: Vec<Diagnostic> = Vec::new();
    // Rule packs and benchmark tables (independent of everything else) are parsed on
    // their own threads, overlapping the profiles (docs/performance.md).
    let pack_files = if needs.rules {
        match read_packs(paths.rules.as_deref()) {
            Ok(f) => Some(f),
            Err(d) => {
                diags.extend(d);
                None
            }
        }
    } else {
        None
    };
    std::thread::scope(|scope| {
        let packs_job = pack_files.as_ref().map(|(shipped, user)| {
            let user = user.as_deref().zip(paths.rules.as_deref());
            scope.spawn(move || eval::packs::merged(shipped, user))
        });
        let bench_job = needs
            .cost
            .then(|| scope.spawn(|| read_benchmarks(paths.benchmarks.as_deref())));

        let mut files: Vec<InputRow> = Vec::new();
        if let Some(p) = &project {
            files.push(InputRow {
                file: p.file.clone(),
                kind: "project".into(),
                sha256: p.sha256.clone(),
                file_text: String::new(),
                kind_text: String::new(),
            });
        }
        let (mut providers, pd) = if paths.providers.is_empty() {
            validate::embedded_providers()
        } else {
            validate::load_providers(&paths.providers)
        };
        diags.extend(pd);
        let (requirements, rd) = validate::load_requirements(paths.requirements.as_deref());
        diags.extend(rd);
        if requirements.is_none() && !diags.iter().any(Diagnostic::is_error) {
            diags.push(
                Diagnostic::error_t(LoadCode::FileUnreadable, "pipe_no_requirements", &[])
                    .help_t("pipe_no_requirements_help", &[]),
            );
        }
        if providers.is_empty() && !diags.iter().any(Diagnostic::is_error) {
            diags.push(
                Diagnostic::error_t(CostCode::NoProviders, "pipe_no_providers", &[])
                    .help_t("pipe_no_providers_help", &[]),
            );
        }
        let answer_files = match eval::inputs::apply_answers(&mut providers, &paths.answers) {
            Ok(f) => f,
            Err(d) => {
                diags.extend(d);
                Vec::new()
            }
        };
        let (mut reviews, vd) = if paths.reviews.is_empty() {
            (Vec::new(), Vec::new())
        } else {
            validate::load_reviews(&paths.reviews)
        };
        diags.extend(vd);
        reviews.sort_by(|a, b| a.file.display.cmp(&b.file.display));
        // Across files, once the files themselves are sound (a duplicate ID is
        // already reported by the provider loader).
        if let (Some(req), false) = (&requirements, diags.iter().any(Diagnostic::is_error)) {
            diags.extend(validate::cross_check(&providers, Some(req), &reviews));
        }

        if let Some(req) = &requirements {
            files.push(row(&req.file, "requirements"));
        }
        files.extend(by_name(
            providers.iter().map(|p| row(&p.file, "provider")).collect(),
        ));
        files.extend(by_name(
            answer_files
                .iter()
                .map(|f| row(f, "questionnaire"))
                .collect(),
        ));
        if let Some((shipped, user)) = &pack_files {
            files.extend(shipped.iter().map(|f| row(f, "rule_pack")));
            files.extend(user.iter().flatten().map(|f| row(f, "rule_pack")));
        }
        files.extend(by_name(
            reviews.iter().map(|r| row(&r.file, "dpa_review")).collect(),
        ));

        let (workload, rent_vs_buy) = if needs.cost {
            let w: Option<Loaded<Workload>> = load_one(
                paths.workload.as_deref(),
                DEFAULT_WORKLOAD,
                "workload",
                DocumentKind::Workload,
                &mut diags,
            );
            let r: Option<Loaded<RentVsBuy>> = if needs.rent_vs_buy {
                load_one(
                    paths.rent_vs_buy.as_deref(),
                    DEFAULT_RENT_VS_BUY,
                    "rent-vs-buy inputs",
                    DocumentKind::RentVsBuy,
                    &mut diags,
                )
            } else {
                None
            };
            files.extend(w.iter().map(|l| row(&l.file, "workload")));
            files.extend(r.iter().map(|l| row(&l.file, "rent_vs_buy")));
            (w, r)
        } else {
            (None, None)
        };

        let packs = packs_job.and_then(|h| {
            h.join()
                .unwrap_or_else(|_| {
                    Err(vec![Diagnostic::error_t(
                        EvalCode::InvalidRule,
                        "pipe_packs_failed",
                        &[],
                    )])
                })
                .map_err(|d| diags.extend(d))
                .ok()
        });
        let benchmarks = bench_job.and_then(|h| {
            h.join()
                .unwrap_or_else(|_| {
                    Err(vec![Diagnostic::error_t(
                        CostCode::BenchmarkTableInvalid,
                        "pipe_benchmarks_failed",
                        &[],
                    )])
                })
                .map_err(|d| diags.extend(d))
                .ok()
        });
        if let Some((rows, _)) = &benchmarks {
            files.extend(rows.iter().cloned());
        }
        let date = evaluation_date(
            paths.as_of.as_deref(),
            requirements.as_ref().and_then(|r| r.value.evaluation_date),
        )
        .map_err(|d| diags.push(d))
        .ok();

        if diags.iter().any(Diagnostic::is_error) {
            return Err(only_errors(diags));
        }
        let (Some(requirements), Some(date)) = (requirements, date) else {
            return Err(only_errors(diags));
        };
        let mut profiles: Vec<ProviderProfile> = providers.into_iter().map(|l| l.value).collect();
        // By ID, so nothing that lists providers depends on the input order.
        profiles.sort_by(|a, b| a.id.cmp(&b.id));
        // Decided review verdicts replace the profiles' DPA facts, so the DPA rules
        // read what the report's DPA section says they read.
        let stale_reviews: Vec<(String, crate::dpa::Stale)> = reviews
            .iter()
            .filter_map(|r| {
                let p = profiles.iter().find(|p| p.id == r.value.provider)?;
                crate::dpa::staleness(p, &r.value).map(|s| (r.file.display.clone(), s))
            })
            .collect();
        let (applied_reviews, review_diags) = crate::dpa::apply_reviews(&mut profiles, &reviews);
        diags.extend(review_diags);
        if diags.iter().any(Diagnostic::is_error) {
            return Err(only_errors(diags));
        }
        Ok(Inputs {
            providers: profiles,
            requirements,
            packs,
            reviews,
            applied_reviews,
            stale_reviews,
            workload,
            rent_vs_buy,
            benchmarks: benchmarks.map(|(_, b)| b),
            date,
            files,
            warnings: diags,
            project,
        })
    })
}

/// Assesses the providers with the rule packs (loaded with [`Needs::rules`]).
pub fn assess(inputs: &Inputs) -> Result<Assessment, Vec<Diagnostic>> {
    let Some(packs) = &inputs.packs else {
        return Err(vec![Diagnostic::error_t(
            EvalCode::InvalidRule,
            "pipe_packs_not_loaded",
            &[],
        )]);
    };
    let req = &inputs.requirements;
    eval::assess(&inputs.providers, packs, &req.value, inputs.date).map_err(|ds| {
        ds.into_iter()
            .map(|d| {
                // Findings on the requirements' fields name the requirements file.
                if d.file.is_none() && d.pointer.is_some() {
                    d.in_file(req.file.display.clone())
                } else {
                    d
                }
            })
            .collect()
    })
}

/// Costs the workload on every offer (or only `allowed` providers' offers);
/// `None` when the workload or benchmarks were not loaded ([`Needs::cost`]).
pub fn cost(
    inputs: &Inputs,
    allowed: Option<&BTreeSet<String>>,
) -> Result<Option<CostComparison>, Vec<Diagnostic>> {
    cost_with(inputs, allowed, false)
}

/// [`cost`], ranking only the offers that qualify under the requirements
/// (`cost::qualified`); `list_not_qualifying` lists the others, unranked.
pub fn cost_with(
    inputs: &Inputs,
    allowed: Option<&BTreeSet<String>>,
    list_not_qualifying: bool,
) -> Result<Option<CostComparison>, Vec<Diagnostic>> {
    let (Some(workload), Some(benchmarks)) = (&inputs.workload, &inputs.benchmarks) else {
        return Ok(None);
    };
    crate::cost::qualified::compare_qualifying(
        &CostInputs {
            workload: &workload.value,
            workload_file: Some(&workload.file.display),
            providers: &inputs.providers,
            requirements: &inputs.requirements.value,
            benchmarks,
            rent_vs_buy: inputs.rent_vs_buy.as_ref().map(|l| &l.value),
            rent_vs_buy_file: inputs.rent_vs_buy.as_ref().map(|l| l.file.display.as_str()),
            allowed_providers: allowed,
        },
        list_not_qualifying,
    )
    .map(Some)
}

/// The IDs of the providers that fail no knock-out.
pub fn eligible(assessment: &Assessment) -> BTreeSet<String> {
    assessment.eligible().map(|p| p.id.clone()).collect()
}

/// The decision report: assessment, cost over the eligible providers, reviews and
/// provenance in one model (load with [`Needs::ALL`]).
pub fn report(inputs: &Inputs, lang: Lang) -> Result<Report, Vec<Diagnostic>> {
    let assessment = assess(inputs)?;
    let eligible = eligible(&assessment);
    // The budget advice is for the recommended (or leading) provider's best qualifying offer.
    let cost = cost(inputs, Some(&eligible))?.map(|mut c| {
        if let Some(w) = &inputs.workload {
            c.advise_for(
                &w.value,
                &crate::cost::advice::AdviceFor::from_recommendation(&assessment.recommendation),
            );
        }
        crate::report::from_cost::cost_input(&c, lang)
    });
    // A stale review is not what the assessment read: the report shows the profile's
    // DPA facts for that provider and says why the review was set aside.
    let is_stale = |r: &Loaded<DpaReview>| {
        inputs
            .stale_reviews
            .iter()
            .any(|(f, _)| *f == r.file.display)
    };
    let reviews: Vec<DpaReview> = inputs
        .reviews
        .iter()
        .filter(|r| !is_stale(r))
        .map(|r| r.value.clone())
        .collect();
    let mut report = assemble::build(&assemble::Inputs {
        lang,
        assessment: &assessment,
        providers: &inputs.providers,
        cost: cost.as_ref(),
        reviews: &reviews,
        files: inputs.files.clone(),
        tool_version: env!("CARGO_PKG_VERSION"),
    });
    for (file, st) in &inputs.stale_reviews {
        if let Some(row) = report
            .dpa_reviews
            .iter_mut()
            .find(|d| d.provider_id == st.provider)
        {
            row.state = "stale".to_string();
            row.status_text = crate::i18n::t(lang, "dpa_stale_status").to_string();
            row.basis = crate::i18n::fill(
                lang,
                "dpa_basis_stale",
                &[
                    ("file", file),
                    (
                        "review",
                        &crate::dpa::Stale::describe(
                            lang,
                            st.review_version.as_deref(),
                            st.review_date.as_deref(),
                        ),
                    ),
                    (
                        "current",
                        &crate::dpa::Stale::describe(
                            lang,
                            st.current_version.as_deref(),
                            st.current_date.as_deref(),
                        ),
                    ),
                    ("basis", &row.basis),
                ],
            );
        }
    }
    Ok(report)
}
