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

# Line number of the first line after line $3 equal to a heading (a chapter's name may
# also be a sub-heading inside an earlier chapter, e.g. a provider's "Recommendations").
line_of() { awk -v h="$1" -v p="$3" 'NR > p && $0 == h { print NR; exit }' "$2"; }

# check_order FILE HEADING...: every heading is a line of its own, in this order.
check_order() {
  txt=$1; shift
  prev=0
  for h in "$@"; do
    n=$(line_of "$h" "$txt" "$prev")
    [ -n "$n" ] || fail "$txt: heading '$h' not found as a line of its own after line $prev (out of reading order or missing)"
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

# --- Layout and glyph test (issue 14 point 4, issue 17 point 7) -------------------------
# On every PDF of the English and German reports, and of a report on a catalogue whose
# vendor names are long, Chinese, Japanese, Korean, Arabic, Hebrew, Thai and emoji
# (generated here from the shipped profiles): `pdftotext -bbox-layout` gives every word's
# box; no two boxes may overlap (more than half of the smaller one's height, and more than
# half a point across: fonts with tall ascenders make neighbouring lines' boxes touch), no
# box may leave the page, and every character of every vendor name must be in the text
# layer (a Thai name, which no shipped font draws, is drawn as placeholders but must still
# be there). Needs python3 (Debian's base image has it; .ci/run installs it otherwise).
command -v python3 >/dev/null 2>&1 || fail "python3 is needed for the layout test"
layout_check() { # label pdf [names-file]
  pdftotext -bbox-layout "$2" "$2.bbox.html" || fail "$1: pdftotext -bbox-layout failed on $2"
  pdftotext "$2" "$2.txt"
  python3 - "$1" "$2.bbox.html" "$2.txt" "${3:-}" <<'PY'
import html, re, sys
label, bbox, text, names = sys.argv[1], sys.argv[2], sys.argv[3], sys.argv[4]
doc = open(bbox, encoding="utf-8").read()
problems = []
pages = re.findall(r'<page width="([\d.]+)" height="([\d.]+)">(.*?)</page>', doc, re.S)
if not pages:
    problems.append("no pages in the -bbox-layout output")
word = re.compile(r'<word xMin="([-\d.]+)" yMin="([-\d.]+)" xMax="([-\d.]+)" yMax="([-\d.]+)">(.*?)</word>')
count = 0
for n, (pw, ph, body) in enumerate(pages, 1):
    pw, ph = float(pw), float(ph)
    words = sorted(((float(a), float(b), float(c), float(d), html.unescape(t))
                    for a, b, c, d, t in word.findall(body)), key=lambda w: w[1])
    count += len(words)
    for i, a in enumerate(words):
        if a[0] < -0.5 or a[1] < -0.5 or a[2] > pw + 0.5 or a[3] > ph + 0.5:
            problems.append("page %d: '%s' leaves the page (%.1f %.1f %.1f %.1f)" % ((n, a[4]) + a[:4]))
        for b in words[i + 1:]:
            if b[1] >= a[3]:
                break
            across = min(a[2], b[2]) - max(a[0], b[0])
            down = min(a[3], b[3]) - max(a[1], b[1])
            if across > 0.5 and down > 0.5 * min(a[3] - a[1], b[3] - b[1]):
                problems.append("page %d: '%s' overlaps '%s' (%.1f pt across, %.1f pt down)"
                                % (n, a[4], b[4], across, down))
# Every character of every name in the text layer; names without right-to-left
# letters also as one piece (line breaks and spaces aside).
layer = open(text, encoding="utf-8").read()
strip = lambda s: re.sub(r"[\s\u200e\u200f\u202a-\u202e\u2066-\u2069]", "", s)
flat = strip(layer)
if names:
    for name in open(names, encoding="utf-8").read().splitlines():
        if not name.strip():
            continue
        missing = sorted({c for c in strip(name) if c not in flat})
        if missing:
            problems.append("'%s': characters missing from the text layer: %s" % (name, " ".join(missing)))
        elif not re.search(r"[\u0590-\u08ff\ufb1d-\ufdff\ufe70-\ufeff]", name) and strip(name) not in flat:
            problems.append("'%s' is not in the text layer as one piece" % name)
for p in problems[:40]:
    print("check-pdf: %s: %s" % (label, p), file=sys.stderr)
if problems:
    sys.exit("check-pdf: %s: %d layout or text-layer problem(s)" % (label, len(problems)))
print("check-pdf: %s: layout ok (%d pages, %d words)" % (label, len(pages), count))
PY
}

for lang in de en; do
  for pdf in "$TMP/$lang"/*.pdf; do
    layout_check "$lang $(basename "$pdf")" "$pdf"
  done
done

# The catalogue with names in every script, long names, and a right-to-left name with
# brackets and Latin inside.
scripts_dir="$TMP/scripts"
mkdir -p "$scripts_dir/providers"
cp providers/*.yaml "$scripts_dir/providers/"
names="$scripts_dir/names.txt"
rename() { # file new-name
  sed -i "s/^name: .*/name: $2/" "$scripts_dir/providers/$1.yaml"
  printf '%s\n' "$2" >>"$names"
}
rename nebius "阿里云 Alibaba Cloud 🚀"
rename gcp "さくらインターネット株式会社"
rename hetzner "네이버 클라우드 ☁️"
rename coreweave "شركة الحوسبة السحابية"
rename lambda "ענן ישראלי (Israel) בע\"מ"
rename aws "Amazon Web Services EMEA SARL Niederlassung Deutschland Hochleistungsrechenzentrum Frankfurt am Main (AWS)"
rename genesis-cloud "Genesis ไทย Cloud"
rename ovhcloud "OVHcloud 🇫🇷 Souveraineté"
for lang in en de; do
  out="$TMP/scripts-$lang"
  "$BIN" --lang "$lang" report --as-of 2026-11-30 --providers "$scripts_dir/providers" --format pdf --out "$out" >/dev/null \
    || fail "scripts $lang: the report on the catalogue with names in every script failed"
  for pdf in "$out"/*.pdf; do
    layout_check "scripts $lang $(basename "$pdf")" "$pdf" "$names"
  done
done
