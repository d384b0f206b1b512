//! cloudvet: assess GPU cloud providers for EU/German procurement.
//!
//! The source tree follows the pipeline:
//! `load` (read, parse, schema, positions) → `validate` (semantic checks) →
//! `eval` (rules engine) → `cost` (cost model) → `report` (one model) → `render`
//! (HTML, Markdown, JSON, CSV, PDF). `cli` is the thin edge; `diag` holds
//! diagnostics; `model` the typed input files; `embedded` the shipped data.

pub mod cli;
pub mod cost;
pub mod diag;
pub mod diff;
pub mod dpa;
pub mod embedded;
pub mod eval;
pub mod fonts;
pub mod i18n;
pub mod import;
pub mod load;
pub mod model;
pub mod output;
pub mod pipeline;
pub mod render;
pub mod report;
pub mod schema;
pub mod suggest;
pub mod validate;
