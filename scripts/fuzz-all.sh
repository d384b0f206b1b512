#!/usr/bin/env bash
# The fuzzing campaign in one command: builds every cargo-fuzz target in fuzz/,
# seeds the corpora (scripts/fuzz-seed.sh), then runs each target for
# SECONDS_PER_TARGET (default 1800 = the 30 minutes issue 7 asks for), one
# after the other, and prints a table of executions, time, corpus size, peak
# memory and crashes per target. Logs: fuzz/logs/<target>.log; crashing
# inputs: fuzz/artifacts/<target>/ (both gitignored). Exit 1 when any target
# found a crash, a timeout or an out-of-memory.
#
#   scripts/fuzz-all.sh                 # every target, 30 minutes each
#   scripts/fuzz-all.sh 120             # smoke run, 2 minutes each
#   scripts/fuzz-all.sh 1800 provider   # only the named targets
#   FUZZ_PARALLEL=2 scripts/fuzz-all.sh # two targets at a time (the default is one)
#   FUZZ_JOBS=8 scripts/fuzz-all.sh     # libFuzzer -fork=8 on a bigger machine
#   FUZZ_NO_BUILD=1 scripts/fuzz-all.sh # run the binaries already in fuzz/target
#
# On a shared machine run it at the lowest priority: `nice -n 19 scripts/fuzz-all.sh`.
#
# Only stable Rust is installed: cargo-fuzz's flags (-Z sanitizer options, the
# sancov passes) are accepted by stable rustc under RUSTC_BOOTSTRAP=1. The
# sanitizer is `none`: the crate forbids `unsafe`, so AddressSanitizer adds
# cost without finding anything libFuzzer's own panic/abort/timeout/OOM
# detection would not. See docs/reliability.md.
set -euo pipefail
cd "$(dirname "$0")/.."

SECONDS_PER_TARGET=${1:-1800}
shift || true
JOBS=${FUZZ_JOBS:-1}
PARALLEL=${FUZZ_PARALLEL:-1}
export RUSTC_BOOTSTRAP=1

if ! command -v cargo-fuzz >/dev/null 2>&1; then
    echo "fuzz-all: installing cargo-fuzz"
    cargo install cargo-fuzz --locked
fi

all_targets=$(cargo fuzz list)
targets=${*:-$all_targets}

if [ -z "${FUZZ_NO_BUILD:-}" ]; then
    echo "fuzz-all: building (sanitizer none, release with debug assertions)"
    cargo fuzz build -s none
fi
bin_dir="fuzz/target/$(rustc -vV | sed -n 's/^host: //p')/release"

scripts/fuzz-seed.sh
mkdir -p fuzz/logs

fork=()
if [ "$JOBS" -gt 1 ]; then
    fork=("-fork=$JOBS" "-ignore_crashes=1" "-ignore_timeouts=1" "-ignore_ooms=1")
fi

# One target: runs it, then writes its summary row to fuzz/logs/<target>.row.
run_target() {
    local t=$1
    local dict=()
    case "$t" in
    benchmark_csv | dpa_text | pdf_reader) ;;
    *) dict=("-dict=fuzz/yaml.dict") ;;
    esac
    local log="fuzz/logs/$t.log"
    echo "fuzz-all: $t for ${SECONDS_PER_TARGET}s (log: $log; load $(cut -d' ' -f1-3 /proc/loadavg))"
    local start
    start=$(date +%s)
    local status=0
    # -timeout: one input taking >10 s counts as a hang; -rss_limit_mb: 2 GiB is
    # the memory bound of docs/reliability.md; -max_len: inputs up to 128 KiB.
    # The binaries built above are run directly: `cargo fuzz run` would rebuild
    # first, and rebuilds are slow on a shared machine.
    # The PDF reader promises 200 MB for any input (docs/reliability.md): its
    # target runs under 256 MiB (libFuzzer's own corpus and counters included)
    # and with inputs up to 1 MiB, so the budgets are what stops it.
    local rss_limit=2048
    local max_len=131072
    if [ "$t" = pdf_reader ]; then
        rss_limit=256
        max_len=1048576
    fi
    mkdir -p "fuzz/artifacts/$t"
    "$bin_dir/$t" "fuzz/corpus/$t" -artifact_prefix="fuzz/artifacts/$t/" \
        -max_total_time="$SECONDS_PER_TARGET" -timeout=10 -rss_limit_mb="$rss_limit" \
        -max_len="$max_len" -print_final_stats=1 "${dict[@]}" "${fork[@]}" \
        >"$log" 2>&1 || status=$?
    local elapsed=$(($(date +%s) - start))
    local execs rate rss corpus crashes
    execs=$(sed -n 's/^stat::number_of_executed_units: *//p' "$log" | tail -1)
    rate=$(sed -n 's/^stat::average_exec_per_sec: *//p' "$log" | tail -1)
    rss=$(sed -n 's/^stat::peak_rss_mb: *//p' "$log" | tail -1)
    if [ -z "$execs" ]; then # -fork mode prints its own totals
        execs=$(grep -o 'exec/s: [0-9]*\|#[0-9]*' "$log" | tail -1 || true)
    fi
    corpus=$(find "fuzz/corpus/$t" -type f | wc -l)
    crashes=$(find "fuzz/artifacts/$t" -type f \( -name 'crash-*' -o -name 'timeout-*' -o -name 'oom-*' -o -name 'leak-*' -o -name 'slow-unit-*' \) 2>/dev/null | wc -l)
    if [ "$status" -ne 0 ] || [ "$crashes" -gt 0 ]; then
        echo "fuzz-all: $t FAILED (exit $status); artifacts in fuzz/artifacts/$t; tail of the log:"
        tail -30 "$log"
    fi
    echo "$t|$elapsed|${execs:-?}|${rate:-?}|$corpus|${rss:-?}|$crashes|$status|$(cut -d' ' -f1-3 /proc/loadavg)" >"fuzz/logs/$t.row"
}

summary="target|seconds|executions|exec/s|corpus|peak RSS MB|crashes|exit|load at end"
running=0
for t in $targets; do
    rm -f "fuzz/logs/$t.row"
    run_target "$t" &
    running=$((running + 1))
    if [ "$running" -ge "$PARALLEL" ]; then
        wait -n || true
        running=$((running - 1))
    fi
done
wait || true

failed=0
for t in $targets; do
    row=$(cat "fuzz/logs/$t.row" 2>/dev/null || echo "$t|?|?|?|?|?|?|missing|?")
    summary+=$'\n'"$row"
    IFS='|' read -r _ _ _ _ _ _ crashes status _ <<<"$row"
    if [ "$crashes" != 0 ] || [ "$status" != 0 ]; then
        failed=1
    fi
done

echo
column -t -s '|' <<<"$summary" 2>/dev/null || tr '|' '\t' <<<"$summary"
exit "$failed"
