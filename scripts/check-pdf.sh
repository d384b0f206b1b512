#!/bin/sh
# Checks the report's PDF editions with system tools (run by .ci/run after its apt
# installs; not part of `cargo test`, which needs nothing but the Rust toolchain).
# For each language and each edition (decision.pdf, annex-dpo.pdf,
# annex-procurement.pdf):
#   - qpdf --check: the file is structurally valid;
#   - pdfinfo: title (the edition's), author (the tool), creation date = evaluation
#     date, A4; the decision edition has at most 6 pages (issue 14);
#   - pdffonts: DejaVu Sans embedded, with a Unicode map;
#   - pdftotext: German and English text comes back in reading order (the
#     edition's headings in order), with umlauts, ß, € and page numbers; the
#     decision edition shows its legend.
# Needs: poppler-utils, qpdf. Usage: scripts/check-pdf.sh [path/to/cloudvet]
set -eu
cd "$(dirname "$0")/.."
BIN=${1:-${CLOUDVET_BIN:-target/debug/cloudvet}}
if [ ! -x "$BIN" ]; then cargo build --quiet; BIN=target/debug/cloudvet; fi
TMP=$(mktemp -d)
trap 'rm -rf "$TMP"' EXIT
fail() { echo "check-pdf: $*" >&2; exit 1; }
MAX_DECISION_PAGES=6

# Line number of the first line equal to a heading.
line_of() { grep -n -m1 -x -F "$1" "$2" | cut -d: -f1; }

# check_order FILE HEADING...: every heading is a line of its own, in this order.
check_order() {
  txt=$1; shift
  prev=0
  for h in "$@"; do
    n=$(line_of "$h" "$txt")
    [ -n "$n" ] || fail "$txt: heading '$h' not found as a line of its own"
    [ "$n" -gt "$prev" ] || fail "$txt: heading '$h' (line $n) out of reading order"
    prev=$n
  done
}

for lang in de en; do
  out="$TMP/$lang"
  "$BIN" --lang "$lang" report --as-of 2026-11-30 --format pdf,json --out "$out" >/dev/null
  id=$(sed -n 's/.*"document_id": "\([0-9a-f]*\)".*/\1/p' "$out/report.json" | head -1)
  for edition in decision annex-dpo annex-procurement; do
    pdf="$out/$edition.pdf"
    txt="$out/$edition.txt"
    qpdf --check "$pdf" >/dev/null || fail "$lang $edition: qpdf --check failed"
    info=$(pdfinfo "$pdf")
    echo "$info" | grep -q '^Author: *cloudvet ' || fail "$lang $edition: author is not the tool"
    echo "$info" | grep -q '^CreationDate: *Mon Nov 30 00:00:00 2026' || fail "$lang $edition: creation date is not the evaluation date"
    echo "$info" | grep -q '^Page size: *595.276 x 841.89 pts (A4)' || fail "$lang $edition: not A4"
    pages=$(echo "$info" | sed -n 's/^Pages: *//p')
    pdffonts "$pdf" | grep -q 'DejaVuSans .*yes .*yes' || fail "$lang $edition: DejaVu Sans not embedded with a Unicode map"
    pdftotext "$pdf" "$txt"
    case "$lang.$edition" in
      de.decision) title="Entscheidungsvorlage GPU-Cloud"
        set -- "Was zu tun ist" "Nächste Schritte" "Die entscheidenden Fragen" "Die Auswahlliste" \
          "Kosten der Optionen" "Die größten Risiken" "Worauf das Ergebnis beruht" "Methode" "Legende" ;;
      en.decision) title="GPU cloud decision"
        set -- "What to do" "Next steps" "The questions that decide" "The shortlist" \
          "Cost of the options" "Top risks" "What the result rests on" "Method" "Legend" ;;
      de.annex-dpo) title="Anhang Datenschutz"
        set -- "Übersicht" "Prüfstatus der Auftragsverarbeitungsverträge" "Befunde" "Zitierte Rechtstexte" "Legende" ;;
      en.annex-dpo) title="Data protection annex"
        set -- "Overview" "DPA review status" "Findings" "Legal texts cited" "Legend" ;;
      de.annex-procurement) title="Anhang Beschaffung"
        set -- "Angebote gemessen an den Anforderungen" "Kostenvergleich" "Empfehlungen" \
          "Quellen der Preise und Benchmarks" "Methode und Quellen" "Herkunft" ;;
      en.annex-procurement) title="Procurement annex"
        set -- "Offers against the requirements" "Cost comparison" "Recommendations" \
          "Sources of prices and benchmarks" "Method and sources" "Provenance" ;;
    esac
    echo "$info" | grep -q "^Title: *$title\$" || fail "$lang $edition: title is not '$title'"
    if [ "$lang" = de ]; then footer="Seite 1 von $pages"; else footer="Page 1 of $pages"; fi
    grep -q -F "$title" "$txt" || fail "$lang $edition: title missing from the text"
    grep -q -F "$footer" "$txt" || fail "$lang $edition: footer '$footer' missing"
    grep -q -F "$id" "$txt" || fail "$lang $edition: document ID missing from the text"
    check_order "$txt" "$@"
    echo "check-pdf: $lang $edition ok ($pages pages)"
  done
  dpages=$(pdfinfo "$out/decision.pdf" | sed -n 's/^Pages: *//p')
  [ "$dpages" -le "$MAX_DECISION_PAGES" ] || fail "$lang: the decision edition has $dpages pages (at most $MAX_DECISION_PAGES)"
  if [ "$lang" = de ]; then
    cat "$out"/*.txt | grep -q 'ä\|ö\|ü' || fail "de: no umlauts in the extracted text"
    cat "$out"/*.txt | grep -q 'ß' || fail "de: no ß in the extracted text"
  fi
  if grep -q '"cost": {' "$out/report.json"; then
    grep -q '€' "$out/decision.txt" || fail "$lang: no € in a decision edition with costs"
    grep -q '€' "$out/annex-procurement.txt" || fail "$lang: no € in a procurement annex with costs"
  fi
done
