#!/usr/bin/env bash
# OpenStreetMap PBF benchmark (docs/benchmarks.md, "OSM PBF"). Makes a synthetic extract of
# COPIES copies of the real Helsinki extract, shifted on a grid and renumbered
# (bench/pbf_synthetic.pl, osmium), then in the same run:
#   1. locate-bench pbf: the reader alone (decode throughput, nodes/s and MB/s);
#   2. osmium tags-filter -R (the toilet filter alone, no referenced nodes);
#   3. locate ingest format: osm-pbf (read, select, place, map, store);
#   4. the chain a user runs today: osmium tags-filter, osmium export (GeoJSON), the ids
#      rewritten to node/N (osmium writes @type and a numeric @id; a closed way is written as
#      a line and an area: the line is dropped), locate ingest osm-geojson.
# Wall and CPU seconds and peak memory (GNU time) for each. Needs osmium-tool, perl, python3
# and release builds of locate and locate-bench (make release, or bash scripts/release-build.sh
# locate locate-bench).
#   COPIES=200 bash bench/pbf.sh
set -euo pipefail
cd "$(dirname "$0")/.."
COPIES=${COPIES:-200}
work=${PBF_WORK:-.build/bench-pbf}
locate=${LOCATE_BIN:-.build/release/locate}
bench=${LOCATE_BENCH_BIN:-.build/release/locate-bench}
helsinki=../shared/datasets/osm-pbf/helsinki-centre.osm.pbf
mkdir -p "$work"
big="$work/synthetic-$COPIES.osm.pbf"
if [ ! -f "$big" ]; then
  echo "making $big ($COPIES copies of $helsinki)" >&2
  osmium cat "$helsinki" -f opl,add_metadata=false | perl bench/pbf_synthetic.pl "$COPIES" \
    | osmium cat -F opl - -o "$big.tmp" -f pbf -O
  mv "$big.tmp" "$big"
fi
echo "file: $big, $(stat -c %s "$big") bytes; $(osmium fileinfo -e "$big" | grep -E 'Number of (nodes|ways|relations)' | tr -s ' ' | paste -sd';')"

# measure LABEL COMMAND…: wall, CPU (user + system) and peak resident memory.
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
}

# A two-process CPU burn: on a free 2-core machine both finish in the time of one.
python3 - <<'PY'
import time, multiprocessing as mp
def burn(_):
    s = 0
    for i in range(15_000_000): s += i
t = time.time(); burn(0); one = time.time() - t
t = time.time(); mp.Pool(2).map(burn, [0, 1]); two = time.time() - t
print("cores free now: two CPU burns take %.1f× one (1.0 = two free cores, 2.0 = one)" % (two / one))
PY
measure "locate-bench pbf (reader, 1 core)" taskset -c 0 "$bench" pbf "$big"
measure "locate-bench pbf (reader)" "$bench" pbf "$big"
grep -h . "$work/out.txt" | sed 's/^/    /'
measure "osmium tags-filter -R" osmium tags-filter -R "$big" nwr/amenity=toilets nwr/toilets=yes -o "$work/filtered-R.osm.pbf" -O
rm -f "$work/pbf.sqlite"*
measure "locate ingest (format: osm-pbf)" "$locate" ingest pipelines/osm-toilets-helsinki-pbf.yml --source "$big" --db "$work/pbf.sqlite" --allow-mass-retire
sed 's/^/    /' "$work/err.txt"

rm -f "$work/chain.sqlite"*
measure "chain 1: osmium tags-filter" osmium tags-filter "$big" nwr/amenity=toilets nwr/toilets=yes -o "$work/filtered.osm.pbf" -O
measure "chain 2: osmium export" osmium export "$work/filtered.osm.pbf" -a type,id -f geojson -o "$work/raw.geojson" -O
measure "chain 3: ids to node/N (python)" python3 -c '
import json, sys
doc = json.load(open(sys.argv[1]))
features = []
for f in doc["features"]:
    p = f["properties"]
    # osmium exports a closed way as a line and as an area: keep the area.
    if p["@type"] == "way" and f["geometry"]["type"] == "LineString":
        continue
    f["properties"] = dict([("@id", "%s/%d" % (p.pop("@type"), p.pop("@id")))] + list(p.items()))
    features.append(f)
doc["features"] = features
json.dump(doc, open(sys.argv[2], "w"), ensure_ascii=False)' "$work/raw.geojson" "$work/chain.geojson"
measure "chain 4: locate ingest osm-geojson" "$locate" ingest bench/osm-pbf-chain.yml --source "$work/chain.geojson" --db "$work/chain.sqlite" --allow-mass-retire
sed 's/^/    /' "$work/err.txt"
