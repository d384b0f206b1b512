#!/bin/sh
# Opens the HTML editions of the report in headless Chromium (Debian package
# `chromium`, installed by .ci/run) and checks that each loads without console
# errors and refers to no external resource, and that the decision edition shows
# the shortlist with the recommended provider.
# Not part of `cargo test`. Usage: scripts/check-html-chromium.sh [path/to/cloudvet]
set -eu
cd "$(dirname "$0")/.."
BIN=${1:-${CLOUDVET_BIN:-target/debug/cloudvet}}
if [ ! -x "$BIN" ]; then cargo build --quiet; BIN=target/debug/cloudvet; fi
CHROMIUM=${CHROMIUM:-$(command -v chromium || command -v chromium-browser || true)}
[ -n "$CHROMIUM" ] || { echo "check-html: chromium not installed" >&2; exit 1; }
TMP=$(mktemp -d)
trap 'rm -rf "$TMP"' EXIT
fail() { echo "check-html: $*" >&2; exit 1; }

for lang in de en; do
  out="$TMP/$lang"
  "$BIN" --lang "$lang" report --as-of 2026-11-30 --format html,csv --out "$out" >/dev/null
  # Any host lookup fails, so the page cannot reach the network even if it tried.
  "$CHROMIUM" --headless --no-sandbox --disable-gpu --disable-background-networking \
    --disable-component-update --disable-sync --no-first-run --disable-extensions \
    --host-resolver-rules="MAP * ~NOTFOUND" \
    --user-data-dir="$TMP/profile-$lang" --enable-logging=stderr --v=0 \
    --virtual-time-budget=2000 \
    --dump-dom "file://$out/decision.html" >"$out/dom.html" 2>"$out/chromium.log" \
    || { cat "$out/chromium.log" >&2; fail "$lang: chromium failed"; }
  if grep -E 'CONSOLE|Uncaught|ERR_NAME_NOT_RESOLVED|net::ERR_' "$out/chromium.log" >&2; then
    fail "$lang: console errors or network requests (log above)"
  fi
  # Self-contained: nothing loaded from elsewhere (no src/href to a URL, no CSS url(), no @import).
  if grep -E -i '(src|href|xlink:href)="(https?:)?//|url\(|@import' "$out/dom.html" >&2; then
    fail "$lang: the page refers to external resources (above)"
  fi
  grep -q '<section id="shortlist">' "$out/dom.html" || fail "$lang: no shortlist section in the DOM"
  grep -q '<table class="shortlist">' "$out/dom.html" || fail "$lang: no shortlist table in the DOM"
  if grep -q '<section id="value-map">' "$out/dom.html"; then
    grep -q '<svg' "$out/dom.html" || fail "$lang: value map without its inline SVG"
  fi
  # The first provider of the shortlist CSV must appear in the rendered shortlist.
  first=$(sed -n '2p' "$out/shortlist.csv" | cut -d, -f3 | tr -d '"')
  [ -n "$first" ] || fail "$lang: empty shortlist"
  grep -q -F "$first" "$out/dom.html" || fail "$lang: '$first' not shown"
  echo "check-html: $lang ok (first on the shortlist: $first)"
  # The annexes: they load without console errors and are self-contained too.
  for edition in annex-dpo annex-procurement; do
    "$CHROMIUM" --headless --no-sandbox --disable-gpu --disable-background-networking \
      --disable-component-update --disable-sync --no-first-run --disable-extensions \
      --host-resolver-rules="MAP * ~NOTFOUND" \
      --user-data-dir="$TMP/profile-$lang-$edition" --enable-logging=stderr --v=0 \
      --virtual-time-budget=2000 \
      --dump-dom "file://$out/$edition.html" >"$out/$edition.dom.html" 2>"$out/$edition.log" \
      || { cat "$out/$edition.log" >&2; fail "$lang $edition: chromium failed"; }
    if grep -E 'CONSOLE|Uncaught|ERR_NAME_NOT_RESOLVED|net::ERR_' "$out/$edition.log" >&2; then
      fail "$lang $edition: console errors or network requests (log above)"
    fi
    if grep -E -i '(src|href|xlink:href)="(https?:)?//|url\(|@import' "$out/$edition.dom.html" >&2; then
      fail "$lang $edition: the page refers to external resources (above)"
    fi
    echo "check-html: $lang $edition ok"
  done
done
