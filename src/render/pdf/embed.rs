//! Embeds the fonts a document uses, each cut down to the glyphs it draws.
//!
//! Every font is a Type 0 font with Identity-H encoding over a CIDFontType2 (TrueType
//! outlines): the content streams (`content.rs`) show 2-byte codes that `content::Used`
//! numbered per font; here each code gets its glyph (through a `/CIDToGIDMap` into the
//! subset font program), its width (`/W`, exactly the advance the layout measured) and
//! its text (`/ToUnicode`: the characters it stands for, so copying and `pdftotext` give
//! back the original text — a placeholder gives back the missing character, an Arabic
//! contextual form its letter). The font program is subset with allsorts (the font
//! library printpdf is built on): only the glyphs used, plus .notdef. Same document,
//! same bytes: the subset tag is derived from the glyphs used.

use std::collections::BTreeSet;
use std::fmt::Write as _;

use lopdf::{Dictionary, Object, Stream};
use sha2::{Digest, Sha256};

use super::content::{resource_name, Code, Used};
use super::RenderError;
use crate::fonts::{Font, Fonts};

/// Adds every font `used` refers to and lists it in the font resources of every page.
pub fn add_fonts(lo: &mut lopdf::Document, fonts: &Fonts, used: &Used) -> Result<(), RenderError> {
    let mut entries = Vec::new();
    for (index, codes) in used.fonts() {
        let font = fonts
            .font(index)
            .ok_or_else(|| RenderError::Pdf(format!("font {index} is not available")))?;
        let id = add_font(lo, font, codes)?;
        entries.push((resource_name(index), id));
    }
    let mut dict = Dictionary::new();
    for (name, id) in entries {
        dict.set(name, Object::Reference(id));
    }
    let dict_id = lo.add_object(Object::Dictionary(dict));
    let pages: Vec<lopdf::ObjectId> = lo.get_pages().values().copied().collect();
    for page in pages {
        let resources = lo
            .get_dictionary(page)
            .and_then(|d| d.get(b"Resources"))
            .and_then(Object::as_reference)
            .map_err(|e| RenderError::Pdf(format!("page without resources: {e}")))?;
        lo.get_dictionary_mut(resources)
            .map_err(|e| RenderError::Pdf(format!("page resources: {e}")))?
            .set("Font", Object::Reference(dict_id));
    }
    Ok(())
}

/// Font units → PDF glyph space (1/1000 em).
fn thousandths(font: &Font, v: f32) -> i64 {
    (v * 1000.0 / font.units_per_em).round() as i64
}

fn add_font(
    lo: &mut lopdf::Document,
    font: &Font,
    codes: &[Code],
) -> Result<lopdf::ObjectId, RenderError> {
    // The glyphs to keep: .notdef first (allsorts requires it), then ascending.
    let gids: BTreeSet<u16> = codes.iter().map(|c| c.gid).filter(|g| *g != 0).collect();
    let ids: Vec<u16> = std::iter::once(0).chain(gids.iter().copied()).collect();
    let program = subset(font, &ids)?;
    // allsorts numbers the kept glyphs by their position in `ids`.
    let new_gid = |g: u16| -> u16 {
        ids.binary_search(&g)
            .ok()
            .and_then(|i| u16::try_from(i).ok())
            .unwrap_or(0)
    };

    // Subset tag: six capitals from the font name and the glyphs kept.
    let mut h = Sha256::new();
    h.update(font.name.as_bytes());
    for g in &ids {
        h.update(g.to_be_bytes());
    }
    let digest = h.finalize();
    let tag: String = digest
        .iter()
        .take(6)
        .map(|b| char::from(b'A' + b % 26))
        .collect();
    let base_font = format!("{tag}+{}", font.name);

    // CIDToGIDMap: two bytes per code, code 0 → glyph 0.
    let mut map = vec![0u8, 0];
    for c in codes {
        map.extend_from_slice(&new_gid(c.gid).to_be_bytes());
    }
    let map_id = lo.add_object(Stream::new(Dictionary::new(), map));

    // Widths: codes 1..n in one run.
    let widths: Vec<Object> = codes
        .iter()
        .map(|c| Object::Integer(thousandths(font, c.advance)))
        .collect();
    let w = vec![Object::Integer(1), Object::Array(widths)];

    let file_len = i64::try_from(program.len()).unwrap_or(i64::MAX);
    let mut file_dict = Dictionary::new();
    file_dict.set("Length1", Object::Integer(file_len));
    let file_id = lo.add_object(Stream::new(file_dict, program));

    let [x0, y0, x1, y1] = font.bbox;
    let mut descriptor = Dictionary::new();
    descriptor.set("Type", Object::Name(b"FontDescriptor".to_vec()));
    descriptor.set("FontName", Object::Name(base_font.clone().into_bytes()));
    // Symbolic: the glyphs are reached by code, not by a standard encoding.
    descriptor.set("Flags", Object::Integer(4));
    descriptor.set(
        "FontBBox",
        Object::Array(
            [x0, y0, x1, y1]
                .iter()
                .map(|v| Object::Integer(thousandths(font, *v)))
                .collect(),
        ),
    );
    descriptor.set("ItalicAngle", Object::Integer(0));
    descriptor.set("Ascent", Object::Integer(thousandths(font, font.ascent)));
    descriptor.set("Descent", Object::Integer(thousandths(font, font.descent)));
    descriptor.set("CapHeight", Object::Integer(thousandths(font, font.ascent)));
    descriptor.set("StemV", Object::Integer(80));
    descriptor.set("FontFile2", Object::Reference(file_id));
    let descriptor_id = lo.add_object(Object::Dictionary(descriptor));

    let mut system = Dictionary::new();
    system.set("Registry", Object::string_literal("Adobe"));
    system.set("Ordering", Object::string_literal("Identity"));
    system.set("Supplement", Object::Integer(0));
    let mut cid_font = Dictionary::new();
    cid_font.set("Type", Object::Name(b"Font".to_vec()));
    cid_font.set("Subtype", Object::Name(b"CIDFontType2".to_vec()));
    cid_font.set("BaseFont", Object::Name(base_font.clone().into_bytes()));
    cid_font.set("CIDSystemInfo", Object::Dictionary(system));
    cid_font.set("FontDescriptor", Object::Reference(descriptor_id));
    cid_font.set("DW", Object::Integer(0));
    cid_font.set("W", Object::Array(w));
    cid_font.set("CIDToGIDMap", Object::Reference(map_id));
    let cid_font_id = lo.add_object(Object::Dictionary(cid_font));

    let to_unicode_id = lo.add_object(Stream::new(
        Dictionary::new(),
        to_unicode(codes).into_bytes(),
    ));

    let mut type0 = Dictionary::new();
    type0.set("Type", Object::Name(b"Font".to_vec()));
    type0.set("Subtype", Object::Name(b"Type0".to_vec()));
    type0.set("BaseFont", Object::Name(base_font.into_bytes()));
    type0.set("Encoding", Object::Name(b"Identity-H".to_vec()));
    type0.set(
        "DescendantFonts",
        Object::Array(vec![Object::Reference(cid_font_id)]),
    );
    type0.set("ToUnicode", Object::Reference(to_unicode_id));
    Ok(lo.add_object(Object::Dictionary(type0)))
}

/// The font program with only `ids` (ascending, .notdef first), renumbered 0, 1, 2…
fn subset(font: &Font, ids: &[u16]) -> Result<Vec<u8>, RenderError> {
    use allsorts::binary::read::ReadScope;
    use allsorts::font_data::FontData;
    use allsorts::subset::{CmapTarget, SubsetProfile};
    let bad = |e: String| RenderError::Pdf(format!("subsetting the font {}: {e}", font.name));
    let file = ReadScope::new(font.program)
        .read::<FontData<'_>>()
        .map_err(|e| bad(e.to_string()))?;
    let provider = file.table_provider(0).map_err(|e| bad(e.to_string()))?;
    allsorts::subset::subset(
        &provider,
        ids,
        &SubsetProfile::Pdf,
        CmapTarget::Unrestricted,
    )
    .map_err(|e| bad(format!("{e:?}")))
}

/// The ToUnicode CMap: code → the characters it stands for (UTF-16BE).
fn to_unicode(codes: &[Code]) -> String {
    let mut s = String::from(
        "/CIDInit /ProcSet findresource begin\n12 dict begin\nbegincmap\n\
         /CIDSystemInfo << /Registry (Adobe) /Ordering (UCS) /Supplement 0 >> def\n\
         /CMapName /Adobe-Identity-UCS def\n/CMapType 2 def\n\
         1 begincodespacerange\n<0000> <FFFF>\nendcodespacerange\n",
    );
    let entries: Vec<(usize, String)> = codes
        .iter()
        .enumerate()
        .map(|(i, c)| {
            let mut hex = String::new();
            for ch in c.text.iter().filter(|ch| **ch != '\0') {
                let mut buf = [0u16; 2];
                for u in ch.encode_utf16(&mut buf) {
                    let _ = write!(hex, "{u:04X}");
                }
            }
            (i + 1, hex)
        })
        .filter(|(_, hex)| !hex.is_empty())
        .collect();
    // At most 100 entries per block (the CMap syntax's limit).
    for block in entries.chunks(100) {
        let _ = writeln!(s, "{} beginbfchar", block.len());
        for (code, hex) in block {
            let _ = writeln!(s, "<{code:04X}> <{hex}>");
        }
        s.push_str("endbfchar\n");
    }
    s.push_str("endcmap\nCMapName currentdict /CMap defineresource pop\nend\nend\n");
    s
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn to_unicode_maps_each_code_to_its_characters() {
        let codes = [
            Code {
                gid: 5,
                advance: 600.0,
                text: ['A', '\0'],
            },
            // A ligature (lam-alef) stands for two letters; an emoji outside the BMP is a
            // surrogate pair.
            Code {
                gid: 9,
                advance: 500.0,
                text: ['ل', 'ا'],
            },
            Code {
                gid: 7,
                advance: 1000.0,
                text: ['🚀', '\0'],
            },
        ];
        let cmap = to_unicode(&codes);
        assert!(
            cmap.contains("3 beginbfchar\n<0001> <0041>\n<0002> <06440627>\n<0003> <D83DDE80>\n")
        );
    }
}
