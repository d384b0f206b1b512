#!/usr/bin/env bash
# Seeds the fuzz corpora (fuzz/corpus/<target>/, gitignored) from the files the
# project ships and tests with: every YAML target gets every YAML file (the
# shipped providers, rules and examples, all test fixtures: cross-kind seeds
# help the fuzzer reach `kind` and schema paths), CSV targets get the CSV
# files, the DPA text target gets the DPA text fixtures. Idempotent: seeds are
# named after their path, so re-running only refreshes them; what the fuzzer
# added to a corpus is kept.
set -euo pipefail
cd "$(dirname "$0")/.."

seed() { # seed TARGET FILE...
    local target=$1
    shift
    mkdir -p "fuzz/corpus/$target"
    local f
    for f in "$@"; do
        [ -f "$f" ] || continue
        cp "$f" "fuzz/corpus/$target/seed-$(printf '%s' "$f" | tr '/ ' '__')"
    done
}

# Every tracked (or not ignored) file under the given folders with one of the extensions.
files() { # files EXT_REGEX FOLDER...
    local re=$1
    shift
    local d
    for d in "$@"; do
        [ -d "$d" ] && find "$d" -type f | grep -E "$re" | sort
    done
    return 0
}

mapfile -t yaml < <(files '\.ya?ml$' providers rules docs/examples benchmarks tests/fixtures)
mapfile -t csv < <(files '\.csv$' benchmarks tests/fixtures)
mapfile -t text < <(files '\.(txt|md|pdf)$' tests/fixtures/dpa)

# The shipped tables are larger than the fuzzers' 128 KiB input limit: add
# small valid slices (the header and the first rows; the header and the rows of
# the benchmark the example workload uses), so inputs reach the cost model.
mkdir -p fuzz/corpus/.slices
for t in benchmarks/*.csv; do
    [ -f "$t" ] || continue
    b=$(basename "$t" .csv)
    head -41 "$t" >"fuzz/corpus/.slices/$b-head.csv"
    { head -1 "$t"; grep ',llama2_70b_lora,' "$t" || true; } >"fuzz/corpus/.slices/$b-llama2.csv"
    csv+=("fuzz/corpus/.slices/$b-head.csv" "fuzz/corpus/.slices/$b-llama2.csv")
done

for target in $(sed -n 's/^name = "\(.*\)"$/\1/p' fuzz/Cargo.toml | grep -v '^cloudvet-fuzz$'); do
    case "$target" in
    benchmark_csv) seed "$target" "${csv[@]}" ;;
    dpa_text) seed "$target" "${text[@]}" ;;
    pdf_reader)
        # Mode byte 0 (the file as is) in front of each fixture PDF and of a
        # small text page written here; with qpdf (installed by .ci/run), the
        # same page with object streams and encrypted (RC4, AES-128, AES-256,
        # empty password), so the fuzzer starts on every loading path. Mode
        # byte 1 (the rest is one page's content stream) before a text object.
        mkdir -p "fuzz/corpus/$target" fuzz/corpus/.pdf
        for f in tests/fixtures/dpa/bad/*.pdf; do
            [ -f "$f" ] || continue
            { printf '\0'; cat "$f"; } >"fuzz/corpus/$target/seed-$(basename "$f")"
        done
        content='BT /F1 11 Tf 72 770 Td (1. The processor processes personal data only on documented instructions.) Tj 0 -14 Td [(2.) -250 (Sub-processors)] TJ ET'
        page=fuzz/corpus/.pdf/page.pdf
        {
            printf '%%PDF-1.5\n'
            printf '1 0 obj << /Type /Catalog /Pages 2 0 R >> endobj\n'
            printf '2 0 obj << /Type /Pages /Kids [3 0 R] /Count 1 >> endobj\n'
            printf '3 0 obj << /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >> endobj\n'
            printf '4 0 obj << /Length %d >> stream\n%s\nendstream endobj\n' "${#content}" "$content"
            printf '5 0 obj << /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >> endobj\n'
            printf 'trailer << /Root 1 0 R >>\n%%%%EOF\n'
        } >"$page"
        variants=("$page")
        if command -v qpdf >/dev/null 2>&1; then
            qpdf "$page" fuzz/corpus/.pdf/fixed.pdf 2>/dev/null || true
            qpdf --object-streams=generate "$page" fuzz/corpus/.pdf/objstm.pdf 2>/dev/null || true
            qpdf --allow-weak-crypto --encrypt "" owner 128 --use-aes=n -- "$page" fuzz/corpus/.pdf/rc4.pdf 2>/dev/null || true
            qpdf --object-streams=generate --encrypt "" owner 128 --use-aes=y -- "$page" fuzz/corpus/.pdf/aes128.pdf 2>/dev/null || true
            qpdf --encrypt "" owner 256 -- "$page" fuzz/corpus/.pdf/aes256.pdf 2>/dev/null || true
            variants+=(fuzz/corpus/.pdf/{fixed,objstm,rc4,aes128,aes256}.pdf)
        fi
        for f in "${variants[@]}"; do
            [ -f "$f" ] || continue
            { printf '\0'; cat "$f"; } >"fuzz/corpus/$target/seed-pdf-$(basename "$f")"
        done
        printf '\1%s' "$content" >"fuzz/corpus/$target/seed-content"
        ;;
    *) seed "$target" "${yaml[@]}" ;;
    esac
    echo "fuzz-seed: $target: $(find "fuzz/corpus/$target" -type f | wc -l) files in fuzz/corpus/$target"
done
