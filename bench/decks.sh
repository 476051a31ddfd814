#!/usr/bin/env bash
# The synthetic deck of issue 17 (bench/deck.sh) built whole, as a user
# builds it: `build --format png,pdf --no-cache` into an empty folder, once
# per deck size and job count. Prints one line per build: cards (the back
# included), -j, wall and CPU seconds (user + sys), peak memory (the
# process's maximum resident set, from /usr/bin/time) and the files written.
# Each figure is the minimum of RUNS runs (the machine is shared).
# Usage: bench/decks.sh [SIZE...]   (default 55 300 1000; 10000 takes minutes)
# Environment: KW=binary (default build/kartenwerk), RUNS (default 1),
# JOBS="1 2" (the -j values).
set -euo pipefail
cd "$(dirname "$0")/.."
bin=${KW:-build/kartenwerk}
[ -x "$bin" ] || { echo "build first: make build" >&2; exit 1; }
[ -x /usr/bin/time ] || { echo "bench/decks.sh needs /usr/bin/time (Debian package time)" >&2; exit 1; }
sizes=("$@")
[ ${#sizes[@]} -gt 0 ] || sizes=(55 300 1000)
runs=${RUNS:-1}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
printf '%6s %3s %9s %9s %10s %6s\n' cards -j "wall s" "CPU s" "peak MiB" files
for size in "${sizes[@]}"; do
  bench/deck.sh "$work/deck" "$size"
  for jobs in ${JOBS:-1 2}; do
    best=""
    for ((r = 1; r <= runs; ++r)); do
      rm -rf "$work/out"
      /usr/bin/time -f '%e %U %S %M' -o "$work/time" \
        "$bin" --root "$work/deck" build --format png,pdf --no-cache -j "$jobs" --out "$work/out" > /dev/null 2> "$work/log" ||
        { cat "$work/log" >&2; exit 1; }
      read -r wall user sys kib < "$work/time"
      best=$(awk -v b="$best" -v w="$wall" -v c="$(awk -v u="$user" -v s="$sys" 'BEGIN { print u + s }')" -v k="$kib" '
        BEGIN {
          if (b == "") { print w, c, k; exit }
          split(b, x, " ")
          print (w < x[1] ? w : x[1]), (c < x[2] ? c : x[2]), (k < x[3] ? k : x[3])
        }')
    done
    files=$(find "$work/out" -type f | wc -l)
    read -r wall cpu kib <<< "$best"
    awk -v n="$((size + 1))" -v j="$jobs" -v w="$wall" -v c="$cpu" -v k="$kib" -v f="$files" \
      'BEGIN { printf "%6d %3d %9.2f %9.2f %10.1f %6d\n", n, j, w, c, k / 1024, f }'
  done
done
