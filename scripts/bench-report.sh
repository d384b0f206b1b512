#!/usr/bin/env bash
# Whole-process timings for docs/performance.md (issue 7), not part of `cargo test` or CI:
#
# 1. `cloudvet report` on the embedded defaults, cold process (a new process per run; the
#    binary and data are in the page cache after the first run, as for any repeated command),
#    all formats together and each format alone;
# 2. the PDF against printing the same HTML report with headless Chromium
#    (`chromium --headless --print-to-pdf`, Debian package `chromium`), side by side.
#
# Usage: scripts/bench-report.sh [RUNS] [CHROMIUM_RUNS]   (defaults 30 and 5)
#        BIN=path/to/cloudvet scripts/bench-report.sh     (default: target/release/cloudvet,
#                                                          built when missing)
# Prints min / median / mean wall time in milliseconds, measured with bash's $EPOCHREALTIME
# (no extra process per measurement). Report the minimum and the median: on a shared machine
# the mean is pulled up by other work.
set -euo pipefail
cd "$(dirname "$0")/.."
RUNS=${1:-30}
CHROMIUM_RUNS=${2:-5}
BIN=${BIN:-target/release/cloudvet}
if [ ! -x "$BIN" ]; then
    cargo build --release --quiet
    BIN=target/release/cloudvet
fi
TMP=$(mktemp -d)
trap 'rm -rf "$TMP"' EXIT
AS_OF=2026-11-30

now_us() { local t=${EPOCHREALTIME/[.,]/}; echo "${t#0}"; }

# time_runs N CMD... : prints "min median mean" in ms over N runs.
time_runs() {
    local n=$1
    shift
    local i s e
    local -a t=()
    for ((i = 0; i < n; i++)); do
        s=$(now_us)
        "$@" >/dev/null 2>&1
        e=$(now_us)
        t+=($((e - s)))
    done
    printf '%s\n' "${t[@]}" | sort -n | awk '{a[NR]=$1; s+=$1}
        END {printf "%8.1f %8.1f %8.1f", a[1]/1000, a[int((NR+1)/2)]/1000, s/NR/1000}'
}

echo "machine: $(nproc) cores, $(sed -n 's/^model name[[:space:]]*: //p' /proc/cpuinfo | head -1)"
echo "load average before: $(cut -d' ' -f1-3 /proc/loadavg)"
echo "binary: $BIN ($("$BIN" --version))"
echo
"$BIN" report --as-of "$AS_OF" --out "$TMP/warm" >/dev/null # page cache, output folder
printf '%-34s %8s %8s %8s\n' "cloudvet report ($RUNS runs)" "min ms" "median" "mean"
printf '%-34s %s\n' "all formats (pdf,html,md,json,csv)" \
    "$(time_runs "$RUNS" "$BIN" report --as-of "$AS_OF" --out "$TMP/all")"
for f in pdf html md json csv; do
    printf '%-34s %s\n' "--format $f" \
        "$(time_runs "$RUNS" "$BIN" report --as-of "$AS_OF" --format "$f" --out "$TMP/$f")"
done
echo "report pages: $(
    command -v pdfinfo >/dev/null && pdfinfo "$TMP/all/report.pdf" | sed -n 's/^Pages: *//p' || echo '?'
), PDF $(wc -c <"$TMP/all/report.pdf") bytes, HTML $(wc -c <"$TMP/all/report.html") bytes"

CHROMIUM=${CHROMIUM:-$(command -v chromium || command -v chromium-browser || true)}
if [ -z "$CHROMIUM" ]; then
    echo
    echo "chromium not installed: no side-by-side comparison (apt-get install chromium)"
    exit 0
fi
echo
"$BIN" report --as-of "$AS_OF" --format html --out "$TMP/html" >/dev/null
print_pdf() {
    "$CHROMIUM" --headless --no-sandbox --disable-gpu --no-first-run --disable-extensions \
        --disable-background-networking --disable-component-update --disable-sync \
        --host-resolver-rules="MAP * ~NOTFOUND" --user-data-dir="$TMP/chromium-profile" \
        --no-pdf-header-footer --print-to-pdf="$TMP/chromium.pdf" "file://$TMP/html/report.html"
}
print_pdf >/dev/null 2>&1 || true # first start creates the profile
printf '%-34s %8s %8s %8s\n' "side by side" "min ms" "median" "mean"
ours=$(time_runs "$CHROMIUM_RUNS" "$BIN" report --as-of "$AS_OF" --format pdf --out "$TMP/pdf")
theirs=$(time_runs "$CHROMIUM_RUNS" print_pdf)
both=$(time_runs "$CHROMIUM_RUNS" bash -c "\"$BIN\" report --as-of $AS_OF --format html --out \"$TMP/h2\" && $(declare -f print_pdf); TMP=\"$TMP\" CHROMIUM=\"$CHROMIUM\" print_pdf")
printf '%-34s %s\n' "cloudvet report --format pdf" "$ours"
printf '%-34s %s\n' "chromium --print-to-pdf report.html" "$theirs"
printf '%-34s %s\n' "report --format html + chromium" "$both"
echo "chromium $("$CHROMIUM" --version 2>/dev/null | head -1); its PDF: $(
    command -v pdfinfo >/dev/null && pdfinfo "$TMP/chromium.pdf" | sed -n 's/^Pages: *//p' || echo '?'
) pages, $(wc -c <"$TMP/chromium.pdf") bytes"
read -r o_min o_med _ <<<"$ours"
read -r t_min t_med _ <<<"$theirs"
read -r b_min b_med _ <<<"$both"
awk -v om="$o_min" -v od="$o_med" -v tm="$t_min" -v td="$t_med" -v bm="$b_min" -v bd="$b_med" 'BEGIN {
    printf "ratio chromium / cloudvet (PDF step alone):  %.0fx by minimum, %.0fx by median\n", tm / om, td / od
    printf "ratio html+chromium / cloudvet (from inputs): %.0fx by minimum, %.0fx by median\n", bm / om, bd / od
}'
echo "load average after: $(cut -d' ' -f1-3 /proc/loadavg)"
