#!/usr/bin/env bash
# Issue 36's routing cases on the release build, with their figures: a query by foot at the
# poles and at ±180° on a network of two 4 km streets in Helsinki and Tokyo and one street
# from Helsinki to (-89,-179) (before: 17 s and 3.6 GB, or an abort allocating 29 GB; the
# pole points spun for ever). Prints wall seconds and maximum resident memory per query.
# Usage: bash bench/hostile-routing.sh [BIN_DIR]   (default .build/release)
set -euo pipefail
BIN=${1:-.build/release}
OUT=$(mktemp -d)
trap 'rm -rf "$OUT"' EXIT
python3 - "$OUT" <<'PY'
import sys
out = sys.argv[1]
nodes, ways, i = [], [], 0
def street(a, b, n, name):
    global i
    refs = []
    for k in range(n):
        t = k / (n - 1)
        i += 1
        nodes.append(f'<node id="{i}" version="1" lat="{a[0] + t * (b[0] - a[0]):.7f}" lon="{a[1] + t * (b[1] - a[1]):.7f}"/>')
        refs.append(i)
    i += 1
    nd = "".join(f'<nd ref="{r}"/>' for r in refs)
    ways.append(f'<way id="{i}" version="1">{nd}<tag k="highway" v="residential"/><tag k="name" v="{name}"/></way>')
street((60.17, 24.90), (60.17, 24.972), 41, "Helsinki street")
street((35.68, 139.74), (35.68, 139.784), 41, "Tokyo street")
street((60.17, 24.90), (-89, -179), 2, "Far street")
open(f"{out}/far.osm", "w").write('<?xml version="1.0"?><osm version="0.6">' + "".join(nodes + ways) + "</osm>\n")
open(f"{out}/t.geojson", "w").write('{"type":"FeatureCollection","features":[' + ",".join(
    f'{{"type":"Feature","geometry":{{"type":"Point","coordinates":[{lon},{lat}]}},"properties":{{"ref":"t{k}"}}}}'
    for k, (lat, lon) in enumerate([(60.1701, 24.93), (35.6801, 139.76)])) + "]}\n")
open(f"{out}/t.yml", "w").write("""name: t
kind: toilets
dataset: t
source: { path: t.geojson, format: geojson, crs: "EPSG:4326" }
timezone: Europe/Helsinki
id: { field: ref }
fields: {}
region: { west: -180, south: -90, east: 180, north: 90 }
""")
PY
"$BIN/locate" ingest "$OUT/t.yml" --db "$OUT/t.sqlite" > /dev/null
"$BIN/locate" network build "$OUT/far.osm" --db "$OUT/t.sqlite" > /dev/null
for near in 60.1702,24.91 35.6802,139.75 90,24.94 -90,0 89.999,24.94 60.17,180 60.17,-180; do
  /usr/bin/time -f "%e %M" -o "$OUT/time" "$BIN/locate" toilet --near "$near" --by foot --limit 1 --db "$OUT/t.sqlite" \
    > /dev/null 2>&1 || true
  read -r wall kb < <(tail -1 "$OUT/time")
  printf 'near=%-16s seconds=%s max_rss_mb=%d\n' "$near" "$wall" $((kb / 1024))
done
