#!/bin/sh
# Checks the PDF report with system tools (run by .ci/run after its apt installs;
# not part of `cargo test`, which needs nothing but the Rust toolchain).
#   - qpdf --check: the file is structurally valid;
#   - pdfinfo: title, author (the tool), creation date = evaluation date, A4;
#   - pdffonts: DejaVu Sans embedded, with a Unicode map;
#   - pdftotext: German and English text comes back in reading order (chapter
#     headings in the order of the report), with umlauts, ß, € and page numbers.
# Needs: poppler-utils, qpdf. Usage: scripts/check-pdf.sh [path/to/cloudvet]
set -eu
cd "$(dirname "$0")/.."
BIN=${1:-${CLOUDVET_BIN:-target/debug/cloudvet}}
if [ ! -x "$BIN" ]; then cargo build --quiet; BIN=target/debug/cloudvet; fi
TMP=$(mktemp -d)
trap 'rm -rf "$TMP"' EXIT
fail() { echo "check-pdf: $*" >&2; exit 1; }

# Line number of the first line equal to (or starting with) a heading.
line_of() { grep -n -m1 -x -F "$1" "$2" | cut -d: -f1; }

for lang in de en; do
  out="$TMP/$lang"
  "$BIN" --lang "$lang" report --as-of 2026-11-30 --format pdf,json --out "$out" >/dev/null
  pdf="$out/report.pdf"
  qpdf --check "$pdf" >/dev/null || fail "$lang: qpdf --check failed"
  info=$(pdfinfo "$pdf")
  echo "$info" | grep -q '^Author: *cloudvet ' || fail "$lang: author is not the tool"
  echo "$info" | grep -q '^CreationDate: *Mon Nov 30 00:00:00 2026' || fail "$lang: creation date is not the evaluation date"
  echo "$info" | grep -q '^Page size: *595.276 x 841.89 pts (A4)' || fail "$lang: not A4"
  pages=$(echo "$info" | sed -n 's/^Pages: *//p')
  pdffonts "$pdf" | grep -q 'DejaVuSans .*yes .*yes' || fail "$lang: DejaVu Sans not embedded with a Unicode map"

  pdftotext "$pdf" "$out/report.txt"
  txt="$out/report.txt"
  if [ "$lang" = de ]; then
    title="Entscheidungsbericht GPU-Cloud"
    set -- "Zusammenfassung" "Auswahlliste" "Anbieter im Einzelnen" "Kostenvergleich" "Empfehlungen" \
      "Prüfstatus der Auftragsverarbeitungsverträge" "Methode und Quellen" "Herkunft"
    footer="Seite 1 von $pages"
    grep -q 'ä\|ö\|ü' "$txt" || fail "de: no umlauts in the extracted text"
    grep -q 'ß' "$txt" || fail "de: no ß in the extracted text"
  else
    title="GPU cloud decision report"
    set -- "Summary" "Shortlist" "Providers in detail" "Cost comparison" "Recommendations" \
      "DPA review status" "Method and sources" "Provenance"
    footer="Page 1 of $pages"
  fi
  grep -q -F "$title" "$txt" || fail "$lang: title missing"
  grep -q -F "$footer" "$txt" || fail "$lang: footer '$footer' missing"
  grep -q -F "$(sed -n 's/.*"document_id": "\([0-9a-f]*\)".*/\1/p' "$out/report.json" | head -1)" "$txt" \
    || fail "$lang: document ID missing from the text"
  if grep -q '"cost": {' "$out/report.json"; then
    grep -q '€' "$txt" || fail "$lang: no € in a report with costs"
  fi
  prev=0
  for h in "$@"; do
    n=$(line_of "$h" "$txt")
    [ -n "$n" ] || fail "$lang: heading '$h' not found as a line of its own"
    [ "$n" -gt "$prev" ] || fail "$lang: heading '$h' (line $n) out of reading order"
    prev=$n
  done
  echo "check-pdf: $lang ok ($pages pages)"
done
