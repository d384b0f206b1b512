//! Shared steps of the fuzz targets: every target feeds arbitrary bytes through
//! the public loading API exactly as the CLI does, then renders whatever
//! diagnostics came back (human form with the source line, and JSON), because
//! a diagnostic's line:column pointing past the text must not panic either.
//! What loads is carried on through the later stages (rules engine, cost
//! model, their renderers) with the shipped data for the other inputs. The
//! only property asserted is "no panic" (libFuzzer reports panics, aborts,
//! timeouts and out-of-memory as crashes).

use std::sync::OnceLock;

use cloudvet::cost::{self, Benchmarks, CostInputs};
use cloudvet::diag::{render, Diagnostic};
use cloudvet::eval;
use cloudvet::load::{DocumentKind, Loaded, SourceFile};
use cloudvet::validate;
use cloudvet::model::rule_pack::RulePack;
use cloudvet::model::workload::Workload;
use cloudvet::model::{Date, ProviderProfile, Requirements};

/// The file name every input is given (the provider checks compare it with `id`).
pub const NAME: &str = "fuzz.yaml";

/// The fixed evaluation date of every assessment (outputs must not depend on the clock).
pub const EVALUATION_DATE: &str = "2026-11-30";

/// Reads the bytes as a file would be read; `None` when the reader refused them
/// (after rendering the refusal).
pub fn source(bytes: &[u8]) -> Option<SourceFile> {
    source_named(NAME, bytes)
}

pub fn source_named(name: &str, bytes: &[u8]) -> Option<SourceFile> {
    match SourceFile::from_bytes(name, bytes) {
        Ok(f) => Some(f),
        Err(d) => {
            render_all(&[d], None);
            None
        }
    }
}

/// Renders diagnostics both ways, as `validate` does.
pub fn render_all(diags: &[Diagnostic], text: Option<&str>) {
    for d in diags {
        std::hint::black_box(render::human(d, text));
    }
    std::hint::black_box(render::json(diags));
    std::hint::black_box(render::summary(diags));
}

/// The shipped provider profiles, loaded once.
pub fn shipped_providers() -> &'static [Loaded<ProviderProfile>] {
    static P: OnceLock<Vec<Loaded<ProviderProfile>>> = OnceLock::new();
    P.get_or_init(|| validate::embedded_providers().0)
}

/// The shipped rule packs, loaded once.
pub fn shipped_packs() -> &'static [RulePack] {
    static P: OnceLock<Vec<RulePack>> = OnceLock::new();
    P.get_or_init(|| eval::packs::shipped().unwrap_or_default())
}

/// The embedded example requirements, loaded once.
pub fn example_requirements() -> Option<&'static Requirements> {
    static R: OnceLock<Option<Requirements>> = OnceLock::new();
    R.get_or_init(|| validate::load_requirements(None).0.map(|l| l.value))
        .as_ref()
}

/// The embedded example workload, loaded once.
pub fn example_workload() -> Option<&'static Workload> {
    static W: OnceLock<Option<Workload>> = OnceLock::new();
    W.get_or_init(|| {
        let path = cloudvet::cli::cost::DEFAULT_WORKLOAD;
        let bytes = cloudvet::embedded::file(path)?;
        let file = SourceFile::embedded(path, bytes).ok()?;
        validate::parse_document(&file, DocumentKind::Workload).ok()
    })
    .as_ref()
}

/// The embedded benchmark tables, loaded once.
pub fn embedded_benchmarks() -> Option<&'static Benchmarks> {
    static B: OnceLock<Option<Benchmarks>> = OnceLock::new();
    B.get_or_init(|| Benchmarks::embedded().ok()).as_ref()
}

fn evaluation_date() -> Date {
    EVALUATION_DATE.parse().expect("a valid constant date")
}

/// Runs the rules engine and renders the assessment (JSON, CSV, human in both languages).
pub fn assess(providers: &[ProviderProfile], packs: &[RulePack], requirements: &Requirements) {
    match eval::assess(providers, packs, requirements, evaluation_date()) {
        Ok(a) => {
            std::hint::black_box(serde_json::to_string(&a).ok());
            std::hint::black_box(cloudvet::render::assess::csv(&a));
            for lang in cloudvet::i18n::Lang::ALL {
                std::hint::black_box(cloudvet::render::assess::human(&a, lang));
            }
        }
        Err(d) => render_all(&d, None),
    }
}

/// Runs the cost model and renders the comparison (JSON, CSV, human).
pub fn cost(
    workload: &Workload,
    providers: &[ProviderProfile],
    requirements: &Requirements,
    benchmarks: &Benchmarks,
) {
    let inputs = CostInputs {
        workload,
        workload_file: Some(NAME),
        providers,
        requirements,
        benchmarks,
        rent_vs_buy: None,
        rent_vs_buy_file: None,
        allowed_providers: None,
    };
    match cost::compare(&inputs) {
        Ok(c) => {
            std::hint::black_box(cloudvet::render::cost::json(&c));
            std::hint::black_box(cloudvet::render::cost::csv(&c));
            std::hint::black_box(cloudvet::render::cost::human(&c));
        }
        Err(d) => render_all(&d, None),
    }
}

/// The shipped profiles' values.
pub fn shipped_profiles() -> Vec<ProviderProfile> {
    shipped_providers().iter().map(|l| l.value.clone()).collect()
}
