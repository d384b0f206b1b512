//! docs/diagnostics.md has one `### code` heading per registered code, and no
//! heading for a code that does not exist.

use cloudvet::diag::all_codes;

use crate::common::root;

#[test]
fn every_code_is_documented() {
    let doc = std::fs::read_to_string(root().join("docs/diagnostics.md")).unwrap();
    let headings: Vec<&str> = doc
        .lines()
        .filter_map(|l| l.strip_prefix("### "))
        .map(|h| h.trim().trim_matches('`'))
        .collect();
    let codes: Vec<&str> = all_codes().iter().map(|(c, _)| *c).collect();
    let missing: Vec<&&str> = codes.iter().filter(|c| !headings.contains(c)).collect();
    assert!(
        missing.is_empty(),
        "docs/diagnostics.md lacks headings for {missing:?}"
    );
    let stale: Vec<&&str> = headings.iter().filter(|h| !codes.contains(h)).collect();
    assert!(
        stale.is_empty(),
        "docs/diagnostics.md documents unknown codes {stale:?}"
    );
}
