#!/usr/bin/env bash
# locate serve under load (issue 13). Release build; prints its figures.
#   bash bench/serve.sh                      64 connections, 30 s per run, 1,000,000 points
#   DURATION=5s N=100000 bash bench/serve.sh a short run (what the README's figures used)
# Runs wrk (Debian) against the server, each request at a random point inside Prague:
#   1. /v1/toilets/nearest?limit=10 over N synthetic points (locate-bench generate + ingest);
#   2. /v1/toilets/nearest?limit=10&open_now=true over the real Prague data with hours
#      (pipelines/prague-toilets-2019.yml, ../shared/datasets);
#   3. nginx (Debian) serving one shard file of the matching static snapshot
#      (locate export snapshot): what a static host does for the same area.
# For each: requests/s, p50 and p99 latency, and the server's peak resident memory; for the
# server also the time per request over one connection (wrk -c1 for ONE_DURATION, default
# 3 s) and the CPU time it spent per request under load (user + system, from /proc): the
# figure that depends least on what else the machine runs.
# SERVE_ARGS adds options to the server's (e.g. SERVE_ARGS="--cache-places 1000000": every
# row stays in the row cache once read, which leaves out the row reads).
# Threads: the server runs one event loop per core (NIO's default) and its Dispatch threads
# for the blocking work; wrk runs THREADS (default 2, one per core) over the 64 connections,
# as two clients' machines would. Both share the same 2 cores: what wrk spends is taken from
# the server, the same for every binary compared.
# The machine is shared: figures from a loaded machine are lower than on an idle one.
set -euo pipefail
cd "$(dirname "$0")/.."
DURATION=${DURATION:-30s}
CONNECTIONS=${CONNECTIONS:-64}
THREADS=${THREADS:-2}
N=${N:-1000000}
OUT=${OUT:-bench/out}
PORT=${PORT:-18080}
mkdir -p "$OUT"

missing=()
command -v wrk >/dev/null || missing+=(wrk)
command -v nginx >/dev/null || [ -x /usr/sbin/nginx ] || missing+=(nginx-light)
if [ ${#missing[@]} -gt 0 ]; then
  sudo=""
  [ "$(id -u)" -eq 0 ] || sudo=sudo
  export DEBIAN_FRONTEND=noninteractive
  $sudo apt-get update -qq >&2
  $sudo apt-get install -y -qq --no-install-recommends "${missing[@]}" >&2
fi
NGINX=$(command -v nginx || echo /usr/sbin/nginx)

if [ -z "${BIN:-}" ]; then
  # The flags of `make release` (static Swift runtime, not position-independent, …): the
  # binaries measured are the ones released.
  bash scripts/release-build.sh locate locate-serve locate-bench
  BIN=.build/release
fi

# A wrk script: GET $BENCH_PATH with lat and lon drawn uniformly inside Prague.
lua="$OUT/serve-random.lua"
cat >"$lua" <<'LUA'
local path = os.getenv("BENCH_PATH")
math.randomseed(42)
request = function()
  local lat = 49.96 + math.random() * 0.16
  local lon = 14.26 + math.random() * 0.42
  return wrk.format("GET", string.format("%s&lat=%.5f&lon=%.5f", path, lat, lon))
end
done = function(summary, latency, requests)
  io.write(string.format("RESULT rps=%.0f p50_ms=%.2f p99_ms=%.2f errors=%d non2xx=%d requests=%d\n",
    summary.requests / (summary.duration / 1e6), latency:percentile(50) / 1000, latency:percentile(99) / 1000,
    summary.errors.connect + summary.errors.read + summary.errors.write + summary.errors.timeout, summary.errors.status,
    summary.requests))
end
LUA

server_pid=""
stop_server() { [ -n "$server_pid" ] && kill "$server_pid" 2>/dev/null && wait "$server_pid" 2>/dev/null; server_pid=""; }
trap stop_server EXIT

# Serves $1, runs wrk on $2 (a path with its query, to which lat and lon are added), prints one line.
serve_and_load() {
  local db=$1 path=$2 label=$3
  # shellcheck disable=SC2086
  "$BIN/locate-serve" --db "$db" --port "$PORT" --rate 1e9 --burst 1000000000 ${SERVE_ARGS:-} 2>"$OUT/serve.log" &
  server_pid=$!
  for _ in $(seq 100); do curl -sf "http://127.0.0.1:$PORT/v1/health" >/dev/null && break; sleep 0.1; done
  local line one
  one=$(BENCH_PATH="$path" wrk -t1 -c1 -d"${ONE_DURATION:-3s}" -s "$lua" "http://127.0.0.1:$PORT" | grep '^RESULT')
  one=$(echo "$one" | sed -E 's/.*rps=([0-9]+).*/\1/')
  local cpu_before cpu_after
  cpu_before=$(awk '{print $14 + $15}' "/proc/$server_pid/stat")
  line=$(BENCH_PATH="$path" wrk -t"$THREADS" -c"$CONNECTIONS" -d"$DURATION" -s "$lua" "http://127.0.0.1:$PORT" | grep '^RESULT')
  cpu_after=$(awk '{print $14 + $15}' "/proc/$server_pid/stat")
  local requests=${line##*requests=}
  line=${line% requests=*}
  local peak
  peak=$(awk '/VmHWM/ {printf "%.0f", $2 / 1024}' "/proc/$server_pid/status")
  stop_server
  printf '%-44s %s peak_mb=%s one_connection_us=%s cpu_us_per_request=%s load=%s\n' "$label" "${line#RESULT }" "$peak" \
    "$(awk -v r="$one" 'BEGIN { printf "%.0f", 1e6 / r }')" \
    "$(awk -v c=$((cpu_after - cpu_before)) -v n="$requests" -v hz="$(getconf CLK_TCK)" 'BEGIN { printf "%.0f", c / hz * 1e6 / n }')" \
    "$(cut -d' ' -f1-3 /proc/loadavg | tr ' ' /)"
}

synthetic="$OUT/synthetic-$N.geojson"
[ -f "$synthetic" ] || "$BIN/locate-bench" generate "$N" "$synthetic" >&2
sdb="$OUT/serve-$N.sqlite"
# A database an older locate made (a schema step missing) is made again: the server refuses it.
if [ -f "$sdb" ] && ! "$BIN/locate" runs --db "$sdb" >/dev/null 2>&1; then rm -f "$sdb" "$sdb".*; fi
[ -f "$sdb" ] || "$BIN/locate-bench" ingest "$synthetic" "$sdb" >&2
serve_and_load "$sdb" "/v1/toilets/nearest?limit=10" "nearest k=10, $N points"

pdb="$OUT/serve-prague.sqlite"
rm -f "$pdb"
"$BIN/locate" ingest pipelines/prague-toilets-2019.yml --db "$pdb" >/dev/null 2>&1
serve_and_load "$pdb" "/v1/toilets/nearest?limit=10&open_now=true&include_unknown=false" "nearest k=10 open_now, Prague 2019"

# nginx serving the snapshot of the same Prague data: one shard file, the whole answer
# a map client loads for that area.
snap="$OUT/serve-snapshot"
rm -rf "$snap" "$snap.v"
"$BIN/locate" export snapshot --out "$snap" --db "$pdb" >/dev/null
shard=$(cd "$snap" && find -L . -path './toilets/*' -name '*.geojson' -size +1k | sort | head -1)
conf="$OUT/nginx.conf"
cat >"$conf" <<NGINX
$([ "$(id -u)" -eq 0 ] && echo "user root;")
worker_processes 2;
pid $PWD/$OUT/nginx.pid;
error_log $PWD/$OUT/nginx-error.log;
events { worker_connections 1024; }
http {
  access_log off;
  server { listen 127.0.0.1:$((PORT + 1)); root $(cd "$snap" && pwd -P); }
}
NGINX
"$NGINX" -c "$PWD/$conf"
sleep 0.5
nginx_pid=$(cat "$OUT/nginx.pid")
line=$(BENCH_PATH="${shard#.}?" wrk -t"$THREADS" -c"$CONNECTIONS" -d"$DURATION" -s "$lua" "http://127.0.0.1:$((PORT + 1))" | grep '^RESULT')
line=${line% requests=*}
peak=0
for p in $(pgrep -P "$nginx_pid") "$nginx_pid"; do
  peak=$((peak + $(awk '/VmHWM/ {print $2}' "/proc/$p/status")))
done
kill "$nginx_pid"
printf '%-44s %s peak_mb=%s\n' "nginx, snapshot shard $(basename "$shard") ($(stat -c %s "$snap/$shard") bytes)" "${line#RESULT }" "$((peak / 1024))"
