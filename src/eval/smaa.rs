//! Robustness of the ranking: stochastic multicriteria acceptability analysis
//! (SMAA), in the simple form we need.
//!
//! In plain words: the area weights in the requirements are a judgement, not a
//! measurement. We draw many alternative weight sets, each weight moved at random
//! by up to ± the stated spread (30 % by default) of its stated value, recompute
//! every eligible provider's total with the same area scores, and count how often
//! each provider comes first and how often it is in the top three. If the leader
//! under the stated weights comes first in fewer than 70 % of the draws, the
//! ranking is reported as not robust: reasonable people weighting the areas a
//! little differently would pick someone else. The draws use our own seeded
//! generator (SplitMix64), so the same inputs always give the same figures.

use std::collections::BTreeMap;

use serde::Serialize;

use super::{round1, ProviderAssessment};
use crate::model::requirements::RobustnessSettings;
use crate::model::rule_pack::{Area, Text};

/// A leader first in fewer than this share of the draws makes the ranking "not robust".
pub const ROBUST_THRESHOLD_PCT: f64 = 70.0;

/// SplitMix64: a small, well-known 64-bit generator; enough for weight sampling.
#[derive(Debug, Clone)]
pub struct SplitMix64(u64);

impl SplitMix64 {
    pub fn new(seed: u64) -> Self {
        SplitMix64(seed)
    }
    pub fn next_u64(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }
    /// Uniform in [0, 1).
    pub fn next_f64(&mut self) -> f64 {
        (self.next_u64() >> 11) as f64 / (1u64 << 53) as f64
    }
}

/// How often one provider ranks first / in the top three.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct ProviderRobustness {
    pub id: String,
    pub first_pct: f64,
    pub top3_pct: f64,
}

/// The robustness figure.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Robustness {
    pub samples: u32,
    pub seed: u64,
    pub weight_spread_pct: f64,
    pub threshold_pct: f64,
    /// The leader under the stated weights.
    pub leader: Option<String>,
    /// How often the leader stays first, in percent.
    pub leader_first_pct: Option<f64>,
    /// `true` when the leader stays first in at least `threshold_pct` of the draws;
    /// absent when there is no eligible provider.
    pub robust: Option<bool>,
    /// Eligible providers, in rank order.
    pub providers: Vec<ProviderRobustness>,
    /// The result in one sentence.
    pub summary: Text,
}

/// Runs the weight sampling over the eligible providers (already ranked).
pub fn run(
    ranked: &[ProviderAssessment],
    weights: &BTreeMap<Area, f64>,
    settings: &RobustnessSettings,
) -> Robustness {
    let eligible: Vec<&ProviderAssessment> = ranked.iter().filter(|p| p.eligible).collect();
    let areas: Vec<Area> = eligible
        .first()
        .map(|p| p.areas.iter().map(|a| a.area).collect())
        .unwrap_or_default();
    // Exact area scores (0..1) per provider, in `areas` order.
    let scores: Vec<Vec<f64>> = eligible
        .iter()
        .map(|p| {
            areas
                .iter()
                .map(|a| {
                    p.results
                        .iter()
                        .filter(|r| {
                            r.area == *a
                                && r.severity != crate::model::rule_pack::Severity::Info
                                && r.weight > 0
                        })
                        .fold((0.0, 0.0), |(pass, tot), r| {
                            let w = f64::from(r.weight);
                            (
                                if r.effectively_passed() {
                                    pass + w
                                } else {
                                    pass
                                },
                                tot + w,
                            )
                        })
                })
                .map(|(pass, tot): (f64, f64)| if tot > 0.0 { pass / tot } else { 0.0 })
                .collect()
        })
        .collect();
    let (base, spread, samples) = draw_setup(&areas, weights, settings);
    let n = eligible.len();
    let mut first = vec![0u32; n];
    let mut top3 = vec![0u32; n];
    let mut rng = SplitMix64::new(settings.seed);
    let mut w = vec![0.0; base.len()];
    let mut order: Vec<usize> = (0..n).collect();
    let mut totals = vec![0.0; n];
    if n > 0 {
        for _ in 0..samples {
            for (i, b) in base.iter().enumerate() {
                w[i] = b * (1.0 + spread * (2.0 * rng.next_f64() - 1.0));
            }
            let sum: f64 = w.iter().sum();
            for (p, s) in scores.iter().enumerate() {
                totals[p] = if sum > 0.0 {
                    s.iter().zip(&w).map(|(x, y)| x * y).sum::<f64>() / sum
                } else {
                    0.0
                };
            }
            // `eligible` is in id order within equal totals already (ranked input);
            // ties break by that position, so by id.
            order.sort_by(|a, b| {
                totals[*b]
                    .total_cmp(&totals[*a])
                    .then_with(|| eligible[*a].id.cmp(&eligible[*b].id))
            });
            first[order[0]] += 1;
            for &o in order.iter().take(3) {
                top3[o] += 1;
            }
        }
    }
    let pct = |c: u32| round1(100.0 * f64::from(c) / f64::from(samples));
    let providers: Vec<ProviderRobustness> = eligible
        .iter()
        .enumerate()
        .map(|(i, p)| ProviderRobustness {
            id: p.id.clone(),
            first_pct: pct(first[i]),
            top3_pct: pct(top3[i]),
        })
        .collect();
    let leader = eligible.first().map(|p| p.id.clone());
    let leader_first_pct = providers.first().map(|p| p.first_pct);
    let robust = leader_first_pct.map(|p| p >= ROBUST_THRESHOLD_PCT);
    let spread_pct = settings.weight_spread_pct;
    let summary = match (&leader, leader_first_pct, robust) {
        (Some(l), Some(p), Some(true)) => Text::new(
            format!("Robust: {l} stays first in {p} % of {samples} weight draws (weights ± {spread_pct} %)."),
            format!("Robust: {l} bleibt bei {p} % von {samples} zufällig variierten Gewichtungen vorn (Gewichte ± {spread_pct} %)."),
        ),
        (Some(l), Some(p), _) => Text::new(
            format!("Not robust: {l} is first in only {p} % of {samples} weight draws (weights ± {spread_pct} %); the choice depends on how the areas are weighted."),
            format!("Nicht robust: {l} liegt nur bei {p} % von {samples} zufällig variierten Gewichtungen vorn (Gewichte ± {spread_pct} %); die Wahl hängt davon ab, wie die Bereiche gewichtet werden."),
        ),
        _ => Text::new(
            "No eligible provider: nothing to rank.",
            "Kein Anbieter erfüllt die K.-o.-Kriterien: keine Rangfolge.",
        ),
    };
    Robustness {
        samples,
        seed: settings.seed,
        weight_spread_pct: spread_pct,
        threshold_pct: ROBUST_THRESHOLD_PCT,
        leader,
        leader_first_pct,
        robust,
        providers,
        summary,
    }
}

/// Which of the two uncertainties moves the ranking.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum MovedBy {
    /// The leader stays first under both.
    Neither,
    /// Moving the weights changes the leader; the open facts do not.
    Weights,
    /// How the open facts turn out changes the leader; the weights do not.
    OpenFacts,
    /// Both change the leader.
    Both,
}

/// How often one provider ranks first when the open facts are drawn.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct ProviderFactRobustness {
    pub id: String,
    /// Open facts drawn, stated weights.
    pub first_pct_open_facts: f64,
    /// Open facts and weights drawn together.
    pub first_pct_both: f64,
}

/// Robustness over the open facts (each open scored rule turns out a pass or a
/// fail with even odds, independently), alone and together with the weights.
/// Open must-haves are not drawn as exclusions here: their state is reported
/// per provider, and a provider with one is never recommended.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct FactRobustness {
    pub samples: u32,
    pub seed: u64,
    pub leader: Option<String>,
    pub leader_first_pct_open_facts: Option<f64>,
    pub leader_first_pct_both: Option<f64>,
    pub moved_by: Option<MovedBy>,
    /// Eligible providers, in rank order.
    pub providers: Vec<ProviderFactRobustness>,
}

/// Per provider and area: (passed weight, total weight, weights of open rules).
type AreaFacts = Vec<(f64, f64, Vec<f64>)>;

/// Runs the draws over the open facts (seeded; the same inputs give the same figures).
pub fn run_open_facts(
    ranked: &[ProviderAssessment],
    weights: &BTreeMap<Area, f64>,
    settings: &RobustnessSettings,
) -> FactRobustness {
    use crate::model::rule_pack::Severity;
    let eligible: Vec<&ProviderAssessment> = ranked.iter().filter(|p| p.eligible).collect();
    let areas: Vec<Area> = eligible
        .first()
        .map(|p| p.areas.iter().map(|a| a.area).collect())
        .unwrap_or_default();
    let facts: Vec<AreaFacts> =
        eligible
            .iter()
            .map(|p| {
                areas
                    .iter()
                    .map(|a| {
                        let mut e = (0.0, 0.0, Vec::new());
                        for r in p.results.iter().filter(|r| {
                            r.area == *a && r.severity != Severity::Info && r.weight > 0
                        }) {
                            let w = f64::from(r.weight);
                            e.1 += w;
                            if r.effectively_passed() {
                                e.0 += w;
                            } else if r.outcome == super::Outcome::Unknown {
                                e.2.push(w);
                            }
                        }
                        e
                    })
                    .collect()
            })
            .collect();
    let (base, spread, samples) = draw_setup(&areas, weights, settings);
    let n = eligible.len();
    let mut first_facts = vec![0u32; n];
    let mut first_both = vec![0u32; n];
    // A stream of its own, so the weight-only figure stays as it was.
    let mut rng = SplitMix64::new(settings.seed ^ 0x0F0F_FAC7_5EED_0001);
    let mut w = vec![0.0; base.len()];
    let mut scores = vec![vec![0.0; base.len()]; n];
    let first_of = |scores: &[Vec<f64>], w: &[f64]| -> usize {
        let sum: f64 = w.iter().sum();
        let mut best = 0;
        let mut best_t = f64::NEG_INFINITY;
        for (p, s) in scores.iter().enumerate() {
            let t = if sum > 0.0 {
                s.iter().zip(w).map(|(x, y)| x * y).sum::<f64>() / sum
            } else {
                0.0
            };
            // `eligible` is in rank order, ties in id order: the first strictly
            // higher total wins, as in the ranking.
            if t > best_t + 1e-12
                || (p > 0 && (t - best_t).abs() <= 1e-12 && eligible[p].id < eligible[best].id)
            {
                best = p;
                best_t = t;
            }
        }
        best
    };
    if n > 0 {
        for _ in 0..samples {
            for (p, pf) in facts.iter().enumerate() {
                for (i, (pass, tot, open)) in pf.iter().enumerate() {
                    let mut got = *pass;
                    for ow in open {
                        // Adds the weight when the drawn bit is 1, else +0.0 (the
                        // same sum, bit for bit): a branch on a random bit is
                        // mispredicted half the time (docs/performance.md).
                        let keep = (rng.next_u64() & 1).wrapping_neg();
                        got += f64::from_bits(ow.to_bits() & keep);
                    }
                    scores[p][i] = if *tot > 0.0 { got / tot } else { 0.0 };
                }
            }
            first_facts[first_of(&scores, &base)] += 1;
            for (i, b) in base.iter().enumerate() {
                w[i] = b * (1.0 + spread * (2.0 * rng.next_f64() - 1.0));
            }
            first_both[first_of(&scores, &w)] += 1;
        }
    }
    let pct = |c: u32| round1(100.0 * f64::from(c) / f64::from(samples));
    let providers: Vec<ProviderFactRobustness> = eligible
        .iter()
        .enumerate()
        .map(|(i, p)| ProviderFactRobustness {
            id: p.id.clone(),
            first_pct_open_facts: pct(first_facts[i]),
            first_pct_both: pct(first_both[i]),
        })
        .collect();
    let leader_facts = providers.first().map(|p| p.first_pct_open_facts);
    let leader_both = providers.first().map(|p| p.first_pct_both);
    FactRobustness {
        samples,
        seed: settings.seed,
        leader: eligible.first().map(|p| p.id.clone()),
        leader_first_pct_open_facts: leader_facts,
        leader_first_pct_both: leader_both,
        moved_by: None,
        providers,
    }
}

impl FactRobustness {
    /// The figures in one or two sentences; `name` gives a provider's display name.
    pub fn sentence(
        &self,
        lang: crate::i18n::Lang,
        name: &dyn Fn(&str) -> String,
    ) -> Option<String> {
        use crate::i18n;
        let leader = self.leader.as_ref()?;
        let mut line = i18n::fill(
            lang,
            "dec_facts_first",
            &[
                ("leader", &name(leader)),
                (
                    "facts",
                    &i18n::percent_plain(lang, self.leader_first_pct_open_facts.unwrap_or(0.0)),
                ),
                (
                    "both",
                    &i18n::percent_plain(lang, self.leader_first_pct_both.unwrap_or(0.0)),
                ),
                (
                    "samples",
                    &i18n::number(lang, rust_decimal::Decimal::from(self.samples), 0),
                ),
            ],
        );
        if let Some(m) = self.moved_by {
            line.push(' ');
            line.push_str(i18n::t(
                lang,
                match m {
                    MovedBy::Neither => "dec_moved_by_neither",
                    MovedBy::Weights => "dec_moved_by_weights",
                    MovedBy::OpenFacts => "dec_moved_by_open_facts",
                    MovedBy::Both => "dec_moved_by_both",
                },
            ));
        }
        Some(line)
    }
}

/// Which uncertainty moves the ranking, from the weight-only and the fact-only figures.
pub fn moved_by(weights_first_pct: Option<f64>, facts_first_pct: Option<f64>) -> Option<MovedBy> {
    let (w, f) = (weights_first_pct?, facts_first_pct?);
    Some(
        match (w >= ROBUST_THRESHOLD_PCT, f >= ROBUST_THRESHOLD_PCT) {
            (true, true) => MovedBy::Neither,
            (false, true) => MovedBy::Weights,
            (true, false) => MovedBy::OpenFacts,
            (false, false) => MovedBy::Both,
        },
    )
}

/// What both robustness analyses draw from: the base weight per area (in `areas`
/// order), the relative spread of a weight draw and the number of draws.
fn draw_setup(
    areas: &[Area],
    weights: &BTreeMap<Area, f64>,
    settings: &RobustnessSettings,
) -> (Vec<f64>, f64, u32) {
    let base = areas
        .iter()
        .map(|a| weights.get(a).copied().unwrap_or(0.0))
        .collect();
    let spread = (settings.weight_spread_pct / 100.0).clamp(0.0, 1.0);
    (base, spread, settings.samples.max(1))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn splitmix_is_reproducible_and_uniformish() {
        let mut a = SplitMix64::new(7);
        let mut b = SplitMix64::new(7);
        let xs: Vec<f64> = (0..1000).map(|_| a.next_f64()).collect();
        let ys: Vec<f64> = (0..1000).map(|_| b.next_f64()).collect();
        assert_eq!(xs, ys);
        assert!(xs.iter().all(|x| (0.0..1.0).contains(x)));
        let mean = xs.iter().sum::<f64>() / 1000.0;
        assert!((mean - 0.5).abs() < 0.05, "{mean}");
    }
}
