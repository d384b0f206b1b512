//! Reading a DPA: plain text, Markdown, or the text layer of a PDF, into numbered
//! lines. Every refusal is a diagnostic with a stable code (see `super::CODES`).

use crate::diag::Diagnostic;
use crate::diag::DpaCode;
/// File formats the scanner reads.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum DocumentFormat {
    Txt,
    Md,
    /// The PDF's text layer; line numbers refer to the extracted text.
    Pdf,
}

/// Largest file the scanner reads (bytes). A DPA PDF with annexes is rarely over 5 MB.
pub const MAX_FILE_BYTES: usize = 20 * 1024 * 1024;
/// Largest text the scanner works on (characters after extraction).
pub const MAX_TEXT_CHARS: usize = 2_000_000;
/// Most PDF pages read.
pub const MAX_PDF_PAGES: usize = 2_000;
/// Limit on one page's decompressed content stream (a guard against compression bombs).
const MAX_PAGE_CONTENT_BYTES: usize = 64 * 1024 * 1024;
/// A PDF whose text layer has fewer visible characters than this per page on
/// average is treated as scanned (images without text).
const MIN_CHARS_PER_PAGE: usize = 20;

/// A document read into lines.
#[derive(Debug, Clone)]
pub struct DocumentText {
    pub format: DocumentFormat,
    /// Lines without their line ends; line `n` (1-based) is `lines[n - 1]`.
    pub lines: Vec<String>,
}

/// Reads `bytes` (the file named `display`) into lines, choosing the reader by the
/// file's extension and its first bytes.
pub fn read_document(display: &str, bytes: &[u8]) -> Result<DocumentText, Diagnostic> {
    if bytes.len() > MAX_FILE_BYTES {
        return Err(Diagnostic::error(
            DpaCode::DpaTooLarge,
            format!(
                "the file has {} bytes; the scanner reads at most {} MiB",
                bytes.len(),
                MAX_FILE_BYTES / (1024 * 1024)
            ),
        )
        .in_file(display)
        .help("split the document (e.g. the agreement without its annexes) and scan each part"));
    }
    let ext = extension(display);
    let is_pdf_magic = contains(&bytes[..bytes.len().min(1024)], b"%PDF-");
    let format =
        match ext.as_str() {
            "pdf" => DocumentFormat::Pdf,
            "txt" | "text" => DocumentFormat::Txt,
            "md" | "markdown" => DocumentFormat::Md,
            _ if is_pdf_magic => DocumentFormat::Pdf,
            "" => DocumentFormat::Txt,
            other => return Err(Diagnostic::error(
                DpaCode::DpaUnsupportedFormat,
                format!("cannot read `.{other}` files"),
            )
            .in_file(display)
            .expected("a .txt, .md or .pdf file")
            .help(
                "export the agreement as PDF (with a text layer) or as plain text and scan that",
            )),
        };
    let text = match format {
        DocumentFormat::Pdf => {
            if !is_pdf_magic {
                return Err(Diagnostic::error(
                    DpaCode::DpaPdfUnreadable,
                    "the file is named .pdf but does not start like a PDF (no `%PDF-` header)",
                )
                .in_file(display)
                .help("check that the download is complete and really a PDF"));
            }
            pdf_text(display, bytes)?
        }
        DocumentFormat::Txt | DocumentFormat::Md => plain_text(display, bytes)?,
    };
    if text.chars().count() > MAX_TEXT_CHARS {
        return Err(Diagnostic::error(
            DpaCode::DpaTooLarge,
            format!("the text has more than {MAX_TEXT_CHARS} characters; a DPA is far shorter"),
        )
        .in_file(display)
        .help("scan the agreement and its annexes without unrelated documents"));
    }
    if text.trim().is_empty() {
        return Err(
            Diagnostic::error(DpaCode::DpaEmptyDocument, "the document has no text")
                .in_file(display)
                .help("give the scanner the agreement's text"),
        );
    }
    Ok(DocumentText {
        format,
        lines: split_lines(&text),
    })
}

fn extension(display: &str) -> String {
    std::path::Path::new(display)
        .extension()
        .map(|e| e.to_string_lossy().to_ascii_lowercase())
        .unwrap_or_default()
}

/// UTF-8 text (a byte-order mark is skipped); UTF-16 and other encodings are refused.
fn plain_text(display: &str, bytes: &[u8]) -> Result<String, Diagnostic> {
    if bytes.starts_with(&[0xFF, 0xFE]) || bytes.starts_with(&[0xFE, 0xFF]) {
        return Err(Diagnostic::error(
            DpaCode::DpaInvalidEncoding,
            "the file is UTF-16; the scanner reads UTF-8",
        )
        .in_file(display)
        .help("save the text as UTF-8"));
    }
    let bytes = bytes.strip_prefix(&[0xEF, 0xBB, 0xBF]).unwrap_or(bytes);
    match std::str::from_utf8(bytes) {
        Ok(s) => {
            if s.contains('\0') {
                return Err(Diagnostic::error(
                    DpaCode::DpaUnsupportedFormat,
                    "the file contains NUL bytes: it is binary, not text",
                )
                .in_file(display)
                .expected("a .txt, .md or .pdf file")
                .help("export the agreement as PDF or plain text"));
            }
            Ok(s.to_string())
        }
        Err(e) => {
            let at = e.valid_up_to();
            let line = bytes[..at].iter().filter(|b| **b == b'\n').count() + 1;
            let col = bytes[..at]
                .iter()
                .rev()
                .take_while(|b| **b != b'\n')
                .count()
                + 1;
            Err(Diagnostic::error(
                DpaCode::DpaInvalidEncoding,
                format!("the file is not valid UTF-8 (byte {at})"),
            )
            .in_file(display)
            .at(line, col)
            .help("save the text as UTF-8 (e.g. it may be Windows-1252 or Latin-1)"))
        }
    }
}

/// The text layer of a PDF, page after page (a form feed between pages).
fn pdf_text(display: &str, bytes: &[u8]) -> Result<String, Diagnostic> {
    let declares_encryption = contains(bytes, b"/Encrypt");
    let doc = match lopdf::Document::load_mem(bytes) {
        Ok(d) => d,
        Err(e) => {
            return Err(if declares_encryption {
                encrypted(display)
            } else {
                Diagnostic::error(
                    DpaCode::DpaPdfUnreadable,
                    format!("cannot read the PDF: {e}"),
                )
                .in_file(display)
                .help("open and re-save (print to PDF) the file, or export the text")
            });
        }
    };
    let pages: Vec<lopdf::ObjectId> = doc.get_pages().values().copied().collect();
    if pages.is_empty() {
        return Err(if declares_encryption {
            encrypted(display)
        } else {
            Diagnostic::error(DpaCode::DpaPdfUnreadable, "the PDF has no pages").in_file(display)
        });
    }
    if pages.len() > MAX_PDF_PAGES {
        return Err(Diagnostic::error(
            DpaCode::DpaTooLarge,
            format!(
                "the PDF has {} pages; the scanner reads at most {MAX_PDF_PAGES}",
                pages.len()
            ),
        )
        .in_file(display));
    }
    let mut text = String::new();
    for p in &pages {
        // An undecodable page adds no text; too little text is refused below.
        if let Ok(t) = page_text(&doc, *p) {
            if !text.is_empty() {
                text.push('\n');
            }
            text.push_str(&t);
        }
        if text.len() > MAX_TEXT_CHARS * 4 {
            break;
        }
    }
    let visible = text.chars().filter(|c| !c.is_whitespace()).count();
    if visible < MIN_CHARS_PER_PAGE * pages.len() {
        if declares_encryption {
            // Could not decrypt with the empty user password.
            return Err(encrypted(display));
        }
        return Err(Diagnostic::error(
            DpaCode::DpaPdfNoText,
            format!(
                "the PDF has {} page(s) but almost no text layer ({visible} visible characters): it looks scanned",
                pages.len()
            ),
        )
        .in_file(display)
        .help("run text recognition (OCR) on it, or ask the provider for the digital original"));
    }
    Ok(text)
}

/// The text of one page, a line break wherever the text baseline moves (`Td`, `TD`,
/// `Tm`, `T*`, `'`, `"`), so numbered clauses start their own lines also in PDFs that
/// position each line with `Td` inside one text object. Text in form XObjects is
/// not read.
fn page_text(doc: &lopdf::Document, page: lopdf::ObjectId) -> Result<String, lopdf::Error> {
    use lopdf::content::Content;
    use lopdf::Object;
    let encodings: std::collections::BTreeMap<Vec<u8>, lopdf::Encoding> = doc
        .get_page_fonts(page)?
        .into_iter()
        .filter_map(|(name, font)| {
            font.get_font_encoding_with_limit(doc, MAX_PAGE_CONTENT_BYTES)
                .ok()
                .map(|e| (name, e))
        })
        .collect();
    let content = Content::decode(&doc.get_page_content_with_limit(page, MAX_PAGE_CONTENT_BYTES)?)?;
    let num = |o: Option<&Object>| o.and_then(|o| o.as_float().ok()).unwrap_or(0.0);
    let mut out = String::new();
    let mut encoding = None;
    let (mut y, mut leading, mut last_y): (f32, f32, Option<f32>) = (0.0, 0.0, None);
    let mut line_y = 0.0f32;
    for op in &content.operations {
        let o = &op.operands;
        match op.operator.as_str() {
            "BT" => {
                y = 0.0;
                line_y = 0.0;
            }
            "Tf" => {
                encoding = o
                    .first()
                    .and_then(|n| n.as_name().ok())
                    .and_then(|n| encodings.get(n));
            }
            "TL" => leading = num(o.first()),
            "Td" | "TD" => {
                let ty = num(o.get(1));
                if op.operator == "TD" {
                    leading = -ty;
                }
                line_y += ty;
                y = line_y;
            }
            "Tm" => {
                line_y = num(o.get(5));
                y = line_y;
            }
            "T*" => {
                line_y -= leading.max(1.0);
                y = line_y;
            }
            "Tj" | "TJ" | "'" | "\"" => {
                if op.operator == "'" || op.operator == "\"" {
                    line_y -= leading.max(1.0);
                    y = line_y;
                }
                if last_y.is_some_and(|ly| (ly - y).abs() > 0.5) && !out.ends_with('\n') {
                    out.push('\n');
                }
                last_y = Some(y);
                let Some(enc) = encoding else { continue };
                let items: &[Object] = match op.operator.as_str() {
                    "\"" => o.get(2).map(std::slice::from_ref).unwrap_or(&[]),
                    _ => o,
                };
                collect_text(&mut out, enc, items);
            }
            _ => {}
        }
    }
    Ok(out)
}

fn collect_text(out: &mut String, enc: &lopdf::Encoding, items: &[lopdf::Object]) {
    use lopdf::Object;
    for item in items {
        match item {
            Object::String(bytes, _) => {
                if let Ok(t) = enc.bytes_to_string(bytes) {
                    out.push_str(&t);
                }
            }
            Object::Array(a) => collect_text(out, enc, a),
            // A large negative adjustment in a TJ array is a word space.
            Object::Integer(i) if *i < -100 => out.push(' '),
            Object::Real(r) if *r < -100.0 => out.push(' '),
            _ => {}
        }
    }
}

fn encrypted(display: &str) -> Diagnostic {
    Diagnostic::error(
        DpaCode::DpaPdfEncrypted,
        "the PDF is encrypted and cannot be opened without a password",
    )
    .in_file(display)
    .help("save an unencrypted copy (or ask the provider for one) and scan that")
}

fn contains(hay: &[u8], needle: &[u8]) -> bool {
    hay.windows(needle.len()).any(|w| w == needle)
}

/// Splits on `\n`, `\r\n`, `\r` and form feeds; drops trailing whitespace.
fn split_lines(text: &str) -> Vec<String> {
    let normalised = text.replace("\r\n", "\n").replace(['\r', '\u{c}'], "\n");
    let mut lines: Vec<String> = normalised
        .split('\n')
        .map(|l| l.trim_end().to_string())
        .collect();
    while lines.last().is_some_and(|l| l.is_empty()) {
        lines.pop();
    }
    lines
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reads_text_with_bom_and_crlf() {
        let t = read_document("a.txt", b"\xEF\xBB\xBFone\r\ntwo\rthree\n\n").unwrap();
        assert_eq!(t.lines, vec!["one", "two", "three"]);
    }

    /// A one-page PDF whose content stream is `content`, with Helvetica as /F1.
    fn pdf(content: &str) -> Vec<u8> {
        let objs = [
            "<< /Type /Catalog /Pages 2 0 R >>".to_string(),
            "<< /Type /Pages /Kids [3 0 R] /Count 1 >>".to_string(),
            "<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >>".to_string(),
            format!("<< /Length {} >>\nstream\n{content}\nendstream", content.len()),
            "<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>".to_string(),
        ];
        let mut out = String::from("%PDF-1.4\n");
        let mut offsets = Vec::new();
        for (i, o) in objs.iter().enumerate() {
            offsets.push(out.len());
            out.push_str(&format!("{} 0 obj\n{o}\nendobj\n", i + 1));
        }
        let xref = out.len();
        out.push_str(&format!(
            "xref\n0 {}\n0000000000 65535 f \n",
            objs.len() + 1
        ));
        for o in offsets {
            out.push_str(&format!("{o:010} 00000 n \n"));
        }
        out.push_str(&format!(
            "trailer\n<< /Size {} /Root 1 0 R >>\nstartxref\n{xref}\n%%EOF\n",
            objs.len() + 1
        ));
        out.into_bytes()
    }

    #[test]
    fn pdf_lines_follow_the_baseline() {
        // One text object, each line placed with Td; words of one line in two
        // pieces (same baseline) and a TJ word space.
        let content = "BT /F1 11 Tf 72 770 Td (1. Subject matter of the processing) Tj 0 -14 Td (1.1 The Processor ) Tj 90 0 Td (hosts GPUs.) Tj 0 -14 Td [(2.) -250 (Instructions)] TJ ET";
        let t = read_document("a.pdf", &pdf(content)).unwrap();
        assert_eq!(t.format, DocumentFormat::Pdf);
        assert_eq!(
            t.lines,
            vec![
                "1. Subject matter of the processing",
                "1.1 The Processor hosts GPUs.",
                "2. Instructions"
            ]
        );
    }

    #[test]
    fn refuses_bad_inputs_with_codes() {
        assert_eq!(
            read_document("a.txt", b"").unwrap_err().code,
            "dpa-empty-document"
        );
        assert_eq!(
            read_document("a.txt", b"ok\n\xff\xfe").unwrap_err().code,
            "dpa-invalid-encoding"
        );
        let e = read_document("a.txt", b"line\nbad \xC3(").unwrap_err();
        assert_eq!((e.line, e.column), (Some(2), Some(5)));
        assert_eq!(
            read_document("a.docx", b"PK\x03\x04").unwrap_err().code,
            "dpa-unsupported-format"
        );
        assert_eq!(
            read_document("a.pdf", b"hello").unwrap_err().code,
            "dpa-pdf-unreadable"
        );
        assert_eq!(
            read_document("a.pdf", b"%PDF-1.7\ngarbage")
                .unwrap_err()
                .code,
            "dpa-pdf-unreadable"
        );
        let big = vec![b'a'; MAX_FILE_BYTES + 1];
        assert_eq!(
            read_document("a.txt", &big).unwrap_err().code,
            "dpa-too-large"
        );
    }
}
