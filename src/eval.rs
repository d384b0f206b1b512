//! Evaluate stage: the rules engine.
//!
//! In order: (1) pick the rules that apply to these requirements on this
//! evaluation date (condition, validity window, overrides); (2) run each rule on
//! each provider → pass / fail / unknown, with the facts read and a one-line
//! reason; (3) knock-outs: a failed knock-out excludes, an unknown one keeps the
//! provider in as an open must-have; waivers; (4) area scores, weighted total and
//! confidence; (5) ranking (independent of input order) and the SMAA robustness
//! figure; (6) open questions from every unknown.
//!
//! Entry points: [`assess`] for one call, or [`Engine`] to compile once and
//! assess many providers. Everything in [`Assessment`] is `Serialize`.

pub mod check;
pub mod decision;
pub mod docs;
pub mod examples;
pub mod inputs;
pub mod pack_check;
pub mod packs;
pub mod pointer;
pub mod qualify;
pub mod questionnaire;
pub mod seal;
pub mod smaa;
pub mod why;

use crate::diag::{EvalCode, ValidateCode};
use std::collections::{BTreeMap, HashMap};

use chrono::NaiveDate;
use serde::Serialize;
use serde_json::Value;

use crate::diag::Diagnostic;
use crate::model::common::Date;
use crate::model::provider::ProviderProfile;
use crate::model::requirements::{OpenMustHaves, OverrideSetting, Requirements};
use crate::model::rule_pack::{Area, Rule, RulePack, RuleStatus, Severity, Text};
use check::{CCheck, Cx, OfferView, Scope, Sets};
use pointer::ProvRef;

/// The outcome of one rule on one provider.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, strum::IntoStaticStr)]
#[serde(rename_all = "snake_case")]
#[strum(serialize_all = "snake_case")]
pub enum Outcome {
    Pass,
    Fail,
    Unknown,
}

impl Outcome {
    pub fn key(self) -> &'static str {
        // The serde name (`snake_case`), derived.
        self.into()
    }
}

/// A fact the engine read to decide a rule.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct FactRead {
    /// JSON pointer into the normalised profile.
    pub pointer: String,
    /// The value found (`"unknown"` for an unknown fact; a summary for `/offers`).
    pub value: Value,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub source: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub as_of: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub status: Option<String>,
    /// E.g. `stale` when the evidence is older than allowed.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub note: Option<String>,
}

/// A waiver as applied to one result.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct WaiverNote {
    pub justification: String,
    pub expires: Date,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub approved_by: Option<String>,
    /// False when the waiver had expired on the evaluation date (it then changes nothing).
    pub applied: bool,
}

/// One rule on one provider.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct RuleResult {
    pub rule: String,
    pub pack: String,
    pub title: Text,
    pub area: Area,
    /// Effective severity (after overrides and `knockout_when`).
    pub severity: Severity,
    pub weight: u32,
    pub outcome: Outcome,
    /// One line: what decided the outcome.
    pub reason: Text,
    /// Facts read, with source, as_of and status.
    pub facts: Vec<FactRead>,
    /// Pointers of the unknown facts that left the rule undecided.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub missing: Vec<String>,
    /// Decided (pass or fail) on verified evidence only.
    pub verified: bool,
    /// A waiver for this rule and provider, applied or expired.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub waiver: Option<WaiverNote>,
}

impl RuleResult {
    /// Counts as passed for scoring and knock-outs (a pass, or a fail/unknown under a valid waiver).
    pub fn effectively_passed(&self) -> bool {
        self.outcome == Outcome::Pass || self.waiver.as_ref().is_some_and(|w| w.applied)
    }
}

/// The score of one area for one provider.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct AreaScore {
    pub area: Area,
    pub title: Text,
    /// Share of this area in the total, in percent.
    pub share_pct: f64,
    /// 0–100: weight passed ÷ weight applicable. Unknown earns nothing.
    pub score: f64,
    /// 0–100 if every unknown turned out a pass (upper bound).
    pub score_if_unknowns_pass: f64,
    /// Share of the area's weight still unknown, in percent.
    pub unknown_pct: f64,
    pub passed: u32,
    pub failed: u32,
    pub unknown: u32,
}

/// A question for the vendor, from an unknown.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct OpenQuestion {
    pub rule: String,
    pub severity: Severity,
    pub area: Area,
    pub question: Text,
    /// The facts to fill in (JSON pointers).
    pub facts: Vec<String>,
    /// Why the rule is unknown.
    pub reason: Text,
    /// Points (0–100) the provider's total gains if the answer is in its favour.
    pub points: f64,
    /// A valid waiver already covers the rule: the answer changes nothing.
    #[serde(skip_serializing_if = "std::ops::Not::not")]
    pub waived: bool,
    #[serde(skip)]
    pub points_exact: f64,
}

/// The assessment of one provider.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct ProviderAssessment {
    pub id: String,
    pub name: String,
    /// The profile is a bundled example compiled from public sources.
    pub example_data: bool,
    /// Rank among eligible providers (1 = best); none when excluded.
    pub rank: Option<u32>,
    /// No knock-out failed.
    pub eligible: bool,
    /// Knock-out rules that failed (each excludes the provider).
    pub knockouts_failed: Vec<String>,
    /// Knock-out rules still unknown: open must-haves.
    pub open_must_haves: Vec<String>,
    /// Weighted total 0–100 (unknown counts as 0).
    pub total: f64,
    /// Total if every unknown passed.
    pub total_if_unknowns_pass: f64,
    /// The score as an interval over the open facts: [worst, best].
    pub score_interval: decision::ScoreInterval,
    /// Every must-have (knock-out rule, minimum SEAL): met, failed or open.
    pub must_haves: Vec<decision::MustHave>,
    /// Share of the scored weight decided on verified evidence, in percent.
    pub confidence_pct: f64,
    pub areas: Vec<AreaScore>,
    pub results: Vec<RuleResult>,
    pub open_questions: Vec<OpenQuestion>,
    /// EU Cloud Sovereignty Framework: SEAL level per objective and the minimum-SEAL gate.
    pub seal: seal::SealProfile,
    /// The provider's offers against the requirements (see `qualify`): a provider is
    /// assessed on its qualifying offers.
    pub offers: qualify::OfferSummary,
    /// Exact total, for ranking; not serialised.
    #[serde(skip)]
    pub total_exact: f64,
    /// Exact best total (every open fact in the provider's favour); not serialised.
    #[serde(skip)]
    pub best_exact: f64,
}

/// A rule as applied in this assessment.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct AppliedRule {
    pub id: String,
    pub pack: String,
    pub area: Area,
    pub title: Text,
    pub severity: Severity,
    /// Why the severity differs from the pack's, if it does.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub severity_note: Option<String>,
    pub weight: u32,
    pub citations: Vec<String>,
    /// The legal basis itself, for citations in the reader's convention.
    #[serde(skip)]
    pub legal_basis: Vec<crate::model::rule_pack::LegalBasis>,
}

impl ProviderAssessment {
    /// The must-haves (knock-out rules and minimum SEAL levels) in `state`.
    pub fn must_haves_in(
        &self,
        state: decision::MustHaveState,
    ) -> impl Iterator<Item = &decision::MustHave> + '_ {
        self.must_haves.iter().filter(move |m| m.state == state)
    }
}

impl AppliedRule {
    /// The citations as `lang` writes them, with their confirmation in words
    /// (`Art. 28 Abs. 3 lit. h DSGVO`, `GDPR Art. 33(2) (secondary sources only)`).
    pub fn citations_in(&self, lang: crate::i18n::Lang) -> Vec<String> {
        self.legal_basis.iter().map(|b| b.cite(lang)).collect()
    }
}

/// A rule not applied, and why.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct SkippedRule {
    pub id: String,
    pub reason: Text,
}

/// Status of a waiver from the requirements.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct WaiverStatus {
    pub rule: String,
    pub provider: String,
    pub expires: Date,
    pub justification: String,
    /// `applied`, `expired`, `not_needed` (the rule passed), `rule_not_applied`,
    /// `provider_not_assessed`.
    pub status: &'static str,
}

/// The weight of an area in the total.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct AreaWeight {
    pub area: Area,
    pub weight: f64,
    /// Share in percent among areas with scored rules.
    pub share_pct: f64,
}

/// A rule pack used.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct PackSummary {
    pub id: String,
    pub version: String,
    pub title: Text,
    pub rules: usize,
    pub applied: usize,
}

/// The full result of `cloudvet assess`.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Assessment {
    pub evaluation_date: Date,
    pub requirements_title: String,
    pub max_evidence_age_months: u32,
    pub packs: Vec<PackSummary>,
    pub area_weights: Vec<AreaWeight>,
    pub rules: Vec<AppliedRule>,
    pub skipped_rules: Vec<SkippedRule>,
    /// Eligible providers by rank, then excluded providers by id.
    pub providers: Vec<ProviderAssessment>,
    /// The shortlist in three groups: cleared, open, excluded (with the rules).
    pub shortlist: decision::Shortlist,
    /// Score intervals decide who can still rank first; the decisive questions.
    pub decision: decision::DecisionUnderUnknowns,
    /// What to do: recommend, ask these questions first, or no provider.
    pub recommendation: decision::Recommendation,
    pub robustness: smaa::Robustness,
    /// Robustness over the open facts, and over open facts and weights together.
    pub robustness_open_facts: smaa::FactRobustness,
    pub waivers: Vec<WaiverStatus>,
}

impl Assessment {
    pub fn eligible(&self) -> impl Iterator<Item = &ProviderAssessment> {
        self.providers.iter().filter(|p| p.eligible)
    }
}

struct ActiveRule<'p> {
    rule: &'p Rule,
    pack: &'p str,
    severity: Severity,
    check: CCheck,
    max_months: u32,
}

/// Rules compiled for one set of requirements and one evaluation date.
pub struct Engine<'p> {
    date: NaiveDate,
    requirements: &'p Requirements,
    packs: Vec<&'p RulePack>,
    rules: Vec<ActiveRule<'p>>,
    applied: Vec<AppliedRule>,
    skipped: Vec<SkippedRule>,
    weights: BTreeMap<Area, f64>,
    vram: HashMap<&'static str, u32>,
    /// Every `count`/`every` over `/offers` of the applied rules, evaluated in one pass.
    offer_nodes: Vec<check::OfferNode>,
    /// What an offer must have to qualify.
    needs: qualify::OfferNeeds,
}

/// The allowed countries and other sets of these requirements.
pub fn sets_of(req: &Requirements) -> Sets {
    let mut allowed: Vec<String> = Vec::new();
    if req.locations.allow_eea {
        allowed.extend(check::EEA.iter().map(|c| c.to_string()));
    }
    allowed.extend(req.locations.allowed_countries.iter().cloned());
    allowed.sort();
    allowed.dedup();
    let certs = serde_json::to_value(&req.must_have_certifications)
        .ok()
        .and_then(|v| serde_json::from_value::<Vec<String>>(v).ok())
        .unwrap_or_default();
    Sets {
        allowed_countries: allowed,
        required_gpu_models: req.gpu.models.clone(),
        must_have_certifications: certs,
    }
}

/// Whether a condition on the requirements holds (unknown = does not hold).
fn condition_holds(c: &CCheck, req: &Value, date: NaiveDate) -> bool {
    let mut cx = Cx::new(date, None, None);
    check::eval_json(c, req, "", ProvRef::default(), &mut cx).0 == Outcome::Pass
}

impl<'p> Engine<'p> {
    /// Compiles the packs for these requirements on this date. Errors: an override
    /// or waiver naming a rule no pack has, an unknown area in `area_weights`, a
    /// check that does not compile.
    pub fn new(
        packs: &'p [RulePack],
        requirements: &'p Requirements,
        date: Date,
    ) -> Result<Engine<'p>, Vec<Diagnostic>> {
        let mut errors = Vec::new();
        let req_json = serde_json::to_value(requirements).unwrap_or(Value::Null);
        let sets = sets_of(requirements);
        let all_ids: Vec<&str> = packs
            .iter()
            .flat_map(|p| p.rules.iter().map(|r| r.id.as_str()))
            .collect();
        for (i, o) in requirements.rule_overrides.iter().enumerate() {
            if !all_ids.contains(&o.rule.as_str()) {
                errors.push(
                    Diagnostic::error_t(
                        EvalCode::UnknownRule,
                        "eval_override_unknown_rule",
                        &[("rule", &o.rule)],
                    )
                    .pointer(format!("/rule_overrides/{i}/rule"))
                    .help_t("eval_rules_list_help", &[]),
                );
            }
        }
        for (i, w) in requirements.waivers.iter().enumerate() {
            if !all_ids.contains(&w.rule.as_str()) {
                errors.push(
                    Diagnostic::error_t(
                        EvalCode::UnknownRule,
                        "eval_waiver_unknown_rule",
                        &[("rule", &w.rule)],
                    )
                    .pointer(format!("/waivers/{i}/rule"))
                    .help_t("eval_rules_list_help", &[]),
                );
            }
        }
        let mut weights = BTreeMap::new();
        for a in Area::ALL {
            weights.insert(a, a.default_weight());
        }
        for (k, w) in &requirements.area_weights {
            match Area::from_key(k) {
                Some(a) if w.is_finite() && *w >= 0.0 => {
                    weights.insert(a, *w);
                }
                Some(_) => errors.push(
                    Diagnostic::error_t(
                        EvalCode::InvalidWeight,
                        "eval_invalid_weight",
                        &[("area", k), ("weight", &w.to_string())],
                    )
                    .pointer(format!("/area_weights/{k}"))
                    .help_t("eval_invalid_weight_help", &[]),
                ),
                None => errors.push(
                    Diagnostic::error_t(EvalCode::UnknownArea, "eval_unknown_area", &[("area", k)])
                        .pointer(format!("/area_weights/{k}"))
                        .expected(
                            Area::ALL
                                .iter()
                                .map(|a| a.key())
                                .collect::<Vec<_>>()
                                .join(", "),
                        )
                        .help_t("eval_unknown_area_help", &[]),
                ),
            }
        }
        let d = date.0;
        // Pack order in the input must not matter: evaluate packs by id.
        let mut packs: Vec<&'p RulePack> = packs.iter().collect();
        packs.sort_by(|a, b| a.id.cmp(&b.id));
        let mut rules = Vec::new();
        let mut offer_nodes = Vec::new();
        let mut applied = Vec::new();
        let mut skipped = Vec::new();
        for pack in packs.iter().copied() {
            for rule in &pack.rules {
                let skip = |en: String, de: String| SkippedRule {
                    id: rule.id.clone(),
                    reason: Text::new(en, de),
                };
                if rule.status == RuleStatus::Removed {
                    continue;
                }
                if let Some(f) = rule.valid_from {
                    if d < f.0 {
                        skipped.push(skip(
                            format!("in force only from {f}"),
                            format!("gilt erst ab {f}"),
                        ));
                        continue;
                    }
                }
                if let Some(t) = rule.valid_to {
                    if d > t.0 {
                        skipped.push(skip(
                            format!("in force only until {t}"),
                            format!("galt nur bis {t}"),
                        ));
                        continue;
                    }
                }
                let ovr = requirements
                    .rule_overrides
                    .iter()
                    .rev()
                    .find(|o| o.rule == rule.id);
                if let Some(o) = ovr {
                    if o.set == OverrideSetting::Off {
                        let why = o.reason.clone().unwrap_or_default();
                        skipped.push(skip(
                            format!("switched off by the requirements {why}")
                                .trim()
                                .to_string(),
                            format!("durch die Anforderungen abgeschaltet {why}")
                                .trim()
                                .to_string(),
                        ));
                        continue;
                    }
                }
                if let Some(c) = &rule.applies_when {
                    match check::compile(c, Scope::Plain, &req_json, &sets) {
                        Ok(cc) => {
                            if !condition_holds(&cc, &req_json, d) {
                                skipped.push(skip(
                                    "its condition on the requirements does not hold".into(),
                                    "ihre Bedingung an die Anforderungen ist nicht erfüllt".into(),
                                ));
                                continue;
                            }
                        }
                        Err(e) => {
                            errors.push(
                                Diagnostic::error_t(
                                    EvalCode::InvalidCheck,
                                    "eval_invalid_part",
                                    &[
                                        ("rule", &rule.id),
                                        ("part", "applies_when"),
                                        ("error", &e.to_string()),
                                    ],
                                )
                                .help_t("eval_invalid_condition_help", &[]),
                            );
                            continue;
                        }
                    }
                }
                let mut severity = rule.severity;
                let mut note = None;
                if let Some(c) = &rule.knockout_when {
                    match check::compile(c, Scope::Plain, &req_json, &sets) {
                        Ok(cc) => {
                            if condition_holds(&cc, &req_json, d) {
                                severity = Severity::Knockout;
                                note = Some("knock-out because of the requirements".to_string());
                            }
                        }
                        Err(e) => errors.push(
                            Diagnostic::error_t(
                                EvalCode::InvalidCheck,
                                "eval_invalid_part",
                                &[
                                    ("rule", &rule.id),
                                    ("part", "knockout_when"),
                                    ("error", &e.to_string()),
                                ],
                            )
                            .help_t("eval_invalid_condition_help", &[]),
                        ),
                    }
                }
                if let Some(o) = ovr {
                    let s = match o.set {
                        OverrideSetting::Knockout => Severity::Knockout,
                        OverrideSetting::Major => Severity::Major,
                        OverrideSetting::Minor => Severity::Minor,
                        OverrideSetting::Info | OverrideSetting::Off => Severity::Info,
                    };
                    severity = s;
                    note = Some(match &o.reason {
                        Some(r) => format!("set to {s} by the requirements: {r}"),
                        None => format!("set to {s} by the requirements"),
                    });
                }
                let mut cc = match check::compile(&rule.check, Scope::Profile, &req_json, &sets) {
                    Ok(c) => c,
                    Err(e) => {
                        errors.push(
                            Diagnostic::error_t(
                                EvalCode::InvalidCheck,
                                "eval_invalid_part",
                                &[
                                    ("rule", &rule.id),
                                    ("part", "check"),
                                    ("error", &e.to_string()),
                                ],
                            )
                            .help_t("eval_invalid_check_help", &[]),
                        );
                        continue;
                    }
                };
                let max_months = match rule.max_evidence_age_months {
                    Some(m) => m.min(requirements.max_evidence_age_months),
                    None => requirements.max_evidence_age_months,
                };
                check::assign_offer_slots(&mut cc, &mut offer_nodes, max_months);
                applied.push(AppliedRule {
                    id: rule.id.clone(),
                    pack: pack.id.clone(),
                    area: rule.area,
                    title: rule.title.clone(),
                    severity,
                    severity_note: note,
                    weight: rule.weight,
                    citations: rule.legal_basis.iter().map(|b| b.citation()).collect(),
                    legal_basis: rule.legal_basis.clone(),
                });
                rules.push(ActiveRule {
                    rule,
                    pack: &pack.id,
                    severity,
                    check: cc,
                    max_months,
                });
            }
        }
        if !errors.is_empty() {
            return Err(errors);
        }
        let vram = crate::model::gpu::GPU_MODELS
            .iter()
            .map(|g| (g.id, g.vram_gb))
            .collect();
        Ok(Engine {
            date: d,
            requirements,
            packs,
            rules,
            applied,
            skipped,
            weights,
            vram,
            offer_nodes,
            needs: qualify::OfferNeeds::from_requirements(requirements),
        })
    }

    /// The rules that apply, with their effective severity.
    pub fn applied_rules(&self) -> &[AppliedRule] {
        &self.applied
    }

    /// Runs one rule (by index into the applied rules) on one profile.
    fn run_rule(
        &self,
        r: &ActiveRule<'_>,
        json: &Value,
        offers: Option<&OfferView<'_>>,
        tallies: &[check::OfferTally],
        provider: &str,
    ) -> RuleResult {
        let mut cx = Cx::new(self.date, Some(r.max_months), offers);
        cx.tallies = tallies;
        let (outcome, why) = check::eval_json(&r.check, json, "", ProvRef::default(), &mut cx);
        let mut missing = cx.missing;
        missing.sort();
        missing.dedup();
        if outcome != Outcome::Unknown {
            missing.clear();
        }
        let waiver = self
            .requirements
            .waivers
            .iter()
            .find(|w| w.rule == r.rule.id && w.provider == provider)
            .map(|w| WaiverNote {
                justification: w.justification.clone(),
                expires: w.expires,
                approved_by: w.approved_by.clone(),
                applied: self.date <= w.expires.0 && outcome != Outcome::Pass,
            });
        RuleResult {
            rule: r.rule.id.clone(),
            pack: r.pack.to_string(),
            title: r.rule.title.clone(),
            area: r.rule.area,
            severity: r.severity,
            weight: r.rule.weight,
            outcome,
            reason: why.render(json),
            facts: cx.reads,
            missing,
            verified: outcome != Outcome::Unknown && cx.all_verified,
            waiver,
        }
    }

    /// Assesses one provider (rank left empty; see [`Engine::assess`]).
    pub fn assess_provider(&self, p: &ProviderProfile) -> ProviderAssessment {
        let json = profile_json(p);
        let mut view = OfferView::new(p, &self.vram, &self.needs);
        let tallies = if self.offer_nodes.is_empty() {
            Vec::new()
        } else {
            check::tally_offers(&view, &self.offer_nodes, self.date)
        };
        let results: Vec<RuleResult> = self
            .rules
            .iter()
            .map(|r| self.run_rule(r, &json, Some(&view), &tallies, &p.id))
            .collect();
        let offers = std::mem::take(&mut view.summary);
        self.summarise(p, results, offers)
    }

    fn summarise(
        &self,
        p: &ProviderProfile,
        results: Vec<RuleResult>,
        offers: qualify::OfferSummary,
    ) -> ProviderAssessment {
        let scored = |r: &RuleResult| r.severity != Severity::Info && r.weight > 0;
        // Per area: (total, passed, unknown, failed weights; counts)
        let mut per: BTreeMap<Area, [f64; 4]> = BTreeMap::new();
        let mut counts: BTreeMap<Area, [u32; 3]> = BTreeMap::new();
        for r in results.iter().filter(|r| scored(r)) {
            let w = f64::from(r.weight);
            let e = per.entry(r.area).or_insert([0.0; 4]);
            let c = counts.entry(r.area).or_insert([0; 3]);
            e[0] += w;
            if r.effectively_passed() {
                e[1] += w;
                c[0] += 1;
            } else if r.outcome == Outcome::Unknown {
                e[2] += w;
                c[2] += 1;
            } else {
                e[3] += w;
                c[1] += 1;
            }
        }
        let weight_sum: f64 = per
            .keys()
            .map(|a| self.weights.get(a).copied().unwrap_or(0.0))
            .sum();
        let mut areas = Vec::new();
        let mut point_of: BTreeMap<Area, f64> = BTreeMap::new();
        let (mut total, mut upper, mut conf_num, mut conf_den) = (0.0, 0.0, 0.0, 0.0);
        for (area, [t, pass, unk, _fail]) in &per {
            let aw = self.weights.get(area).copied().unwrap_or(0.0);
            let share = if weight_sum > 0.0 {
                aw / weight_sum
            } else {
                0.0
            };
            point_of.insert(*area, 100.0 * share / t);
            let score = 100.0 * pass / t;
            let score_up = 100.0 * (pass + unk) / t;
            total += share * score;
            upper += share * score_up;
            let c = counts.get(area).copied().unwrap_or([0; 3]);
            areas.push(AreaScore {
                area: *area,
                title: area.title(),
                share_pct: round1(100.0 * share),
                score: round1(score),
                score_if_unknowns_pass: round1(score_up),
                unknown_pct: round1(100.0 * unk / t),
                passed: c[0],
                failed: c[1],
                unknown: c[2],
            });
            for r in results.iter().filter(|r| r.area == *area && scored(r)) {
                let w = share * f64::from(r.weight) / t;
                conf_den += w;
                if r.verified {
                    conf_num += w;
                }
            }
        }
        let knockouts_failed: Vec<String> = results
            .iter()
            .filter(|r| {
                r.severity == Severity::Knockout
                    && r.outcome == Outcome::Fail
                    && !r.effectively_passed()
            })
            .map(|r| r.rule.clone())
            .collect();
        let open_must_haves: Vec<String> = results
            .iter()
            .filter(|r| {
                r.severity == Severity::Knockout
                    && r.outcome == Outcome::Unknown
                    && !r.effectively_passed()
            })
            .map(|r| r.rule.clone())
            .collect();
        let open_questions = results
            .iter()
            .filter(|r| r.outcome == Outcome::Unknown)
            .filter_map(|r| {
                let rule = self.rules.iter().find(|a| a.rule.id == r.rule)?.rule;
                let waived = r.effectively_passed();
                let points_exact = if waived || !scored(r) {
                    0.0
                } else {
                    point_of.get(&r.area).copied().unwrap_or(0.0) * f64::from(r.weight)
                };
                Some(OpenQuestion {
                    rule: r.rule.clone(),
                    severity: r.severity,
                    area: r.area,
                    question: rule.question.clone(),
                    facts: r.missing.clone(),
                    reason: r.reason.clone(),
                    points: round1(points_exact),
                    waived,
                    points_exact,
                })
            })
            .collect();
        let seal = seal::assess(&profile_json(p), &self.requirements.sovereignty_seal);
        let must_haves = decision::must_haves(&results, &seal);
        let unproven = self.requirements.open_must_haves == OpenMustHaves::Exclude
            && must_haves
                .iter()
                .any(|m| m.state == decision::MustHaveState::Open);
        ProviderAssessment {
            id: p.id.clone(),
            name: p.name.clone(),
            example_data: p.example_data,
            rank: None,
            // The minimum-SEAL gate excludes like a failed knock-out, before ranking;
            // with `open_must_haves: exclude` so does a must-have not proven.
            eligible: knockouts_failed.is_empty() && seal.gate_failed.is_empty() && !unproven,
            knockouts_failed,
            open_must_haves,
            total: round1(total),
            total_if_unknowns_pass: round1(upper),
            score_interval: decision::ScoreInterval {
                worst: round1(total),
                best: round1(upper),
            },
            must_haves,
            confidence_pct: if conf_den > 0.0 {
                round1(100.0 * conf_num / conf_den)
            } else {
                0.0
            },
            areas,
            results,
            open_questions,
            seal,
            offers,
            total_exact: total,
            best_exact: upper,
        }
    }

    /// Assesses all providers: ranking, robustness, waiver report.
    pub fn assess(&self, providers: &[ProviderProfile]) -> Result<Assessment, Vec<Diagnostic>> {
        let mut sorted: Vec<&ProviderProfile> = providers.iter().collect();
        sorted.sort_by(|a, b| a.id.cmp(&b.id));
        let mut errors = Vec::new();
        for w in sorted.windows(2) {
            if w[0].id == w[1].id {
                errors.push(
                    Diagnostic::error_t(
                        ValidateCode::DuplicateId,
                        "eval_two_profiles_same_id",
                        &[("id", &w[0].id)],
                    )
                    .help_t("eval_two_profiles_same_id_help", &[]),
                );
            }
        }
        if !errors.is_empty() {
            return Err(errors);
        }
        let mut assessed: Vec<ProviderAssessment> =
            sorted.iter().map(|p| self.assess_provider(p)).collect();
        rank(&mut assessed);
        let used_areas: Vec<Area> = self
            .rules
            .iter()
            .filter(|r| r.severity != Severity::Info && r.rule.weight > 0)
            .map(|r| r.rule.area)
            .collect();
        let weight_sum: f64 = self
            .weights
            .iter()
            .filter(|(a, _)| used_areas.contains(a))
            .map(|(_, w)| *w)
            .sum();
        let area_weights: Vec<AreaWeight> = self
            .weights
            .iter()
            .map(|(a, w)| AreaWeight {
                area: *a,
                weight: *w,
                share_pct: if used_areas.contains(a) && weight_sum > 0.0 {
                    round1(100.0 * w / weight_sum)
                } else {
                    0.0
                },
            })
            .collect();
        let robustness = smaa::run(&assessed, &self.weights, &self.requirements.robustness);
        let mut robustness_open_facts =
            smaa::run_open_facts(&assessed, &self.weights, &self.requirements.robustness);
        robustness_open_facts.moved_by = smaa::moved_by(
            robustness.leader_first_pct,
            robustness_open_facts.leader_first_pct_open_facts,
        );
        let shortlist = decision::shortlist(&assessed, self.requirements.open_must_haves);
        let under = decision::under_unknowns(&assessed);
        let recommendation = decision::recommend(
            &assessed,
            &under,
            robustness_open_facts.leader_first_pct_both,
            smaa::ROBUST_THRESHOLD_PCT,
        );
        let waivers = self
            .requirements
            .waivers
            .iter()
            .map(|w| {
                let status = if self.date > w.expires.0 {
                    "expired"
                } else if !self.applied.iter().any(|a| a.id == w.rule) {
                    "rule_not_applied"
                } else {
                    match assessed.iter().find(|p| p.id == w.provider) {
                        None => "provider_not_assessed",
                        Some(p) => match p.results.iter().find(|r| r.rule == w.rule) {
                            Some(r) if r.outcome == Outcome::Pass => "not_needed",
                            _ => "applied",
                        },
                    }
                };
                WaiverStatus {
                    rule: w.rule.clone(),
                    provider: w.provider.clone(),
                    expires: w.expires,
                    justification: w.justification.clone(),
                    status,
                }
            })
            .collect();
        let packs = self
            .packs
            .iter()
            .map(|p| PackSummary {
                id: p.id.clone(),
                version: p.version.clone(),
                title: p.title.clone(),
                rules: p
                    .rules
                    .iter()
                    .filter(|r| r.status == RuleStatus::Active)
                    .count(),
                applied: self.applied.iter().filter(|a| a.pack == p.id).count(),
            })
            .collect();
        Ok(Assessment {
            evaluation_date: Date(self.date),
            requirements_title: self.requirements.title.clone(),
            max_evidence_age_months: self.requirements.max_evidence_age_months,
            packs,
            area_weights,
            rules: self.applied.clone(),
            skipped_rules: self.skipped.clone(),
            providers: assessed,
            shortlist,
            decision: under,
            recommendation,
            robustness,
            robustness_open_facts,
            waivers,
        })
    }
}

/// Orders providers: eligible by total (highest first, ties by id), then excluded by id;
/// numbers the eligible ones.
fn rank(ps: &mut [ProviderAssessment]) {
    ps.sort_by(|a, b| {
        b.eligible
            .cmp(&a.eligible)
            .then_with(|| {
                if a.eligible {
                    b.total_exact.total_cmp(&a.total_exact)
                } else {
                    std::cmp::Ordering::Equal
                }
            })
            .then_with(|| a.id.cmp(&b.id))
    });
    let mut n = 0;
    for p in ps.iter_mut() {
        if p.eligible {
            n += 1;
            p.rank = Some(n);
        } else {
            p.rank = None;
        }
    }
}

pub(crate) fn round1(x: f64) -> f64 {
    (x * 10.0).round() / 10.0
}

/// The normalised JSON of a profile as rules read it, without `offers` (rules read
/// offers through typed accessors; see `check::OfferField`).
pub fn profile_json(p: &ProviderProfile) -> Value {
    // Destructured without `..` so that a new profile field is a compile error
    // here until it is added to the view rules read.
    let ProviderProfile {
        kind,
        schema_version,
        id,
        name,
        example_data,
        compiled,
        notes: _,
        identity,
        regions,
        offers: _,
        storage,
        egress,
        sla,
        dpa,
        transfers,
        certifications,
        certifications_complete,
        codes_of_conduct,
        codes_of_conduct_complete,
        security,
        sovereignty,
        data_act,
        exit,
        support,
        ai_literacy,
        energy,
        sources: _,
        gaps: _,
    } = p;
    let v = |x: Result<Value, serde_json::Error>| x.unwrap_or(Value::Null);
    let mut m = serde_json::Map::new();
    m.insert("kind".into(), Value::String(kind.clone()));
    m.insert("schema_version".into(), Value::from(*schema_version));
    m.insert("id".into(), Value::String(id.clone()));
    m.insert("name".into(), Value::String(name.clone()));
    m.insert("example_data".into(), Value::Bool(*example_data));
    if let Some(c) = compiled {
        m.insert("compiled".into(), Value::String(c.to_string()));
    }
    m.insert("identity".into(), v(serde_json::to_value(identity)));
    m.insert("regions".into(), v(serde_json::to_value(regions)));
    if let Some(s) = storage {
        m.insert("storage".into(), v(serde_json::to_value(s)));
    }
    if let Some(e) = egress {
        m.insert("egress".into(), v(serde_json::to_value(e)));
    }
    m.insert("sla".into(), v(serde_json::to_value(sla)));
    m.insert("dpa".into(), v(serde_json::to_value(dpa)));
    m.insert("transfers".into(), v(serde_json::to_value(transfers)));
    m.insert(
        "certifications".into(),
        v(serde_json::to_value(certifications)),
    );
    if !certifications_complete.is_blank() {
        m.insert(
            "certifications_complete".into(),
            v(serde_json::to_value(certifications_complete)),
        );
    }
    m.insert(
        "codes_of_conduct".into(),
        v(serde_json::to_value(codes_of_conduct)),
    );
    if !codes_of_conduct_complete.is_blank() {
        m.insert(
            "codes_of_conduct_complete".into(),
            v(serde_json::to_value(codes_of_conduct_complete)),
        );
    }
    m.insert("security".into(), v(serde_json::to_value(security)));
    m.insert("sovereignty".into(), v(serde_json::to_value(sovereignty)));
    m.insert("data_act".into(), v(serde_json::to_value(data_act)));
    m.insert("exit".into(), v(serde_json::to_value(exit)));
    m.insert("support".into(), v(serde_json::to_value(support)));
    m.insert("ai_literacy".into(), v(serde_json::to_value(ai_literacy)));
    m.insert("energy".into(), v(serde_json::to_value(energy)));
    Value::Object(m)
}

/// Assesses `providers` with `packs` under `requirements` on `date`.
pub fn assess(
    providers: &[ProviderProfile],
    packs: &[RulePack],
    requirements: &Requirements,
    date: Date,
) -> Result<Assessment, Vec<Diagnostic>> {
    Engine::new(packs, requirements, date)?.assess(providers)
}
