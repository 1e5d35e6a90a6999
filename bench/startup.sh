#!/usr/bin/env bash
# What the start-up shortcut of `locate toilet` (Sources/LocateCLI/Startup/: the command line
# read without ArgumentParser's reflection) saves, on the release build: the same query read
# by the shortcut and by ArgumentParser. The shortcut leaves a repeated --near to
# ArgumentParser, which keeps the last, so `--near 0,0 --near P` is the same query by the
# usual path (the script checks that both print the same). Keep the shortcut only while it
# saves over 1 ms (STYLE.md, "Contain tuning").
#   bash bench/startup.sh                 the bundled sample (bench/out/startup-sample.sqlite)
#   bash bench/startup.sh bench/out/locate-1000000.sqlite     a database of bench/run.sh
#   BIN=DIR RUNS=500 bash bench/startup.sh DB
# Prints the median, fastest and CPU time per command (hyperfine) and, with valgrind,
# the instructions of one command (independent of the machine's load).
set -euo pipefail
cd "$(dirname "$0")/.."
OUT=${OUT:-bench/out}
mkdir -p "$OUT"
if [ -z "${BIN:-}" ]; then
  bash scripts/release-build.sh locate
  BIN=.build/release
fi
command -v hyperfine >/dev/null || { echo "startup: hyperfine is not installed (apt-get install hyperfine)" >&2; exit 1; }
db=${1:-$OUT/startup-sample.sqlite}
[ -f "$db" ] || "$BIN/locate" ingest pipelines/prague-toilets-sample.yml --db "$db" >/dev/null 2>&1
point=50.0875,14.4214
shortcut="$BIN/locate toilet --near $point --limit 1 --db $db"
parser="$BIN/locate toilet --near 0,0 --near $point --limit 1 --db $db"
$shortcut >/dev/null # the first query after an ingest writes the derived files
cmp <($shortcut) <($parser) || { echo "startup: the two command lines answer differently" >&2; exit 1; }
hyperfine -N --warmup 30 --runs "${RUNS:-300}" --export-json "$OUT/startup.json" "$shortcut" "$parser" >/dev/null 2>&1
python3 - "$OUT/startup.json" <<'EOF'
import json, statistics, sys
for name, r in zip(["shortcut", "ArgumentParser"], json.load(open(sys.argv[1]))["results"]):
    t = [x * 1000 for x in r["times"]]
    print(f"{name:15s} median_ms={statistics.median(t):.2f} min_ms={min(t):.2f} "
          f"user_ms={r['user'] * 1000:.2f} system_ms={r['system'] * 1000:.2f} runs={len(t)}")
EOF
if command -v valgrind >/dev/null; then
  # valgrind cannot read the release binary's debug information: a stripped copy.
  strip -o "$OUT/locate-stripped" "$BIN/locate"
  for args in "--near $point" "--near 0,0 --near $point"; do
    # shellcheck disable=SC2086
    n=$(valgrind --tool=callgrind --callgrind-out-file=/dev/null "$OUT/locate-stripped" toilet $args --limit 1 --db "$db" \
      2>&1 >/dev/null | sed -n 's/.*Collected : //p')
    echo "instructions ($args): $n"
  done
fi
