#!/usr/bin/env bash
# Speed and soundness of the rules modules' simulators: for every game whose
# module has one (or the games named), plays N seeded games (default 100000)
# with `kartenwerk simulate` and prints games, moves checked, broken
# invariants, wall time and games per second. The JSON reports are kept in
# build/simulate/GAME.json for the figures. Exit status 1 when any run
# broke an invariant.
# Usage: bench/simulate.sh [-n GAMES] [-s SEED] [GAME...]
set -euo pipefail
cd "$(dirname "$0")/.."
bin=build/kartenwerk
[ -x "$bin" ] || { echo "build first: make build" >&2; exit 1; }
n=100000
seed=1
while getopts "n:s:" opt; do
  case $opt in
    n) n=$OPTARG ;;
    s) seed=$OPTARG ;;
    *) echo "usage: bench/simulate.sh [-n GAMES] [-s SEED] [GAME...]" >&2; exit 2 ;;
  esac
done
shift $((OPTIND - 1))
games=("$@")
[ ${#games[@]} -gt 0 ] || mapfile -t games < <("$bin" list | awk '/^[^ ]/ {print $1}')
out=build/simulate
mkdir -p "$out"
status=0
printf '%-16s %9s %12s %8s %9s %10s\n' game games moves broken "wall s" "games/s"
for game in "${games[@]}"; do
  json=$out/$game.json
  start=$(date +%s.%N)
  set +e
  "$bin" simulate --game "$game" --games "$n" --seed "$seed" --format json > "$json" 2> $out/$game.err
  rc=$?
  set -e
  end=$(date +%s.%N)
  if grep -q "has no simulator" $out/$game.err; then
    rm -f "$json"
    continue
  fi
  if [ ! -s "$json" ]; then
    echo "$game: simulate failed (exit $rc): $(cat $out/$game.err)" >&2
    status=1
    continue
  fi
  [ "$rc" -eq 0 ] || status=1
  python3 - "$json" "$game" "$start" "$end" <<'PY'
import json, sys
j = json.load(open(sys.argv[1]))
wall = float(sys.argv[4]) - float(sys.argv[3])
print(f"{sys.argv[2]:<16} {j['games']:>9} {j['steps']:>12} {j['violations']:>8} {wall:>9.1f} {j['games'] / wall:>10.0f}")
PY
done
exit $status
