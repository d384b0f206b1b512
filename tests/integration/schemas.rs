//! The committed schemas in schemas/ are exactly what the Rust types generate.
//! After changing a model type run `UPDATE_SCHEMAS=1 cargo test schemas`.

use cloudvet::schema::{render, SCHEMAS};

use crate::common::root;

#[test]
fn schemas_are_fresh() {
    let update = std::env::var_os("UPDATE_SCHEMAS").is_some();
    let mut stale = Vec::new();
    for entry in SCHEMAS {
        let path = root().join("schemas").join(entry.file);
        let want = render(entry);
        let have = std::fs::read_to_string(&path).unwrap_or_default();
        if have != want {
            if update {
                std::fs::write(&path, &want).expect("write schema");
            } else {
                stale.push(entry.file);
            }
        }
    }
    assert!(
        stale.is_empty(),
        "schemas out of date: {stale:?}; run `UPDATE_SCHEMAS=1 cargo test schemas` and commit schemas/"
    );
}

#[test]
fn schemas_have_id_and_draft() {
    for entry in SCHEMAS {
        let doc = cloudvet::schema::document(entry);
        assert_eq!(
            doc["$schema"],
            "https://json-schema.org/draft/2020-12/schema"
        );
        assert_eq!(
            doc["$id"].as_str().unwrap(),
            format!("https://cloudvet.example/schemas/{}", entry.file)
        );
        assert!(entry.file.ends_with(".schema.json"));
    }
    let files: std::collections::BTreeSet<_> = SCHEMAS.iter().map(|e| e.file).collect();
    assert_eq!(files.len(), SCHEMAS.len(), "one file per schema");
}
