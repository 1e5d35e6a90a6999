#!/usr/bin/env bash
# Issue 39 §3's start-up bar: `locate --version` within 1.6× of `/bin/true`, measured in
# pairs (bench/spawn_pairs.c: the two started one after the other, PAIRS times), and where
# the rest goes: the dynamic loader's share (LD_DEBUG=statistics), the instructions of one
# start (valgrind, when installed) and its page faults (perf stat, when installed).
#   bash bench/startup-pairs.sh             PAIRS=1000 by default
#   BIN=DIR PAIRS=300 bash bench/startup-pairs.sh
set -euo pipefail
cd "$(dirname "$0")/.."
OUT=${OUT:-bench/out}
mkdir -p "$OUT"
if [ -z "${BIN:-}" ]; then
  bash scripts/release-build.sh locate
  BIN=.build/release
fi
bin=$(cd "$BIN" && pwd)/locate
cc=${CC:-$(command -v cc || command -v clang || true)}
[ -n "$cc" ] || { echo "startup-pairs: no C compiler (cc or clang) for bench/spawn_pairs.c" >&2; exit 1; }
"$cc" -O2 -o "$OUT/spawn_pairs" bench/spawn_pairs.c
load=$(cut -d' ' -f1 /proc/loadavg 2>/dev/null || echo 0)
echo "startup-pairs: load average $load (compare ratios within one run)"
echo "/bin/true then locate --version: $("$OUT/spawn_pairs" "${PAIRS:-1000}" /bin/true -- "$bin" --version)"
LD_DEBUG=statistics "$bin" --version 2>&1 >/dev/null | sed -n 's/^ *[0-9]*: *//p' | grep -E "startup time|number of relocations:" | sed 's/^/loader: /'
if command -v valgrind >/dev/null; then
  # valgrind cannot read the release binary's debug information: a copy without it.
  strip --strip-debug -o "$OUT/locate-nodebug" "$bin"
  n=$(valgrind --tool=callgrind --callgrind-out-file=/dev/null /bin/true 2>&1 >/dev/null | sed -n 's/.*Collected : //p')
  echo "instructions (/bin/true): $n"
  n=$(valgrind --tool=callgrind --callgrind-out-file=/dev/null "$OUT/locate-nodebug" --version 2>&1 >/dev/null | sed -n 's/.*Collected : //p')
  echo "instructions (locate --version): $n"
fi
if command -v perf >/dev/null; then
  f=$(perf stat -x, -e page-faults /bin/true 2>&1 >/dev/null | grep page-faults | cut -d, -f1)
  echo "page faults (/bin/true): $f"
  f=$(perf stat -x, -e page-faults "$bin" --version 2>&1 >/dev/null | grep page-faults | cut -d, -f1)
  echo "page faults (locate --version): $f"
fi
