#!/usr/bin/env bash
# Simulator throughput and soundness: every game whose rules module has a
# simulator plays GAMES seeded games (`kartenwerk simulate`), for every player
# count its rules allow (and each variant named in VARIANTS="game/variant ...").
# Prints per run: games, rounds-or-moves checked, broken invariants, wall and
# CPU time, games per second. A broken invariant makes the script exit 1.
# Usage: bench/simulate.sh [GAME...]   (default: every game)
#        GAMES=100000 SEED=1 VARIANTS="palantir/scharfes-spiel" bench/simulate.sh palantir
set -euo pipefail
cd "$(dirname "$0")/.."
bin=build/kartenwerk
[ -x "$bin" ] || { echo "build first: make build" >&2; exit 1; }
command -v jq > /dev/null || { echo "bench/simulate.sh needs jq (scripts/install-deps.sh installs it)" >&2; exit 1; }
n=${GAMES:-100000}
seed=${SEED:-1}
games=("$@")
[ ${#games[@]} -gt 0 ] || mapfile -t games < <("$bin" list | awk '/^[^ ]/ {print $1}')
runs=()
for game in "${games[@]}"; do
  runs+=("$game/")
  for v in ${VARIANTS:-}; do [ "${v%%/*}" = "$game" ] && runs+=("$v"); done
done
out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT
status=0
printf '%-28s %9s %13s %10s %8s %8s %10s\n' "game" games "moves checked" violations "wall s" "cpu s" "games/s"
for run in "${runs[@]}"; do
  game=${run%%/*}
  variant=${run#*/}
  args=(simulate --game "$game" --games "$n" --seed "$seed" --format json)
  [ -z "$variant" ] || args+=(--variant "$variant")
  rc=0
  /usr/bin/time -f '%e %U' -o "$out/time" "$bin" "${args[@]}" > "$out/report.json" 2> "$out/err" || rc=$?
  if grep -q "has no simulator" "$out/err"; then
    printf '%-28s (no simulator)\n' "${run%/}"
    continue
  fi
  if [ ! -s "$out/report.json" ]; then
    printf '%-28s failed (exit %d): %s\n' "${run%/}" "$rc" "$(head -c 300 "$out/err")"
    status=1
    continue
  fi
  read -r wall cpu < "$out/time"
  jq -r --arg run "${run%/}" --arg wall "$wall" --arg cpu "$cpu" \
    '[$run, .games, .steps, .violations, ($wall|tonumber), ($cpu|tonumber),
      (if ($wall|tonumber) > 0 then .games / ($wall|tonumber) else 0 end)] | @tsv' "$out/report.json" |
    awk -F'\t' '{ printf "%-28s %9d %13d %10d %8.2f %8.2f %10.0f\n", $1, $2, $3, $4, $5, $6, $7 }'
  jq -r '.first_violations[]' "$out/report.json" | sed 's/^/  broken: /'
  [ "$(jq .violations "$out/report.json")" = 0 ] || status=1
done
exit $status
