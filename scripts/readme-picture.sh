#!/bin/sh
# Regenerates docs/images/report-first-page.png, the README's picture of the
# first page of the English decision edition (decision.pdf) on the embedded defaults.
# Needs poppler-utils (pdftoppm). Usage: scripts/readme-picture.sh [path/to/cloudvet]
set -eu
cd "$(dirname "$0")/.."
BIN=${1:-target/release/cloudvet}
[ -x "$BIN" ] || { cargo build --release --quiet; BIN=target/release/cloudvet; }
TMP=$(mktemp -d)
trap 'rm -rf "$TMP"' EXIT
"$BIN" --lang en report --as-of 2026-11-30 --format pdf --edition decision --out "$TMP" >/dev/null
pdftoppm -png -r 72 -f 1 -l 1 -singlefile "$TMP/decision.pdf" "$TMP/page"
mkdir -p docs/images
cp "$TMP/page.png" docs/images/report-first-page.png
echo "docs/images/report-first-page.png updated"
