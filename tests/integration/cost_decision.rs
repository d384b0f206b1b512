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
