//! `cloudvet import`: price catalogues into provider profiles. Sits beside `load`:
//! it reads a catalogue file ([`skypilot`]), places its rows on GPU models and
//! regions on countries ([`regions`]), and writes a new profile or merges the
//! offers into an existing one, keeping every other fact ([`merge`]). The CLI
//! only maps flags to these calls.

pub mod merge;
pub mod regions;
pub mod skypilot;

pub use merge::{apply, Change, MergeOptions, Merged, Summary};
pub use regions::{CountryFilter, RegionEntry, RegionTable};
pub use skypilot::{read, Catalogue, CatalogueOffer, ReadOptions, Unplaced, UnplacedReason};
