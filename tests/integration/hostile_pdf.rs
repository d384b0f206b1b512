//! Hostile PDFs for `cloudvet dpa scan`, generated here (no binary fixtures):
//! deflate bombs, many pages sharing one content stream, huge operator counts,
//! object floods. Each ends in `dpa-pdf-budget` (exit 2) naming the limit, or in
//! a correct scan; none may hang or exhaust memory. The budgets are in
//! `cloudvet::dpa::text::budget`; docs/reliability.md has the measured figures.

use std::io::Write;
use std::path::PathBuf;
use std::process::Output;

use cloudvet::dpa::text::budget;

use crate::common::{cloudvet, temp_dir};

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
    let xref = out.len();
    write!(out, "xref\n0 {}\n0000000000 65535 f \n", objs.len() + 1).unwrap();
    for o in offsets {
        writeln!(out, "{o:010} 00000 n ").unwrap();
    }
    write!(
        out,
        "trailer\n<< /Size {} /Root 1 0 R >>\nstartxref\n{xref}\n%%EOF\n",
        objs.len() + 1
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

fn scan(name: &str, bytes: &[u8]) -> Output {
    let dir = temp_dir(&format!("hostile-pdf-{name}"));
    let path: PathBuf = dir.join(format!("{name}.pdf"));
    std::fs::write(&path, bytes).unwrap();
    let out = cloudvet(&["dpa", "scan", &path.display().to_string()]);
    let _ = std::fs::remove_dir_all(&dir);
    out
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
    // Four million zeros in one array outside any stream: lopdf would build a
    // gigabyte of values; counted first.
    let doc = document(
        1,
        vec![
            stream("", TEXT.as_bytes().to_vec()),
            obj(format!("[{}]", "0 ".repeat(budget::FILE_VALUES + 10))),
        ],
        |_| 4,
    );
    assert_budget(
        "array",
        &doc,
        &format!("objects hold more than {} values", budget::FILE_VALUES),
    );
    // The same inside an object stream.
    let mut plain = b"1000000 0 [".to_vec();
    plain.extend("0 ".repeat(budget::FILE_VALUES + 10).as_bytes());
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
    assert_budget(
        "objstm-array",
        &doc,
        &format!("objects hold more than {} values", budget::FILE_VALUES),
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
