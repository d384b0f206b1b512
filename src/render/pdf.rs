//! PDF output: lays the `Report` out with our own layout engine (`layout.rs`)
//! and writes it with printpdf's low-level API (positioned text, lines,
//! rectangles). The only module that knows printpdf and lopdf.
//!
//! - Fonts: DejaVu Sans Regular and Bold, with Noto fallbacks per character for
//!   the scripts DejaVu lacks (CJK, Arabic, Hebrew, emoji; `crate::fonts`), each
//!   embedded with only the glyphs the document draws (`embed.rs`), widths and a
//!   ToUnicode map that gives back every character.
//! - Metadata: title, subject, author (the tool), creator, producer, creation
//!   and modification date = the evaluation date (midnight UTC), keywords.
//! - Determinism: printpdf gives every resource a random ID and writes a random
//!   trailer /ID. We name the fonts ourselves (F1, F2), write the outline
//!   (bookmarks, two levels, in reading order) ourselves, and replace the
//!   trailer /ID with the report's document ID (derived from the inputs), so
//!   the same report gives the same bytes, in one process or many.

use printpdf::{Mm, PdfDocument, PdfPage, PdfSaveOptions};

use super::RenderError;
use crate::i18n;
use crate::report::{Outcome, Report};

mod check;
mod content;
mod embed;
mod figure;
pub mod layout;

pub use check::{layout_problems, text_box_problems};
use figure::drawing;

use layout::{
    Align, Cell, Column, Document, Face, Fonts, Item, Layout, PageSetup, Rgb, Style, ACCENT, AMBER,
    GREEN, RED,
};

/// The shipped fonts (for the layout and for coverage tests), parsed once per process:
/// a report writes several PDFs, and the charts measure with the same fonts.
pub fn embedded_fonts() -> Result<&'static Fonts, RenderError> {
    Fonts::shared().map_err(RenderError::Pdf)
}

/// Characters of the report that no shipped font has: they are drawn as a placeholder
/// (and kept in the text layer).
pub fn missing_glyphs(report: &Report) -> Result<Vec<char>, RenderError> {
    let fonts = embedded_fonts()?;
    let doc = lay_out(report, fonts);
    let mut missing = std::collections::BTreeSet::new();
    for item in doc.pages.iter().flat_map(|p| p.items.iter()) {
        if let Item::Text { text, .. } = item {
            for c in text.chars() {
                if !fonts.covers(c) {
                    missing.insert(c);
                }
            }
        }
    }
    Ok(missing.into_iter().collect())
}

/// Renders the report as PDF bytes.
pub fn render(report: &Report) -> Result<Vec<u8>, RenderError> {
    let date = chrono::NaiveDate::parse_from_str(&report.meta.evaluation_date.iso, "%Y-%m-%d")
        .map_err(|e| RenderError::Pdf(format!("evaluation date: {e}")))?;
    let meta = PdfMeta {
        title: report.meta.title.clone(),
        subject: report.meta.subject.clone(),
        author: report.meta.author.clone(),
        keywords: vec!["GPU cloud".into(), "GDPR".into(), "procurement".into()],
        date,
        document_id: report.meta.document_id.clone(),
    };
    write_document(&meta, |fonts| lay_out(report, fonts))
}

/// Metadata of a PDF written by [`write_document`].
pub struct PdfMeta {
    pub title: String,
    pub subject: String,
    pub author: String,
    pub keywords: Vec<String>,
    /// Creation and modification date (midnight UTC): a date from the inputs, never the clock.
    pub date: chrono::NaiveDate,
    /// Written as the trailer /ID; derive it from the inputs so the bytes are stable.
    pub document_id: String,
}

/// Lays out and writes a document with the embedded fonts: the decision report, or
/// another document such as the DPA review (`cloudvet::render::dpa_review::pdf`).
pub fn write_document(
    meta: &PdfMeta,
    lay_out: impl FnOnce(&Fonts) -> Document,
) -> Result<Vec<u8>, RenderError> {
    let fonts = embedded_fonts()?;
    let doc = lay_out(fonts);
    write_pdf(meta, &doc, fonts)
}

// ---------------------------------------------------------------------------
// Report → layout

fn outcome_color(o: Outcome) -> Rgb {
    match o {
        Outcome::Pass => GREEN,
        Outcome::Fail => RED,
        Outcome::Unknown => AMBER,
    }
}

fn col(head: &str, width: f32, align: Align) -> Column {
    Column {
        head: head.to_string(),
        width,
        align,
    }
}

/// Lays the report out in the order of issue 5: summary, shortlist,
/// knock-outs, providers, cost, value map, recommendations, DPA reviews,
/// method, provenance.
pub fn lay_out(report: &Report, fonts: &Fonts) -> Document {
    let lang = report.lang;
    let l = |k: &str| report.labels.get(k).cloned().unwrap_or_default();
    let setup = PageSetup {
        header_left: report.meta.title.clone(),
        header_right: format!(
            "{} {}",
            l("evaluation_date"),
            report.meta.evaluation_date.text
        ),
        footer_left: format!("{} {}", report.meta.tool, report.meta.tool_version),
        page_label: Box::new(move |x, y| i18n::page_x_of_y(lang, x, y)),
    };
    let mut p = Layout::new(fonts, setup);

    // Title block.
    p.paragraph(
        &report.meta.title,
        Style {
            size: 20.0,
            face: Face::Bold,
            color: ACCENT,
        },
    );
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
    p.space(4.0);

    // Summary.
    let s = &report.summary;
    p.heading(1, &l("summary"));
    match &s.recommendation {
        Some(r) => {
            let lines_h = (r.reasons.len() as f32 + 4.0) * Style::BODY.line_height() + 16.0;
            p.ensure(lines_h);
            let top = p.block(0.0);
            p.space(3.0);
            p.paragraph(
                &format!("{}: {}", l("recommendation"), r.sentence),
                Style {
                    size: 12.0,
                    face: Face::Bold,
                    color: ACCENT,
                },
            );
            p.paragraph(&r.next_step, Style::BODY);
            p.bullets(&r.reasons, Style::BODY);
            let bottom = p.block(0.0);
            let x = p.left();
            p.rect(x - 6.0, top, 3.0, (bottom - top).max(10.0), ACCENT);
            p.space(4.0);
        }
        None => p.paragraph(&l("no_recommendation"), Style::BOLD.with_color(RED)),
    }
    p.paragraph(&s.headline, Style::BODY);
    if !s.top.is_empty() {
        p.heading(3, &l("shortlist_top"));
        shortlist_table(&mut p, report, &s.top);
    }
    p.labelled(
        &format!("{}:", l("assessed_counts")),
        &format!(
            "{} {}, {} {}, {} {}",
            s.assessed,
            l("assessed"),
            s.eligible,
            l("eligible"),
            s.excluded,
            l("excluded")
        ),
    );
    if !s.excluded_by.is_empty() {
        let items: Vec<String> = s
            .excluded_by
            .iter()
            .map(|e| {
                format!(
                    "{} {} ({}): {}",
                    e.rule_id,
                    e.title,
                    e.count,
                    e.providers.join(", ")
                )
            })
            .collect();
        p.paragraph(&format!("{}:", l("excluded_by")), Style::BOLD);
        p.bullets(&items, Style::BODY);
    }
    if let Some(r) = &s.cost_range {
        p.labelled(&format!("{}:", l("cost_range")), &r.text);
    }
    if let Some(r) = &s.cost_comparable {
        p.labelled(&format!("{}:", l("cost_comparable")), &r.text);
    }
    if let Some(n) = &s.cost_comparable_note {
        p.paragraph(n, Style::SMALL);
    }
    p.paragraph(&format!("{}:", l("main_risks")), Style::BOLD);
    if s.main_risks.is_empty() {
        p.paragraph(&l("none"), Style::BODY);
    } else {
        p.bullets(&s.main_risks, Style::BODY);
    }
    p.paragraph(&format!("{}:", l("open_must_haves")), Style::BOLD);
    if s.open_must_haves.is_empty() {
        p.paragraph(&l("none"), Style::BODY);
    } else {
        let items: Vec<String> = s
            .open_must_haves
            .iter()
            .map(|o| format!("{}: {}", o.provider_name, o.text))
            .collect();
        p.bullets(&items, Style::BODY);
    }
    p.paragraph(&s.robustness_note, Style::SMALL);

    // Shortlist and knock-outs: the summary keeps page 1 to itself.
    p.new_page();
    p.heading(1, &l("shortlist"));
    shortlist_table(&mut p, report, &report.shortlist);
    p.heading(2, &l("knockouts"));
    if report.knockouts.is_empty() {
        p.paragraph(&l("none"), Style::BODY);
    } else {
        let rows: Vec<Vec<Cell>> = report
            .knockouts
            .iter()
            .map(|k| {
                vec![
                    Cell::bold(k.provider_name.clone()),
                    Cell::new(format!("{} {}", k.rule_id, k.title)),
                    Cell::new(k.reason.clone()),
                    Cell::new(k.legal_basis.clone()),
                ]
            })
            .collect();
        p.table(
            &[
                col(&l("provider"), 1.2, Align::Left),
                col(&l("rule"), 2.0, Align::Left),
                col(&l("reason"), 2.6, Align::Left),
                col(&l("legal_basis"), 1.3, Align::Left),
            ],
            &rows,
        );
    }

    // Sovereignty levels: one row per provider, SOV-1 … SOV-8.
    if !report.seal.is_empty() {
        p.heading(2, &l("seal_title"));
        p.paragraph(&l("seal_note"), Style::BODY);
        let mut cols = vec![col(&l("provider"), 1.6, Align::Left)];
        let objectives: Vec<String> = report.seal[0]
            .levels
            .iter()
            .map(|c| c.objective.clone())
            .collect();
        for o in &objectives {
            cols.push(col(o, 0.75, Align::Left));
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

    // Providers.
    p.new_page();
    p.heading(1, &l("providers"));
    for prov in &report.providers {
        p.heading(2, &prov.name);
        let mut facts = vec![format!("{}: {}", l("status"), prov.status_text)];
        if let Some(r) = prov.rank {
            facts.push(format!("{}: {r}", l("rank")));
        }
        facts.push(format!("{}: {}", l("score"), prov.score.text));
        facts.push(format!("{}: {}", l("confidence"), prov.confidence.text));
        facts.push(format!("{}: {}", l("robustness"), prov.robustness.text));
        p.paragraph(&facts.join(" · "), Style::BODY);
        if let Some(e) = &prov.legal_entity {
            let hq = prov.hq_country.clone().unwrap_or_default();
            p.paragraph(&format!("{e} ({hq})"), Style::SMALL);
        }
        if !prov.areas.is_empty() {
            p.heading(3, &l("area_scores"));
            let rows: Vec<Vec<Cell>> = prov
                .areas
                .iter()
                .map(|a| {
                    vec![
                        Cell::new(a.name.clone()),
                        Cell::new(a.score.text.clone()),
                        Cell::new(a.weight.text.clone()),
                    ]
                })
                .collect();
            p.table(
                &[
                    col(&l("area"), 3.0, Align::Left),
                    col(&l("score"), 1.0, Align::Right),
                    col(&l("weight"), 1.0, Align::Right),
                ],
                &rows,
            );
        }
        if !prov.findings.is_empty() {
            p.heading(3, &l("findings_open"));
            let rows: Vec<Vec<Cell>> = prov
                .findings
                .iter()
                .filter(|f| f.outcome != Outcome::Pass)
                .map(|f| {
                    vec![
                        Cell::new(format!("{} {}", f.rule_id, f.title)),
                        Cell::colored(f.outcome_text.clone(), outcome_color(f.outcome)),
                        Cell::new(f.severity_text.clone()),
                        Cell::new(f.reason.clone()),
                        Cell::new(f.legal_basis.clone()),
                    ]
                })
                .collect();
            p.table(
                &[
                    col(&l("rule"), 2.1, Align::Left),
                    col(&l("outcome"), 0.9, Align::Left),
                    col(&l("severity"), 0.8, Align::Left),
                    col(&l("reason"), 2.4, Align::Left),
                    col(&l("legal_basis"), 1.5, Align::Left),
                ],
                &rows,
            );
            if !prov.passed.is_empty() {
                p.labelled(
                    &format!("{} ({}):", l("passed"), prov.passed.len()),
                    &prov.passed.join(", "),
                );
            }
        }
        if !prov.facts.is_empty() {
            p.heading(3, &l("facts"));
            let rows: Vec<Vec<Cell>> = prov
                .facts
                .iter()
                .map(|f| {
                    vec![
                        Cell::new(f.label.clone()),
                        Cell::new(f.value.clone()),
                        Cell::new(f.source.clone().unwrap_or_default()),
                        Cell::new(f.as_of.as_ref().map(|d| d.text.clone()).unwrap_or_default()),
                        Cell::new(f.status_text.clone()),
                    ]
                })
                .collect();
            p.table(
                &[
                    col(&l("fact"), 1.8, Align::Left),
                    col(&l("value"), 1.4, Align::Left),
                    col(&l("source"), 2.4, Align::Left),
                    col(&l("as_of"), 0.9, Align::Left),
                    col(&l("evidence"), 1.0, Align::Left),
                ],
                &rows,
            );
        }
        if !prov.open_questions.is_empty() {
            p.heading(3, &l("open_questions"));
            let items: Vec<String> = prov
                .open_questions
                .iter()
                .map(|q| format!("{}: {}", q.rule_id, q.question))
                .collect();
            p.bullets(&items, Style::BODY);
        }
        if !prov.waivers.is_empty() {
            p.heading(3, &l("waivers"));
            let rows: Vec<Vec<Cell>> = prov
                .waivers
                .iter()
                .map(|w| {
                    vec![
                        Cell::new(w.rule_id.clone()),
                        Cell::new(w.justification.clone()),
                        Cell::new(w.approved_by.clone().unwrap_or_default()),
                        if w.expired {
                            Cell::colored(w.status_text.clone(), RED)
                        } else {
                            Cell::new(w.status_text.clone())
                        },
                    ]
                })
                .collect();
            p.table(
                &[
                    col(&l("rule"), 0.8, Align::Left),
                    col(&l("justification"), 3.0, Align::Left),
                    col(&l("approved_by"), 1.2, Align::Left),
                    col(&l("expires"), 1.4, Align::Left),
                ],
                &rows,
            );
        }
    }

    // Cost.
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
                    vec![
                        Cell::bold(r.provider_name.clone()),
                        Cell::new(format!(
                            "{} ({}× {})",
                            r.offer_id, r.gpus_per_instance, r.gpu
                        )),
                        Cell::new(r.basis_text.clone()),
                        Cell::new(match (&r.on_demand, &r.comparable) {
                            (Some(m), _) => m.text.clone(),
                            (None, Some(k)) => format!("{} ({})", k.text, l("comparable")),
                            (None, None) => r.missing.clone().unwrap_or_else(|| na.clone()),
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
                    col(&l("provider"), 1.4, Align::Left),
                    col(&l("offer"), 1.5, Align::Left),
                    col(&l("basis"), 1.0, Align::Left),
                    col(&l("on_demand"), 1.9, Align::Right),
                    col(&l("spot"), 1.6, Align::Right),
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
            if !c.notes.is_empty() {
                p.bullets(&c.notes, Style::SMALL);
            }
        }
    }

    // Value map.
    if !report.value_map.points.is_empty() {
        p.ensure(report.value_map.drawing.height as f32 + 40.0);
        p.heading(1, &l("value_map"));
        drawing(&mut p, &report.value_map.drawing);
        p.paragraph(&report.value_map.note, Style::SMALL);
    }

    // Recommendations.
    p.heading(1, &l("recommendations"));
    if report.recommendations.is_empty() {
        p.paragraph(&l("none"), Style::BODY);
    }
    for a in &report.recommendations {
        p.paragraph(&a.title, Style::BOLD);
        p.paragraph(&a.text, Style::BODY);
    }

    // DPA reviews.
    p.heading(1, &l("dpa_reviews"));
    let rows: Vec<Vec<Cell>> = report
        .dpa_reviews
        .iter()
        .map(|d| {
            vec![
                Cell::bold(d.provider_name.clone()),
                if d.reviewed {
                    Cell::colored(d.status_text.clone(), GREEN)
                } else {
                    Cell::colored(d.status_text.clone(), AMBER)
                },
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

    // Method and sources.
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
                Cell::new(r.id.clone()),
                Cell::new(r.title.clone()),
                Cell::new(r.version.clone()),
                Cell::new(r.rules.to_string()),
            ]
        })
        .collect();
    p.table(
        &[
            col("ID", 1.2, Align::Left),
            col(&l("rule_packs"), 3.0, Align::Left),
            col(&l("version"), 0.8, Align::Left),
            col(&l("rules_count"), 0.6, Align::Right),
        ],
        &rows,
    );
    p.heading(2, &l("legal_texts"));
    p.bullets(&report.method.legal_texts, Style::BODY);
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

    // Provenance.
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
            col("", 0.75, Align::Left),
            col("SHA-256", 4.0, Align::Left),
        ],
        &rows,
    );
    p.finish()
}

fn shortlist_table(p: &mut Layout<'_>, report: &Report, rows: &[crate::report::ShortlistRow]) {
    let l = |k: &str| report.labels.get(k).cloned().unwrap_or_default();
    let cells: Vec<Vec<Cell>> = rows
        .iter()
        .map(|r| {
            vec![
                Cell::new(r.rank.map(|x| x.to_string()).unwrap_or_else(|| "–".into())),
                Cell::bold(r.provider_name.clone()),
                if r.eligible {
                    Cell::colored(r.status_text.clone(), GREEN)
                } else {
                    Cell::colored(r.status_text.clone(), RED)
                },
                Cell::new(r.score.text.clone()),
                Cell::new(r.confidence.text.clone()),
                Cell::new(r.robustness.text.clone()),
                Cell::new(match (&r.cost, &r.cost_comparable) {
                    (Some(c), _) => c.mid.text.clone(),
                    (None, Some(m)) => format!("{} ({})", m.text, l("comparable")),
                    (None, None) => String::new(),
                }),
            ]
        })
        .collect();
    p.table(
        &[
            col(&l("rank"), 0.45, Align::Right),
            col(&l("provider"), 1.7, Align::Left),
            col(&l("status"), 1.2, Align::Left),
            col(&l("score"), 0.65, Align::Right),
            col(&l("confidence"), 1.05, Align::Right),
            col(&l("robustness"), 1.75, Align::Left),
            col(&l("total"), 1.1, Align::Right),
        ],
        &cells,
    );
}

// ---------------------------------------------------------------------------
// Layout → PDF

fn write_pdf(meta: &PdfMeta, doc: &Document, fonts: &Fonts) -> Result<Vec<u8>, RenderError> {
    // The page contents are written by `content` (printpdf's per-glyph operator translation
    // was two thirds of the PDF's time) and the fonts by `embed`, with exactly the glyphs
    // the contents use. printpdf builds the document around them: resources, pages,
    // metadata.
    let mut used = content::Used::default();
    let contents: Vec<Vec<u8>> = doc
        .pages
        .iter()
        .map(|p| content::encode(p, fonts, &mut used))
        .collect();

    let mut pdf = PdfDocument::new(&meta.title);

    let ts = meta
        .date
        .and_hms_opt(0, 0, 0)
        .map(|d| d.and_utc().timestamp())
        .unwrap_or(0);
    let when = printpdf::date::OffsetDateTime::from_unix_timestamp(ts)
        .map_err(|e| RenderError::Pdf(format!("evaluation date: {e}")))?;
    let info = &mut pdf.metadata.info;
    info.document_title = meta.title.clone();
    info.subject = meta.subject.clone();
    info.author = meta.author.clone();
    info.creator = meta.author.clone();
    info.producer = format!("{} (printpdf 0.12.8)", meta.author);
    info.keywords = meta.keywords.clone();
    info.identifier = meta.document_id.clone();
    info.creation_date = when;
    info.modification_date = when;
    info.metadata_date = when;

    pdf.pages = (0..doc.pages.len())
        .map(|_| PdfPage::new(Mm(210.0), Mm(297.0), Vec::new()))
        .collect();

    let opts = PdfSaveOptions {
        optimize: false,
        subset_fonts: false,
        secure: true,
        image_optimization: None,
    };
    let mut warnings = Vec::new();
    let mut lo = pdf.to_lopdf_document(&opts, &mut warnings);

    // printpdf's default conformance writes /GTS_PDFXVersion, a PDF/X claim
    // this document does not meet: drop it.
    if let Ok(info_id) = lo.trailer.get(b"Info").and_then(|o| o.as_reference()) {
        if let Ok(info) = lo.get_dictionary_mut(info_id) {
            info.remove(b"GTS_PDFXVersion");
        }
    }

    // Our content streams, in page order.
    let pages = lo.get_pages();
    if pages.len() != contents.len() {
        return Err(RenderError::Pdf(format!(
            "{} pages written for {} laid out",
            pages.len(),
            contents.len()
        )));
    }
    for (page_id, bytes) in pages.values().zip(contents) {
        let content_id = lo
            .get_dictionary(*page_id)
            .and_then(|d| d.get(b"Contents"))
            .and_then(lopdf::Object::as_reference)
            .map_err(|e| RenderError::Pdf(format!("page without contents: {e}")))?;
        lo.objects.insert(
            content_id,
            lopdf::Object::Stream(lopdf::Stream::new(lopdf::Dictionary::new(), bytes)),
        );
    }

    // The fonts, cut to the glyphs used.
    embed::add_fonts(&mut lo, fonts, &used)?;

    // Outline (bookmarks): chapters with their sections nested, in reading order.
    add_outline(&mut lo, doc)?;

    // The trailer /ID: printpdf writes random strings; use the document ID.
    let id = lopdf::Object::String(
        meta.document_id.as_bytes().to_vec(),
        lopdf::StringFormat::Literal,
    );
    lo.trailer
        .set("ID", lopdf::Object::Array(vec![id.clone(), id]));
    compress_streams(&mut lo)?;
    let mut out = Vec::new();
    lo.save_to(&mut out)
        .map_err(|e| RenderError::Pdf(format!("writing the PDF: {e}")))?;
    Ok(out)
}

/// Deflates every stream that has no filter yet, at level 1. lopdf's `Document::compress`
/// uses level 9: on the 165-page report that was half of the PDF's time, for a file 0.64 MB
/// instead of 1.0 MB (measured with printpdf's hex-encoded content; ours is 0.78 MB at level
/// 1, docs/performance.md). Streams that would not shrink stay as they are.
fn compress_streams(lo: &mut lopdf::Document) -> Result<(), RenderError> {
    let mut streams: Vec<&mut lopdf::Stream> = lo
        .objects
        .values_mut()
        .filter_map(|o| match o {
            lopdf::Object::Stream(s) if s.allows_compression && s.dict.get(b"Filter").is_err() => {
                Some(s)
            }
            _ => None,
        })
        .collect();
    // Streams are independent: compress them on up to four threads (the result does not
    // depend on how they are split).
    let threads = std::thread::available_parallelism().map_or(1, |n| n.get().clamp(1, 4));
    let per_thread = streams.len().div_ceil(threads).max(1);
    let results: Vec<Result<(), String>> = std::thread::scope(|scope| {
        let handles: Vec<_> = streams
            .chunks_mut(per_thread)
            .map(|chunk| scope.spawn(move || chunk.iter_mut().try_for_each(|s| deflate(s))))
            .collect();
        handles
            .into_iter()
            .map(|h| {
                h.join()
                    .unwrap_or_else(|_| Err("a compressing thread failed".into()))
            })
            .collect()
    });
    results
        .into_iter()
        .collect::<Result<(), String>>()
        .map_err(|e| RenderError::Pdf(format!("compressing a stream: {e}")))
}

fn deflate(stream: &mut lopdf::Stream) -> Result<(), String> {
    use std::io::Write;
    let mut enc = flate2::write::ZlibEncoder::new(
        Vec::with_capacity(stream.content.len() / 3),
        flate2::Compression::fast(),
    );
    let packed = enc
        .write_all(&stream.content)
        .and_then(|()| enc.finish())
        .map_err(|e| e.to_string())?;
    if packed.len() + 19 < stream.content.len() {
        stream.dict.set("Filter", "FlateDecode");
        stream.set_content(packed);
    }
    Ok(())
}

fn utf16be(s: &str) -> lopdf::Object {
    let mut bytes = vec![0xFE, 0xFF];
    for u in s.encode_utf16() {
        bytes.extend_from_slice(&u.to_be_bytes());
    }
    lopdf::Object::String(bytes, lopdf::StringFormat::Hexadecimal)
}

fn add_outline(lo: &mut lopdf::Document, doc: &Document) -> Result<(), RenderError> {
    use lopdf::{Dictionary, Object};
    if doc.outline.is_empty() {
        return Ok(());
    }
    let pages = lo.get_pages();
    let root_id = lo.new_object_id();
    // Group: each level-1 entry with the level-2 entries after it.
    let mut groups: Vec<(usize, Vec<usize>)> = Vec::new();
    for (i, e) in doc.outline.iter().enumerate() {
        if e.level <= 1 || groups.is_empty() {
            groups.push((i, Vec::new()));
        } else if let Some(g) = groups.last_mut() {
            g.1.push(i);
        }
    }
    let ids: Vec<lopdf::ObjectId> = doc.outline.iter().map(|_| lo.new_object_id()).collect();
    let dest = |i: usize| -> Object {
        let e = &doc.outline[i];
        let page_id = pages.get(&(e.page as u32 + 1)).copied().unwrap_or((0, 0));
        Object::Array(vec![
            Object::Reference(page_id),
            Object::Name(b"XYZ".to_vec()),
            Object::Real(0.0),
            Object::Real(layout::PAGE_HEIGHT - e.y + 4.0),
            Object::Null,
        ])
    };
    let chain = |members: &[usize],
                 parent: lopdf::ObjectId,
                 dicts: &mut Vec<(lopdf::ObjectId, Dictionary)>| {
        for (k, &i) in members.iter().enumerate() {
            let mut d = Dictionary::new();
            d.set("Title", utf16be(&doc.outline[i].title));
            d.set("Parent", Object::Reference(parent));
            d.set("Dest", dest(i));
            if k > 0 {
                d.set("Prev", Object::Reference(ids[members[k - 1]]));
            }
            if k + 1 < members.len() {
                d.set("Next", Object::Reference(ids[members[k + 1]]));
            }
            dicts.push((ids[i], d));
        }
    };
    let mut dicts = Vec::new();
    let top: Vec<usize> = groups.iter().map(|g| g.0).collect();
    chain(&top, root_id, &mut dicts);
    for (head, kids) in &groups {
        chain(kids, ids[*head], &mut dicts);
    }
    for (id, mut d) in dicts {
        if let Some((_, kids)) = groups.iter().find(|g| ids[g.0] == id) {
            if let (Some(f), Some(l)) = (kids.first(), kids.last()) {
                d.set("First", Object::Reference(ids[*f]));
                d.set("Last", Object::Reference(ids[*l]));
                // Negative count: closed by default, so the outline starts compact.
                d.set("Count", Object::Integer(-(kids.len() as i64)));
            }
        }
        lo.objects.insert(id, Object::Dictionary(d));
    }
    let mut root = Dictionary::new();
    root.set("Type", Object::Name(b"Outlines".to_vec()));
    if let (Some(f), Some(l)) = (top.first(), top.last()) {
        root.set("First", Object::Reference(ids[*f]));
        root.set("Last", Object::Reference(ids[*l]));
    }
    root.set("Count", Object::Integer(top.len() as i64));
    lo.objects.insert(root_id, Object::Dictionary(root));
    let catalog = lo
        .catalog_mut()
        .map_err(|e| RenderError::Pdf(format!("PDF catalog: {e}")))?;
    catalog.set("Outlines", Object::Reference(root_id));
    catalog.set("PageMode", Object::Name(b"UseOutlines".to_vec()));
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::i18n::{entries, Lang};
    use crate::report::fixture::sample;

    /// Text of every page, read back from the content streams we wrote: the
    /// strings of each BT…ET block, decoded through the font's cmap.
    pub(crate) fn extract_text(bytes: &[u8]) -> Vec<String> {
        let doc = lopdf::Document::load_mem(bytes).unwrap();
        doc.get_pages()
            .keys()
            .map(|n| doc.extract_text(&[*n]).unwrap_or_default())
            .collect()
    }

    #[test]
    fn identical_bytes_across_renders_in_one_process() {
        let r = sample(Lang::De);
        let a = render(&r).unwrap();
        let b = render(&r).unwrap();
        assert!(a == b, "two renders differ");
        let text = String::from_utf8_lossy(&a);
        assert!(
            text.contains(&format!("/ID[({id})({id})]", id = r.meta.document_id))
                || text.contains(&r.meta.document_id)
        );
    }

    #[test]
    fn metadata_pages_and_outline() {
        let r = sample(Lang::De);
        let bytes = render(&r).unwrap();
        let doc = lopdf::Document::load_mem(&bytes).unwrap();
        assert!(
            doc.get_pages().len() >= 4,
            "{} pages",
            doc.get_pages().len()
        );
        let info_ref = doc.trailer.get(b"Info").unwrap().as_reference().unwrap();
        let info = doc.get_dictionary(info_ref).unwrap();
        let get = |k: &[u8]| lopdf::decode_text_string(info.get(k).unwrap()).unwrap();
        assert_eq!(get(b"Title"), "Entscheidungsbericht GPU-Cloud");
        assert_eq!(get(b"Author"), "cloudvet 0.1.0");
        let created = info.get(b"CreationDate").unwrap().as_str().unwrap();
        assert!(
            created.starts_with(b"D:20261130000000"),
            "{}",
            String::from_utf8_lossy(created)
        );
        let catalog = doc.catalog().unwrap();
        assert!(catalog.get(b"Outlines").is_ok());
    }

    #[test]
    fn german_text_extracts_in_reading_order() {
        let bytes = render(&sample(Lang::De)).unwrap();
        let pages = extract_text(&bytes);
        let first = &pages[0];
        for needle in [
            "Zusammenfassung",
            "Empfehlung",
            "Alpha Rechenzentrum GmbH",
            "Höchste Punktzahl",
            "Seite 1 von",
        ] {
            assert!(first.contains(needle), "page 1 lacks {needle}: {first}");
        }
        // Lines joined with spaces: wrapping may put a line break anywhere.
        let all = pages.join("\n").replace('\n', " ");
        for needle in [
            "Ä/Ö/Ü",
            "Frist ≥ 30 Tage → erfüllt ✓",
            "„at rest“",
            "12.345,67\u{a0}€",
            "Abgeleitet aus MLPerf-Ergebnissen",
        ] {
            assert!(all.contains(needle), "PDF text lacks {needle}");
        }
        // Reading order: the summary comes before the providers, which come before provenance.
        let pos = |s: &str| all.find(s).unwrap_or_else(|| panic!("{s} missing"));
        assert!(pos("Zusammenfassung") < pos("Anbieter im Einzelnen"));
        assert!(pos("Anbieter im Einzelnen") < pos("Kostenvergleich"));
        assert!(pos("Kostenvergleich") < pos("Eingabedateien"));
    }

    #[test]
    fn english_pages_are_numbered() {
        let bytes = render(&sample(Lang::En)).unwrap();
        let pages = extract_text(&bytes);
        let n = pages.len();
        for (i, p) in pages.iter().enumerate() {
            assert!(
                p.contains(&format!("Page {} of {n}", i + 1)),
                "page {} footer: {p}",
                i + 1
            );
            assert!(
                p.contains("GPU cloud decision report"),
                "page {} header",
                i + 1
            );
        }
    }

    #[test]
    fn long_findings_table_repeats_its_header() {
        let bytes = render(&sample(Lang::En)).unwrap();
        let pages = extract_text(&bytes);
        // 40 findings per provider do not fit one page: every page holding findings rows has the head.
        let with_rows: Vec<&String> = pages
            .iter()
            .filter(|p| p.contains("dokumentierte Weisung"))
            .collect();
        assert!(with_rows.len() >= 2);
        for p in with_rows {
            assert!(
                p.contains("Outcome") && p.contains("Legal basis"),
                "page without table head: {p}"
            );
        }
    }

    #[test]
    fn font_covers_every_fixed_text_and_format() {
        let fonts = embedded_fonts().unwrap();
        let mut text = String::new();
        for (k, en, de) in entries() {
            text.push_str(k);
            text.push_str(en);
            text.push_str(de);
        }
        // The symbols the renderers and rule packs use.
        text.push_str("€–—‘’‚“”„•…→←≥≤≠≈−×✓✗∈∉∋ÄÖÜäöüßÉéèàçñøåæœŠšŽžŁłČčŘřĞğİıȘșȚț\u{a0}");
        for lang in Lang::ALL {
            text.push_str(&i18n::money(
                lang,
                rust_decimal::Decimal::new(-123456789, 2),
                "EUR",
            ));
            text.push_str(&i18n::money(lang, rust_decimal::Decimal::ONE, "GBP"));
            text.push_str(&i18n::percent(lang, 12.5, 1));
            text.push_str(&i18n::hours(lang, 3.0));
        }
        for face in [Face::Regular, Face::Bold] {
            let missing: String = text
                .chars()
                .filter(|c| !fonts.face(face).covers(*c))
                .collect();
            assert!(missing.is_empty(), "{face:?} lacks {missing:?}");
        }
        assert!(missing_glyphs(&sample(Lang::De)).unwrap().is_empty());
    }

    #[test]
    fn the_layout_check_finds_overlaps_and_text_off_the_page() {
        let fonts = embedded_fonts().unwrap();
        let text = |x: f32, y: f32, t: &str| Item::Text {
            x,
            y,
            size: 9.0,
            face: Face::Regular,
            color: layout::BLACK,
            text: t.into(),
        };
        let doc = Document {
            pages: vec![layout::Page {
                items: vec![
                    text(60.0, 100.0, "Nebius (AI Cloud)"),
                    text(100.0, 102.0, "eligible"),
                    text(60.0, 200.0, "clean line"),
                    text(60.0, 212.0, "next line"),
                    text(520.0, 300.0, "into the margin"),
                ],
            }],
            outline: Vec::new(),
        };
        let problems = text_box_problems(&doc, fonts);
        assert_eq!(problems.len(), 2, "{problems:#?}");
        assert!(problems[0].contains("overlaps"));
        assert!(problems[1].contains("right margin"));
        // The real sample report is clean.
        assert_eq!(
            layout_problems(&sample(Lang::De)).unwrap(),
            Vec::<String>::new()
        );
    }

    #[test]
    fn widths_come_from_the_font() {
        let fonts = embedded_fonts().unwrap();
        let w_i = fonts.width(Face::Regular, "i", 10.0);
        let w_m = fonts.width(Face::Regular, "M", 10.0);
        assert!(w_i > 1.0 && w_m > 2.0 * w_i, "i={w_i} M={w_m}");
        assert!(
            fonts.width(Face::Bold, "Müller", 10.0) > fonts.width(Face::Regular, "Müller", 10.0)
        );
    }
}
