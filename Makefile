# The two commands of the README are `make bench` and `make test`; both install Concurrency Kit
# (libck-dev) first when it is missing. The other targets are what CI runs on top.

SWIFT ?= swift
CLANG ?= clang
PYTHON ?= python3
BENCH_RESULTS := bench-results
C_SOURCES := $(wildcard CSupport/src/*.c)

.PHONY: docs examples test integration bench bench-quick bench-json bench-docs deps lint lint-swift lint-c sanitize tsan asan ubsan warnings coverage clean

deps:
	@scripts/ensure-libck.sh

## Runs the whole test suite (debug build), then the integration package.
test: deps
	$(SWIFT) test
	$(MAKE) integration

## Builds and tests IntegrationTests/ClassicUser, a package that uses this one as a dependency.
integration: deps
	cd IntegrationTests/ClassicUser && $(SWIFT) test

## Runs the three examples (Examples/); their tests run with `make test` (Tests/ExamplesTests).
examples: deps
	$(SWIFT) run DiceGame
	$(SWIFT) run InvoiceNumbers
	$(SWIFT) run RequestHandling

## Prints the benchmark table (release build).
bench: deps
	$(SWIFT) run -c release Benchmarks

bench-quick: deps
	$(SWIFT) run -c release Benchmarks --quick

## Full benchmark run: prints the table, writes $(BENCH_RESULTS)/results.json and draws its charts
## (PNG) into $(BENCH_RESULTS)/ (matplotlib is pip-installed when missing).
bench-json: deps
	mkdir -p $(BENCH_RESULTS)
	$(SWIFT) run -c release Benchmarks --json $(BENCH_RESULTS)/results.json
	$(PYTHON) scripts/bench-charts.py $(BENCH_RESULTS)/results.json $(BENCH_RESULTS)

## Redraws the README's charts (docs/images/) from the last `make bench-json`.
bench-docs:
	$(PYTHON) scripts/bench-charts.py $(BENCH_RESULTS)/results.json docs/images

## Builds everything with Swift warnings as errors and the C core with -Wall -Wextra -Werror.
warnings: deps lint-c
	$(SWIFT) build --build-tests --scratch-path .build-warnings -Xswiftc -warnings-as-errors

lint: lint-swift lint-c

lint-swift:
	$(SWIFT) format lint --strict --recursive Package.swift Sources Tests Benchmarks Examples \
	  IntegrationTests/ClassicUser/Package.swift IntegrationTests/ClassicUser/Sources \
	  IntegrationTests/ClassicUser/Tests

lint-c:
	@for f in $(C_SOURCES); do \
	  for defs in "" "-DDCK_DEBUG"; do \
	    $(CLANG) -std=c11 -Wall -Wextra -Werror -fsyntax-only -ICSupport/include $$defs $$f || exit 1; \
	  done; \
	done
	@echo "C core: -Wall -Wextra clean"

sanitize: tsan asan

tsan: deps
	$(SWIFT) test --sanitize=thread --scratch-path .build-tsan

asan: deps
	LSAN_OPTIONS=suppressions=$(CURDIR)/.ci/lsan.supp $(SWIFT) test --sanitize=address --scratch-path .build-asan

ubsan: deps
	$(SWIFT) test --sanitize=undefined --scratch-path .build-ubsan

## Checks the Markdown docs' links and snippets, then builds the DocC documentation with warnings
## as errors and checks that every public symbol is documented and curated (see scripts/docs.sh).
docs: deps
	scripts/check-links.py
	scripts/docs.sh

coverage: deps
	$(SWIFT) test --enable-code-coverage --scratch-path .build-coverage
	@scripts/coverage-report.sh .build-coverage

clean:
	rm -rf .build .build-*
