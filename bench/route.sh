#!/usr/bin/env bash
# Routing by foot (issue 26, docs/routing.md): p50/p95 of `locate toilet --by foot --limit 5`
# in process (locate-bench route) and as a whole command (hyperfine), and the server under
# wrk with by=foot, on the real network of central Helsinki and its 18 OSM toilets.
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
"$BIN/locate-serve" --db "$db" --port "$port" --rate 1e9 --burst 1000000000 >"$OUT/route-serve.log" 2>&1 &
server=$!
trap 'kill $server 2>/dev/null || true' EXIT
for _ in $(seq 50); do curl -sf "http://127.0.0.1:$port/v1/toilets/nearest?lat=60.17&lon=24.94" >/dev/null && break; sleep 0.2; done
lat=${point%,*}
lon=${point#*,}
wrk -t2 -c16 -d"${SECONDS_WRK:-10}s" --latency "http://127.0.0.1:$port/v1/toilets/nearest?lat=$lat&lon=$lon&by=foot&limit=5" |
  awk '/Requests\/sec|50%|99%|Non-2xx/ {print "serve by=foot k=5 " $0}'
