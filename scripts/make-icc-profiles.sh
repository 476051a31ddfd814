#!/usr/bin/env bash
# Makes the CMYK output profiles under data/print/icc/ that data/print/color.yaml
# names, from the characterization data in Debian's icc-profiles-free package,
# with ArgyllCMS's colprof (Debian package argyll). The profiles are committed,
# so a build never runs this; run it after changing a setting below (each
# profile takes about a minute).
#
#   FOGRA39L.ti3  Fogra's FOGRA39 data (ISO 12647-2:2004/Amd 1, coated paper)
#   TR006.ti3     CGATS TR 006 (GRACoL 2006, coated paper)
# Both are under the Zlib licence (see /usr/share/doc/icc-profiles-free/copyright).
#
# Black generation: K starts at 10 % of the tone scale and rises straight to
# 100 % (a medium GCR, as ISO Coated v2 uses); black ink at most 98 %.
# Perceptual tables are gamut-mapped from sRGB, the colour space we draw in.
set -euo pipefail
cd "$(dirname "$0")/.."
for p in argyll icc-profiles-free; do
  dpkg-query -W -f='${Status}' "$p" 2> /dev/null | grep -q 'install ok installed' ||
    { echo "make-icc-profiles: needs the Debian package $p (apt-get install $p)" >&2; exit 1; }
done
data=/usr/share/color/icc
srgb=$data/sRGB.icc
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
make_profile() { # <ti3 basename> <total ink %> <output> <description>
  cp "$data/$1.ti3" "$work/"
  colprof -qm -k p 0 0.1 1.0 1.0 1.0 -l"$2" -L98 -S "$srgb" -nc -D "$4" \
    -C "CC0 (kartenwerk, scripts/make-icc-profiles.sh); data: $1 via icc-profiles-free, Zlib licence" \
    -O "$work/out.icc" "$work/$1" > "$work/log" 2>&1 || { cat "$work/log" >&2; exit 1; }
  mv "$work/out.icc" "$3"
  echo "wrote $3"
}
mkdir -p data/print/icc
make_profile FOGRA39L 300 data/print/icc/kartenwerk-fogra39-300.icc "kartenwerk FOGRA39 coated 300% (ArgyllCMS from FOGRA39L)"
make_profile TR006 240 data/print/icc/kartenwerk-gracol-240.icc "kartenwerk GRACoL coated 240% (ArgyllCMS from CGATS TR 006)"
