#!/bin/sh
# Regenerates assets/fonts/*.ttf: DejaVu Sans Regular and Bold, subset to the
# characters a cloudvet report can contain. The PDF renderer embeds these files
# whole, so subsetting here keeps a report small (~65 KB per face instead of
# ~700 KB).
#
# Needs: the Debian package fonts-dejavu-core (or DEJAVU_DIR pointing at the
# DejaVu TTFs) and fonttools (`pip install fonttools`, gives pyftsubset).
# After changing the list run `cargo test font`: one test checks every fixed
# text and number format, another every character of the real report in both
# languages, against the font (printpdf silently drops missing glyphs).
set -eu
SRC=${DEJAVU_DIR:-/usr/share/fonts/truetype/dejavu}
DST=$(dirname "$0")/../assets/fonts
# Basic Latin, Latin-1 Supplement, Latin Extended-A and -B (names from all EU
# languages); general punctuation (– — ‘ ’ ‚ “ ” „ • … ‰ ‹ ›, thin and narrow
# no-break spaces); currency signs (€); letterlike symbols (™ №); arrows
# (→ ⇒); the mathematical operators rule reasons use (∀ ∃ ∅ ∈ ∉ ∋ ∑ − √ ∞ ∧ ∨
# ∩ ∪ ≈ ≠ ≤ ≥ ⊂ ⊆); a few geometric shapes (■ □ ▲ ▶ ▼ ◆ ○ ●); check marks and
# crosses (✓ ✔ ✗ ✘).
UNICODES="U+0020-007E,U+00A0-024F,U+2000-206F,U+20A0-20C0,U+2100-2122,U+2190-2199,U+21D0-21D4,U+2200-2209,U+220B,U+220C,U+2211-221E,U+2227-222B,U+2248,U+2260-2265,U+2282-2287,U+25A0,U+25A1,U+25B2,U+25B3,U+25B6,U+25BC,U+25C6,U+25C7,U+25CB,U+25CF,U+2713-2718"
for face in DejaVuSans DejaVuSans-Bold; do
  pyftsubset "$SRC/$face.ttf" \
    --unicodes="$UNICODES" \
    --layout-features='' \
    --no-hinting \
    --desubroutinize \
    --name-IDs='*' \
    --notdef-outline \
    --output-file="$DST/$face.ttf"
done
ls -l "$DST"
