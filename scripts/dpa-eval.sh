#!/usr/bin/env bash
# Evaluates `dpa scan` on the real, annotated corpus (issue 16): recall and precision per
# element, per document, per language and overall, status-only and location-aware.
# The split (tuning / held-out) is fixed in examples/dpa_eval.rs.
#
#   scripts/dpa-eval.sh [--part tuning|held_out|all] [--details] [--floor FILE]
#   scripts/dpa-eval.sh --ci      # both parts, fails only below scripts/dpa-eval.floor
#
# The corpus is read from DPA_CORPUS (default ../shared/dpa-corpus or
# ../../shared/dpa-corpus, relative to the repository); its texts are never copied into the repository. Without the corpus the
# script says so and exits 0.
set -euo pipefail
cd "$(dirname "$0")/.."
# A worktree sits one level deeper than a clone, so ../../shared is tried too.
corpus="${DPA_CORPUS:-}"
if [ -z "$corpus" ]; then
    for c in ../shared/dpa-corpus ../../shared/dpa-corpus; do
        if [ -d "$c" ]; then corpus="$c"; break; fi
    done
    corpus="${corpus:-../shared/dpa-corpus}"
fi
if [ ! -d "$corpus/en" ] || [ ! -d "$corpus/de" ]; then
    echo "dpa-eval: no corpus at $corpus; skipped"
    exit 0
fi
if [ "${1:-}" = "--ci" ]; then
    set -- --part all --floor scripts/dpa-eval.floor
fi
cargo run --quiet --example dpa_eval -- --corpus "$corpus" "$@"
