//! The benchmark tables (`benchmarks/mlperf_training.csv`,
//! `benchmarks/mlperf_inference.csv`) and the relative speed of GPU models
//! derived from them. Relative speed comes only from rows of the same benchmark
//! (and scenario) at the same GPU count; without such rows there is no factor.

use crate::diag::CostCode;
use serde::Serialize;

use super::why::{num, Arg, Msg, Why};
use crate::diag::Diagnostic;
use crate::load::SourceFile;

/// The sentence every cost output carries.
pub const MLPERF_NOTE: &str =
    "Benchmark figures are derived from MLPerf results and are not verified by MLCommons.";

/// Embedded paths of the two tables.
pub const TRAINING_PATH: &str = "benchmarks/mlperf_training.csv";
pub const INFERENCE_PATH: &str = "benchmarks/mlperf_inference.csv";

/// Which table a row is from.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Table {
    /// MLPerf Training: time to train, minutes (lower is faster).
    Training,
    /// MLPerf Inference: throughput (higher is faster).
    Inference,
}

/// One benchmark row, with the columns cloudvet reads; the file keeps all source columns.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct BenchmarkRow {
    pub row_id: String,
    pub gpu_model: String,
    pub round: String,
    pub benchmark: String,
    /// Inference only.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub scenario: Option<String>,
    /// `time_to_train_minutes`, `tokens_per_s`, `samples_per_s`, `scheduled_samples_per_s`.
    pub metric: String,
    pub value: f64,
    pub accelerator_count: u32,
    pub submitter: String,
    pub system_name: String,
    pub source_repo: String,
    pub source_commit: String,
    /// `source_dir` (training) or `source_file` (inference).
    pub source_path: String,
}

/// Both tables.
#[derive(Debug, Clone, Default)]
pub struct Benchmarks {
    pub training: Vec<BenchmarkRow>,
    pub inference: Vec<BenchmarkRow>,
    /// The files read (display names), for provenance.
    pub files: Vec<String>,
}

/// A side of a comparison is usable only with at least this many rows at the shared count …
pub const MIN_ROWS: usize = 2;
/// … from at least this many distinct systems (submitter + system name).
pub const MIN_SYSTEMS: usize = 2;

/// Benchmarks tried, in this order, after the one the workload names, when the named one
/// has no usable rows for a GPU model: language-model benchmarks first (closest to the
/// jobs cloudvet is used for), then the other benchmarks with many GPU models.
pub const FALLBACK_TRAINING: &[&str] = &[
    "llama2_70b_lora",
    "llama31_8b",
    "gpt3",
    "llama31_405b",
    "bert",
    "stable_diffusion",
    "retinanet",
    "resnet",
    "dlrm_dcnv2",
    "rgat",
    "unet3d",
    "maskrcnn",
    "rnnt",
    "flux1",
];
/// Inference fallbacks (tried with the workload's scenario).
pub const FALLBACK_INFERENCE: &[&str] = &[
    "llama2-70b-99",
    "llama2-70b-99.9",
    "llama3.1-8b",
    "mixtral-8x7b",
    "gptj-99",
    "llama3.1-405b",
    "bert-99",
    "stable-diffusion-xl",
    "retinanet",
    "resnet50",
    "dlrm-v2-99",
    "3d-unet-99",
    "whisper",
];

/// True when rows are enough to stand for a GPU model: at least [`MIN_ROWS`] rows from at
/// least [`MIN_SYSTEMS`] distinct systems (a single submission could reflect one software
/// stack as much as the GPU).
pub fn usable(rows: &[&BenchmarkRow]) -> bool {
    let systems: std::collections::BTreeSet<(&str, &str)> = rows
        .iter()
        .map(|r| (r.submitter.as_str(), r.system_name.as_str()))
        .collect();
    rows.len() >= MIN_ROWS && systems.len() >= MIN_SYSTEMS
}

/// The relative speed of one GPU model against the reference model, with its trace.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct RelativeSpeed {
    /// The benchmark (and scenario) the rows are from.
    pub benchmark: String,
    /// When the workload's own benchmark had no usable rows and this one was used instead: why.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub fallback_reason: Option<Why>,
    /// When rows were restricted to submitters with rows on both sides: those submitters.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub same_submitters: Vec<String>,
    /// speed(offer GPU) / speed(reference GPU).
    pub factor: f64,
    /// The GPU count both sets of rows share.
    pub gpu_count: u32,
    /// Always `median`: the median of the rows' values per model.
    pub statistic: &'static str,
    pub reference_median: f64,
    pub offer_median: f64,
    pub reference_rows: Vec<String>,
    pub offer_rows: Vec<String>,
}

/// The speed of one GPU model at one count, straight from rows (benchmark-only basis).
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct AbsoluteSpeed {
    /// Work units per second for the whole system of `gpu_count` GPUs (training:
    /// benchmark runs per second = 1 / (median minutes × 60)).
    pub per_second: f64,
    pub gpu_count: u32,
    pub statistic: &'static str,
    pub median: f64,
    pub metric: String,
    pub rows: Vec<String>,
}

impl Benchmarks {
    /// The tables compiled into the binary.
    pub fn embedded() -> Result<Self, Vec<Diagnostic>> {
        let (training, inference) = Self::embedded_files()?;
        Self::from_files(&training, &inference)
    }

    /// The embedded training and inference tables as files (for their SHA-256 as well).
    pub fn embedded_files() -> Result<(SourceFile, SourceFile), Vec<Diagnostic>> {
        let get = |path: &str| -> Result<SourceFile, Vec<Diagnostic>> {
            let bytes = crate::embedded::file(path).ok_or_else(|| {
                vec![Diagnostic::error(
                    CostCode::BenchmarkTableInvalid,
                    format!("the embedded benchmark table {path} is missing from this build"),
                )
                .help("rebuild cloudvet from a checkout that has benchmarks/")]
            })?;
            SourceFile::embedded(path, bytes).map_err(|d| vec![d])
        };
        Ok((get(TRAINING_PATH)?, get(INFERENCE_PATH)?))
    }

    /// Reads both tables; all problems are reported.
    pub fn from_files(
        training: &SourceFile,
        inference: &SourceFile,
    ) -> Result<Self, Vec<Diagnostic>> {
        let mut diags = Vec::new();
        let t = read_table(training, Table::Training, &mut diags);
        let i = read_table(inference, Table::Inference, &mut diags);
        if !diags.is_empty() {
            return Err(diags);
        }
        Ok(Benchmarks {
            training: t,
            inference: i,
            files: vec![training.display.clone(), inference.display.clone()],
        })
    }

    pub fn table(&self, table: Table) -> &[BenchmarkRow] {
        match table {
            Table::Training => &self.training,
            Table::Inference => &self.inference,
        }
    }

    /// Rows of one benchmark (and scenario).
    fn rows<'a>(
        &'a self,
        table: Table,
        name: &'a str,
        scenario: Option<&'a str>,
    ) -> impl Iterator<Item = &'a BenchmarkRow> + 'a {
        self.table(table)
            .iter()
            .filter(move |r| r.benchmark == name && r.scenario.as_deref() == scenario)
    }

    /// True when the table has at least one row of this benchmark (and scenario).
    pub fn has_benchmark(&self, table: Table, name: &str, scenario: Option<&str>) -> bool {
        self.rows(table, name, scenario).next().is_some()
    }

    /// Benchmark names in a table (with scenarios for inference), sorted, for help lines.
    pub fn names(&self, table: Table) -> Vec<String> {
        let mut v: Vec<String> = self
            .table(table)
            .iter()
            .map(|r| match &r.scenario {
                Some(s) => format!("{} ({s})", r.benchmark),
                None => r.benchmark.clone(),
            })
            .collect();
        v.sort();
        v.dedup();
        v
    }

    /// The metric of a benchmark's rows (the first row's; a benchmark has one metric).
    pub fn metric(&self, table: Table, name: &str, scenario: Option<&str>) -> Option<String> {
        self.rows(table, name, scenario)
            .next()
            .map(|r| r.metric.clone())
    }

    /// GPU counts at which `gpu` has rows of this benchmark.
    pub fn counts(&self, table: Table, name: &str, scenario: Option<&str>, gpu: &str) -> Vec<u32> {
        let mut v: Vec<u32> = self
            .rows(table, name, scenario)
            .filter(|r| r.gpu_model == gpu)
            .map(|r| r.accelerator_count)
            .collect();
        v.sort_unstable();
        v.dedup();
        v
    }

    fn at<'a>(
        &'a self,
        table: Table,
        name: &'a str,
        scenario: Option<&'a str>,
        gpu: &'a str,
        count: u32,
    ) -> Vec<&'a BenchmarkRow> {
        self.rows(table, name, scenario)
            .filter(|r| r.gpu_model == gpu && r.accelerator_count == count)
            .collect()
    }

    /// speed(offer GPU) / speed(reference GPU) from rows of the same benchmark at the
    /// same GPU count. Only counts where both models have usable rows ([`usable`]) count;
    /// of those, `preferred` or else the one nearest to it (the smaller on a tie). When
    /// submitters with rows on both sides give usable rows on their own, only their rows
    /// are used (same software stacks on both sides). `Err` says why there is no basis.
    pub fn relative_speed(
        &self,
        table: Table,
        name: &str,
        scenario: Option<&str>,
        reference_gpu: &str,
        offer_gpu: &str,
        preferred: u32,
    ) -> Result<RelativeSpeed, Why> {
        let bench = describe(name, scenario);
        let rc = self.counts(table, name, scenario, reference_gpu);
        if rc.is_empty() {
            return Err(Why::new(Msg::NoRowsForReference)
                .with("gpu", reference_gpu)
                .with("bench", &bench));
        }
        let oc = self.counts(table, name, scenario, offer_gpu);
        if oc.is_empty() {
            return Err(Why::new(Msg::NoRowsFor)
                .with("gpu", offer_gpu)
                .with("bench", &bench));
        }
        let shared: Vec<u32> = rc.iter().copied().filter(|c| oc.contains(c)).collect();
        let nearest = |v: &[u32]| {
            v.iter()
                .copied()
                .min_by_key(|c| (c.abs_diff(preferred), *c))
        };
        let Some(first) = nearest(&shared) else {
            return Err(Why::new(Msg::NoSharedCount)
                .with("reference", reference_gpu)
                .with("ref_counts", join_counts(&rc))
                .with("gpu", offer_gpu)
                .with("offer_counts", join_counts(&oc))
                .with("bench", &bench));
        };
        let good: Vec<u32> = shared
            .iter()
            .copied()
            .filter(|c| {
                usable(&self.at(table, name, scenario, reference_gpu, *c))
                    && usable(&self.at(table, name, scenario, offer_gpu, *c))
            })
            .collect();
        let Some(count) = nearest(&good) else {
            // Say why at the count that would have been used.
            let r = self.at(table, name, scenario, reference_gpu, first);
            let o = self.at(table, name, scenario, offer_gpu, first);
            let (gpu, rows) = if usable(&o) {
                (reference_gpu, &r)
            } else {
                (offer_gpu, &o)
            };
            let systems: std::collections::BTreeSet<(&str, &str)> = rows
                .iter()
                .map(|x| (x.submitter.as_str(), x.system_name.as_str()))
                .collect();
            return Err(Why::new(Msg::TooFewRows)
                .with("rows", num(rows.len()))
                .with("systems", num(systems.len()))
                .with("gpu", gpu)
                .with("bench", &bench)
                .with("count", num(first))
                .with("min_rows", num(MIN_ROWS))
                .with("min_systems", num(MIN_SYSTEMS))
                .with(
                    "other",
                    if gpu == offer_gpu {
                        reference_gpu
                    } else {
                        offer_gpu
                    },
                ));
        };
        let mut r = self.at(table, name, scenario, reference_gpu, count);
        let mut o = self.at(table, name, scenario, offer_gpu, count);
        let subs: std::collections::BTreeSet<&str> = r
            .iter()
            .map(|x| x.submitter.as_str())
            .filter(|s| o.iter().any(|y| y.submitter == *s))
            .collect();
        let mut same_submitters = Vec::new();
        if !subs.is_empty() {
            let r2: Vec<&BenchmarkRow> = r
                .iter()
                .copied()
                .filter(|x| subs.contains(x.submitter.as_str()))
                .collect();
            let o2: Vec<&BenchmarkRow> = o
                .iter()
                .copied()
                .filter(|x| subs.contains(x.submitter.as_str()))
                .collect();
            if usable(&r2) && usable(&o2) {
                same_submitters = subs.iter().map(|s| s.to_string()).collect();
                r = r2;
                o = o2;
            }
        }
        let rm = median(r.iter().map(|x| x.value));
        let om = median(o.iter().map(|x| x.value));
        let factor = match table {
            // Time to train: speed ratio is the inverse ratio of times.
            Table::Training => rm / om,
            Table::Inference => om / rm,
        };
        if !factor.is_finite() || factor <= 0.0 {
            return Err(Why::new(Msg::NoUsableRatio).with("bench", &bench));
        }
        Ok(RelativeSpeed {
            benchmark: match scenario {
                Some(s) => format!("{name} ({s})"),
                None => name.to_string(),
            },
            fallback_reason: None,
            same_submitters,
            factor,
            gpu_count: count,
            statistic: "median",
            reference_median: rm,
            offer_median: om,
            reference_rows: r.iter().map(|x| x.row_id.clone()).collect(),
            offer_rows: o.iter().map(|x| x.row_id.clone()).collect(),
        })
    }

    /// [`Self::relative_speed`] for the named benchmark, then for the fallbacks of the
    /// table (same scenario) until one has usable rows. `Err` lists why each failed,
    /// starting with the named one.
    pub fn relative_speed_with_fallback(
        &self,
        table: Table,
        name: &str,
        scenario: Option<&str>,
        reference_gpu: &str,
        offer_gpu: &str,
        preferred: u32,
    ) -> Result<RelativeSpeed, Why> {
        let first =
            match self.relative_speed(table, name, scenario, reference_gpu, offer_gpu, preferred) {
                Ok(r) => return Ok(r),
                Err(why) => why,
            };
        let fallbacks = match table {
            Table::Training => FALLBACK_TRAINING,
            Table::Inference => FALLBACK_INFERENCE,
        };
        for f in fallbacks.iter().filter(|f| **f != name) {
            if !self.has_benchmark(table, f, scenario) {
                continue;
            }
            if let Ok(mut r) =
                self.relative_speed(table, f, scenario, reference_gpu, offer_gpu, preferred)
            {
                r.fallback_reason = Some(
                    Why::new(Msg::BenchmarkFailed)
                        .with("name", name)
                        .with("why", &first),
                );
                return Ok(r);
            }
        }
        Err(Why::new(Msg::NoFallback)
            .with("why", first)
            .with("reference", reference_gpu)
            .with("gpu", offer_gpu))
    }

    /// The speed of `gpu` at `count` GPUs straight from the rows (median).
    pub fn absolute_speed(
        &self,
        table: Table,
        name: &str,
        scenario: Option<&str>,
        gpu: &str,
        count: u32,
    ) -> Result<AbsoluteSpeed, Why> {
        let rows = self.at(table, name, scenario, gpu, count);
        if rows.is_empty() {
            let counts = self.counts(table, name, scenario, gpu);
            return Err(Why::new(Msg::NoRowsAtCount)
                .with("bench", describe(name, scenario))
                .with("gpu", gpu)
                .with("count", num(count))
                .with(
                    "counts",
                    if counts.is_empty() {
                        Arg::Why(Why::new(Msg::NoneCounts))
                    } else {
                        num(join_counts(&counts))
                    },
                ));
        }
        let m = median(rows.iter().map(|x| x.value));
        let per_second = match table {
            Table::Training => 1.0 / (m * 60.0),
            Table::Inference => m,
        };
        Ok(AbsoluteSpeed {
            per_second,
            gpu_count: count,
            statistic: "median",
            median: m,
            metric: rows[0].metric.clone(),
            rows: rows.iter().map(|x| x.row_id.clone()).collect(),
        })
    }

    /// Looks rows up by ID (for showing the rows used).
    pub fn row(&self, id: &str) -> Option<&BenchmarkRow> {
        let table = if id.starts_with('T') {
            &self.training
        } else {
            &self.inference
        };
        table.iter().find(|r| r.row_id == id)
    }
}

fn describe(name: &str, scenario: Option<&str>) -> Why {
    match scenario {
        Some(s) => Why::new(Msg::BenchmarkScenario)
            .with("name", name)
            .with("scenario", s),
        None => Why::new(Msg::Benchmark).with("name", name),
    }
}

fn join_counts(c: &[u32]) -> String {
    c.iter().map(u32::to_string).collect::<Vec<_>>().join(", ")
}

/// Median; the mean of the two middle values for an even number of values.
pub fn median(values: impl Iterator<Item = f64>) -> f64 {
    let mut v: Vec<f64> = values.collect();
    v.sort_by(f64::total_cmp);
    let n = v.len();
    if n == 0 {
        return f64::NAN;
    }
    if n % 2 == 1 {
        v[n / 2]
    } else {
        (v[n / 2 - 1] + v[n / 2]) / 2.0
    }
}

fn read_table(file: &SourceFile, table: Table, diags: &mut Vec<Diagnostic>) -> Vec<BenchmarkRow> {
    let start = diags.len();
    let rows = read_rows(file, table, diags);
    for d in &mut diags[start..] {
        if d.help.is_none() {
            d.help = Some(
                "regenerate the table with benchmarks/derive_benchmarks.py (see benchmarks/SOURCES.md)"
                    .into(),
            );
        }
    }
    rows
}

fn read_rows(file: &SourceFile, table: Table, diags: &mut Vec<Diagnostic>) -> Vec<BenchmarkRow> {
    // The `csv` crate reads quotes, doubled quotes and CRLF; rows of any length are read
    // (`flexible`) so that a short or long row is reported with its line, not as a stop.
    let mut rdr = csv::ReaderBuilder::new()
        .has_headers(false)
        .flexible(true)
        .from_reader(file.text.as_bytes());
    let at = |line: u64| {
        Diagnostic::error(CostCode::BenchmarkTableInvalid, String::new())
            .in_file(file.display.clone())
            .at(usize::try_from(line).unwrap_or(usize::MAX), 1)
    };
    let unreadable = |e: csv::Error| {
        let line = e.position().map_or(1, csv::Position::line);
        let mut d = at(line);
        d.message = format!("the row cannot be read: {e}");
        d
    };
    // No field of these tables spans lines: one that does has lost its closing quote
    // (the rest of the file then reads as one field).
    let unclosed = |rec: &csv::StringRecord| -> Option<Diagnostic> {
        rec.iter().any(|f| f.contains('\n')).then(|| {
            let mut d = at(rec.position().map_or(1, csv::Position::line));
            d.message = "a quoted field is not closed (it runs on over the following lines)".into();
            d.expected("a closing `\"` before the end of the line")
        })
    };
    let mut header = csv::StringRecord::new();
    match rdr.read_record(&mut header) {
        Ok(true) => {}
        Ok(false) => {
            diags.push(
                Diagnostic::error(CostCode::BenchmarkTableInvalid, "the table is empty")
                    .in_file(file.display.clone()),
            );
            return Vec::new();
        }
        Err(e) => {
            diags.push(unreadable(e));
            return Vec::new();
        }
    }
    if let Some(d) = unclosed(&header) {
        diags.push(d);
        return Vec::new();
    }
    let (value_col, path_col) = match table {
        Table::Training => ("time_to_train_minutes", "source_dir"),
        Table::Inference => ("result", "source_file"),
    };
    let mut needed = vec![
        "row_id",
        "gpu_model",
        "round",
        "benchmark",
        value_col,
        "accelerator_count",
        "submitter",
        "system_name",
        "source_repo",
        "source_commit",
        path_col,
    ];
    if table == Table::Inference {
        needed.extend(["scenario", "metric"]);
    }
    let mut idx = std::collections::BTreeMap::new();
    for n in &needed {
        match header.iter().position(|h| h == *n) {
            Some(i) => {
                idx.insert(*n, i);
            }
            None => diags.push(
                Diagnostic::error(
                    CostCode::BenchmarkTableInvalid,
                    format!("column `{n}` is missing"),
                )
                .in_file(file.display.clone())
                .at(1, 1)
                .expected(needed.join(", ")),
            ),
        }
    }
    if idx.len() != needed.len() {
        return Vec::new();
    }
    // Columns the cost model does not read, checked when present: the provenance of a row
    // must be consistent even where no figure depends on it.
    let optional = |name: &str| header.iter().position(|h| h == name);
    let (runs_total_col, runs_used_col, runs_dropped_col, scaling_col) = (
        optional("runs_total"),
        optional("runs_used"),
        optional("runs_dropped"),
        optional("scaling_factor"),
    );
    let mut first_line: std::collections::HashMap<String, usize> = std::collections::HashMap::new();
    let mut rows = Vec::new();
    // One record buffer for every row (no allocation per row or field).
    let mut rec = csv::StringRecord::new();
    loop {
        match rdr.read_record(&mut rec) {
            Ok(true) => {}
            Ok(false) => break,
            Err(e) => {
                diags.push(unreadable(e));
                break;
            }
        }
        if let Some(d) = unclosed(&rec) {
            diags.push(d);
            break;
        }
        // The line the row starts on, as an editor numbers it.
        let line = rec
            .position()
            .map_or(0, |p| usize::try_from(p.line()).unwrap_or(usize::MAX));
        let rec = &rec;
        let get = |c: &str| rec.get(idx[c]).unwrap_or("");
        let bad = |what: String| {
            Diagnostic::error(CostCode::BenchmarkTableInvalid, what)
                .in_file(file.display.clone())
                .at(line, 1)
        };
        if rec.len() != header.len() {
            diags.push(bad(format!(
                "row has {} fields, the header {}",
                rec.len(),
                header.len()
            )));
            continue;
        }
        let value = match get(value_col).parse::<f64>() {
            Ok(v) if v.is_finite() && v > 0.0 => v,
            _ => {
                diags.push(bad(format!(
                    "`{value_col}` is `{}`, expected a positive number",
                    get(value_col)
                )));
                continue;
            }
        };
        let row_id = get("row_id");
        if row_id.is_empty() {
            diags.push(bad("`row_id` is empty; every row needs its own ID".into()));
            continue;
        }
        if let Some(first) = first_line.insert(row_id.to_string(), line) {
            diags.push(bad(format!(
                "`row_id` {row_id} is already used on line {first}; reports cite rows by ID"
            )));
            continue;
        }
        let cell = |col: Option<usize>| col.and_then(|i| rec.get(i));
        let runs = |col: Option<usize>, name: &str| -> Result<Option<u32>, Diagnostic> {
            match cell(col) {
                None | Some("") => Ok(None),
                Some(t) => t.parse::<u32>().map(Some).map_err(|_| {
                    bad(format!(
                        "`{name}` is `{t}`, expected a whole number of runs"
                    ))
                }),
            }
        };
        let counts = (
            runs(runs_total_col, "runs_total"),
            runs(runs_used_col, "runs_used"),
            runs(runs_dropped_col, "runs_dropped"),
        );
        let (total, used, dropped) = match counts {
            (Ok(t), Ok(u), Ok(d)) => (t, u, d),
            (t, u, d) => {
                diags.extend([t.err(), u.err(), d.err()].into_iter().flatten());
                continue;
            }
        };
        if let Some(total) = total {
            for (name, v) in [("runs_used", used), ("runs_dropped", dropped)] {
                if let Some(v) = v.filter(|v| *v > total) {
                    diags.push(bad(format!(
                        "`{name}` is {v}, more than `runs_total` {total}"
                    )));
                }
            }
        }
        if let Some(t) = cell(scaling_col).filter(|t| !t.is_empty()) {
            if !t.parse::<f64>().is_ok_and(|v| v.is_finite() && v > 0.0) {
                diags.push(bad(format!(
                    "`scaling_factor` is `{t}`, expected a positive number"
                )));
                continue;
            }
        }
        let count = match get("accelerator_count").parse::<u32>() {
            Ok(c) if c > 0 => c,
            _ => {
                diags.push(bad(format!(
                    "`accelerator_count` is `{}`, expected a positive whole number",
                    get("accelerator_count")
                )));
                continue;
            }
        };
        rows.push(BenchmarkRow {
            row_id: get("row_id").to_string(),
            gpu_model: get("gpu_model").to_string(),
            round: get("round").to_string(),
            benchmark: get("benchmark").to_string(),
            scenario: match table {
                Table::Training => None,
                Table::Inference => Some(get("scenario").to_string()),
            },
            metric: match table {
                Table::Training => "time_to_train_minutes".to_string(),
                Table::Inference => get("metric").to_string(),
            },
            value,
            accelerator_count: count,
            submitter: get("submitter").to_string(),
            system_name: get("system_name").to_string(),
            source_repo: get("source_repo").to_string(),
            source_commit: get("source_commit").to_string(),
            source_path: get(path_col).to_string(),
        });
    }
    rows
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The embedded training table's header and first row, with `edit` applied to the cells of
    /// a second row (a copy of the first, with its own ID).
    fn training_with(edit: impl Fn(&[&str], &mut Vec<String>)) -> Vec<Diagnostic> {
        let text = std::str::from_utf8(crate::embedded::file(TRAINING_PATH).unwrap()).unwrap();
        let mut lines = text.lines();
        let header_line = lines.next().unwrap();
        let first = lines.next().unwrap();
        let header: Vec<&str> = header_line.split(',').collect();
        let two_lines = format!("{header_line}\n{first}\n");
        let records: Vec<csv::StringRecord> = csv::ReaderBuilder::new()
            .has_headers(false)
            .from_reader(two_lines.as_bytes())
            .records()
            .collect::<Result<_, _>>()
            .unwrap();
        let mut second: Vec<String> = records[1].iter().map(str::to_string).collect();
        second[0] = "T9999".into();
        edit(&header, &mut second);
        let quote = |c: &String| format!("\"{}\"", c.replace('"', "\"\""));
        let csv = format!(
            "{header_line}\n{first}\n{}\n",
            second.iter().map(quote).collect::<Vec<_>>().join(",")
        );
        let file = SourceFile::from_bytes("t.csv", csv.as_bytes()).unwrap();
        let mut diags = Vec::new();
        read_table(&file, Table::Training, &mut diags);
        diags
    }

    fn set(header: &[&str], row: &mut [String], col: &str, v: &str) {
        let i = header.iter().position(|h| *h == col).unwrap();
        row[i] = v.into();
    }

    #[test]
    fn inconsistent_rows_are_refused_with_their_line() {
        assert!(training_with(|_, _| {}).is_empty());
        let cases: [(&str, &str, &str); 5] = [
            ("row_id", "T0001", "already used on line 2"),
            ("runs_dropped", "11", "more than `runs_total` 10"),
            ("runs_used", "eight", "expected a whole number"),
            ("scaling_factor", "NaN", "expected a positive number"),
            ("scaling_factor", "-1", "expected a positive number"),
        ];
        for (col, v, says) in cases {
            let diags = training_with(|h, r| set(h, r, col, v));
            assert_eq!(diags.len(), 1, "{col}={v}: {diags:?}");
            let d = &diags[0];
            assert_eq!(d.code, "benchmark-table-invalid");
            assert_eq!(d.line, Some(3), "{col}={v}");
            assert!(d.message.contains(says), "{col}={v}: {}", d.message);
            assert!(d.help.is_some());
        }
    }

    #[test]
    fn embedded_tables_load_and_cite_their_sources() {
        let b = Benchmarks::embedded().unwrap();
        assert!(b.training.len() > 700 && b.inference.len() > 1000);
        assert!(b
            .training
            .iter()
            .all(|r| r.source_repo.starts_with("mlcommons/") && r.source_commit.len() == 40));
        // Row IDs are unique.
        let mut ids: Vec<&str> = b
            .training
            .iter()
            .chain(&b.inference)
            .map(|r| r.row_id.as_str())
            .collect();
        let n = ids.len();
        ids.sort_unstable();
        ids.dedup();
        assert_eq!(ids.len(), n);
    }

    /// The factors against H100-SXM for the example workload (llama2_70b_lora, 8 GPUs per job)
    /// lie in the ranges MLPerf results support; the values are in docs/cost-model.md.
    #[test]
    fn factors_for_the_example_workload_are_plausible() {
        let b = Benchmarks::embedded().unwrap();
        let f = |gpu: &str| {
            b.relative_speed_with_fallback(
                Table::Training,
                "llama2_70b_lora",
                None,
                "H100-SXM",
                gpu,
                8,
            )
        };
        let h200 = f("H200-SXM").unwrap();
        assert!((1.2..=1.9).contains(&h200.factor), "{h200:?}");
        assert_eq!(
            (h200.benchmark.as_str(), h200.gpu_count),
            ("llama2_70b_lora", 8)
        );
        let b200 = f("B200").unwrap();
        assert!((2.0..=3.0).contains(&b200.factor), "{b200:?}");
        let mi300x = f("MI300X").unwrap();
        assert!((0.8..=1.3).contains(&mi300x.factor), "{mi300x:?}");
        // L40S has one llama2_70b_lora row (64 GPUs): a fallback benchmark is used, and says so.
        let l40s = f("L40S").unwrap();
        assert!((0.2..=0.6).contains(&l40s.factor), "{l40s:?}");
        assert_eq!(l40s.benchmark, "retinanet");
        assert!(l40s
            .fallback_reason
            .as_ref()
            .unwrap()
            .to_string()
            .contains("only 1 row(s) from 1 system(s) for L40S"));
        // A100-SXM-80GB: a single DeepSpeed row at 64 GPUs once gave 0.06 — now no basis.
        let a100 = f("A100-SXM-80GB").unwrap_err();
        assert!(
            a100.to_string().starts_with("only 1 row(s) from 1 system(s) for A100-SXM-80GB in benchmark llama2_70b_lora at 64 GPUs"),
            "{a100}"
        );
    }

    fn row(
        id: &str,
        gpu: &str,
        count: u32,
        minutes: f64,
        submitter: &str,
        system: &str,
    ) -> BenchmarkRow {
        BenchmarkRow {
            row_id: id.into(),
            gpu_model: gpu.into(),
            round: "v5.0".into(),
            benchmark: "b".into(),
            scenario: None,
            metric: "time_to_train_minutes".into(),
            value: minutes,
            accelerator_count: count,
            submitter: submitter.into(),
            system_name: system.into(),
            source_repo: "mlcommons/x".into(),
            source_commit: "0".repeat(40),
            source_path: "p".into(),
        }
    }

    #[test]
    fn usable_rows_need_two_rows_from_two_systems_and_prefer_shared_submitters() {
        let mut b = Benchmarks {
            training: vec![
                row("T1", "R", 8, 10.0, "A", "a1"),
                row("T2", "R", 8, 12.0, "B", "b1"),
                row("T3", "R", 8, 30.0, "C", "c1"),
                row("T4", "O", 8, 5.0, "A", "a2"),
                row("T5", "O", 8, 5.0, "A", "a2"),
            ],
            ..Benchmarks::default()
        };
        // Two rows for O, but from one system: not usable.
        let e = b
            .relative_speed(Table::Training, "b", None, "R", "O", 8)
            .unwrap_err();
        assert_eq!(e.to_string(), "only 2 row(s) from 1 system(s) for O in benchmark b at 8 GPUs (at least 2 rows from 2 systems needed at a count shared with R)");
        // A second system of submitter B for O: usable. Shared submitters A and B give
        // 2 rows from 2 systems on each side, so only their rows count:
        // R median (10 + 12) / 2 = 11; O rows 5, 5, 6 → median 5; factor 11 / 5 = 2.2.
        b.training.push(row("T6", "O", 8, 6.0, "B", "b2"));
        let r = b
            .relative_speed(Table::Training, "b", None, "R", "O", 8)
            .unwrap();
        assert_eq!(r.same_submitters, vec!["A", "B"]);
        assert_eq!(r.reference_rows, vec!["T1", "T2"]);
        assert!((r.factor - 2.2).abs() < 1e-12);
        // Without the shared-submitter rule the median of R would be 12: factor 2.4.
    }

    #[test]
    fn median_odd_even() {
        assert_eq!(median([3.0, 1.0, 2.0].into_iter()), 2.0);
        assert_eq!(median([4.0, 1.0, 2.0, 3.0].into_iter()), 2.5);
    }
}
