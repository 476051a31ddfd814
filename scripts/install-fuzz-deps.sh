#!/usr/bin/env bash
# Installs the Debian packages `make fuzz` needs on top of scripts/install-deps.sh:
# clang 14 and its runtime libraries (libFuzzer, ASan, UBSan). Only missing ones.
set -euo pipefail
exec "$(dirname "$0")/install-deps.sh" clang-14 libclang-rt-14-dev
