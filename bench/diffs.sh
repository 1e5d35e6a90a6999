#!/usr/bin/env bash
# OSM replication diff benchmark (docs/benchmarks.md, "OSM replication diffs"): ingests the
# synthetic extract of bench/pbf.sh (made first if absent), then applies a synthetic diff of
# CHANGES changes (bench/osc_synthetic.py: moved nodes, retagged ways, new toilets, deletes)
# with `locate ingest --changes`, and prints wall and CPU seconds and peak memory, and the
# time per million changes; then an empty diff (the fixed cost of a run). Needs a release build
# of locate (make release). PBF_FILE reads another extract, such as one of 38,800 toilets
# alone (bench/toilets_opl.py): the fixed cost at a country's number of places.
#   COPIES=200 CHANGES=1000000 bash bench/diffs.sh
#   python3 bench/toilets_opl.py 38800 t.opl && osmium cat -F opl t.opl -o t.osm.pbf
#   PBF_FILE=t.osm.pbf CHANGES=1000000 bash bench/diffs.sh
set -euo pipefail
cd "$(dirname "$0")/.."
COPIES=${COPIES:-200}
CHANGES=${CHANGES:-1000000}
work=${PBF_WORK:-.build/bench-pbf}
locate=${LOCATE_BIN:-.build/release/locate}
big=${PBF_FILE:-$work/synthetic-$COPIES.osm.pbf}
[ -f "$big" ] || { echo "no $big: run COPIES=$COPIES bash bench/pbf.sh first (or set PBF_FILE)" >&2; exit 1; }
mkdir -p "$work"
diff="$work/day-$CHANGES.osc.gz"
[ -f "$diff" ] || python3 bench/osc_synthetic.py "$CHANGES" "$COPIES" "$diff"
echo "extract: $big ($(stat -c %s "$big") bytes); diff: $diff ($(stat -c %s "$diff") bytes, $CHANGES changes)"
measure() {
  local label=$1
  shift
  /usr/bin/time -f '%e %U %S %M' -o "$work/time.txt" "$@" > "$work/out.txt" 2> "$work/err.txt" || {
    echo "$label failed:" >&2
    cat "$work/err.txt" >&2
    exit 1
  }
  read -r wall user sys rss < "$work/time.txt"
  printf '%-34s wall %7.2f s  cpu %7.2f s  peak %6.0f MiB\n' "$label" "$wall" "$(echo "$user + $sys" | bc)" "$(echo "$rss / 1024" | bc)"
  echo "$wall" > "$work/wall.txt"
  echo "$user + $sys" | bc > "$work/cpu.txt"
}
rm -f "$work/diffs.sqlite"*
measure "locate ingest (full read)" "$locate" ingest pipelines/osm-toilets-helsinki-pbf.yml --source "$big" --db "$work/diffs.sqlite" --allow-mass-retire
sed 's/^/    /' "$work/err.txt"
measure "locate ingest --changes" "$locate" ingest pipelines/osm-toilets-helsinki-pbf.yml --db "$work/diffs.sqlite" --changes "$diff" --sequence 1
sed 's/^/    /' "$work/err.txt"
printf 'per million changes: %.2f s wall, %.2f s CPU\n' "$(echo "$(cat "$work/wall.txt") * 1000000 / $CHANGES" | bc -l)" \
  "$(echo "$(cat "$work/cpu.txt") * 1000000 / $CHANGES" | bc -l)"
empty="$work/empty.osc.gz"
printf '<?xml version="1.0" encoding="UTF-8"?>\n<osmChange version="0.6" generator="bench/diffs.sh">\n</osmChange>\n' | gzip -n > "$empty"
measure "locate ingest --changes (empty diff)" "$locate" ingest pipelines/osm-toilets-helsinki-pbf.yml --db "$work/diffs.sqlite" --changes "$empty" --sequence 2
sed 's/^/    /' "$work/err.txt"
