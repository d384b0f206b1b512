//! `cloudvet report` end to end, through the real binary: the three editions
//! (decision, DPO annex, procurement annex) in every format, golden files for
//! their Markdown, the decision HTML and the JSON on the embedded defaults, the
//! decision edition's page bound and legend, the PDFs' pages, metadata, text and
//! byte-identity across runs, `--edition`, the terminal summary, hostile strings,
//! template overrides and bad input. UPDATE_GOLDEN=1 rewrites the golden files in
//! tests/golden/.

use std::path::{Path, PathBuf};
use std::process::{Command, Output};

const AS_OF: &str = "2026-11-30";

fn bin() -> Command {
    let mut c = Command::new(env!("CARGO_BIN_EXE_cloudvet"));
    c.env_remove("SOURCE_DATE_EPOCH");
    c
}

fn tmp(name: &str) -> PathBuf {
    let d = std::env::temp_dir().join(format!("cloudvet-report-{}-{name}", std::process::id()));
    let _ = std::fs::remove_dir_all(&d);
    std::fs::create_dir_all(&d).unwrap();
    d
}

fn run(args: &[&str]) -> Output {
    bin().args(args).output().unwrap()
}

fn ok(out: &Output) {
    assert!(
        out.status.success(),
        "exit {:?}\nstdout:\n{}\nstderr:\n{}",
        out.status.code(),
        String::from_utf8_lossy(&out.stdout),
        String::from_utf8_lossy(&out.stderr)
    );
}

fn report(lang: &str, formats: &str, dir: &Path, extra: &[&str]) -> Output {
    let mut args = vec![
        "--lang", lang, "report", "--as-of", AS_OF, "--format", formats, "--out",
    ];
    let d = dir.to_str().unwrap();
    args.push(d);
    args.extend_from_slice(extra);
    run(&args)
}

fn golden(name: &str, actual: &str) {
    let path = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/golden")
        .join(name);
    if std::env::var_os("UPDATE_GOLDEN").is_some() {
        std::fs::create_dir_all(path.parent().unwrap()).unwrap();
        std::fs::write(&path, actual).unwrap();
        return;
    }
    let expected = std::fs::read_to_string(&path)
        .unwrap_or_else(|_| panic!("{} missing: run with UPDATE_GOLDEN=1", path.display()));
    if expected != actual {
        let line = expected
            .lines()
            .zip(actual.lines())
            .position(|(a, b)| a != b)
            .unwrap_or(expected.lines().count().min(actual.lines().count()));
        panic!(
            "{name} differs from the golden file at line {}:\n  golden: {:?}\n  actual: {:?}\n(rerun with UPDATE_GOLDEN=1 after checking the change)",
            line + 1,
            expected.lines().nth(line).unwrap_or(""),
            actual.lines().nth(line).unwrap_or("")
        );
    }
}

fn read(p: PathBuf) -> String {
    std::fs::read_to_string(&p).unwrap_or_else(|e| panic!("{}: {e}", p.display()))
}

/// Golden files: every edition's Markdown, the decision edition's HTML and the
/// JSON in English; every edition's Markdown in German (the German HTML and JSON
/// differ from the English only in the texts).
#[test]
fn golden_html_markdown_json() {
    for (lang, files) in [
        (
            "en",
            &[
                "decision.md",
                "decision.html",
                "annex-dpo.md",
                "annex-procurement.md",
                "report.json",
            ][..],
        ),
        (
            "de",
            &["decision.md", "annex-dpo.md", "annex-procurement.md"][..],
        ),
    ] {
        let dir = tmp(&format!("golden-{lang}"));
        ok(&report(lang, "html,md,json", &dir, &[]));
        for f in files {
            let (stem, ext) = f.rsplit_once('.').unwrap();
            golden(&format!("{stem}.{lang}.{ext}"), &read(dir.join(f)));
        }
    }
}

#[test]
fn json_is_the_documented_model() {
    let dir = tmp("json");
    ok(&report("en", "json", &dir, &[]));
    let v: serde_json::Value = serde_json::from_str(&read(dir.join("report.json"))).unwrap();
    assert_eq!(v["report_version"], 2);
    assert_eq!(v["lang"], "en");
    assert_eq!(v["meta"]["evaluation_date"]["iso"], AS_OF);
    let inputs = v["provenance"]["inputs"].as_array().unwrap();
    assert!(inputs.iter().any(|i| i["kind"] == "provider"));
    assert!(inputs.iter().any(|i| i["kind"] == "rule_pack"));
    assert!(inputs.iter().any(|i| i["kind"] == "requirements"));
    for i in inputs {
        let h = i["sha256"].as_str().unwrap();
        assert_eq!(h.len(), 64, "{i}");
    }
    // The JSON reads back into the model.
    let _: cloudvet::report::Report = serde_json::from_value(v).unwrap();
}

/// Every file of a full run: each edition in each format, the JSON, the CSVs.
const ALL_FILES: [&str; 12] = [
    "annex-dpo.html",
    "annex-dpo.md",
    "annex-dpo.pdf",
    "annex-procurement.html",
    "annex-procurement.md",
    "annex-procurement.pdf",
    "cost.csv",
    "decision.html",
    "decision.md",
    "decision.pdf",
    "report.json",
    "shortlist.csv",
];

#[test]
fn every_edition_in_every_format_is_written_and_identical_across_runs() {
    let a = tmp("same-a");
    let b = tmp("same-b");
    ok(&report("de", "pdf,html,md,json,csv", &a, &[]));
    ok(&report("de", "pdf,html,md,json,csv", &b, &[]));
    for f in ALL_FILES {
        let x = std::fs::read(a.join(f)).unwrap();
        let y = std::fs::read(b.join(f)).unwrap();
        assert!(!x.is_empty(), "{f} empty");
        assert!(x == y, "{f} differs between two runs");
    }
    // Nothing else is left in the folder (atomic writes leave no temp files).
    let mut names: Vec<String> = std::fs::read_dir(&a)
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .collect();
    names.sort();
    assert_eq!(names, ALL_FILES);
}

#[test]
fn the_edition_flag_picks_the_editions_and_json_stays_complete() {
    let dir = tmp("edition-flag");
    let o = report("en", "pdf,md,json", &dir, &["--edition", "dpo"]);
    ok(&o);
    let mut names: Vec<String> = std::fs::read_dir(&dir)
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .collect();
    names.sort();
    assert_eq!(names, ["annex-dpo.md", "annex-dpo.pdf", "report.json"]);
    // The JSON holds every edition's parts, whatever --edition says.
    let v: serde_json::Value = serde_json::from_str(&read(dir.join("report.json"))).unwrap();
    assert!(!v["decision"]["next_steps"].as_array().unwrap().is_empty());
    assert!(!v["procurement"]["offers"].as_array().unwrap().is_empty());
    assert!(!v["providers"].as_array().unwrap().is_empty());
    // No human edition written: nothing to "read first".
    let out = String::from_utf8_lossy(&o.stdout);
    assert!(out.contains("annex-dpo.pdf"), "{out}");

    let dir = tmp("edition-two");
    ok(&report(
        "en",
        "md",
        &dir,
        &["--edition", "procurement,decision"],
    ));
    assert!(dir.join("decision.md").exists() && dir.join("annex-procurement.md").exists());
    assert!(!dir.join("annex-dpo.md").exists());

    let o = report("en", "md", &tmp("edition-bad"), &["--edition", "board"]);
    assert_eq!(o.status.code(), Some(2));
    let err = String::from_utf8_lossy(&o.stderr);
    assert!(
        err.contains("invalid-report-option") && err.contains("board"),
        "{err}"
    );
}

#[test]
fn the_terminal_ends_with_the_recommendation_state_in_both_languages() {
    for (lang, wrote, read_first) in [
        ("en", "Wrote 12 files to ", "Read first: "),
        ("de", "12 Dateien nach ", "Zuerst lesen: "),
    ] {
        let dir = tmp(&format!("terminal-{lang}"));
        let o = report(lang, "pdf,html,md,json,csv", &dir, &[]);
        ok(&o);
        let out = String::from_utf8_lossy(&o.stdout);
        let lines: Vec<&str> = out.lines().collect();
        assert!(lines[0].starts_with(wrote), "{out}");
        for f in ALL_FILES {
            assert!(
                out.contains(&format!("{}", dir.join(f).display())),
                "{lang}: {f} not listed: {out}"
            );
        }
        let json: serde_json::Value = serde_json::from_str(&read(dir.join("report.json"))).unwrap();
        let rec = &json["summary"]["recommendation"];
        // The last three lines: the state, the next step, what to read first.
        let n = lines.len();
        assert_eq!(lines[n - 3], rec["sentence"].as_str().unwrap(), "{out}");
        assert_eq!(lines[n - 2], rec["next_step"].as_str().unwrap(), "{out}");
        assert_eq!(
            lines[n - 1],
            format!("{read_first}{}", dir.join("decision.pdf").display())
        );
    }
}

fn pdf_text(path: &Path) -> (lopdf::Document, Vec<String>) {
    let doc = lopdf::Document::load(path).unwrap();
    let pages = doc
        .get_pages()
        .keys()
        .map(|n| doc.extract_text(&[*n]).unwrap_or_default())
        .collect();
    (doc, pages)
}

/// The decision edition holds at most this many A4 pages on the embedded catalogue.
const DECISION_MAX_PAGES: usize = 6;

#[test]
fn pdf_editions_metadata_pages_and_text() {
    for (lang, footer, titles, first) in [
        (
            "de",
            "Seite",
            [
                "Entscheidungsvorlage GPU-Cloud",
                "Anhang Datenschutz",
                "Anhang Beschaffung",
            ],
            "Was zu tun ist",
        ),
        (
            "en",
            "Page",
            [
                "GPU cloud decision",
                "Data protection annex",
                "Procurement annex",
            ],
            "What to do",
        ),
    ] {
        let dir = tmp(&format!("pdf-{lang}"));
        ok(&report(lang, "pdf,json", &dir, &[]));
        let json: serde_json::Value = serde_json::from_str(&read(dir.join("report.json"))).unwrap();
        for (file, title) in ["decision.pdf", "annex-dpo.pdf", "annex-procurement.pdf"]
            .iter()
            .zip(titles)
        {
            let (doc, pages) = pdf_text(&dir.join(file));
            let n = pages.len();
            assert!(n >= 1, "{lang} {file}: no pages");
            let info_ref = doc.trailer.get(b"Info").unwrap().as_reference().unwrap();
            let info = doc.get_dictionary(info_ref).unwrap();
            let get = |k: &[u8]| lopdf::decode_text_string(info.get(k).unwrap()).unwrap();
            assert_eq!(get(b"Title"), title);
            assert!(get(b"Author").starts_with("cloudvet "));
            assert!(!get(b"Subject").is_empty());
            let created = info.get(b"CreationDate").unwrap().as_str().unwrap();
            assert!(created.starts_with(b"D:20261130"));
            // The document ID is the report's, derived from the inputs.
            let id = json["meta"]["document_id"].as_str().unwrap();
            let trailer_id = doc.trailer.get(b"ID").unwrap().as_array().unwrap();
            assert_eq!(trailer_id[0].as_str().unwrap(), id.as_bytes());
            // Every page: header with the title, footer "Page x of n".
            for (i, p) in pages.iter().enumerate() {
                assert!(p.contains(title), "{lang} {file} page {}: no header", i + 1);
                let label = format!(
                    "{footer} {} {} {n}",
                    i + 1,
                    if lang == "de" { "von" } else { "of" }
                );
                assert!(
                    p.contains(&label),
                    "{lang} {file} page {}: no '{label}'",
                    i + 1
                );
            }
        }
        let (_, pages) = pdf_text(&dir.join("decision.pdf"));
        assert!(pages[0].contains(first));
        // The leading provider's name and the state are on page 1.
        let name = json["shortlist"][0]["provider_name"].as_str().unwrap();
        assert!(pages[0].contains(name), "{lang}: {name} not on page 1");
        if lang == "de" {
            let (_, dpo) = pdf_text(&dir.join("annex-dpo.pdf"));
            let all = dpo.join(" ");
            assert!(all.contains('ü') && all.contains('ä') && all.contains("Prüfstatus"));
        }
    }
}

/// Issue 14: a manager reads the decision edition in five minutes — at most six A4
/// pages on the embedded catalogue, in either language. The pages are counted in
/// the PDF written (its page objects), not in the layout.
#[test]
fn the_decision_edition_fits_six_pages_in_both_languages() {
    for lang in ["en", "de"] {
        let dir = tmp(&format!("bounds-{lang}"));
        ok(&report(lang, "pdf", &dir, &["--edition", "decision"]));
        let bytes = std::fs::read(dir.join("decision.pdf")).unwrap();
        let doc = lopdf::Document::load_mem(&bytes).unwrap();
        let n = doc.get_pages().len();
        // The page tree agrees with the page objects in the file.
        let objects = doc
            .objects
            .values()
            .filter(|o| {
                o.as_dict()
                    .ok()
                    .and_then(|d| d.get(b"Type").ok())
                    .and_then(|t| t.as_name().ok())
                    == Some(&b"Page"[..])
            })
            .count();
        assert_eq!(n, objects, "{lang}: page tree and page objects differ");
        assert!(
            (1..=DECISION_MAX_PAGES).contains(&n),
            "{lang}: the decision edition has {n} pages (at most {DECISION_MAX_PAGES})"
        );
    }
}

/// The legend of the marks is in the decision edition in every format.
#[test]
fn the_decision_edition_has_the_legend_in_every_format() {
    for (lang, title) in [("en", "Legend"), ("de", "Legende")] {
        let dir = tmp(&format!("legend-{lang}"));
        ok(&report(
            lang,
            "pdf,html,md,json",
            &dir,
            &["--edition", "decision"],
        ));
        let json: serde_json::Value = serde_json::from_str(&read(dir.join("report.json"))).unwrap();
        let legend = json["legend"].as_array().unwrap();
        assert!(legend.len() >= 3, "{lang}: {legend:?}");
        let (_, pages) = pdf_text(&dir.join("decision.pdf"));
        let pdf = pages.join("\n").replace('\n', " ");
        let html = read(dir.join("decision.html"));
        let md = read(dir.join("decision.md"));
        for (what, text) in [("pdf", &pdf), ("html", &html), ("md", &md)] {
            assert!(text.contains(title), "{lang} {what}: no legend heading");
            for row in legend {
                for k in ["mark", "meaning"] {
                    let v = row[k].as_str().unwrap();
                    // Markdown escapes the text; compare its first words.
                    let head: String = v.split_whitespace().take(2).collect::<Vec<_>>().join(" ");
                    let head = head.trim_start_matches('(');
                    assert!(
                        text.contains(head),
                        "{lang} {what}: legend {k} `{v}` missing"
                    );
                }
            }
        }
    }
}

/// A provider profile from the embedded catalogue with its id and name replaced.
fn hostile_provider(dir: &Path, id: &str, name: &str) {
    let (_, bytes) = cloudvet::embedded::files_under("providers")
        .find(|(p, _)| p.ends_with(".yaml"))
        .expect("an embedded provider");
    let text = String::from_utf8(bytes.to_vec()).unwrap();
    let mut out = String::new();
    let mut done_id = false;
    let mut done_name = false;
    for line in text.lines() {
        if !done_id && line.starts_with("id:") {
            out.push_str(&format!("id: {id}\n"));
            done_id = true;
        } else if !done_name && line.starts_with("name:") {
            out.push_str(&format!("name: {}\n", serde_json::to_string(name).unwrap()));
            done_name = true;
        } else {
            out.push_str(line);
            out.push('\n');
        }
    }
    assert!(done_id && done_name);
    std::fs::write(dir.join(format!("{id}.yaml")), out).unwrap();
}

#[test]
fn hostile_strings_come_out_inert_in_every_format() {
    let dir = tmp("hostile");
    let providers = dir.join("providers");
    std::fs::create_dir_all(&providers).unwrap();
    hostile_provider(&providers, "evil-script", "<script>alert(1)</script>");
    hostile_provider(
        &providers,
        "evil-link",
        "Evil](javascript:alert(1)) [x](javascript:alert(2))",
    );
    hostile_provider(&providers, "evil-formula", "=cmd|' /C calc'!A0");
    // A waiver whose justification tries links, HTML and a spreadsheet formula.
    let req = String::from_utf8(
        cloudvet::embedded::file("docs/examples/requirements.yaml")
            .unwrap()
            .to_vec(),
    )
    .unwrap();
    assert!(req.contains("waivers: []"));
    let req = req.replace(
        "waivers: []",
        "waivers:\n  - rule: DPA-001\n    provider: evil-script\n    justification: \"see [here](javascript:alert(3)) <img src=x onerror=alert(4)> =cmd|' /C calc'!A0\"\n    approved_by: \"<b>boss</b>\"\n    expires: 2030-01-01\n",
    );
    let req_file = dir.join("requirements.yaml");
    std::fs::write(&req_file, req).unwrap();
    let out = dir.join("out");
    let o = report(
        "en",
        "pdf,html,md,json,csv",
        &out,
        &[
            "--providers",
            providers.to_str().unwrap(),
            "--requirements",
            req_file.to_str().unwrap(),
        ],
    );
    ok(&o);
    // Every edition: the names are in all three, the waiver in the decision edition.
    let html = ["decision.html", "annex-dpo.html", "annex-procurement.html"]
        .iter()
        .map(|f| read(out.join(f)))
        .collect::<Vec<_>>()
        .join("\n");
    assert!(!html.contains("<script"), "raw <script> in HTML");
    assert!(html.contains("&lt;script&gt;alert(1)&lt;/script&gt;"));
    assert!(!html.contains("<img"), "raw <img> in HTML");
    assert!(!html.contains("<b>boss"), "raw <b> in HTML");
    assert!(
        html.contains("&lt;img src=x onerror=alert(4)&gt;"),
        "waiver justification shown escaped"
    );
    let md = ["decision.md", "annex-dpo.md", "annex-procurement.md"]
        .iter()
        .map(|f| read(out.join(f)))
        .collect::<Vec<_>>()
        .join("\n");
    assert!(!md.contains("<script>"), "raw <script> in Markdown");
    assert!(md.contains("\\<script\\>"));
    assert!(
        !md.replace("\\<img", "").contains("<img"),
        "raw <img> in Markdown"
    );
    assert!(
        md.contains("\\<img src\\=x onerror\\=alert(4)\\>"),
        "waiver shown escaped in Markdown"
    );
    assert!(
        !md.replace("\\]", "").contains("]("),
        "a Markdown link can form"
    );
    let csv = read(out.join("shortlist.csv"));
    for line in csv.lines() {
        for cell in line.split(',') {
            assert!(!cell.starts_with('='), "formula cell in CSV: {line}");
        }
    }
    assert!(csv.contains("'=cmd|"));
    let json: serde_json::Value = serde_json::from_str(&read(out.join("report.json"))).unwrap();
    let names: Vec<&str> = json["shortlist"]
        .as_array()
        .unwrap()
        .iter()
        .map(|r| r["provider_name"].as_str().unwrap())
        .collect();
    assert!(
        names.contains(&"<script>alert(1)</script>"),
        "JSON keeps the text as data: {names:?}"
    );
    for f in ["decision.pdf", "annex-dpo.pdf", "annex-procurement.pdf"] {
        let (_, pages) = pdf_text(&out.join(f));
        assert!(
            pages.join("\n").contains("<script>alert(1)</script>"),
            "{f} shows the name as text"
        );
    }
}

#[test]
fn templates_are_overridable_by_name_and_errors_are_reported() {
    let dir = tmp("templates");
    let t = dir.join("tpl");
    std::fs::create_dir_all(t.join("partials")).unwrap();
    std::fs::write(
        t.join("decision.md"),
        "CUSTOM {{ labels.ed_decision_title }} {{ summary.assessed }} {{ decision.next_steps | length }}\n",
    )
    .unwrap();
    // A partial every HTML edition includes.
    std::fs::write(
        t.join("partials/style.html"),
        "<style>body { color: #123456; }</style>\n",
    )
    .unwrap();
    // The one-document report's template names are no longer read: a warning says so.
    std::fs::write(t.join("report.md"), "OLD\n").unwrap();
    let out = dir.join("out");
    let o = report("en", "md,html", &out, &["--templates", t.to_str().unwrap()]);
    ok(&o);
    let err = String::from_utf8_lossy(&o.stderr);
    assert!(
        err.contains("report.md") && err.contains("no longer used"),
        "{err}"
    );
    let md = read(out.join("decision.md"));
    assert!(md.starts_with("CUSTOM GPU cloud decision "), "{md}");
    // Not overridden: still the built-in annexes, with the overridden stylesheet.
    assert!(read(out.join("annex-dpo.md")).starts_with("# Data protection annex"));
    for f in ["decision.html", "annex-dpo.html", "annex-procurement.html"] {
        assert!(read(out.join(f)).contains("#123456"), "{f}");
    }
    assert!(read(out.join("decision.html")).contains("<section id=\"shortlist\">"));
    assert!(!out.join("report.md").exists());

    std::fs::write(t.join("annex-dpo.md"), "{{ meta.no_such_field }}\n").unwrap();
    let out2 = dir.join("out2");
    let o = report("en", "md", &out2, &["--templates", t.to_str().unwrap()]);
    assert_eq!(o.status.code(), Some(2));
    let err = String::from_utf8_lossy(&o.stderr);
    assert!(err.contains("template-error"), "{err}");
    assert!(!out2.exists(), "nothing written on error");

    std::fs::write(t.join("annex-dpo.md"), "{% if %}\n").unwrap();
    let o = report("en", "md", &out2, &["--templates", t.to_str().unwrap()]);
    assert_eq!(o.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&o.stderr).contains("annex-dpo.md"));
}

#[test]
fn unwritable_output_and_unrenderable_models_are_reported() {
    let dir = tmp("unwritable");
    let blocker = dir.join("a-file");
    std::fs::write(&blocker, "not a folder").unwrap();
    let out = blocker.join("report");
    let o = report("en", "md", &out, &[]);
    assert_eq!(o.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&o.stderr).contains("output-unwritable"));

    // A model whose evaluation date is not a date cannot become a PDF.
    let json = tmp("render-failed");
    ok(&report("en", "json", &json, &[]));
    let mut r: cloudvet::report::Report =
        serde_json::from_str(&read(json.join("report.json"))).unwrap();
    r.meta.evaluation_date.iso = "someday".into();
    let e = cloudvet::render::pdf::render(&r, cloudvet::render::Edition::Decision).unwrap_err();
    assert_eq!(e.to_diagnostic().code, "render-failed");
}

#[test]
fn bad_arguments_exit_2_with_a_message() {
    let dir = tmp("bad");
    for extra in [
        vec!["--as-of", "30.11.2026"],
        vec!["--format", "docx"],
        vec!["--requirements", "/no/such/requirements.yaml"],
        vec!["--providers", "/no/such/folder"],
    ] {
        let mut args = vec!["report", "--out", dir.to_str().unwrap()];
        args.extend(extra.iter().copied());
        let o = run(&args);
        assert_eq!(o.status.code(), Some(2), "{extra:?}");
        let err = String::from_utf8_lossy(&o.stderr);
        assert!(!err.is_empty(), "{extra:?}: no message");
        if extra[0] == "--format" {
            assert!(err.contains("invalid-report-option"), "{err}");
        }
        if extra[0] == "--as-of" {
            assert!(err.contains("invalid-date"), "{err}");
        }
    }
}

#[test]
fn existing_report_is_replaced_whole() {
    let dir = tmp("replace");
    std::fs::write(dir.join("decision.md"), "old").unwrap();
    // A file of the one-document report of earlier versions is a report file too:
    // the folder is replaced as a whole, and it is gone afterwards.
    std::fs::write(dir.join("report.pdf"), "old").unwrap();
    ok(&report("en", "md", &dir, &[]));
    let md = read(dir.join("decision.md"));
    assert!(md.starts_with("# GPU cloud decision"));
    assert!(!dir.join("report.pdf").exists());
}

#[test]
fn dpa_review_files_give_the_review_status() {
    let dir = tmp("reviews");
    let reviews = dir.join("reviews");
    std::fs::create_dir_all(&reviews).unwrap();
    let fixture =
        Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/valid/reviews/acme-gpu.yaml");
    let text = read(fixture).replace("provider: acme-gpu", "provider: ionos");
    let text = format!(
        "{text}sign_off:\n  name: Dr. Erika Müller\n  role: Datenschutzbeauftragte\n  date: 2026-11-29\n  decision: approved_with_conditions\n"
    );
    std::fs::write(
        reviews.join("ionos.yaml"),
        text.replace(
            "verdict: pending",
            "scan:\n      status: found\n      section: \"§ 9.2\"\n      passage: Kontrollen nur nach schriftlicher Ankündigung und höchstens einmal jährlich.\n      confidence: medium\n    verdict: negotiate\n    reviewer: E. Müller\n    date: 2026-11-29",
        ),
    )
    .unwrap();
    let out = dir.join("out");
    ok(&report(
        "de",
        "json,md",
        &out,
        &["--reviews", reviews.to_str().unwrap()],
    ));
    let json: serde_json::Value = serde_json::from_str(&read(out.join("report.json"))).unwrap();
    let ionos = json["dpa_reviews"]
        .as_array()
        .unwrap()
        .iter()
        .find(|d| d["provider_id"] == "ionos")
        .expect("ionos in the DPA status");
    assert_eq!(ionos["reviewed"], true);
    assert_eq!(ionos["status_text"], "freigegeben mit Auflagen");
    assert_eq!(
        ionos["reviewer"],
        "Dr. Erika Müller (Datenschutzbeauftragte)"
    );
    assert!(ionos["basis"]
        .as_str()
        .unwrap()
        .contains("1 akzeptiert, 1 zu verhandeln"));
    let inputs = json["provenance"]["inputs"].as_array().unwrap();
    assert!(inputs.iter().any(|i| i["kind"] == "dpa_review"));
    assert_eq!(ionos["state"], "signed");
    // The DPO annex shows the review and, beside the finding it decided, the DPA
    // passage the scan found, with its section.
    let md = read(out.join("annex-dpo.md"));
    assert!(md.contains("freigegeben mit Auflagen"), "no review status");
    assert!(
        md.contains(
            "§ 9.2: “Kontrollen nur nach schriftlicher Ankündigung und höchstens einmal jährlich.”"
        ),
        "no DPA passage in the DPO annex"
    );
    let dpo = json["dpo"]
        .as_array()
        .unwrap()
        .iter()
        .find(|d| d["provider_id"] == "ionos")
        .unwrap();
    let evidence: Vec<&serde_json::Value> = dpo["areas"]
        .as_array()
        .unwrap()
        .iter()
        .flat_map(|a| a["findings"].as_array().unwrap())
        .flat_map(|f| f["evidence"].as_array().unwrap())
        .filter(|e| !e["passage"].is_null())
        .collect();
    assert!(!evidence.is_empty());
    assert!(evidence
        .iter()
        .all(|e| e["source"].is_string() && e["as_of"].is_object()));
    // Others stay on their profile facts.
    assert!(json["dpa_reviews"]
        .as_array()
        .unwrap()
        .iter()
        .any(|d| d["reviewed"] == false));
}

/// printpdf silently drops characters the font lacks: every character of the
/// real report, in both languages, must be in the embedded font.
#[test]
fn the_font_covers_every_character_of_the_report() {
    for lang in ["en", "de"] {
        let dir = tmp(&format!("glyphs-{lang}"));
        ok(&report(lang, "json", &dir, &[]));
        let r: cloudvet::report::Report =
            serde_json::from_str(&read(dir.join("report.json"))).unwrap();
        let missing = cloudvet::render::pdf::missing_glyphs(&r).unwrap();
        assert!(
            missing.is_empty(),
            "{lang}: the font lacks {missing:?} (add them to scripts/subset-fonts.sh)"
        );
    }
}

#[test]
fn offers_without_a_complete_total_show_the_comparable_total_with_what_it_leaves_out() {
    let dir = tmp("comparable");
    ok(&report("de", "json,md", &dir, &[]));
    let v: serde_json::Value = serde_json::from_str(&read(dir.join("report.json"))).unwrap();
    // The embedded catalogue states no storage price anywhere: the note names it, once.
    let note = v["cost"]["comparison_note"].as_str().unwrap();
    assert!(note.contains("Speicher weggelassen"), "{note}");
    let rows = v["cost"]["rows"].as_array().unwrap();
    let with_comparable: Vec<_> = rows.iter().filter(|r| !r["comparable"].is_null()).collect();
    assert!(!with_comparable.is_empty());
    let mut last = None;
    for r in &with_comparable {
        // A comparable total replaces the old lower bound; the reasons are in the note.
        assert!(r["on_demand"].is_null(), "{r}");
        assert!(r["missing"].is_null(), "{r}");
        let amount = r["comparable"]["amount"].as_f64().unwrap();
        // Rows follow the cost model's ranking: comparable totals ascend.
        assert!(last.is_none_or(|l| l <= amount), "{last:?} > {amount}");
        last = Some(amount);
        assert!(
            r["comparable"]["text"].as_str().unwrap().ends_with('€'),
            "{r}"
        );
    }
    // Unranked offers keep "missing: why".
    assert!(rows.iter().any(|r| r["on_demand"].is_null()
        && r["comparable"].is_null()
        && r["missing"]
            .as_str()
            .is_some_and(|m| m.starts_with("fehlt: "))));
    let md = read(dir.join("annex-procurement.md"));
    assert!(md.contains("(vergleichbar)"), "no comparable label");
    assert!(
        read(dir.join("decision.md")).contains("(vergleichbar)"),
        "the decision edition labels the comparable total"
    );
    assert!(
        !md.lines().any(|l| l.contains("≥ ") && l.contains('€')),
        "a lower bound is still shown"
    );
    // The robustness sentence: display name and German number format.
    let robust = v["summary"]["robustness_note"].as_str().unwrap();
    let leader = v["shortlist"][0]["provider_name"].as_str().unwrap();
    assert!(
        robust.contains(leader) && robust.contains("2.000"),
        "{robust}"
    );
}

/// A small pack for constructed cases: a DPA must-have, a scored security rule,
/// the GPU must-have on qualifying offers.
const STATE_PACK: &str = r#"
kind: rule_pack
schema_version: 1
id: editions_test
version: "1"
title: {en: Editions test, de: Ausgabentest}
rules:
  - id: KOT-001
    area: dpa
    severity: knockout
    weight: 1
    title: {en: A DPA exists, de: Ein AVV liegt vor}
    explanation: {en: x, de: x}
    question: {en: Do you offer a DPA?, de: Bieten Sie einen AVV an?}
    remediation: {en: x, de: x}
    legal_basis: [{instrument: GDPR, article: "28", paragraph: "3"}]
    check: {equals: {fact: /dpa/available, value: true}}
  - id: SCT-001
    area: security
    severity: major
    weight: 3
    title: {en: Encryption at rest, de: Verschlüsselung im Ruhezustand}
    explanation: {en: x, de: x}
    question: {en: Do you encrypt at rest?, de: Verschlüsseln Sie ruhende Daten?}
    remediation: {en: x, de: x}
    legal_basis: [{instrument: GDPR, article: "32", paragraph: "1"}]
    check: {equals: {fact: /security/encryption_at_rest, value: true}}
  - id: GPT-001
    area: gpu_availability
    severity: knockout
    weight: 1
    title: {en: An offer qualifies, de: Ein Angebot ist geeignet}
    explanation: {en: x, de: x}
    question: {en: Which offers?, de: Welche Angebote?}
    remediation: {en: x, de: x}
    legal_basis: [{instrument: PROCUREMENT, reference: GPU}]
    check:
      count: {list: /offers, where: {equals: {fact: /qualifies, value: true}}, at_least: 1, when_none: unknown_if_empty}
"#;

/// The decision edition of a constructed case, in one language and format.
fn state_edition(
    facts: &[(&str, serde_json::Value)],
    lang: cloudvet::i18n::Lang,
) -> (cloudvet::report::Report, String, Vec<u8>) {
    use cloudvet::eval::examples::{base_requirements, merge};
    use cloudvet::render::{Edition, Format, Templates};
    let pack: cloudvet::model::rule_pack::RulePack = serde_yaml::from_str(STATE_PACK).unwrap();
    let req: cloudvet::model::requirements::Requirements =
        serde_json::from_value(base_requirements()).unwrap();
    let offer = serde_json::json!({"regions": [{"id": "fra", "country": "DE"}], "offers": [{"id": "o1", "region": "fra", "gpu_model": "H100-SXM", "gpus_per_instance": 8, "currency": "EUR"}]});
    let providers: Vec<cloudvet::model::provider::ProviderProfile> = facts
        .iter()
        .map(|(id, f)| {
            let mut p = serde_json::json!({"kind": "provider", "schema_version": 1, "id": id, "name": format!("{} GmbH", id.to_uppercase())});
            merge(&mut p, &offer);
            merge(&mut p, f);
            serde_json::from_value(p).unwrap()
        })
        .collect();
    let a =
        cloudvet::eval::assess(&providers, &[pack], &req, "2026-11-30".parse().unwrap()).unwrap();
    let report = cloudvet::report::assemble::build(&cloudvet::report::assemble::Inputs {
        lang,
        assessment: &a,
        providers: &providers,
        cost: None,
        reviews: &[],
        files: Vec::new(),
        tool_version: "0.1.0",
    });
    let t = Templates::embedded().unwrap();
    let md = cloudvet::render::render(
        &cloudvet::render::Prepared::new(&report),
        Format::Md,
        &[Edition::Decision],
        &t,
    )
    .unwrap();
    let pdf = cloudvet::render::pdf::render(&report, Edition::Decision).unwrap();
    (report, String::from_utf8(md[0].bytes.clone()).unwrap(), pdf)
}

/// The decision edition leads with what to do in each recommendation state.
#[test]
fn the_decision_edition_leads_with_what_to_do_in_every_state() {
    use cloudvet::i18n::Lang;
    let met =
        serde_json::json!({"dpa": {"available": true}, "security": {"encryption_at_rest": true}});
    let open = serde_json::json!({"security": {"encryption_at_rest": true}});
    let failed = serde_json::json!({"dpa": {"available": false}});
    for lang in [Lang::En, Lang::De] {
        // Recommend: every must-have met, first however the open facts turn out.
        let (r, md, pdf) = state_edition(&[("alpha", met.clone()), ("beta", failed.clone())], lang);
        let rec = r.summary.recommendation.as_ref().unwrap();
        assert_eq!(rec.state, "recommend", "{lang}");
        let first = md.lines().find(|l| l.starts_with("**")).unwrap();
        assert!(first.contains(&rec.sentence), "{lang}: {first}");
        assert_eq!(r.decision.cleared.len(), 1);
        assert_eq!(r.decision.excluded.len(), 1);
        assert!(
            r.decision.excluded[0].excluded_by[0].contains(if lang == Lang::En {
                "A DPA exists"
            } else {
                "Ein AVV liegt vor"
            })
        );
        // Negotiate, and have the DPO review the DPA first (no review on file).
        assert_eq!(
            r.decision.next_steps.len(),
            2,
            "{:?}",
            r.decision.next_steps
        );
        assert!(r.decision.questions.is_empty());
        assert!(md.contains(&r.decision.next_steps[1]));
        let pages = lopdf::Document::load_mem(&pdf).unwrap().get_pages().len();
        assert!(pages <= 2, "{lang}: {pages} pages for two providers");

        // Leads: the must-have is open; the question to ask is the DPA question.
        let (r, md, _) = state_edition(&[("alpha", open.clone())], lang);
        assert_eq!(r.summary.recommendation.as_ref().unwrap().state, "leads");
        assert_eq!(r.decision.open.len(), 1);
        assert!(r
            .decision
            .questions
            .iter()
            .any(|q| q.rule_id == "KOT-001" && q.must_have));
        assert!(md.contains(if lang == Lang::En {
            "Do you offer a DPA?"
        } else {
            "Bieten Sie einen AVV an?"
        }));

        // None: every provider excluded; the step says what to do about it.
        let (r, md, _) = state_edition(&[("alpha", failed.clone())], lang);
        assert_eq!(r.summary.recommendation.as_ref().unwrap().state, "none");
        assert!(r.decision.cleared.is_empty() && r.decision.open.is_empty());
        assert_eq!(
            r.decision.next_steps,
            [cloudvet::i18n::t(lang, "ed_step_all_excluded")]
        );
        assert!(md.contains(cloudvet::i18n::t(lang, "ed_cleared_none")));
    }
}

/// What a person reads in the decision edition holds no JSON pointer
/// (`/dpa/clauses/audit`), no enum token (`self_declared`, `at_cost`) and no raw
/// JSON (`{"matching":0}`): labels and sentences only (the JSON keeps the
/// pointers). Checked on the PDF's extracted text, the HTML's text and the
/// Markdown, in both languages.
#[test]
fn no_edition_has_pointers_tokens_or_raw_json() {
    fn words_problems(what: &str, text: &str) -> Vec<String> {
        let mut bad = Vec::new();
        let chars: Vec<char> = text.chars().collect();
        for (i, c) in chars.iter().enumerate() {
            let before = if i == 0 { ' ' } else { chars[i - 1] };
            // A pointer: a slash after a space or an opening bracket, then a lowercase word.
            if *c == '/'
                && (before.is_whitespace() || "([".contains(before))
                && chars.get(i + 1).is_some_and(|n| n.is_ascii_lowercase())
            {
                let s: String = chars[i..(i + 40).min(chars.len())].iter().collect();
                bad.push(format!("{what}: pointer `{s}`"));
            }
        }
        // Addresses (a source's URL) and the names of input files (the provenance
        // list says which files the report rests on) are what they are.
        let words: String = text
            .split_whitespace()
            .filter(|w| {
                // A URL wrapped in the PDF continues on the next line: its query
                // (`?a_b=c&d_e=f`) is still an address.
                !(w.contains("://")
                    || w.contains(['?', '=', '&'])
                    || [".yaml", ".yml", ".csv", ".md", ".json"]
                        .iter()
                        .any(|x| w.trim_end_matches([',', ')', ':', '|']).ends_with(x)))
            })
            .collect::<Vec<_>>()
            .join(" ");
        for w in words.split(|c: char| !(c.is_alphanumeric() || c == '_')) {
            let snake = w.contains('_')
                && w.chars()
                    .all(|c| c.is_ascii_lowercase() || c == '_' || c.is_ascii_digit())
                && !w.starts_with('_')
                && !w.ends_with('_');
            if snake {
                bad.push(format!("{what}: token `{w}`"));
            }
        }
        for raw in ["{\"", "\":", "\":{", "[{"] {
            if text.contains(raw) {
                bad.push(format!("{what}: raw JSON `{raw}`"));
            }
        }
        bad
    }
    let html_text = |html: &str| {
        let mut s = html.to_string();
        while let (Some(a), Some(b)) = (s.find("<style"), s.find("</style>")) {
            s.replace_range(a..b + "</style>".len(), " ");
        }
        let mut out = String::new();
        let mut in_tag = false;
        for c in s.chars() {
            match c {
                '<' => in_tag = true,
                '>' => {
                    in_tag = false;
                    out.push(' ');
                }
                c if !in_tag => out.push(c),
                _ => {}
            }
        }
        out.replace("&quot;", "\"")
            .replace("&#x27;", "'")
            .replace("&amp;", "&")
    };
    let mut problems = Vec::new();
    for lang in ["en", "de"] {
        let dir = tmp(&format!("words-{lang}"));
        ok(&report(lang, "pdf,html,md", &dir, &["--edition", "all"]));
        // Every edition: the decision edition and both annexes.
        for e in ["decision", "annex-dpo", "annex-procurement"] {
            let (_, pages) = pdf_text(&dir.join(format!("{e}.pdf")));
            problems.extend(words_problems(
                &format!("{lang} {e} pdf"),
                &pages.join("\n"),
            ));
            problems.extend(words_problems(
                &format!("{lang} {e} html"),
                &html_text(&read(dir.join(format!("{e}.html")))),
            ));
            // Markdown escapes `_`: compare the text it shows.
            let md = read(dir.join(format!("{e}.md"))).replace('\\', "");
            problems.extend(words_problems(&format!("{lang} {e} md"), &md));
        }
    }
    problems.dedup();
    assert!(
        problems.is_empty(),
        "{} problems:\n{}",
        problems.len(),
        problems.join("\n")
    );
}
