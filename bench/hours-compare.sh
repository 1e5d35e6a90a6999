#!/usr/bin/env bash
# The hours engine against opening-hours-py (the Rust evaluator of opening-hours-rs, on
# PyPI), side by side in one run, on the same expressions (bench/hours-expressions.txt)
# and the same local times: parse + state, state, state and next change, per second of
# processor time (the machine may be shared), and
# the ratio (issue 11 asks for at least 2x). Release build; opening-hours-py goes into a
# virtual environment under .build/.
#   bash bench/hours-compare.sh            8760 instants (a year, hourly)
#   INSTANTS=2000 bash bench/hours-compare.sh
set -euo pipefail
cd "$(dirname "$0")/.."
INSTANTS=${INSTANTS:-8760}
venv=.build/hours-bench-venv
if [ ! -x "$venv/bin/python" ] || ! "$venv/bin/python" -c 'import opening_hours' 2>/dev/null; then
  python3 -m venv "$venv" >&2
  "$venv/bin/pip" install -q opening-hours-py >&2
fi
if [ -z "${BIN:-}" ]; then
  bash scripts/release-build.sh locate-bench
  BIN=.build/release
fi
swift_line=$("$BIN/locate-bench" hours-file bench/hours-expressions.txt "$INSTANTS")
py_line=$("$venv/bin/python" bench/hours_py.py bench/hours-expressions.txt "$INSTANTS")
echo "$swift_line"
echo "$py_line"
for key in parse_state_per_s state_per_s next_change_per_s; do
  a=$(grep -o " $key=[0-9]*" <<<"$swift_line" | cut -d= -f2)
  b=$(grep -o " $key=[0-9]*" <<<"$py_line" | cut -d= -f2)
  awk -v k="$key" -v a="$a" -v b="$b" 'BEGIN { printf "%-18s locate %10d  opening-hours-py %10d  ratio %.2fx\n", k, a, b, a / b }'
done
