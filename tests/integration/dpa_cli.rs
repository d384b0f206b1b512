//! `cloudvet dpa scan` and `cloudvet dpa report` through the real binary: the review
//! file, its schema, the rendered report, PDF input, bad input, and review → facts.

use std::path::{Path, PathBuf};
use std::process::Command;

use cloudvet::model::review::{
    Art28Element, DpaReview, ScanStatus, SignOff, SignOffDecision, Verdict,
};
use cloudvet::model::{Date, EvidenceStatus, ProviderProfile};

/// The folder with the `acme-gpu` profile (`--provider` must name a known profile).
const VALID_PROVIDERS: &str = concat!(
    env!("CARGO_MANIFEST_DIR"),
    "/tests/fixtures/valid/providers"
);

fn bin() -> Command {
    Command::new(env!("CARGO_BIN_EXE_cloudvet"))
}

fn fixture(name: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/fixtures/dpa")
        .join(name)
}

fn tmp(name: &str) -> PathBuf {
    let d = std::env::temp_dir().join(format!("cloudvet-dpa-{}-{name}", std::process::id()));
    let _ = std::fs::remove_dir_all(&d);
    std::fs::create_dir_all(&d).unwrap();
    d
}

fn run(args: &[&str]) -> (i32, String, String) {
    let o = bin().args(args).output().unwrap();
    (
        o.status.code().unwrap_or(-1),
        String::from_utf8_lossy(&o.stdout).into_owned(),
        String::from_utf8_lossy(&o.stderr).into_owned(),
    )
}

fn scan_to_review(doc: &Path, dir: &Path) -> (PathBuf, DpaReview) {
    let out = dir.join("acme-gpu.yaml");
    let (rc, stdout, stderr) = run(&[
        "dpa",
        "scan",
        doc.to_str().unwrap(),
        "--provider",
        "acme-gpu",
        "--providers",
        VALID_PROVIDERS,
        "--out",
        out.to_str().unwrap(),
    ]);
    assert_eq!(rc, 0, "{stderr}");
    assert!(stdout.contains("document type: dpa"), "{stdout}");
    let review: DpaReview = serde_yaml::from_str(&std::fs::read_to_string(&out).unwrap()).unwrap();
    (out, review)
}

#[test]
fn scan_writes_a_review_that_matches_the_review_schema() {
    let dir = tmp("schema");
    let (out, review) = scan_to_review(&fixture("de-complete-paragraphen.txt"), &dir);
    assert_eq!(review.kind, "dpa_review");
    assert_eq!(review.provider, "acme-gpu");
    assert_eq!(review.elements.len(), Art28Element::ALL.len());
    assert!(review
        .elements
        .iter()
        .all(|e| e.verdict == Verdict::Pending));
    let audits = review
        .elements
        .iter()
        .find(|e| e.element == Art28Element::Audits)
        .unwrap();
    let scan = audits.scan.as_ref().unwrap();
    assert_eq!(scan.status, ScanStatus::Found);
    assert!(scan.line_start.unwrap() <= scan.line_end.unwrap());
    assert!(scan.passage.as_ref().unwrap().chars().count() <= 2000);
    assert!(!scan.matched_terms.is_empty());
    assert_eq!(review.figures.breach_notice_hours, Some(24));
    assert_eq!(review.figures.governing_law.as_deref(), Some("DE"));
    // The schema generated from the review type accepts the file.
    let schema = serde_json::to_value(schemars::schema_for!(DpaReview)).unwrap();
    let yaml: serde_yaml::Value =
        serde_yaml::from_str(&std::fs::read_to_string(&out).unwrap()).unwrap();
    let instance = serde_json::to_value(yaml).unwrap();
    let v = jsonschema::validator_for(&schema).unwrap();
    let errors: Vec<String> = v.iter_errors(&instance).map(|e| e.to_string()).collect();
    assert!(errors.is_empty(), "{errors:?}");
    // The same scan as JSON on stdout.
    let (rc, json, _) = run(&[
        "dpa",
        "scan",
        fixture("de-complete-paragraphen.txt").to_str().unwrap(),
        "--provider",
        "acme-gpu",
        "--providers",
        VALID_PROVIDERS,
        "--format",
        "json",
    ]);
    assert_eq!(rc, 0);
    let from_json: DpaReview = serde_json::from_str(&json).unwrap();
    assert_eq!(from_json, review);
    // The loader and `cloudvet validate` accept it as it is.
    let (rc, stdout, stderr) = run(&["validate", out.to_str().unwrap()]);
    assert_eq!(rc, 0, "{stdout}{stderr}");
}

/// Odd text never panics the scanner: a deterministic stream of lines built from
/// markers, umlauts, dashes, multi-byte letters and terms.
#[test]
fn odd_text_never_panics() {
    let pieces = [
        "§",
        "§ 3",
        "(1)",
        "(a)",
        "a)",
        "1.",
        "1.1",
        "IV. ",
        "Annex",
        "Anlage TOM",
        "# ",
        "K",
        "İ",
        "ß",
        "–",
        "-",
        "\u{a0}",
        "Art. 28",
        "processor",
        "Auftragsverarbeiter",
        "within 72 hours",
        "thirty (30) days",
        "Module",
        "governed by",
        "laws of",
        ".",
        ";",
        " ",
        "\t",
        "\u{1F600}",
        "ÄÖÜ",
        "see Annex 1",
        "*",
        "+",
        "Clause",
        "Schedule 1 –",
        "0",
        "99999999999",
    ];
    let mut x: u64 = 0x2545_f491_4f6c_dd1d;
    for doc in 0..300 {
        let mut text = String::new();
        let lines = 1 + doc % 40;
        for _ in 0..lines {
            let words = x % 9;
            for _ in 0..words {
                x ^= x << 13;
                x ^= x >> 7;
                x ^= x << 17;
                text.push_str(pieces[(x % pieces.len() as u64) as usize]);
            }
            text.push('\n');
        }
        let name = if doc % 2 == 0 { "a.txt" } else { "a.md" };
        match cloudvet::dpa::scan_bytes(name, text.as_bytes()) {
            Ok(scan) => {
                let r = scan.to_review("x".into());
                for e in &r.elements {
                    if let Some(s) = &e.scan {
                        assert!(s.passage.as_ref().is_none_or(|p| p.chars().count() <= 2000));
                    }
                }
                let _ = cloudvet::render::dpa_review::html(&r, cloudvet::i18n::Lang::De);
                let _ = scan.summary();
            }
            Err(d) => assert_eq!(d.code, "dpa-empty-document", "{d}"),
        }
    }
}

#[test]
fn an_existing_review_is_not_overwritten_without_force() {
    let dir = tmp("force");
    let (out, _) = scan_to_review(&fixture("en-complete-numbered.txt"), &dir);
    std::fs::write(&out, "kind: dpa_review # the DPO's work\n").unwrap();
    let (rc, _, stderr) = run(&[
        "dpa",
        "scan",
        fixture("en-complete-numbered.txt").to_str().unwrap(),
        "--provider",
        "acme-gpu",
        "--providers",
        VALID_PROVIDERS,
        "--out",
        out.to_str().unwrap(),
    ]);
    assert_eq!(rc, 2);
    assert!(
        stderr.contains("dpa-output") && stderr.contains("--force"),
        "{stderr}"
    );
    assert!(std::fs::read_to_string(&out)
        .unwrap()
        .contains("the DPO's work"));
}

fn complete(review: &mut DpaReview) {
    for e in &mut review.elements {
        e.verdict = match e.element {
            Art28Element::SubprocessorObjection => Verdict::Negotiate,
            Art28Element::TransferMechanism => Verdict::Reject,
            _ => Verdict::Accept,
        };
        e.reviewer = Some("Dr. A. Muster".into());
        e.date = Some("2026-11-30".parse::<Date>().unwrap());
    }
    review.elements[10].comment =
        Some("Objection period <script>alert(1)</script> | too short: ask for 30 days".into());
    review.document.source = Some("https://example.com/avv.pdf".into());
    review.sign_off = Some(SignOff {
        name: "Dr. A. Muster".into(),
        role: Some("Datenschutzbeauftragte".into()),
        date: "2026-11-30".parse().unwrap(),
        decision: SignOffDecision::ApprovedWithConditions,
        comment: Some("Sign once § 7 (2) is changed.".into()),
    });
}

#[test]
fn report_renders_markdown_and_html_with_sign_off_escaped_and_stable() {
    let dir = tmp("report");
    let (out, mut review) = scan_to_review(&fixture("de-complete-paragraphen.txt"), &dir);
    assert_eq!(
        review.elements[10].element,
        Art28Element::SubprocessorObjection
    );
    complete(&mut review);
    std::fs::write(&out, serde_yaml::to_string(&review).unwrap()).unwrap();
    let render = |to: &Path| {
        let (rc, _, stderr) = run(&[
            "dpa",
            "report",
            out.to_str().unwrap(),
            "--format",
            "md,html",
            "--out",
            to.to_str().unwrap(),
        ]);
        assert_eq!(rc, 0, "{stderr}");
        (
            std::fs::read_to_string(to.join("acme-gpu.md")).unwrap(),
            std::fs::read_to_string(to.join("acme-gpu.html")).unwrap(),
        )
    };
    let a = dir.join("a");
    let b = dir.join("b");
    std::fs::create_dir_all(&a).unwrap();
    std::fs::create_dir_all(&b).unwrap();
    let (md, html) = render(&a);
    assert_eq!(
        render(&b),
        (md.clone(), html.clone()),
        "same review, same bytes"
    );
    // PDF (the default formats are md, html and pdf): stable bytes, a real text layer.
    let pdf_run = |to: &Path| {
        let (rc, _, stderr) = run(&[
            "dpa",
            "report",
            out.to_str().unwrap(),
            "--out",
            to.to_str().unwrap(),
        ]);
        assert_eq!(rc, 0, "{stderr}");
        std::fs::read(to.join("acme-gpu.pdf")).unwrap()
    };
    let pdf_a = pdf_run(&a);
    assert!(pdf_a.starts_with(b"%PDF-"));
    assert_eq!(pdf_run(&b), pdf_a, "same review, same PDF bytes");
    let text = cloudvet::dpa::text::read_document("acme-gpu.pdf", &pdf_a)
        .unwrap()
        .lines
        .join("\n");
    for needle in [
        "Sign-off",
        "Datenschutzbeauftragte",
        "approved with conditions",
        "19 accept, 1 negotiate",
    ] {
        assert!(
            text.contains(needle),
            "{needle} not in the PDF text:\n{text}"
        );
    }
    assert!(html.contains("&lt;script&gt;alert(1)&lt;/script&gt;"));
    assert!(!html.contains("<script>"));
    assert!(
        !html.contains("http://") && !html.contains("src="),
        "self-contained"
    );
    assert!(md.contains("\\<script\\>") && md.contains("\\| too short"));
    for text in [&md, &html] {
        assert!(text.contains("Sign-off"));
        assert!(text.contains("approved with conditions"));
        assert!(text.contains("Datenschutzbeauftragte"));
        assert!(text.contains("art28_3_h_audits"));
        assert!(text.contains("19 accept, 1 negotiate, 1 reject, 0 pending"));
    }
    // In German.
    let de = dir.join("de");
    std::fs::create_dir_all(&de).unwrap();
    let (rc, _, stderr) = run(&[
        "--lang",
        "de",
        "dpa",
        "report",
        out.to_str().unwrap(),
        "--out",
        de.to_str().unwrap(),
    ]);
    assert_eq!(rc, 0, "{stderr}");
    let html_de = std::fs::read_to_string(de.join("acme-gpu.html")).unwrap();
    assert!(html_de.contains("<html lang=\"de\">"));
    assert!(html_de.contains("Freigabe") && html_de.contains("freigegeben mit Auflagen"));
    assert!(html_de.contains("19 akzeptiert, 1 nachverhandeln, 1 abgelehnt, 0 offen"));
    assert!(html_de.contains("Art. 28 Abs. 3 lit. h DSGVO"));
    // An unfinished review renders with blanks to sign and a warning.
    let fresh = dir.join("fresh.yaml");
    let second = dir.join("second");
    std::fs::create_dir_all(&second).unwrap();
    let (written, _) = scan_to_review(&fixture("en-complete-clauses.md"), &second);
    std::fs::copy(written, &fresh).unwrap();
    let (rc, _, stderr) = run(&[
        "dpa",
        "report",
        fresh.to_str().unwrap(),
        "--format",
        "md",
        "--out",
        a.to_str().unwrap(),
    ]);
    assert_eq!(rc, 0);
    assert!(stderr.contains("dpa-review-incomplete"), "{stderr}");
    let md = std::fs::read_to_string(a.join("fresh.md")).unwrap();
    assert!(md.contains("| Name | ________________ |"));
}

#[test]
fn a_completed_review_becomes_verified_profile_facts() {
    let dir = tmp("facts");
    let (_, mut review) = scan_to_review(&fixture("en-complete-numbered.txt"), &dir);
    // Pending: no facts at all.
    assert!(cloudvet::dpa::review_to_facts(&review).is_empty());
    complete(&mut review);
    let facts = cloudvet::dpa::review_to_facts(&review);
    let get = |p: &str| facts.iter().find(|f| f.pointer == p).map(|f| &f.fact);
    let audit = get("/dpa/clauses/audit").unwrap();
    assert_eq!(audit.get(), Some(&true));
    assert_eq!(audit.provenance.status, Some(EvidenceStatus::Verified));
    assert_eq!(
        audit.provenance.source.as_deref(),
        Some("https://example.com/avv.pdf")
    );
    assert_eq!(audit.provenance.as_of.unwrap().to_string(), "2026-11-30");
    assert!(audit.note.as_ref().unwrap().contains("Dr. A. Muster"));
    // negotiate → false, with the comment kept; the other sub-processor parts are
    // their own elements and keep their verdicts.
    let sub = get("/dpa/subprocessors/objection_right").unwrap();
    assert_eq!(sub.get(), Some(&false));
    assert!(sub.note.as_ref().unwrap().contains("negotiate"));
    let auth = get("/dpa/clauses/subprocessor_conditions").unwrap();
    assert_eq!(auth.get(), Some(&true));
    // The transfer mechanism feeds no fact.
    assert!(facts
        .iter()
        .all(|f| !f.elements.contains(&Art28Element::TransferMechanism)));

    // Applied to a profile, the review replaces self-declared facts.
    let mut profile: ProviderProfile = serde_yaml::from_str(
        "kind: provider\nschema_version: 1\nid: acme-gpu\nname: Acme GPU\ndpa:\n  clauses:\n    audit: {value: false, status: self_declared}\n",
    )
    .unwrap();
    let applied = cloudvet::dpa::apply_review(&mut profile, &review).unwrap();
    assert!(applied.contains(&"/dpa/clauses/audit"));
    assert!(applied.contains(&"/dpa/breach_notice_hours"));
    assert_eq!(profile.dpa.clauses.audit.get(), Some(&true));
    assert_eq!(
        profile.dpa.clauses.audit.provenance.status,
        Some(EvidenceStatus::Verified)
    );
    assert_eq!(profile.dpa.breach_notice_hours.get(), Some(&24));
    assert_eq!(
        profile.dpa.subprocessors.objection_right.get(),
        Some(&false)
    );
    assert_eq!(profile.dpa.available.get(), Some(&true));
    // A review for another provider is refused.
    profile.id = "other".into();
    let e = cloudvet::dpa::apply_review(&mut profile, &review).unwrap_err();
    assert_eq!(e.code, "dpa-review-provider");

    // A folder of reviews, as `--reviews DIR` would load it.
    let folder = dir.join("reviews");
    std::fs::create_dir_all(&folder).unwrap();
    std::fs::write(
        folder.join("acme-gpu.yaml"),
        serde_yaml::to_string(&review).unwrap(),
    )
    .unwrap();
    let mut ghost = review.clone();
    ghost.provider = "ghost".into();
    std::fs::write(
        folder.join("ghost.yaml"),
        serde_yaml::to_string(&ghost).unwrap(),
    )
    .unwrap();
    let (loaded, diags) = cloudvet::validate::load_reviews(std::slice::from_ref(&folder));
    assert!(diags.iter().all(|d| !d.is_error()), "{diags:?}");
    let mut profiles = vec![profile.clone()];
    profiles[0].id = "acme-gpu".into();
    let (applied, diags) = cloudvet::dpa::apply_reviews(&mut profiles, &loaded);
    assert_eq!(applied.len(), 1);
    assert_eq!(applied[0].provider, "acme-gpu");
    assert_eq!(applied[0].signed_off_on.as_deref(), Some("2026-11-30"));
    assert!(applied[0].facts.contains(&"/dpa/clauses/audit"));
    assert_eq!(diags.len(), 1);
    assert_eq!(diags[0].code, "dpa-review-provider");
    assert!(diags[0].file.as_ref().unwrap().ends_with("ghost.yaml"));
}

/// A small text PDF made with printpdf (builtin Helvetica, one line per `T*`).
fn make_pdf(lines: &[String]) -> Vec<u8> {
    use printpdf::*;
    let mut pages = Vec::new();
    for chunk in lines.chunks(60) {
        let mut ops = vec![
            Op::StartTextSection,
            Op::SetTextCursor {
                pos: Point::new(Mm(15.0), Mm(285.0)),
            },
            Op::SetFont {
                font: PdfFontHandle::Builtin(BuiltinFont::Helvetica),
                size: Pt(8.0),
            },
            Op::SetLineHeight { lh: Pt(9.5) },
        ];
        for l in chunk {
            ops.push(Op::ShowText {
                items: vec![TextItem::Text(l.clone())],
            });
            ops.push(Op::AddLineBreak);
        }
        ops.push(Op::EndTextSection);
        pages.push(PdfPage::new(Mm(210.0), Mm(297.0), ops));
    }
    let mut warnings = Vec::new();
    PdfDocument::new("DPA test")
        .with_pages(pages)
        .save(&PdfSaveOptions::default(), &mut warnings)
}

#[test]
fn scans_the_text_layer_of_a_pdf() {
    let text = std::fs::read_to_string(fixture("en-complete-numbered.txt")).unwrap();
    // Builtin fonts cover Latin-1 only: plain dashes and quotes.
    let lines: Vec<String> = text
        .lines()
        .map(|l| l.replace(['–', '—'], "-").replace(['“', '”'], "\""))
        .collect();
    let dir = tmp("pdf");
    let pdf = dir.join("dpa.pdf");
    std::fs::write(&pdf, make_pdf(&lines)).unwrap();
    let (rc, stdout, stderr) = run(&["dpa", "scan", pdf.to_str().unwrap()]);
    assert_eq!(rc, 0, "{stderr}");
    assert!(stdout.contains("format pdf"), "{stdout}");
    assert!(stdout.contains("document type: dpa"), "{stdout}");
    assert!(stdout.contains("21 found"), "{stdout}");
    assert!(stdout.contains("breach notice hours: 24"), "{stdout}");
}

#[test]
fn bad_input_is_refused_with_exit_2_and_a_code() {
    let dir = tmp("bad");
    let empty = dir.join("empty.txt");
    std::fs::write(&empty, "  \n\n").unwrap();
    let docx = dir.join("avv.docx");
    std::fs::write(&docx, b"PK\x03\x04").unwrap();
    let latin1 = dir.join("avv.txt");
    std::fs::write(&latin1, b"Vertrag \xfcber die Auftragsverarbeitung\n").unwrap();
    let cases: Vec<(Vec<String>, &str)> = vec![
        (vec![empty.display().to_string()], "dpa-empty-document"),
        (vec![docx.display().to_string()], "dpa-unsupported-format"),
        (vec![latin1.display().to_string()], "dpa-invalid-encoding"),
        (
            vec![dir.join("missing.pdf").display().to_string()],
            "dpa-file-unreadable",
        ),
        (
            vec![fixture("bad/encrypted.pdf").display().to_string()],
            "dpa-pdf-encrypted",
        ),
        (
            vec![fixture("bad/scanned.pdf").display().to_string()],
            "dpa-pdf-no-text",
        ),
        (
            vec![
                fixture("en-complete-numbered.txt").display().to_string(),
                "--out".into(),
                dir.join("r.yaml").display().to_string(),
            ],
            "dpa-provider-id",
        ),
    ];
    for (args, code) in cases {
        let mut all = vec!["dpa".to_string(), "scan".to_string()];
        all.extend(args);
        let refs: Vec<&str> = all.iter().map(String::as_str).collect();
        let (rc, _, stderr) = run(&refs);
        assert_eq!(rc, 2, "{all:?}: {stderr}");
        assert!(stderr.contains(code), "{all:?}: {stderr}");
        assert!(
            stderr.contains("help:") || code == "dpa-file-unreadable",
            "{stderr}"
        );
    }
    // Encrypted with an empty user password (permissions only): readable.
    let (rc, stdout, stderr) = run(&[
        "dpa",
        "scan",
        fixture("bad/owner-password-only.pdf").to_str().unwrap(),
    ]);
    assert_eq!(rc, 0, "{stderr}");
    assert!(stdout.contains("format pdf"), "{stdout}");
    // A broken review file.
    let bad = dir.join("bad-review.yaml");
    std::fs::write(&bad, "kind: dpa_review\nschema_version: 1\nprovider: x\n").unwrap();
    let (rc, _, stderr) = run(&[
        "dpa",
        "report",
        bad.to_str().unwrap(),
        "--out",
        dir.to_str().unwrap(),
    ]);
    assert_eq!(rc, 2, "{stderr}");
}

#[test]
fn every_dpa_code_is_documented_in_the_dpa_guide() {
    // The codes themselves are a typed enum (cloudvet::diag::DpaCode): the compiler
    // refuses a code that is not declared, and diag::codes tests their uniqueness.
    let codes: Vec<&str> = cloudvet::diag::Code::all()
        .into_iter()
        .filter(|c| c.stage() == "dpa")
        .map(|c| c.as_str())
        .collect();
    assert!(!codes.is_empty());
    let docs =
        std::fs::read_to_string(Path::new(env!("CARGO_MANIFEST_DIR")).join("docs/dpa-scan.md"))
            .unwrap();
    for c in &codes {
        assert!(
            docs.contains(&format!("| `{c}` |")),
            "{c} is not documented in docs/dpa-scan.md"
        );
    }
}

#[test]
fn the_summary_speaks_german_with_lang_de() {
    let (rc, stdout, _) = run(&[
        "--lang",
        "de",
        "dpa",
        "scan",
        fixture("de-incomplete-avv.txt").to_str().unwrap(),
    ]);
    assert_eq!(rc, 0);
    assert!(stdout.contains("Dokumenttyp: dpa"), "{stdout}");
    assert!(stdout.contains("14 gefunden"), "{stdout}");
    assert!(stdout.contains("anwendbares Recht: DE"), "{stdout}");
}

#[test]
fn an_agreement_whose_fonts_lost_their_ligatures_is_read_like_the_clean_one() {
    // A PDF font without a Unicode map for its ligatures: "ft", "ff", "fi", "fl" come out
    // as U+FFFD ("Au\u{FFFD}ragsverarbeiter"). The scan restores them from known words.
    let clean = std::fs::read_to_string(fixture("de-complete-paragraphen.txt")).unwrap();
    let mut lost = clean.clone();
    for lig in ["ft", "ff", "fi", "fl"] {
        lost = lost.replace(lig, "\u{FFFD}");
    }
    assert!(lost.matches('\u{FFFD}').count() > 20);
    let found = |scan: &cloudvet::dpa::Scan| -> Vec<String> {
        scan.elements
            .iter()
            .filter(|e| e.hit.result == ScanStatus::Found)
            .map(|e| e.id.clone())
            .collect()
    };
    let a = cloudvet::dpa::scan_bytes("clean.txt", clean.as_bytes()).unwrap();
    let b = cloudvet::dpa::scan_bytes("lost.txt", lost.as_bytes()).unwrap();
    assert_eq!(b.type_evidence.document_type, a.type_evidence.document_type);
    assert_eq!(found(&b), found(&a));
    assert!(b.restored > 20, "{}", b.restored);
    assert!(
        b.summary().contains("restored from known words"),
        "{}",
        b.summary()
    );
}

#[test]
fn an_unknown_provider_id_is_refused_with_a_suggestion() {
    let doc = fixture("de-incomplete-avv.txt");
    // A typo of a shipped provider: exit 2, `dpa-provider-id`, "did you mean".
    let (rc, stdout, stderr) = run(&[
        "dpa",
        "scan",
        doc.to_str().unwrap(),
        "--provider",
        "hetzmer",
    ]);
    assert_eq!(rc, 2, "{stderr}");
    assert!(stdout.is_empty(), "{stdout}");
    assert!(stderr.contains("error[dpa-provider-id]"), "{stderr}");
    assert!(stderr.contains("did you mean `hetzner`"), "{stderr}");
    assert!(stderr.contains("help: use `hetzner`"), "{stderr}");
    // No review file is written for an unknown provider.
    let dir = tmp("unknown-provider");
    let out = dir.join("r.yaml");
    let (rc, _, stderr) = run(&[
        "dpa",
        "scan",
        doc.to_str().unwrap(),
        "--provider",
        "acme-gpu",
        "--out",
        out.to_str().unwrap(),
    ]);
    assert_eq!(rc, 2, "{stderr}");
    assert!(
        stderr.contains("dpa-provider-id") && stderr.contains("--providers"),
        "{stderr}"
    );
    assert!(!out.exists());
    // Known through --providers (the user's own profiles), and a shipped id as such.
    let (rc, _, stderr) = run(&[
        "dpa",
        "scan",
        doc.to_str().unwrap(),
        "--provider",
        "acme-gpu",
        "--providers",
        VALID_PROVIDERS,
    ]);
    assert_eq!(rc, 0, "{stderr}");
    let (rc, _, stderr) = run(&[
        "dpa",
        "scan",
        doc.to_str().unwrap(),
        "--provider",
        "hetzner",
    ]);
    assert_eq!(rc, 0, "{stderr}");
    // A --providers folder that does not exist is bad input too.
    let (rc, _, stderr) = run(&[
        "dpa",
        "scan",
        doc.to_str().unwrap(),
        "--provider",
        "acme-gpu",
        "--providers",
        dir.join("nope").to_str().unwrap(),
    ]);
    assert_eq!(rc, 2, "{stderr}");
}

#[test]
fn out_creates_missing_folders_and_still_refuses_to_overwrite() {
    let dir = tmp("out-folders");
    let out = dir.join("reviews/2026/acme-gpu.yaml");
    let args = |force: bool| {
        let mut a = vec![
            "dpa".to_string(),
            "scan".into(),
            fixture("en-complete-numbered.txt").display().to_string(),
            "--provider".into(),
            "acme-gpu".into(),
            "--providers".into(),
            VALID_PROVIDERS.into(),
            "--out".into(),
            out.display().to_string(),
        ];
        if force {
            a.push("--force".into());
        }
        a
    };
    let run_args = |a: Vec<String>| {
        let refs: Vec<&str> = a.iter().map(String::as_str).collect();
        run(&refs)
    };
    let (rc, _, stderr) = run_args(args(false));
    assert_eq!(rc, 0, "{stderr}");
    let review: DpaReview = serde_yaml::from_str(&std::fs::read_to_string(&out).unwrap()).unwrap();
    assert_eq!(review.provider, "acme-gpu");
    // Nothing but the review in the new folder (atomic write leaves no temp file).
    let names: Vec<_> = std::fs::read_dir(out.parent().unwrap())
        .unwrap()
        .map(|e| e.unwrap().file_name())
        .collect();
    assert_eq!(names.len(), 1, "{names:?}");
    std::fs::write(&out, "kind: dpa_review # the DPO's work\n").unwrap();
    let (rc, _, stderr) = run_args(args(false));
    assert_eq!(rc, 2);
    assert!(stderr.contains("dpa-output"), "{stderr}");
    assert!(std::fs::read_to_string(&out)
        .unwrap()
        .contains("the DPO's work"));
    let (rc, _, stderr) = run_args(args(true));
    assert_eq!(rc, 0, "{stderr}");
    // A path whose "folder" is a file: a clear error, exit 2.
    let blocked = dir.join("file");
    std::fs::write(&blocked, "x").unwrap();
    let (rc, _, stderr) = run(&[
        "dpa",
        "scan",
        fixture("en-complete-numbered.txt").to_str().unwrap(),
        "--provider",
        "hetzner",
        "--out",
        blocked.join("r.yaml").to_str().unwrap(),
    ]);
    assert_eq!(rc, 2, "{stderr}");
    assert!(stderr.contains("dpa-output"), "{stderr}");
}
