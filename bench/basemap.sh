#!/usr/bin/env bash
# The preview page's own basemap (issue 37 §2) beside the usual way of a self-hosted one, on
# the same extract: `locate export snapshot --basemap` (simplified line shards drawn by
# Leaflet on canvas) and tilemaker's vector tiles (Debian `tilemaker`, OpenMapTiles schema
# with the layers locate draws) drawn by MapLibre GL JS (PyPI wheel `maplibre`, which ships its
# BSD-licensed build). For each: build time, bytes on disk and gzip-compressed (what a
# static host sends) per km² of the extract's drawn box, script bytes the page loads for the
# map, and first paint on a 390x844 window (median of RUNS fresh visits; Chromium through
# Playwright in .build/browser-venv, scripts/setup.sh --test).
#   bash bench/basemap.sh                                 central Helsinki (../shared/datasets)
#   EXTRACT=kouvola.osm.pbf bash bench/basemap.sh         another extract
#   PEERS=none bash bench/basemap.sh                      locate only
# tilemaker: scripts/setup.sh --bench; the MapLibre wheel goes into a venv under $OUT.
set -euo pipefail
cd "$(dirname "$0")/.."
OUT=${OUT:-bench/out}
RUNS=${RUNS:-5}
PEERS=${PEERS:-maplibre}
EXTRACT=${EXTRACT:-../shared/datasets/osm-pbf/helsinki-centre.osm.pbf}
PIPELINE=${PIPELINE:-pipelines/osm-toilets-helsinki-pbf.yml}  # the toilets drawn over it
ZOOM=${ZOOM:-15}  # both maps open at the extract's centre at this zoom
PY=.build/browser-venv/bin/python
mkdir -p "$OUT"
[ -f "$EXTRACT" ] || { echo "basemap: $EXTRACT is absent (../shared/datasets)" >&2; exit 1; }
[ -x "$PY" ] || { echo "basemap: $PY is absent (scripts/setup.sh --test makes it)" >&2; exit 1; }
if [ -z "${BIN:-}" ]; then
  bash scripts/release-build.sh locate
  BIN=.build/release
fi
work="$OUT/basemap"
rm -rf "$work" && mkdir -p "$work"
db="$work/toilets.sqlite"
"$BIN/locate" ingest "$PIPELINE" --db "$db" >/dev/null 2>&1

ms() { echo $(( $(date +%s%N) / 1000000 )); }
# Median of RUNS timings of a command, in ms.
median_ms() {
  local times=()
  for _ in $(seq "$RUNS"); do
    local t0; t0=$(ms); "$@" >/dev/null 2>&1; local t1; t1=$(ms)
    times+=($((t1 - t0)))
  done
  printf '%s\n' "${times[@]}" | sort -n | awk '{ a[NR] = $1 } END { print a[int((NR + 1) / 2)] }'
}
# Bytes of the files under a folder, as stored and each gzip-compressed (-6).
bytes() { find "$1" -type f -printf '%s\n' | awk '{ s += $1 } END { print s + 0 }'; }
gzipped() { find "$1" -type f -exec sh -c 'gzip -6 -c "$1" | wc -c' _ {} \; | awk '{ s += $1 } END { print s + 0 }'; }
serve() {  # serve FOLDER: a static host on a free port; prints the port
  local port; port=$($PY -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')
  $PY -m http.server "$port" --bind 127.0.0.1 --directory "$1" >/dev/null 2>&1 &
  echo "$! $port"
}
wait_up() { for _ in $(seq 100); do curl -sf "http://127.0.0.1:$1/" >/dev/null && return; sleep 0.1; done; }

load=$(cut -d' ' -f1 /proc/loadavg 2>/dev/null || echo 0)
echo "basemap: $EXTRACT ($(stat -c %s "$EXTRACT") bytes); load average $load (2 cores shared: times vary)"

# locate: the snapshot with and without its basemap; the difference is the basemap's time.
site="$work/site"
"$BIN/locate" export snapshot --out "$site" --basemap "$EXTRACT" --db "$db" >/dev/null 2>&1
center=$($PY -c "import json; w,s,e,n = json.load(open('$site/basemap/index.json'))['bounds']; print('%f,%f' % ((w + e) / 2, (s + n) / 2))")
view="${center#*,},${center%,*},$ZOOM"
with=$(median_ms "$BIN/locate" export snapshot --out "$site" --basemap "$EXTRACT" --view "$view" --db "$db")
without=$(median_ms "$BIN/locate" export snapshot --out "$work/plain" --tiles none --view "$view" --db "$db")
km2=$($PY - "$site/basemap/index.json" <<'EOF'
import json, math, sys
w, s, e, n = json.load(open(sys.argv[1]))["bounds"]
r = 6371.0088
print("%.3f" % (r * r * math.radians(e - w) * (math.sin(math.radians(n)) - math.sin(math.radians(s)))))
EOF
)
ours_bytes=$(bytes "$site/basemap")
ours_gz=$(gzipped "$site/basemap")
ours_js=$(( $(stat -c %s "$site/leaflet/leaflet.js") + $(stat -c %s "$site/basemap.js") ))
read -r pid port < <(serve "$site")
wait_up "$port"
ours_paint=$($PY bench/basemap_paint.py "http://127.0.0.1:$port/index.html" locate "$RUNS")
kill "$pid"
echo "locate: $km2 km²; build $((with - without)) ms (export $with ms with, $without ms without); $ours_bytes bytes ($(awk -v b="$ours_bytes" -v k="$km2" 'BEGIN { printf "%.0f", b / k / 1000 }') KB/km² as stored), $ours_gz gzipped ($(awk -v b="$ours_gz" -v k="$km2" 'BEGIN { printf "%.0f", b / k / 1000 }') KB/km²); map scripts $ours_js bytes; first paint $ours_paint ms"

if [ "$PEERS" = "none" ]; then exit 0; fi
command -v tilemaker >/dev/null || { echo "basemap: tilemaker is not installed (scripts/setup.sh --bench)" >&2; exit 1; }
venv="$OUT/maplibre-venv"
[ -x "$venv/bin/python" ] || { python3 -m venv "$venv" && "$venv/bin/pip" install -q maplibre; }
gl=$(find "$venv" -name 'maplibre-gl.js' | head -1)
css=$(find "$venv" -name 'maplibre-gl.css' | head -1)
[ -n "$gl" ] || { echo "basemap: maplibre-gl.js is not in the maplibre wheel" >&2; exit 1; }
# The OpenMapTiles layers that hold what locate draws (no buildings, POIs, place labels, nor
# the shapefile layers the example config names: those need downloads).
examples=/usr/share/doc/tilemaker/examples
$PY - "$examples/config-openmaptiles.json" "$work/tm-config.json" <<'EOF'
import json, sys
c = json.load(open(sys.argv[1]))
keep = {"transportation", "transportation_name", "transportation_name_mid", "transportation_name_detail",
        "waterway", "waterway_detail", "water", "park", "landuse", "landcover"}
# The processing script writes every layer: the others stay declared, but only above the
# tiles' zooms (none are made); the shapefile layers are dropped.
c["layers"] = {k: (v if k in keep else dict(v, minzoom=15, maxzoom=15)) for k, v in c["layers"].items() if "source" not in v}
c["settings"]["compress"] = "none"
json.dump(c, open(sys.argv[2], "w"), indent=1)
EOF
tm="$work/tm"
mkdir -p "$tm"
# tilemaker stops on a way whose nodes the extract lacks (an extract cut at its edge, as
# this one is; --skip-integrity does not help): its input is the same ways with the missing
# node references left out (osmium, then back to PBF). locate reads the extract as it is.
input="$work/tm-input.osm.pbf"
osmium tags-filter -O -o "$work/tm-ways.osm" "$EXTRACT" w/highway w/railway w/waterway w/natural w/leisure w/landuse
$PY - "$work/tm-ways.osm" "$work/tm-fixed.osm" <<'EOF'
import re, sys
lines = open(sys.argv[1]).read().split("\n")
nodes = {m.group(1) for l in lines for m in [re.match(r'\s*<node id="(-?\d+)"', l)] if m}
kept = [l for l in lines if not (m := re.match(r'\s*<nd ref="(-?\d+)"', l)) or m.group(1) in nodes]
open(sys.argv[2], "w").write("\n".join(kept))
EOF
osmium cat -O -o "$input" "$work/tm-fixed.osm"
tm_ms=$(median_ms sh -c "rm -rf '$tm/tiles' && tilemaker --input '$input' --output '$tm/tiles' --config '$work/tm-config.json' --process '$examples/process-openmaptiles.lua'")
rm -f "$tm/tiles/metadata.json"
tm_bytes=$(bytes "$tm/tiles")
tm_gz=$(gzipped "$tm/tiles")
cp "$gl" "$tm/maplibre-gl.js"
cp "$css" "$tm/maplibre-gl.css"
cat > "$tm/index.html" <<EOF
<!DOCTYPE html><html><head><meta charset="utf-8"><link rel="stylesheet" href="maplibre-gl.css">
<style>html, body, #map { margin: 0; height: 100%; }</style></head><body><div id="map"></div>
<script src="maplibre-gl.js"></script><script>
var map = new maplibregl.Map({ container: 'map', center: [$center], zoom: $ZOOM, style: { version: 8,
  sources: { t: { type: 'vector', tiles: [location.origin + '/tiles/{z}/{x}/{y}.pbf'], maxzoom: 14 } },
  layers: [
    { id: 'land', type: 'background', paint: { 'background-color': '#f2efe9' } },
    { id: 'landcover', type: 'fill', source: 't', 'source-layer': 'landcover', paint: { 'fill-color': '#cde6c0' } },
    { id: 'park', type: 'fill', source: 't', 'source-layer': 'park', paint: { 'fill-color': '#cde6c0' } },
    { id: 'water', type: 'fill', source: 't', 'source-layer': 'water', paint: { 'fill-color': '#aad3df' } },
    { id: 'waterway', type: 'line', source: 't', 'source-layer': 'waterway', paint: { 'line-color': '#7fb4cf' } },
    { id: 'roads', type: 'line', source: 't', 'source-layer': 'transportation', paint: { 'line-color': '#ffffff', 'line-width': 2 } }
  ] } });
map.on('idle', function () { if (!window.PAINTED) window.PAINTED = performance.now(); });
</script></body></html>
EOF
read -r pid port < <(serve "$tm")
wait_up "$port"
tm_paint=$($PY bench/basemap_paint.py "http://127.0.0.1:$port/index.html" maplibre "$RUNS")
kill "$pid"
echo "tilemaker + MapLibre: build $tm_ms ms; $tm_bytes bytes ($(awk -v b="$tm_bytes" -v k="$km2" 'BEGIN { printf "%.0f", b / k / 1000 }') KB/km² as stored), $tm_gz gzipped ($(awk -v b="$tm_gz" -v k="$km2" 'BEGIN { printf "%.0f", b / k / 1000 }') KB/km²); map scripts $(stat -c %s "$tm/maplibre-gl.js") bytes; first paint $tm_paint ms"
