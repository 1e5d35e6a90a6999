#!/usr/bin/env bash
# Peak memory of `locate ingest` on hostile PBF files (issue 36 item 4; docs/pipelines.md,
# "Passes, memory and cores"): small files whose blocks decode to far more than their bytes
# (bench/pbf_hostile.py), and the real Helsinki extract for comparison. For each: the file's
# size, the exit code, wall seconds, peak resident memory (GNU time) and the error line.
# Needs python3 and a release build (make release).
#   bash bench/pbf-memory.sh            BIN=path/to/locate bash bench/pbf-memory.sh
set -euo pipefail
cd "$(dirname "$0")/.."
locate=${BIN:-.build/release/locate}
work=${PBF_WORK:-.build/bench-pbf-memory}
mkdir -p "$work"
files=()
for kind in one-block many-blocks many-toilets; do
  [ -f "$work/$kind.osm.pbf" ] || python3 bench/pbf_hostile.py "$kind" "$work/$kind.osm.pbf"
  files+=("$work/$kind.osm.pbf")
done
helsinki=../shared/datasets/osm-pbf/helsinki-centre.osm.pbf
[ -f "$helsinki" ] && files+=("$helsinki")
printf '%-22s %10s %5s %8s %9s  %s\n' file bytes exit wall peak "error (first 110 characters)"
for f in "${files[@]}"; do
  rm -f "$work/db.sqlite"*
  set +e
  /usr/bin/time -f '%e %M' -o "$work/time.txt" "$locate" ingest pipelines/osm-toilets-helsinki-pbf.yml \
    --source "$f" --db "$work/db.sqlite" > /dev/null 2> "$work/err.txt"
  code=$?
  set -e
  read -r wall rss < <(tail -1 "$work/time.txt")
  message=$(grep -m1 '^error:' "$work/err.txt" | sed "s|$f|FILE|" | cut -c1-110 || true)
  printf '%-22s %10s %5s %7.2fs %6.0f MiB  %s\n' "$(basename "$f")" "$(stat -c %s "$f")" "$code" "$wall" \
    "$(echo "$rss / 1024" | bc)" "$message"
done
