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

use super::{Edition, RenderError};
use crate::i18n;
use crate::report::{Outcome, Report};

mod check;
mod content;
mod editions;
mod embed;
mod figure;
pub mod layout;

pub use check::{layout_problems, text_box_problems};
use figure::drawing;

use layout::{Align, Column, Document, Fonts, Item, Rgb, AMBER, GREEN, RED};

/// The shipped fonts (for the layout and for coverage tests), parsed once per process:
/// a report writes several PDFs, and the charts measure with the same fonts.
pub fn embedded_fonts() -> Result<&'static Fonts, RenderError> {
    Fonts::shared().map_err(RenderError::Pdf)
}

/// Characters of the report that no shipped font has, over every edition: they are
/// drawn as a placeholder (and kept in the text layer).
pub fn missing_glyphs(report: &Report) -> Result<Vec<char>, RenderError> {
    let fonts = embedded_fonts()?;
    let mut missing = std::collections::BTreeSet::new();
    for edition in Edition::ALL {
        let doc = lay_out(report, edition, fonts);
        for item in doc.pages.iter().flat_map(|p| p.items.iter()) {
            if let Item::Text { text, .. } = item {
                for c in text.chars() {
                    if !fonts.covers(c) {
                        missing.insert(c);
                    }
                }
            }
        }
    }
    Ok(missing.into_iter().collect())
}

/// Renders one edition of the report as PDF bytes. Its title and subject are the
/// edition's; its document ID (trailer /ID) is the report's, shared by the editions.
pub fn render(report: &Report, edition: Edition) -> Result<Vec<u8>, RenderError> {
    let date = chrono::NaiveDate::parse_from_str(&report.meta.evaluation_date.iso, "%Y-%m-%d")
        .map_err(|e| RenderError::Pdf(format!("evaluation date: {e}")))?;
    let l = |k: &str| {
        report
            .labels
            .get(k)
            .cloned()
            .unwrap_or_else(|| i18n::t(report.lang, k).to_string())
    };
    let meta = PdfMeta {
        title: l(edition.title_key()),
        subject: l(edition.subject_key()),
        author: report.meta.author.clone(),
        keywords: vec!["GPU cloud".into(), "GDPR".into(), "procurement".into()],
        date,
        document_id: report.meta.document_id.clone(),
    };
    write_document(&meta, |fonts| lay_out(report, edition, fonts))
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

/// Lays out one edition of the report (see `editions.rs`).
pub fn lay_out(report: &Report, edition: Edition, fonts: &Fonts) -> Document {
    editions::lay_out(report, edition, fonts)
}

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
            .map(|chunk| {
                scope.spawn(move || {
                    // One compressor per thread, reset between streams: setting one up
                    // (zeroing its tables) cost as much as compressing a page.
                    let mut z = flate2::Compress::new(flate2::Compression::fast(), true);
                    chunk.iter_mut().try_for_each(|s| deflate(&mut z, s))
                })
            })
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

fn deflate(z: &mut flate2::Compress, stream: &mut lopdf::Stream) -> Result<(), String> {
    z.reset();
    let input = &stream.content;
    let mut packed = Vec::with_capacity(input.len() / 3 + 64);
    loop {
        let done = usize::try_from(z.total_in()).map_err(|e| e.to_string())?;
        let status = z
            .compress_vec(&input[done..], &mut packed, flate2::FlushCompress::Finish)
            .map_err(|e| e.to_string())?;
        if status == flate2::Status::StreamEnd {
            break;
        }
        // The output did not fit: give it room and go on where the input stopped.
        packed.reserve(packed.capacity().max(64));
    }
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
    use super::layout::Face;
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
        for e in Edition::ALL {
            let a = render(&r, e).unwrap();
            let b = render(&r, e).unwrap();
            assert!(a == b, "{e}: two renders differ");
            let text = String::from_utf8_lossy(&a);
            assert!(
                text.contains(&format!("/ID[({id})({id})]", id = r.meta.document_id))
                    || text.contains(&r.meta.document_id)
            );
        }
    }

    #[test]
    fn metadata_pages_and_outline() {
        let r = sample(Lang::De);
        for (e, title) in [
            (Edition::Decision, "Entscheidungsvorlage GPU-Cloud"),
            (Edition::Dpo, "Anhang Datenschutz"),
            (Edition::Procurement, "Anhang Beschaffung"),
        ] {
            let bytes = render(&r, e).unwrap();
            let doc = lopdf::Document::load_mem(&bytes).unwrap();
            assert!(!doc.get_pages().is_empty());
            let info_ref = doc.trailer.get(b"Info").unwrap().as_reference().unwrap();
            let info = doc.get_dictionary(info_ref).unwrap();
            let get = |k: &[u8]| lopdf::decode_text_string(info.get(k).unwrap()).unwrap();
            assert_eq!(get(b"Title"), title);
            assert_eq!(get(b"Author"), "cloudvet 0.1.0");
            let created = info.get(b"CreationDate").unwrap().as_str().unwrap();
            assert!(
                created.starts_with(b"D:20261130000000"),
                "{}",
                String::from_utf8_lossy(created)
            );
            let catalog = doc.catalog().unwrap();
            assert!(catalog.get(b"Outlines").is_ok(), "{e}");
        }
    }

    #[test]
    fn german_text_extracts_in_reading_order() {
        let r = sample(Lang::De);
        let pages = extract_text(&render(&r, Edition::Decision).unwrap());
        let first = &pages[0];
        for needle in [
            "Was zu tun ist",
            "Nächste Schritte",
            "Alpha Rechenzentrum GmbH",
            "Seite 1 von",
        ] {
            assert!(first.contains(needle), "page 1 lacks {needle}: {first}");
        }
        // Lines joined with spaces: wrapping may put a line break anywhere.
        let all = pages.join("\n").replace('\n', " ");
        for needle in ["Ä/Ö/Ü", "„Nein“", "9.000,00\u{a0}€", "Legende"] {
            assert!(all.contains(needle), "decision PDF text lacks {needle}");
        }
        // Reading order: what to do first, then the shortlist, the risks, the method.
        let pos = |s: &str| all.find(s).unwrap_or_else(|| panic!("{s} missing"));
        assert!(pos("Was zu tun ist") < pos("Die Auswahlliste"));
        assert!(pos("Die Auswahlliste") < pos("Die größten Risiken"));
        assert!(pos("Die größten Risiken") < pos("Methode"));

        let dpo = extract_text(&render(&r, Edition::Dpo).unwrap())
            .join("\n")
            .replace('\n', " ");
        for needle in [
            "Art. 28 Abs. 3 lit. h DSGVO",
            "„Der Auftragnehmer gestattet Prüfungen …“",
            "Nicht angegeben: Inspektionen vor Ort.",
        ] {
            assert!(dpo.contains(needle), "DPO annex lacks {needle}");
        }
        let proc = extract_text(&render(&r, Edition::Procurement).unwrap())
            .join("\n")
            .replace('\n', " ");
        for needle in [
            "11.000,00\u{a0}€",
            "Abgeleitet aus MLPerf-Ergebnissen",
            "1 Instanz × 41,5 h",
        ] {
            assert!(proc.contains(needle), "procurement annex lacks {needle}");
        }
        let pos = |s: &str| proc.find(s).unwrap_or_else(|| panic!("{s} missing"));
        assert!(pos("Angebote gemessen an den Anforderungen") < pos("Kostenvergleich"));
        assert!(pos("Kostenvergleich") < pos("Eingabedateien"));
    }

    #[test]
    fn english_pages_are_numbered() {
        for (e, title) in [
            (Edition::Decision, "GPU cloud decision"),
            (Edition::Dpo, "Data protection annex"),
            (Edition::Procurement, "Procurement annex"),
        ] {
            let pages = extract_text(&render(&sample(Lang::En), e).unwrap());
            let n = pages.len();
            for (i, p) in pages.iter().enumerate() {
                assert!(
                    p.contains(&format!("Page {} of {n}", i + 1)),
                    "{e} page {} footer: {p}",
                    i + 1
                );
                assert!(p.contains(title), "{e} page {} header", i + 1);
            }
        }
    }

    #[test]
    fn long_findings_table_repeats_its_header() {
        let bytes = render(&sample(Lang::En), Edition::Dpo).unwrap();
        let pages = extract_text(&bytes);
        // 30 findings do not fit one page: every page holding findings rows has the head.
        let with_rows: Vec<&String> = pages
            .iter()
            .filter(|p| p.contains("Inspektionsrechte"))
            .collect();
        assert!(
            with_rows.len() >= 2,
            "{} pages with findings",
            with_rows.len()
        );
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
