# The two commands of the README are `make bench` and `make test`; both install Concurrency Kit
# (libck-dev) first when it is missing. The other targets are what CI runs on top (the DocC article
# "Working on the package" lists them all).

SWIFT ?= swift
CLANG ?= clang
PYTHON ?= python3
# No SWIFT_DETERMINISTIC_HASHING here: the targets share their builds with plain `swift build` and
# `swift test`. (SwiftPM writes a package's trait defines in an order that changes with each
# process's hash seed; this package's default traits are one define, ClassicDefaultTraits, so the
# order cannot change: see Package.swift.)
# The scripts run from the source tree: no __pycache__ beside them (scripts/surface/compare.py
# imports symbols.py, which would otherwise leave one there).
export PYTHONDONTWRITEBYTECODE := 1
BENCH_RESULTS := bench-results
C_SOURCES := $(wildcard CSupport/src/*.c)

.PHONY: docs examples graph-picture runtime-libs dlopen static-build library-evolution release-checks test \
  integration surface bench bench-quick bench-json bench-docs bench-instructions bench-gate bench-build \
  server-check server-bench figures ci-figures deps-wrk \
  deps deps-valgrind lint lint-swift lint-weak-scopes lint-inlined lint-c sanitize tsan asan ubsan asan-ubsan \
  warnings coverage clean fuzz fuzz-corpus soak

deps:
	@scripts/ensure-libck.sh

# The first line of the recipes that run a Python script (scripts/run-tests.py, scripts/bench.py, …).
REQUIRE_PYTHON = @command -v $(PYTHON) >/dev/null || { echo "make $@ runs a script" \
  "with $(PYTHON), which is missing: install Python 3 (apt-get install python3)." >&2; exit 1; }

## The package's whole test suite in a release build, as the classic library's Linux CI runs it
## (`swift test -c release --parallel`): each XCTest method in a process of its own, the
## withMainSerialExecutor tests in a `swift test` of their own, one summary of both
## (scripts/run-tests.py --release; logs in .build/test-logs/*-release.log). Among them
## ReadPathTests.aReadRetainsNothing, whose property (a read retains nothing) only holds in
## optimised code. Built with --disable-testable-imports, so the library modules are built as
## `swift build -c release` builds them, in .build: `make bench` or
## `swift build -c release --product Benchmarks` after it finds them (and Benchmarks) built.
release-checks: deps
	$(REQUIRE_PYTHON)
	SWIFT="$(SWIFT)" $(PYTHON) scripts/run-tests.py --release

## Runs the whole test suite (debug build, with --parallel: each XCTest method in a process of its
## own; the withMainSerialExecutor tests in a `swift test` of their own) and the three integration
## packages (ClassicUser, ModuleAliases/AliasUser, SwitchFromClassic), in two lanes at the same
## time, each part with its output in .build/test-logs/, and ends with one summary of all
## (scripts/run-tests.py: each part's time and CPU time); VERBOSE=1 shows each part's whole output.
## Fails when any part fails. SwitchFromClassic resolves real packages from ../shared/vendor
## (scripts/vendor-mirrors.sh; VENDOR=DIR names another folder).
test: deps
	$(REQUIRE_PYTHON)
	SWIFT="$(SWIFT)" $(PYTHON) scripts/run-tests.py

## Builds and tests the integration packages (IntegrationTests/), which use this one as a
## dependency: ClassicUser, ModuleAliases/AliasUser and SwitchFromClassic, as `make test` runs
## them (scripts/run-tests.py --integration).
integration: deps
	$(REQUIRE_PYTHON)
	SWIFT="$(SWIFT)" $(PYTHON) scripts/run-tests.py --integration

## Runs the four examples of the package (Examples/); their tests run with `make test`
## (Tests/ExamplesTests). The server example, a package of its own, has `make server-check`.
examples: deps
	$(SWIFT) run DiceGame
	$(SWIFT) run InvoiceNumbers
	$(SWIFT) run RequestHandling
	$(SWIFT) run GracefulShutdown

## wrk, the HTTP load generator of `make server-check` and `make server-bench`: installed with
## apt-get when missing.
deps-wrk:
	@scripts/ensure-apt-package.sh wrk "wrk (an HTTP load generator)" \
	  "install wrk with your package manager" -- sh -c 'command -v wrk'

## The server example (Examples/Server, a package of its own: SwiftNIO, swift-log and
## swift-service-lifecycle, resolved from $(VENDOR) when that folder exists, else from GitHub):
## builds it in debug with its tests and runs them, loads the server with wrk for a few seconds
## (each request with an id of its own, which every part of the handler must see: no mismatch, no
## response that is not 2xx), then stops it with SIGTERM while a keep-alive connection is idle: it
## must exit with status 0, its shutdown steps logged in order (scripts/check-server.py).
server-check: deps deps-wrk
	$(REQUIRE_PYTHON)
	SWIFT="$(SWIFT)" $(PYTHON) scripts/check-server.py

## The server example under load, three ways: with this package, with the classic library 1.16.0
## (Benchmarks/ClassicServer, the same application) and with no library (the same handler, values
## passed by hand), release builds, wrk taking turns on each for a few rounds; prints requests/s,
## p50 and p99 latency, peak RSS, and the requests that saw another's values (must be 0)
## (scripts/dev/server-bench.py; SERVER_BENCH_FLAGS="--rounds 5 --json FILE", …). About 3 minutes
## after the builds.
SERVER_BENCH_FLAGS ?=
server-bench: deps deps-wrk
	$(REQUIRE_PYTHON)
	SWIFT="$(SWIFT)" $(PYTHON) scripts/dev/server-bench.py $(SERVER_BENCH_FLAGS)

## Builds the RequestHandling example in release mode and checks with ldd that the shared libraries
## it loads are the ones the table of the DocC article Deploying lists (libck.so.0 and the Swift
## runtime), and that docs/deploy/Dockerfile installs the Debian package that provides libck.so.0.
runtime-libs: deps
	$(PYTHON) scripts/check-runtime-libs.py RequestHandling

## The GracefulShutdown example's dependency graph, as the DocC article "Seeing your dependencies"
## shows it, from one run (`swift run GracefulShutdown`, debug build): its text tree, its Mermaid
## text and its JSON into docs/dependency-graph/ (the article's blocks are those files, which
## scripts/check-links.py checks), and the article's picture
## (Sources/Dependencies/Documentation.docc/Resources/dependency-graph.svg) drawn from that JSON by
## scripts/draw-dependency-graph.py (no drawing package needed; scripts/perf-table.py --check
## draws it again to check it). A few seconds after a debug build.
GRAPH_DIR := docs/dependency-graph
graph-picture: deps
	mkdir -p $(GRAPH_DIR)
	$(SWIFT) run GracefulShutdown --graph-json $(GRAPH_DIR)/graph.json \
	  --graph-text $(GRAPH_DIR)/graph.txt --graph-mermaid $(GRAPH_DIR)/graph.mmd
	$(PYTHON) scripts/draw-dependency-graph.py $(GRAPH_DIR)/graph.json \
	  Sources/Dependencies/Documentation.docc/Resources/dependency-graph.svg

## Builds IntegrationTests/DynamicLoading's `.dynamic` library (which uses Dependencies) in debug and
## release, and loads it with dlopen from a C host that does not link it; checks the values it reads,
## that its thread-local storage is only the core's one initial-exec pointer, that dlclose leaves it
## mapped while a thread that used it exits cleanly, and that 200 dlopen/dlclose cycles grow the
## process by at most 256 bytes each (see scripts/check-dlopen.py).
dlopen: deps
	$(PYTHON) scripts/check-dlopen.py

## Builds the RequestHandling example as servers deploy it: release, with the Swift runtime,
## Foundation and Dispatch linked statically (--static-swift-stdlib), in a scratch path of its own
## (.build-static: sharing .build with `swift build -c release` recompiles both ways); runs it and
## checks with ldd that it loads no Swift shared library (scripts/check-static-build.py). Installs
## libcurl's development files (libcurl4-openssl-dev) first when they are missing: FoundationNetworking
## links -lcurl.
static-build: deps
	@scripts/ensure-apt-package.sh libcurl4-openssl-dev "libcurl's development files" \
	  "install the package that provides libcurl.so (libcurl's development files)" \
	  -- sh -c 'test "$$($(CLANG) -print-file-name=libcurl.so)" != libcurl.so'
	SWIFT="$(SWIFT)" $(PYTHON) scripts/check-static-build.py RequestHandling

## Builds IntegrationTests/LibraryEvolution from clean, in release, with library evolution and module
## interfaces (so Dependencies, DependenciesMacros, DependenciesTestSupport and the modules under
## them are built resiliently and each interface is verified), fails on any warning but those the
## Linux toolchain's non-resilient Foundation and XCTest give, compiles the client again against the
## interfaces alone, and runs its executable and tests (scripts/check-library-evolution.py). About
## 1 min 20 s on 2 cores.
## Then compares what clients compile in (the interfaces' @inlinable, @usableFromInline and @frozen
## declarations, and the C functions they call) with docs/library-evolution/inlinable-interface.txt,
## failing with a diff; LIBRARY_EVOLUTION_FLAGS=--write-baseline writes it again, for a commit of
## its own.
LIBRARY_EVOLUTION_FLAGS ?=
library-evolution: deps
	SWIFT="$(SWIFT)" $(PYTHON) scripts/check-library-evolution.py $(LIBRARY_EVOLUTION_FLAGS)

## Prints the benchmark table: every row, this package beside the classic library 1.16.0 (release
## builds; scripts/bench.py). The classic side is the package Benchmarks/Classic, which resolves
## from the offline copies in $(VENDOR) when that folder exists, otherwise from GitHub, and stops
## saying how to get it when it can do neither; BENCH_FLAGS=--no-classic measures this package
## alone.
VENDOR ?= ../shared/vendor
export VENDOR
BENCH_FLAGS ?=
bench: deps
	$(REQUIRE_PYTHON)
	SWIFT="$(SWIFT)" $(PYTHON) scripts/bench.py $(BENCH_FLAGS)

bench-quick: deps
	$(REQUIRE_PYTHON)
	SWIFT="$(SWIFT)" $(PYTHON) scripts/bench.py --quick $(BENCH_FLAGS)

## Clean-build time of a small package that uses @DependencyClient and @DependencyEntry, built
## against this repository by path (scripts/dev/bench-build.py; BENCH_BUILD_FLAGS=--baseline also
## builds the same feature written without macros, --release builds in release mode).
BENCH_BUILD_FLAGS ?=
bench-build: deps
	SWIFT="$(SWIFT)" $(PYTHON) scripts/dev/bench-build.py $(BENCH_BUILD_FLAGS)

## Full benchmark run, both libraries: prints the table, writes $(BENCH_RESULTS)/results.json and
## draws its charts (PNG) into $(BENCH_RESULTS)/ (matplotlib is pip-installed when missing); then
## SCALING_RUNS more runs of the concurrency group ($(BENCH_RESULTS)/concurrency-run-N.json), whose
## spread across runs the figures publish (1 to 2 threads above all).
SCALING_RUNS ?= 4
bench-json: deps
	$(REQUIRE_PYTHON)
	mkdir -p $(BENCH_RESULTS)
	rm -f $(BENCH_RESULTS)/concurrency-run-*.json
	SWIFT="$(SWIFT)" $(PYTHON) scripts/bench.py --json $(BENCH_RESULTS)/results.json $(BENCH_FLAGS)
	for run in $$(seq $(SCALING_RUNS)); do \
	  SWIFT="$(SWIFT)" $(PYTHON) scripts/bench.py --only concurrency $(BENCH_FLAGS) \
	    --json $(BENCH_RESULTS)/concurrency-run-$$run.json > /dev/null || exit 1; \
	done
	$(PYTHON) scripts/dev/bench-charts.py $(BENCH_RESULTS)/results.json $(BENCH_RESULTS)

## Valgrind, with the header <valgrind/callgrind.h> that the benchmark's sample markers need at
## build time (Benchmarks/CallgrindSamples): installed with apt-get when missing.
deps-valgrind:
	@scripts/ensure-apt-package.sh valgrind "Valgrind" \
	  "install valgrind, with its header valgrind/callgrind.h, with your package manager" \
	  -- sh -c 'command -v valgrind && test -f /usr/include/valgrind/callgrind.h'

## Instructions per operation of every single-threaded row, this package's beside the classic
## library's, counted by callgrind (valgrind): they do not move with the machine's load, as times
## do. Runs the release builds of `make bench` (scripts/dev/bench-instructions.py and
## scripts/callgrind_counts.py have the details); BENCH_INSTRUCTIONS_JSON=FILE also writes the
## counts to FILE. BENCH_FLAGS=--library-evolution counts this package alone, built for library
## evolution in a scratch path of its own (.build-resilient).
BENCH_GROUPS ?= reads,scopes,merge
BENCH_ITERATIONS ?= 1000
BENCH_INSTRUCTIONS_JSON ?=
bench-instructions: deps deps-valgrind
	$(REQUIRE_PYTHON)
	SWIFT="$(SWIFT)" $(PYTHON) scripts/dev/bench-instructions.py --only $(BENCH_GROUPS) \
	  --iterations $(BENCH_ITERATIONS) $(if $(BENCH_INSTRUCTIONS_JSON),--json $(BENCH_INSTRUCTIONS_JSON)) \
	  $(BENCH_FLAGS)

## The instruction-count gate (CI's): counts with callgrind our side of each row named in
## Benchmarks/Thresholds/instructions.json (release build of `make bench`), prints each against its
## threshold, and fails naming every row over it and every threshold whose row is gone
## (scripts/bench-gate.py). The gate never writes the file; BENCH_GATE_FLAGS=--print-thresholds
## prints thresholds 3 % above the counts measured, in its format, for a reviewed edit.
BENCH_GATE_FLAGS ?=
bench-gate: deps deps-valgrind
	$(SWIFT) build -c release --product Benchmarks
	$(PYTHON) scripts/bench-gate.py .build/release/Benchmarks $(BENCH_GATE_FLAGS)

## Every committed benchmark figure again, in one command (after a change to the library, say),
## on a machine with nothing else running: a full `make bench-json`, the instruction counts of both
## libraries (docs/bench-instructions.json) and of this one built for library evolution
## (docs/bench-instructions-resilient.json), the server under load (docs/server-bench.json), the
## build cost of the macros (docs/bench-build.json), the dependency graph's picture
## (make graph-picture), then `make bench-docs`, which renders every figure block of the README and
## the articles from them. CI's figures (the times of its steps, `make test`'s counts) come from the
## log of a `.ci/run` run instead: make ci-figures.
figures:
	$(MAKE) bench-json
	$(MAKE) bench-instructions BENCH_INSTRUCTIONS_JSON=docs/bench-instructions.json
	$(MAKE) bench-instructions BENCH_FLAGS=--library-evolution \
	  BENCH_INSTRUCTIONS_JSON=docs/bench-instructions-resilient.json
	$(MAKE) server-bench SERVER_BENCH_FLAGS="--json docs/server-bench.json"
	$(MAKE) bench-build BENCH_BUILD_FLAGS="--baseline --json docs/bench-build.json"
	$(MAKE) graph-picture
	$(MAKE) bench-docs

## From the last `make bench-json`: copies its results to docs/bench-results.json and its extra
## concurrency runs to docs/bench-runs.json, redraws the Performance article's charts (its
## Resources/) and rewrites every figure block of README.md and the articles from the committed runs
## (scripts/perf-table.py --write).
bench-docs:
	cp $(BENCH_RESULTS)/results.json docs/bench-results.json
	$(PYTHON) scripts/perf-table.py --collect-runs docs/bench-runs.json \
	  $(BENCH_RESULTS)/concurrency-run-*.json
	$(PYTHON) scripts/dev/bench-charts.py docs/bench-results.json Sources/Dependencies/Documentation.docc/Resources
	$(PYTHON) scripts/perf-table.py docs/bench-results.json --write

## CI's figures from the log of one `.ci/run` run (`.ci/run 2>&1 | tee ci.log`, on a clean clone and
## a machine with nothing else running): scripts/dev/ci-record.py writes docs/ci-run.json (each step's
## time, `make test`'s and `make release-checks`' parts and counts), then the blocks that show them
## are rendered again (scripts/perf-table.py --write). CI_MACHINE describes the machine.
CI_LOG ?=
CI_MACHINE ?= a 2-core VM with nothing else running
ci-figures:
	@test -n "$(CI_LOG)" || { echo "make ci-figures CI_LOG=FILE: the log of a .ci/run run" >&2; exit 1; }
	$(PYTHON) scripts/dev/ci-record.py "$(CI_LOG)" --machine "$(CI_MACHINE)" --out docs/ci-run.json
	$(PYTHON) scripts/perf-table.py --write

## Builds everything with Swift warnings as errors and the C core with -Wall -Wextra -Werror. The
## build also writes every module's symbol graph, which `make surface` reads (same flags, so after
## `make warnings` it rebuilds nothing).
SYMBOL_GRAPHS := $(CURDIR)/.build-warnings/symbolgraph
WARNINGS_BUILD = $(SWIFT) build --build-tests --scratch-path .build-warnings -Xswiftc -warnings-as-errors \
  -Xswiftc -emit-symbol-graph -Xswiftc -emit-symbol-graph-dir -Xswiftc $(SYMBOL_GRAPHS) \
  -Xswiftc -include-spi-symbols -Xswiftc -symbol-graph-minimum-access-level -Xswiftc private
warnings: deps lint-c
	$(WARNINGS_BUILD)

## Checks that every public name of the classic library and its satellites
## (docs/surface/classic-symbols.txt) is reachable here, except the accepted omissions
## (docs/surface/accepted-omissions.txt): scripts/surface/compare.py on the symbol graphs of the
## `make warnings` build.
surface: deps
	$(WARNINGS_BUILD)
	$(PYTHON) scripts/surface/compare.py check $(SYMBOL_GRAPHS)

lint: lint-swift lint-c lint-weak-scopes lint-inlined

## Every @usableFromInline / @inlinable declaration of a module lives in its Inlined/ folder, but
## for public @inlinable API and the listed stored fields of the public types
## (scripts/check-inlined.py; Sources/Dependencies/Inlined/README.md says why).
lint-inlined:
	@$(PYTHON) scripts/check-inlined.py

## A weak reference to a scope goes through _WeakScope, which keeps the scope from being used again
## (scripts/check-weak-scopes.sh).
lint-weak-scopes:
	@scripts/check-weak-scopes.sh

lint-swift:
	$(SWIFT) format lint --strict --recursive Package.swift Sources Tests Benchmarks Examples Plugins \
	  IntegrationTests/ClassicUser/Package.swift IntegrationTests/ClassicUser/Sources \
	  IntegrationTests/ClassicUser/Tests IntegrationTests/ModuleAliases \
	  IntegrationTests/DynamicLoading/Package.swift IntegrationTests/DynamicLoading/Sources \
	  IntegrationTests/SwitchFromClassic/Package.swift \
	  IntegrationTests/SwitchFromClassic/Tests IntegrationTests/SwitchFromClassic/Fixture \
	  IntegrationTests/LibraryEvolution/Package.swift IntegrationTests/LibraryEvolution/Sources \
	  IntegrationTests/LibraryEvolution/Tests

lint-c:
	@for f in $(C_SOURCES); do \
	  for defs in "" "-DDCK_DEBUG"; do \
	    $(CLANG) -std=c11 -Wall -Wextra -Werror -fsyntax-only -ICSupport/include $$defs $$f || exit 1; \
	  done; \
	done
	@for f in Fuzz/*.c; do \
	  $(CLANG) -std=c11 -Wall -Wextra -Werror -fsyntax-only -ICSupport/include -DDCK_DEBUG $$f || exit 1; \
	done
	@for f in Tests/Support/*/*.c Benchmarks/*/*.c; do \
	  $(CLANG) -std=c11 -Wall -Wextra -Werror -fsyntax-only -I$$(dirname $$f)/include $$f || exit 1; \
	done
	@echo "C core, fuzz targets, C test and benchmark support: -Wall -Wextra clean"

sanitize: tsan asan

# The withMainSerialExecutor tests run in a process of their own (see scripts/run-tests.py).
tsan: deps
	$(SWIFT) test --sanitize=thread --scratch-path .build-tsan --skip MainSerialExecutor
	$(SWIFT) test --sanitize=thread --scratch-path .build-tsan --filter MainSerialExecutor

## LeakSanitizer runs too; XCTest's own leak is suppressed in code, by the __lsan_default_suppressions
## hook in Tests/CDependenciesTests/Support/LeakSanitizerSuppressions.swift (no suppressions file).
asan: deps
	$(SWIFT) test --sanitize=address --scratch-path .build-asan --skip MainSerialExecutor
	$(SWIFT) test --sanitize=address --scratch-path .build-asan --filter MainSerialExecutor

## swiftc has no -sanitize=undefined on Linux, and Swift code traps on overflow and out-of-bounds
## access by itself in debug builds; so UBSan instruments the C core (any finding aborts the run), and
## clang links its runtime.
UBSAN_C_FLAGS := -Xcc -fsanitize=undefined -Xcc -fno-sanitize-recover=undefined \
  -Xswiftc -Xclang-linker -Xswiftc -fsanitize=undefined
UBSAN_FLAGS := --scratch-path .build-ubsan $(UBSAN_C_FLAGS)
ubsan: deps
	$(SWIFT) test $(UBSAN_FLAGS) --skip MainSerialExecutor
	$(SWIFT) test $(UBSAN_FLAGS) --filter MainSerialExecutor

## make asan and make ubsan in one build (CI's): AddressSanitizer and LeakSanitizer on everything,
## UndefinedBehaviorSanitizer on the C core, as clang combines them (-fsanitize=address,undefined).
ASAN_UBSAN_FLAGS := --sanitize=address --scratch-path .build-asan-ubsan $(UBSAN_C_FLAGS)
asan-ubsan: deps
	$(SWIFT) test $(ASAN_UBSAN_FLAGS) --skip MainSerialExecutor
	$(SWIFT) test $(ASAN_UBSAN_FLAGS) --filter MainSerialExecutor

## Fuzzes the C core (Fuzz/): each libFuzzer target runs FUZZ_SECONDS (CI: 90). For a longer run,
## e.g. before a release: make fuzz FUZZ_SECONDS=1800
FUZZ_SECONDS ?= 90
fuzz:
	scripts/fuzz.sh $(FUZZ_SECONDS)

## Fuzzes, then minimises the seeds plus everything found into Fuzz/corpus/ (to commit).
fuzz-corpus:
	scripts/fuzz.sh --update-corpus $(FUZZ_SECONDS)

## The server-request soak test (Tests/DependenciesTests/SoakTests.swift), off in `make test`: runs
## SOAK_SECONDS (default 60), then checks isolation, the core's live counters and resident memory.
SOAK_SECONDS ?= 60
soak: deps
	SWIFT_DEPENDENCIES_SOAK_SECONDS=$(SOAK_SECONDS) $(SWIFT) test --filter SoakTests

## Checks the Markdown docs' links and snippets, and that every figure block of the README and the
## articles is what its committed run renders (scripts/perf-table.py --check: the benchmark's, CI's,
## the library-evolution build's, the macros' build cost, the dependency graph's picture; no
## benchmark runs), then builds the DocC documentation with warnings
## as errors and checks that every public symbol is documented and curated (see scripts/docs.sh).
## Ends by saying how to read each archive: DocC's pages load /js, /css and /data from the server's
## root, so the archive's folder must be served as the root, and the module's page is
## /documentation/<module in lower case>/ (the root itself shows "page not found").
docs: deps
	scripts/check-links.py
	$(PYTHON) scripts/perf-table.py --check
	scripts/docs.sh
	@echo
	@echo "To read an archive, serve its folder as a web server's root and open its module's page:"
	@for archive in .build-docs/*.doccarchive; do \
	  page=$$(ls "$$archive/documentation" | head -n 1); \
	  echo "  $$archive"; \
	  echo "    $(PYTHON) -m http.server --directory $$archive 8000"; \
	  echo "    then open http://localhost:8000/documentation/$$page/"; \
	done

## Runs the package's tests with coverage (the C targets instrumented too) and prints line, function
## and region coverage of CSupport/ and Sources/ (scripts/dev/coverage-report.sh, llvm-cov).
coverage: deps
	$(SWIFT) test --enable-code-coverage --scratch-path .build-coverage \
	  -Xcc -fprofile-instr-generate -Xcc -fcoverage-mapping
	@scripts/dev/coverage-report.sh .build-coverage

clean:
	rm -rf .build .build-*
