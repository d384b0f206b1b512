#!/usr/bin/env bash
# Checks `cloudvet import skypilot` on the whole, real SkyPilot catalogue files (issue 18):
# offers, rows left out and CPU rows per cloud, hand-checked rows per file, that every
# accelerator of the three files is placed on a catalogue model (the GPU catalogue holds V100,
# A10, A6000, RTX6000, RTX-6000-Ada and B300 since issue 18 point 4; a name it did not know would
# be reported), and `cloudvet validate` on the written profiles.
#
#   scripts/import-skypilot-check.sh
#
# The files are read from SKYPILOT_CATALOGUE (default ../shared/reference/skypilot or
# ../../shared/reference/skypilot); the catalogue states no licence, so they are never copied
# into the repository (tests/fixtures/skypilot/ holds a few rows). Without them the script
# says so and exits 0.
set -euo pipefail
cd "$(dirname "$0")/.."
dir="${SKYPILOT_CATALOGUE:-}"
if [ -z "$dir" ]; then
    for c in ../shared/reference/skypilot ../../shared/reference/skypilot; do
        if [ -d "$c" ]; then dir="$c"; break; fi
    done
fi
if [ -z "$dir" ] || [ ! -f "$dir/lambda-vms.csv" ]; then
    echo "import-skypilot-check: no catalogue files; skipped"
    exit 0
fi
cargo build --quiet
bin=target/debug/cloudvet
out="$(mktemp -d)"
trap 'rm -rf "$out"' EXIT
fail=0
check() { # description, command…
    local what="$1"; shift
    if "$@"; then echo "  ok   $what"; else echo "  FAIL $what"; fail=1; fi
}

# The versions the expected figures were counted on (../shared/reference/skypilot/README.md).
declare -A sha=(
    [lambda]=036573edf39d8acff895c3f0d0906c00f5ec60e7969c63832727f3c2c1afb8ef
    [nebius]=eb3007fb983a2fcb7ea17f2cab3c4c40eb0b10813cb851d7e1bc1ec0dc608564
    [verda]=05edb56cef6e749ac5bdf926c4947264a2229f1dbeffc58065ff04fa969926fd
)
declare -A commit=(
    [lambda]=0f4070387edc953d7004cff197940e1918a1d6aa
    [nebius]=0082b0435f3912ae4c566856b272455cc78f4f61
    [verda]=000c1d0bf24621f4ac37cfa585f0897c1aa1d9cf
)
# rows — offers read; rows left out; rows without a GPU
declare -A counts=(
    [lambda]="408 rows — 352 offers read; rows left out: 22; rows without a GPU: 34"
    [nebius]="61 rows — 21 offers read; rows left out: 0; rows without a GPU: 40"
    [verda]="33 rows — 22 offers read; rows left out: 0; rows without a GPU: 11"
)
# Hand-checked rows per file (separated by `;`): offer ID and lines its YAML block must hold.
declare -A row=(
    [lambda]="gpu-8x-h100-sxm5-us-east-1|gpu_model: H100-SXM|gpus_per_instance: 8|price_on_demand: 31.92;gpu-8x-v100-us-east-1|gpu_model: V100-16GB|gpus_per_instance: 8|price_on_demand: 6.32"
    [nebius]="gpu-h200-sxm-8gpu-128vcpu-1600gb-eu-north1|gpu_model: H200-SXM|gpus_per_instance: 8|price_on_demand: 28|price_spot: 11.6"
    [verda]="8b200-240v-fin-03|gpu_model: B200|gpus_per_instance: 8|price_spot: 13.69;1b300-30v-fin-03|gpu_model: B300|gpus_per_instance: 1|price_on_demand: 6.99|price_spot: 2.447"
)
for cloud in lambda nebius verda; do
    f="$dir/$cloud-vms.csv"
    echo "import-skypilot-check: $cloud"
    check "sha256" test "$(sha256sum "$f" | cut -d' ' -f1)" = "${sha[$cloud]}"
    "$bin" import skypilot "$f" --out "$out/$cloud.yaml" --commit "${commit[$cloud]}" \
        >"$out/$cloud.out" 2>"$out/$cloud.err"
    check "counts: ${counts[$cloud]}" grep -qF "${counts[$cloud]}" "$out/$cloud.out"
    IFS=';' read -ra rows <<<"${row[$cloud]}"
    for r in "${rows[@]}"; do
        IFS='|' read -r id rest <<<"$r"
        block="$(awk -v id="  - id: $id" '$0 == id {on=1; print; next} on && /^  - id: / {exit} on {print}' "$out/$cloud.yaml")"
        IFS='|' read -ra want <<<"$rest"
        for w in "${want[@]}"; do
            check "$id: $w" grep -qxF "    $w" <<<"$block"
        done
    done
    check "every accelerator placed" bash -c "! grep -qF 'unplaced-accelerator' '$out/$cloud.err'"
done
echo "import-skypilot-check: nebius, EU regions only"
"$bin" import skypilot "$dir/nebius-vms.csv" --region-country EU --dry-run >"$out/eu.out" 2>&1
check "18 offers read" grep -qF "18 offers read" "$out/eu.out"
check "3 rows outside" grep -qF "3 GPU rows outside --region-country EU" "$out/eu.out"
echo "import-skypilot-check: validate"
check "cloudvet validate on the three profiles" "$bin" validate "$out"
exit "$fail"
