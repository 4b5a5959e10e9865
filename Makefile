# The two commands of the README are `make bench` and `make test`; both install Concurrency Kit
# (libck-dev) first when it is missing. The other targets are what CI runs on top.

SWIFT ?= swift
CLANG ?= clang
C_SOURCES := $(wildcard CSupport/src/*.c)

.PHONY: test bench bench-quick deps lint lint-swift lint-c sanitize tsan asan ubsan warnings coverage clean \
  fuzz fuzz-corpus soak

deps:
	@scripts/ensure-libck.sh

## Runs the whole test suite (debug build).
test: deps
	$(SWIFT) test

## Prints the benchmark table (release build).
bench: deps
	$(SWIFT) run -c release Benchmarks

bench-quick: deps
	$(SWIFT) run -c release Benchmarks --quick

## Builds everything with Swift warnings as errors and the C core with -Wall -Wextra -Werror.
warnings: deps lint-c
	$(SWIFT) build --build-tests --scratch-path .build-warnings -Xswiftc -warnings-as-errors

lint: lint-swift lint-c

lint-swift:
	$(SWIFT) format lint --strict --recursive Package.swift Sources Tests Benchmarks

lint-c:
	@for f in $(C_SOURCES); do \
	  for defs in "" "-DDCK_DEBUG"; do \
	    $(CLANG) -std=c11 -Wall -Wextra -Werror -fsyntax-only -ICSupport/include $$defs $$f || exit 1; \
	  done; \
	done
	@for f in Fuzz/*.c; do \
	  $(CLANG) -std=c11 -Wall -Wextra -Werror -fsyntax-only -ICSupport/include -DDCK_DEBUG $$f || exit 1; \
	done
	@echo "C core and fuzz targets: -Wall -Wextra clean"

sanitize: tsan asan

tsan: deps
	$(SWIFT) test --sanitize=thread --scratch-path .build-tsan

asan: deps
	LSAN_OPTIONS=suppressions=$(CURDIR)/.ci/lsan.supp $(SWIFT) test --sanitize=address --scratch-path .build-asan

ubsan: deps
	$(SWIFT) test --sanitize=undefined --scratch-path .build-ubsan

## Fuzzes the C core (Fuzz/): each libFuzzer target runs FUZZ_SECONDS (CI: 90). For a longer run,
## e.g. before a release: make fuzz FUZZ_SECONDS=1800
FUZZ_SECONDS ?= 90
fuzz:
	scripts/fuzz.sh $(FUZZ_SECONDS)

## Fuzzes, then minimises the seeds plus everything found into Fuzz/corpus/ (to commit).
fuzz-corpus:
	scripts/fuzz.sh --update-corpus $(FUZZ_SECONDS)

coverage: deps
	$(SWIFT) test --enable-code-coverage --scratch-path .build-coverage
	@scripts/coverage-report.sh .build-coverage

clean:
	rm -rf .build .build-*
