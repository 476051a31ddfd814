#!/usr/bin/env bash
# Installs the Debian packages kartenwerk needs, and only those that are missing.
# `make` and `make test` call this first, so a fresh Debian machine needs nothing else.
# With package names as arguments it installs those instead (make fuzz and make lint do).
set -euo pipefail
packages=(
  build-essential cmake pkg-config ninja-build
  libcairo2-dev librsvg2-dev libharfbuzz-dev libfreetype-dev libicu-dev
  libhyphen-dev hyphen-de hyphen-en-us hyphen-fr libpng-dev libjpeg-dev libwebp-dev zlib1g-dev
  libgtest-dev libgmock-dev
  qpdf ghostscript poppler-utils time
  jq  # bench/simulate.sh reads the simulators' JSON reports
  strace  # tests/cli/bad_input_test.cpp traces what each hostile input makes kartenwerk open
  libqpdf-dev libssl-dev libgs-common liblcms2-dev
  libcli11-dev libfmt-dev libgettextpo-dev nlohmann-json3-dev
  libcpp-httplib-dev
  libcsv-dev libxlsxwriter-dev libminizip-dev libxml2-dev  # table export/import: CSV, xlsx
  libgit2-dev git  # `diff REV`, `build --changed-since REV`: the project as a git revision has it (git: the tests make repositories)
  libyaml-dev  # reads every YAML file (yaml/value.cpp)
  libyaml-cpp-dev  # only the test that shipped files read as yaml-cpp read them (tests/yaml/limits_test.cpp)
  libdeflate-dev  # the PNG writer's checksums, the overview's cells read back (render/)
  libspng-dev  # only a candidate that bench/encode_bench.cpp measures
  chromium nodejs
  python3-jsonschema python3-yaml  # tests/schema/validate_schemas.py checks schema/ with a real validator
  # tests/support/script_fonts.h: Hebrew and Arabic (DejaVu Sans, 3 MB), Chinese and
  # Japanese (WenQuanYi Micro Hei, 5 MB); the smallest Debian fonts that cover them
  # (fonts-noto-core is 43 MB, fonts-noto-cjk 91 MB). Only tests use them.
  fonts-dejavu-core fonts-wqy-microhei
)
[ $# -gt 0 ] && packages=("$@")
missing=()
for p in "${packages[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q 'install ok installed' || missing+=("$p")
done
# npm comes with NodeSource's nodejs, and as its own package with Debian's.
[ $# -gt 0 ] || command -v npm > /dev/null || missing+=(npm)
[ ${#missing[@]} -eq 0 ] && exit 0
echo "installing missing Debian packages: ${missing[*]}"
sudo=""
[ "$(id -u)" -eq 0 ] || sudo="sudo"
export DEBIAN_FRONTEND=noninteractive
$sudo apt-get update -qq
$sudo apt-get install -y -qq --no-install-recommends "${missing[@]}"
