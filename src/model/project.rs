//! The project file (`cloudvet.yaml`) of a procurement folder: which files of
//! the folder are the requirements, the workload, the provider profiles, the
//! DPA reviews and the answered questionnaires. `cloudvet init` writes it; every
//! command run in the folder or a subfolder (or given `--project DIR`) reads it,
//! and flags override it (`pipeline::resolve_project`). Paths are relative to
//! the folder that holds the project file.

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

/// The `kind` a project file declares.
pub const PROJECT_KIND: &str = "project";
/// The schema version this build reads.
pub const PROJECT_SCHEMA_VERSION: u32 = 1;
/// The file name commands look for, in the current folder and upwards.
pub const PROJECT_FILE: &str = "cloudvet.yaml";

/// A procurement folder's project file.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
#[schemars(title = "cloudvet project")]
pub struct Project {
    /// Always `project`.
    pub kind: String,
    /// Schema version of this file; this build reads version 1.
    pub schema_version: u32,
    /// Name of the procurement, for the reader.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub name: Option<String>,
    /// The requirements file (e.g. `requirements.yaml`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub requirements: Option<String>,
    /// The workload file for the cost comparison (e.g. `workload.yaml`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub workload: Option<String>,
    /// Rent-versus-buy inputs (e.g. `rent-vs-buy.yaml`); default: the embedded example.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub rent_vs_buy: Option<String>,
    /// Provider profiles: folders or files (e.g. `providers/`).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub providers: Vec<String>,
    /// DPA review files or folders (e.g. `reviews/`): signed reviews are applied.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub reviews: Vec<String>,
    /// Answered vendor questionnaires: files or folders (e.g. `answers/`).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub answers: Vec<String>,
    /// Rule packs (a folder or a file) replacing or adding to the shipped ones.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub rules: Option<String>,
    /// Folder with `mlperf_training.csv` and `mlperf_inference.csv`; default: the embedded tables.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub benchmarks: Option<String>,
}
