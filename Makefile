# kartenwerk — the whole set-up is `make` (install, build, render) and `make test`.
BUILD ?= build
JOBS ?= $(shell nproc)
# The default build: optimised (-O2, as RelWithDebInfo) with line tables only
# (-g1: a backtrace or a profile still names functions, files and lines).
# Full debug info (-g) made every object four times larger and the compile
# about 40 % slower; for a debugger: make CMAKE_FLAGS=-DCMAKE_BUILD_TYPE=Debug BUILD=build-debug.
CMAKE_FLAGS ?= -DCMAKE_BUILD_TYPE=RelWithDebInfo "-DCMAKE_CXX_FLAGS_RELWITHDEBINFO=-O2 -g1 -DNDEBUG"
# The sources clang-format and clang-tidy look at.
SOURCE_DIRS := generator tests bench fuzz tools

.PHONY: all deps node-deps configure build build-all render test test-fast asan fuzz fuzz-deps bench bench-studio \
	format format-check tidy lint lint-deps schema clean

all: render

# Installs missing Debian packages (apt-get, by package name).
deps:
	@scripts/install-deps.sh

# playwright-core for the studio's browser test and bench (package-lock.json):
# npm ci runs only when the lock file is newer than what it installed.
node-deps: deps node_modules/.package-lock.json
node_modules/.package-lock.json: package-lock.json
	npm ci --no-audit --no-fund
	@touch $@

# A new build folder is configured for Ninja (Debian's ninja-build); one that
# exists keeps the generator it was made with.
configure: deps
	@if [ -f $(BUILD)/CMakeCache.txt ]; then cmake -S . -B $(BUILD) $(CMAKE_FLAGS); \
	 else cmake -S . -B $(BUILD) -G Ninja $(CMAKE_FLAGS); fi > /dev/null

# The program only: what `make` needs to render. The test binaries, the
# benchmarks and the tools are `build-all` (make test builds them).
build: configure
	@cmake --build $(BUILD) -j $(JOBS) --target kartenwerk

build-all: configure
	@cmake --build $(BUILD) -j $(JOBS)

# Renders every game in every language into output/<game>/ (German) and
# output/<game>/<lang>/, and every variant into output/<game>/<variant>/.
render: build
	$(BUILD)/kartenwerk build --out output --lang all
	@for v in data/variants/*/*.yaml; do \
	  [ -f "$$v" ] || continue; \
	  game=$$(basename $$(dirname "$$v")); name=$$(basename "$$v" .yaml); \
	  echo "$(BUILD)/kartenwerk build --game $$game --variant $$name --out output"; \
	  $(BUILD)/kartenwerk build --game $$game --variant $$name --out output || exit 1; \
	done

# Every test, each in its own process (unit and end-to-end).
test: build-all node-deps
	cd $(BUILD) && ctest --output-on-failure -j $(JOBS) -LE fast

# The unit tests only, each stage's binary run once (under a minute).
test-fast: build-all
	cd $(BUILD) && ctest --output-on-failure -j $(JOBS) -L fast

# The test suite under AddressSanitizer and UndefinedBehaviorSanitizer, as CI
# runs it after make test inside its 90 minutes (README, "Sanitizers: make
# asan"). At -O0 with line tables (-g1): the compile takes about a third less
# than at -O1; the end-to-end tests run as fast (their time is the libraries'
# work under the sanitizer's allocator), our own heavy unit tests slower (the
# rules' binary, started first, runs beside the rest); assertions stay on.
# The test sources are not compiled again: their objects in $(BUILD), made
# at -O0 without the instrumentation as here, are linked (KW_TEST_OBJECTS_FROM
# in tests/CMakeLists.txt), so make asan first builds those in $(BUILD).
# Each unit binary runs once as a whole (label fast), then the end-to-end
# tests except ASAN_SKIP: the suites whose time goes into printing whole
# games through Cairo, qpdf and LittleCMS (CMYK packages, preflight, soft
# proofs, tabletop sheets, the browser, the real games rebuilt after each
# kind of edit), and the bad-input cases and sandbox tests that check a
# path, a name or a value (an art file outside, a format, a geometry, an
# unknown id: the same confinement and range checks, each building a game).
# The optimised make test runs them all; the bad-input cases that feed bytes
# to a parser (YAML, UTF-8, CSV, XLSX, PO, SVG, markup, cache objects and
# records, PDF forms) stay here. make asan ASAN_SKIP= runs every test.
ASAN_CMAKE_FLAGS ?= -DCMAKE_BUILD_TYPE=Debug "-DCMAKE_CXX_FLAGS_DEBUG=-O0 -g1" -DKW_SANITIZE=ON
ASAN_SKIP ?= ^(IncrementalBuild|Preflight|PreflightCmyk|BalrogColour|FittedBleed|SheetWords|FrenchDuell|TabletopBuild|Languages|NewGame|ShopPackage|MeinspielTamper|PnpTamper|DeckTamper|HyphenatorEquivalence|ShippedArt|Sandbox)\.|^studio_[a-z_]*browser$$|^Suite/BadInput\..*/(ArtSrc|ArtSvg|TableArt|TableExport|FontFile|FontsYaml|Layout|Format|Profile|DuplexOffset|SimulateSeed|Jobs|LimitOption|Picture|PnpMargin|Board|Build|Export|PreflightDoes|New|Include|Unknown|Empty|Variant|Copies|CardIdWith|GameIdWith|Timings|Serve|Schema|Pages|PagePixels|Overflowing|Rect|SheetId|AllowRead|Locale(File|Folder|Wrong|Bad)|Po(Language|Game|Target))
asan: configure node-deps
	@cmake --build $(BUILD) -j $(JOBS) --target kw_test_objects
	@if [ -f build-asan/CMakeCache.txt ]; then g=""; else g="-G Ninja"; fi; \
	 cmake -S . -B build-asan $$g $(ASAN_CMAKE_FLAGS) "-DKW_TEST_OBJECTS_FROM=$(abspath $(BUILD))" > /dev/null
	@cmake --build build-asan -j $(JOBS)
	cd build-asan && ASAN_OPTIONS=detect_leaks=1 UBSAN_OPTIONS=print_stacktrace=1 \
	  ctest --output-on-failure -j $(JOBS) -L 'fast|e2e' $(if $(ASAN_SKIP),-E '$(ASAN_SKIP)')

# libFuzzer (clang 14) over the YAML loader, the markup parser, the
# expressions, the PO reader and the SVG art path: each target runs
# FUZZ_SECONDS on its corpus, seeded from the shipped data
# (scripts/fuzz-corpus.sh). Findings land in build-fuzz/findings/<target>/.
FUZZ_SECONDS ?= 60
FUZZ_TARGETS ?= yaml markup expression po svg
fuzz-deps: deps
	@scripts/install-fuzz-deps.sh

fuzz: fuzz-deps
	@cmake -S . -B build-fuzz -DCMAKE_CXX_COMPILER=clang++-14 -DCMAKE_BUILD_TYPE=RelWithDebInfo -DKW_FUZZ=ON > /dev/null
	@cmake --build build-fuzz -j $(JOBS) --target $(addprefix fuzz_,$(FUZZ_TARGETS))
	@scripts/fuzz-corpus.sh build-fuzz/corpus
	FUZZ_SECONDS=$(FUZZ_SECONDS) scripts/fuzz.sh $(FUZZ_TARGETS)

# The benchmark table of issue 17 (bench/all.sh): the synthetic deck at each
# size and -j (full, png, pdf, encode-only bound, incremental, no change,
# check, list), then the five real games at each -j. SIZES, RUNS, MODES and
# GAMES go through: make bench SIZES="55 300 1000 10000" RUNS=5. The -j
# values are BENCH_JOBS here (JOBS is the build's parallelism above).
# bench/run.sh, bench/incremental.sh and bench/table.sh are run on their own.
BENCH_JOBS ?= 1 2
bench: build-all
	JOBS="$(BENCH_JOBS)" bench/all.sh

# The studio's edit-to-image latency in a real browser (Palantír, 300 cards).
bench-studio: build node-deps
	node bench/studio.mjs $(BUILD)/kartenwerk .
	node bench/studio_edit.mjs $(BUILD)/kartenwerk .
	node bench/studio_reload.mjs $(BUILD)/kartenwerk .

# Regenerates what is written from the loader's tables: schema/*.schema.json,
# .vscode/settings.json and docs/reference.md. Run it after changing a
# table (a key, a type, a description) and commit the result; the test
# schema_validate fails while they differ.
schema: build
	$(BUILD)/kartenwerk schema --out .

# clang-format and clang-tidy (Debian's, version 14) for the targets below;
# `make` and `make test` do not need them.
lint-deps: deps
	@scripts/install-deps.sh clang-format clang-tidy

# Formats the C++ sources with the committed .clang-format.
format: lint-deps
	@find $(SOURCE_DIRS) -name '*.cpp' -o -name '*.h' | xargs clang-format -i

# Fails on any source that `make format` would change (CI runs it).
format-check: lint-deps
	@find $(SOURCE_DIRS) -name '*.cpp' -o -name '*.h' | xargs clang-format --dry-run -Werror
	@echo "format: $$(find $(SOURCE_DIRS) -name '*.cpp' -o -name '*.h' | wc -l) files formatted"

# clang-tidy with the committed .clang-tidy over every source of generator/,
# tests/, bench/ and tools/; every finding is an error (scripts/tidy.sh).
# Only some files: make tidy TIDY_FILES="generator/text/shaper.cpp ...".
tidy: configure lint-deps
	@JOBS=$(JOBS) scripts/tidy.sh $(BUILD) $(TIDY_FILES)

# Both, as CI runs them.
lint: format-check tidy

clean:
	rm -rf $(BUILD) build-asan build-fuzz output node_modules
