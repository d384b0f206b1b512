//! Reading a DPA: plain text, Markdown, or the text layer of a PDF, into numbered
//! lines. Every refusal is a diagnostic with a stable code (see `super::CODES`).

use crate::diag::Diagnostic;
use crate::diag::DpaCode;

mod pdf_load;
/// File formats the scanner reads.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum DocumentFormat {
    Txt,
    Md,
    /// The PDF's text layer; line numbers refer to the extracted text.
    Pdf,
}

/// Largest file the scanner reads (bytes), the loader's 8 MiB. A DPA PDF with
/// annexes is rarely over 5 MB.
pub const MAX_FILE_BYTES: usize = 8 * 1024 * 1024;
/// Largest text the scanner works on (characters after extraction).
pub const MAX_TEXT_CHARS: usize = 2_000_000;
/// Most PDF pages read.
pub const MAX_PDF_PAGES: usize = 2_000;

/// The PDF reader's budgets (docs/reliability.md, "PDF reader"). A PDF is a
/// program of sorts: a few kilobytes of deflate can ask for gigabytes, and one
/// content stream can be shared by every page. Every budget is checked before
/// the work it bounds is done, and exceeding one is `dpa-pdf-budget` naming it.
pub mod budget {
    /// Bytes decoded (decompressed) in the whole document: content streams,
    /// object streams and font maps together.
    pub const DOC_DECODED_BYTES: usize = 32 * 1024 * 1024;
    /// Bytes decoded for one page's content (all its content streams).
    pub const PAGE_DECODED_BYTES: usize = 4 * 1024 * 1024;
    /// Operators and operands (tokens) in one page's content. A text page of a
    /// DPA has 5,000 to 20,000; lopdf's content decoder needs up to 600 bytes per
    /// operator, so this bounds one page to about 100 MB.
    pub const PAGE_TOKENS: usize = 150_000;
    /// Operators and operands in all pages' content together (a stream shared by
    /// many pages is read, and counted, once), and font entries looked at.
    pub const DOC_TOKENS: usize = 1_500_000;
    /// Values (numbers, names, strings, brackets) in one object of the file, or in
    /// all objects of one object stream together: what lopdf holds in memory at
    /// once while it parses them (up to 240 bytes each).
    pub const OBJECT_VALUES: usize = 250_000;
    /// Values kept in memory after loading: every object but the structure tree
    /// of a tagged PDF (its elements are dropped once parsed; a 154-page tagged
    /// report holds 760,000 values in them and 140,000 in everything else).
    pub const FILE_VALUES: usize = 400_000;
    /// Values parsed in all (outside page content), kept or not: the time lopdf
    /// spends loading.
    pub const PARSED_VALUES: usize = 2_000_000;
    /// Objects in the document (those inside object streams included).
    pub const DOC_OBJECTS: usize = 250_000;
    /// Bytes decoded for one font's character map (`/ToUnicode`).
    pub const FONT_MAP_BYTES: usize = 1024 * 1024;
    /// Levels of the page tree above a page (its chain of `/Parent` nodes);
    /// lopdf walks that chain by recursion. A real document has two or three.
    pub const PAGE_TREE_DEPTH: usize = 256;
}
/// A PDF whose text layer has fewer visible characters than this per page on
/// average is treated as scanned (images without text).
const MIN_CHARS_PER_PAGE: usize = 20;

/// A document read into lines.
#[derive(Debug, Clone)]
pub struct DocumentText {
    pub format: DocumentFormat,
    /// Lines without their line ends; line `n` (1-based) is `lines[n - 1]`.
    pub lines: Vec<String>,
    /// The first line (1-based) of every page after the first: the pages of a PDF, or
    /// the form feeds of a text file (`pdftotext` output). Empty for a one-page text.
    pub page_breaks: Vec<usize>,
}

impl DocumentText {
    /// The page (1-based) and the line on that page of line `line`, when the text
    /// has pages.
    pub fn page_of(&self, line: usize) -> Option<(u32, u32)> {
        page_of(&self.page_breaks, line)
    }
}

/// The page (1-based) and the line on that page of line `line`, given the first line
/// of every page after the first; `None` for a text without pages.
pub fn page_of(page_breaks: &[usize], line: usize) -> Option<(u32, u32)> {
    if page_breaks.is_empty() {
        return None;
    }
    let page = page_breaks.partition_point(|b| *b <= line);
    let first = if page == 0 { 1 } else { page_breaks[page - 1] };
    Some(((page + 1) as u32, (line + 1 - first) as u32))
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
            // lopdf is a third-party parser on untrusted bytes: should it panic
            // (a bug of its own), the file is reported as unreadable, not the run
            // aborted. The reader's own budget stops never panic.
            match std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| {
                pdf_text(display, bytes)
            })) {
                Ok(r) => r?,
                Err(_) => return Err(Diagnostic::error(
                    DpaCode::DpaPdfUnreadable,
                    "the PDF library failed on this file (an error inside it, caught by cloudvet)",
                )
                .in_file(display)
                .help(
                    "open and re-save (print to PDF) the file, or export the text, and scan that",
                )),
            }
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
    let (lines, page_breaks) = split_lines(&text);
    Ok(DocumentText {
        format,
        lines,
        page_breaks,
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

/// Which budget a PDF exceeded.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Exceeded {
    DocDecoded,
    PageDecoded(usize),
    PageTokens(usize),
    DocTokens,
    Objects,
    FontMap,
    StreamDecoded,
    FileValues,
    ObjectValues,
    ParsedValues,
    /// The streams lopdf copied are together longer than the file.
    StreamBytes,
    /// An object stream's index lists objects that overlap.
    ObjStmOverlap,
    /// A page's chain of parent nodes is longer than the page tree may be deep.
    PageTreeDepth(usize),
}

fn budget_diagnostic(display: &str, e: Exceeded) -> Diagnostic {
    use budget::*;
    let mib = |n: usize| n / (1024 * 1024);
    let msg = match e {
        Exceeded::DocDecoded => format!(
            "the PDF decompresses to more than {} MiB (the reader's limit for a whole document)",
            mib(DOC_DECODED_BYTES)
        ),
        Exceeded::PageDecoded(p) => format!(
            "page {p} of the PDF decompresses to more than {} MiB (the reader's limit for one page)",
            mib(PAGE_DECODED_BYTES)
        ),
        Exceeded::PageTokens(p) => format!(
            "page {p} of the PDF has more than {PAGE_TOKENS} drawing operators and operands (the reader's limit for one page)"
        ),
        Exceeded::DocTokens => format!(
            "the PDF's pages have more than {DOC_TOKENS} drawing operators and operands together (the reader's limit for a whole document)"
        ),
        Exceeded::FileValues => format!(
            "the PDF's objects hold more than {FILE_VALUES} values (numbers, names, strings; page content and a tagged PDF's structure tree not counted) (the reader's limit for a whole document)"
        ),
        Exceeded::ObjectValues => format!(
            "an object of the PDF holds more than {OBJECT_VALUES} values (numbers, names, strings) (the reader's limit for one object or object stream)"
        ),
        Exceeded::ParsedValues => format!(
            "the PDF holds more than {PARSED_VALUES} values (numbers, names, strings) outside its page content (the reader's limit for a whole document)"
        ),
        Exceeded::StreamDecoded => format!(
            "an object stream of the PDF decompresses to more than {} MiB (the reader's limit for one stream)",
            mib(PAGE_DECODED_BYTES)
        ),
        Exceeded::FontMap => format!(
            "a font's character map in the PDF decompresses to more than {} MiB (the reader's limit for one font)",
            mib(FONT_MAP_BYTES)
        ),
        Exceeded::Objects => format!(
            "the PDF has more than {DOC_OBJECTS} objects (the reader's limit for a whole document)"
        ),
        Exceeded::StreamBytes => "the PDF's streams are together longer than the file itself: its objects overlap (the reader reads each byte of a file once)".to_string(),
        Exceeded::ObjStmOverlap => "an object stream of the PDF lists objects that overlap (the reader parses each byte of a stream once)".to_string(),
        Exceeded::PageTreeDepth(p) => format!(
            "page {p} of the PDF sits more than {PAGE_TREE_DEPTH} levels deep in the page tree (the reader's limit)"
        ),
    };
    Diagnostic::error(DpaCode::DpaPdfBudget, msg)
        .in_file(display)
        .help("a DPA is far simpler; print the document to a new PDF (or export its text) and scan that")
}

/// What the reader has spent on one document.
struct Spent {
    decoded: usize,
    tokens: usize,
}

impl Spent {
    /// Decodes a stream against the page's and the document's budgets.
    fn decode(
        &mut self,
        stream: &lopdf::Stream,
        page_left: usize,
        page: usize,
    ) -> Result<Vec<u8>, Exceeded> {
        let doc_left = budget::DOC_DECODED_BYTES.saturating_sub(self.decoded);
        let (limit, which) = if page_left < doc_left {
            (page_left, Exceeded::PageDecoded(page))
        } else {
            (doc_left, Exceeded::DocDecoded)
        };
        let data = match stream.get_plain_content_with_limit(limit) {
            Ok(d) => d,
            Err(lopdf::Error::Decompress(lopdf::DecompressError::MemoryLimitExceeded {
                ..
            })) => return Err(which),
            // As lopdf does: an undecodable stream is read raw (within the budget).
            Err(_) if stream.content.len() <= limit => stream.content.clone(),
            Err(_) => return Err(which),
        };
        self.decoded += data.len();
        Ok(data)
    }
}

/// The text layer of a PDF, page after page (a form feed between pages), within
/// the budgets of `budget`.
fn pdf_text(display: &str, bytes: &[u8]) -> Result<String, Diagnostic> {
    let declares_encryption = contains(bytes, b"/Encrypt");
    // lopdf ignores anything before the header; so does the index.
    let start = bytes.windows(5).position(|w| w == b"%PDF-").unwrap_or(0);
    let loaded = match pdf_load::load(&bytes[start..]) {
        Ok(l) => l,
        Err(pdf_load::Failure::Budget(e)) => return Err(budget_diagnostic(display, e)),
        Err(pdf_load::Failure::Encrypted) => return Err(encrypted(display)),
        Err(pdf_load::Failure::Unreadable(e)) => {
            return Err(Diagnostic::error(
                DpaCode::DpaPdfUnreadable,
                format!("cannot read the PDF: {e}"),
            )
            .in_file(display)
            .help("open and re-save (print to PDF) the file, or export the text"))
        }
    };
    let load_decoded = loaded.decoded;
    let doc = loaded.doc;
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
    let mut reader = PageReader {
        doc: &doc,
        spent: Spent {
            decoded: load_decoded,
            tokens: 0,
        },
        fonts: std::collections::HashMap::new(),
        pages: std::collections::HashMap::new(),
    };
    let mut text = String::new();
    for (i, p) in pages.iter().enumerate() {
        // Pages are separated by a form feed, so lines keep their page (passages are
        // given as page and line, and repeated page headers and footers are found).
        if i > 0 {
            text.push('\u{c}');
        }
        // An undecodable page adds no text; too little text is refused below.
        match reader.page_text(*p, i + 1) {
            Ok(Some(t)) => {
                text.push_str(&t);
            }
            Ok(None) => {}
            Err(e) => return Err(budget_diagnostic(display, e)),
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

/// What makes two pages' text the same: their content streams and fonts (a page
/// with fonts written inline is its own key).
type PageKey = (
    Vec<lopdf::ObjectId>,
    Vec<(Vec<u8>, lopdf::ObjectId)>,
    Option<lopdf::ObjectId>,
);

/// Reads pages within the budgets, decoding each font and each set of content
/// streams once.
struct PageReader<'a> {
    doc: &'a lopdf::Document,
    spent: Spent,
    /// Font encodings by font object (`None`: the font has no usable encoding).
    fonts: std::collections::HashMap<lopdf::ObjectId, Option<lopdf::Encoding<'a>>>,
    /// Text by page key (`None`: the page could not be read).
    pages: std::collections::HashMap<PageKey, Option<std::rc::Rc<str>>>,
}

impl<'a> PageReader<'a> {
    fn page_text(
        &mut self,
        page: lopdf::ObjectId,
        number: usize,
    ) -> Result<Option<std::rc::Rc<str>>, Exceeded> {
        let doc = self.doc;
        let contents = doc.get_page_contents(page);
        let Some((inline, resource_ids)) = page_resources(doc, page, number)? else {
            return Ok(None);
        };
        // Fonts: the page's own dictionaries first, then inherited ones.
        let mut dicts: Vec<&lopdf::Dictionary> = inline.into_iter().collect();
        dicts.extend(
            resource_ids
                .iter()
                .filter_map(|id| doc.get_dictionary(*id).ok()),
        );
        let mut named: Vec<(Vec<u8>, lopdf::ObjectId)> = Vec::new();
        let mut inline_fonts: Vec<(Vec<u8>, lopdf::Encoding<'a>)> = Vec::new();
        let mut seen: std::collections::HashSet<&[u8]> = std::collections::HashSet::new();
        for res in dicts {
            let Ok(font) = res.get(b"Font") else { continue };
            let font_dict = match font {
                lopdf::Object::Reference(id) => doc.get_dictionary(*id).ok(),
                lopdf::Object::Dictionary(d) => Some(d),
                _ => None,
            };
            let Some(font_dict) = font_dict else { continue };
            for (name, value) in font_dict.iter() {
                // Each font entry looked at counts as a token: a page tree of
                // 2,000 pages naming 100,000 fonts each must not take minutes.
                self.spent.tokens += 1;
                if self.spent.tokens > budget::DOC_TOKENS {
                    return Err(Exceeded::DocTokens);
                }
                if !seen.insert(name.as_slice()) {
                    continue;
                }
                match value {
                    lopdf::Object::Reference(id) => {
                        if !self.fonts.contains_key(id) {
                            let enc = match doc.get_dictionary(*id) {
                                Ok(f) => self.encoding(f)?,
                                Err(_) => None,
                            };
                            self.fonts.insert(*id, enc);
                        }
                        named.push((name.clone(), *id));
                    }
                    lopdf::Object::Dictionary(f) => {
                        if let Some(e) = self.encoding(f)? {
                            inline_fonts.push((name.clone(), e));
                        }
                    }
                    _ => {}
                }
            }
        }
        // Two pages with the same content streams and the same fonts have the
        // same text: a stream shared by many pages is decoded and read once.
        let key: PageKey = (
            contents.clone(),
            named.clone(),
            (!inline_fonts.is_empty()).then_some(page),
        );
        if let Some(t) = self.pages.get(&key) {
            return Ok(t.clone());
        }
        // The page's content, within its budget and the document's.
        let mut content = Vec::new();
        for id in &contents {
            if let Ok(stream) = doc.get_object(*id).and_then(lopdf::Object::as_stream) {
                let left = budget::PAGE_DECODED_BYTES.saturating_sub(content.len());
                content.extend(self.spent.decode(stream, left, number)?);
                content.push(b'\n');
            }
        }
        let doc_left = budget::DOC_TOKENS.saturating_sub(self.spent.tokens);
        let (tokens, images) =
            pdf_load::content_tokens(&content, budget::PAGE_TOKENS.min(doc_left));
        // Inline images carry no text; lopdf's parser for them can panic.
        for (from, to) in images {
            content[from..to].fill(b' ');
        }
        if tokens > budget::PAGE_TOKENS {
            return Err(Exceeded::PageTokens(number));
        }
        if tokens > doc_left {
            return Err(Exceeded::DocTokens);
        }
        self.spent.tokens += tokens;
        let mut encodings: std::collections::BTreeMap<&[u8], &lopdf::Encoding<'a>> =
            std::collections::BTreeMap::new();
        for (n, id) in &named {
            if let Some(Some(e)) = self.fonts.get(id) {
                encodings.insert(n.as_slice(), e);
            }
        }
        for (n, e) in &inline_fonts {
            encodings.insert(n.as_slice(), e);
        }
        let text = lopdf::content::Content::decode(&content)
            .ok()
            .map(|c| std::rc::Rc::<str>::from(interpret(&c, &encodings)));
        drop(encodings);
        self.pages.insert(key, text.clone());
        Ok(text)
    }

    /// A font's encoding, its character map decoded within the budgets.
    fn encoding(
        &mut self,
        font: &'a lopdf::Dictionary,
    ) -> Result<Option<lopdf::Encoding<'a>>, Exceeded> {
        let doc = self.doc;
        let mut limit = budget::FONT_MAP_BYTES;
        if let Ok(stream) = font
            .get_deref(b"ToUnicode", doc)
            .and_then(lopdf::Object::as_stream)
        {
            // Decoded here to charge it to the budgets; lopdf decodes it again
            // (bounded to the same size) when it builds the map.
            let n = self
                .spent
                .decode(stream, budget::FONT_MAP_BYTES, 0)
                .map_err(|e| match e {
                    Exceeded::PageDecoded(_) => Exceeded::FontMap,
                    other => other,
                })?
                .len();
            limit = n + 1;
        }
        Ok(font.get_font_encoding_with_limit(doc, limit).ok())
    }
}

/// A page's own resource dictionary and the resources it inherits (its own
/// reference, then each ancestor's), as lopdf's `get_page_resources` gives them
/// but without its recursion: the chain of parents is bounded by
/// `budget::PAGE_TREE_DEPTH`. `None` when the chain loops or breaks.
#[allow(clippy::type_complexity)]
fn page_resources(
    doc: &lopdf::Document,
    page: lopdf::ObjectId,
    number: usize,
) -> Result<Option<(Option<&lopdf::Dictionary>, Vec<lopdf::ObjectId>)>, Exceeded> {
    let Ok(mut node) = doc.get_dictionary(page) else {
        return Ok(Some((None, Vec::new())));
    };
    let inline = node.get(b"Resources").and_then(lopdf::Object::as_dict).ok();
    let mut ids = Vec::new();
    let mut seen = std::collections::HashSet::new();
    for _ in 0..=budget::PAGE_TREE_DEPTH {
        if let Ok(r) = node.get(b"Resources").and_then(lopdf::Object::as_reference) {
            ids.push(r);
        }
        let Ok(parent) = node.get(b"Parent").and_then(lopdf::Object::as_reference) else {
            return Ok(Some((inline, ids)));
        };
        if !seen.insert(parent) {
            return Ok(None);
        }
        match doc.get_dictionary(parent) {
            Ok(d) => node = d,
            Err(_) => return Ok(None),
        }
    }
    Err(Exceeded::PageTreeDepth(number))
}

/// The text of one page's content, a line break wherever the text baseline moves
/// (`Td`, `TD`, `Tm`, `T*`, `'`, `"`), so numbered clauses start their own lines
/// also in PDFs that position each line with `Td` inside one text object. Text in
/// form XObjects is not read.
fn interpret(
    content: &lopdf::content::Content,
    encodings: &std::collections::BTreeMap<&[u8], &lopdf::Encoding<'_>>,
) -> String {
    use lopdf::Object;
    let num = |o: Option<&Object>| o.and_then(|o| o.as_float().ok()).unwrap_or(0.0);
    let mut out = String::new();
    let mut encoding: Option<&lopdf::Encoding<'_>> = None;
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
                    .and_then(|n| encodings.get(n).copied());
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
    out
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

/// Splits on `\n`, `\r\n`, `\r` and form feeds (page breaks, whose line numbers
/// are returned); drops trailing whitespace.
fn split_lines(text: &str) -> (Vec<String>, Vec<usize>) {
    let normalised = text.replace("\r\n", "\n").replace('\r', "\n");
    let mut lines: Vec<String> = Vec::new();
    let mut breaks = Vec::new();
    let parts: Vec<&str> = normalised.split('\u{c}').collect();
    for (i, page) in parts.iter().enumerate() {
        // A page's last line ends before the form feed (`line\n\f`): no empty line.
        let page = if i + 1 < parts.len() {
            page.strip_suffix('\n').unwrap_or(page)
        } else {
            page
        };
        if i > 0 {
            breaks.push(lines.len() + 1);
        }
        lines.extend(page.split('\n').map(|l| l.trim_end().to_string()));
    }
    while lines.last().is_some_and(|l| l.is_empty()) {
        lines.pop();
    }
    breaks.retain(|b| *b <= lines.len());
    breaks.dedup();
    (lines, breaks)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reads_text_with_bom_and_crlf() {
        let t = read_document("a.txt", b"\xEF\xBB\xBFone\r\ntwo\rthree\n\n").unwrap();
        assert_eq!(t.lines, vec!["one", "two", "three"]);
        assert_eq!(t.page_of(2), None);
        // Form feeds are page breaks.
        let t = read_document("a.txt", b"p1 a\np1 b\n\x0cp2 a\np2 b\x0cp3 a\n").unwrap();
        assert_eq!(t.lines, vec!["p1 a", "p1 b", "p2 a", "p2 b", "p3 a"]);
        assert_eq!(t.page_breaks, vec![3, 5]);
        assert_eq!(t.page_of(1), Some((1, 1)));
        assert_eq!(t.page_of(4), Some((2, 2)));
        assert_eq!(t.page_of(5), Some((3, 1)));
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
