#!/bin/sh
# Regenerates the fonts in assets/fonts/ that the PDF renderer embeds: DejaVu Sans
# Regular and Bold (the text face) and the fallback faces for scripts DejaVu lacks:
# Noto Sans CJK SC (Chinese, Japanese, Korean), Noto Sans Arabic, Noto Sans Hebrew and
# Noto Emoji (monochrome). Each is cut to a stated coverage here, once; the PDF writer
# then embeds only the glyphs a report uses (src/render/pdf/embed.rs), so a report
# stays small whatever this coverage is. The choices and sizes are in docs/fonts.md.
#
# Sources (the only ones reachable here are Debian, PyPI, npm and crates.io):
#   - Debian bookworm: fonts-dejavu-core 2.37-6, fonts-noto-core 20201225-1,
#     fonts-noto-cjk 1:20220127+repack1-1 (`apt-get install` them);
#   - npm: @expo-google-fonts/noto-emoji 0.4.7 (Noto Emoji 3.006, the monochrome
#     face; Debian ships only the colour bitmap font), fetched with `npm pack`.
#   - fonttools 4.68 from PyPI (`pip install fonttools==4.68.0`): pyftsubset, and the
#     CFF-to-TrueType conversion below.
# Same sources and fonttools version, same bytes (pyftsubset keeps the head
# timestamps; SOURCE_DATE_EPOCH pins anything recomputed).
#
# After a change run `cargo test fonts` (coverage of every fixed text, the fallback
# order, the placeholder) and scripts/check-pdf.sh (glyph test on real PDFs).
set -eu
export SOURCE_DATE_EPOCH=${SOURCE_DATE_EPOCH:-1700000000}
DEJAVU=${DEJAVU_DIR:-/usr/share/fonts/truetype/dejavu}
NOTO=${NOTO_DIR:-/usr/share/fonts/truetype/noto}
NOTO_CJK=${NOTO_CJK:-/usr/share/fonts/opentype/noto/NotoSansCJK-Regular.ttc}
DST=$(cd "$(dirname "$0")/../assets/fonts" && pwd)
WORK=$(mktemp -d)
trap 'rm -rf "$WORK"' EXIT

# Options shared by every face: no hinting (PDF viewers do not need it), no
# OpenType layout tables (the renderer shapes Arabic with presentation forms and
# places every glyph by its advance), plain outlines, a visible .notdef, and the
# name records that carry the copyright and licence.
COMMON="--no-glyph-names --no-hinting --desubroutinize --notdef-outline --layout-features= --name-IDs=0,1,2,3,4,5,6,13,14 --name-languages=* --drop-tables+=vhea,vmtx,VORG,STAT,DSIG,gasp"

# --- DejaVu Sans: the text face -------------------------------------------------------
# Latin (Basic, Latin-1, Extended-A/-B/Additional, IPA, spacing modifiers, combining
# diacritics: names from every EU language and Vietnamese), Greek and Cyrillic
# (incl. supplement), Armenian, Georgian; general punctuation with the zero-width and
# direction marks, super/subscripts, currency, letterlike symbols, number forms,
# arrows, mathematical operators, miscellaneous technical, enclosed alphanumerics,
# box drawing, blocks, geometric shapes, miscellaneous symbols, dingbats; variation
# selectors; U+FFFD (the placeholder for a character no shipped font has).
DEJAVU_UNICODES="U+0020-007E,U+00A0-036F,U+0370-03FF,U+0400-052F,U+0530-058F,U+10A0-10FF,U+1E00-1FFF,U+2000-2064,U+2070-209F,U+20A0-20C0,U+2100-218F,U+2190-21FF,U+2200-22FF,U+2300-23FF,U+2460-24FF,U+2500-259F,U+25A0-25FF,U+2600-26FF,U+2700-27BF,U+27C0-27EF,U+2900-297F,U+FE00-FE0F,U+FFFD"
for face in DejaVuSans DejaVuSans-Bold; do
  # shellcheck disable=SC2086
  pyftsubset "$DEJAVU/$face.ttf" --unicodes="$DEJAVU_UNICODES" $COMMON \
    --output-file="$DST/$face.ttf"
done

# --- Noto Sans Arabic: Arabic, Persian, Urdu ------------------------------------------
# The Arabic blocks with the presentation forms (A and B): the renderer maps each
# letter to its contextual form (initial, medial, final, isolated) and the lam-alef
# ligatures by itself (src/fonts/arabic.rs), so the font's GSUB is not needed.
# shellcheck disable=SC2086
pyftsubset "$NOTO/NotoSansArabic-Regular.ttf" \
  --unicodes="U+0600-06FF,U+0750-077F,U+08A0-08FF,U+FB50-FDFF,U+FE70-FEFF,U+200C-200F" $COMMON \
  --output-file="$DST/NotoSansArabic-Regular.subset.ttf"

# --- Noto Sans Hebrew -------------------------------------------------------------------
# shellcheck disable=SC2086
pyftsubset "$NOTO/NotoSansHebrew-Regular.ttf" \
  --unicodes="U+0590-05FF,U+FB1D-FB4F,U+200C-200F" $COMMON \
  --output-file="$DST/NotoSansHebrew-Regular.subset.ttf"

# --- Noto Emoji (monochrome) ------------------------------------------------------------
# Every single-code-point emoji and symbol of the font, the skin-tone modifiers,
# regional indicators, ZWJ and the variation selectors (sequences are drawn as their
# parts: there is no GSUB); not ASCII and Latin-1 (#, *, digits, ©, ®: DejaVu has them).
EMOJI_TTF=${NOTO_EMOJI:-}
if [ -z "$EMOJI_TTF" ]; then
  (cd "$WORK" && npm pack --silent @expo-google-fonts/noto-emoji@0.4.7 >/dev/null && tar xzf expo-google-fonts-noto-emoji-0.4.7.tgz)
  EMOJI_TTF="$WORK/package/400Regular/NotoEmoji_400Regular.ttf"
fi
# shellcheck disable=SC2086
pyftsubset "$EMOJI_TTF" \
  --unicodes="U+200D,U+20E3,U+2100-2BFF,U+3030,U+303D,U+3297,U+3299,U+FE0E-FE0F,U+1F000-1FAFF,U+E0020-E007F" $COMMON \
  --output-file="$DST/NotoEmoji-Regular.subset.ttf"

# --- Noto Sans CJK SC: Chinese, Japanese, Korean ----------------------------------------
# The ideographs of the national standard character sets, which cover everyday text:
# GB 2312 (6,763 simplified), Big5 level 1 (5,401 common traditional), JIS X 0208
# levels 1 and 2 (6,355 kanji) and KS X 1001 (4,888 hanja) — 10,831 together — plus
# the 2,350 Hangul syllables of KS X 1001, all kana, Hangul compatibility jamo, CJK
# symbols and punctuation, and full- and half-width forms. The lists come from
# Python's own codecs, so no data file is needed.
python3 - "$WORK/cjk.txt" <<'EOF'
import sys
def table(enc, leads, trails):
    out = set()
    for a in leads:
        for b in trails:
            try:
                s = bytes([a, b]).decode(enc)
            except UnicodeDecodeError:
                continue
            if len(s) == 1:
                out.add(ord(s))
    return out
euc = range(0xA1, 0xFF)
chars = table("gb2312", range(0xA1, 0xF8), euc)
chars |= table("euc_jp", range(0xA1, 0xF5), euc)
chars |= table("euc_kr", range(0xA1, 0xFE), euc)
chars |= table("big5", range(0xA1, 0xC7), list(range(0x40, 0x7F)) + list(range(0xA1, 0xFF)))
for a, b in [(0x3000, 0x30FF), (0x3130, 0x318F), (0x31F0, 0x31FF), (0xFF00, 0xFFEF)]:
    chars |= set(range(a, b + 1))
# Latin, Greek, Cyrillic and symbols come from DejaVu.
chars = sorted(c for c in chars if c >= 0x2E80)
open(sys.argv[1], "w").write("\n".join("U+%04X" % c for c in chars) + "\n")
print("cjk: %d code points" % len(chars), file=sys.stderr)
EOF
# Index 2 of the collection is the SC face (all faces share the glyphs; SC's cmap
# and default forms are used). --unicodes-file reads one code point per line.
# shellcheck disable=SC2086
pyftsubset "$NOTO_CJK" --font-number=2 --unicodes-file="$WORK/cjk.txt" $COMMON \
  --output-file="$WORK/cjk-cff.otf"
# The PDF writer embeds TrueType outlines only (CIDFontType2, where the character
# codes map to glyphs through a CIDToGIDMap): convert the cubic CFF outlines to
# quadratic ones (error at most 1 unit of 1000) and drop the glyph names.
python3 - "$WORK/cjk-cff.otf" "$DST/NotoSansCJKsc-Regular.subset.ttf" <<'EOF'
import sys
from fontTools.ttLib import TTFont, newTable
from fontTools.pens.cu2quPen import Cu2QuPen
from fontTools.pens.ttGlyphPen import TTGlyphPen
font = TTFont(sys.argv[1])
order = font.getGlyphOrder()
glyphs = font.getGlyphSet()
glyf = newTable("glyf")
glyf.glyphOrder = order
glyf.glyphs = {}
for name in order:
    pen = TTGlyphPen(glyphs)
    glyphs[name].draw(Cu2QuPen(pen, 1.0, reverse_direction=True))
    glyf[name] = pen.glyph()
font["glyf"] = glyf
font["loca"] = newTable("loca")
del font["CFF "]
font.sfntVersion = "\x00\x01\x00\x00"
post = font["post"]
post.formatType = 3.0
maxp = font["maxp"]
maxp.tableVersion = 0x00010000
for a in ("maxZones", "maxTwilightPoints", "maxStorage", "maxFunctionDefs", "maxInstructionDefs",
          "maxStackElements", "maxSizeOfInstructions", "maxComponentElements"):
    setattr(maxp, a, 0)
maxp.maxZones = 1
font["head"].glyphDataFormat = 0
font.save(sys.argv[2])
EOF
ls -l "$DST"
