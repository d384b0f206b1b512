//! Measures the DPA scanner on the annotated corpus in tests/fixtures/dpa/: recall and
//! precision per element and overall, document types and figures. The figures are
//! kept in docs/dpa-scan.md between the `corpus-figures` markers; this test fails when
//! they are stale (`UPDATE_DOCS=1 cargo test --test dpa_corpus` rewrites them).

use std::collections::BTreeMap;
use std::fmt::Write as _;
use std::path::{Path, PathBuf};

use cloudvet::model::review::{DocumentType, ScanStatus as ScanResult};
use serde::Deserialize;

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct Truth {
    document: String,
    source: String,
    /// `tuning`: the term lists were tuned on it; `held_out`: written and annotated
    /// after the lists were frozen, never tuned on. `real_world` / `real_world_held_out`:
    /// published agreements (tests/fixtures/dpa/SOURCES.md), tuned on / never tuned on.
    set: String,
    document_type: String,
    language: String,
    #[serde(default)]
    elements: BTreeMap<String, Vec<[u32; 2]>>,
    #[serde(default)]
    figures: BTreeMap<String, serde_yaml::Value>,
}

fn corpus_dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/dpa")
}

fn truths() -> Vec<Truth> {
    let mut files: Vec<PathBuf> = std::fs::read_dir(corpus_dir())
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.to_string_lossy().ends_with(".truth.yaml"))
        .collect();
    files.sort();
    files
        .iter()
        .map(|p| serde_yaml::from_str(&std::fs::read_to_string(p).unwrap()).unwrap())
        .collect()
}

#[derive(Default, Clone, Copy)]
struct Counts {
    tp: u32,
    fp: u32,
    fn_: u32,
    unclear: u32,
}

fn pct(n: u32, d: u32) -> String {
    if d == 0 {
        "–".into()
    } else {
        format!("{:.1} %", 100.0 * f64::from(n) / f64::from(d))
    }
}

fn overlaps(a: [u32; 2], b: [u32; 2]) -> bool {
    a[0] <= b[1] && b[0] <= a[1]
}

struct Measured {
    table: String,
    per_set: BTreeMap<String, Counts>,
    recall: f64,
    precision: f64,
    controls_ok: bool,
    types_ok: bool,
}

fn measure() -> Measured {
    let ids: Vec<String> = cloudvet::dpa::element_ids()
        .into_iter()
        .filter(|i| i != "transfer_instructions")
        .collect();
    let mut per: BTreeMap<String, Counts> =
        ids.iter().map(|i| (i.clone(), Counts::default())).collect();
    let mut per_set: BTreeMap<String, Counts> = BTreeMap::new();
    let mut docs = String::new();
    let mut types_ok = true;
    let mut controls_ok = true;
    let (mut fig_right, mut fig_wrong, mut fig_missed, mut fig_invented) = (0u32, 0u32, 0u32, 0u32);
    for t in truths() {
        let path = corpus_dir().join(&t.document);
        let scan =
            cloudvet::dpa::scan_file(&path).unwrap_or_else(|d| panic!("{}: {d}", t.document));
        assert!(!t.source.is_empty());
        let got_type = cloudvet::dpa::type_str(scan.type_evidence.document_type);
        let got_lang = cloudvet::dpa::lang_str(scan.language);
        // Languages must be right; a DPA may come out `uncertain` (that costs recall,
        // measured below), a control must never come out `dpa`.
        types_ok &= got_lang == t.language;
        let mut d = Counts::default();
        for e in &scan.elements {
            // This corpus was annotated with the 20-element set, where transfers were
            // part of `instructions`; the real-corpus evaluation (scripts/dpa-eval.sh)
            // scores `transfer_instructions`.
            if e.id == "transfer_instructions" {
                continue;
            }
            let truth = t.elements.get(&e.id);
            let c = per.get_mut(&e.id).expect("known element");
            let hit_ok = match (e.hit.result, e.hit.lines, truth) {
                (ScanResult::Found, Some(l), Some(ranges)) => {
                    ranges.iter().any(|r| overlaps(l, *r))
                }
                _ => false,
            };
            if e.hit.result == ScanResult::Found {
                if hit_ok {
                    c.tp += 1;
                    d.tp += 1;
                } else {
                    c.fp += 1;
                    d.fp += 1;
                }
            }
            if truth.is_some() && !hit_ok {
                c.fn_ += 1;
                d.fn_ += 1;
            }
            if e.hit.result == ScanResult::Unclear {
                c.unclear += 1;
                d.unclear += 1;
            }
        }
        if scan.type_evidence.document_type != DocumentType::Dpa && t.document_type == "not_a_dpa" {
            // fine
        } else if t.document_type == "not_a_dpa" {
            controls_ok = false;
        }
        if t.document_type == "not_a_dpa" && scan.count(ScanResult::Found) > 0 {
            controls_ok = false;
        }
        // Figures.
        let f = &scan.figures;
        let got: BTreeMap<&str, Option<String>> = BTreeMap::from([
            (
                "subprocessor_notice_days",
                f.subprocessor_notice_days
                    .as_ref()
                    .map(|x| x.value.to_string()),
            ),
            (
                "breach_notice_hours",
                f.breach_notice_hours.as_ref().map(|x| x.value.to_string()),
            ),
            (
                "scc_module",
                f.scc_module.as_ref().map(|x| x.value.to_string()),
            ),
            (
                "governing_law",
                f.governing_law.as_ref().map(|x| x.value.clone()),
            ),
        ]);
        if t.document_type == "dpa" {
            for (k, v) in &got {
                let want = t.figures.get(*k).map(|v| match v {
                    serde_yaml::Value::String(s) => s.clone(),
                    other => serde_yaml::to_string(other).unwrap().trim().to_string(),
                });
                match (want, v) {
                    (Some(w), Some(g)) if w == *g => fig_right += 1,
                    (Some(_), Some(_)) => fig_wrong += 1,
                    (Some(_), None) => fig_missed += 1,
                    (None, Some(_)) => fig_invented += 1,
                    (None, None) => {}
                }
            }
        }
        let s = per_set.entry(t.set.clone()).or_default();
        s.tp += d.tp;
        s.fp += d.fp;
        s.fn_ += d.fn_;
        s.unclear += d.unclear;
        let _ = writeln!(
            docs,
            "| {} | {} | {} | {} | {} | {} | {} | {} | {} |",
            t.document,
            t.set,
            t.language,
            t.document_type,
            got_type,
            t.elements.len(),
            d.tp,
            d.fp,
            d.fn_,
        );
    }
    let mut table = String::new();
    let total = per.values().fold(Counts::default(), |a, c| Counts {
        tp: a.tp + c.tp,
        fp: a.fp + c.fp,
        fn_: a.fn_ + c.fn_,
        unclear: a.unclear + c.unclear,
    });
    let _ = writeln!(table, "Overall: recall **{}** ({} of {} annotated elements found at the right place), precision **{}** ({} of {} `found` results correct); {} `unclear` results (counted as not found).\n",
        pct(total.tp, total.tp + total.fn_), total.tp, total.tp + total.fn_,
        pct(total.tp, total.tp + total.fp), total.tp, total.tp + total.fp, total.unclear);
    let real = per_set
        .iter()
        .filter(|(set, _)| set.starts_with("real_world"))
        .fold(Counts::default(), |a, (_, c)| Counts {
            tp: a.tp + c.tp,
            fp: a.fp + c.fp,
            fn_: a.fn_ + c.fn_,
            unclear: a.unclear + c.unclear,
        });
    let _ = writeln!(
        table,
        "- real-world agreements together (`real_world` and `real_world_held_out`): recall {}, precision {} ({} correct, {} wrong `found`, {} missed, {} unclear)",
        pct(real.tp, real.tp + real.fn_),
        pct(real.tp, real.tp + real.fp),
        real.tp,
        real.fp,
        real.fn_,
        real.unclear
    );
    for (set, c) in &per_set {
        let _ = writeln!(
            table,
            "- `{set}` set: recall {}, precision {} ({} correct, {} wrong `found`, {} missed, {} unclear)",
            pct(c.tp, c.tp + c.fn_),
            pct(c.tp, c.tp + c.fp),
            c.tp,
            c.fp,
            c.fn_,
            c.unclear
        );
    }
    let _ = writeln!(table, "\nDocuments:\n\n| Document | Set | Language | Annotated type | Scanned type | Elements annotated | Correct | Wrong `found` | Missed |\n|---|---|---|---|---|---|---|---|---|");
    table.push_str(&docs);
    let _ = writeln!(table, "\nPer element:\n\n| Element | Correct | Wrong `found` | Missed | Unclear | Recall | Precision |\n|---|---|---|---|---|---|---|");
    for (id, c) in &per {
        let _ = writeln!(
            table,
            "| `{id}` | {} | {} | {} | {} | {} | {} |",
            c.tp,
            c.fp,
            c.fn_,
            c.unclear,
            pct(c.tp, c.tp + c.fn_),
            pct(c.tp, c.tp + c.fp)
        );
    }
    let _ = writeln!(
        table,
        "\nFigures (DPAs only): {fig_right} right, {fig_wrong} wrong, {fig_missed} missed, {fig_invented} reported but not in the text."
    );
    let recall = f64::from(total.tp) / f64::from((total.tp + total.fn_).max(1));
    let precision = f64::from(total.tp) / f64::from((total.tp + total.fp).max(1));
    Measured {
        table,
        per_set,
        recall,
        precision,
        controls_ok,
        types_ok,
    }
}

const START: &str =
    "<!-- corpus-figures:start (generated by tests/dpa_corpus.rs; UPDATE_DOCS=1 rewrites) -->\n";
const END: &str = "<!-- corpus-figures:end -->";

#[test]
fn corpus_recall_precision_and_docs_are_fresh() {
    let m = measure();
    let doc_path = Path::new(env!("CARGO_MANIFEST_DIR")).join("docs/dpa-scan.md");
    let doc = std::fs::read_to_string(&doc_path).expect("docs/dpa-scan.md exists");
    let (Some(a), Some(b)) = (doc.find(START), doc.find(END)) else {
        panic!("docs/dpa-scan.md lacks the corpus-figures markers");
    };
    let fresh = format!("{}{START}{}{}", &doc[..a], m.table, &doc[b..]);
    if std::env::var_os("UPDATE_DOCS").is_some() {
        std::fs::write(&doc_path, &fresh).unwrap();
    } else {
        assert!(
            fresh == doc,
            "docs/dpa-scan.md corpus figures are stale; run `UPDATE_DOCS=1 cargo test --test dpa_corpus`.\nNew figures:\n{}",
            m.table
        );
    }
    assert!(
        m.types_ok,
        "a document type or language is wrong:\n{}",
        m.table
    );
    assert!(
        m.controls_ok,
        "a non-DPA control came out as a DPA or with found elements:\n{}",
        m.table
    );
    assert!(
        m.recall >= 0.90,
        "recall {:.3} < 0.90\n{}",
        m.recall,
        m.table
    );
    assert!(
        m.precision >= 0.90,
        "precision {:.3} < 0.90\n{}",
        m.precision,
        m.table
    );
}

/// The figures reached on the real-world agreements (docs/dpa-scan.md, "Real-world
/// agreements"): a change of the term lists or the section rules that loses a correct
/// `found` or adds a wrong one there fails here. Better figures only need the docs
/// table rewritten (and these floors raised).
#[test]
fn real_world_figures_do_not_regress() {
    let m = measure();
    let get = |set: &str| {
        m.per_set
            .get(set)
            .copied()
            .unwrap_or_else(|| panic!("no `{set}` documents in the corpus"))
    };
    // Issue 16 (sentence-level evidence): a placeholder (`…`) or a pointer to an annex
    // that holds only placeholders is no description of the data or the purposes (the
    // rule of the real corpus in ../shared/dpa-corpus), so the two 2021/915 templates
    // lose `data_types` (EN) and `nature_purpose` (DE), which their annotation counts;
    // the floor went from 74 to 72 for that reason. Round 4 of issue 16: outside an
    // annex, a TOM heading or label without any measure under it (a security clause, a
    // link to a web page, a form field left blank) is no TOM annex (the real corpus's
    // heading-only rule), so the Mitchell form loses `tom_annex`: 72 to 71.
    let tuned = get("real_world");
    assert!(
        tuned.tp >= 71 && tuned.fp <= 1,
        "real_world (tuned on): {} correct (want >= 71 of 75), {} wrong `found` (want <= 1)\n{}",
        tuned.tp,
        tuned.fp,
        m.table
    );
    let held = get("real_world_held_out");
    assert!(
        held.tp >= 18 && held.fp == 0,
        "real_world_held_out: {} correct (want >= 18 of 19), {} wrong `found` (want 0)\n{}",
        held.tp,
        held.fp,
        m.table
    );
}

/// The controls must stay non-DPAs even if the title line is removed (the title
/// check is not the only thing that keeps them out).
#[test]
fn controls_without_their_title_are_not_complete_dpas() {
    for t in truths()
        .into_iter()
        .filter(|t| t.document_type == "not_a_dpa")
    {
        let text = std::fs::read_to_string(corpus_dir().join(&t.document)).unwrap();
        let untitled: String = text.lines().skip(1).map(|l| format!("{l}\n")).collect();
        let name = format!("untitled-{}", t.document);
        let scan = cloudvet::dpa::scan_bytes(&name, untitled.as_bytes()).unwrap();
        assert_ne!(
            scan.type_evidence.document_type,
            DocumentType::Dpa,
            "{name}"
        );
        assert_eq!(scan.count(ScanResult::Found), 0, "{name}");
    }
}
