#!/usr/bin/env bash
# Refreshes fonts/ from the Debian font packages it was copied from.
# The fonts are committed so every machine renders with the very same files
# (byte-identical output); this script documents and repeats their provenance.
set -euo pipefail
cd "$(dirname "$0")/.."
copy() { # package source-dir target-dir files...
  local pkg=$1 src=$2 dst=fonts/$3; shift 3
  mkdir -p "$dst"
  for f in "$@"; do install -m 0644 "$src/$f" "$dst/$f"; done
  install -m 0644 "/usr/share/doc/$pkg/copyright" "$dst/COPYRIGHT-$pkg.txt"
}
copy fonts-ebgaramond /usr/share/fonts/opentype/ebgaramond eb-garamond \
  EBGaramond12-Regular.otf EBGaramond12-Italic.otf
copy fonts-ebgaramond-extra /usr/share/fonts/opentype/ebgaramond eb-garamond \
  EBGaramond12-AllSC.otf
copy fonts-junicode /usr/share/fonts/opentype/junicode junicode \
  JunicodeTwoBeta-Regular.otf JunicodeTwoBeta-Italic.otf JunicodeTwoBeta-Semibold.otf \
  JunicodeTwoBeta-Bold.otf JunicodeTwoBeta-BoldItalic.otf
copy fonts-cardo /usr/share/fonts/truetype/cardo cardo \
  Cardo104s.ttf Cardob101.ttf Cardoi99.ttf
