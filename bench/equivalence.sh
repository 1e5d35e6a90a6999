#!/usr/bin/env bash
# The release-mode nearest-search check (issue 9): 100,000 synthetic points, 200 queries,
# every answer compared with a brute-force geodesic scan. Prints its result; exits non-zero
# on any mismatch. The debug test suite runs the same check on 20,000 points.
#   bash bench/equivalence.sh
#   N=1000000 QUERIES=50 bash bench/equivalence.sh
set -euo pipefail
cd "$(dirname "$0")/.."
N=${N:-100000}
QUERIES=${QUERIES:-200}
OUT=${OUT:-bench/out}
mkdir -p "$OUT"
bash scripts/release-build.sh locate-bench
.build/release/locate-bench equivalence "$N" "$QUERIES" "$OUT"
