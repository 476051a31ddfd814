#!/usr/bin/env bash
# The benchmark of issue 17 (`make bench`): the synthetic deck of bench/deck.sh
# (768 x 1146 px cards at 300 dpi, one shared back) at each size, built as a
# kartenwerk game, then the five real games. Prints one fixed-width table.
#
# Per deck size and -j, each mode RUNS times:
#   full         build --no-cache (the default formats: PNG, JPEG, PDF; the
#                deck has no PnP sheets) into an empty folder
#   pngpdf       build --format png,pdf --no-cache: a PNG per card and
#                the PDFs, what Squib makes (issue 31: "PNG + PDF")
#   png          build --format png --no-cache
#   pdf          build --format pdf --no-cache
#   encode       the bound: the card PNG files the png mode wrote (cards/, not
#                overview.png), decoded beforehand (untimed), encoded again
#                with kartenwerk's default PNG setting (`--png fast`) on -j
#                threads: build/bench/kw_encode_bench --wall
#   incremental  one card's title edited in the deck's YAML (another card and
#                title each run), then build with a cache folder warmed by a
#                first build (untimed); must print "1 of N cards rendered"
#   nochange     the same build again with nothing changed ("up to date")
# and per size `check` and `list`. Where Squib can be loaded, the same deck
# made by Squib (bench/squib/deck.rb, from the CSV bench/deck.sh writes
# beside the YAML) RUNS times per size, each run right after kartenwerk's
# run of the same files at the first -j: after `pngpdf` Squib's PNGs and
# PDF, after `png` and `pdf` one of them (none after `full`, which also
# writes JPEGs, TTS sheets and the overview, which Squib does not). Then the real games of this checkout:
# build --lang all --no-cache per -j, check and list, and the speed-up of
# the first -j over each other (-j1/-j2 by default).
#
# Columns: wall and CPU (user + sys) seconds, min and median of the runs;
# peak MiB: the largest maximum resident set of the runs (/usr/bin/time;
# for encode "-": that process holds decoded cards, not a build's memory);
# x enc: min wall / min wall of encode at the same size and -j (how far a
# build is from only writing its PNG files).
#
# Usage: bench/all.sh   (make bench)
# Environment:
#   SIZES="55 300 1000"  deck sizes in cards (the back not counted); 10000 is
#                        opt-in: a minute or more per build on 2 cores, and
#                        passes --limit pages=N (above the default 10000)
#   RUNS=3               runs of each measurement
#   JOBS="1 2"           the -j values (the first is the speed-up's base)
#   MODES="full pngpdf png pdf encode incremental nochange check list"
#                        the deck modes to run (encode without png makes the
#                        PNG files once, untimed)
#   GAMES=1              0: no real games
#   SQUIB=auto           Squib's runs where `ruby -e 'require "squib"'` works;
#                        0: never; 1: stop if Squib cannot be loaded
#   SQUIB_RUBY=ruby      the Ruby command, split at spaces (for example
#                        "ruby -I/path/to/squib/lib" for an unpacked Squib)
#   KW=build/kartenwerk  the binary; ENCODE_BENCH=build/bench/kw_encode_bench
set -euo pipefail
cd "$(dirname "$0")/.."
bin=${KW:-build/kartenwerk}
encode_bench=${ENCODE_BENCH:-build/bench/kw_encode_bench}
sizes=${SIZES-55 300 1000}
runs=${RUNS:-3}
jobs_list=${JOBS:-1 2}
modes=${MODES:-full pngpdf png pdf encode incremental nochange check list}
games=${GAMES:-1}
squib=${SQUIB:-auto}
read -ra squib_ruby <<< "${SQUIB_RUBY:-ruby}"
[ -x "$bin" ] || { echo "bench/all.sh: build first: make build ($bin is missing)" >&2; exit 1; }
[ -x /usr/bin/time ] || { echo "bench/all.sh needs /usr/bin/time (Debian package time)" >&2; exit 1; }
[[ "$runs" =~ ^[1-9][0-9]*$ ]] || { echo "bench/all.sh: RUNS must be a positive number" >&2; exit 2; }
for s in $sizes; do [[ "$s" =~ ^[1-9][0-9]*$ ]] || { echo "bench/all.sh: SIZES: '$s' is no card count" >&2; exit 2; }; done
for j in $jobs_list; do [[ "$j" =~ ^[1-9][0-9]*$ ]] || { echo "bench/all.sh: JOBS: '$j' is no -j value" >&2; exit 2; }; done
for m in $modes; do
  case $m in
    full | pngpdf | png | pdf | encode | incremental | nochange | check | list) ;;
    *) echo "bench/all.sh: MODES: no mode '$m'" >&2; exit 2 ;;
  esac
done
case $squib in
  auto | 0 | 1) ;;
  *) echo "bench/all.sh: SQUIB must be auto, 0 or 1" >&2; exit 2 ;;
esac
[ ${#squib_ruby[@]} -gt 0 ] || { echo "bench/all.sh: SQUIB_RUBY is empty" >&2; exit 2; }
if [[ " $modes " == *" encode "* ]] && [ ! -x "$encode_bench" ]; then
  echo "bench/all.sh: the encode mode needs $encode_bench (make build)" >&2
  exit 1
fi
bin=$(cd "$(dirname "$bin")" && pwd)/$(basename "$bin")
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
trap 'exit 130' INT TERM

has() { [[ " $modes " == *" $1 "* ]]; }
# A folder of the previous run goes aside, deleted when the bench ends, not
# before the next run: on ext4 without a journal (this machine's disk)
# every file created within a minute or so of deleting thousands made the
# kernel skip each recently deleted inode one by one (find_inode_bit ->
# recently_deleted), up to a second of system time for a 1000-card build
# that a journaled disk never pays. Kept aside, the runs' folders take about
# 4 GB at the default sizes (some 40 GB with SIZES=10000).
aside=0
set_aside() {
  [ -e "$1" ] || return 0
  mkdir -p "$work/aside"
  aside=$((aside + 1))
  mv "$1" "$work/aside/$aside"
}
now() { date +%s%N; }

# Squib: a Ruby gem, which the install step (Debian and npm packages only)
# cannot install; it is timed only where a tester has it. squib_why says why
# it is not.
squib_version=
squib_why=
if [ "$squib" = 0 ]; then
  squib_why="skipped (SQUIB=0)"
elif ! has pngpdf && ! has png && ! has pdf; then
  squib_why="skipped (MODES has none of pngpdf, png, pdf)"
elif ! command -v "${squib_ruby[0]}" > /dev/null 2>&1; then
  squib_why="no '${squib_ruby[0]}' on PATH (Squib is a Ruby gem: gem install squib)"
elif ! squib_version=$("${squib_ruby[@]}" -e 'require "squib"; print Squib::VERSION' 2> "$work/squib.err"); then
  squib_version=
  squib_why="\`${squib_ruby[*]} -e 'require \"squib\"'\` failed ($(awk '/[Ee]rror/ { sub(/^.*: /, ""); print; exit }' \
    "$work/squib.err")); to compare with Squib: gem install squib"
fi
if [ -n "$squib_why" ] && [ "$squib" = 1 ]; then
  echo "bench/all.sh: SQUIB=1, but Squib: $squib_why" >&2
  exit 1
fi
read -r base_jobs _ <<< "$jobs_list"

# squib_made DIR WHAT CARDS: Squib's run wrote what it was asked to.
squib_made() {
  local dir=$1 what=$2 cards=$3 n
  n=$(find "$dir" -maxdepth 1 -name 'card_*.png' | wc -l)
  if [ "$what" = pdf ]; then [ "$n" = 0 ]; else [ "$n" = "$cards" ]; fi ||
    { echo "bench/all.sh: Squib ($what) wrote $n card PNGs for $cards cards" >&2; cat "$work/log" >&2; exit 1; }
  if [ "$what" = png ]; then [ ! -e "$dir/cards.pdf" ]; else [ -s "$dir/cards.pdf" ]; fi ||
    { echo "bench/all.sh: Squib ($what): cards.pdf is not as asked" >&2; cat "$work/log" >&2; exit 1; }
}

# timed FILE CMD...: runs CMD once (its output in $work/log), appends
# "wall cpu kib" to FILE; stops the bench with the log when CMD fails.
timed() {
  local file=$1 t0 t1 user sys kib
  shift
  t0=$(now)
  /usr/bin/time -f '%U %S %M' -o "$work/time" "$@" > "$work/log" 2>&1 ||
    { echo "bench/all.sh: failed: $*" >&2; tail -20 "$work/log" >&2; exit 1; }
  t1=$(now)
  read -r user sys kib < <(tail -1 "$work/time")
  awk -v t0="$t0" -v t1="$t1" -v u="$user" -v s="$sys" -v k="$kib" \
    'BEGIN { printf "%.3f %.2f %d\n", (t1 - t0) / 1e9, u + s, k }' >> "$file"
}

# stats FILE: "wall-min wall-median cpu-min cpu-median kib-max" of its lines.
stats() {
  awk '
    { w[NR] = $1; c[NR] = $2; if ($3 != "-" && $3 > k) k = $3; if ($3 == "-") dash = 1 }
    function median(a, n,   i, j, t, b) {
      for (i = 1; i <= n; ++i) b[i] = a[i]
      for (i = 2; i <= n; ++i) for (j = i; j > 1 && b[j - 1] > b[j]; --j) { t = b[j]; b[j] = b[j - 1]; b[j - 1] = t }
      return n % 2 ? b[(n + 1) / 2] : (b[n / 2] + b[n / 2 + 1]) / 2
    }
    function min(a, n,   i, m) { m = a[1]; for (i = 2; i <= n; ++i) if (a[i] < m) m = a[i]; return m }
    END { print min(w, NR), median(w, NR), min(c, NR), median(c, NR), dash ? "-" : k }' "$1"
}

format='%-6s %3s %-11s %4s %9s %9s %8s %8s %9s %7s\n'
# row DECK J MODE FILE [BOUND-FILE]: one table line (x enc from BOUND-FILE).
row() {
  local deck=$1 j=$2 mode=$3 file=$4 bound=${5:-} wmin wmed cmin cmed kib ratio="-" bmin
  read -r wmin wmed cmin cmed kib < <(stats "$file")
  if [ -n "$bound" ] && [ -s "$bound" ]; then
    read -r bmin _ < <(stats "$bound")
    ratio=$(awk -v a="$wmin" -v b="$bmin" 'BEGIN { printf (b > 0 ? "%.2f" : "-"), a / b }')
  fi
  [ "$kib" = "-" ] || kib=$(awk -v k="$kib" 'BEGIN { printf "%.0f", k / 1024 }')
  # shellcheck disable=SC2059  # the one format of every line
  printf "$format" "$deck" "$j" "$mode" "$(wc -l < "$file")" \
    "$(printf %.2f "$wmin")" "$(printf %.2f "$wmed")" "$(printf %.2f "$cmin")" "$(printf %.2f "$cmed")" "$kib" "$ratio"
}

# expect TEXT: the last build's output must contain TEXT.
expect() {
  grep -qF "$1" "$work/log" || { echo "bench/all.sh: the build did not print '$1':" >&2; cat "$work/log" >&2; exit 1; }
}

echo "kartenwerk bench: $("$bin" --version), commit $(git rev-parse --short HEAD 2> /dev/null || echo '?')," \
  "$(nproc) cores, load average $(cut -d' ' -f1-3 /proc/loadavg) at the start"
echo "SIZES=\"$sizes\" RUNS=$runs JOBS=\"$jobs_list\" MODES=\"$modes\" GAMES=$games"
if [ -n "$squib_version" ]; then
  echo "Squib $squib_version (${squib_ruby[*]}, $("${squib_ruby[@]}" -e 'print RUBY_VERSION')): runs after each" \
    "pngpdf/png/pdf run at -j$base_jobs, its table at the end"
else
  echo "Squib: $squib_why"
fi
echo "wall and CPU (user+sys) in s, min and median of the runs; peak MiB: largest max RSS;"
echo "x enc: min wall / encode-only min wall (same deck and -j); deck: cards + one back"
echo
# shellcheck disable=SC2059
printf "$format" deck -j mode runs "wall min" "wall med" "CPU min" "CPU med" "peak MiB" "x enc"

for size in $sizes; do
  deck=$work/deck
  for d in "$deck" "$work/cache" "$work/inc" "$work/png"; do set_aside "$d"; done
  bench/deck.sh "$deck" "$size"
  k=("$bin" --root "$deck")
  [ "$size" -lt 10000 ] || k+=(--limit "pages=$((size + 1))")
  t=$work/t.$size
  mkdir -p "$t"
  title=0  # each edit a new title, never one the cache has seen
  for j in $jobs_list; do
    for mode in full pngpdf png pdf; do
      has "$mode" || continue
      # The formats asked for, and what Squib makes of the same (none: no
      # Squib run after this mode).
      case $mode in
        full) format_arg=() squib_what= ;;
        pngpdf) format_arg=(--format "png,pdf") squib_what=both ;;
        *) format_arg=(--format "$mode") squib_what=$mode ;;
      esac
      for ((r = 1; r <= runs; ++r)); do
        set_aside "$work/out"
        timed "$t/$mode.$j" "${k[@]}" build "${format_arg[@]}" --no-cache -j "$j" --out "$work/out"
        if [ "$mode" = pdf ]; then expect "files in"; else expect "$((size + 1)) cards rendered"; fi
        # Squib right after, so that each pair of runs saw the same load.
        if [ -n "$squib_version" ] && [ -n "$squib_what" ] && [ "$j" = "$base_jobs" ]; then
          set_aside "$work/squib-out"
          timed "$t/squib-$mode" "${squib_ruby[@]}" bench/squib/deck.rb "$deck" "$work/squib-out" "$squib_what"
          squib_made "$work/squib-out" "$squib_what" "$size"
        fi
      done
      if [ "$mode" = png ]; then set_aside "$work/png" && mv "$work/out" "$work/png"; fi
    done
    if has encode; then
      if [ ! -d "$work/png" ]; then
        "${k[@]}" build --format png --no-cache -j "$j" --out "$work/png" > "$work/log" 2>&1 ||
          { cat "$work/log" >&2; exit 1; }
      fi
      "$encode_bench" --wall --threads "$j" --runs "$runs" --only "kartenwerk --png fast" "$work/png/bench/cards" \
        > "$work/encode" || { echo "bench/all.sh: $encode_bench failed" >&2; exit 1; }
      n=$(awk 'NR == 1 { print $3 }' "$work/encode")
      [ "$n" = $((size + 1)) ] || { echo "bench/all.sh: encode read $n cards, not $((size + 1))" >&2; exit 1; }
      awk '{ print $1, $2, "-" }' "$work/encode" > "$t/encode.$j"
    fi
    if has incremental || has nochange; then
      inc=("${k[@]}" build --cache "$work/cache" -j "$j" --out "$work/inc")
      if [ ! -d "$work/cache" ]; then
        "${inc[@]}" > "$work/log" 2>&1 || { cat "$work/log" >&2; exit 1; }
      fi
      for ((r = 1; r <= runs; ++r)); do
        if has incremental; then
          title=$((title + 1))
          card=$(((title * 37) % size + 1))
          sed -i -E "s/^(        - \\{ id: card-$card, title: \")[^\"]*/\\1Edit $title/" "$deck/data/games/bench.yaml"
          grep -q "id: card-$card, title: \"Edit $title\"" "$deck/data/games/bench.yaml" ||
            { echo "bench/all.sh: the edit of card-$card did not apply" >&2; exit 1; }
          timed "$t/incremental.$j" "${inc[@]}"
          expect "1 of $((size + 1)) cards rendered"
        fi
        if has nochange; then
          timed "$t/nochange.$j" "${inc[@]}"
          expect "up to date"
        fi
      done
    fi
    for mode in full pngpdf png pdf encode incremental nochange; do
      [ -s "$t/$mode.$j" ] || continue
      row "$size" "$j" "$mode" "$t/$mode.$j" "$t/encode.$j"
    done
  done
  for mode in check list; do
    has "$mode" || continue
    for ((r = 1; r <= runs; ++r)); do timed "$t/$mode" "${k[@]}" "$mode"; done
    row "$size" - "$mode" "$t/$mode"
  done
done

if [ "$games" != 0 ]; then
  t=$work/t.games
  mkdir -p "$t"
  for j in $jobs_list; do
    for ((r = 1; r <= runs; ++r)); do
      set_aside "$work/out"
      timed "$t/build.$j" "$bin" build --lang all --no-cache -j "$j" --out "$work/out"
    done
    row games "$j" "build all" "$t/build.$j"
  done
  for mode in check list; do
    for ((r = 1; r <= runs; ++r)); do timed "$t/$mode" "$bin" "$mode"; done
    row games - "$mode" "$t/$mode"
  done
  read -r base _ <<< "$jobs_list"
  for j in $jobs_list; do
    [ "$j" != "$base" ] || continue
    read -r bmin bmed _ < <(stats "$t/build.$base")
    read -r jmin jmed _ < <(stats "$t/build.$j")
    awk -v b="$base" -v j="$j" -v bmin="$bmin" -v bmed="$bmed" -v jmin="$jmin" -v jmed="$jmed" \
      'BEGIN { printf "games speed-up -j%s/-j%s: %.2f (min wall), %.2f (median wall)\n", b, j, bmin / jmin, bmed / jmed }'
  done
fi
# One-card edit latencies: the incremental rows again, per deck size, as the
# issue asks for them (edit saved -> build done, every changed file written).
if has incremental; then
  echo
  echo "one-card edit -> build done (build --cache, median of $runs; wall s / CPU s):"
  for j in $jobs_list; do
    line="  -j$j"
    for size in $sizes; do
      f=$work/t.$size/incremental.$j
      [ -s "$f" ] || continue
      read -r _ wmed _ cmed _ < <(stats "$f")
      line+=$(printf "   %s cards %.2f / %.2f" "$size" "$wmed" "$cmed")
    done
    echo "$line"
  done
fi

# Where a card's time goes: one more clean build per deck size (-j1, so the
# spans do not overlap), its `build -v` stage table as milliseconds per
# card and share of the build's wall time.
if has full; then
  echo
  echo "per-stage cost per card (build --no-cache -j1 -v, one run; ms per card = stage total / cards):"
  printf '%-6s %-14s %8s %11s %6s\n' deck stage count "ms/card" share
  for size in $sizes; do
    deck=$work/deck
    set_aside "$deck"
    set_aside "$work/out"
    bench/deck.sh "$deck" "$size"
    k=("$bin" --root "$deck")
    [ "$size" -lt 10000 ] || k+=(--limit "pages=$((size + 1))")
    "${k[@]}" build --no-cache -j 1 -v --out "$work/out" > "$work/log" 2>&1 ||
      { echo "bench/all.sh: failed: ${k[*]} build -v" >&2; tail -20 "$work/log" >&2; exit 1; }
    awk -v d="$size" -v n="$((size + 1))" '
      /^Time per stage:/ { on = 1; next }
      on && /^stage / { next }
      on && /^wall / { on = 0; next }
      on && NF >= 5 {
        name = $1; for (i = 2; i <= NF - 4; ++i) name = name " " $i
        printf "%-6s %-14s %8s %11.2f %6s\n", d, name, $(NF - 3), $(NF - 2) / n, $NF
      }' "$work/log"
  done
fi

# Squib beside kartenwerk: its runs and, per run, Squib's time over
# kartenwerk's in the run just before (same mode, -j of the base), the
# median of those ratios.
echo
if [ -n "$squib_version" ]; then
  echo "Squib $squib_version, the same cards (no back), run after each kartenwerk run at -j$base_jobs;"
  echo "pngpdf: Squib's PNGs + PDF beside kartenwerk's --format png,pdf (which also writes the overview);"
  echo "x wall, x CPU: Squib / kartenwerk -j$base_jobs, median of the $runs back-to-back pairs"
  squib_format='%-6s %-6s %4s %9s %9s %8s %8s %9s %7s %7s\n'
  # shellcheck disable=SC2059  # the one format of the Squib lines
  printf "$squib_format" deck mode runs "wall min" "wall med" "CPU min" "CPU med" "peak MiB" "x wall" "x CPU"
  for size in $sizes; do
    for mode in pngpdf png pdf; do
      f=$work/t.$size/squib-$mode
      [ -s "$f" ] || continue
      read -r wmin wmed cmin cmed kib < <(stats "$f")
      read -r xwall xcpu < <(paste -d' ' "$f" "$work/t.$size/$mode.$base_jobs" | awk '
        # a kartenwerk time below /usr/bin/time'"'"'s 0.01 s gives no ratio
        $4 > 0 { w[++nw] = $1 / $4 }
        $5 > 0 { c[++nc] = $2 / $5 }
        function median(a, n,   i, j, t) {
          if (n == 0) return "-"
          for (i = 2; i <= n; ++i) for (j = i; j > 1 && a[j - 1] > a[j]; --j) { t = a[j]; a[j] = a[j - 1]; a[j - 1] = t }
          return sprintf("%.2f", n % 2 ? a[(n + 1) / 2] : (a[n / 2] + a[n / 2 + 1]) / 2)
        }
        END { print median(w, nw), median(c, nc) }')
      # shellcheck disable=SC2059
      printf "$squib_format" "$size" "$mode" "$(wc -l < "$f")" "$(printf %.2f "$wmin")" "$(printf %.2f "$wmed")" \
        "$(printf %.2f "$cmin")" "$(printf %.2f "$cmed")" "$(awk -v k="$kib" 'BEGIN { printf "%.0f", k / 1024 }')" \
        "$xwall" "$xcpu"
    done
  done
else
  echo "Squib's columns are skipped: $squib_why"
fi

echo "load average $(cut -d' ' -f1-3 /proc/loadavg) at the end"
