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

/// The SHA-256 (lower-case hex) of the embedded file at `path`, computed at build
/// time; `None` unless `bytes` are that file's own bytes.
pub fn sha256(path: &str, bytes: &[u8]) -> Option<&'static str> {
    let i = FILES.binary_search_by(|(p, _)| (*p).cmp(path)).ok()?;
    let same = std::ptr::eq(FILES[i].1.as_ptr(), bytes.as_ptr()) && FILES[i].1.len() == bytes.len();
    same.then(|| SHA256.get(i).copied()).flatten()
}

/// One embedded file by its repository path.
pub fn file(path: &str) -> Option<&'static [u8]> {
    FILES.iter().find(|(p, _)| *p == path).map(|(_, b)| *b)
}

#[cfg(test)]
mod tests {
    use sha2::{Digest, Sha256};

    /// The digests computed at build time are those of the files.
    #[test]
    fn build_time_digests_match_the_files() {
        assert_eq!(super::FILES.len(), super::SHA256.len());
        assert!(
            super::FILES.windows(2).all(|w| w[0].0 < w[1].0),
            "sorted by path"
        );
        for (path, bytes) in super::FILES {
            let hex: String = Sha256::digest(bytes)
                .iter()
                .map(|b| format!("{b:02x}"))
                .collect();
            assert_eq!(super::sha256(path, bytes), Some(hex.as_str()), "{path}");
            assert_eq!(
                super::sha256(path, bytes.to_vec().as_slice()),
                None,
                "{path}: other bytes"
            );
        }
    }
}
