#!/usr/bin/env bash
# clang-tidy with the committed .clang-tidy over the sources of generator/,
# tests/, bench/ and tools/ (`make tidy`; CI runs it through `make lint`).
# Usage: scripts/tidy.sh BUILD_DIR [FILE.cpp ...]
# BUILD_DIR holds compile_commands.json (cmake configures it); with files,
# only those translation units are checked (e.g. the ones a change touched).
# Exits 1 when any finding is left, printing each once.
#
# One known clang 14 error is not ours and is let through: qpdf 11.3's
# <qpdf/JSON.hh> keeps a std::vector<JSON> while JSON is incomplete, which
# GCC accepts and clang rejects in C++20 (fixed in qpdf 11.4, qpdf issue 942);
# clang-tidy still checks the rest of those files.
set -euo pipefail
build=${1:?usage: scripts/tidy.sh BUILD_DIR [FILE.cpp ...]}
shift
root=$(cd "$(dirname "$0")/.." && pwd)
db="$build/compile_commands.json"
[ -f "$db" ] || { echo "tidy: no $db (configure first: make configure)" >&2; exit 2; }
jobs=${JOBS:-$(nproc)}

if [ $# -gt 0 ]; then
  files=("$@")
else
  # Every translation unit of the build that is a source of ours (not one
  # that the build generates).
  mapfile -t files < <(python3 -c '
import json, os, sys
root = os.path.realpath(sys.argv[2])
for e in json.load(open(sys.argv[1])):
    f = os.path.realpath(os.path.join(e["directory"], e["file"]))
    rel = os.path.relpath(f, root)
    if rel.split(os.sep)[0] in ("generator", "tests", "bench", "tools"):
        print(rel)' "$db" "$root" | sort -u)
fi
[ ${#files[@]} -gt 0 ] || { echo "tidy: no files to check" >&2; exit 2; }

out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT
export build out root
check_one() {
  local f=$1 log
  log="$out/$(echo "$f" | tr '/' '_').log"
  clang-tidy -p "$build" --quiet "$root/$f" > "$log" 2>&1 && echo 0 > "$log.rc" || echo $? > "$log.rc"
}
export -f check_one
start=$(date +%s)
printf '%s\n' "${files[@]}" | xargs -P "$jobs" -I{} bash -c 'check_one "$1"' _ {}

# A finding: "file:line:col: warning|error: message [check]", or an error
# without a place. The qpdf one above is dropped; a run that failed without
# saying why counts too.
findings=$(mktemp)
failed_silently=()
for rc in "$out"/*.rc; do
  log=${rc%.rc}
  grep -E '^[^ ].*:[0-9]+:[0-9]+: (warning|error): |^error: ' "$log" |
    grep -vE "^/usr/.*: error: .*(incomplete type 'JSON'|__type_identity<JSON>).*\[clang-diagnostic-error\]$" \
      >> "$findings" || true
  if [ "$(cat "$rc")" != 0 ] && ! grep -qE ': (warning|error): ' "$log"; then
    failed_silently+=("$log")
  fi
done
elapsed=$(( $(date +%s) - start ))
count=$(sort -u "$findings" | wc -l)
if [ "$count" -gt 0 ] || [ ${#failed_silently[@]} -gt 0 ]; then
  sort -u "$findings" | sed "s|^$root/||"
  for log in "${failed_silently[@]}"; do cat "$log"; done
  echo "tidy: $count findings in ${#files[@]} files (${elapsed} s); see .clang-tidy for how to fix or suppress one" >&2
  rm -f "$findings"
  exit 1
fi
rm -f "$findings"
echo "tidy: ${#files[@]} files clean (${elapsed} s)"
