#!/usr/bin/env bash
# Before/after timings of cloudvet binaries in the same run, for docs/performance.md
# ("This round: before and after"); not part of `cargo test` or CI.
#
# Usage: scripts/bench-compare.sh BIN BIN...   (two or more release binaries, e.g. copies
#        of target/release/cloudvet built from the commits to compare)
#        ROUNDS=10 RUNS=5 scripts/bench-compare.sh ...   (defaults: 10 rounds of 5 runs,
#                                                        i.e. 50 runs per binary and command)
#
# The binaries are alternated: each round runs every command with each binary in turn
# (hyperfine, one warm-up run, no shell in between), so load from other work on a shared
# machine falls on all of them alike. Commands, on the embedded defaults with
# SOURCE_DATE_EPOCH set: `report --as-of 2026-11-30 --out DIR` (all formats; one output
# folder per binary, reused from run to run as scripts/bench-report.sh does),
# `assess --as-of 2026-11-30`, `cost`, `validate`. Prints min / median / mean wall time in
# ms over all rounds, the load average before, during and after, and each binary's
# `--version`. Report the minimum and the median: on a shared machine the mean is pulled up
# by other work. Needs hyperfine and jq.
set -euo pipefail
if [ $# -lt 2 ]; then
    sed -n '2,9p' "$0"
    exit 2
fi
ROUNDS=${ROUNDS:-10}
RUNS=${RUNS:-5}
TMP=$(mktemp -d)
trap 'rm -rf "$TMP"' EXIT
export SOURCE_DATE_EPOCH=${SOURCE_DATE_EPOCH:-1764460800}
AS_OF=2026-11-30

commands=(report assess cost validate)
args_of() {
    case $1 in
        report) echo "report --as-of $AS_OF --out $TMP/out-$2" ;;
        assess) echo "assess --as-of $AS_OF" ;;
        cost) echo "cost" ;;
        validate) echo "validate" ;;
    esac
}

echo "machine: $(nproc) cores, $(sed -n 's/^model name[[:space:]]*: //p' /proc/cpuinfo | head -1)"
for i in $(seq 1 $#); do
    echo "binary $i: ${!i} ($("${!i}" --version))"
done
echo "load average before: $(cut -d' ' -f1-3 /proc/loadavg)"
for r in $(seq 1 "$ROUNDS"); do
    for c in "${commands[@]}"; do
        for i in $(seq 1 $#); do
            # shellcheck disable=SC2046 # the arguments are split on purpose
            hyperfine -N --style none --warmup 1 --runs "$RUNS" \
                --export-json "$TMP/$c-$i-$r.json" \
                "${!i} $(args_of "$c" "$i")" >/dev/null 2>&1
        done
    done
    echo "round $r/$ROUNDS, load average $(cut -d' ' -f1-3 /proc/loadavg)"
done
echo "load average after: $(cut -d' ' -f1-3 /proc/loadavg)"
printf '%-9s %-7s %5s %8s %8s %8s\n' command binary runs "min ms" median mean
for c in "${commands[@]}"; do
    for i in $(seq 1 $#); do
        jq -s '[.[].results[0].times[]] | sort
            | [length, .[0], .[(length - 1) / 2 | floor], (add / length)]
            | map(tostring) | join(" ")' -r "$TMP/$c-$i"-*.json |
            awk -v c="$c" -v b="$i" \
                '{printf "%-9s %-7s %5d %8.1f %8.1f %8.1f\n", c, b, $1, $2*1000, $3*1000, $4*1000}'
    done
done
