//! The workload file (`workload.yaml`): the job whose cost `cloudvet cost`
//! compares across offers — how much work, how fast it ran in a test (or which
//! benchmark stands for it), how many GPUs, the data around it, what runs after
//! it, and how much risk the buyer accepts (buffer, spot capacity).
//!
//! Quantities that feed money (GB, months, hours, percentages of money) are exact
//! decimals (`Amount`); quantities that only feed throughput and time (work,
//! seconds, efficiencies) are `f64` — see docs/cost-model.md for where the two meet.

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

use super::common::Amount;

/// The `kind` a workload file declares.
pub const WORKLOAD_KIND: &str = "workload";
/// The schema version this build reads.
pub const WORKLOAD_SCHEMA_VERSION: u32 = 1;

/// A workload.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
#[schemars(title = "cloudvet workload")]
pub struct Workload {
    /// Always `workload`.
    pub kind: String,
    /// Schema version of this file; this build reads version 1.
    pub schema_version: u32,
    /// Name shown on the comparison.
    pub name: String,
    /// Free text for the reader.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub description: Option<String>,
    /// What kind of job this is.
    pub job: JobKind,
    /// How much work the job is.
    pub work: Work,
    /// Where the speed of the job comes from: a measured test run and/or a benchmark.
    pub throughput: ThroughputBasis,
    /// GPUs one job runs on.
    pub gpus_per_job: u32,
    /// Throughput factor per doubling of GPUs (1.0 = perfectly linear). Default 0.9.
    #[serde(default = "default_scaling_efficiency")]
    pub scaling_efficiency: f64,
    /// Data kept at and sent out of the provider.
    #[serde(default)]
    pub data: DataVolumes,
    /// Operation after the job (e.g. serving the trained model).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub operation: Option<Operation>,
    /// Reserve for reruns and tuning, in percent of the cost. Default 20.
    #[serde(default = "default_buffer_pct")]
    pub buffer_pct: Amount,
    /// Spot / interruptible capacity.
    #[serde(default)]
    pub spot: SpotPolicy,
    /// Throughput uncertainty that spans the low–high range.
    #[serde(default)]
    pub uncertainty: Uncertainty,
}

fn default_scaling_efficiency() -> f64 {
    0.9
}
fn default_buffer_pct() -> Amount {
    Amount(rust_decimal::Decimal::from(20))
}

/// What kind of job the workload is.
#[derive(
    Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, JsonSchema, strum::IntoStaticStr,
)]
#[serde(rename_all = "snake_case")]
#[strum(serialize_all = "snake_case")]
pub enum JobKind {
    Training,
    FineTuning,
    Inference,
}

impl JobKind {
    pub fn as_str(self) -> &'static str {
        // The same names as in the files (serde `snake_case`), derived.
        self.into()
    }
    /// Training and fine-tuning compare GPUs by time to train; inference by throughput.
    pub fn is_inference(self) -> bool {
        matches!(self, JobKind::Inference)
    }
}

/// The unit work is counted in.
#[derive(
    Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, JsonSchema, strum::IntoStaticStr,
)]
#[serde(rename_all = "snake_case")]
#[strum(serialize_all = "snake_case")]
pub enum WorkUnit {
    Samples,
    Tokens,
    Requests,
    /// Complete runs of the referenced MLPerf Training benchmark to its quality target
    /// (only with a benchmark-only throughput basis for training).
    BenchmarkRuns,
}

impl WorkUnit {
    pub fn as_str(self) -> &'static str {
        // The same names as in the files (serde `snake_case`), derived.
        self.into()
    }
}

/// How much work the job is: `per_epoch` × `epochs` for training and fine-tuning,
/// `per_month` × `months` for inference.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Work {
    /// The unit of `per_epoch`, `per_month` and of the measured run's `work_done`.
    pub unit: WorkUnit,
    /// Training / fine-tuning: work in one epoch.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub per_epoch: Option<f64>,
    /// Training / fine-tuning: number of epochs.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub epochs: Option<f64>,
    /// Inference: work per month.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub per_month: Option<f64>,
    /// Inference: months of operation.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub months: Option<f64>,
}

/// Where the job's speed comes from. At least one of the two.
#[derive(Debug, Clone, PartialEq, Default, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct ThroughputBasis {
    /// A test run the buyer timed.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub measured: Option<MeasuredRun>,
    /// The benchmark that stands for this kind of job: gives the speed of other GPU
    /// models relative to the measured one, or — without a measured run — the speed itself.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub benchmark: Option<BenchmarkReference>,
}

/// A timed test run: a slice of the job on known hardware.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct MeasuredRun {
    /// GPU model ID from the GPU catalogue.
    pub gpu_model: String,
    /// GPUs used in the test run.
    pub gpu_count: u32,
    /// Work done in the run, in `work.unit`.
    pub work_done: f64,
    /// Wall-clock seconds the run took.
    pub wall_seconds: f64,
    /// Numeric precision of the run.
    pub precision: Precision,
}

/// Numeric precision of a run.
#[derive(
    Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, JsonSchema, strum::IntoStaticStr,
)]
#[serde(rename_all = "snake_case")]
#[strum(serialize_all = "snake_case")]
pub enum Precision {
    Fp32,
    Tf32,
    Bf16,
    Fp16,
    Fp8,
}

impl Precision {
    pub fn as_str(self) -> &'static str {
        // The same names as in the files (serde `snake_case`), derived.
        self.into()
    }
}

/// A benchmark in `benchmarks/` that stands for this job.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct BenchmarkReference {
    /// Benchmark name as in the tables (training: `llama2_70b_lora`, `bert` …; inference:
    /// `llama2-70b-99`, `resnet50` …).
    pub name: String,
    /// Inference only: the scenario (`Offline`, `Server`, `Interactive`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub scenario: Option<String>,
    /// Without a measured run: the GPU model whose benchmark rows give the speed itself.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub reference_gpu: Option<String>,
    /// Without a measured run: the GPU count of those rows.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub reference_gpu_count: Option<u32>,
}

/// Data volumes, in GB.
#[derive(Debug, Clone, PartialEq, Default, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct DataVolumes {
    /// Dataset kept at the provider.
    #[serde(default)]
    pub dataset_gb: Amount,
    /// Size of one checkpoint.
    #[serde(default)]
    pub checkpoint_gb: Amount,
    /// Checkpoints kept at the same time.
    #[serde(default)]
    pub checkpoints_kept: u32,
    /// Months the dataset and checkpoints are stored.
    #[serde(default)]
    pub storage_months: Amount,
    /// GB leaving the provider once (trained model, results, the exit copy); priced as
    /// one month's egress, so the monthly free allowance applies once.
    #[serde(default)]
    pub egress_gb: Amount,
}

/// Operation after the job: GPUs kept running, e.g. to serve the trained model.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Operation {
    /// GPU model ID from the GPU catalogue; priced with the same provider's offers of this model.
    pub gpu_model: String,
    /// GPUs running at the same time. Default 1.
    #[serde(default = "one")]
    pub gpus: u32,
    /// Hours per month the GPUs run.
    pub hours_per_month: Amount,
    /// Months of operation.
    pub months: Amount,
    /// GB leaving the provider each month of operation (answers, logs).
    #[serde(default)]
    pub egress_gb_per_month: Amount,
}

fn one() -> u32 {
    1
}

/// Whether spot / interruptible capacity is acceptable, and what an interruption costs.
#[derive(Debug, Clone, PartialEq, Default, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct SpotPolicy {
    /// Spot capacity is acceptable (the job checkpoints and can restart).
    #[serde(default)]
    pub accepted: bool,
    /// Minutes between checkpoints; on average half an interval of work is lost per interruption.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub checkpoint_interval_minutes: Option<f64>,
    /// Minutes from an interruption until the job computes again.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub restart_minutes: Option<f64>,
    /// Expected interruptions per 100 hours of wall time.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub interruptions_per_100_hours: Option<f64>,
}

/// Throughput uncertainty in percent (± around the point estimate).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Uncertainty {
    /// When the offer's GPU is the measured one. Default 5.
    #[serde(default = "five")]
    pub measured_pct: f64,
    /// When the throughput is derived from benchmark rows. Default 15.
    #[serde(default = "fifteen")]
    pub benchmark_pct: f64,
}

fn five() -> f64 {
    5.0
}
fn fifteen() -> f64 {
    15.0
}

impl Default for Uncertainty {
    fn default() -> Self {
        Uncertainty {
            measured_pct: five(),
            benchmark_pct: fifteen(),
        }
    }
}
