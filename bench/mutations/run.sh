#!/bin/sh
# Mutation benchmark of `kartenwerk check` on rule texts (see README.md here).
# Usage: bench/mutations/run.sh KW_BINARY REPO_ROOT [--only ID-SUBSTRING] [--out DIR]
# CASES=bench/mutations/outside2.yaml runs another set of cases.
set -eu
if [ $# -lt 2 ]; then
  echo "usage: $0 KW_BINARY REPO_ROOT [--only ID-SUBSTRING] [--out DIR]" >&2
  exit 2
fi
here=$(cd "$(dirname "$0")" && pwd)
kw=$1 root=$2
shift 2
exec python3 "$here/harness.py" "$kw" "$root" "${CASES:-$here/cases.yaml}" "$@"
