//! Words, not field paths: what people read (the report's Markdown and HTML,
//! `assess`, the questionnaire) names fields by their label and list items by
//! their name, writes values as words and citations in the reader's convention;
//! JSON pointers, enum tokens, raw JSON, benchmark row IDs and the paths of
//! built-in files stay in the JSON. Checked on the embedded defaults in English
//! and German.

use std::path::Path;
use std::process::Output;

use super::common::{command, temp_dir};

fn run(args: &[&str]) -> Output {
    command().args(args).output().expect("run cloudvet")
}

fn text(out: &Output) -> String {
    format!(
        "{}{}",
        String::from_utf8_lossy(&out.stdout),
        String::from_utf8_lossy(&out.stderr)
    )
}

/// The visible text of an HTML page: tags and the style block dropped,
/// entities of the escaper decoded.
fn html_text(html: &str) -> String {
    let body = match html.find("</style>") {
        Some(i) => &html[i..],
        None => html,
    };
    let mut out = String::with_capacity(body.len());
    let mut in_tag = false;
    for c in body.chars() {
        match c {
            '<' => in_tag = true,
            '>' if in_tag => {
                in_tag = false;
                out.push(' ');
            }
            _ if !in_tag => out.push(c),
            _ => {}
        }
    }
    out.replace("&amp;", "&")
        .replace("&lt;", "<")
        .replace("&gt;", ">")
        .replace("&quot;", "\"")
        .replace("&#x27;", "'")
        .replace("&#x2F;", "/")
        .replace("\\_", "_")
}

/// Addresses are sources people follow; they may hold anything.
fn without_urls(line: &str) -> String {
    line.split_whitespace()
        .filter(|w| !w.contains("://"))
        .collect::<Vec<_>>()
        .join(" ")
}

/// The first segments of the profile's sections, for spotting pointers.
const SECTIONS: &[&str] = &[
    "dpa",
    "offers",
    "transfers",
    "exit",
    "certifications",
    "identity",
    "regions",
    "data_act",
    "sovereignty",
    "ai_literacy",
    "security",
    "sla",
    "support",
    "energy",
    "codes_of_conduct",
    "storage",
    "egress",
];

/// Enum values of the input schemas that are not words (`at_cost`,
/// `click_accept`, `self_declared` …): any of them in human output is a token.
fn enum_tokens() -> Vec<String> {
    let mut out = Vec::new();
    fn walk(v: &serde_json::Value, out: &mut Vec<String>) {
        match v {
            serde_json::Value::Object(m) => {
                for (k, x) in m {
                    match (k.as_str(), x) {
                        ("enum", serde_json::Value::Array(vs)) => {
                            out.extend(vs.iter().filter_map(|s| s.as_str()).map(str::to_string))
                        }
                        ("const", serde_json::Value::String(s)) => out.push(s.clone()),
                        _ => walk(x, out),
                    }
                }
            }
            serde_json::Value::Array(vs) => vs.iter().for_each(|x| walk(x, out)),
            _ => {}
        }
    }
    for file in ["provider", "requirements", "workload", "dpa_review"] {
        let bytes = cloudvet::embedded::file(&format!("schemas/{file}.schema.json")).unwrap();
        walk(&serde_json::from_slice(bytes).unwrap(), &mut out);
    }
    // Areas name the shipped rule packs too (`ai_literacy`): a pack's ID is shown
    // beside its title, like a rule's ID.
    let areas: Vec<&str> = cloudvet::model::rule_pack::Area::ALL
        .iter()
        .map(|a| a.key())
        .collect();
    out.retain(|t| {
        t.contains('_')
            && !t.starts_with("art28")
            && !t.starts_with("art3")
            && !areas.contains(&t.as_str())
    });
    out.sort();
    out.dedup();
    out
}

/// Every line of `text` that shows a field path, an enum token, raw JSON, a
/// benchmark row ID, a built-in file's path or a citation mark.
fn offences(text: &str, tokens: &[String]) -> Vec<String> {
    let mut bad = Vec::new();
    for raw in text.lines() {
        let line = without_urls(raw);
        let mut why = Vec::new();
        for s in SECTIONS {
            let p = format!("/{s}/");
            if let Some(i) = line.find(&p) {
                let before = line[..i].chars().last();
                if !before.is_some_and(|c| c.is_alphanumeric() || "_.:/".contains(c)) {
                    why.push("field path");
                }
            }
        }
        if line.contains("{\"") {
            why.push("raw JSON");
        }
        if line.split(|c: char| !c.is_alphanumeric()).any(|w| {
            w.len() == 5 && w.starts_with('T') && w[1..].bytes().all(|b| b.is_ascii_digit())
        }) {
            why.push("row ID");
        }
        if line.contains("embedded:") {
            why.push("built-in path");
        }
        for mark in [
            "[S]",
            "[UNVERIFIED]",
            "[V]",
            "ISO ISO/",
            "REQ requirements",
            "EDPB-G07",
        ] {
            if line.contains(mark) {
                why.push("citation key or mark");
            }
        }
        for t in tokens {
            if line
                .split(|c: char| !(c.is_alphanumeric() || c == '_'))
                .any(|w| w == t)
            {
                why.push("enum token");
            }
        }
        if !why.is_empty() {
            bad.push(format!(
                "{why:?}: {}",
                raw.chars().take(200).collect::<String>()
            ));
        }
    }
    bad
}

fn report(lang: &str, dir: &Path) -> (String, String) {
    let out = run(&[
        "--lang",
        lang,
        "report",
        "--out",
        &dir.display().to_string(),
        "--format",
        "md,html",
    ]);
    assert_eq!(out.status.code(), Some(0), "{}", text(&out));
    // Every edition (decision, DPO annex, procurement annex), each file on its own.
    let read = |ext: &str| {
        ["decision", "annex-dpo", "annex-procurement"]
            .iter()
            .map(|e| std::fs::read_to_string(dir.join(format!("{e}.{ext}"))).unwrap())
            .collect::<Vec<_>>()
    };
    let md = read("md").join("\n").replace("\\_", "_");
    let html = read("html")
        .iter()
        .map(|h| html_text(h))
        .collect::<Vec<_>>()
        .join("\n");
    (md, html)
}

#[test]
fn reports_and_assess_show_words_not_field_paths() {
    let tokens = enum_tokens();
    assert!(tokens.iter().any(|t| t == "at_cost"), "{tokens:?}");
    let tmp = temp_dir("words-report");
    for lang in ["en", "de"] {
        let (md, html) = report(lang, &tmp.join(lang));
        let assess = text(&run(&["--lang", lang, "assess"]));
        for (what, body) in [
            ("the editions' Markdown", &md),
            ("the editions' HTML", &html),
            ("assess", &assess),
        ] {
            let bad = offences(body, &tokens);
            assert!(
                bad.is_empty(),
                "{lang} {what}: {} lines show what people should not read, e.g.\n{}",
                bad.len(),
                bad.iter().take(12).cloned().collect::<Vec<_>>().join("\n")
            );
        }
    }
    let _ = std::fs::remove_dir_all(&tmp);
}

#[test]
fn the_check_sees_field_paths_and_tokens() {
    let tokens = enum_tokens();
    for line in [
        "| DPA-008 | /dpa/subprocessors/authorisation = general |",
        "offers: {\"matching\":0,\"total\":2}",
        "- H200-SXM: T0270; T0331",
        "| embedded:providers/aws.yaml | provider |",
        "GDPR Art. 33(2) [S]",
        "switching fee: at_cost",
    ] {
        assert_eq!(offences(line, &tokens).len(), 1, "{line}");
    }
    assert!(offences(
        "see https://example.com/dpa/clauses/x and 8× H100-SXM",
        &tokens
    )
    .is_empty());
}

#[test]
fn citations_follow_the_readers_convention() {
    let tmp = temp_dir("words-cite");
    let (en, _) = report("en", &tmp.join("en"));
    let (de, _) = report("de", &tmp.join("de"));
    for c in [
        "GDPR Art. 28(3)(h)",
        "Data Act Art. 25(2)(d)",
        "EDPB Guidelines 07/2020 para. 123",
        "(secondary sources only)",
    ] {
        assert!(en.contains(c), "English report lacks {c}");
    }
    for c in [
        "Art. 28 Abs. 3 lit. h DSGVO",
        "Art. 25 Abs. 2 lit. d Data Act",
        "EDSA-Leitlinien 07/2020 Rn. 123",
        "Angemessenheitsbeschluss zum EU-US-Datenschutzrahmen",
        "Ihre Anforderungen: ",
        "(nur Sekundärquellen)",
    ] {
        assert!(de.contains(c), "German report lacks {c}");
    }
    assert!(!en.contains("DSGVO"), "DSGVO in the English report");
    for english in [
        "GDPR Art.",
        "DPF Decision",
        "Your requirements",
        "secondary sources only",
    ] {
        let line = de.lines().find(|l| l.contains(english));
        assert!(
            line.is_none(),
            "English citation in the German report: {line:?}"
        );
    }
    // The legend of the marks is in the catalogue the templates read.
    for lang in [cloudvet::i18n::Lang::En, cloudvet::i18n::Lang::De] {
        let labels = cloudvet::i18n::labels(lang);
        for key in [
            "evidence_legend_title",
            "evidence_legend_secondary",
            "evidence_legend_unverified",
        ] {
            assert!(
                labels.get(key).is_some_and(|t| !t.is_empty()),
                "{lang}: {key}"
            );
        }
    }
    let _ = std::fs::remove_dir_all(&tmp);
}

#[test]
fn the_questionnaire_names_every_item_and_still_loads() {
    let tmp = temp_dir("words-questionnaire");
    let tokens = enum_tokens();
    for lang in ["en", "de"] {
        let dir = tmp.join(lang);
        let out = run(&[
            "--lang",
            lang,
            "questionnaire",
            "--provider",
            "nebius",
            "--out",
            &dir.display().to_string(),
        ]);
        assert_eq!(out.status.code(), Some(0), "{}", text(&out));
        let md = std::fs::read_to_string(dir.join("nebius-questionnaire.md")).unwrap();
        let yaml = std::fs::read_to_string(dir.join("nebius-questionnaire.yaml")).unwrap();
        let pdf = std::fs::read(dir.join("nebius-questionnaire.pdf")).unwrap();
        assert!(pdf.starts_with(b"%PDF-"), "{lang}: no PDF");
        // The Markdown reads as words (the form of an answer names the tokens to
        // write in the file, in code marks: those are allowed).
        let prose: String = md
            .lines()
            .map(|l| {
                l.split('`')
                    .enumerate()
                    .filter(|(i, _)| i % 2 == 0)
                    .map(|(_, p)| p)
                    .collect::<String>()
            })
            .collect::<Vec<_>>()
            .join("\n");
        let bad = offences(&prose, &tokens);
        assert!(bad.is_empty(), "{lang}: {bad:?}");
        // A transfer is named by its country and purpose, never by its index.
        let transfer = if lang == "en" {
            "Transfer to IL"
        } else {
            "Übermittlung nach IL"
        };
        assert!(
            md.contains(transfer),
            "{lang}: {transfer} not in the Markdown"
        );
        // Every question and every fact of the answer file has its words beside it.
        for line in yaml.lines().filter(|l| {
            let t = l.trim_start().trim_start_matches("- ");
            t.starts_with("rule: ") || t.starts_with("fact: ")
        }) {
            assert!(line.contains("  # "), "{lang}: no label beside {line}");
            let comment = &line[line.find("  # ").unwrap()..];
            for s in SECTIONS {
                assert!(
                    !comment.contains(&format!("/{s}/")),
                    "{lang}: a path in {comment}"
                );
            }
        }
        let indexed = yaml
            .lines()
            .find(|l| l.contains("fact: /transfers/destinations/1/"))
            .expect("a fact of a list item");
        assert!(indexed.contains(transfer), "{lang}: {indexed}");
        // The file as written is a valid questionnaire.
        let v = run(&[
            "validate",
            &dir.join("nebius-questionnaire.yaml").display().to_string(),
        ]);
        assert_eq!(v.status.code(), Some(0), "{}", text(&v));
    }
    let _ = std::fs::remove_dir_all(&tmp);
}

#[test]
fn decisive_only_writes_the_questions_to_ask_first() {
    let tmp = temp_dir("words-decisive");
    let out = run(&[
        "questionnaire",
        "--decisive-only",
        "--out",
        &tmp.display().to_string(),
    ]);
    assert_eq!(out.status.code(), Some(0), "{}", text(&out));
    // The recommendation on the defaults: Nebius leads with open must-haves; the
    // questions to ask first are its must-haves and the challengers' decisive ones.
    let json = run(&["assess", "--format", "json"]);
    let a: serde_json::Value = serde_json::from_slice(&json.stdout).unwrap();
    let ask = a["recommendation"]["ask"].as_array().expect("ask list");
    let mut written = 0;
    for entry in std::fs::read_dir(&tmp).unwrap() {
        let path = entry.unwrap().path();
        if path.extension().and_then(|e| e.to_str()) != Some("yaml") {
            continue;
        }
        let q: serde_yaml::Value =
            serde_yaml::from_str(&std::fs::read_to_string(&path).unwrap()).unwrap();
        let provider = q["provider"].as_str().unwrap();
        for question in q["questions"].as_sequence().unwrap() {
            let rule = question["rule"].as_str().unwrap();
            assert!(
                ask.iter()
                    .any(|x| x["provider"] == provider && x["rule"] == rule),
                "{provider} {rule} is not a question to ask first"
            );
            written += 1;
        }
    }
    assert_eq!(written, ask.len(), "every question to ask first is written");
    let _ = std::fs::remove_dir_all(&tmp);
}
