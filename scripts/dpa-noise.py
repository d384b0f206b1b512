#!/usr/bin/env python3
"""Noisy copies of an annotated DPA corpus, to measure how `dpa scan` holds up against the
extraction artefacts real agreements come with (docs/dpa-scan.md, "Round 5"):

  glyph  ligatures ft/ff/fi/fl and digits lost as U+FFFD (a PDF font without a Unicode map)
  wrap   paragraphs hard-wrapped at 72 characters (Markdown kept hard-wrapped, plain text)

Only the tuning files are copied: the held-out files fixed in examples/dpa_eval.rs are left
out. The annotations' quotes get the same treatment (for `wrap`, the part of each quote on its
first line), so `scripts/dpa-eval.sh` scores the copies as it scores the originals:

  scripts/dpa-noise.py --corpus ../shared/dpa-corpus --out /tmp/noise
  DPA_CORPUS=/tmp/noise/glyph scripts/dpa-eval.sh --part all

The copies hold third-party text: write them outside the repository. Needs PyYAML.
"""
import argparse
import os
import re
import textwrap

import yaml

HELD_OUT = {
    "en/03-exoscale-dpa", "en/06-bytescale-dpa", "en/09-keboola-dpa",
    "en/12-coreweave-security-compliance", "de/03-prowo-wedocode-avv",
    "de/06-wsjrdp2023-avv-entwurf", "de/09-podcaster-datenschutzerklaerung",
}


def glyph(t):
    return re.sub(r"[0-9]", "\ufffd", re.sub(r"f[tfil]", "\ufffd", t))


def wrap(text):
    """The text hard-wrapped, and (original offset, new line) for every new line."""
    lines, origin, pos = [], [], 0
    for line in text.split("\n"):
        if len(line) <= 72 or line.lstrip().startswith("|"):
            lines.append(line)
            origin.append((pos, line))
        else:
            off = pos
            for part in textwrap.wrap(line, 72, break_long_words=False, break_on_hyphens=False,
                                      expand_tabs=False, replace_whitespace=False):
                at = text.find(part, off)
                lines.append(part)
                origin.append((at, part))
                off = at + len(part)
        pos += len(line) + 1
    return "\n".join(lines), origin


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--corpus", required=True)
    ap.add_argument("--out", required=True)
    a = ap.parse_args()
    for kind in ["glyph", "wrap"]:
        for lang in ["en", "de"]:
            src = os.path.join(a.corpus, lang)
            dst = os.path.join(a.out, kind, lang)
            os.makedirs(dst, exist_ok=True)
            for f in sorted(os.listdir(src)):
                if not f.endswith(".expected.yaml") or f"{lang}/{f[:-14]}" in HELD_OUT:
                    continue
                with open(os.path.join(src, f), encoding="utf-8") as fh:
                    ann = yaml.safe_load(fh)
                with open(os.path.join(src, ann["file"]), encoding="utf-8") as fh:
                    text = fh.read()
                if kind == "glyph":
                    new, fix = glyph(text), glyph
                else:
                    new, origin = wrap(text)

                    def fix(q, text=text, origin=origin):
                        at = text.find(q)
                        for o, line in reversed(origin):
                            if 0 <= o <= at:
                                frag = line[at - o:at - o + len(q)]
                                return frag if len(frag) >= 3 else q
                        return q
                for e in ann["elements"].values():
                    if e.get("quote"):
                        e["quote"] = fix(e["quote"])
                    if e.get("alt_quotes"):
                        e["alt_quotes"] = [fix(q) for q in e["alt_quotes"]]
                with open(os.path.join(dst, ann["file"]), "w", encoding="utf-8") as fh:
                    fh.write(new)
                with open(os.path.join(dst, f), "w", encoding="utf-8") as fh:
                    yaml.safe_dump(ann, fh, allow_unicode=True)


if __name__ == "__main__":
    main()
