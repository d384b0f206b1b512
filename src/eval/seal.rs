//! EU Cloud Sovereignty Framework v1.2.1: a SEAL level (0–4) per objective
//! SOV-1 … SOV-8, derived from profile facts as far as they establish it, and the
//! minimum-SEAL gate of the requirements.
//!
//! The framework leaves the level to the assessor's judgement (CSF §4); its
//! calculator annex gives every criterion an answer ladder with a SEAL per rung,
//! and an objective's SEAL is the lowest of its gating criteria ("weakest link").
//! cloudvet derives a few criteria from facts a profile already has (the table
//! `CRITERIA`; our mapping of facts to rungs, a secondary reading [S] of the
//! calculator transcriptions in shared/reference/sovereignty.md §1.6/§1.12). A
//! criterion whose fact is unknown leaves the objective *open*: the level shown
//! is then what the known criteria allow at most, and the gate treats an open
//! objective that reaches the minimum as an open must-have, never as a pass.

use serde::Serialize;
use serde_json::Value;

use super::check::EEA;
use super::pointer::{read, Found, JsonPtr, ProvRef};
use crate::model::requirements::{SealRequirement, SealWeights};

/// The objectives, with their names.
pub const OBJECTIVES: [(&str, &str); 8] = [
    ("SOV-1", "Strategic sovereignty"),
    ("SOV-2", "Legal and jurisdictional sovereignty"),
    ("SOV-3", "Data and AI sovereignty"),
    ("SOV-4", "Operational sovereignty"),
    ("SOV-5", "Supply chain sovereignty"),
    ("SOV-6", "Technology sovereignty"),
    ("SOV-7", "Security and compliance sovereignty"),
    ("SOV-8", "Environmental sustainability"),
];

/// Objective weights in percent: CSF v1.2.1 §5 [V], and the implementation
/// guide / calculator set [S] (sovereignty.md §1.2).
pub fn weights(w: SealWeights) -> [f64; 8] {
    match w {
        SealWeights::V121 => [15.0, 10.0, 10.0, 15.0, 20.0, 15.0, 10.0, 5.0],
        SealWeights::Ig2026 => [20.0, 10.0, 10.0, 15.0, 10.0, 15.0, 15.0, 5.0],
    }
}

/// How a fact maps to the SEAL a criterion allows.
#[derive(Debug, Clone, Copy)]
enum Map {
    /// A country fact: (SEAL if in the EEA, SEAL otherwise).
    Eea(u8, u8),
    /// A country-list fact: (SEAL if every country is in the EEA, SEAL otherwise).
    AllEea(u8, u8),
    /// A boolean fact: (SEAL if true, SEAL if false).
    Bool(u8, u8),
    /// A number: (SEAL if below the threshold, SEAL otherwise).
    Below(f64, u8, u8),
}

/// One derived criterion: objective, the calculator criterion it stands for,
/// the fact, and the mapping.
struct Criterion {
    objective: &'static str,
    criterion: &'static str,
    fact: &'static str,
    map: Map,
}

/// The criteria cloudvet derives (sovereignty.md §1.11 lists the facts that can
/// pre-fill calculator answers). Objectives without a row here have no profile
/// facts yet and stay open at level 0.
const CRITERIA: &[Criterion] = &[
    // SOV-1.c1 decision authority: an EU/EEA parent is at best "mostly within" (SEAL-3);
    // a non-EU parent "mostly/entirely outside" (SEAL-1).
    Criterion {
        objective: "SOV-1",
        criterion: "SOV-1.c1",
        fact: "/identity/ultimate_parent_country",
        map: Map::Eea(3, 1),
    },
    // SOV-2.c1 governing law: exclusively EU law = SEAL-4, otherwise SEAL-1.
    Criterion {
        objective: "SOV-2",
        criterion: "SOV-2.c1",
        fact: "/dpa/governing_law",
        map: Map::Eea(4, 1),
    },
    // SOV-2.c2 extraterritorial exposure: a non-EU parent is exposed (SEAL-1).
    Criterion {
        objective: "SOV-2",
        criterion: "SOV-2.c2",
        fact: "/identity/ultimate_parent_country",
        map: Map::Eea(4, 1),
    },
    // SOV-3.c4 data confined to Europe: a contractual commitment (SEAL-4) or none (SEAL-1)
    Criterion {
        objective: "SOV-3",
        criterion: "SOV-3.c4",
        fact: "/sovereignty/eu_data_residency_commitment",
        map: Map::Bool(4, 1),
    },
    // … and no remote access from outside the EEA.
    Criterion {
        objective: "SOV-3",
        criterion: "SOV-3.c4",
        fact: "/transfers/remote_access_countries",
        map: Map::AllEea(4, 1),
    },
    // SOV-3.c1 key control: customer-managed keys at least "customer-primary" (SEAL-3).
    Criterion {
        objective: "SOV-3",
        criterion: "SOV-3.c1",
        fact: "/security/customer_managed_keys",
        map: Map::Bool(3, 1),
    },
    // SOV-4.c2/c4 operations and support from the EU only.
    Criterion {
        objective: "SOV-4",
        criterion: "SOV-4.c4",
        fact: "/sovereignty/eu_only_operations",
        map: Map::Bool(4, 1),
    },
    // SOV-6.c1 documented, open interfaces (at best SEAL-3 on a foreign GPU stack, §1.10).
    Criterion {
        objective: "SOV-6",
        criterion: "SOV-6.c1",
        fact: "/exit/open_api",
        map: Map::Bool(3, 1),
    },
    // SOV-8.c1 energy efficiency: PUE below 1.5 reaches the SEAL-2 rung.
    Criterion {
        objective: "SOV-8",
        criterion: "SOV-8.c1",
        fact: "/energy/pue",
        map: Map::Below(1.5, 2, 1),
    },
];

/// The SEAL of one objective for one provider.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct ObjectiveSeal {
    pub objective: String,
    /// The level the known facts allow at most (the lowest of the derived criteria;
    /// 0 when none is known); with `open`, the real level may be lower.
    pub level: u8,
    /// Some criterion of the objective is not established by the profile.
    pub open: bool,
    /// The criteria that set the level, e.g. `SOV-2.c2 /identity/ultimate_parent_country = US → SEAL-1`.
    pub basis: Vec<String>,
    /// The requirements' minimum for this objective, if any.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub minimum: Option<u8>,
}

/// SEAL levels of one provider and the gate's verdict.
#[derive(Debug, Clone, PartialEq, Serialize, Default)]
pub struct SealProfile {
    /// Framework version the levels follow.
    pub framework: String,
    pub objectives: Vec<ObjectiveSeal>,
    /// Weighted level 0–100 (Σ weight × level / 4), with the weights the requirements chose.
    pub weighted: f64,
    /// Objectives below the minimum on known facts: the provider is excluded.
    pub gate_failed: Vec<String>,
    /// Objectives that reach the minimum only on open facts: open must-haves.
    pub gate_open: Vec<String>,
}

fn country_in_eea(v: &Value) -> Option<bool> {
    v.as_str().map(|c| EEA.contains(&c))
}

fn level_of(map: Map, v: &Value) -> Option<u8> {
    match map {
        Map::Eea(yes, no) => country_in_eea(v).map(|b| if b { yes } else { no }),
        Map::AllEea(yes, no) => v.as_array().map(|a| {
            if a.iter().all(|c| country_in_eea(c) == Some(true)) {
                yes
            } else {
                no
            }
        }),
        Map::Bool(yes, no) => v.as_bool().map(|b| if b { yes } else { no }),
        Map::Below(t, yes, no) => v.as_f64().map(|n| if n < t { yes } else { no }),
    }
}

fn show(v: &Value) -> String {
    match v {
        Value::String(s) => s.clone(),
        other => other.to_string(),
    }
}

/// SEAL levels for a profile (its normalised JSON, see `eval::profile_json`).
pub fn assess(profile: &Value, req: &SealRequirement) -> SealProfile {
    let w = weights(req.weights);
    let mut objectives = Vec::new();
    let mut weighted = 0.0;
    let mut gate_failed = Vec::new();
    let mut gate_open = Vec::new();
    for (i, (obj, _)) in OBJECTIVES.iter().enumerate() {
        let mut level: u8 = 4;
        let mut basis = Vec::new();
        let mut any = false;
        let mut known = 0;
        for c in CRITERIA.iter().filter(|c| c.objective == *obj) {
            any = true;
            let found = JsonPtr::parse(c.fact)
                .ok()
                .map(|p| read(profile, &p, ProvRef::default()));
            match found {
                Some(Found::Value(v, _)) => {
                    if let Some(l) = level_of(c.map, v) {
                        known += 1;
                        level = level.min(l);
                        basis.push(format!(
                            "{} {} = {} → SEAL-{l}",
                            c.criterion,
                            c.fact,
                            show(v)
                        ));
                    }
                }
                _ => {
                    basis.push(format!("{} {} unknown", c.criterion, c.fact));
                }
            }
        }
        // The framework's other criteria are never established by a profile yet, so
        // every objective stays open; without any derived criterion the level is 0.
        let open = true;
        if !any {
            basis.push("no profile facts establish this objective yet".into());
        }
        if known == 0 {
            // Nothing known caps the objective, and nothing establishes it either.
            level = 0;
        }
        let minimum = req.min_seal.get(*obj).copied();
        if let Some(m) = minimum {
            if level < m {
                // Below the minimum on the facts known: the weakest link is known.
                if known > 0 {
                    gate_failed.push(obj.to_string());
                } else {
                    gate_open.push(obj.to_string());
                }
            } else if open {
                gate_open.push(obj.to_string());
            }
        }
        weighted += w[i] * f64::from(level) / 4.0;
        objectives.push(ObjectiveSeal {
            objective: obj.to_string(),
            level,
            open,
            basis,
            minimum,
        });
    }
    SealProfile {
        framework: "EU Cloud Sovereignty Framework v1.2.1".into(),
        objectives,
        weighted: (weighted * 10.0).round() / 10.0,
        gate_failed,
        gate_open,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;
    use std::collections::BTreeMap;

    fn req(min: &[(&str, u8)]) -> SealRequirement {
        SealRequirement {
            min_seal: min
                .iter()
                .map(|(k, v)| (k.to_string(), *v))
                .collect::<BTreeMap<_, _>>(),
            weights: SealWeights::V121,
        }
    }

    #[test]
    fn the_weakest_known_criterion_sets_the_level() {
        let p = json!({"identity": {"ultimate_parent_country": {"value": "US"}},
                       "dpa": {"governing_law": {"value": "DE"}}});
        let s = assess(&p, &req(&[]));
        let sov2 = &s.objectives[1];
        assert_eq!(sov2.level, 1);
        assert!(sov2.open);
        assert!(sov2.basis.iter().any(|b| b.contains("SOV-2.c2")));
    }

    #[test]
    fn gate_fails_below_minimum_and_stays_open_otherwise() {
        let us = json!({"identity": {"ultimate_parent_country": {"value": "US"}}});
        let de = json!({"identity": {"ultimate_parent_country": {"value": "DE"}}});
        assert_eq!(assess(&us, &req(&[("SOV-1", 2)])).gate_failed, ["SOV-1"]);
        let s = assess(&de, &req(&[("SOV-1", 2)]));
        assert!(s.gate_failed.is_empty());
        assert_eq!(s.gate_open, ["SOV-1"]);
        // Nothing known: open, never failed.
        let s = assess(&json!({}), &req(&[("SOV-1", 2), ("SOV-5", 2)]));
        assert!(s.gate_failed.is_empty());
        assert_eq!(s.gate_open, ["SOV-1", "SOV-5"]);
    }

    #[test]
    fn weights_sum_to_100() {
        for w in [SealWeights::V121, SealWeights::Ig2026] {
            assert_eq!(weights(w).iter().sum::<f64>(), 100.0);
        }
    }
}
