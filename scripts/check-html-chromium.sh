#!/bin/sh
# Opens the HTML editions of the report in headless Chromium (Debian package
# `chromium`, installed by .ci/run) and checks that each loads without console
# errors and refers to no external resource, and that the decision edition shows
# the shortlist with the recommended provider; then that no HTML page of the
# report overflows horizontally at 1280 and at 800 px (issue 14 point 6), in German
# and English and with names in every script: a copy of each page gets a small
# script that writes the document's scroll width and the widest elements into the
# DOM, which --dump-dom prints (the shipped HTML itself stays script-free).
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

# --- Horizontal overflow at 1280 and 800 px -------------------------------------------
cat >"$TMP/measure.html" <<'JS'
<script>
(function () {
  var root = document.documentElement, vw = root.clientWidth, out = [];
  var all = document.body.getElementsByTagName('*');
  for (var i = 0; i < all.length && out.length < 6; i++) {
    var r = all[i].getBoundingClientRect();
    if (r.right > vw + 0.5 && all[i].getElementsByTagName('*').length < 3) {
      out.push(all[i].tagName.toLowerCase() + ' right=' + Math.round(r.right) + ': ' +
        (all[i].textContent || '').replace(/\s+/g, ' ').slice(0, 80));
    }
  }
  var pre = document.createElement('pre');
  pre.id = 'cloudvet-measure';
  pre.textContent = 'viewport=' + vw + ' scroll=' + root.scrollWidth + '\n' + out.join('\n');
  document.body.appendChild(pre);
})();
</script>
JS
overflow_check() { # label html
  page="$TMP/measured.html"
  # The measuring script goes in just before </body>, in a copy next to the original.
  awk -v js="$TMP/measure.html" '
    /<\/body>/ && !done { while ((getline line < js) > 0) print line; done = 1 }
    { print }' "$2" >"$page"
  for width in 1280 800; do
    rm -rf "$TMP/profile-measure"
    "$CHROMIUM" --headless --no-sandbox --disable-gpu --disable-background-networking \
      --disable-component-update --disable-sync --no-first-run --disable-extensions \
      --host-resolver-rules="MAP * ~NOTFOUND" --user-data-dir="$TMP/profile-measure" \
      --window-size="$width,900" --virtual-time-budget=3000 \
      --dump-dom "file://$page" >"$TMP/measured-dom.html" 2>/dev/null \
      || fail "$1: chromium failed at $width px"
    result=$(sed -n '/<pre id="cloudvet-measure">/,/<\/pre>/p' "$TMP/measured-dom.html" \
      | sed 's/<[^>]*>//g')
    line=$(printf '%s\n' "$result" | grep -m1 'viewport=') \
      || fail "$1: no measurement at $width px (did the page load?)"
    viewport=$(printf '%s' "$line" | sed 's/.*viewport=\([0-9]*\).*/\1/')
    scroll=$(printf '%s' "$line" | sed 's/.*scroll=\([0-9]*\).*/\1/')
    if [ "$scroll" -gt "$viewport" ]; then
      printf '%s\n' "$result" >&2
      fail "$1: $scroll px wide in a $viewport px window ($width px): horizontal overflow"
    fi
    echo "check-html: $1 fits $width px ($scroll of $viewport px)"
  done
}

for lang in de en; do
  for html in "$TMP/$lang"/*.html; do
    case "$(basename "$html")" in dom.html | *.dom.html) continue ;; esac # Chromium's dumps from the first checks
    overflow_check "$lang $(basename "$html")" "$html"
  done
done
# Names in every script and a very long one (generated from the shipped profiles).
mkdir -p "$TMP/scripts"
cp providers/*.yaml "$TMP/scripts/"
sed -i 's/^name: .*/name: 阿里云 Alibaba Cloud 🚀/' "$TMP/scripts/nebius.yaml"
sed -i 's/^name: .*/name: شركة الحوسبة السحابية/' "$TMP/scripts/coreweave.yaml"
sed -i 's/^name: .*/name: ענן ישראלי (Israel) בע"מ/' "$TMP/scripts/lambda.yaml"
sed -i 's/^name: .*/name: AmazonWebServicesEMEASARLNiederlassungDeutschlandHochleistungsrechenzentrumFrankfurt/' "$TMP/scripts/aws.yaml"
for lang in de en; do
  out="$TMP/scripts-$lang"
  "$BIN" --lang "$lang" report --as-of 2026-11-30 --providers "$TMP/scripts" --format html --out "$out" >/dev/null \
    || fail "scripts $lang: report failed"
  for html in "$out"/*.html; do
    overflow_check "scripts $lang $(basename "$html")" "$html"
  done
done
