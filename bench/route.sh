#!/usr/bin/env bash
# Routing by foot (issue 26, docs/routing.md): p50/p95 of `locate toilet --by foot --limit 5`
# in process (locate-bench route) and as a whole command (hyperfine), and the server under
# wrk with by=foot from varied start points (seeded random points in the network's box that
# the server answers), on the real network of central Helsinki and its 18 OSM toilets.
# SERVE_ARGS adds options to locate-serve (e.g. --rate 100000).
#   bash bench/route.sh                       ../shared/datasets/osm-pbf/helsinki-centre.osm.pbf
#   BIN=.build/release SECONDS_WRK=10 bash bench/route.sh [EXTRACT] [PIPELINE]
set -euo pipefail
cd "$(dirname "$0")/.."
OUT=${OUT:-bench/out}
mkdir -p "$OUT"
extract=${1:-../shared/datasets/osm-pbf/helsinki-centre.osm.pbf}
pipeline=${2:-pipelines/osm-toilets-helsinki-centre.yml}
if [ -z "${BIN:-}" ]; then
  bash scripts/release-build.sh locate locate-bench locate-serve
  BIN=.build/release
fi
db=$OUT/route.sqlite
rm -rf "$db" "$db".*
"$BIN/locate" ingest "$pipeline" --db "$db" >/dev/null 2>&1
"$BIN/locate" network build "$extract" --db "$db"
"$BIN/locate-bench" route "$db" "${QUERIES:-200}"
point=${POINT:-60.1699,24.9384}
cmd="$BIN/locate toilet --near $point --by foot --limit 5 --db $db"
$cmd >/dev/null
hyperfine -N --warmup 20 --runs "${RUNS:-200}" --export-json "$OUT/route-command.json" "$cmd" >/dev/null 2>&1
python3 - "$OUT/route-command.json" <<'PY'
import json, sys
t = sorted(x * 1000 for x in json.load(open(sys.argv[1]))["results"][0]["times"])
print(f"command by=foot k=5 runs={len(t)} p50_ms={t[len(t)//2]:.2f} p95_ms={t[len(t)*95//100]:.2f}")
PY
port=${PORT:-18426}
"$BIN/locate-serve" --db "$db" --port "$port" --rate 1e9 --burst 1000000000 ${SERVE_ARGS:-} >"$OUT/route-serve.log" 2>&1 &
server=$!
trap 'kill $server 2>/dev/null || true' EXIT
for _ in $(seq 100); do curl -sf "http://127.0.0.1:$port/v1/health" >/dev/null && break; sleep 0.2; done
# Start points for wrk: seeded random points in the network's box (as locate-bench route draws
# them), kept when the server answers them (a point in the sea is a 400: too far from a way),
# so every request is a different, answerable start and no cache of one URL can help.
bbox=$(python3 -c 'import json,sys,glob; b=json.load(open(sorted(glob.glob(sys.argv[1] + ".network/*/network.json"))[0]))["bbox"]; print(b["minLongitude"], b["minLatitude"], b["maxLongitude"], b["maxLatitude"])' "$db")
points=$OUT/route-points.txt
python3 - "$bbox" "${POINTS:-500}" >"$OUT/route-candidates.txt" <<'PY'
import random, sys
w, s, e, n = map(float, sys.argv[1].split())
r = random.Random(26)
for _ in range(int(sys.argv[2])):
    print(f"{r.uniform(s, n):.6f} {r.uniform(w, e):.6f}")
PY
: >"$points"
while read -r lat lon; do
  code=$(curl -s -o /dev/null -w '%{http_code}' "http://127.0.0.1:$port/v1/toilets/nearest?lat=$lat&lon=$lon&by=foot&limit=5")
  [ "$code" = 200 ] && echo "$lat $lon" >>"$points"
done <"$OUT/route-candidates.txt"
lua=$OUT/route-points.lua
cat >"$lua" <<'LUA'
local points = {}
for line in io.lines(os.getenv("POINTS_FILE")) do
  local lat, lon = line:match("(%S+) (%S+)")
  points[#points + 1] = { lat, lon }
end
local i = 0
setup = function(thread) i = i + 1; thread:set("offset", i * 7919) end
request = function()
  offset = (offset or 0) + 1
  local p = points[offset % #points + 1]
  return wrk.format("GET", "/v1/toilets/nearest?by=foot&limit=5&lat=" .. p[1] .. "&lon=" .. p[2])
end
done = function(summary, latency, requests)
  io.write(string.format("rps=%.0f p50_ms=%.2f p99_ms=%.2f non2xx=%d errors=%d requests=%d\n",
    summary.requests / (summary.duration / 1e6), latency:percentile(50) / 1000, latency:percentile(99) / 1000,
    summary.errors.status, summary.errors.connect + summary.errors.read + summary.errors.write + summary.errors.timeout,
    summary.requests))
end
LUA
# CPU ticks of the server process (routes are computed on its own threads).
ticks() { awk '{print $14 + $15}' "/proc/$server/stat"; }
cpu0=$(ticks)
line=$(POINTS_FILE=$points wrk -t2 -c16 -d"${SECONDS_WRK:-10}s" --latency -s "$lua" "http://127.0.0.1:$port" | grep '^rps=')
cpu1=$(ticks)
n=${line##*requests=}
per() { awk -v c="$1" -v n="$n" -v hz="$(getconf CLK_TCK)" 'BEGIN { printf "%.0f", c / hz * 1e6 / n }'; }
echo "serve by=foot k=5 points=$(wc -l <"$points")/$(wc -l <"$OUT/route-candidates.txt") $line" \
  "cpu_us_per_request=$(per $((cpu1 - cpu0)))" \
  "load=$(cut -d' ' -f1-3 /proc/loadavg | tr ' ' /)"
