//! Hostile PDFs for `cloudvet dpa scan`, generated here (no binary fixtures):
//! deflate bombs, many pages sharing one content stream, huge operator counts,
//! object floods, cross-reference tables pointing many times at one place,
//! streams overlapping by their declared length, object streams listing
//! overlapping objects, deep page trees and nesting, inline images, and the
//! same through encryption. Each ends in `dpa-pdf-budget` (exit 2) naming the
//! limit, or in a correct scan; none may hang (each run has a time limit) or
//! exhaust memory. The budgets are in `cloudvet::dpa::text::budget`;
//! docs/reliability.md has the measured figures. With
//! `CLOUDVET_HOSTILE_PDF_DUMP=DIR` every generated PDF is also written to DIR
//! (for measuring a release build by hand).

use std::io::Write;
use std::path::PathBuf;
use std::process::Output;

use cloudvet::dpa::text::budget;

use crate::common::{command, temp_dir};

/// A PDF object: its dictionary text and, for a stream, its (already encoded) bytes.
pub struct Obj {
    pub dict: String,
    pub stream: Option<Vec<u8>>,
}

pub fn obj(dict: impl Into<String>) -> Obj {
    Obj {
        dict: dict.into(),
        stream: None,
    }
}

/// A stream object; `extra` goes into its dictionary (e.g. `/Filter /FlateDecode`).
pub fn stream(extra: &str, bytes: Vec<u8>) -> Obj {
    Obj {
        dict: format!("<< /Length {} {extra} >>", bytes.len()),
        stream: Some(bytes),
    }
}

/// Deflate (zlib) of `n` copies of `chunk`, streamed: the plain text is never in memory.
pub fn deflate_repeat(chunk: &[u8], n: usize) -> Vec<u8> {
    let mut e = flate2::write::ZlibEncoder::new(Vec::new(), flate2::Compression::best());
    for _ in 0..n {
        e.write_all(chunk).unwrap();
    }
    e.finish().unwrap()
}

/// A PDF file of `objs` (object `i + 1` is `objs[i]`; object 1 must be the catalog),
/// with a correct cross-reference table.
pub fn pdf(objs: &[Obj]) -> Vec<u8> {
    pdf_with(objs, b"", |offsets| offsets[..offsets.len() - 1].to_vec())
}

/// The same with `filler` written after the objects and a cross-reference
/// table of the offsets `xref` makes of the real ones (object `i + 1` at the
/// `i`-th offset it returns). `xref` gets the objects' offsets and, last, the
/// filler's.
pub fn pdf_with(objs: &[Obj], filler: &[u8], xref: impl Fn(&[usize]) -> Vec<usize>) -> Vec<u8> {
    let mut out: Vec<u8> = b"%PDF-1.5\n".to_vec();
    let mut offsets = Vec::new();
    for (i, o) in objs.iter().enumerate() {
        offsets.push(out.len());
        write!(out, "{} 0 obj\n{}\n", i + 1, o.dict).unwrap();
        if let Some(s) = &o.stream {
            out.extend_from_slice(b"stream\n");
            out.extend_from_slice(s);
            out.extend_from_slice(b"\nendstream\n");
        }
        out.extend_from_slice(b"endobj\n");
    }
    offsets.push(out.len());
    out.extend_from_slice(filler);
    let offsets = xref(&offsets[..]);
    let xref = out.len();
    write!(out, "xref\n0 {}\n0000000000 65535 f \n", offsets.len() + 1).unwrap();
    for o in &offsets {
        writeln!(out, "{o:010} 00000 n ").unwrap();
    }
    write!(
        out,
        "trailer\n<< /Size {} /Root 1 0 R >>\nstartxref\n{xref}\n%%EOF\n",
        offsets.len() + 1
    )
    .unwrap();
    out
}

/// Catalog (1), page tree (2), font (3), then `pages` pages whose content is the
/// object number `content(i)` returns; `extra` objects follow from object 4 on
/// and the pages after them.
fn document(pages: usize, extra: Vec<Obj>, content: impl Fn(usize) -> usize) -> Vec<u8> {
    let first_page = 4 + extra.len();
    let kids: Vec<String> = (0..pages)
        .map(|i| format!("{} 0 R", first_page + i))
        .collect();
    let mut objs = vec![
        obj("<< /Type /Catalog /Pages 2 0 R >>"),
        obj(format!(
            "<< /Type /Pages /Kids [{}] /Count {pages} >>",
            kids.join(" ")
        )),
        obj("<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>"),
    ];
    objs.extend(extra);
    for i in 0..pages {
        objs.push(obj(format!(
            "<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Contents {} 0 R /Resources << /Font << /F1 3 0 R >> >> >>",
            content(i)
        )));
    }
    pdf(&objs)
}

const TEXT: &str = "BT /F1 11 Tf 72 770 Td (Data Processing Agreement: the processor processes personal data only on documented instructions of the controller.) Tj ET\n";

/// Runs `dpa scan` on `bytes`; a run past 60 s fails the test (a hang).
fn scan(name: &str, bytes: &[u8]) -> Output {
    if let Some(dump) = std::env::var_os("CLOUDVET_HOSTILE_PDF_DUMP") {
        let _ = std::fs::create_dir_all(&dump);
        std::fs::write(PathBuf::from(dump).join(format!("{name}.pdf")), bytes).unwrap();
    }
    let dir = temp_dir(&format!("hostile-pdf-{name}"));
    let path: PathBuf = dir.join(format!("{name}.pdf"));
    std::fs::write(&path, bytes).unwrap();
    let mut child = command()
        .args(["dpa", "scan", &path.display().to_string()])
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::piped())
        .spawn()
        .expect("run cloudvet");
    let start = std::time::Instant::now();
    while child.try_wait().expect("wait").is_none() {
        if start.elapsed() > std::time::Duration::from_secs(60) {
            let _ = child.kill();
            let _ = std::fs::remove_dir_all(&dir);
            panic!("{name}: dpa scan did not finish within 60 s");
        }
        std::thread::sleep(std::time::Duration::from_millis(50));
    }
    let out = child.wait_with_output().expect("output");
    let _ = std::fs::remove_dir_all(&dir);
    out
}

/// Read without a budget refusal: exit 0 or 1 (the scan's findings), and the
/// text was found.
fn assert_reads(name: &str, bytes: &[u8]) {
    let out = scan(name, bytes);
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(
        matches!(out.status.code(), Some(0) | Some(1)),
        "{name}: exit {:?}: {err}",
        out.status.code()
    );
    assert!(!err.contains("panicked"), "{name}: {err}");
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert!(stdout.contains("format pdf"), "{name}: {stdout}\n{err}");
}

/// Exit 2 with `dpa-pdf-budget` and a message containing `limit`.
fn assert_budget(name: &str, bytes: &[u8], limit: &str) {
    assert!(
        bytes.len() <= 8 * 1024 * 1024,
        "{name}: the input itself is too big"
    );
    let out = scan(name, bytes);
    let err = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(2), "{name}: {err}");
    assert!(err.contains("dpa-pdf-budget"), "{name}: {err}");
    assert!(err.contains(limit), "{name}: wanted `{limit}` in: {err}");
}

#[test]
fn a_deflate_bomb_in_one_page_names_the_page_limit() {
    // 16 MiB of zeros in about 16 KB.
    let bomb = deflate_repeat(&[0u8; 1024 * 1024], 16);
    assert!(bomb.len() < 64 * 1024, "{}", bomb.len());
    let doc = document(1, vec![stream("/Filter /FlateDecode", bomb)], |_| 4);
    assert_budget(
        "bomb",
        &doc,
        "page 1 of the PDF decompresses to more than 4 MiB",
    );
}

#[test]
fn many_pages_decompressing_a_little_each_hit_the_document_limit() {
    // Distinct streams of 3 MiB each: under the page limit, past the document's.
    let n = budget::DOC_DECODED_BYTES / (3 * 1024 * 1024) + 1;
    let extra: Vec<Obj> = (0..n)
        .map(|i| {
            let mut e = flate2::write::ZlibEncoder::new(Vec::new(), flate2::Compression::best());
            writeln!(e, "% stream {i}").unwrap();
            for _ in 0..3 {
                e.write_all(&[b' '; 1024 * 1024]).unwrap();
            }
            stream("/Filter /FlateDecode", e.finish().unwrap())
        })
        .collect();
    let doc = document(n, extra, |i| 4 + i);
    assert_budget(
        "doc-bomb",
        &doc,
        "the PDF decompresses to more than 32 MiB (the reader's limit for a whole document)",
    );
}

#[test]
fn an_object_stream_bomb_is_refused_while_loading() {
    let bomb = deflate_repeat(&[b' '; 1024 * 1024], 8);
    let doc = document(
        1,
        vec![
            stream("/Filter /FlateDecode", deflate_repeat(TEXT.as_bytes(), 1)),
            stream("/Type /ObjStm /N 1 /First 4 /Filter /FlateDecode", bomb),
        ],
        |_| 4,
    );
    assert_budget(
        "objstm-bomb",
        &doc,
        "an object stream of the PDF decompresses to more than 4 MiB",
    );
}

#[test]
fn huge_operator_counts_name_the_operator_limits() {
    // One page: 600,000 `q Q` tokens, 2.4 MB plain, a few KB compressed.
    let ops = deflate_repeat(b"q Q ", budget::PAGE_TOKENS / 2 + 50_000);
    let doc = document(1, vec![stream("/Filter /FlateDecode", ops)], |_| 4);
    assert_budget(
        "ops-page",
        &doc,
        &format!(
            "page 1 of the PDF has more than {} drawing operators",
            budget::PAGE_TOKENS
        ),
    );
    // Many pages, each under the page limit, together past the document's.
    let per_page = budget::PAGE_TOKENS - 10_000;
    let n = budget::DOC_TOKENS / per_page + 1;
    let extra: Vec<Obj> = (0..n)
        .map(|i| {
            let mut e = flate2::write::ZlibEncoder::new(Vec::new(), flate2::Compression::best());
            writeln!(e, "% page {i}").unwrap();
            for _ in 0..per_page / 2 {
                e.write_all(b"q Q ").unwrap();
            }
            stream("/Filter /FlateDecode", e.finish().unwrap())
        })
        .collect();
    let doc = document(n, extra, |i| 4 + i);
    assert_budget(
        "ops-doc",
        &doc,
        &format!(
            "more than {} drawing operators and operands together",
            budget::DOC_TOKENS
        ),
    );
}

#[test]
fn an_object_flood_names_the_object_limit() {
    // Object streams of 100,000 `null` objects each (object numbers past the
    // pages, so they replace nothing).
    let per = 100_000;
    let streams = budget::DOC_OBJECTS / per + 1;
    let extra: Vec<Obj> = (0..streams)
        .map(|s| {
            let base = 1_000_000 + s * per;
            let mut index = String::new();
            let mut body = String::new();
            for k in 0..per {
                index.push_str(&format!("{} {} ", base + k, body.len()));
                body.push_str("null ");
            }
            let plain = format!("{index}{body}");
            stream(
                &format!(
                    "/Type /ObjStm /N {per} /First {} /Filter /FlateDecode",
                    index.len()
                ),
                deflate_repeat(plain.as_bytes(), 1),
            )
        })
        .collect();
    let doc = document(1, extra, |_| 3);
    assert_budget(
        "objects",
        &doc,
        &format!("more than {} objects", budget::DOC_OBJECTS),
    );
}

#[test]
fn one_huge_array_names_the_value_limit() {
    // One array of 250,010 zeros outside any stream: lopdf would build it in
    // memory (four million zeros were a gigabyte); counted first.
    let zeros = "0 ".repeat(budget::OBJECT_VALUES + 10);
    let doc = document(
        1,
        vec![
            stream("", TEXT.as_bytes().to_vec()),
            obj(format!("[{zeros}]")),
        ],
        |_| 4,
    );
    let limit = format!(
        "an object of the PDF holds more than {} values",
        budget::OBJECT_VALUES
    );
    assert_budget("array", &doc, &limit);
    // The same inside an object stream.
    let mut plain = b"1000000 0 [".to_vec();
    plain.extend(zeros.as_bytes());
    plain.push(b']');
    let doc = document(
        1,
        vec![
            stream("", TEXT.as_bytes().to_vec()),
            stream(
                "/Type /ObjStm /N 1 /First 10 /Filter /FlateDecode",
                deflate_repeat(&plain, 1),
            ),
        ],
        |_| 4,
    );
    assert_budget("objstm-array", &doc, &limit);
}

#[test]
fn values_kept_and_values_parsed_have_their_limits() {
    // Three arrays of 200,000 zeros, each under the one-object limit: more
    // than the document keeps.
    let arrays: Vec<Obj> = (0..3)
        .map(|_| obj(format!("[{}]", "0 ".repeat(200_000))))
        .collect();
    assert_budget(
        "kept",
        &pdf(&text_page(arrays)),
        &format!("objects hold more than {} values", budget::FILE_VALUES),
    );
    // A tagged PDF's structure tree is parsed and dropped: 40 elements of
    // 20,000 values each (800,000, twice what is kept) read fine...
    let elements: Vec<Obj> = (0..40)
        .map(|_| {
            obj(format!(
                "<< /Type /StructElem /S /P /K [{}] >>",
                "0 ".repeat(20_000)
            ))
        })
        .collect();
    assert_reads("tagged", &pdf(&text_page(elements)));
    // ...but not without end: eleven of 200,000 values pass what is parsed.
    let elements: Vec<Obj> = (0..11)
        .map(|_| {
            obj(format!(
                "<< /Type /StructElem /S /P /K [{}] >>",
                "0 ".repeat(200_000)
            ))
        })
        .collect();
    assert_budget(
        "parsed",
        &pdf(&text_page(elements)),
        &format!("holds more than {} values", budget::PARSED_VALUES),
    );
}

#[test]
fn two_thousand_pages_sharing_one_heavy_stream_are_read_once() {
    // One content stream just under the page's token limit plus a line of text,
    // shared by 2,000 pages: 300 million tokens if each page decoded it, within
    // budget when read once.
    let mut plain = Vec::new();
    for _ in 0..budget::PAGE_TOKENS / 2 - 1_000 {
        plain.extend_from_slice(b"q Q ");
    }
    plain.extend_from_slice(TEXT.as_bytes());
    let shared = stream("/Filter /FlateDecode", deflate_repeat(&plain, 1));
    let doc = document(2_000, vec![shared], |_| 4);
    let out = scan("shared", &doc);
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(!err.contains("dpa-pdf-budget"), "{err}");
    assert!(!err.contains("dpa-pdf-no-text"), "{err}");
    assert!(
        matches!(out.status.code(), Some(0) | Some(1)),
        "exit {:?}: {err}",
        out.status.code()
    );
}

#[test]
fn a_plain_pdf_still_reads() {
    let doc = document(
        1,
        vec![stream(
            "/Filter /FlateDecode",
            deflate_repeat(TEXT.as_bytes(), 1),
        )],
        |_| 4,
    );
    let text = cloudvet::dpa::text::read_document("a.pdf", &doc).unwrap();
    assert!(
        text.lines
            .iter()
            .any(|l| l.contains("documented instructions")),
        "{:?}",
        text.lines
    );
}

/// A tiny text page (catalog 1, pages 2, font 3, content 4, page 5) with
/// `extra` objects from 6 on.
fn text_page(extra: Vec<Obj>) -> Vec<Obj> {
    let mut objs = vec![
        obj("<< /Type /Catalog /Pages 2 0 R >>"),
        obj("<< /Type /Pages /Kids [5 0 R] /Count 1 >>"),
        obj("<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>"),
        stream("", TEXT.as_bytes().to_vec()),
        obj("<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Contents 4 0 R /Resources << /Font << /F1 3 0 R >> >> >>"),
    ];
    objs.extend(extra);
    objs
}

#[test]
fn cross_reference_entries_pointing_at_one_place_are_read_once() {
    // 200,000 entries naming one array of 200,000 zeros: lopdf would parse it
    // 200,000 times (hours, gigabytes). The reader indexes the file itself.
    let objs = text_page(vec![obj(format!("[{}]", "0 ".repeat(200_000)))]);
    let doc = pdf_with(&objs, b"", |o| {
        let mut v = o[..o.len() - 1].to_vec();
        v.extend(std::iter::repeat_n(o[5], 200_000));
        v
    });
    assert_reads("xref-duplicates", &doc);
    // Entries pointing into one long run of spaces, each parse skipping to its
    // end; and headers hidden in one long comment line.
    let objs = text_page(vec![]);
    let mut filler = vec![b' '; 3_000_000];
    filler.extend_from_slice(b"6 0 obj 0 endobj\n");
    let doc = pdf_with(&objs, &filler, |o| {
        let mut v = o[..o.len() - 1].to_vec();
        let run = o[o.len() - 1];
        v.extend((0..150_000).map(|k| run + k * 20));
        v
    });
    assert_reads("xref-whitespace", &doc);
    let mut line = Vec::new();
    for k in 0..150_000 {
        write!(line, "{} 0 obj % ", 1000 + k).unwrap();
    }
    line.extend_from_slice(b"\n0 endobj\n");
    let doc = pdf_with(&objs, &line, |o| {
        let mut v = o[..o.len() - 1].to_vec();
        v.extend(std::iter::repeat_n(o[o.len() - 1], 150_000));
        v
    });
    assert_reads("xref-comment", &doc);
}

#[test]
fn streams_overlapping_by_their_length_name_the_limit() {
    // 2,000 streams, each declaring a length that runs over all the later ones
    // to one far `endstream` a megabyte on: 2,000 copies of a megabyte for lopdf.
    let mut objs = text_page(vec![]);
    for _ in 0..2_000 {
        objs.push(Obj {
            dict: "<< /Length 0000000000 >>".into(),
            stream: Some(Vec::new()),
        });
    }
    let mut filler = vec![b'x'; 1_000_000];
    filler.extend_from_slice(b"\nendstream\nendobj\n");
    let mut doc = pdf_with(&objs, &filler, |o| o[..o.len() - 1].to_vec());
    let target = doc
        .windows(11)
        .position(|w| w == b"x\nendstream")
        .expect("the far end")
        + 1;
    let marker = b"/Length 0000000000 >>\nstream\n";
    let mut at = 0;
    while let Some(p) = doc[at..].windows(marker.len()).position(|w| w == marker) {
        let start = at + p + marker.len();
        let len = format!("{:010}", target - start);
        doc[at + p + 8..at + p + 18].copy_from_slice(len.as_bytes());
        at = start;
    }
    assert_budget("stream-overlap", &doc, "its objects overlap");
}

#[test]
fn an_object_stream_listing_one_object_many_times_names_the_limit() {
    // 100,000 index entries all at offset 0, an array of 100,000 zeros.
    let mut index = String::new();
    for k in 0..100_000 {
        index.push_str(&format!("{} 0 ", 1_000_000 + k));
    }
    let body = format!("[{}]", "0 ".repeat(100_000));
    let plain = format!("{index}{body}");
    let doc = document(
        1,
        vec![
            stream("", TEXT.as_bytes().to_vec()),
            stream(
                &format!(
                    "/Type /ObjStm /N 100000 /First {} /Filter /FlateDecode",
                    index.len()
                ),
                deflate_repeat(plain.as_bytes(), 1),
            ),
        ],
        |_| 4,
    );
    let out = scan("objstm-overlap", &doc);
    let err = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(2), "{err}");
    assert!(
        err.contains("lists objects that overlap") || err.contains("values"),
        "{err}"
    );
}

#[test]
fn a_deep_page_tree_names_the_limit() {
    // A page whose chain of parents is 20,000 nodes long (lopdf walks it by
    // recursion, once per page).
    let depth = 20_000;
    let mut extra = vec![stream("", TEXT.as_bytes().to_vec())];
    for k in 0..depth {
        extra.push(obj(if k + 1 < depth {
            format!("<< /Parent {} 0 R >>", 6 + k)
        } else {
            "<< /Type /Pages >>".to_string()
        }));
    }
    let mut doc_objs = vec![
        obj("<< /Type /Catalog /Pages 2 0 R >>"),
        obj(format!(
            "<< /Type /Pages /Kids [{} 0 R] /Count 1 >>",
            5 + depth
        )),
        obj("<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>"),
    ];
    doc_objs.extend(extra);
    doc_objs.push(obj("<< /Type /Page /Parent 5 0 R /MediaBox [0 0 595 842] /Contents 4 0 R /Resources << /Font << /F1 3 0 R >> >> >>"));
    assert_budget("page-tree", &pdf(&doc_objs), "levels deep in the page tree");
}

#[test]
fn deep_nesting_and_odd_inline_images_do_not_crash() {
    // 100,000 nested arrays in an object (lopdf stops at 100 levels) and
    // 100,000 `[` in the content.
    let objs = text_page(vec![obj(format!(
        "{}{}",
        "[".repeat(100_000),
        "]".repeat(100_000)
    ))]);
    assert_reads("nested-object", &pdf(&objs));
    let mut content = "[".repeat(100_000).into_bytes();
    content.extend_from_slice(TEXT.as_bytes());
    let doc = document(
        1,
        vec![stream("/Filter /FlateDecode", deflate_repeat(&content, 1))],
        |_| 4,
    );
    let out = scan("nested-content", &doc);
    assert!(
        matches!(out.status.code(), Some(0..=2)),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    // Inline images without a colour space (lopdf's parser panicked on them),
    // without an end, and with 3 MiB of binary data.
    for (name, image) in [
        ("inline-no-cs", b"BI /W 1 /H 1 /BPC 8 ID x EI\n".to_vec()),
        ("inline-no-end", b"BI /W 1 /H 1 /BPC 8 ID xxxx".to_vec()),
        ("inline-big", {
            let mut v = b"BI /W 1024 /H 3072 /BPC 8 /CS /G ID ".to_vec();
            v.extend((0..3 * 1024 * 1024u32).map(|i| (i.wrapping_mul(2_654_435_761) >> 24) as u8));
            v.extend_from_slice(b" EI\n");
            v
        }),
    ] {
        let mut content = TEXT.as_bytes().to_vec();
        content.extend_from_slice(&image);
        let doc = document(1, vec![stream("", content)], |_| 4);
        assert_reads(name, &doc);
    }
}

/// `bytes` (a PDF made by this file's helpers) encrypted with the empty user
/// password (`user` = "") or another, by lopdf. Object streams are renamed
/// while lopdf holds the file, so it never decodes them here.
fn encrypted(bytes: &[u8], user: &str, aes: bool) -> Vec<u8> {
    let hidden = replace_all(bytes, b"/ObjStm", b"/ObjStX");
    let mut doc = lopdf::Document::load_mem(&hidden).expect("own PDF loads");
    let id = lopdf::Object::String(
        b"0123456789abcdef".to_vec(),
        lopdf::StringFormat::Hexadecimal,
    );
    doc.trailer
        .set("ID", lopdf::Object::Array(vec![id.clone(), id]));
    let version = if aes {
        let filter: std::sync::Arc<dyn lopdf::encryption::crypt_filters::CryptFilter> =
            std::sync::Arc::new(lopdf::encryption::crypt_filters::Aes128CryptFilter);
        lopdf::EncryptionVersion::V4 {
            document: &doc,
            encrypt_metadata: true,
            crypt_filters: std::collections::BTreeMap::from([(b"StdCF".to_vec(), filter)]),
            stream_filter: b"StdCF".to_vec(),
            string_filter: b"StdCF".to_vec(),
            owner_password: "owner",
            user_password: user,
            permissions: lopdf::Permissions::PRINTABLE,
        }
    } else {
        lopdf::EncryptionVersion::V2 {
            document: &doc,
            owner_password: "owner",
            user_password: user,
            key_length: 128,
            permissions: lopdf::Permissions::PRINTABLE,
        }
    };
    let state = lopdf::EncryptionState::try_from(version).expect("encryption state");
    doc.encrypt(&state).expect("encrypt");
    let mut out = Vec::new();
    doc.save_to(&mut out).expect("save");
    replace_all(&out, b"/ObjStX", b"/ObjStm")
}

fn replace_all(hay: &[u8], from: &[u8], to: &[u8]) -> Vec<u8> {
    assert_eq!(from.len(), to.len());
    let mut out = hay.to_vec();
    let mut i = 0;
    while let Some(p) = out[i..].windows(from.len()).position(|w| w == from) {
        out[i + p..i + p + from.len()].copy_from_slice(to);
        i += p + from.len();
    }
    out
}

#[test]
fn encrypted_pdfs_read_within_the_same_budgets() {
    let plain = document(
        1,
        vec![stream(
            "/Filter /FlateDecode",
            deflate_repeat(TEXT.as_bytes(), 1),
        )],
        |_| 4,
    );
    // Opened with the empty password (RC4 and AES), as most "protected" DPAs.
    for aes in [false, true] {
        let doc = encrypted(&plain, "", aes);
        assert!(doc.windows(8).any(|w| w == b"/Encrypt"));
        let text = cloudvet::dpa::text::read_document("e.pdf", &doc).unwrap();
        assert!(
            text.lines
                .iter()
                .any(|l| l.contains("documented instructions")),
            "aes {aes}: {:?}",
            text.lines
        );
    }
    // A password: refused as encrypted.
    let doc = encrypted(&plain, "secret", true);
    let out = scan("encrypted-password", &doc);
    let err = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(2), "{err}");
    assert!(err.contains("dpa-pdf-encrypted"), "{err}");
    // An object-stream bomb and an object flood inside an encrypted file.
    let bomb = document(
        1,
        vec![
            stream("/Filter /FlateDecode", deflate_repeat(TEXT.as_bytes(), 1)),
            stream(
                "/Type /ObjStm /N 1 /First 4 /Filter /FlateDecode",
                deflate_repeat(&[b' '; 1024 * 1024], 8),
            ),
        ],
        |_| 4,
    );
    assert_budget(
        "encrypted-objstm-bomb",
        &encrypted(&bomb, "", false),
        "an object stream of the PDF decompresses to more than 4 MiB",
    );
    let per = 100_000;
    let extra: Vec<Obj> = (0..budget::DOC_OBJECTS / per + 1)
        .map(|s| {
            let base = 1_000_000 + s * per;
            let mut index = String::new();
            let mut body = String::new();
            for k in 0..per {
                index.push_str(&format!("{} {} ", base + k, body.len()));
                body.push_str("null ");
            }
            stream(
                &format!(
                    "/Type /ObjStm /N {per} /First {} /Filter /FlateDecode",
                    index.len()
                ),
                deflate_repeat(format!("{index}{body}").as_bytes(), 1),
            )
        })
        .collect();
    let flood = document(1, extra, |_| 3);
    assert_budget(
        "encrypted-objects",
        &encrypted(&flood, "", true),
        &format!("more than {} objects", budget::DOC_OBJECTS),
    );
}
