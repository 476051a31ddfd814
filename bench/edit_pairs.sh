#!/usr/bin/env bash
# One-card edits of the bench deck built by two binaries in turn: each edit
# (another card's title, as bench/all.sh makes it) is built by BEFORE, then
# by AFTER, each with a cache and an output folder of its own, warmed by a
# first build. Prints each pair's wall milliseconds, then the medians.
#
# Why pairs: on a shared machine the speed drifts by a fifth within the
# hour, so two runs of bench/all.sh, one binary after the other, can say
# the opposite of what they measure; a pair shares the moment.
#
# Usage: bench/edit_pairs.sh BEFORE AFTER [CARDS] [PAIRS] [JOBS]
#   CARDS  deck size (default 1000), PAIRS (default 10), JOBS: build -j (default 2)
set -euo pipefail
[ $# -ge 2 ] || { echo "usage: bench/edit_pairs.sh BEFORE AFTER [CARDS] [PAIRS] [JOBS]" >&2; exit 2; }
before=$1 after=$2 cards=${3:-1000} pairs=${4:-10} jobs=${5:-2}
for b in "$before" "$after"; do [ -x "$b" ] || { echo "bench/edit_pairs.sh: $b is no program" >&2; exit 2; }; done
for n in "$cards" "$pairs" "$jobs"; do
  [[ "$n" =~ ^[1-9][0-9]*$ ]] || { echo "bench/edit_pairs.sh: '$n' is no positive number" >&2; exit 2; }
done
src=$(cd "$(dirname "$0")" && pwd)
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
"$src/deck.sh" "$work/deck" "$cards" > /dev/null
yaml=$work/deck/data/games/bench.yaml
build() { # $1: binary, $2: its folder
  "$1" --root "$work/deck" build --cache "$2/cache" -j "$jobs" --out "$2/out" > "$work/log" 2>&1 ||
    { cat "$work/log" >&2; exit 1; }
}
build "$before" "$work/a"
build "$after" "$work/b"
now() { date +%s%N; }
echo "pair  before ms  after ms"
for ((p = 1; p <= pairs; ++p)); do
  card=$(((p * 37) % cards + 1))
  sed -i -E "s/^(        - \\{ id: card-$card, title: \")[^\"]*/\\1Pair $p/" "$yaml"
  grep -q "id: card-$card, title: \"Pair $p\"" "$yaml" || { echo "bench/edit_pairs.sh: the edit did not apply" >&2; exit 1; }
  line=$(printf "%4d" "$p")
  for side in "$before a" "$after b"; do
    read -r bin dir <<< "$side"
    t0=$(now)
    build "$bin" "$work/$dir"
    t1=$(now)
    grep -q " 1 of $((cards + 1)) cards rendered" "$work/log" ||
      { echo "bench/edit_pairs.sh: $bin did not render exactly one card:" >&2; cat "$work/log" >&2; exit 1; }
    line="$line $(printf "%10d" $(((t1 - t0) / 1000000)))"
  done
  echo "$line"
done | tee "$work/pairs"
awk '{ a[NR] = $2; b[NR] = $3 }
  END {
    n = NR
    for (i = 1; i <= n; ++i) for (j = i + 1; j <= n; ++j) {
      if (a[j] < a[i]) { t = a[i]; a[i] = a[j]; a[j] = t }
      if (b[j] < b[i]) { t = b[i]; b[i] = b[j]; b[j] = t }
    }
    m = int((n + 1) / 2)
    printf "median  %8d  %8d   (%d pairs)\n", a[m], b[m], n
  }' "$work/pairs"
