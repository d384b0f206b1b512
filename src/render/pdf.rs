//! PDF output: lays the `Report` out with our own layout engine (`layout.rs`)
//! and writes it with printpdf's low-level API (positioned text, lines,
//! rectangles). The only module that knows printpdf and lopdf.
//!
//! - Font: DejaVu Sans Regular and Bold, subset by scripts/subset-fonts.sh,
//!   embedded as TrueType (Unicode: ä ö ü ß € – → ≥ ✓ render and extract).
//! - Metadata: title, subject, author (the tool), creator, producer, creation
//!   and modification date = the evaluation date (midnight UTC), keywords.
//! - Determinism: printpdf gives every resource a random ID and writes a random
//!   trailer /ID. We name the fonts ourselves (F1, F2), write the outline
//!   (bookmarks, two levels, in reading order) ourselves, and replace the
//!   trailer /ID with the report's document ID (derived from the inputs), so
//!   the same report gives the same bytes, in one process or many.

use printpdf::{
    FontId, Mm, Op, ParsedFont, PdfDocument, PdfFontHandle, PdfPage, PdfSaveOptions, Pt, TextItem,
    TextRenderingMode,
};

use super::{Edition, RenderError};
use crate::i18n;
use crate::report::{BarChart, Outcome, Report, ValueMap};

mod content;
mod editions;
pub mod layout;

use layout::{
    Align, Column, Document, FontMetrics, Fonts, Item, Layout, Rgb, Style, ACCENT, ACCENT_LIGHT,
    AMBER, BLACK, GREEN, GREY, LIGHT, RED, RULE,
};

/// DejaVu Sans, subset (see assets/fonts/LICENSE and scripts/subset-fonts.sh).
pub const FONT_REGULAR: &[u8] = include_bytes!("../../assets/fonts/DejaVuSans.ttf");
pub const FONT_BOLD: &[u8] = include_bytes!("../../assets/fonts/DejaVuSans-Bold.ttf");

const FONT_ID_REGULAR: &str = "F1";
const FONT_ID_BOLD: &str = "F2";

fn parse_font(bytes: &[u8], which: &str) -> Result<ParsedFont, RenderError> {
    let mut warnings = Vec::new();
    ParsedFont::from_bytes(bytes, 0, &mut warnings)
        .ok_or_else(|| RenderError::Pdf(format!("the embedded {which} font cannot be parsed")))
}

fn metrics(font: &ParsedFont) -> FontMetrics {
    let mut advances = std::collections::HashMap::new();
    for (cp, gid) in &font.codepoint_to_glyph {
        if let (Some(c), Some(w)) = (char::from_u32(*cp), font.glyph_widths.get(gid)) {
            // Glyph 0 is .notdef: a character mapped there is not in the font.
            if *gid != 0 {
                advances.insert(c, f32::from(*w));
            }
        }
    }
    FontMetrics::new(
        f32::from(font.units_per_em.max(1)),
        advances,
        f32::from(font.font_metrics.ascent),
    )
}

/// The metrics of the embedded fonts (for the layout and for coverage tests).
pub fn embedded_fonts() -> Result<Fonts, RenderError> {
    Ok(Fonts {
        regular: metrics(&parse_font(FONT_REGULAR, "regular")?),
        bold: metrics(&parse_font(FONT_BOLD, "bold")?),
    })
}

/// Characters the report uses that the font lacks (printpdf would drop them silently),
/// over every edition.
pub fn missing_glyphs(report: &Report) -> Result<Vec<char>, RenderError> {
    let fonts = embedded_fonts()?;
    let docs: Vec<Document> = Edition::ALL
        .iter()
        .map(|e| lay_out(report, *e, &fonts))
        .collect();
    let mut missing = std::collections::BTreeSet::new();
    for item in docs
        .iter()
        .flat_map(|d| d.pages.iter())
        .flat_map(|p| p.items.iter())
    {
        if let Item::Text { text, face, .. } = item {
            for c in text.chars() {
                if !fonts.face(*face).covers(c) {
                    missing.insert(c);
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
/// another document such as the DPA review (`cloudvet::dpa::report::pdf`).
pub fn write_document(
    meta: &PdfMeta,
    lay_out: impl FnOnce(&Fonts) -> Document,
) -> Result<Vec<u8>, RenderError> {
    let mut regular = parse_font(FONT_REGULAR, "regular")?;
    let mut bold = parse_font(FONT_BOLD, "bold")?;
    regular.font_name = Some("DejaVuSans".into());
    bold.font_name = Some("DejaVuSans-Bold".into());
    let fonts = Fonts {
        regular: metrics(&regular),
        bold: metrics(&bold),
    };
    let doc = lay_out(&fonts);
    write_pdf(meta, &doc, regular, bold)
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

/// Horizontal bars with whiskers from low to high, ticks and labels.
fn bar_chart(p: &mut Layout<'_>, chart: &BarChart) {
    let label_w = 150.0;
    let bar_h = 10.0;
    let gap = 6.0;
    let h = chart.bars.len() as f32 * (bar_h + gap) + 24.0;
    let top = p.block(h);
    let x0 = p.left() + label_w;
    let w = p.content_width() - label_w - 50.0;
    let small = Style::SMALL;
    // Grid and ticks.
    let axis_y = top + chart.bars.len() as f32 * (bar_h + gap) + 2.0;
    for t in &chart.ticks {
        let x = x0 + w * t.at as f32;
        p.line(x, top, x, axis_y, 0.3, RULE);
        let tw = p.measure(small, &t.label);
        p.text_at(x - tw / 2.0, axis_y + 10.0, small, &t.label);
    }
    p.line(x0, axis_y, x0 + w, axis_y, 0.6, GREY);
    for (i, b) in chart.bars.iter().enumerate() {
        let y = top + i as f32 * (bar_h + gap);
        let label = fit(p, Style::TABLE, &b.label, label_w - 6.0);
        p.text_at(p.left(), y + bar_h - 2.0, Style::TABLE, &label);
        let fill = if b.highlight { ACCENT } else { ACCENT_LIGHT };
        let bw = (w * b.mid as f32).max(0.5);
        let (xl, xh, ym) = (
            x0 + w * b.low as f32,
            x0 + w * b.high as f32,
            y + bar_h / 2.0,
        );
        if b.comparable {
            // No complete total: the comparable total (which leaves items out, so
            // the complete total lies above it) as an open bar with an arrow, no whisker.
            p.line(x0, y, x0 + bw, y, 0.8, fill);
            p.line(x0, y + bar_h, x0 + bw, y + bar_h, 0.8, fill);
            p.line(x0 + bw, y, x0 + bw, y + bar_h, 0.8, fill);
            p.line(x0 + bw, ym, x0 + bw + 8.0, ym, 0.8, fill);
            p.line(x0 + bw + 5.0, ym - 3.0, x0 + bw + 8.0, ym, 0.8, fill);
            p.line(x0 + bw + 5.0, ym + 3.0, x0 + bw + 8.0, ym, 0.8, fill);
        } else {
            p.rect(x0, y, bw, bar_h, fill);
            // Whisker: low–high with end caps.
            p.line(xl, ym, xh, ym, 0.8, BLACK);
            p.line(xl, y + 2.0, xl, y + bar_h - 2.0, 0.8, BLACK);
            p.line(xh, y + 2.0, xh, y + bar_h - 2.0, 0.8, BLACK);
        }
        let text_x = if b.comparable {
            x0 + bw + 12.0
        } else {
            xh.max(x0 + bw) + 4.0
        };
        p.text_at(text_x, y + bar_h - 2.0, small, &b.text);
    }
    p.space(6.0);
}

/// Shortens `text` with "…" to fit `width`.
fn fit(p: &Layout<'_>, style: Style, text: &str, width: f32) -> String {
    if p.measure(style, text) <= width {
        return text.to_string();
    }
    let mut s: String = text.to_string();
    while !s.is_empty() && p.measure(style, &format!("{s}…")) > width {
        s.pop();
    }
    format!("{s}…")
}

/// Score (y) against cost (x), Pareto-front points filled and labelled.
/// `comparable`: the word that marks a point whose cost is a comparable total.
fn value_map(p: &mut Layout<'_>, map: &ValueMap, comparable: &str) {
    let h = 220.0;
    let top = p.block(h + 30.0);
    let x0 = p.left() + 30.0;
    let w = p.content_width() - 60.0;
    let small = Style::SMALL;
    let bottom = top + h;
    p.rect(x0, top, w, h, Rgb(0.985, 0.987, 0.99));
    for t in &map.y_ticks {
        let y = bottom - h * t.at as f32;
        p.line(x0, y, x0 + w, y, 0.3, RULE);
        let tw = p.measure(small, &t.label);
        p.text_at(x0 - tw - 4.0, y + 3.0, small, &t.label);
    }
    for t in &map.x_ticks {
        let x = x0 + w * t.at as f32;
        p.line(x, top, x, bottom, 0.3, RULE);
        let tw = p.measure(small, &t.label);
        p.text_at(x - tw / 2.0, bottom + 11.0, small, &t.label);
    }
    p.line(x0, bottom, x0 + w, bottom, 0.6, GREY);
    p.line(x0, top, x0, bottom, 0.6, GREY);
    for pt in &map.points {
        let x = x0 + w * pt.x as f32;
        let y = bottom - h * pt.y as f32;
        let r = 3.5;
        if pt.pareto {
            p.rect(x - r, y - r, 2.0 * r, 2.0 * r, ACCENT);
        } else {
            p.rect(x - r, y - r, 2.0 * r, 2.0 * r, LIGHT);
            p.line(x - r, y - r, x + r, y - r, 0.5, GREY);
            p.line(x - r, y + r, x + r, y + r, 0.5, GREY);
            p.line(x - r, y - r, x - r, y + r, 0.5, GREY);
            p.line(x + r, y - r, x + r, y + r, 0.5, GREY);
        }
        let style = if pt.pareto { Style::TABLE_HEAD } else { small };
        let label = if pt.comparable {
            format!("{} ({comparable})", pt.label)
        } else {
            pt.label.clone()
        };
        let lw = p.measure(style, &label);
        let lx = if x + r + 3.0 + lw > x0 + w {
            x - r - 3.0 - lw
        } else {
            x + r + 3.0
        };
        p.text_at(lx, y + 3.0, style, &label);
    }
}

// ---------------------------------------------------------------------------
// Layout → PDF

/// Every character each face uses, shown once in invisible text (rendering mode 3), so that
/// printpdf embeds exactly the glyphs the content streams refer to.
fn glyph_sample(used: &content::UsedChars) -> Vec<Op> {
    let mut ops = vec![
        Op::StartTextSection,
        Op::SetTextRenderingMode {
            mode: TextRenderingMode::Invisible,
        },
    ];
    for (chars, id) in used.sets().iter().zip([FONT_ID_REGULAR, FONT_ID_BOLD]) {
        if chars.is_empty() {
            continue;
        }
        ops.push(Op::SetFont {
            font: PdfFontHandle::External(FontId(id.to_string())),
            size: Pt(1.0),
        });
        ops.push(Op::ShowText {
            items: vec![TextItem::Text(chars.iter().collect())],
        });
    }
    ops.push(Op::EndTextSection);
    ops
}

fn write_pdf(
    meta: &PdfMeta,
    doc: &Document,
    regular: ParsedFont,
    bold: ParsedFont,
) -> Result<Vec<u8>, RenderError> {
    // The page contents are written by `content` (printpdf's per-glyph operator translation
    // was two thirds of the PDF's time). printpdf still builds the document: fonts (widths and
    // ToUnicode for the glyphs used), resources, pages, metadata. It learns which glyphs are
    // used from one invisible sample per face on the first page, whose content is then
    // replaced like every other page's.
    let regular_map = content::GlyphMap::new(&regular.codepoint_to_glyph);
    let bold_map = content::GlyphMap::new(&bold.codepoint_to_glyph);
    let regular_name =
        PdfFontHandle::External(FontId(FONT_ID_REGULAR.to_string())).get_resource_name();
    let bold_name = PdfFontHandle::External(FontId(FONT_ID_BOLD.to_string())).get_resource_name();
    let faces = content::Faces {
        regular: &regular_map,
        bold: &bold_map,
        regular_name: &regular_name,
        bold_name: &bold_name,
    };
    let mut used = content::UsedChars::default();
    let contents: Vec<Vec<u8>> = doc
        .pages
        .iter()
        .map(|p| content::encode(p, &faces, &mut used))
        .collect();

    let mut pdf = PdfDocument::new(&meta.title);
    pdf.resources.fonts.map.insert(
        FontId(FONT_ID_REGULAR.to_string()),
        printpdf::PdfFont::new(regular),
    );
    pdf.resources.fonts.map.insert(
        FontId(FONT_ID_BOLD.to_string()),
        printpdf::PdfFont::new(bold),
    );

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
        .map(|i| {
            let ops = if i == 0 {
                glyph_sample(&used)
            } else {
                Vec::new()
            };
            PdfPage::new(Mm(210.0), Mm(297.0), ops)
        })
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
            .map(|chunk| scope.spawn(move || chunk.iter_mut().try_for_each(|s| deflate(s))))
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

fn deflate(stream: &mut lopdf::Stream) -> Result<(), String> {
    use std::io::Write;
    let mut enc = flate2::write::ZlibEncoder::new(
        Vec::with_capacity(stream.content.len() / 3),
        flate2::Compression::fast(),
    );
    let packed = enc
        .write_all(&stream.content)
        .and_then(|()| enc.finish())
        .map_err(|e| e.to_string())?;
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
    fn widths_come_from_the_font() {
        let fonts = embedded_fonts().unwrap();
        let w_i = fonts.regular.width("i", 10.0);
        let w_m = fonts.regular.width("M", 10.0);
        assert!(w_i > 1.0 && w_m > 2.0 * w_i, "i={w_i} M={w_m}");
        assert!(fonts.bold.width("Müller", 10.0) > fonts.regular.width("Müller", 10.0));
    }
}
