//! The shipped data compiled into the binary: provider profiles, rule packs,
//! benchmark tables, the example requirements and workload, templates, schemas.
//! Paths given on the command line replace them.

include!(concat!(env!("OUT_DIR"), "/embedded_files.rs"));

/// The prefix that marks an embedded file in diagnostics and provenance.
pub const PREFIX: &str = "embedded:";

/// All embedded files under `folder` (e.g. `providers/`), in path order.
pub fn files_under(folder: &str) -> impl Iterator<Item = (&'static str, &'static [u8])> + '_ {
    let prefix = if folder.ends_with('/') {
        folder.to_string()
    } else {
        format!("{folder}/")
    };
    FILES
        .iter()
        .copied()
        .filter(move |(p, _)| p.starts_with(&prefix))
}

/// One embedded file by its repository path.
pub fn file(path: &str) -> Option<&'static [u8]> {
    FILES.iter().find(|(p, _)| *p == path).map(|(_, b)| *b)
}
