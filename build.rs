//! Embeds the shipped data (providers/, rules/, benchmarks/, docs/examples/,
//! templates/, schemas/) into the binary, so cloudvet works from any directory.
//! The list is generated from the folders, so adding a file needs no code change.

use std::fs;

use sha2::Digest;
use std::io::Write;
use std::path::{Path, PathBuf};

const FOLDERS: &[&str] = &[
    "providers",
    "rules",
    "benchmarks",
    "docs/examples",
    "templates",
    "schemas",
];

fn collect(dir: &Path, out: &mut Vec<PathBuf>) {
    let Ok(entries) = fs::read_dir(dir) else {
        return;
    };
    for e in entries.flatten() {
        let p = e.path();
        if p.is_dir() {
            collect(&p, out);
        } else if p.is_file() {
            out.push(p);
        }
    }
}

fn main() {
    let root =
        PathBuf::from(std::env::var("CARGO_MANIFEST_DIR").expect("cargo sets CARGO_MANIFEST_DIR"));
    let mut files = Vec::new();
    for f in FOLDERS {
        println!("cargo:rerun-if-changed={f}");
        collect(&root.join(f), &mut files);
    }
    let mut rel: Vec<(String, PathBuf)> = files
        .into_iter()
        .filter_map(|p| {
            let r = p
                .strip_prefix(&root)
                .ok()?
                .to_string_lossy()
                .replace('\\', "/");
            let name = p.file_name()?.to_string_lossy().into_owned();
            // Skip editor and temp files.
            if name.starts_with('.') || name.ends_with('~') {
                return None;
            }
            Some((r, p))
        })
        .collect();
    rel.sort();
    let out = PathBuf::from(std::env::var("OUT_DIR").expect("cargo sets OUT_DIR"))
        .join("embedded_files.rs");
    let mut f = fs::File::create(out).expect("write OUT_DIR");
    writeln!(
        f,
        "/// Every shipped data file: (path relative to the repository, contents)."
    )
    .unwrap();
    writeln!(f, "pub static FILES: &[(&str, &[u8])] = &[").unwrap();
    for (r, p) in &rel {
        writeln!(f, "    ({r:?}, include_bytes!({:?})),", p.to_string_lossy()).unwrap();
    }
    writeln!(f, "];").unwrap();
    // The files are constant, so is their SHA-256 (the provenance the report
    // shows): computed here once instead of on every run (docs/performance.md).
    writeln!(
        f,
        "/// The SHA-256 of each file of [`FILES`], lower-case hex, in the same order."
    )
    .unwrap();
    writeln!(f, "pub static SHA256: &[&str] = &[").unwrap();
    for (_, p) in &rel {
        let bytes = fs::read(p).expect("read an embedded file");
        let digest = sha2::Sha256::digest(&bytes);
        let hex: String = digest.iter().map(|b| format!("{b:02x}")).collect();
        writeln!(f, "    {hex:?},").unwrap();
    }
    writeln!(f, "];").unwrap();
}
