//! The PDF's layout on our own layout model, without system programs (issue 14 point 4,
//! issue 17 point 6): on the real report in English and German, and on a catalogue
//! whose vendor names are long or written in Chinese, Japanese, Korean, Arabic, Hebrew,
//! Thai and emoji (made here from the shipped profiles), no two text boxes overlap and
//! none leaves the page or runs into the right margin; every name's characters are in
//! the PDF's text layer, and only a character no shipped font has (Thai) is drawn as
//! the placeholder. `scripts/check-pdf.sh` checks the same on the PDF bytes with
//! `pdftotext -bbox-layout`.

use std::path::Path;

use super::common::{command, root, temp_dir};

const NAMES: &[(&str, &str)] = &[
    ("nebius", "阿里云 Alibaba Cloud 🚀"),
    ("gcp", "さくらインターネット株式会社"),
    ("hetzner", "네이버 클라우드 ☁️"),
    ("coreweave", "شركة الحوسبة السحابية"),
    ("lambda", "ענן ישראלי (Israel) בע\"מ"),
    (
        "aws",
        "Amazon Web Services EMEA SARL Niederlassung Deutschland Hochleistungsrechenzentrum Frankfurt am Main (AWS)",
    ),
    ("genesis-cloud", "Genesis ไทย Cloud"),
];

/// The shipped profiles with the names above, in `dir`.
fn catalogue(dir: &Path) {
    for entry in std::fs::read_dir(root().join("providers")).unwrap() {
        let path = entry.unwrap().path();
        let id = path.file_stem().unwrap().to_string_lossy().to_string();
        let mut text = std::fs::read_to_string(&path).unwrap();
        if let Some((_, name)) = NAMES.iter().find(|(i, _)| *i == id) {
            let line = text
                .lines()
                .find(|l| l.starts_with("name: "))
                .unwrap()
                .to_string();
            let quoted = serde_json::to_string(name).unwrap();
            text = text.replacen(&line, &format!("name: {quoted}"), 1);
        }
        std::fs::write(dir.join(path.file_name().unwrap()), text).unwrap();
    }
}

fn report_json(lang: &str, out: &Path, extra: &[&str]) -> cloudvet::report::Report {
    let o = command()
        .args([
            "--lang",
            lang,
            "report",
            "--as-of",
            "2026-11-30",
            "--format",
            "json,pdf",
        ])
        .arg("--out")
        .arg(out)
        .args(extra)
        .output()
        .unwrap();
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    serde_json::from_str(&std::fs::read_to_string(out.join("report.json")).unwrap()).unwrap()
}

#[test]
fn text_boxes_never_overlap_and_stay_on_the_page() {
    let dir = temp_dir("pdf-layout");
    let providers = dir.join("providers");
    std::fs::create_dir_all(&providers).unwrap();
    catalogue(&providers);
    for lang in ["en", "de"] {
        for (label, extra) in [
            ("shipped", vec![]),
            (
                "every script",
                vec!["--providers", providers.to_str().unwrap()],
            ),
        ] {
            let out = dir.join(format!("{lang}-{}", label.replace(' ', "-")));
            let r = report_json(lang, &out, &extra);
            let problems = cloudvet::render::pdf::layout_problems(&r).unwrap();
            assert!(
                problems.is_empty(),
                "{lang}, {label}: {} problem(s), first: {:#?}",
                problems.len(),
                &problems[..problems.len().min(10)]
            );
        }
    }
}

#[test]
fn every_name_is_in_the_text_layer_and_only_thai_is_a_placeholder() {
    let dir = temp_dir("pdf-glyphs");
    let providers = dir.join("providers");
    std::fs::create_dir_all(&providers).unwrap();
    catalogue(&providers);
    let out = dir.join("out");
    let r = report_json("en", &out, &["--providers", providers.to_str().unwrap()]);
    let missing = cloudvet::render::pdf::missing_glyphs(&r).unwrap();
    assert_eq!(
        missing.iter().collect::<String>(),
        "ทยไ"
            .replace(' ', "")
            .chars()
            .collect::<std::collections::BTreeSet<_>>()
            .into_iter()
            .collect::<String>()
    );
    // The vendor names are in the shortlist of the decision edition and in both annexes.
    let mut text = String::new();
    for f in ["decision.pdf", "annex-dpo.pdf", "annex-procurement.pdf"] {
        let pdf = lopdf::Document::load(out.join(f)).unwrap();
        let pages: Vec<u32> = pdf.get_pages().keys().copied().collect();
        text.extend(
            pdf.extract_text(&pages)
                .unwrap()
                .chars()
                .filter(|c| !c.is_whitespace()),
        );
    }
    for (_, name) in NAMES {
        for c in name.chars().filter(|c| !c.is_whitespace()) {
            assert!(
                text.contains(c),
                "{c:?} of {name:?} is not in the text layer"
            );
        }
    }
    // Left-to-right names come back whole (line breaks aside).
    for name in [
        "阿里云AlibabaCloud🚀",
        "さくらインターネット株式会社",
        "네이버클라우드☁️",
    ] {
        assert!(
            text.contains(name),
            "{name} is not in the text layer in one piece"
        );
    }
}
