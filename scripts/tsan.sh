#!/usr/bin/env bash
# The concurrency-heavy suites under ThreadSanitizer: the server (request threads, caches,
# rate limits, contributions), routing (shared walk graph and Routino lock), replication
# diffs and ingest (reader threads, hand-offs, background index builds). A separate build
# folder (.build-tsan), so the release and debug builds stay as they are. Prints each
# suite's result and ThreadSanitizer's warning count, from the test process and from the
# TSan-built processes the tests start (locate, locate-serve, locate-fetch); exits non-zero
# on a failure or a warning. `SUITES='ServeTests|RoutingTests' scripts/tsan.sh` runs fewer.
#
# Known false positives (Synchronization.Mutex, which TSan cannot see on Linux) are
# suppressed by scripts/tsan.supp, each line with its reason; scripts/tsan-mutex-check.swift
# shows the cause and runs first, so the day a toolchain fixes it the script says so.
set -uo pipefail
cd "$(dirname "$0")/.."
root=$PWD
suites="${SUITES:-ServeTests|RoutingTests|IngestTests|Diff|StorageTests}"
# Tests with wall-clock bounds (a 0.05 s/600 s hand-off, a 1 s request timeout, a 60 s
# browser session): under TSan (5-15x slower) and 450 tests sharing two cores in one
# process they wait for a thread longer than their bounds and fail for the load, not a
# race. The full run runs them after the others, one test at a time, still under TSan
# (`SUITES=…` runs what it names in one pass).
timed="${TIMED:-ServeUnitTests|ServeRoutingTimeoutTests|ContributeMapTests}"
log="${TSAN_LOG:-.build-tsan/tsan.log}"
reports="$root/.build-tsan/tsan-reports"
mkdir -p .build-tsan
rm -rf "$reports" && mkdir -p "$reports"

echo "tsan: checking that Mutex is still invisible to ThreadSanitizer (scripts/tsan-mutex-check.swift)" >&2
check="$root/.build-tsan/tsan-mutex-check"
if swiftc -sanitize=thread scripts/tsan-mutex-check.swift -o "$check" 2>/dev/null; then
    m=$(TSAN_OPTIONS="halt_on_error=0" "$check" mutex 2>&1 | grep -c "WARNING: ThreadSanitizer")
    n=$(TSAN_OPTIONS="halt_on_error=0" "$check" nslock 2>&1 | grep -c "WARNING: ThreadSanitizer")
    if [ "$m" -eq 0 ] && [ "$n" -eq 0 ]; then
        echo "tsan: note: this toolchain's TSan sees Mutex: the Mutex lines of scripts/tsan.supp may go" >&2
    fi
fi

echo "tsan: building the tests with -sanitize=thread (first build is slow)" >&2
swift build --build-tests --sanitize=thread --scratch-path .build-tsan >&2 || { echo "tsan: build failed" >&2; exit 1; }
# halt_on_error=0: every race is reported, not only the first. log_path: every TSan-built
# process (the tests and the binaries they start, whose stderr the tests keep) writes its
# reports to a file of its own there. print_suppressions: what the suppressions hid.
export TSAN_OPTIONS="halt_on_error=0 second_deadlock_stack=1 suppressions=$root/scripts/tsan.supp print_suppressions=1 log_path=$reports/tsan ${TSAN_OPTIONS:-}"
# The fake GIOŚ API stops itself after 10 minutes (a leak guard); here one test can last longer.
export LOCATE_TEST_SERVER_SECONDS=7200
run() { swift test --skip-build --sanitize=thread --scratch-path .build-tsan "$@"; }
if [ -z "${SUITES:-}" ]; then
    run --filter "$suites" --skip "$timed" >"$log" 2>&1
    status=$?
    run --filter "$timed" --no-parallel >>"$log" 2>&1
    s2=$?
    [ "$status" -eq 0 ] && status=$s2
else
    run --filter "$suites" >"$log" 2>&1
    status=$?
fi
files=("$reports"/tsan.*)
[ -e "${files[0]}" ] || files=()
warnings=$(cat "$log" "${files[@]}" /dev/null | grep -c "WARNING: ThreadSanitizer")
suppressed=$(cat "${files[@]}" /dev/null | grep -E "^ *[0-9]+ race" | awk '{n += $1} END {print n + 0}')
grep -E "^(✔|✘|􀟈|􁁛|􀢄).*(Test run|Suite .* (passed|failed))|Test run with" "$log" | grep -E "Test run|✘" | tail -20
echo "tsan: suites '$suites': exit $status, ThreadSanitizer warnings: $warnings, known false positives suppressed: $suppressed (log: $log, reports: $reports)"
cat "$log" "${files[@]}" /dev/null | grep -A12 "WARNING: ThreadSanitizer" | head -60
[ "$status" -eq 0 ] && [ "$warnings" -eq 0 ]
