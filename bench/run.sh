#!/usr/bin/env bash
# Speed and memory of the card pipeline, per game and per product format.
# Prints one line per measurement: wall time, time per card, peak memory.
# Then the hyphenation dictionaries: time to open each, and per word hyphenated
# (build/bench/kw_hyphenator_bench; add --whole there to compare with libhyphen
# loading the whole dictionary). Last, PNG and JPEG encoding per setting on
# the games' card PNGs (build/bench/kw_encode_bench, CPU ms per card and size).
# Usage: bench/run.sh [GAME...]   (default: every game)
set -euo pipefail
cd "$(dirname "$0")/.."
bin=build/kartenwerk
[ -x "$bin" ] || { echo "build first: make build" >&2; exit 1; }
games=("$@")
[ ${#games[@]} -gt 0 ] || mapfile -t games < <("$bin" list | awk '/^[^ ]/ {print $1}')
out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT
printf '%-14s %-8s %6s %9s %11s %10s\n' game format cards "wall s" "ms/card" "peak MiB"
for game in "${games[@]}"; do
  cards=$("$bin" list --game "$game" | awk -v g="$game" '$1 == g {gsub(/\(/, "", $3); print $3}')
  cards=$((cards + 1))  # + the back
  for format in png jpg pdf png,jpg,pdf; do
    rm -rf "${out:?}"/*
    /usr/bin/time -f '%e %M' -o "$out/time" "$bin" build --game "$game" --format "$format" --out "$out" > /dev/null
    read -r wall kib < "$out/time"
    awk -v g="$game" -v f="$format" -v n="$cards" -v w="$wall" -v k="$kib" \
      'BEGIN { printf "%-14s %-8s %6d %9.2f %11.1f %10.1f\n", g, f, n, w, 1000 * w / n, k / 1024 }'
  done
done
hyphenator_bench=build/bench/kw_hyphenator_bench
if [ -x "$hyphenator_bench" ]; then
  echo
  "$hyphenator_bench"
fi
encode_bench=build/bench/kw_encode_bench
if [ -x "$encode_bench" ]; then
  echo
  rm -rf "${out:?}"/*
  for game in "${games[@]}"; do "$bin" build --game "$game" --format png --no-cache --out "$out" > /dev/null; done
  "$encode_bench" "$out"/*/cards
fi
