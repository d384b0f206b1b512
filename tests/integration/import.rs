//! `cloudvet import skypilot`: the excerpt fixtures of the three real catalogue
//! files (tests/fixtures/skypilot/, rows copied unchanged, CRLF kept), a merge
//! into a shipped profile, and every import diagnostic. The whole files are
//! checked by `.ci/run` (scripts/import-skypilot-check.sh).

use std::path::{Path, PathBuf};

use serde_json::Value;
use sha2::{Digest, Sha256};

use crate::common::{cloudvet, fixture, root, temp_dir, validate_json};

fn excerpt(cloud: &str) -> PathBuf {
    fixture(&format!("skypilot/{cloud}-vms.csv"))
}

fn s(p: &Path) -> String {
    p.display().to_string()
}

/// Runs the import; returns (exit code, stdout, stderr).
fn import(args: &[&str]) -> (i32, String, String) {
    let mut all = vec!["import", "skypilot"];
    all.extend_from_slice(args);
    let out = cloudvet(&all);
    (
        out.status.code().unwrap_or(-1),
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

/// The profile as JSON.
fn profile(path: &Path) -> Value {
    let text = std::fs::read_to_string(path).expect("profile written");
    serde_yaml::from_str(&text).expect("profile is YAML")
}

fn offer<'a>(p: &'a Value, instance_type: &str, region: &str) -> &'a Value {
    p["offers"]
        .as_array()
        .unwrap()
        .iter()
        .find(|o| o["instance_type"] == instance_type && o["region"] == region)
        .unwrap_or_else(|| panic!("no offer {instance_type} in {region}"))
}

fn sha256(path: &Path) -> String {
    let bytes = std::fs::read(path).unwrap();
    Sha256::digest(&bytes)
        .iter()
        .map(|b| format!("{b:02x}"))
        .collect()
}

#[test]
fn lambda_excerpt_new_profile_counts_a_checked_row_and_the_unknown_accelerator() {
    let dir = temp_dir("import-lambda");
    let out = dir.join("lambda.yaml");
    let (code, stdout, stderr) = import(&[
        &s(&excerpt("lambda")),
        "--out",
        &s(&out),
        "--commit",
        "0f4070387edc953d7004cff197940e1918a1d6aa",
        "--date",
        "2026-11-30",
    ]);
    assert_eq!(code, 0, "{stdout}\n{stderr}");
    // 8 rows: 1 CPU row, one row in europe-south-1 (no country), 6 offers.
    assert!(
        stdout.contains("8 rows — 6 offers read; rows left out: 1; rows without a GPU: 1"),
        "{stdout}"
    );
    assert!(
        stderr.contains("warning[region-country-unknown]") && stderr.contains("europe-south-1"),
        "{stderr}"
    );
    let p = profile(&out);
    assert_eq!(p["offers"].as_array().unwrap().len(), 6);
    // Line 3: gpu_8x_v100,V100,8.0,…,'SizeInMiB': 16384 — V100 with 16 GB is in the
    // catalogue now (its source: the same SkyPilot rows).
    let v = offer(&p, "gpu_8x_v100", "europe-central-1");
    assert_eq!(v["gpu_model"], "V100-16GB");
    // An accelerator the catalogue does not know is reported with its line, never guessed.
    let unknown = dir.join("lambda-unknown-vms.csv");
    let text = std::fs::read_to_string(excerpt("lambda")).unwrap();
    let edited = text.replacen("gpu_8x_v100,V100,", "gpu_8x_v100,V999,", 1);
    assert_ne!(edited, text);
    std::fs::write(&unknown, edited).unwrap();
    let (code, stdout, stderr) = import(&[&s(&unknown), "--dry-run", "--cloud", "lambda"]);
    assert_eq!(code, 0, "{stdout}\n{stderr}");
    assert!(
        stdout.contains("8 rows — 5 offers read; rows left out: 2; rows without a GPU: 1"),
        "{stdout}"
    );
    assert!(
        stderr.contains("warning[unplaced-accelerator]") && stderr.contains("`V999`"),
        "{stderr}"
    );
    assert!(stderr.contains("lambda-unknown-vms.csv:3:1"), "{stderr}");
    // Hand-checked against line 6 of the excerpt (line 172 upstream):
    // gpu_1x_a100_sxm4,A100,1.0,30.0,200.0,1.99,europe-central-1,"{… 'SizeInMiB': 40960 …}",
    let o = offer(&p, "gpu_1x_a100_sxm4", "europe-central-1");
    assert_eq!(o["gpu_model"], "A100-SXM-40GB");
    assert_eq!(o["gpus_per_instance"], 1);
    assert_eq!(o["price_on_demand"].as_f64(), Some(1.99));
    assert!(o.get("price_spot").is_none());
    assert_eq!(o["currency"], "USD");
    assert_eq!(o["as_of"], "2026-11-30");
    assert_eq!(o["imported_from"]["rows"], serde_json::json!([6]));
    assert_eq!(o["imported_from"]["sha256"], sha256(&excerpt("lambda")));
    assert_eq!(
        o["imported_from"]["commit"],
        "0f4070387edc953d7004cff197940e1918a1d6aa"
    );
    assert_eq!(o["source"], "https://github.com/skypilot-org/skypilot-catalog/blob/0f4070387edc953d7004cff197940e1918a1d6aa/catalogs/v8/lambda/vms.csv");
    // The generic name without a form factor stays generic; the instance name settles the others.
    assert_eq!(
        offer(&p, "gpu_8x_a100", "europe-central-1")["gpu_model"],
        "A100-40GB"
    );
    assert_eq!(
        offer(&p, "gpu_1x_h100_pcie", "europe-central-1")["gpu_model"],
        "H100-PCIe"
    );
    let h = offer(&p, "gpu_8x_h100_sxm5", "europe-central-1");
    assert_eq!(
        (h["gpu_model"].as_str(), h["gpus_per_instance"].as_u64()),
        (Some("H100-SXM"), Some(8))
    );
    // The region is added with its country and the table's source.
    let r = &p["regions"][0];
    assert_eq!(
        (r["id"].as_str(), r["country"].as_str()),
        (Some("europe-central-1"), Some("DE"))
    );
    assert!(r["source"].as_str().unwrap().contains("skypilot-catalog"));
    let (status, diags) = validate_json(&out);
    assert_eq!(status, 0, "{diags:?}");
}

#[test]
fn nebius_and_verda_excerpts_into_a_folder() {
    let dir = temp_dir("import-two");
    let v = dir.join("verda-vms.csv");
    std::fs::copy(excerpt("verda"), &v).unwrap();
    let (code, stdout, stderr) = import(&[&s(&excerpt("nebius")), &s(&v), "--out", &s(&dir)]);
    assert_eq!(code, 0, "{stdout}\n{stderr}");
    assert!(
        stdout.contains("6 rows — 5 offers read; rows left out: 0; rows without a GPU: 1"),
        "{stdout}"
    );
    assert!(
        stdout.contains("6 rows — 5 offers read; rows left out: 0; rows without a GPU: 1"),
        "{stdout}"
    );
    // B300 (Verda 268,288 MiB, MLPerf 270 GB) is in the catalogue now.
    assert!(!stderr.contains("`B300`"), "{stderr}");
    let n = profile(&dir.join("nebius.yaml"));
    // Line 3 of the excerpt (43 upstream): gpu-h100-sxm_8gpu-128vcpu-1600gb,H100,8,…,23.60,eu-north1,…,10.00
    let o = offer(&n, "gpu-h100-sxm_8gpu-128vcpu-1600gb", "eu-north1");
    assert_eq!(o["gpu_model"], "H100-SXM");
    assert_eq!(o["gpus_per_instance"], 8);
    assert_eq!(o["price_on_demand"].as_f64(), Some(23.6));
    assert_eq!(o["price_spot"].as_f64(), Some(10.0));
    let countries: Vec<(&str, &str)> = n["regions"]
        .as_array()
        .unwrap()
        .iter()
        .map(|r| (r["id"].as_str().unwrap(), r["country"].as_str().unwrap()))
        .collect();
    assert_eq!(
        countries,
        [
            ("eu-north1", "FI"),
            ("eu-west1", "FR"),
            ("us-central1", "US")
        ]
    );
    let vd = profile(&dir.join("verda.yaml"));
    assert_eq!(offer(&vd, "1B300.30V", "FIN-03")["gpu_model"], "B300");
    // Line 3 of the excerpt (6 upstream): 2B200.60V,…,B200,2.0,…,FIN-03,,3.423 — spot only.
    let o = offer(&vd, "2B200.60V", "FIN-03");
    assert_eq!(o["gpu_model"], "B200");
    assert_eq!(o["gpus_per_instance"], 2);
    assert!(o.get("price_on_demand").is_none());
    assert_eq!(o["price_spot"].as_f64(), Some(3.423));
    assert!(o["note"].as_str().unwrap().contains("spot only"));
    let (status, diags) = validate_json(&dir);
    assert_eq!(status, 0, "{diags:?}");
}

#[test]
fn region_country_filter() {
    let (code, stdout, stderr) = import(&[
        &s(&excerpt("nebius")),
        "--region-country",
        "EU",
        "--dry-run",
    ]);
    assert_eq!(code, 0, "{stderr}");
    // us-central1 (B200) is outside the EU; eu-north1 and eu-west1 stay.
    assert!(stdout.contains("4 offers read"), "{stdout}");
    assert!(
        stdout.contains("1 GPU rows outside --region-country EU"),
        "{stdout}"
    );
    let (code, _, stderr) = import(&[
        &s(&excerpt("nebius")),
        "--region-country",
        "UK",
        "--dry-run",
    ]);
    assert_eq!(code, 2);
    assert!(
        stderr.contains("invalid-country-filter") && stderr.contains("`GB`"),
        "{stderr}"
    );
}

/// A copy of the shipped Verda profile, refreshed from a changed excerpt: one
/// price changed, offers the excerpt does not list removed, every other fact and
/// the comments kept; `validate` passes and `diff` names the change.
#[test]
fn merge_into_a_shipped_profile_keeps_every_other_fact() {
    let dir = temp_dir("import-merge");
    std::fs::create_dir_all(dir.join("old")).unwrap();
    let old = dir.join("old/verda.yaml");
    let new = dir.join("verda.yaml");
    std::fs::copy(root().join("providers/verda.yaml"), &old).unwrap();
    std::fs::copy(&old, &new).unwrap();
    let text = std::fs::read_to_string(excerpt("verda")).unwrap();
    // 1H100.80S.32V FIN-02: 2.29 → 2.49.
    let changed = text.replacen(",FIN-02,2.29,", ",FIN-02,2.49,", 1);
    assert_ne!(changed, text);
    let csv = dir.join("verda-vms.csv");
    std::fs::write(&csv, changed).unwrap();
    let (code, stdout, stderr) = import(&[
        &s(&csv),
        "--into",
        &s(&new),
        "--commit",
        "000c1d0bf24621f4ac37cfa585f0897c1aa1d9cf",
    ]);
    assert_eq!(code, 0, "{stdout}\n{stderr}");
    assert!(
        stdout.contains("changed 1h100-80s-32v-fin-02: price_on_demand 2.29 → 2.49"),
        "{stdout}"
    );
    assert!(stdout.contains("removed 1a100-22v-fin-01"), "{stdout}");
    assert!(stdout.contains("offers: 2 added, 1 changed"), "{stdout}");
    let before = profile(&old);
    let after = profile(&new);
    for (k, v) in before.as_object().unwrap() {
        if !["regions", "offers", "sources"].contains(&k.as_str()) {
            assert_eq!(&after[k], v, "{k} changed");
        }
    }
    // Comments and the top of the file are kept byte for byte.
    let head = |p: &Path| {
        std::fs::read_to_string(p)
            .unwrap()
            .lines()
            .take_while(|l| !l.starts_with("regions:"))
            .map(String::from)
            .collect::<Vec<_>>()
    };
    assert_eq!(head(&old), head(&new));
    let (status, diags) = validate_json(&new);
    assert_eq!(status, 0, "{diags:?}");
    let out = cloudvet(&["diff", &s(&old), &s(&new)]);
    let d = String::from_utf8_lossy(&out.stdout);
    assert_eq!(out.status.code(), Some(0), "{d}");
    assert!(
        d.contains("1h100-80s-32v-fin-02") && d.contains("2.49"),
        "{d}"
    );
    assert!(d.contains("1a100-22v-fin-01"), "{d}");
    // A second run with the same file changes no price.
    let (code, stdout, _) = import(&[&s(&csv), "--into", &s(&new), "--dry-run"]);
    assert_eq!(code, 0);
    assert!(stdout.contains("0 added, 0 changed, 0 removed"), "{stdout}");
}

#[test]
fn an_offer_from_another_source_is_kept() {
    let dir = temp_dir("import-other");
    let p = dir.join("verda.yaml");
    let text = std::fs::read_to_string(root().join("providers/verda.yaml")).unwrap();
    // The first offer now comes from the provider's own page.
    let mine = text.replacen(
        "    source: https://github.com/skypilot-org/skypilot-catalog/blob/000c1d0bf24621f4ac37cfa585f0897c1aa1d9cf/catalogs/v8/verda/vms.csv\n    status: third_party\n    confidence: third_party\n    note: \"SkyPilot catalog v8 (commit 000c1d0bf246, read 2026-11-30; commit date not known), catalog accelerator name H100",
        "    source: https://verda.com/pricing\n    status: self_declared\n    confidence: primary\n    note: \"own page; catalog accelerator name H100",
        1,
    );
    assert_ne!(mine, text);
    std::fs::write(&p, mine).unwrap();
    let (code, stdout, stderr) = import(&[&s(&excerpt("verda")), "--into", &s(&p), "--dry-run"]);
    assert_eq!(code, 0, "{stderr}");
    assert!(stdout.contains("another source"), "{stdout}");
}

fn write(dir: &Path, name: &str, text: &str) -> String {
    let p = dir.join(name);
    std::fs::write(&p, text).unwrap();
    s(&p)
}

/// Every import code, and every bad row of a file in one run.
#[test]
fn import_codes() {
    let dir = temp_dir("import-codes");
    let head = "InstanceType,AcceleratorName,AcceleratorCount,Price,Region,SpotPrice\r\n";
    let bad_rows = write(
        &dir,
        "lambda-vms.csv",
        &format!("{head}gpu_1x_h100_pcie,H100,1.0,\"3,29\",us-east-1,\r\ngpu_2x,H100,2.5,1,us-east-1,\r\nx,H100,1,1\r\n"),
    );
    let (code, _, stderr) = import(&[&bad_rows, "--dry-run"]);
    assert_eq!(code, 2, "{stderr}");
    assert_eq!(
        stderr.matches("error[catalogue-row]").count(),
        3,
        "{stderr}"
    );
    assert!(
        stderr.contains("lambda-vms.csv:2:1") && stderr.contains("lambda-vms.csv:4:1"),
        "{stderr}"
    );

    let cases: Vec<(Vec<String>, &str)> = vec![
        (
            vec![write(&dir, "nebius-vms.csv", "Name,Price\r\nx,1\r\n")],
            "catalogue-columns",
        ),
        (vec![write(&dir, "prices.csv", head)], "catalogue-cloud"),
        (
            vec![{
                let p = dir.join("verda-vms.csv");
                std::fs::write(&p, b"InstanceType,\xff\xfe\r\n").unwrap();
                s(&p)
            }],
            "catalogue-unreadable",
        ),
        (
            vec![
                s(&excerpt("nebius")),
                "--region-map".into(),
                write(
                    &dir,
                    "map.csv",
                    "cloud,region,country,source,as_of\nnebius,eu-north1,FI,,2026-01-01\n",
                ),
            ],
            "region-map-invalid",
        ),
        (
            vec![
                s(&excerpt("nebius")),
                "--into".into(),
                write(
                    &dir,
                    "nebius.yaml",
                    "kind: provider\nschema_version: 1\nid: nebius\n",
                ),
            ],
            "import-target",
        ),
        (vec![s(&excerpt("nebius"))], "import-target"),
    ];
    for (args, expect) in cases {
        let mut a: Vec<&str> = args.iter().map(String::as_str).collect();
        if expect != "import-target" || a.len() > 1 {
            a.push("--dry-run");
        }
        let (code, _, stderr) = import(&a);
        assert_eq!(code, 2, "{expect}: {stderr}");
        assert!(
            stderr.contains(&format!("error[{expect}]")),
            "{expect}: {stderr}"
        );
    }
}

#[test]
fn german_summary() {
    let out = cloudvet(&[
        "--lang",
        "de",
        "import",
        "skypilot",
        &s(&excerpt("nebius")),
        "--dry-run",
    ]);
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(
        text.contains("Angebote gelesen") && text.contains("Probelauf"),
        "{text}"
    );
}
