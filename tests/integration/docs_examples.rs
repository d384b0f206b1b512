//! The examples in docs/data-model.md are the valid fixtures, verbatim, so the
//! documentation cannot drift from what cloudvet accepts.

use crate::common::root;

#[test]
fn data_model_examples_match_fixtures() {
    let doc = std::fs::read_to_string(root().join("docs/data-model.md")).unwrap();
    let marker = "<!-- example: ";
    let mut checked = 0;
    for (i, _) in doc.match_indices(marker) {
        let rest = &doc[i + marker.len()..];
        let path = rest.split_whitespace().next().unwrap();
        let block = rest.split("```yaml\n").nth(1).unwrap();
        let block = &block[..block.find("```").unwrap()];
        let fixture = std::fs::read_to_string(root().join(path)).unwrap();
        let fixture: String = fixture
            .lines()
            .filter(|l| !l.starts_with("# yaml-language-server:"))
            .map(|l| format!("{l}\n"))
            .collect();
        assert_eq!(
            block, fixture,
            "docs/data-model.md example differs from {path}"
        );
        checked += 1;
    }
    assert_eq!(checked, 3);
}
