//! The three editions laid out as PDF pages: the decision edition for management
//! (what to do first, at most six pages on the embedded catalogue), the data
//! protection annex and the procurement annex. Each reads only the `Report`;
//! the HTML and Markdown templates of the same name show the same parts in the
//! same order.

use super::layout::{
    Align, Cell, Document, Face, Fonts, Layout, PageSetup, Style, ACCENT, AMBER, GREEN, RED,
};
use super::{col, drawing, outcome_color};
use crate::i18n;
use crate::render::Edition;
use crate::report::{GroupRow, ProviderFindings, Report};

/// A fixed text of the report's catalogue.
fn label(report: &Report, key: &str) -> String {
    report
        .labels
        .get(key)
        .cloned()
        .unwrap_or_else(|| i18n::t(report.lang, key).to_string())
}

fn title_style() -> Style {
    Style {
        size: 20.0,
        face: Face::Bold,
        color: ACCENT,
    }
}

/// The page frame and the title block every edition opens with.
fn start<'f>(report: &Report, edition: Edition, fonts: &'f Fonts) -> Layout<'f> {
    let lang = report.lang;
    let l = |k: &str| label(report, k);
    let title = l(edition.title_key());
    let setup = PageSetup {
        header_left: title.clone(),
        header_right: format!(
            "{} {}",
            l("evaluation_date"),
            report.meta.evaluation_date.text
        ),
        footer_left: format!("{} {}", report.meta.tool, report.meta.tool_version),
        page_label: Box::new(move |x, y| i18n::page_x_of_y(lang, x, y)),
    };
    let mut p = Layout::new(fonts, setup);
    p.paragraph(&title, title_style());
    p.paragraph(
        &format!(
            "{}: {} · {}: {}",
            l("evaluation_date"),
            report.meta.evaluation_date.text,
            l("document_id"),
            report.meta.document_id
        ),
        Style::SMALL,
    );
    p.space(2.0);
    p
}

/// Lays out one edition.
pub fn lay_out(report: &Report, edition: Edition, fonts: &Fonts) -> Document {
    match edition {
        Edition::Decision => decision(report, fonts),
        Edition::Dpo => dpo(report, fonts),
        Edition::Procurement => procurement(report, fonts),
    }
}

fn legend(p: &mut Layout<'_>, report: &Report, level: u8) {
    let l = |k: &str| label(report, k);
    if report.legend.is_empty() {
        return;
    }
    p.heading(level, &l("ed_legend"));
    let rows: Vec<Vec<Cell>> = report
        .legend
        .iter()
        .map(|r| vec![Cell::bold(r.mark.clone()), Cell::new(r.meaning.clone())])
        .collect();
    p.table(
        &[
            col(&l("ed_mark"), 1.4, Align::Left),
            col(&l("ed_meaning"), 4.6, Align::Left),
        ],
        &rows,
    );
}

// ---------------------------------------------------------------------------
// Decision edition

fn group_table(p: &mut Layout<'_>, report: &Report, rows: &[GroupRow]) {
    let l = |k: &str| label(report, k);
    let cells: Vec<Vec<Cell>> = rows
        .iter()
        .map(|r| {
            let mut rules = format!("{} {}", r.must_haves_text, r.rules_text);
            if !r.open_text.is_empty() {
                rules = format!("{rules} {}", r.open_text);
            }
            vec![
                Cell::new(r.rank.map(|x| x.to_string()).unwrap_or_else(|| "–".into())),
                Cell::bold(r.provider_name.clone()),
                Cell::new(r.score_text.clone()),
                Cell::new(rules),
                Cell::new(r.cost_text.clone()),
            ]
        })
        .collect();
    p.table(
        &[
            col(&l("rank"), 0.4, Align::Right),
            col(&l("provider"), 1.5, Align::Left),
            col(&l("score"), 0.9, Align::Left),
            col(&l("ed_rules"), 2.6, Align::Left),
            col(&l("ed_cost_col"), 1.4, Align::Left),
        ],
        &cells,
    );
}

fn decision(report: &Report, fonts: &Fonts) -> Document {
    let l = |k: &str| label(report, k);
    let mut p = start(report, Edition::Decision, fonts);
    let d = &report.decision;

    p.heading(1, &l("ed_what_to_do"));
    if let Some(r) = &report.summary.recommendation {
        let lines_h = 3.0 * Style::BODY.line_height() + 12.0;
        p.ensure(lines_h);
        let top = p.block(0.0);
        p.space(2.0);
        p.paragraph(
            &r.sentence,
            Style {
                size: 12.0,
                face: Face::Bold,
                color: ACCENT,
            },
        );
        let bottom = p.block(0.0);
        let x = p.left();
        p.rect(x - 6.0, top, 3.0, (bottom - top).max(10.0), ACCENT);
        p.space(2.0);
    }
    p.heading(3, &l("ed_next_steps"));
    p.numbered(&d.next_steps, Style::BODY);
    if let Some(r) = &report.summary.recommendation {
        if !r.reasons.is_empty() {
            p.heading(3, &l("ed_why"));
            p.bullets(&r.reasons, Style::BODY);
        }
    }
    p.heading(2, &l("ed_questions"));
    if d.questions.is_empty() {
        p.paragraph(&l("ed_questions_none"), Style::BODY);
    } else {
        p.paragraph(&l("ed_questions_intro"), Style::SMALL);
        let rows: Vec<Vec<Cell>> = d
            .questions
            .iter()
            .map(|q| {
                vec![
                    Cell::bold(q.provider_name.clone()),
                    Cell::new(q.topic.clone()),
                    Cell::new(q.question.clone()),
                    Cell::new(q.effect.clone()),
                ]
            })
            .collect();
        p.table(
            &[
                col(&l("provider"), 1.2, Align::Left),
                col(&l("ed_topic"), 1.6, Align::Left),
                col(&l("ed_question"), 2.4, Align::Left),
                col(&l("ed_effect"), 1.6, Align::Left),
            ],
            &rows,
        );
        if let Some(m) = &d.questions_more {
            p.paragraph(m, Style::SMALL);
        }
    }

    p.heading(1, &l("ed_shortlist"));
    for (key, none, rows) in [
        ("ed_cleared", "ed_cleared_none", &d.cleared),
        ("ed_open", "ed_open_none", &d.open),
    ] {
        p.heading(2, &l(key));
        if rows.is_empty() {
            p.paragraph(&l(none), Style::BODY);
        } else {
            group_table(&mut p, report, rows);
        }
    }
    p.heading(2, &l("ed_excluded"));
    if d.excluded.is_empty() {
        p.paragraph(&l("ed_excluded_none"), Style::BODY);
    } else {
        let rows: Vec<Vec<Cell>> = d
            .excluded
            .iter()
            .map(|r| {
                vec![
                    Cell::bold(r.provider_name.clone()),
                    Cell::new(r.excluded_by.join("; ")),
                ]
            })
            .collect();
        p.table(
            &[
                col(&l("provider"), 1.5, Align::Left),
                col(&l("ed_excluded_by"), 5.3, Align::Left),
            ],
            &rows,
        );
    }

    p.heading(1, &l("ed_cost"));
    p.bullets(&d.cost, Style::BODY);
    p.heading(1, &l("ed_risks"));
    if d.risks.is_empty() {
        p.paragraph(&l("none"), Style::BODY);
    } else {
        p.bullets(&d.risks, Style::BODY);
    }
    p.heading(1, &l("ed_rests_on"));
    p.bullets(&d.rests_on, Style::BODY);
    p.heading(1, &l("ed_method_title"));
    p.paragraph(&d.method, Style::BODY);
    p.paragraph(&l("ed_detail"), Style::BODY);
    p.paragraph(
        &format!("{}: {}", l("ed_provenance_title"), d.provenance),
        Style::SMALL,
    );
    legend(&mut p, report, 2);
    p.finish()
}

// ---------------------------------------------------------------------------
// DPO annex

fn review_cell(report: &Report, provider_id: &str) -> Cell {
    let l = |k: &str| label(report, k);
    match report
        .dpa_reviews
        .iter()
        .find(|d| d.provider_id == provider_id)
    {
        Some(d) => {
            let text = l(&format!("ed_dpa_state_{}", d.state));
            let color = match d.state.as_str() {
                "signed" => GREEN,
                "stale" => RED,
                _ => AMBER,
            };
            Cell::colored(text, color)
        }
        None => Cell::new("–"),
    }
}

fn dpo_provider(p: &mut Layout<'_>, report: &Report, prov: &ProviderFindings, review: bool) {
    let l = |k: &str| label(report, k);
    let head = match prov.rank {
        Some(r) => format!("{} — {} {r}", prov.provider_name, l("rank")),
        None => prov.provider_name.clone(),
    };
    p.heading(2, &head);
    let mut line = format!("{}: {}", l("status"), prov.group_text);
    if let Some(d) = report
        .dpa_reviews
        .iter()
        .filter(|_| review)
        .find(|d| d.provider_id == prov.provider_id)
    {
        line.push_str(&format!(
            " · {}: {} — {}",
            l("ed_dpa_review"),
            d.status_text,
            d.basis
        ));
    }
    p.paragraph(&line, Style::BODY);
    if let Some(n) = &prov.note {
        p.paragraph(n, Style::SMALL);
    }
    for area in &prov.areas {
        if !report_area_shown(prov, area) {
            continue;
        }
        p.heading(3, &format!("{} — {}", area.title, area.counts_text));
        if area.findings.is_empty() {
            p.paragraph(&l("ed_no_findings"), Style::SMALL);
            continue;
        }
        let rows: Vec<Vec<Cell>> = area
            .findings
            .iter()
            .map(|f| {
                let mut rests = vec![f.reason.clone()];
                for e in &f.evidence {
                    let mut s = format!("{}: {}", e.fact, e.value);
                    let mut src = Vec::new();
                    if let Some(x) = &e.source {
                        src.push(x.clone());
                    }
                    if let Some(d) = &e.as_of {
                        src.push(d.text.clone());
                    }
                    src.push(e.status_text.clone());
                    s.push_str(&format!(" ({})", src.join(", ")));
                    if let Some(pa) = &e.passage {
                        s.push_str(&format!(" — {}: {pa}", l("ed_passage")));
                    }
                    rests.push(s);
                }
                if let Some(n) = &f.not_stated {
                    rests.push(n.clone());
                }
                vec![
                    Cell::new(format!("{} {}", f.rule_id, f.title)),
                    Cell::colored(f.outcome_text.clone(), outcome_color(f.outcome)),
                    Cell::new(f.legal_basis.clone()),
                    Cell::new(rests.join("\n")),
                ]
            })
            .collect();
        p.table(
            &[
                col(&l("ed_finding"), 1.9, Align::Left),
                col(&l("outcome"), 0.8, Align::Left),
                col(&l("legal_basis"), 1.3, Align::Left),
                col(&l("ed_rests_on_col"), 3.0, Align::Left),
            ],
            &rows,
        );
    }
}

/// Excluded providers show only the areas with a must-have that excluded them.
fn report_area_shown(prov: &ProviderFindings, area: &crate::report::AreaFindings) -> bool {
    prov.note.is_none() || !area.findings.is_empty()
}

/// One row per provider: its group, (with `review`) the DPA review state, and the
/// counts per area of the findings.
fn findings_overview(p: &mut Layout<'_>, report: &Report, list: &[ProviderFindings], review: bool) {
    let l = |k: &str| label(report, k);
    // One column per area, in the order the annex covers them.
    let areas: Vec<(String, String)> = list
        .iter()
        .flat_map(|d| d.areas.iter().map(|a| (a.id.clone(), a.title.clone())))
        .fold(Vec::new(), |mut v, a| {
            if !v.contains(&a) {
                v.push(a);
            }
            v
        });
    let mut cols = vec![
        col(&l("provider"), 1.4, Align::Left),
        col(&l("status"), 0.9, Align::Left),
    ];
    if review {
        cols.push(col(&l("ed_dpa_review"), 0.9, Align::Left));
    }
    for (_, t) in &areas {
        cols.push(col(t, 1.0, Align::Left));
    }
    let rows: Vec<Vec<Cell>> = list
        .iter()
        .map(|d| {
            let mut row = vec![
                Cell::bold(d.provider_name.clone()),
                Cell::new(d.group_text.clone()),
            ];
            if review {
                row.push(review_cell(report, &d.provider_id));
            }
            for (id, _) in &areas {
                row.push(Cell::new(
                    d.areas
                        .iter()
                        .find(|a| &a.id == id)
                        .map(|a| a.counts_short.clone())
                        .unwrap_or_default(),
                ));
            }
            row
        })
        .collect();
    p.table(&cols, &rows);
}

fn dpo(report: &Report, fonts: &Fonts) -> Document {
    let l = |k: &str| label(report, k);
    let mut p = start(report, Edition::Dpo, fonts);
    p.paragraph(&l("ed_dpo_intro"), Style::BODY);

    p.heading(1, &l("ed_dpo_overview"));
    findings_overview(&mut p, report, &report.dpo, true);

    p.heading(1, &l("dpa_reviews"));
    let rows: Vec<Vec<Cell>> = report
        .dpa_reviews
        .iter()
        .map(|d| {
            vec![
                Cell::bold(d.provider_name.clone()),
                review_cell(report, &d.provider_id),
                Cell::new(d.reviewer.clone().unwrap_or_default()),
                Cell::new(d.date.as_ref().map(|x| x.text.clone()).unwrap_or_default()),
                Cell::new(d.basis.clone()),
            ]
        })
        .collect();
    p.table(
        &[
            col(&l("provider"), 1.3, Align::Left),
            col(&l("status"), 1.0, Align::Left),
            col(&l("reviewer"), 1.1, Align::Left),
            col(&l("date"), 0.9, Align::Left),
            col(&l("basis"), 2.5, Align::Left),
        ],
        &rows,
    );

    p.new_page();
    p.heading(1, &l("findings"));
    for prov in &report.dpo {
        dpo_provider(&mut p, report, prov, true);
    }

    p.heading(1, &l("legal_texts"));
    p.bullets(&report.method.legal_texts, Style::BODY);
    legend(&mut p, report, 1);
    p.paragraph(
        &format!(
            "{}: {}",
            l("ed_provenance_title"),
            report.decision.provenance
        ),
        Style::SMALL,
    );
    p.finish()
}

// ---------------------------------------------------------------------------
// Procurement annex

fn procurement(report: &Report, fonts: &Fonts) -> Document {
    let lang = report.lang;
    let l = |k: &str| label(report, k);
    let mut p = start(report, Edition::Procurement, fonts);
    p.paragraph(&l("ed_procurement_intro"), Style::BODY);

    p.heading(1, &l("ed_offers_title"));
    let rows: Vec<Vec<Cell>> = report
        .procurement
        .offers
        .iter()
        .map(|o| {
            let color = match o.verdict.as_str() {
                "qualifies" => GREEN,
                "does_not_qualify" => RED,
                _ => AMBER,
            };
            vec![
                Cell::bold(o.provider_name.clone()),
                Cell::colored(o.verdict_text.clone(), color),
                Cell::new(o.summary.clone()),
                Cell::new(o.qualifying.join(", ")),
            ]
        })
        .collect();
    p.table(
        &[
            col(&l("provider"), 1.3, Align::Left),
            col(&l("ed_verdict"), 0.9, Align::Left),
            col(&l("ed_offers"), 2.6, Align::Left),
            col(&l("ed_qualifying"), 2.0, Align::Left),
        ],
        &rows,
    );

    p.heading(1, &l("cost"));
    match &report.cost {
        None => p.paragraph(&l("no_cost_data"), Style::BODY),
        Some(c) => {
            p.paragraph(&c.workload, Style::BODY);
            let rows: Vec<Vec<Cell>> = c
                .rows
                .iter()
                .map(|r| {
                    let na = r.missing.clone().unwrap_or_else(|| l("not_applicable"));
                    let mut offer = format!("{} ({}× {}", r.offer_id, r.gpus_per_instance, r.gpu);
                    if let Some(reg) = &r.region {
                        offer.push_str(&format!(", {reg}"));
                    }
                    offer.push(')');
                    vec![
                        Cell::bold(r.provider_name.clone()),
                        Cell::new(offer),
                        Cell::new(r.basis_text.clone()),
                        Cell::new(match (&r.on_demand, &r.comparable) {
                            (Some(m), _) => m.text.clone(),
                            (None, Some(k)) => format!("{} ({})", k.text, l("comparable")),
                            (None, None) => na.clone(),
                        }),
                        Cell::new(
                            r.spot
                                .as_ref()
                                .map(|m| m.text.clone())
                                .unwrap_or_else(|| l("not_applicable")),
                        ),
                        Cell::new(
                            r.time_to_result
                                .as_ref()
                                .map(|t| t.text.clone())
                                .unwrap_or_default(),
                        ),
                    ]
                })
                .collect();
            p.table(
                &[
                    col(&l("provider"), 1.2, Align::Left),
                    col(&l("offer"), 2.0, Align::Left),
                    col(&l("basis"), 1.25, Align::Left),
                    col(&l("on_demand"), 1.7, Align::Right),
                    col(&l("spot"), 1.1, Align::Right),
                    col(&l("time_to_result"), 0.8, Align::Right),
                ],
                &rows,
            );
            if let Some(n) = &c.comparison_note {
                p.paragraph(n, Style::SMALL);
            }
            if !c.chart.bars.is_empty() {
                p.ensure(c.chart.drawing.height as f32 + 30.0);
                p.heading(3, &c.chart.title);
                drawing(&mut p, &c.chart.drawing);
            }

            if !report.procurement.cost_details.is_empty() {
                p.heading(2, &l("ed_cost_lines"));
                p.paragraph(&l("ed_cost_lines_intro"), Style::SMALL);
                for d in &report.procurement.cost_details {
                    p.heading(3, &format!("{} · {}", d.provider_name, d.offer));
                    let rows: Vec<Vec<Cell>> = d
                        .lines
                        .iter()
                        .map(|x| {
                            vec![
                                Cell::new(x.item.clone()),
                                Cell::new(x.amount_text.clone()),
                                Cell::new(x.calculation.clone()),
                            ]
                        })
                        .collect();
                    p.table(
                        &[
                            col(&l("ed_item"), 1.1, Align::Left),
                            col(&l("ed_amount"), 1.6, Align::Right),
                            col(&l("ed_calculation"), 4.1, Align::Left),
                        ],
                        &rows,
                    );
                }
            }

            if !c.spot_vs_on_demand.is_empty() {
                p.heading(2, &l("spot_vs_on_demand"));
                let rows: Vec<Vec<Cell>> = c
                    .spot_vs_on_demand
                    .iter()
                    .map(|s| {
                        vec![
                            Cell::new(s.offer.clone()),
                            Cell::new(s.on_demand.text.clone()),
                            Cell::new(s.spot.text.clone()),
                            Cell::new(s.saving.text.clone()),
                        ]
                    })
                    .collect();
                p.table(
                    &[
                        col(&l("offer"), 2.4, Align::Left),
                        col(&l("on_demand"), 1.2, Align::Right),
                        col(&l("spot"), 1.2, Align::Right),
                        col(&l("saving"), 0.8, Align::Right),
                    ],
                    &rows,
                );
            }
            if let Some(b) = &c.budget {
                p.heading(2, &l("budget_advice"));
                p.paragraph(&b.offer, Style::BODY);
                let mut items: Vec<String> = b
                    .alerts
                    .iter()
                    .map(|a| {
                        format!(
                            "{} {}: {}",
                            l("alert_at"),
                            i18n::percent(lang, f64::from(a.percent), 0),
                            a.amount.text
                        )
                    })
                    .collect();
                items.push(format!(
                    "{}: {}",
                    l("automatic_stop"),
                    b.automatic_stop.text
                ));
                p.bullets(&items, Style::BODY);
            }
            if let Some(r) = &c.rent_vs_buy {
                p.heading(2, &l("rent_vs_buy"));
                let mut items = vec![format!("{}: {}", l("owned"), r.owned_per_gpu_hour.text)];
                if let Some(cl) = &r.cloud_per_gpu_hour {
                    items.push(format!("{}: {}", l("rented"), cl.text));
                }
                items.push(format!(
                    "{}: {}",
                    l("expected_utilisation"),
                    r.expected_utilisation.text
                ));
                if let Some(b) = &r.break_even_utilisation {
                    items.push(format!("{}: {}", l("break_even"), b.text));
                }
                p.bullets(&items, Style::BODY);
                p.paragraph(&r.verdict, Style::BOLD);
            }
        }
    }

    if !report.value_map.points.is_empty() {
        p.ensure(report.value_map.drawing.height as f32 + 40.0);
        p.heading(1, &l("value_map"));
        drawing(&mut p, &report.value_map.drawing);
        p.paragraph(&report.value_map.note, Style::SMALL);
    }

    p.heading(1, &l("recommendations"));
    if report.recommendations.is_empty() {
        p.paragraph(&l("none"), Style::BODY);
    }
    for a in &report.recommendations {
        p.paragraph(&a.title, Style::BOLD);
        p.paragraph(&a.text, Style::BODY);
    }

    // Sovereignty levels: one row per provider, SOV-1 … SOV-8.
    if !report.seal.is_empty() {
        p.heading(1, &l("seal_title"));
        p.paragraph(&l("seal_note"), Style::BODY);
        let mut cols = vec![col(&l("provider"), 1.6, Align::Left)];
        for c in &report.seal[0].levels {
            cols.push(col(&c.objective, 0.75, Align::Left));
        }
        let rows: Vec<Vec<Cell>> = report
            .seal
            .iter()
            .map(|r| {
                let mut row = vec![Cell::bold(r.provider_name.clone())];
                for c in &r.levels {
                    let mut t = c.level.to_string();
                    if c.open {
                        t.push_str(&format!(" ({})", l("seal_open")));
                    }
                    if let Some(m) = c.minimum {
                        t.push_str(&format!(", {} {m}", l("seal_minimum")));
                    }
                    if r.below_minimum.contains(&c.objective) {
                        t.push_str(&format!(" — {}", l("seal_below_minimum")));
                    }
                    row.push(Cell::new(t));
                }
                row
            })
            .collect();
        p.table(&cols, &rows);
    }

    if !report.procurement.findings.is_empty() {
        p.heading(1, &l("ed_procurement_findings"));
        p.paragraph(&l("ed_procurement_findings_intro"), Style::BODY);
        findings_overview(&mut p, report, &report.procurement.findings, false);
        for prov in &report.procurement.findings {
            dpo_provider(&mut p, report, prov, false);
        }
    }

    p.heading(1, &l("ed_sources"));
    p.heading(2, &l("benchmark_sources"));
    p.paragraph(&report.method.benchmark_disclaimer, Style::BOLD);
    let items: Vec<String> = report
        .method
        .benchmark_sources
        .iter()
        .map(|b| format!("{}: {}", b.benchmark_text, b.source_text))
        .collect();
    p.bullets(&items, Style::BODY);
    p.heading(2, &l("price_sources"));
    let rows: Vec<Vec<Cell>> = report
        .method
        .price_sources
        .iter()
        .map(|s| {
            vec![
                Cell::new(s.provider.clone()),
                Cell::new(s.source.clone()),
                Cell::new(s.as_of.as_ref().map(|d| d.text.clone()).unwrap_or_default()),
            ]
        })
        .collect();
    p.table(
        &[
            col(&l("provider"), 1.2, Align::Left),
            col(&l("source"), 4.0, Align::Left),
            col(&l("as_of"), 1.0, Align::Left),
        ],
        &rows,
    );
    if let Some(c) = &report.cost {
        if !c.notes.is_empty() {
            p.bullets(&c.notes, Style::SMALL);
        }
    }

    p.heading(1, &l("method"));
    for t in &report.method.text {
        p.paragraph(t, Style::BODY);
    }
    p.heading(2, &l("rule_packs"));
    let rows: Vec<Vec<Cell>> = report
        .method
        .rule_packs
        .iter()
        .map(|r| {
            vec![
                Cell::new(r.title.clone()),
                Cell::new(r.version.clone()),
                Cell::new(r.rules.to_string()),
            ]
        })
        .collect();
    p.table(
        &[
            col(&l("rule_packs"), 4.2, Align::Left),
            col(&l("version"), 0.8, Align::Left),
            col(&l("rules_count"), 0.6, Align::Right),
        ],
        &rows,
    );
    p.heading(2, &l("legal_texts"));
    p.bullets(&report.method.legal_texts, Style::BODY);

    p.heading(1, &l("provenance"));
    let pr = &report.provenance;
    p.labelled(
        &format!("{}:", l("tool_version")),
        &format!("{} {}", pr.tool, pr.tool_version),
    );
    p.labelled(
        &format!("{}:", l("evaluation_date")),
        &pr.evaluation_date.text,
    );
    p.labelled(&format!("{}:", l("document_id")), &report.meta.document_id);
    p.heading(3, &l("input_files"));
    let rows: Vec<Vec<Cell>> = pr
        .inputs
        .iter()
        .map(|i| {
            vec![
                Cell::new(i.file_text.clone()),
                Cell::new(i.kind_text.clone()),
                // Small enough that the 64 hex digits fit on one line.
                Cell {
                    text: i.sha256.clone(),
                    style: Style {
                        size: 6.3,
                        ..Style::TABLE
                    },
                },
            ]
        })
        .collect();
    p.table(
        &[
            col(&l("file"), 2.3, Align::Left),
            col("", 1.1, Align::Left),
            col("SHA-256", 4.0, Align::Left),
        ],
        &rows,
    );
    legend(&mut p, report, 2);
    p.finish()
}
