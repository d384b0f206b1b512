//! Typed model of every input file. Types are deserialised only after the
//! JSON Schema and YAML checks in `load` have passed; the schemas in `schemas/`
//! are generated from these types.

pub mod codes;
pub mod common;
pub mod gpu;
pub mod project;
pub mod provider;
pub mod rent_vs_buy;
pub mod requirements;
pub mod review;
pub mod rule_pack;
pub mod workload;

pub use common::{Amount, AsOf, Date, EvidenceStatus, Fact, Known, Provenance};
pub use provider::ProviderProfile;
pub use requirements::Requirements;
pub use review::DpaReview;
