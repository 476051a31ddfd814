#!/usr/bin/env bash
# Spreadsheets at the size the feature is for: Duell's Gandalf deck grown to
# N cards (default 1000; its 27 rows repeated under new ids) on a copy of the
# project. Prints, each the median of RUNS runs (default 5):
#   - table export to CSV and to xlsx,
#   - table import of the unchanged CSV (compares every row: nothing written),
#   - table import with one cell edited (rewrites the deck, reloads the database),
#   - `list` with the deck in the YAML, and with the deck read from a CSV file
#     (cards_csv), to compare the loader's two ways in.
# Usage: bench/table.sh [N] [RUNS]
set -euo pipefail
cd "$(dirname "$0")/.."
bin=$PWD/build/kartenwerk
[ -x "$bin" ] || { echo "build first: make build" >&2; exit 1; }
n=${1:-1000}
runs=${2:-5}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
root=$work/project
mkdir -p "$root"
cp -r data layouts templates fonts "$root"/

now() { date +%s.%N; }
since() { awk -v a="$1" -v b="$(now)" 'BEGIN { printf "%.4f", b - a }'; }
median() { sort -g | awk '{ a[NR] = $1 } END { printf "%.3f", a[int((NR + 1) / 2)] }'; }
k() { "$bin" --root "$root" "$@" > /dev/null; }

# The grown deck: the 27 Gandalf rows again and again, ids numbered (the
# counterpart column emptied: a counterpart must be unique).
k table export --game duell --deck gandalf --out "$work/g.csv"
awk -F, -v n="$n" 'NR == 1 { print; next } { rows[NR - 1] = $0 } END {
  for (i = 0; i < n; i++) { r = rows[i % 27 + 1]; split(r, c, ","); sub(/^[^,]*/, "x" i, r); print r } }' \
  "$work/g.csv" | awk -F, 'BEGIN { OFS = "," } NR > 1 { $9 = "" } { print }' > "$work/big.csv"
k table import --game duell --deck gandalf "$work/big.csv"

time_of() {  # $1: label, rest: command; runs it RUNS times, prints the median
  local label=$1
  shift
  for _ in $(seq "$runs"); do
    t=$(now)
    "$@"
    since "$t"
    echo
  done | median | xargs printf "%-44s %s s\n" "$label"
}

edit() {  # one cell changed, then imported
  sed 's/^x5,,gandalf,[^,]*,/x5,,gandalf,Bearbeitet '"$RANDOM"',/' "$work/big.csv" > "$work/edit.csv"
  k table import --game duell --deck gandalf "$work/edit.csv"
}

echo "Gandalf deck with $n cards, median of $runs runs"
time_of "table export --format csv" k table export --game duell --deck gandalf --out "$work/e.csv"
time_of "table export --format xlsx" k table export --game duell --deck gandalf --format xlsx --out "$work/e.xlsx"
k table export --game duell --deck gandalf --out "$work/now.csv"
time_of "table import (unchanged CSV)" k table import --game duell --deck gandalf "$work/now.csv"
time_of "table import (one cell edited)" edit
time_of "list (cards in the YAML)" k list --game duell
k table export --game duell --deck gandalf --out "$root/data/games/gandalf.csv"
python3 - "$root/data/games/duell.yaml" <<'PY'
import sys
p = sys.argv[1]
s = open(p).read()
a = s.index("      cards:\n", s.index("    - id: gandalf\n"))
b = s.index("    - id: balrog\n")
open(p, "w").write(s[:a] + "      cards_csv: gandalf.csv\n" + s[b:])
PY
time_of "list (cards_csv)" k list --game duell
