//! The one integration test binary: every module here drives the real
//! `cloudvet` binary or the public library API. Add a module per area.

mod catalogue;
mod common;
mod cost;
mod cost_lang;
mod decision;
mod determinism;
mod diagnostics_docs;
mod diff_cli;
mod docs_examples;
mod dpa_assess;
mod dpa_cli;
mod dpa_corpus;
mod dpa_golden;
mod german_output;
mod guides;
mod help_examples;
mod hostile;
mod hostile_stages;
mod hostile_types;
mod init_cli;
mod invalid_fixtures;
mod legal_fixes;
mod loader_api;
mod no_network;
mod pipeline;
mod project;
mod report;
mod report_set;
mod rules;
mod rules_cli;
mod rules_engine;
mod schemas;
mod shipped;
mod stale_review;
mod validate_cli;
