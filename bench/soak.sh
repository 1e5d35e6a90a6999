#!/usr/bin/env bash
# The long soak of issue 27 (Tests/ServeTests/ServeSoakTests.swift is the bounded one in CI).
# Release build; prints its figures.
#   bash bench/soak.sh                                  10 minutes, 1,000,000 points
#   SECONDS_TOTAL=60 N=100000 bash bench/soak.sh         a short run
#   BIN=/path/to/release bash bench/soak.sh              another build
# locate-serve serves N synthetic points while, for SECONDS_TOTAL seconds:
#   - wrk (Debian) asks /v1/toilets/nearest?limit=10 at random points over CONNECTIONS
#     connections (default 32);
#   - a checker (python3) asks the same and checks every answer is a whole toilet-answer/1
#     document with 10 results;
#   - `locate ingest` runs two inputs in turn, back to back (the second renames every
#     toilet: every ingest changes every place);
#   - an editor, the sqlite3 shell as QGIS would write, updates a name and deletes a row
#     every EDIT_PAUSE seconds (default 0.5), waiting up to 30 s for the ingests' lock.
# Then the server gets SIGTERM and the database PRAGMA integrity_check. Prints the figures;
# exits 1 when the server died, exited badly, an answer was not whole, or integrity failed.
set -euo pipefail
cd "$(dirname "$0")/.."
SECONDS_TOTAL=${SECONDS_TOTAL:-600}
N=${N:-1000000}
CONNECTIONS=${CONNECTIONS:-32}
THREADS=${THREADS:-2}
EDIT_PAUSE=${EDIT_PAUSE:-0.5}
OUT=${OUT:-bench/out}
PORT=${PORT:-18095}
mkdir -p "$OUT"

for tool in wrk sqlite3; do
  if ! command -v "$tool" >/dev/null; then
    sudo=""
    [ "$(id -u)" -eq 0 ] || sudo=sudo
    export DEBIAN_FRONTEND=noninteractive
    $sudo apt-get update -qq >&2
    $sudo apt-get install -y -qq --no-install-recommends wrk sqlite3 >&2
    break
  fi
done
if [ -z "${BIN:-}" ]; then
  bash scripts/release-build.sh locate locate-serve locate-bench
  BIN=.build/release
fi

# shellcheck source=bench/during-writes.sh
source bench/during-writes.sh
work="$OUT/soak-$N"
db="$work/soak.sqlite"
make_inputs "$work" "$N" "$db"
lua="$OUT/soak.lua"
write_nearest_lua "$lua"

checker="$OUT/soak-check.py"
cat >"$checker" <<'PY'
import json, os, random, sys, urllib.request
port, stop = sys.argv[1], sys.argv[2]
rng = random.Random(7)
good = bad = 0
first_bad = ""
while not os.path.exists(stop):
    lat, lon = 49.96 + rng.random() * 0.16, 14.26 + rng.random() * 0.42
    url = "http://127.0.0.1:%s/v1/toilets/nearest?limit=10&lat=%.5f&lon=%.5f" % (port, lat, lon)
    try:
        with urllib.request.urlopen(url, timeout=60) as r:
            doc = json.loads(r.read())
        whole = doc.get("schema") == "toilet-answer/1" and len(doc.get("results", [])) == 10
    except Exception as e:
        whole, doc = False, repr(e)
    if whole:
        good += 1
    else:
        bad += 1
        first_bad = first_bad or str(doc)[:300]
print("checked=%d not_whole=%d%s" % (good + bad, bad, (" first_bad=" + first_bad) if bad else ""))
PY

server_pid=""
pids=()
cleanup() {
  for p in "${pids[@]}"; do kill "$p" 2>/dev/null || true; done
  [ -n "$server_pid" ] && kill "$server_pid" 2>/dev/null
  true
}
trap cleanup EXIT
"$BIN/locate-serve" --db "$db" --port "$PORT" --rate 1e9 --burst 1000000000 --timeout 600 --log-level warning \
  2>"$OUT/soak-serve.log" &
server_pid=$!
for _ in $(seq 600); do curl -sf "http://127.0.0.1:$PORT/v1/health" >/dev/null && break; sleep 0.1; done

stop="$work/stop"
rm -f "$stop" "$work/edits.log"
ingest_loop "$work" "$db" "$stop" &
pids+=($!)
(
  while [ ! -f "$stop" ]; do
    id=$((RANDOM * 32768 + RANDOM))
    id=$((id % N + 1))
    if sqlite3 -batch "$db" ".timeout 30000" "UPDATE toilets SET name = 'edited $id' WHERE id = $id;" \
      "DELETE FROM toilets WHERE id = $((id % N + 1));" >/dev/null 2>&1; then
      echo ok >>"$work/edits.log"
    else
      echo failed >>"$work/edits.log"
    fi
    sleep "$EDIT_PAUSE"
  done
) &
pids+=($!)
python3 "$checker" "$PORT" "$stop" >"$work/check.txt" &
checker_pid=$!

line=$(wrk -t"$THREADS" -c"$CONNECTIONS" -d"${SECONDS_TOTAL}s" --timeout 60s -s "$lua" "http://127.0.0.1:$PORT" | grep '^RESULT')
touch "$stop"
wait "$checker_pid" || true
for p in "${pids[@]}"; do wait "$p" || true; done
pids=()

alive=$(kill -0 "$server_pid" 2>/dev/null && echo yes || echo no)
wal_mb=$(($(stat -c %s "$db-wal" 2>/dev/null || echo 0) / 1048576))
status=died
if [ "$alive" = yes ]; then
  kill -TERM "$server_pid"
  if wait "$server_pid"; then status=0; else status=$?; fi
fi
server_pid=""
integrity=$(sqlite3 "$db" "PRAGMA integrity_check" | head -3 | tr '\n' ' ')
check=$(cat "$work/check.txt")
printf 'soak %ss, %s points: %s %s ingests_ok=%s ingests_failed=%s edits_ok=%s edits_failed=%s server_alive=%s wal_mb_before_exit=%s exit_status=%s integrity=%s load=%s\n' \
  "$SECONDS_TOTAL" "$N" "${line#RESULT }" "$check" "$(grep -c '^ok' "$work/ingests.log" || true)" \
  "$(grep -c '^failed' "$work/ingests.log" || true)" "$(grep -c '^ok' "$work/edits.log" || true)" \
  "$(grep -c '^failed' "$work/edits.log" || true)" "$alive" "$wal_mb" "$status" "$integrity" "$(cut -d' ' -f1-3 /proc/loadavg | tr ' ' /)"
grep '^failed' "$work/ingests.log" | sort | uniq -c | head -3 || true
[ "$alive" = yes ] && [ "$status" = 0 ] && [ "$integrity" = "ok " ] && [[ "$check" == *"not_whole=0"* ]]
