//! The shipped example catalogue (`providers/*.yaml`): every profile loads through the
//! real loader into `ProviderProfile`, is named after its ID, is marked as example data,
//! keeps provenance on what it took over, never claims `verified`, and only refers to
//! GPU models and regions that exist.
//!
//! Temporary catalogue-specific checks; the general semantic validation lives in the
//! loader and `cloudvet validate`.

use std::collections::BTreeSet;
use std::path::{Path, PathBuf};

use cloudvet::load::{DocumentKind, SourceFile};
use cloudvet::model::gpu::gpu_model;
use cloudvet::model::ProviderProfile;
use cloudvet::validate::parse_document;
use serde_json::Value;

const COMPILED: &str = "2026-11-30";
const SCHEMA_LINE: &str = "# yaml-language-server: $schema=../schemas/provider.schema.json";

fn provider_files() -> Vec<PathBuf> {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("providers");
    let mut files: Vec<PathBuf> = std::fs::read_dir(&dir)
        .expect("providers/ exists")
        .map(|e| e.expect("directory entry").path())
        .filter(|p| p.extension().is_some_and(|x| x == "yaml"))
        .collect();
    files.sort();
    files
}

fn load(path: &Path) -> (SourceFile, ProviderProfile) {
    let file = SourceFile::read(path).unwrap_or_else(|d| panic!("{}: {d:?}", path.display()));
    let profile: ProviderProfile = parse_document(&file, DocumentKind::Provider)
        .unwrap_or_else(|d| panic!("{}: {d:#?}", path.display()));
    (file, profile)
}

fn all_profiles() -> Vec<(PathBuf, SourceFile, ProviderProfile)> {
    provider_files()
        .into_iter()
        .map(|p| {
            let (f, prof) = load(&p);
            (p, f, prof)
        })
        .collect()
}

#[test]
fn catalogue_has_at_least_fifteen_profiles_named_after_their_id() {
    let profiles = all_profiles();
    assert!(
        profiles.len() >= 15,
        "only {} provider profiles",
        profiles.len()
    );
    let mut ids = BTreeSet::new();
    for (path, _, p) in &profiles {
        let name = path.file_name().unwrap().to_string_lossy();
        assert_eq!(
            name,
            format!("{}.yaml", p.id),
            "file name must be <id>.yaml"
        );
        assert!(ids.insert(p.id.clone()), "duplicate id {}", p.id);
        assert_eq!(p.kind, "provider", "{name}");
        assert_eq!(p.schema_version, 1, "{name}");
        assert!(p.example_data, "{name}: example_data must be true");
        assert_eq!(
            p.compiled.map(|d| d.to_string()).as_deref(),
            Some(COMPILED),
            "{name}"
        );
        assert!(!p.name.trim().is_empty(), "{name}: empty name");
        assert!(!p.sources.is_empty(), "{name}: no sources");
        assert!(!p.gaps.is_empty(), "{name}: no gaps listed");
        for s in &p.sources {
            assert!(
                s.starts_with("http"),
                "{name}: source `{s}` is not an address"
            );
        }
    }
}

#[test]
fn every_profile_opens_with_the_example_comment_and_schema_line() {
    for (path, file, _) in all_profiles() {
        let name = path.display();
        let head: Vec<&str> = file
            .text
            .lines()
            .take_while(|l| l.starts_with('#'))
            .collect();
        let joined = head.join("\n");
        assert!(
            joined.contains("EXAMPLE DATA"),
            "{name}: no example-data comment"
        );
        assert!(joined.contains(COMPILED), "{name}: comment lacks the date");
        assert!(
            joined.contains("verified"),
            "{name}: comment lacks the verify warning"
        );
        assert!(head.contains(&SCHEMA_LINE), "{name}: no schema line");
    }
}

/// `NO` (Norway) unquoted is the boolean false to YAML 1.1 readers (editors, Python);
/// the files must read the same everywhere.
#[test]
fn norway_is_quoted() {
    for (path, file, _) in all_profiles() {
        for (i, line) in file.text.lines().enumerate() {
            let t = line.trim_end();
            assert!(
                !(t.ends_with(": NO")
                    || t.ends_with("- NO")
                    || t.contains("[NO")
                    || t.contains(" NO,")
                    || t.contains(" NO]")),
                "{}:{}: write 'NO' in quotes",
                path.display(),
                i + 1
            );
        }
    }
}

/// Confidence levels of the reference and the evidence status they allow.
fn allowed_status(confidence: &str) -> &'static [&'static str] {
    match confidence {
        "primary" | "secondary" | "mirror" => &["self_declared"],
        "third_party" => &["third_party"],
        "keyword_probe" => &["keyword_probe"],
        // A weak source: its status says who made the statement.
        "low" => &["self_declared", "third_party"],
        other => panic!("unknown confidence `{other}`"),
    }
}

/// Walks the normalised JSON form and checks every object that carries provenance.
fn check_provenance(v: &Value, at: &str, file: &str, count: &mut usize) {
    match v {
        Value::Object(m) => {
            if let Some(status) = m.get("status").and_then(Value::as_str) {
                *count += 1;
                assert_ne!(
                    status, "verified",
                    "{file}{at}: nothing in the examples is verified"
                );
                let source = m.get("source").and_then(Value::as_str);
                assert!(
                    source.is_some_and(|s| s.starts_with("http")),
                    "{file}{at}: a fact with a status needs a source address"
                );
                let confidence = m
                    .get("confidence")
                    .and_then(Value::as_str)
                    .unwrap_or_else(|| panic!("{file}{at}: status without confidence"));
                assert!(
                    allowed_status(confidence).contains(&status),
                    "{file}{at}: confidence {confidence} does not allow status {status}"
                );
                if let Some(as_of) = m.get("as_of").and_then(Value::as_str) {
                    assert!(
                        as_of <= COMPILED,
                        "{file}{at}: as_of {as_of} after the compile date"
                    );
                }
            }
            for (k, x) in m {
                check_provenance(x, &format!("{at}/{k}"), file, count);
            }
        }
        Value::Array(a) => {
            for (i, x) in a.iter().enumerate() {
                check_provenance(x, &format!("{at}/{i}"), file, count);
            }
        }
        _ => {}
    }
}

#[test]
fn facts_keep_source_and_confidence_and_are_never_verified() {
    for (path, _, p) in all_profiles() {
        let file = path.file_name().unwrap().to_string_lossy().into_owned();
        let json = serde_json::to_value(&p).expect("profile serialises");
        let mut count = 0;
        check_provenance(&json, "", &file, &mut count);
        // A profile whose reference has nothing placeable (no region, no contract fact)
        // keeps its figures in `notes`, with their addresses.
        assert!(
            count > 0 || p.notes.as_deref().is_some_and(|n| n.contains("https://")),
            "{file}: no sourced fact at all"
        );
    }
}

fn collect_sources(v: &Value, out: &mut BTreeSet<String>) {
    match v {
        Value::Object(m) => {
            if let Some(s) = m.get("source").and_then(Value::as_str) {
                out.insert(s.to_string());
            }
            m.values().for_each(|x| collect_sources(x, out));
        }
        Value::Array(a) => a.iter().for_each(|x| collect_sources(x, out)),
        _ => {}
    }
}

#[test]
fn every_cited_address_is_in_the_sources_list() {
    for (path, _, p) in all_profiles() {
        let file = path.file_name().unwrap().to_string_lossy().into_owned();
        let mut cited = BTreeSet::new();
        collect_sources(&serde_json::to_value(&p).unwrap(), &mut cited);
        for s in cited {
            assert!(
                p.sources.contains(&s),
                "{file}: `{s}` is cited but not in `sources`"
            );
        }
    }
}

#[test]
fn offers_refer_to_known_gpus_and_declared_regions() {
    let mut total_offers = 0;
    for (path, _, p) in all_profiles() {
        let file = path.file_name().unwrap().to_string_lossy().into_owned();
        let mut region_ids = BTreeSet::new();
        for r in &p.regions {
            assert!(
                region_ids.insert(r.id.as_str()),
                "{file}: region {} twice",
                r.id
            );
            assert!(
                r.country.len() == 2 && r.country.chars().all(|c| c.is_ascii_uppercase()),
                "{file}: region {} country `{}`",
                r.id,
                r.country
            );
            assert!(
                r.provenance.source.is_some(),
                "{file}: region {} unsourced",
                r.id
            );
            if let Some(models) = r.gpu_models.get() {
                for m in models {
                    assert!(
                        gpu_model(m).is_some(),
                        "{file}: region {}: unknown GPU {m}",
                        r.id
                    );
                }
            }
        }
        let mut offer_ids = BTreeSet::new();
        for o in &p.offers {
            total_offers += 1;
            assert!(
                offer_ids.insert(o.id.as_str()),
                "{file}: offer {} twice",
                o.id
            );
            assert!(
                region_ids.contains(o.region.as_str()),
                "{file}: offer {} refers to undeclared region {}",
                o.id,
                o.region
            );
            assert!(
                gpu_model(&o.gpu_model).is_some(),
                "{file}: offer {}: unknown GPU {}",
                o.id,
                o.gpu_model
            );
            assert!(o.gpus_per_instance > 0, "{file}: offer {}", o.id);
            assert!(
                o.price_on_demand.is_some()
                    || o.price_spot.is_some()
                    || !o.price_reserved.is_empty(),
                "{file}: offer {} has no price",
                o.id
            );
            for price in [o.price_on_demand, o.price_spot].into_iter().flatten() {
                assert!(price.is_positive(), "{file}: offer {}: price {price}", o.id);
            }
            assert!(
                o.provenance.source.is_some(),
                "{file}: offer {} unsourced",
                o.id
            );
            // The region's GPU list, where known, includes the offer's GPU.
            if let Some(r) = p.regions.iter().find(|r| r.id == o.region) {
                if let Some(models) = r.gpu_models.get() {
                    assert!(
                        models.contains(&o.gpu_model),
                        "{file}: region {} lacks offer {}'s GPU {}",
                        r.id,
                        o.id,
                        o.gpu_model
                    );
                }
            }
        }
        assert!(
            p.offers.len() <= 30,
            "{file}: {} offers is a dump",
            p.offers.len()
        );
        if let Some(e) = &p.egress {
            assert!(!e.tiers.is_empty(), "{file}: egress without tiers");
            let last = e.tiers.last().unwrap();
            assert!(
                last.up_to_gb.is_none(),
                "{file}: last egress tier must be unbounded"
            );
            assert!(e.provenance.source.is_some(), "{file}: egress unsourced");
        }
    }
    assert!(total_offers > 0);
}

#[test]
fn embedded_catalogue_matches_the_files() {
    let embedded: BTreeSet<String> = cloudvet::embedded::files_under("providers")
        .map(|(p, _)| p.to_string())
        .collect();
    let on_disk: BTreeSet<String> = provider_files()
        .iter()
        .map(|p| format!("providers/{}", p.file_name().unwrap().to_string_lossy()))
        .collect();
    assert_eq!(embedded, on_disk);
}
