#!/bin/sh
# Regenerates assets/fonts/*.ttf: DejaVu Sans Regular and Bold, subset to the
# characters a cloudvet report can contain (Latin-1, Latin Extended-A and the
# punctuation and symbols listed below). The PDF renderer embeds these files
# whole, so subsetting here keeps a report around 100 KB instead of ~800 KB.
#
# Needs: the Debian package fonts-dejavu-core (or DEJAVU_DIR pointing at the
# DejaVu TTFs) and fonttools (`pip install fonttools`, gives pyftsubset).
# After changing the list, run `cargo test font_covers` – the test
# `render::pdf::layout` checks every character the report's fixed texts and
# formatting can produce against the font.
set -eu
SRC=${DEJAVU_DIR:-/usr/share/fonts/truetype/dejavu}
DST=$(dirname "$0")/../assets/fonts
# Basic Latin, Latin-1 Supplement, Latin Extended-A; general punctuation
# (– — ‘ ’ ‚ “ ” „ • … ‰ ‹ ›, thin and narrow no-break spaces); € ; arrows
# ← ↑ → ↓; − ≈ ≠ ≤ ≥; ■ □ ● ○; ✓ ✗.
UNICODES="U+0020-007E,U+00A0-00FF,U+0100-017F,U+2009,U+200A,U+2010-2027,U+202F,U+2030,U+2039,U+203A,U+20AC,U+2190-2193,U+2212,U+2248,U+2260,U+2264,U+2265,U+25A0,U+25A1,U+25CF,U+25CB,U+2713,U+2717"
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
