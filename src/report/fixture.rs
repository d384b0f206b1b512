//! A hand-made report for the renderers' unit tests: two eligible providers,
//! one excluded, German characters, long tables that must break across pages.
//! (The golden tests in tests/ use the real pipeline on the embedded data.)

use std::str::FromStr;

use chrono::NaiveDate;
use rust_decimal::Decimal;

use super::build::{document_id, Texts};
use super::chart::{bar_chart, value_map, BarInput, PointInput};
use super::*;
use crate::i18n::{self, Lang};

fn d(s: &str) -> Decimal {
    Decimal::from_str(s).unwrap()
}

pub fn sample(lang: Lang) -> Report {
    let tx = Texts::new(lang);
    let date = NaiveDate::from_ymd_opt(2026, 11, 30).unwrap();
    let inputs = vec![
        InputRow {
            file: "embedded:providers/alpha.yaml".into(),
            kind: "provider".into(),
            sha256: "a".repeat(64),
            file_text: String::new(),
            kind_text: String::new(),
        },
        InputRow {
            file: "embedded:rules/dpa.yaml".into(),
            kind: "rule_pack".into(),
            sha256: "b".repeat(64),
            file_text: String::new(),
            kind_text: String::new(),
        },
    ];
    let robust = |first: f64, top3: f64| Robustness {
        rank_first: tx.percent(first),
        top3: tx.percent(top3),
        robust: first >= 75.0,
        text: format!(
            "{} ({} {})",
            if first >= 75.0 {
                tx.label("robust")
            } else {
                tx.label("not_robust")
            },
            tx.label("rank_first"),
            tx.percent(first).text
        ),
    };
    let row =
        |rank: Option<u32>, id: &str, name: &str, score: f64, cost: Option<(&str, &str, &str)>| {
            ShortlistRow {
                rank,
                provider_id: id.into(),
                provider_name: name.into(),
                eligible: rank.is_some(),
                status_text: tx.label(if rank.is_some() {
                    "eligible"
                } else {
                    "excluded"
                }),
                score: tx.score(score),
                confidence: tx.percent(62.5),
                robustness: robust(if rank == Some(1) { 88.0 } else { 6.0 }, 97.0),
                open_must_haves: 1,
                cost: cost.map(|(l, m, h)| tx.range(d(l), d(m), d(h), "EUR")),
                cost_comparable: None,
                time_to_result: Some(tx.hours(41.5)),
            }
        };
    let shortlist = vec![
        row(
            Some(1),
            "alpha",
            "Alpha Rechenzentrum GmbH",
            84.25,
            Some(("11000", "12345.67", "13600")),
        ),
        row(
            Some(2),
            "beta",
            "Beta Cloud Ä/Ö/Ü SE",
            71.0,
            Some(("9000", "9800.5", "10600")),
        ),
        row(None, "gamma", "Gamma Compute Inc.", 55.5, None),
    ];
    let findings: Vec<FindingRow> = (1..=40)
        .map(|i| FindingRow {
            rule_id: format!("DPA-{i:03}"),
            title:
                "Auftragsverarbeitung nur auf dokumentierte Weisung – Übermittlungen eingeschlossen"
                    .into(),
            outcome: [Outcome::Pass, Outcome::Fail, Outcome::Unknown][i % 3],
            outcome_text: tx.label(["pass", "fail", "unknown"][i % 3]),
            severity: "major".into(),
            severity_text: tx.label("major"),
            reason:
                "Der Vertrag nennt die Weisungsbindung in § 4 Abs. 2; Frist ≥ 30 Tage → erfüllt ✓"
                    .into(),
            legal_basis: "GDPR Art. 28(3)(a)".into(),
            waived: i == 7,
        })
        .collect();
    let provider = |r: &ShortlistRow| ProviderSection {
        id: r.provider_id.clone(),
        name: r.provider_name.clone(),
        legal_entity: Some(format!("{} Holding", r.provider_name)),
        hq_country: Some("DE".into()),
        eligible: r.eligible,
        status_text: r.status_text.clone(),
        rank: r.rank,
        score: r.score.clone(),
        confidence: r.confidence.clone(),
        robustness: r.robustness.clone(),
        areas: vec![AreaRow {
            id: "dpa".into(),
            name: "Auftragsverarbeitung (Art. 28 DSGVO)".into(),
            score: tx.score(90.0),
            weight: tx.percent(25.0),
        }],
        passed: findings
            .iter()
            .filter(|f| f.outcome == Outcome::Pass)
            .map(|f| f.rule_id.clone())
            .collect(),
        findings: findings.clone(),
        facts: vec![FactRow {
            label: "Deadline to report a data breach to you (hours)".into(),
            pointer: "/dpa/breach_notice_hours".into(),
            value: "24".into(),
            source: Some(
                "https://example.com/avv-2026.pdf#section-that-is-quite-long-to-test-wrapping"
                    .into(),
            ),
            as_of: Some(tx.as_of(&"2026-05".parse().unwrap())),
            status: Some("self_declared".into()),
            status_text: tx.label("self_declared"),
        }],
        open_questions: vec![QuestionRow {
            rule_id: "SEC-004".into(),
            question: "Welche Verschlüsselung gilt für ruhende Daten („at rest“)?".into(),
        }],
        waivers: vec![WaiverRow {
            rule_id: "DPA-007".into(),
            justification: "Vom Vorstand akzeptiert bis zur Vertragsverlängerung.".into(),
            approved_by: Some("Dr. Müller".into()),
            expires: tx.date(NaiveDate::from_ymd_opt(2026, 6, 30).unwrap()),
            expired: true,
            status_text: tx.label("expired"),
        }],
    };
    let bars = vec![
        BarInput {
            label: "Alpha · H100-SXM ×8".into(),
            place: Some("Deutschland".into()),
            offer: "h100x8".into(),
            low: d("11000"),
            mid: d("12345.67"),
            high: d("13600"),
            highlight: true,
            comparable: false,
        },
        BarInput {
            label: "Beta · A100-SXM-80GB ×8".into(),
            place: None,
            offer: "a100x8".into(),
            low: d("9000"),
            mid: d("9800.5"),
            high: d("10600"),
            highlight: true,
            comparable: false,
        },
    ];
    let cost = CostSection {
        currency: "EUR".into(),
        workload: "Feinabstimmung, 3 Epochen × 1.000.000 Beispiele".into(),
        comparison_note: None,
        rows: vec![CostRow {
            provider_id: "alpha".into(),
            provider_name: "Alpha Rechenzentrum GmbH".into(),
            offer_id: "h100x8".into(),
            gpu: "H100-SXM".into(),
            gpus_per_instance: 8,
            region: Some("DE".into()),
            basis: "measured".into(),
            basis_text: tx.label("measured"),
            eligible: true,
            on_demand: Some(tx.range(d("11000"), d("12345.67"), d("13600"), "EUR")),
            spot: None,
            comparable: None,
            time_to_result: Some(tx.hours(41.5)),
            missing: None,
        }],
        chart: bar_chart(&bars, "EUR", lang),
        spot_vs_on_demand: vec![],
        budget: Some(BudgetAdvice {
            offer: "Alpha · h100x8".into(),
            alerts: vec![BudgetAlert {
                percent: 50,
                amount: tx.money(d("6172.84"), "EUR"),
            }],
            automatic_stop: tx.money(d("14814.80"), "EUR"),
        }),
        rent_vs_buy: Some(RentVsBuy {
            owned_per_gpu_hour: tx.money(d("3.12"), "EUR"),
            cloud_per_gpu_hour: Some(tx.money(d("2.45"), "EUR")),
            expected_utilisation: tx.percent(40.0),
            break_even_utilisation: Some(tx.percent(63.0)),
            verdict: "Mieten ist günstiger unterhalb von 63 % Auslastung.".into(),
        }),
        notes: vec!["1 USD = 0,92 € (EZB, 28.11.2026)".into()],
    };
    let vm = value_map(
        &[
            PointInput {
                provider_id: "alpha".into(),
                label: "Alpha".into(),
                score: 84.25,
                cost: d("12345.67"),
                comparable: false,
            },
            PointInput {
                provider_id: "beta".into(),
                label: "Beta".into(),
                score: 71.0,
                cost: d("9800.5"),
                comparable: true,
            },
        ],
        "EUR",
        lang,
        tx.label("value_map_note"),
    );
    Report {
        report_version: REPORT_VERSION,
        lang,
        labels: i18n::labels(lang),
        meta: Meta {
            title: tx.label("title"),
            subject: tx.label("subject"),
            author: "cloudvet 0.1.0".into(),
            tool: "cloudvet".into(),
            tool_version: "0.1.0".into(),
            evaluation_date: tx.date(date),
            document_id: document_id(&inputs, "2026-11-30", lang),
        },
        summary: Summary {
            recommendation: Some(Recommendation {
                state: "recommend".into(),
                sentence: "Empfehlung: Alpha Rechenzentrum GmbH. Der Anbieter erfüllt alle Muss-Kriterien und liegt vorn, wie auch immer die offenen Punkte ausgehen.".into(),
                next_step: "Nächster Schritt: Die Fakten mit Alpha Rechenzentrum GmbH bestätigen und die Vertragsverhandlung beginnen.".into(),
                provider_id: "alpha".into(),
                provider_name: "Alpha Rechenzentrum GmbH".into(),
                reasons: vec!["Höchste Punktzahl (84,3) bei 88 % Robustheit.".into()],
            }),
            headline: "Zwei von drei Anbietern sind zulässig.".into(),
            top: shortlist[..2].to_vec(),
            assessed: 3,
            eligible: 2,
            excluded: 1,
            excluded_by: vec![ExcludedBy {
                rule_id: "LOC-001".into(),
                title: "Daten bleiben in der EU".into(),
                count: 1,
                providers: vec!["Gamma Compute Inc.".into()],
            }],
            cost_range: Some(tx.range(d("9000"), d("9800.5"), d("13600"), "EUR")),
            cost_comparable: None,
            cost_comparable_note: None,
            main_risks: vec!["CLOUD-Act-Exposition über die Muttergesellschaft".into()],
            open_must_haves: vec![OpenMustHaves {
                provider_id: "beta".into(),
                provider_name: "Beta".into(),
                rules: vec![RuleRef {
                    rule_id: "CERT-002".into(),
                    title: "BSI C5 Typ 2".into(),
                }],
                text: "CERT-002 BSI C5 Typ 2".into(),
            }],
            robustness_note: "Die Rangfolge ist robust.".into(),
        },
        knockouts: vec![KnockoutRow {
            provider_id: "gamma".into(),
            provider_name: "Gamma Compute Inc.".into(),
            rule_id: "LOC-001".into(),
            title: "Daten bleiben in der EU".into(),
            reason: "Rechenzentren nur in den USA".into(),
            legal_basis: "GDPR Art. 44".into(),
        }],
        seal: Vec::new(),
        providers: shortlist.iter().map(provider).collect(),
        shortlist: shortlist.clone(),
        cost: Some(cost),
        value_map: vm,
        recommendations: vec![Advice {
            kind: "budget_alerts".into(),
            title: "Budgetwarnungen".into(),
            text: "Warnungen bei 50/80/100 % einrichten.".into(),
        }],
        dpa_reviews: vec![DpaStatus {
            provider_id: "alpha".into(),
            provider_name: "Alpha".into(),
            state: "missing".into(),
            reviewed: false,
            status_text: tx.label("not_reviewed"),
            reviewer: None,
            date: None,
            basis: "Profil (Selbstauskunft)".into(),
        }],
        method: Method {
            text: vec!["Regeln aus den Regelwerken, gewichtet nach Bereichen.".into()],
            rule_packs: vec![RulePackRow {
                id: "dpa".into(),
                title: "Auftragsverarbeitung".into(),
                version: "1.0.0".into(),
                rules: 23,
            }],
            legal_texts: vec!["Verordnung (EU) 2016/679 (DSGVO): Art. 28, 44".into()],
            benchmark_sources: vec![BenchmarkSourceRow {
                benchmark: "MLPerf Training v5.0".into(),
                source: "https://mlcommons.org/".into(),
                benchmark_text: String::new(),
                source_text: String::new(),
            }],
            benchmark_disclaimer: tx.label("mlperf_disclaimer"),
            price_sources: vec![PriceSourceRow {
                provider: "Alpha".into(),
                source: "https://example.com/preise".into(),
                as_of: Some(tx.date(date)),
            }],
        },
        provenance: ProvenanceSection {
            tool: "cloudvet".into(),
            tool_version: "0.1.0".into(),
            evaluation_date: tx.date(date),
            inputs,
        },
        decision: decision(&tx),
        dpo: dpo(&tx),
        procurement: ProcurementSection {
            offers: vec![OfferQualificationRow {
                provider_id: "alpha".into(),
                provider_name: "Alpha Rechenzentrum GmbH".into(),
                verdict: "qualifies".into(),
                verdict_text: "geeignet".into(),
                summary: "1 von 3 Angeboten geeignet; 2 in einem nicht zulässigen Land (US)"
                    .into(),
                qualifying: vec!["h100x8".into()],
            }],
            cost_details: vec![CostDetail {
                provider_id: "alpha".into(),
                provider_name: "Alpha Rechenzentrum GmbH".into(),
                offer: "h100x8 (8× H100-SXM, DE)".into(),
                lines: vec![CostLineRow {
                    item: "Rechenzeit (On-Demand)".into(),
                    amount: Some(tx.money(d("11000"), "EUR")),
                    amount_text: tx.money(d("11000"), "EUR").text,
                    calculation: "1 Instanz × 41,5 h × 265,06 €/h".into(),
                }],
            }],
            findings: dpo(&tx),
        },
        legend: super::editions::legend(&tx),
    }
}

fn group_row(tx: &Texts, rank: Option<u32>, id: &str, name: &str) -> GroupRow {
    GroupRow {
        rank,
        provider_id: id.into(),
        provider_name: name.into(),
        score: tx.score(71.0),
        best_score: tx.score(88.0),
        score_text: "71,0 (bis 88,0)".into(),
        met: 30,
        failed: if rank.is_some() { 0 } else { 1 },
        unknown: 4,
        rules_text: "Alle Regeln: 30 erfüllt, 0 nicht erfüllt, 4 offen.".into(),
        must_haves_text: "Muss-Kriterien: 20 von 21 erfüllt, 1 offen.".into(),
        open_text: "Nicht angegeben: Auftragsverarbeitungsvertrag 3, Zertifizierungen 1 — siehe Fragebogen."
            .into(),
        excluded_by: if rank.is_some() {
            Vec::new()
        } else {
            vec!["Daten bleiben in der EU: Rechenzentren nur in den USA".into()]
        },
        cost_text: tx.range(d("9000"), d("9800.5"), d("10600"), "EUR").text,
        cost: Some(tx.range(d("9000"), d("9800.5"), d("10600"), "EUR")),
        cost_comparable: None,
    }
}

fn decision(tx: &Texts) -> DecisionSection {
    DecisionSection {
        next_steps: vec![
            "Die Vertragsverhandlung mit Alpha Rechenzentrum GmbH beginnen.".into(),
            "Den AVV von der/dem Datenschutzbeauftragten prüfen lassen.".into(),
        ],
        questions: vec![QuestionItem {
            provider_id: "beta".into(),
            provider_name: "Beta Cloud Ä/Ö/Ü SE".into(),
            rule_id: "CERT-002".into(),
            topic: "BSI C5 Typ 2".into(),
            question: "Liegt ein aktueller C5-Typ-2-Bericht vor?".into(),
            must_have: true,
            value: tx.score(71.0),
            effect: "ein „Nein“ schließt Beta Cloud Ä/Ö/Ü SE aus".into(),
        }],
        questions_more: Some(
            "Weitere 3 entscheidende Fragen an 2 Anbieter stehen in den Fragebögen.".into(),
        ),
        cleared: vec![group_row(tx, Some(1), "alpha", "Alpha Rechenzentrum GmbH")],
        open: vec![group_row(tx, Some(2), "beta", "Beta Cloud Ä/Ö/Ü SE")],
        excluded: vec![group_row(tx, None, "gamma", "Gamma Compute Inc.")],
        cost: vec!["Mit vollständiger Summe (2 Anbieter): von 9.000,00 € bis 13.600,00 €.".into()],
        risks: vec!["Nur 62 % der Punktzahl beruhen auf geprüften Nachweisen.".into()],
        rests_on: vec!["Die Rangfolge ist robust.".into()],
        method: "Regeln aus den Regelwerken, gewichtet nach Bereichen.".into(),
        provenance: "cloudvet 0.1.0 · Stichtag 30.11.2026 · aus 1 Anbieterprofil und 1 Regelwerk"
            .into(),
    }
}

fn dpo(tx: &Texts) -> Vec<ProviderFindings> {
    let finding = |i: usize| FindingDetail {
        rule_id: format!("DPA-{i:03}"),
        title: "Kontroll- und Inspektionsrechte".into(),
        outcome: if i.is_multiple_of(2) {
            Outcome::Fail
        } else {
            Outcome::Unknown
        },
        outcome_text: tx.label(if i.is_multiple_of(2) {
            "fail"
        } else {
            "unknown"
        }),
        severity_text: tx.label("knockout"),
        reason: "Im AVV nicht geregelt — beim Anbieter erfragen.".into(),
        legal_basis: "Art. 28 Abs. 3 lit. h DSGVO".into(),
        evidence: vec![EvidenceRow {
            fact: "Kontrollrechte".into(),
            pointer: "/dpa/clauses/audit".into(),
            value: tx.label("no"),
            source: Some("avv-2026.pdf".into()),
            as_of: Some(tx.as_of(&"2026-05".parse().unwrap())),
            status_text: tx.label("verified"),
            passage: Some("§ 9.1: „Der Auftragnehmer gestattet Prüfungen …“".into()),
        }],
        not_stated: Some("Nicht angegeben: Inspektionen vor Ort.".into()),
        waived: false,
    };
    vec![ProviderFindings {
        provider_id: "alpha".into(),
        provider_name: "Alpha Rechenzentrum GmbH".into(),
        rank: Some(1),
        group: "cleared".into(),
        group_text: tx.label("ed_group_cleared"),
        areas: vec![AreaFindings {
            id: "dpa".into(),
            title: "Auftragsverarbeitungsvertrag".into(),
            met: 18,
            failed: 1,
            unknown: 3,
            counts_text: "18 erfüllt, 1 nicht erfüllt, 3 offen".into(),
            counts_short: "1 nicht erfüllt, 3 offen, 18 erfüllt".into(),
            findings: (1..=30).map(finding).collect(),
        }],
        note: None,
    }]
}
