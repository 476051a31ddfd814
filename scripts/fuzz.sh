#!/usr/bin/env bash
# Runs each libFuzzer target of build-fuzz/ for FUZZ_SECONDS (default 60) on
# its corpus build-fuzz/corpus/<target>/ (new inputs are added there), and
# reports executions and findings. Crashes, leaks and timeouts are written to
# build-fuzz/findings/<target>/ (reproduce one: build-fuzz/fuzz_<target> FILE).
# Usage: scripts/fuzz.sh [target ...]   (default: yaml markup expression po svg)
# Exit status 1 when a target found something.
set -uo pipefail
cd "$(dirname "$0")/.."
build=$(realpath -m "${FUZZ_BUILD:-build-fuzz}")
seconds=${FUZZ_SECONDS:-60}
targets=("$@")
[ ${#targets[@]} -eq 0 ] && targets=(yaml markup expression po svg)
status=0
summary=()
for t in "${targets[@]}"; do
  findings="$build/findings/$t"
  mkdir -p "$findings" "$build/corpus/$t"
  log="$build/findings/$t.log"  # beside, not in, the findings folder
  echo "fuzzing $t for ${seconds}s (log: $log)"
  before=$(find "$findings" -maxdepth 1 -type f | wc -l)
  # -timeout: an input taking 10 s is a finding; -rss_limit_mb: librsvg and
  # the YAML reader under ASan need more than the default 2 GB on big inputs.
  extra=()
  # libgettextpo leaks a few bytes on every read (suppressed, see
  # core/diagnostic.cpp), and a leak after an input makes libFuzzer run a full
  # LeakSanitizer scan: 10 runs a second instead of over 1000.
  [ "$t" = po ] && extra+=(-detect_leaks=0)
  (cd "$findings" && "$build/fuzz_$t" -max_total_time="$seconds" -timeout=10 -rss_limit_mb=3072 \
     -max_len=16384 -print_final_stats=1 "${extra[@]}" "$build/corpus/$t") > "$log" 2>&1
  rc=$?
  execs=$(grep -oE 'stat::number_of_executed_units: *[0-9]+' "$log" | grep -oE '[0-9]+$' | tail -1)
  after=$(find "$findings" -maxdepth 1 -type f | wc -l)
  found=$((after - before))
  summary+=("$t: ${execs:-?} executions, $found new findings (exit $rc), corpus $(ls "$build/corpus/$t" | wc -l)")
  if [ "$rc" -ne 0 ] || [ "$found" -gt 0 ]; then
    status=1
    grep -m1 -E 'ERROR: (AddressSanitizer|libFuzzer|LeakSanitizer)|runtime error' "$log" || true
  fi
done
printf '%s\n' "${summary[@]}"
exit $status
