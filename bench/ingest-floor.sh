#!/usr/bin/env bash
# Issue 39 §3, the ingest's last factor: the 1,000,000-point S-JTSK ingest of bench/run.sh by
# locate and by ogr2ogr, each pinned to one core (`taskset -c 0`: the processor-time ratio
# without locate's second thread), and the floor: the rows locate stored, inserted by the
# leanest SQLite program there is, the sqlite3 shell copying them (`INSERT … SELECT … WHERE 1`:
# row by row, each record decoded, checked and encoded again, its unique index entry added;
# without the WHERE, SQLite would copy the records raw, which no ingest of new data can) into an
# empty database of the same table, and the R*Tree locate packed copied node by node (what a
# packer writes; inserting a million entries one by one costs ten times more), no SpatiaLite
# triggers, with the settings of locate's first load (synchronous OFF, journal in memory, a
# 256 MiB cache). Reading the rows from the other database is part of the floor's time.
#   bash bench/ingest-floor.sh            N=1000000 points by default
#   BIN=DIR N=100000 bash bench/ingest-floor.sh
set -euo pipefail
cd "$(dirname "$0")/.."
OUT=${OUT:-bench/out}
N=${N:-1000000}
mkdir -p "$OUT"
if [ -z "${BIN:-}" ]; then
  bash scripts/release-build.sh locate-bench
  BIN=.build/release
fi
for tool in taskset sqlite3 ogr2ogr; do
  command -v "$tool" >/dev/null || { echo "ingest-floor: $tool is not installed (scripts/setup.sh --test)" >&2; exit 1; }
done
src="$OUT/synthetic-$N.geojson"
[ -f "$src" ] || "$BIN/locate-bench" generate "$N" "$src"
db="$OUT/floor-locate-$N.sqlite"
floor="$OUT/floor-$N.sqlite"
ogr="$OUT/floor-ogr-$N.sqlite"
rm -f "$db" "$db".*.kdt "$floor" "$ogr"
load=$(cut -d' ' -f1 /proc/loadavg 2>/dev/null || echo 0)
echo "ingest-floor: $N points; load average $load; each command on core 0 alone"
printf '%-44s %8s %8s %10s\n' "" "wall s" "cpu s" "vs floor"
measure() { # label command...
  local label=$1
  shift
  local t0 t1
  t0=$(date +%s.%N)
  /usr/bin/time -f "%U %S" -o "$OUT/floor-time.txt" taskset -c 0 "$@" >/dev/null ||
    { echo "ingest-floor: $label failed: $*" >&2; exit 1; }
  t1=$(date +%s.%N)
  read -r user sys <"$OUT/floor-time.txt"
  wall=$(awk -v a="$t1" -v b="$t0" 'BEGIN { printf "%.2f", a - b }')
  cpu=$(awk -v u="$user" -v s="$sys" 'BEGIN { printf "%.2f", u + s }')
  echo "$label $wall $cpu"
}
floor_sql() {
  echo "PRAGMA synchronous = OFF; PRAGMA journal_mode = MEMORY; PRAGMA cache_size = -262144;"
  echo "ATTACH '$db' AS src;"
  sqlite3 "$db" "SELECT sql || ';' FROM sqlite_master WHERE tbl_name = 'toilets' AND type IN ('table', 'index') AND sql IS NOT NULL"
  echo "CREATE VIRTUAL TABLE idx_toilets_geom USING rtree(pkid, xmin, xmax, ymin, ymax);"
  echo "BEGIN; INSERT INTO main.toilets SELECT * FROM src.toilets WHERE 1;"
  for shadow in node rowid parent; do
    echo "DELETE FROM main.idx_toilets_geom_$shadow;"
    echo "INSERT INTO main.idx_toilets_geom_$shadow SELECT * FROM src.idx_toilets_geom_$shadow WHERE 1;"
  done
  echo "COMMIT;"
}
read -r _ lwall lcpu < <(measure locate "$BIN/locate-bench" ingest "$src" "$db")
floor_sql >"$OUT/floor.sql"
read -r _ fwall fcpu < <(measure floor sqlite3 -bail "$floor" ".read $OUT/floor.sql")
[ "$(sqlite3 "$floor" 'SELECT count(*) FROM toilets')" = "$N" ] || { echo "ingest-floor: the floor did not copy $N rows" >&2; exit 1; }
# The copied R*Tree answers as the original: every entry found by a query over the whole box.
[ "$(sqlite3 "$floor" 'SELECT count(*) FROM idx_toilets_geom WHERE xmin >= -180 AND xmax <= 180')" = "$N" ] ||
  { echo "ingest-floor: the floor's R*Tree does not hold $N entries" >&2; exit 1; }
[ "$(sqlite3 "$floor" "SELECT rtreecheck('idx_toilets_geom')")" = ok ] ||
  { echo "ingest-floor: the floor's R*Tree fails rtreecheck" >&2; exit 1; }
read -r _ owall ocpu < <(measure ogr2ogr ogr2ogr -f SQLite -dsco SPATIALITE=YES -t_srs EPSG:4326 "$ogr" "$src")
row() { printf '%-44s %8s %8s %10s\n' "$1" "$2" "$3" "$(awk -v a="$3" -v b="$fcpu" 'BEGIN { printf "%.2fx", a / b }')"; }
row "the floor (sqlite3: rows and R*Tree)" "$fwall" "$fcpu"
row "locate-bench ingest (parse, reproject, store)" "$lwall" "$lcpu"
row "ogr2ogr -f SQLite -dsco SPATIALITE=YES" "$owall" "$ocpu"
awk -v o="$ocpu" -v l="$lcpu" -v f="$fcpu" 'BEGIN {
  printf "ogr2ogr / locate, processor time on one core: %.2fx (the bar: 5x)\n", o / l
  printf "ogr2ogr / the floor: %.2fx (a reference: what storing these rows costs at the least)\n", o / f }'
