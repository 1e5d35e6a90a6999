# The two commands of the README's quick start: `make demo` and `make test`.
SWIFT ?= swift
DEMO_DB ?= demo.sqlite

.PHONY: demo test build build-tests release static-cxx setup setup-test bench lint clean preview fuzz fuzz-build hours-diff

setup:
	@bash scripts/setup.sh

setup-test:
	@bash scripts/setup.sh --test

build: setup
	$(SWIFT) build

## The released binaries, .build/release/locate, locate-fetch and locate-bench: optimised, with the Swift
## runtime and Foundation linked in, and not position-independent (no 130,000 relocations
## of Swift metadata at every start). A query starts in about half the time of a plain
## `swift build -c release`; figures in docs/benchmarks.md.
## -disable-concrete-type-metadata-mangled-name-accessors: code asks for the metadata of a
## concrete generic type (Set<Name>, Option<Int>, [InputKey: …]) through its accessor, with
## the protocol witnesses it needs, instead of by mangled name, which the Swift runtime
## resolves by scanning every protocol conformance record of the binary (~7,300) for each
## requirement it has not seen yet: a fifth of a query's instructions at start-up.
## -no-export-dynamic: the binary's own 16,000 symbols are not exported (the loader looked up each of
## its ~3,400 bindings among them first): the loader's share of a start (LD_DEBUG=statistics)
## falls from 4.2 M cycles to 0.5 M.
## -L .build/static-cxx: libstdc++ linked in (the Swift runtime's -lstdc++ finds a linker script
## there, `INPUT(…/libstdc++.a)`, before the shared library): the loader no longer binds
## libstdc++.so's 1,718 references to itself at every start. `locate --version` falls from
## 3.66 M to 1.65 M instructions (valgrind), figures in docs/benchmarks.md ("Start-up, issue
## 39"). A library that brings libstdc++.so (GEOS under SpatiaLite, libvips's codecs) keeps
## its own: no C++ object or exception crosses between them (their APIs are C), and the
## binary exports none of its copy's symbols (--no-export-dynamic, --exclude-libs ALL).
STATIC_CXX = $(CURDIR)/.build/static-cxx
RELEASE_FLAGS = -c release --static-swift-stdlib -Xlinker -no-pie -Xlinker --no-export-dynamic \
	-Xswiftc -Xfrontend -Xswiftc -disable-concrete-type-metadata-mangled-name-accessors \
	-Xswiftc -L$(STATIC_CXX)
release: setup static-cxx
	$(SWIFT) build $(RELEASE_FLAGS)
	@bash scripts/release-build.sh --check

## The linker script of RELEASE_FLAGS's -L: libstdc++'s archive, where the clang of the Swift
## toolchain that links finds it.
static-cxx:
	@mkdir -p $(STATIC_CXX)
	@cc=$$(dirname "$$(readlink -f "$$(command -v $(SWIFT))")")/clang; [ -x "$$cc" ] || cc=clang; \
	a=$$("$$cc" -print-file-name=libstdc++.a); \
	case "$$a" in /*) ;; *) echo "static-cxx: $$cc finds no libstdc++.a (the libstdc++-N-dev package of its GCC)" >&2; exit 1;; esac; \
	echo "INPUT($$a)" > $(STATIC_CXX)/libstdc++.so.new && mv $(STATIC_CXX)/libstdc++.so.new $(STATIC_CXX)/libstdc++.so

## Installs missing packages, builds the release binary (the one users run and the tests
## run), ingests the bundled sample, answers a query.
BIN = .build/release
demo: release
	rm -f $(DEMO_DB) $(DEMO_DB).*.kdt $(DEMO_DB).*.rows
	$(BIN)/locate ingest pipelines/prague-toilets-sample.yml --db $(DEMO_DB)
	$(BIN)/locate toilet --near 50.0875,14.4214 --limit 5 --db $(DEMO_DB)
	$(BIN)/locate toilet --near 50.0875,14.4214 --limit 3 --at 2026-11-21T20:30 --db $(DEMO_DB)
	$(BIN)/locate ingest pipelines/gios-stations-sample.yml --db $(DEMO_DB)
	$(BIN)/locate ingest pipelines/gios-air-sample.yml --db $(DEMO_DB)
	$(BIN)/locate station --near 50.06,19.94 --limit 2 --at 2026-11-21T20:30 --db $(DEMO_DB)

## The whole test suite (CI runs exactly this): format lint, the release binaries (built
## once, as `make demo` builds them), then every test. The end-to-end tests run the release
## binaries (LOCATE_BIN): a crash that only the optimised build has fails the suite. The
## test targets themselves are a debug build (they use @testable imports).
test: setup-test lint release build-tests
	LOCATE_BIN=$(CURDIR)/$(BIN)/locate $(SWIFT) test --skip-build

## The test targets' debug build, without debug information: 484 s from a clean clone on 2
## cores against 615 s with it (2026-12-03); a failing #expect names its file and line either
## way. The same flags every time: a build with other flags rebuilds everything.
TEST_BUILD_FLAGS = -debug-info-format none
build-tests:
	$(SWIFT) build --build-tests $(TEST_BUILD_FLAGS)

## Benchmarks of the release build (bench/run.sh; SIZES="10000 100000" for a quick run).
bench: setup-test release
	bash bench/run.sh

## Renders a snapshot's index.html in headless Chromium: marker count and a screenshot.
preview:
	bash scripts/preview-check.sh $(SNAPSHOT)

lint:
	$(SWIFT) format lint --strict -r Sources Tests Package.swift

## Fuzzing (CONTRIBUTING.md, "Fuzzing"): the libFuzzer binary, built in .build/fuzz (release,
## -sanitize=fuzzer, linked with lld: gold crashes on libFuzzer's objects), then every target
## for FUZZ_SECONDS on the committed seeds plus what earlier runs found (.build/fuzz/corpus);
## a crash, a hang (FUZZ_TIMEOUT seconds per input) or a broken property stops with the
## input saved in .build/fuzz/findings/TARGET/.
FUZZ_SECONDS ?= 60
FUZZ_TIMEOUT ?= 10
FUZZ_TARGETS ?= czech-hours sign-text opening-hours hours-eval json-stream geojson osm osm-pbf osm-change station-list openaq pipeline points walk-graph
FUZZ_BIN = .build/fuzz/release/locate-fuzz
fuzz-build:
	LOCATE_FUZZ=1 $(SWIFT) build -c release --scratch-path .build/fuzz --product locate-fuzz \
		-Xswiftc -sanitize=fuzzer -Xswiftc -Xclang-linker -Xswiftc -fuse-ld=lld

fuzz: fuzz-build
	@for t in $(FUZZ_TARGETS); do \
		mkdir -p .build/fuzz/corpus/$$t .build/fuzz/findings/$$t || exit 1; \
		echo "== $$t ($(FUZZ_SECONDS) s)"; \
		SWIFT_BACKTRACE=enable=no LOCATE_FUZZ_TARGET=$$t $(FUZZ_BIN) .build/fuzz/corpus/$$t Fuzz/corpus/$$t -dict=Fuzz/dict/$$t.dict \
			-max_total_time=$(FUZZ_SECONDS) -timeout=$(FUZZ_TIMEOUT) -max_len=8192 -rss_limit_mb=2048 \
			-print_final_stats=1 -artifact_prefix=.build/fuzz/findings/$$t/ || exit 1; \
	done

## The opening-hours differential test at full size: 100,000 (expression, instant) pairs
## compared with opening-hours-py (installed into .build/hours-venv on first use).
HOURS_DIFF_COUNT ?= 100000
HOURS_DIFF_SEED ?= 11
## Optimised (the debug build takes about 20 ms a pair): `-enable-testing` for the test targets, in its
## own build folder so it and `make release` do not rebuild each other's .build/release.
HOURS_DIFF_FLAGS = -c release -Xswiftc -enable-testing --scratch-path .build/hours-diff
hours-diff:
	$(SWIFT) build $(HOURS_DIFF_FLAGS) --build-tests
	HOURS_DIFF_COUNT=$(HOURS_DIFF_COUNT) HOURS_DIFF_SEED=$(HOURS_DIFF_SEED) \
		$(SWIFT) test $(HOURS_DIFF_FLAGS) --skip-build --filter HoursDifferentialTests/agreesWithOpeningHoursPy

clean:
	rm -rf .build $(DEMO_DB) $(DEMO_DB).*.kdt
