#!/usr/bin/env bash
# The incremental build, as a designer's edit-and-look loop meets it: on a
# copy of the project with a cache of its own, for Palantír (56 cards) and
# for a synthetic deck of about 300 cards (Palantír's playing cards repeated
# six times under new ids; built with --force, as the rules want 48), prints
#   - a first build with an empty cache,
#   - a rebuild with nothing changed,
#   - a one-card edit (a card's name): time until its new PNG is on disk, and
#     until the build has finished (every file that holds the card re-made),
# each the median of RUNS runs, for all formats and for --format png.
# Usage: bench/incremental.sh [RUNS]   (default 5)
set -euo pipefail
cd "$(dirname "$0")/.."
bin=$PWD/build/kartenwerk
[ -x "$bin" ] || { echo "build first: make build" >&2; exit 1; }
runs=${1:-5}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

now() { date +%s.%N; }
since() { awk -v a="$1" -v b="$(now)" 'BEGIN { printf "%.4f", b - a }'; }
median() { sort -g | awk '{ a[NR] = $1 } END { printf "%.3f", a[int((NR + 1) / 2)] }'; }

# $1: label, $2: how many times the playing deck is repeated, $3: --format value
measure() {
  local label=$1 times=$2 format=$3
  local root=$work/project cache=$work/cache out=$work/out
  rm -rf "$root" "$cache" "$out"
  mkdir -p "$root"
  cp -r data layouts templates fonts "$root"/
  local yaml=$root/data/games/palantir.yaml
  if [ "$times" -gt 1 ]; then
    # The playing deck's card lines, repeated under ids with -r2, -r3, ...
    awk -v times="$times" '
      /^    - id: playing/ { in_deck = 1 }
      in_deck && /^    - id: reference/ {
        for (k = 2; k <= times; ++k) for (i = 1; i <= n; ++i) { l = lines[i]; sub(/id: [a-z0-9-]+/, "&-r" k, l); print l }
        in_deck = 0
      }
      in_deck && collecting { lines[++n] = $0 }
      in_deck && /^      cards:/ { collecting = 1 }
      { print }' "$yaml" > "$yaml.new" && mv "$yaml.new" "$yaml"
  fi
  local build=("$bin" --root "$root" build --game palantir --force --format "$format" --cache "$cache" --out "$out")
  local t0
  t0=$(now)
  "${build[@]}" > "$work/log" 2>&1 || { cat "$work/log" >&2; exit 1; }
  local first; first=$(since "$t0")
  local cards; cards=$(find "$out/palantir/cards" -name '*.png' | wc -l)
  local nochange=() png=() done=()
  for ((i = 1; i <= runs; ++i)); do
    t0=$(now)
    "${build[@]}" > /dev/null 2>&1
    nochange+=("$(since "$t0")")
  done
  local target; target=$(find "$out/palantir/cards" -name '*-gondor-hobbit-1.png' | head -1)
  for ((i = 1; i <= runs; ++i)); do
    local before; before=$(stat -c %Y.%y "$target")
    sed -i -E "s/good: \{ name: Pippin[^}]*\}/good: { name: Pippin $i }/" "$yaml"
    t0=$(now)
    "${build[@]}" > /dev/null 2>&1 &
    local pid=$!
    while [ "$(stat -c %Y.%y "$target" 2> /dev/null)" = "$before" ]; do
      if ! kill -0 $pid 2> /dev/null; then
        [ "$(stat -c %Y.%y "$target" 2> /dev/null)" != "$before" ] && break
        echo "the build ended without a new $target" >&2
        exit 1
      fi
      sleep 0.002
    done
    png+=("$(since "$t0")")
    wait $pid
    done+=("$(since "$t0")")
  done
  printf '%-26s %-12s %5d %9.3f %11s %12s %12s\n' "$label" "$format" "$cards" "$first" \
    "$(printf '%s\n' "${nochange[@]}" | median)" "$(printf '%s\n' "${png[@]}" | median)" \
    "$(printf '%s\n' "${done[@]}" | median)"
}

printf '%-26s %-12s %5s %9s %11s %12s %12s\n' game formats cards "first s" "no change s" "edit->png s" "edit->done s"
measure "palantir" 1 png,jpg,pdf
measure "palantir" 1 png
measure "palantir x6 (~300 cards)" 6 png,jpg,pdf
measure "palantir x6 (~300 cards)" 6 png
