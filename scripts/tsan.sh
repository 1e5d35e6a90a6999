#!/usr/bin/env bash
# The concurrency-heavy suites under ThreadSanitizer: the server (request threads, caches,
# rate limits, contributions), routing (shared walk graph and Routino lock), replication
# diffs and ingest (reader threads, hand-offs, background index builds). A separate build
# folder (.build-tsan), so the release and debug builds stay as they are. Prints each
# suite's result and ThreadSanitizer's warning count; exits non-zero on a failure or a
# warning. `SUITES='ServeTests|RoutingTests' scripts/tsan.sh` runs fewer.
set -uo pipefail
cd "$(dirname "$0")/.."
suites="${SUITES:-ServeTests|RoutingTests|IngestTests|Diff|StorageTests}"
log="${TSAN_LOG:-.build-tsan/tsan.log}"
mkdir -p .build-tsan
echo "tsan: building the tests with -sanitize=thread (first build is slow)" >&2
swift build --build-tests --sanitize=thread --scratch-path .build-tsan >&2 || { echo "tsan: build failed" >&2; exit 1; }
# halt_on_error=0: every race is reported, not only the first.
TSAN_OPTIONS="halt_on_error=0 second_deadlock_stack=1 ${TSAN_OPTIONS:-}" \
    swift test --skip-build --sanitize=thread --scratch-path .build-tsan --filter "$suites" >"$log" 2>&1
status=$?
warnings=$(grep -c "WARNING: ThreadSanitizer" "$log" || true)
grep -E "^(✔|✘|􀟈|􁁛|􀢄).*(Test run|Suite .* (passed|failed))|Test run with" "$log" | tail -5
echo "tsan: suites '$suites': exit $status, ThreadSanitizer warnings: $warnings (log: $log)"
grep -A12 "WARNING: ThreadSanitizer" "$log" | head -60
[ "$status" -eq 0 ] && [ "$warnings" -eq 0 ]
