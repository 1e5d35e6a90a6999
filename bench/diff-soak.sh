#!/usr/bin/env bash
# The long replication soak of issue 35 §1 (Tests/LocateCLITests/DiffSoakTests.swift is the
# bounded one in the suite, 100 diffs): the same test with DIFFS diffs (default 1,000) made
# with `osmium derive-changes` from seeded edits of the real Helsinki extract, applied one to
# three at a time through a pipeline's `changes:` folder by the release binary, one run in ten
# killed with SIGKILL at a seeded moment and run again; at the end the places must equal a
# full read of the last version. Prints the test's figures; exits 1 when the test fails.
# Needs ../shared/datasets, osmium (scripts/setup.sh --test) and `make release`, then
# `make build-tests`.
#   bash bench/diff-soak.sh
#   DIFFS=200 bash bench/diff-soak.sh
set -euo pipefail
cd "$(dirname "$0")/.."
DIFFS=${DIFFS:-1000}
figures=$(mktemp)
trap 'rm -f "$figures"' EXIT
start=$(date +%s)
status=0
LOCATE_BIN=${LOCATE_BIN:-$PWD/.build/release/locate} LOCATE_DIFF_SOAK=$DIFFS LOCATE_DIFF_SOAK_FIGURES=$figures \
  swift test --skip-build --filter 'DiffSoakTests' > "$figures.log" 2>&1 || status=$?
end=$(date +%s)
if [ "$status" -ne 0 ] || [ ! -s "$figures" ]; then
  grep -E 'Expectation failed|error|failed' "$figures.log" | head -40 >&2 || true
  echo "diff soak failed (exit $status); log: $figures.log" >&2
  trap - EXIT
  exit 1
fi
rm -f "$figures.log"
cat "$figures"
echo "wall_s=$((end - start))"
