//! Cost belongs to the decision (issue 13 item 5): `cost` ranks only offers that
//! qualify under the requirements, and one offer has one comparable total in `cost`,
//! `cost --eligible-only` (the report costs through the same `pipeline::cost_with`).

use crate::common::{cloudvet, temp_dir};

fn de_only_requirements() -> std::path::PathBuf {
    let dir = temp_dir("de-only");
    let text =
        std::fs::read_to_string(crate::common::root().join("docs/examples/requirements.yaml"))
            .unwrap();
    let v: serde_yaml::Value = serde_yaml::from_str(&text).unwrap();
    let mut v = v;
    v["locations"]["allowed_countries"] = serde_yaml::from_str("[DE]").unwrap();
    v["locations"]["allow_eea"] = false.into();
    let path = dir.join("requirements.yaml");
    std::fs::write(&path, serde_yaml::to_string(&v).unwrap()).unwrap();
    path
}

fn cost_json(args: &[&str]) -> serde_json::Value {
    let mut a = vec![
        "cost",
        "--format",
        "json",
        "--no-rent-vs-buy",
        "--as-of",
        "2026-12-01",
    ];
    a.extend_from_slice(args);
    let o = cloudvet(&a);
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    serde_json::from_slice(&o.stdout).unwrap()
}

/// The country of every ranked offer, from the providers' profiles.
fn ranked_countries(c: &serde_json::Value) -> Vec<(String, String)> {
    let (profiles, _) = cloudvet::validate::embedded_providers();
    c["offers"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|o| !o["rank"].is_null())
        .map(|o| {
            let p = profiles
                .iter()
                .find(|p| p.value.id == o["provider_id"].as_str().unwrap())
                .unwrap();
            let offer = p
                .value
                .offers
                .iter()
                .find(|x| x.id == o["offer_id"].as_str().unwrap())
                .unwrap();
            let country = p
                .value
                .regions
                .iter()
                .find(|r| r.id == offer.region)
                .map(|r| r.country.clone())
                .unwrap_or_default();
            (offer.id.clone(), country)
        })
        .collect()
}

#[test]
fn a_de_only_requirement_never_ranks_a_non_de_offer_in_cost() {
    let req = de_only_requirements();
    let req = req.to_str().unwrap();
    for extra in [
        &[][..],
        &["--eligible-only"][..],
        &["--show-not-qualifying"][..],
    ] {
        let mut args = vec!["--requirements", req];
        args.extend_from_slice(extra);
        let c = cost_json(&args);
        let ranked = ranked_countries(&c);
        for (offer, country) in &ranked {
            assert_eq!(
                country, "DE",
                "{offer} ranked under a DE-only requirement ({extra:?})"
            );
        }
        assert!(c["not_qualifying_count"].as_u64().unwrap_or(0) > 0);
    }
    // The flag lists the others, marked, and none of them is ranked.
    let c = cost_json(&["--requirements", req, "--show-not-qualifying"]);
    let left = c["not_qualifying"].as_array().expect("listed");
    assert!(left.iter().any(|o| o["country"] != "DE"));
    let ranked: Vec<String> = ranked_countries(&c).into_iter().map(|(o, _)| o).collect();
    for o in left {
        assert!(o["verdict"] != "qualifies");
        assert!(!ranked.contains(&o["offer"].as_str().unwrap().to_string()));
    }
}

#[test]
fn one_offer_has_one_comparable_total_with_and_without_eligible_only() {
    let all = cost_json(&[]);
    let eligible = cost_json(&["--eligible-only"]);
    let total = |c: &serde_json::Value, offer: &str| -> Option<serde_json::Value> {
        c["offers"]
            .as_array()
            .unwrap()
            .iter()
            .find(|o| o["offer_id"] == offer)
            .map(|o| o["comparable"]["total"].clone())
            .filter(|t| !t.is_null())
    };
    let mut compared = 0;
    for o in eligible["offers"].as_array().unwrap() {
        let id = o["offer_id"].as_str().unwrap();
        if let (Some(a), Some(b)) = (total(&all, id), total(&eligible, id)) {
            assert_eq!(a, b, "{id}: cost and cost --eligible-only differ");
            compared += 1;
        }
    }
    assert!(compared > 0, "no offer compared");
}

/// A small procurement folder: the example requirements (EU/EEA, H100/H200 class, 8 GPUs
/// per instance) and workload, and the given provider profiles.
fn folder(name: &str, providers: &[(&str, &str)]) -> std::path::PathBuf {
    let dir = temp_dir(name);
    let root = crate::common::root();
    std::fs::copy(
        root.join("docs/examples/requirements.yaml"),
        dir.join("requirements.yaml"),
    )
    .unwrap();
    std::fs::copy(
        root.join("docs/examples/workload.yaml"),
        dir.join("workload.yaml"),
    )
    .unwrap();
    std::fs::create_dir_all(dir.join("providers")).unwrap();
    for (id, text) in providers {
        std::fs::write(dir.join("providers").join(format!("{id}.yaml")), text).unwrap();
    }
    dir
}

/// A provider profile with one region in Germany and the given offers (YAML list items),
/// storage and egress (YAML blocks, or empty) and extra top-level YAML.
fn provider(id: &str, offers: &str, side: &str, extra: &str) -> String {
    format!(
        "kind: provider\nschema_version: 1\nid: {id}\nname: {id} cloud\nregions:\n  - id: fra\n    country: DE\noffers:\n{offers}{side}{extra}"
    )
}

fn offer(id: &str, gpu: &str, gpus: u32, price: &str) -> String {
    format!(
        "  - id: {id}\n    region: fra\n    gpu_model: {gpu}\n    gpus_per_instance: {gpus}\n    currency: EUR\n    price_on_demand: {price}\n    billing_increment_seconds: 1\n    minimum_billed_seconds: 0\n    minimum_term_months: 0\n"
    )
}

const STORAGE: &str = "storage:\n  currency: EUR\n  price_per_gb_month: 0.05\n";
const EGRESS: &str =
    "egress:\n  currency: EUR\n  free_gb_per_month: 0\n  tiers:\n    - {price_per_gb: 0.01}\n";

fn run(dir: &std::path::Path, args: &[&str]) -> String {
    let p = |f: &str| dir.join(f).display().to_string();
    let (providers, requirements, workload) =
        (p("providers"), p("requirements.yaml"), p("workload.yaml"));
    let mut a: Vec<&str> = args.to_vec();
    a.extend([
        "--providers",
        &providers,
        "--requirements",
        &requirements,
        "--workload",
        &workload,
        "--as-of",
        "2026-12-01",
    ]);
    let o = cloudvet(&a);
    assert!(
        o.status.success(),
        "{args:?}: {}",
        String::from_utf8_lossy(&o.stderr)
    );
    String::from_utf8(o.stdout).unwrap()
}

fn report_json(dir: &std::path::Path, name: &str) -> (serde_json::Value, std::path::PathBuf) {
    let out = temp_dir(name);
    let o = out.display().to_string();
    run(dir, &["report", "--out", &o]);
    let v: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(out.join("report.json")).unwrap()).unwrap();
    (v, out)
}

/// Every `"comparable": {"total": …}` of an offer in `cost --format json`.
fn comparable_totals(c: &serde_json::Value) -> Vec<(String, f64)> {
    c["offers"]
        .as_array()
        .unwrap()
        .iter()
        .filter_map(|o| {
            let t = o["comparable"]["total"].as_f64()?;
            Some((
                format!("{}/{}", o["provider_id"].as_str()?, o["offer_id"].as_str()?),
                t,
            ))
        })
        .collect()
}

/// Issue 13 item 5: one definition of the comparable total. The items it holds are
/// chosen over the qualifying offers of every provider given, so leaving a provider out
/// (not eligible) does not change another offer's figure. Here the excluded provider
/// `cee` states no storage price; before, `--eligible-only` and the report included
/// storage for `ay` and gave it a different comparable total than `cost`.
#[test]
fn one_offer_has_one_comparable_total_in_every_command_and_format() {
    let dir = folder(
        "one-total",
        &[
            (
                "ay",
                &provider("ay", &offer("h100x8", "H100-SXM", 8, "20.00"), STORAGE, ""),
            ),
            (
                "bee",
                &provider(
                    "bee",
                    &offer("h100x8", "H100-SXM", 8, "22.00"),
                    &format!("{STORAGE}{EGRESS}"),
                    "",
                ),
            ),
            (
                "cee",
                &provider(
                    "cee",
                    &offer("h100x8", "H100-SXM", 8, "18.00"),
                    EGRESS,
                    "dpa:\n  available:\n    value: false\n    source: https://example.org/cee\n    as_of: 2026-01-01\n",
                ),
            ),
        ],
    );
    let all: serde_json::Value = serde_json::from_str(&run(
        &dir,
        &["cost", "--format", "json", "--no-rent-vs-buy"],
    ))
    .unwrap();
    let eligible: serde_json::Value = serde_json::from_str(&run(
        &dir,
        &[
            "cost",
            "--format",
            "json",
            "--no-rent-vs-buy",
            "--eligible-only",
        ],
    ))
    .unwrap();
    let totals = comparable_totals(&all);
    let ay = totals
        .iter()
        .find(|(o, _)| o == "ay/h100x8")
        .map(|(_, t)| *t)
        .expect("ay is ranked");
    // `cee` is excluded by the assessment (it offers no DPA), so --eligible-only leaves it out …
    assert!(eligible["offers"]
        .as_array()
        .unwrap()
        .iter()
        .all(|o| o["provider_id"] != "cee"));
    // … and every offer it shows has the same comparable total as in `cost`.
    let shown = comparable_totals(&eligible);
    assert!(!shown.is_empty());
    for (offer, total) in &shown {
        let same = totals.iter().find(|(o, _)| o == offer).map(|(_, t)| t);
        assert_eq!(
            same,
            Some(total),
            "{offer}: cost and cost --eligible-only differ"
        );
    }
    // The CSV and the human table show the same figure.
    let csv = run(&dir, &["cost", "--format", "csv", "--no-rent-vs-buy"]);
    let mut rdr = csv::Reader::from_reader(csv.as_bytes());
    let head = rdr.headers().unwrap().clone();
    let col = |n: &str| head.iter().position(|h| h == n).unwrap();
    let row = rdr
        .records()
        .map(Result::unwrap)
        .find(|r| &r[col("provider_id")] == "ay")
        .unwrap();
    assert_eq!(row[col("comparable_total")].parse::<f64>().unwrap(), ay);
    let human = run(&dir, &["cost", "--no-rent-vs-buy"]);
    let money = |t: f64| {
        let d: rust_decimal::Decimal = format!("{t:.2}").parse().unwrap();
        cloudvet::render::cost::money(d)
    };
    let line = human.lines().find(|l| l.contains("ay/h100x8")).unwrap();
    assert!(line.contains(&money(ay)), "{line}");
    // The report (JSON, Markdown, CSV of the cost) shows `ay` (no complete total: no
    // egress price) at the same comparable total.
    let (report, out) = report_json(&dir, "one-total-report");
    let row = report["shortlist"]
        .as_array()
        .unwrap()
        .iter()
        .find(|r| r["provider_id"] == "ay")
        .unwrap();
    let amount = row["cost_comparable"]["amount"].as_f64().unwrap();
    assert_eq!(amount, ay, "report shortlist");
    let md = std::fs::read_to_string(out.join("annex-procurement.md")).unwrap();
    assert!(
        md.contains(&format!("€{}", money(ay))),
        "annex-procurement.md"
    );
    let html = std::fs::read_to_string(out.join("annex-procurement.html")).unwrap();
    assert!(
        html.contains(&format!("€{}", money(ay))),
        "annex-procurement.html"
    );
    let mut rdr = csv::Reader::from_path(out.join("cost.csv")).unwrap();
    let head = rdr.headers().unwrap().clone();
    let col = |n: &str| head.iter().position(|h| h == n).unwrap();
    let row = rdr
        .records()
        .map(Result::unwrap)
        .find(|r| &r[col("provider_id")] == "ay")
        .unwrap();
    assert_eq!(
        row[col("comparable_total")].parse::<f64>().unwrap(),
        ay,
        "the report's cost.csv"
    );
}

/// Issue 13 item 5: the budget advice is for the recommended (or leading) provider's
/// best qualifying offer, and names it — not the cheapest offer of another provider.
#[test]
fn the_budget_advice_names_the_recommended_offer() {
    // `cheapco` has the cheapest offer but no known facts: it stays eligible (open
    // must-haves are kept) and ranks low in the assessment.
    let dir = folder(
        "budget-leader",
        &[(
            "cheapco",
            &provider("cheapco", &offer("h100x8", "H100-SXM", 8, "0.50"), "", ""),
        )],
    );
    // The shipped providers as well.
    for e in std::fs::read_dir(crate::common::root().join("providers")).unwrap() {
        let e = e.unwrap();
        std::fs::copy(e.path(), dir.join("providers").join(e.file_name())).unwrap();
    }
    let cost: serde_json::Value = serde_json::from_str(&run(
        &dir,
        &["cost", "--format", "json", "--no-rent-vs-buy"],
    ))
    .unwrap();
    let first = &cost["offers"][0];
    assert_eq!(
        first["provider_id"], "cheapco",
        "cheapco is the cheapest offer"
    );
    // Without an assessment, `cost` plans on the cheapest ranked offer, and says so.
    assert_eq!(cost["budget"]["chosen"], "cheapest");
    assert_eq!(cost["budget"]["offer"], "cheapco/h100x8");
    let (report, _) = report_json(&dir, "budget-leader-report");
    let rec = &report["summary"]["recommendation"];
    let leader = rec["provider_id"].as_str().unwrap().to_string();
    assert!(!leader.is_empty() && leader != "cheapco", "leader {leader}");
    // The leader's best qualifying offer: its best-ranked one in `cost --eligible-only`.
    let eligible: serde_json::Value = serde_json::from_str(&run(
        &dir,
        &[
            "cost",
            "--format",
            "json",
            "--no-rent-vs-buy",
            "--eligible-only",
        ],
    ))
    .unwrap();
    assert!(matches!(
        eligible["budget"]["chosen"].as_str(),
        Some("recommended" | "leading")
    ));
    let best = eligible["offers"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|o| o["provider_id"] == leader.as_str() && !o["rank"].is_null())
        .min_by_key(|o| o["rank"].as_u64())
        .expect("the leader has a ranked offer");
    let offer_id = best["offer_id"].as_str().unwrap();
    assert_eq!(
        eligible["budget"]["offer"],
        format!("{leader}/{offer_id}"),
        "cost --eligible-only plans on the leader's best offer"
    );
    let detail = &eligible["budget"]["offer_detail"];
    assert_eq!(detail["gpus_per_instance"], best["gpus_per_instance"]);
    assert_eq!(detail["region"], best["region"]);
    assert!(
        detail["country"].is_string(),
        "the offer's country is named"
    );
    // The report's budget names the same offer, and the page-1 cost is that offer's.
    let budget = report["cost"]["budget"]["offer"].as_str().unwrap();
    assert!(
        budget.contains(rec["provider_name"].as_str().unwrap()),
        "{budget}"
    );
    assert!(budget.contains(offer_id), "{budget}");
    assert!(!budget.contains("cheapco"), "{budget}");
    let reasons = rec["reasons"].as_array().unwrap();
    // Management reads the offer by what it is (GPUs, region, country), not by its ID.
    let named = format!(
        "{}× {}, {}, {}",
        detail["gpus_per_instance"],
        best["gpu_model"].as_str().unwrap_or_default(),
        detail["region"].as_str().unwrap_or_default(),
        detail["country"].as_str().unwrap_or_default()
    );
    assert!(
        reasons.iter().any(|r| r.as_str().unwrap().contains(&named)),
        "the cost beside the recommendation names the offer ({named}): {reasons:?}"
    );
    let stop = report["cost"]["budget"]["automatic_stop"]["amount"]
        .as_f64()
        .unwrap();
    let expected = best["totals"]["total"]["amount"]
        .as_f64()
        .or(best["comparable"]["total"].as_f64())
        .unwrap();
    assert_eq!(
        stop, expected,
        "the automatic stop is the leader's offer's total"
    );
}

/// Issue 13 item 5: operation after the job is its own job, on the provider's cheapest
/// offer for the operation's GPU model and count — a one-GPU offer for a one-GPU
/// operation, though the requirements ask for 8 GPUs per instance for training.
#[test]
fn operation_uses_a_matching_smaller_offer_when_one_exists() {
    let offers = format!(
        "{}{}",
        offer("h100x8", "H100-SXM", 8, "24.00"),
        offer("h100x1", "H100-SXM", 1, "3.10")
    );
    let dir = folder(
        "operation",
        &[("opco", &provider("opco", &offers, STORAGE, ""))],
    );
    let c: serde_json::Value = serde_json::from_str(&run(
        &dir,
        &["cost", "--format", "json", "--no-rent-vs-buy"],
    ))
    .unwrap();
    // The 1-GPU offer does not qualify for training (8 GPUs per instance) …
    let ranked: Vec<&str> = c["offers"]
        .as_array()
        .unwrap()
        .iter()
        .map(|o| o["offer_id"].as_str().unwrap())
        .collect();
    assert_eq!(ranked, ["h100x8"]);
    // … but the operation (1 × H100-SXM, 730 h × 6 months) runs on it, and says so.
    let op = &c["operation_offers"][0];
    assert_eq!(op["offer_id"], "h100x1");
    assert_eq!(op["gpus_per_instance"], 1);
    assert_eq!(op["country"], "DE");
    let line = c["offers"][0]["lines"]
        .as_array()
        .unwrap()
        .iter()
        .find(|l| l["item"] == "operation")
        .unwrap();
    // 1 instance × 730 h × 6 months × 3.10 EUR = 13,578.00 EUR.
    assert_eq!(line["amount"]["amount"].as_f64(), Some(13578.0));
    assert!(line["calculation"].as_str().unwrap().contains("h100x1"));
    // The terminal and the report say which offer it used.
    let human = run(&dir, &["cost", "--no-rent-vs-buy"]);
    assert!(
        human.contains("opco: h100x1 (1× H100-SXM, fra, DE)"),
        "{human}"
    );
    let (_, out) = report_json(&dir, "operation-report");
    let md = std::fs::read_to_string(out.join("annex-procurement.md")).unwrap();
    assert!(
        md.contains("h100x1 (1× H100-SXM, fra, DE)"),
        "annex-procurement.md"
    );
    // Without a smaller offer the 8-GPU instance is the only way: whole instances.
    let dir = folder(
        "operation-8",
        &[(
            "opco",
            &provider(
                "opco",
                &offer("h100x8", "H100-SXM", 8, "24.00"),
                STORAGE,
                "",
            ),
        )],
    );
    let c: serde_json::Value = serde_json::from_str(&run(
        &dir,
        &["cost", "--format", "json", "--no-rent-vs-buy"],
    ))
    .unwrap();
    assert_eq!(c["operation_offers"][0]["offer_id"], "h100x8");
}

/// A DE-only requirement never ranks a non-DE offer — in `cost` (every format) and in
/// the report (JSON, the cost CSV).
#[test]
fn a_de_only_requirement_never_ranks_a_non_de_offer_in_the_report() {
    let req = de_only_requirements();
    let req = req.to_str().unwrap();
    let out = temp_dir("de-only-report");
    let o = cloudvet(&[
        "report",
        "--requirements",
        req,
        "--as-of",
        "2026-12-01",
        "--out",
        out.to_str().unwrap(),
    ]);
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    let (profiles, _) = cloudvet::validate::embedded_providers();
    let country = |provider: &str, offer: &str| {
        let p = profiles.iter().find(|p| p.value.id == provider).unwrap();
        let region = &p
            .value
            .offers
            .iter()
            .find(|x| x.id == offer)
            .unwrap()
            .region;
        p.value
            .regions
            .iter()
            .find(|r| &r.id == region)
            .map(|r| r.country.clone())
            .unwrap_or_default()
    };
    let mut rdr = csv::Reader::from_path(out.join("cost.csv")).unwrap();
    let head = rdr.headers().unwrap().clone();
    let col = |n: &str| head.iter().position(|h| h == n).unwrap();
    for r in rdr.records().map(Result::unwrap) {
        if !r[col("rank")].is_empty() {
            assert_eq!(
                country(&r[col("provider_id")], &r[col("offer_id")]),
                "DE",
                "{r:?}"
            );
        }
    }
    // Every format of `cost` as well.
    for format in ["human", "csv"] {
        let o = cloudvet(&[
            "cost",
            "--requirements",
            req,
            "--no-rent-vs-buy",
            "--format",
            format,
        ]);
        assert!(o.status.success());
        let text = String::from_utf8_lossy(&o.stdout);
        for p in &profiles {
            for x in &p.value.offers {
                if country(&p.value.id, &x.id) != "DE" {
                    let id = format!("{}/{}", p.value.id, x.id);
                    let line = if format == "csv" {
                        format!("{},{}", p.value.id, x.id)
                    } else {
                        id.clone()
                    };
                    for l in text.lines().filter(|l| l.contains(&line)) {
                        assert!(
                            l.starts_with('–') || l.starts_with(','),
                            "{format}: {id} shown as ranked: {l}"
                        );
                    }
                }
            }
        }
    }
}

/// The same property over many restrictions, on the embedded defaults (where storage is
/// missing for every provider and egress for Nebius): for random sets of allowed
/// providers, every offer shown has the comparable total it has when every provider is
/// compared. (Before, leaving Nebius out put egress into every other offer's total.)
#[test]
fn restricting_the_providers_never_changes_a_comparable_total() {
    use cloudvet::pipeline::{self, InputPaths, Needs};
    let paths = InputPaths {
        as_of: Some("2026-12-01".into()),
        ..InputPaths::default()
    };
    let needs = Needs {
        rules: false,
        cost: true,
        rent_vs_buy: false,
    };
    let inputs = pipeline::load(&paths, needs).unwrap_or_else(|d| panic!("{d:?}"));
    let all = pipeline::cost(&inputs, None).unwrap().unwrap();
    let total = |c: &cloudvet::cost::CostComparison, p: &str, o: &str| {
        c.offers
            .iter()
            .find(|x| &*x.provider_id == p && x.offer_id == o)
            .and_then(|x| x.comparable.as_ref().map(|k| k.total))
    };
    let ids: Vec<String> = inputs.providers.iter().map(|p| p.id.clone()).collect();
    // A small linear congruential generator: the same subsets every run.
    let mut state: u64 = 20_261_202;
    let mut compared = 0;
    for _ in 0..40 {
        let mut allowed = std::collections::BTreeSet::new();
        for id in &ids {
            state = state
                .wrapping_mul(6_364_136_223_846_793_005)
                .wrapping_add(1_442_695_040_888_963_407);
            if state >> 63 == 1 {
                allowed.insert(id.clone());
            }
        }
        let some = pipeline::cost(&inputs, Some(&allowed)).unwrap().unwrap();
        for o in &some.offers {
            assert!(allowed.contains(&*o.provider_id));
            if let Some(t) = o.comparable.as_ref().map(|k| k.total) {
                assert_eq!(
                    Some(t),
                    total(&all, &o.provider_id, &o.offer_id),
                    "{}/{} with {allowed:?}",
                    o.provider_id,
                    o.offer_id
                );
                compared += 1;
            }
        }
    }
    assert!(compared > 20, "only {compared} offers compared");
}
