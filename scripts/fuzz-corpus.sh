#!/usr/bin/env bash
# Collects the fuzz targets' seed corpora from the shipped data into
# <out>/<target>/ (default build-fuzz/corpus): the YAML files of data/ and
# layouts/, the card texts (one markup seed per text), the `when:` and {{...}}
# expressions of the layouts, the SVGs of templates/, and PO files exported
# with `kartenwerk i18n export` when a built kartenwerk is given ($KARTENWERK,
# else build/kartenwerk if present), plus the tiny seeds in fuzz/seeds/.
# Seeds are named by content hash, so running it again adds nothing twice.
set -euo pipefail
cd "$(dirname "$0")/.."
out=${1:-build-fuzz/corpus}
kartenwerk=${KARTENWERK:-build/kartenwerk}
targets="yaml markup expression po svg csv xlsx http cache"
for t in $targets; do mkdir -p "$out/$t"; done

seed() {  # seed TARGET < bytes
  local tmp
  tmp=$(mktemp)
  cat > "$tmp"
  mv "$tmp" "$out/$1/$(sha1sum < "$tmp" | cut -c1-40)"
}

for f in $(find data layouts -name '*.yaml'); do seed yaml < "$f"; done
for f in $(find templates -name '*.svg'); do seed svg < "$f"; done
# Card texts: the quoted or plain values of text-like keys (markup: **bold**,
# _italic_, :icon:, line breaks).
grep -rhE '^\s*-?\s*(text|rules|flavor|flavour|effect|name|description|title):\s*\S' data |
  sed -E 's/^\s*-?\s*[a-z]+:\s*//; s/^"(.*)"$/\1/' | sort -u | head -400 |
  while IFS= read -r line; do printf '%s' "$line" | seed markup; done
# Expressions: `when:` conditions and {{...}} interpolations of the layouts.
grep -rhE '^\s*-?\s*when:' layouts | sed -E 's/^\s*-?\s*when:\s*//; s/^"(.*)"$/\1/' | sort -u |
  while IFS= read -r line; do printf '%s' "$line" | seed expression; done
grep -rhoE '"[^"]*\{\{[^"]*\}\}[^"]*"' layouts data | sed -E 's/^"(.*)"$/\1/' | sort -u | head -200 |
  while IFS= read -r line; do printf '%s' "$line" | seed expression; done
# PO files as translators get them.
if [ -x "$kartenwerk" ]; then
  tmp=$(mktemp -d)
  "$kartenwerk" i18n export --root . --lang en --out "$tmp" > /dev/null 2>&1 || true
  for f in $(find "$tmp" -name '*.po'); do seed po < "$f"; done
  rm -rf "$tmp"
fi
# Spreadsheets as `table export` writes them: each deck of each game as CSV,
# and as xlsx cut into the parts the xlsx target zips (0x01 between them).
if [ -x "$kartenwerk" ]; then
  tmp=$(mktemp -d)
  for game in $("$kartenwerk" --root . list 2>/dev/null | grep -E '^[a-z]' | cut -d' ' -f1); do
    for deck in $("$kartenwerk" --root . list --game "$game" 2>/dev/null | grep -E '^  [a-z]' | awk '{print $1}'); do
      "$kartenwerk" --root . table export --game "$game" --deck "$deck" --out "$tmp/$game-$deck.csv" > /dev/null 2>&1 &&
        seed csv < "$tmp/$game-$deck.csv"
      if "$kartenwerk" --root . table export --game "$game" --deck "$deck" --format xlsx \
           --out "$tmp/$game-$deck.xlsx" > /dev/null 2>&1; then
        seed xlsx < "$tmp/$game-$deck.xlsx"
        /usr/bin/python3 - "$tmp/$game-$deck.xlsx" <<'PY' | seed xlsx
import sys, zipfile
z = zipfile.ZipFile(sys.argv[1])
names = ["xl/sharedStrings.xml", "xl/worksheets/sheet1.xml", "xl/workbook.xml", "xl/_rels/workbook.xml.rels"]
sys.stdout.buffer.write(b"\x01".join(z.read(n) if n in z.namelist() else b"" for n in names))
PY
      fi
    done
  done
  rm -rf "$tmp"
fi
for t in $targets; do
  if [ -d "fuzz/seeds/$t" ]; then for f in fuzz/seeds/$t/*; do [ -f "$f" ] && seed "$t" < "$f"; done; fi
  echo "$out/$t: $(ls "$out/$t" | wc -l) seeds"
done
