//! Semantic checks of the workload and rent-vs-buy files: quantities that must be
//! positive, GPU models that must be in the catalogue, benchmarks that must exist.
//! Every problem is a diagnostic (exit 2); all problems are reported at once.

use crate::diag::{Code, CostCode, LoadCode, ValidateCode};
use rust_decimal::Decimal;

use super::benchmarks::{Benchmarks, Table};
use crate::diag::Diagnostic;
use crate::model::gpu::gpu_model;
use crate::model::rent_vs_buy::{Figure, RentVsBuy, RENT_VS_BUY_KIND, RENT_VS_BUY_SCHEMA_VERSION};
use crate::model::workload::{JobKind, WorkUnit, Workload, WORKLOAD_KIND, WORKLOAD_SCHEMA_VERSION};
use crate::model::Amount;

/// The help line of a cost-stage code.
pub fn help_for(code: Code) -> &'static str {
    let Code::Cost(code) = code else {
        return "see docs/cost-model.md";
    };
    match code {
        CostCode::InvalidQuantity => "correct the value; docs/cost-model.md explains each field",
        CostCode::MissingQuantity => {
            "add the field; docs/cost-model.md lists what each job kind needs"
        }
        CostCode::UnexpectedField => {
            "remove the field; training counts work per epoch, inference per month"
        }
        CostCode::MissingThroughputBasis => {
            "add `throughput.measured` (a timed test run) or `throughput.benchmark`"
        }
        CostCode::InvalidWorkUnit => "count the work in the unit the basis measures",
        CostCode::UnknownBenchmark => "use a benchmark name (and scenario) from benchmarks/*.csv",
        CostCode::NoBenchmarkRows => {
            "pick a GPU model and count that have rows, or add a measured run"
        }
        _ => "see docs/cost-model.md",
    }
}

struct Check<'a> {
    file: Option<&'a str>,
    diags: Vec<Diagnostic>,
}

impl Check<'_> {
    fn push(&mut self, code: impl Into<Code>, pointer: &str, message: String, expected: &str) {
        let code = code.into();
        let mut d = Diagnostic::error(code, message)
            .pointer(pointer)
            .expected(expected)
            .help(help_for(code));
        if let Some(f) = self.file {
            d = d.in_file(f);
        }
        self.diags.push(d);
    }
    fn positive_f64(&mut self, pointer: &str, v: f64) {
        if !(v.is_finite() && v > 0.0) {
            self.push(
                CostCode::InvalidQuantity,
                pointer,
                format!("`{pointer}` is {v}; it must be a number above zero"),
                "a finite number > 0",
            );
        }
    }
    fn non_negative(&mut self, pointer: &str, v: &Amount) {
        if v.0 < Decimal::ZERO {
            self.push(
                CostCode::InvalidQuantity,
                pointer,
                format!("`{pointer}` is {v}; it cannot be negative"),
                "a number >= 0",
            );
        }
    }
    fn positive(&mut self, pointer: &str, v: &Amount) {
        if v.0 <= Decimal::ZERO {
            self.push(
                CostCode::InvalidQuantity,
                pointer,
                format!("`{pointer}` is {v}; it must be above zero"),
                "a number > 0",
            );
        }
    }
    fn required<T>(&mut self, pointer: &str, v: &Option<T>, why: &str) -> bool {
        if v.is_none() {
            self.push(
                CostCode::MissingQuantity,
                pointer,
                format!("`{pointer}` is missing: {why}"),
                "a number > 0",
            );
            false
        } else {
            true
        }
    }
    fn absent<T>(&mut self, pointer: &str, v: &Option<T>, why: &str) {
        if v.is_some() {
            self.push(
                CostCode::UnexpectedField,
                pointer,
                format!("`{pointer}` does not apply: {why}"),
                "the field removed",
            );
        }
    }
    fn gpu(&mut self, pointer: &str, id: &str) {
        if gpu_model(id).is_none() {
            let mut d = Diagnostic::error(
                ValidateCode::UnknownGpuModel,
                format!("`{id}` is not a GPU model ID of the catalogue"),
            )
            .pointer(pointer)
            .expected("a catalogue ID such as H100-SXM, A100-SXM-80GB, L40S")
            .help("`cloudvet validate --list-gpus` lists the IDs (src/model/gpu.rs)");
            if let Some(f) = self.file {
                d = d.in_file(f);
            }
            self.diags.push(d);
        }
    }
}

/// The benchmark table a job kind is compared in.
pub fn table_for(job: JobKind) -> Table {
    if job.is_inference() {
        Table::Inference
    } else {
        Table::Training
    }
}

/// The checks every load of a workload file runs (`validate::load_document`);
/// the benchmark reference is checked when the comparison runs, against the
/// tables it uses.
impl crate::validate::Checked for Workload {
    fn check(&self, _file: &crate::load::SourceFile, ctx: &mut crate::validate::Ctx) {
        for d in workload(self, None, None) {
            ctx.push_nearest(d);
        }
    }
}

/// The checks every load of a rent-versus-buy file runs.
impl crate::validate::Checked for RentVsBuy {
    fn check(&self, _file: &crate::load::SourceFile, ctx: &mut crate::validate::Ctx) {
        for d in rent_vs_buy(self, None) {
            ctx.push_nearest(d);
        }
    }
}

/// Checks a workload; `file` names it in diagnostics. With `benchmarks`, the
/// benchmark reference is checked against the tables too (name, scenario, rows,
/// unit); the loader passes `None`, the comparison the tables it uses.
pub fn workload(
    w: &Workload,
    file: Option<&str>,
    benchmarks: Option<&Benchmarks>,
) -> Vec<Diagnostic> {
    let mut c = Check {
        file,
        diags: Vec::new(),
    };
    if w.kind != WORKLOAD_KIND {
        c.push(
            LoadCode::WrongKind,
            "/kind",
            format!("`kind` is `{}`, this file is read as a workload", w.kind),
            "workload",
        );
    }
    if w.schema_version != WORKLOAD_SCHEMA_VERSION {
        c.push(
            LoadCode::UnsupportedSchemaVersion,
            "/schema_version",
            format!(
                "schema_version {} is not read by this build",
                w.schema_version
            ),
            "1",
        );
    }
    // Amount of work.
    let inference = w.job.is_inference();
    if inference {
        if c.required(
            "/work/per_month",
            &w.work.per_month,
            "inference needs work per month",
        ) {
            c.positive_f64("/work/per_month", w.work.per_month.unwrap_or(0.0));
        }
        if c.required(
            "/work/months",
            &w.work.months,
            "inference needs months of operation",
        ) {
            c.positive_f64("/work/months", w.work.months.unwrap_or(0.0));
        }
        c.absent(
            "/work/per_epoch",
            &w.work.per_epoch,
            "inference counts work per month",
        );
        c.absent(
            "/work/epochs",
            &w.work.epochs,
            "inference counts work per month",
        );
    } else {
        if c.required(
            "/work/per_epoch",
            &w.work.per_epoch,
            "training needs work per epoch",
        ) {
            c.positive_f64("/work/per_epoch", w.work.per_epoch.unwrap_or(0.0));
        }
        if c.required(
            "/work/epochs",
            &w.work.epochs,
            "training needs the number of epochs",
        ) {
            c.positive_f64("/work/epochs", w.work.epochs.unwrap_or(0.0));
        }
        c.absent(
            "/work/per_month",
            &w.work.per_month,
            "training counts work per epoch",
        );
        c.absent(
            "/work/months",
            &w.work.months,
            "training counts work per epoch",
        );
    }
    if w.gpus_per_job == 0 {
        c.push(
            CostCode::InvalidQuantity,
            "/gpus_per_job",
            "`/gpus_per_job` is 0; a job needs at least one GPU".into(),
            "a whole number >= 1",
        );
    }
    if !(w.scaling_efficiency.is_finite()
        && w.scaling_efficiency > 0.0
        && w.scaling_efficiency <= 1.0)
    {
        c.push(
            CostCode::InvalidQuantity,
            "/scaling_efficiency",
            format!(
                "`/scaling_efficiency` is {}; it is the throughput factor per doubling of GPUs",
                w.scaling_efficiency
            ),
            "a number above 0 and at most 1 (default 0.9)",
        );
    }
    // Throughput basis.
    let table = table_for(w.job);
    let tp = &w.throughput;
    if tp.measured.is_none() && tp.benchmark.is_none() {
        c.push(
            CostCode::MissingThroughputBasis,
            "/throughput",
            "the workload gives neither a measured run nor a benchmark, so no speed can be known"
                .into(),
            "`throughput.measured` and/or `throughput.benchmark`",
        );
    }
    if let Some(m) = &tp.measured {
        c.gpu("/throughput/measured/gpu_model", &m.gpu_model);
        if m.gpu_count == 0 {
            c.push(
                CostCode::InvalidQuantity,
                "/throughput/measured/gpu_count",
                "`/throughput/measured/gpu_count` is 0".into(),
                "a whole number >= 1",
            );
        }
        c.positive_f64("/throughput/measured/work_done", m.work_done);
        c.positive_f64("/throughput/measured/wall_seconds", m.wall_seconds);
        if w.work.unit == WorkUnit::BenchmarkRuns {
            c.push(
                CostCode::InvalidWorkUnit,
                "/work/unit",
                "`benchmark_runs` is only for a benchmark-only basis; a measured run counts its own work".into(),
                "samples, tokens or requests",
            );
        }
    }
    if let Some(b) = &tp.benchmark {
        let scenario = b.scenario.as_deref();
        if inference && scenario.is_none() {
            c.push(
                CostCode::MissingQuantity,
                "/throughput/benchmark/scenario",
                "an inference benchmark needs its scenario".into(),
                "Offline, Server or Interactive",
            );
        }
        if !inference && scenario.is_some() {
            c.push(
                CostCode::UnexpectedField,
                "/throughput/benchmark/scenario",
                "training benchmarks have no scenario".into(),
                "the field removed",
            );
        }
        let ok_shape = inference == scenario.is_some();
        let known = benchmarks.is_none_or(|t| t.has_benchmark(table, &b.name, scenario));
        if ok_shape && !known {
            let names = benchmarks
                .map(|t| t.names(table).join(", "))
                .unwrap_or_default();
            let mut d = Diagnostic::error(
                CostCode::UnknownBenchmark,
                format!(
                    "the {} table has no benchmark `{}`{}",
                    if inference { "inference" } else { "training" },
                    b.name,
                    scenario
                        .map(|s| format!(" with scenario `{s}`"))
                        .unwrap_or_default()
                ),
            )
            .pointer("/throughput/benchmark/name")
            .expected(names)
            .help(help_for(CostCode::UnknownBenchmark.into()));
            if let Some(f) = file {
                d = d.in_file(f);
            }
            c.diags.push(d);
        } else if ok_shape && tp.measured.is_none() {
            // Benchmark-only basis: the rows give the speed itself.
            let gpu_ok = c.required(
                "/throughput/benchmark/reference_gpu",
                &b.reference_gpu,
                "without a measured run the speed comes from this GPU's rows",
            );
            let count_ok = c.required(
                "/throughput/benchmark/reference_gpu_count",
                &b.reference_gpu_count,
                "without a measured run the speed comes from rows at this GPU count",
            );
            if let (true, true, Some(g), Some(n)) =
                (gpu_ok, count_ok, &b.reference_gpu, b.reference_gpu_count)
            {
                c.gpu("/throughput/benchmark/reference_gpu", g);
                if let (Some(model), Some(benchmarks)) = (gpu_model(g), benchmarks) {
                    let family = model.benchmark_family.unwrap_or("");
                    if let Err(why) = benchmarks.absolute_speed(table, &b.name, scenario, family, n)
                    {
                        let why = if model.benchmark_family.is_none() {
                            format!("{g} names no form factor, so no benchmark rows stand for it")
                        } else {
                            why.to_string()
                        };
                        c.push(
                            CostCode::NoBenchmarkRows,
                            "/throughput/benchmark/reference_gpu",
                            why,
                            "a GPU model and count with rows in the table",
                        );
                    }
                }
            }
            match (inference, w.work.unit) {
                (false, WorkUnit::BenchmarkRuns) => {}
                (false, u) => c.push(
                    CostCode::InvalidWorkUnit,
                    "/work/unit",
                    format!(
                        "with only a training benchmark as basis the work must be counted in benchmark runs, not {}",
                        u.as_str()
                    ),
                    "benchmark_runs (or add a measured run)",
                ),
                (true, u) if benchmarks.is_some() => {
                    let metric = benchmarks
                        .and_then(|t| t.metric(table, &b.name, scenario))
                        .unwrap_or_default();
                    let fits = match u {
                        WorkUnit::Tokens => metric == "tokens_per_s",
                        WorkUnit::Samples | WorkUnit::Requests => metric.contains("samples"),
                        WorkUnit::BenchmarkRuns => false,
                    };
                    if !fits {
                        c.push(
                            CostCode::InvalidWorkUnit,
                            "/work/unit",
                            format!(
                                "the benchmark's rows count {metric}, the work counts {}",
                                u.as_str()
                            ),
                            "tokens for tokens_per_s rows, samples or requests for samples_per_s rows",
                        );
                    }
                }
                (true, _) => {}
            }
        } else {
            c.absent(
                "/throughput/benchmark/reference_gpu",
                &b.reference_gpu,
                "with a measured run the measured GPU is the reference",
            );
            c.absent(
                "/throughput/benchmark/reference_gpu_count",
                &b.reference_gpu_count,
                "with a measured run the measured GPU is the reference",
            );
        }
    }
    // Data, operation, buffer.
    c.non_negative("/data/dataset_gb", &w.data.dataset_gb);
    c.non_negative("/data/checkpoint_gb", &w.data.checkpoint_gb);
    c.non_negative("/data/storage_months", &w.data.storage_months);
    c.non_negative("/data/egress_gb", &w.data.egress_gb);
    if let Some(o) = &w.operation {
        c.gpu("/operation/gpu_model", &o.gpu_model);
        if o.gpus == 0 {
            c.push(
                CostCode::InvalidQuantity,
                "/operation/gpus",
                "`/operation/gpus` is 0".into(),
                "a whole number >= 1",
            );
        }
        c.positive("/operation/hours_per_month", &o.hours_per_month);
        if o.hours_per_month.0 > Decimal::from(744) {
            c.push(
                CostCode::InvalidQuantity,
                "/operation/hours_per_month",
                format!(
                    "`/operation/hours_per_month` is {}; a month has at most 744 hours",
                    o.hours_per_month
                ),
                "a number > 0 and <= 744",
            );
        }
        c.positive("/operation/months", &o.months);
        c.non_negative("/operation/egress_gb_per_month", &o.egress_gb_per_month);
    }
    c.non_negative("/buffer_pct", &w.buffer_pct);
    // Spot.
    if w.spot.accepted {
        let s = &w.spot;
        if c.required(
            "/spot/checkpoint_interval_minutes",
            &s.checkpoint_interval_minutes,
            "spot rework needs the checkpoint interval",
        ) {
            c.positive_f64(
                "/spot/checkpoint_interval_minutes",
                s.checkpoint_interval_minutes.unwrap_or(0.0),
            );
        }
        if c.required(
            "/spot/restart_minutes",
            &s.restart_minutes,
            "spot rework needs the restart time",
        ) {
            let v = s.restart_minutes.unwrap_or(-1.0);
            if !(v.is_finite() && v >= 0.0) {
                c.push(
                    CostCode::InvalidQuantity,
                    "/spot/restart_minutes",
                    format!("`/spot/restart_minutes` is {v}"),
                    "a number >= 0",
                );
            }
        }
        if c.required(
            "/spot/interruptions_per_100_hours",
            &s.interruptions_per_100_hours,
            "spot rework needs the expected interruptions",
        ) {
            let v = s.interruptions_per_100_hours.unwrap_or(-1.0);
            if !(v.is_finite() && v >= 0.0) {
                c.push(
                    CostCode::InvalidQuantity,
                    "/spot/interruptions_per_100_hours",
                    format!("`/spot/interruptions_per_100_hours` is {v}"),
                    "a number >= 0",
                );
            }
        }
    }
    for (p, v) in [
        ("/uncertainty/measured_pct", w.uncertainty.measured_pct),
        ("/uncertainty/benchmark_pct", w.uncertainty.benchmark_pct),
    ] {
        if !(v.is_finite() && (0.0..100.0).contains(&v)) {
            c.push(
                CostCode::InvalidQuantity,
                p,
                format!("`{p}` is {v}"),
                "a percentage >= 0 and below 100",
            );
        }
    }
    c.diags
}

/// Checks the rent-vs-buy inputs.
pub fn rent_vs_buy(r: &RentVsBuy, file: Option<&str>) -> Vec<Diagnostic> {
    let mut c = Check {
        file,
        diags: Vec::new(),
    };
    if r.kind != RENT_VS_BUY_KIND {
        c.push(
            LoadCode::WrongKind,
            "/kind",
            format!(
                "`kind` is `{}`, this file is read as rent-vs-buy inputs",
                r.kind
            ),
            "rent_vs_buy",
        );
    }
    if r.schema_version != RENT_VS_BUY_SCHEMA_VERSION {
        c.push(
            LoadCode::UnsupportedSchemaVersion,
            "/schema_version",
            format!(
                "schema_version {} is not read by this build",
                r.schema_version
            ),
            "1",
        );
    }
    c.gpu("/gpu_model", &r.gpu_model);
    let pos: [(&str, &Figure); 4] = [
        ("/server_price/value", &r.server_price),
        ("/gpus_per_server/value", &r.gpus_per_server),
        ("/lifetime_years/value", &r.lifetime_years),
        ("/pue/value", &r.pue),
    ];
    for (p, f) in pos {
        c.positive(p, &f.value);
    }
    let nonneg: [(&str, &Figure); 7] = [
        ("/residual_value/value", &r.residual_value),
        ("/power_kw_load/value", &r.power_kw_load),
        ("/power_kw_idle/value", &r.power_kw_idle),
        (
            "/electricity_price_per_kwh/value",
            &r.electricity_price_per_kwh,
        ),
        (
            "/maintenance_pct_per_year/value",
            &r.maintenance_pct_per_year,
        ),
        ("/hosting_per_month/value", &r.hosting_per_month),
        ("/staff_per_year/value", &r.staff_per_year),
    ];
    for (p, f) in nonneg {
        c.non_negative(p, &f.value);
    }
    if r.gpus_per_server.value.0.fract() != Decimal::ZERO {
        c.push(
            CostCode::InvalidQuantity,
            "/gpus_per_server/value",
            format!("`/gpus_per_server/value` is {}", r.gpus_per_server.value),
            "a whole number >= 1",
        );
    }
    if r.residual_value.value.0 > r.server_price.value.0 {
        c.push(
            CostCode::InvalidQuantity,
            "/residual_value/value",
            "the residual value is above the server price".into(),
            "a value between 0 and the server price",
        );
    }
    if r.power_kw_idle.value.0 > r.power_kw_load.value.0 {
        c.push(
            CostCode::InvalidQuantity,
            "/power_kw_idle/value",
            "idle power is above power under load".into(),
            "idle power <= power under load",
        );
    }
    if r.pue.value.0 < Decimal::ONE {
        c.push(
            CostCode::InvalidQuantity,
            "/pue/value",
            format!(
                "PUE {} is below 1; facility power includes the IT power",
                r.pue.value
            ),
            "a number >= 1",
        );
    }
    let u = r.utilisation_pct.value.0;
    if u <= Decimal::ZERO || u > Decimal::from(100) {
        c.push(
            CostCode::InvalidQuantity,
            "/utilisation_pct/value",
            format!(
                "utilisation {}% is outside (0, 100]",
                r.utilisation_pct.value
            ),
            "a percentage above 0 and at most 100",
        );
    }
    c.diags
}
