#!/usr/bin/env bash
# Installs the Debian packages locate needs, only those missing. Idempotent: a second run
# installs nothing. Uses sudo only when not root. Swift itself must already be installed
# (https://www.swift.org/install/linux/); this script checks for it.
#   scripts/setup.sh          what locate needs to run (make demo)
#   scripts/setup.sh --test   plus the tools the tests check against (make test)
#   scripts/setup.sh --bench  plus the benchmarks' peers (PostGIS: bench/nearest-batch.sh)
set -euo pipefail

packages=(
  libsqlite3-dev            # SQLite headers (GRDB and CSpatial link the system SQLite)
  libspatialite-dev         # SpatiaLite headers
  libsqlite3-mod-spatialite # mod_spatialite, loaded into every writable connection
  libproj-dev               # PROJ, opened at run time only to reproject (S-JTSK input)
  proj-data                 # PROJ's EPSG database and grids
  libjs-leaflet             # Leaflet, copied into snapshot preview pages
  libjs-leaflet.markercluster # Leaflet.markercluster: the preview map's clusters (copied, with its licence)
  libvips-dev               # libvips: locate serve decodes and re-encodes uploaded photos
  zlib1g-dev                # zlib: inflates the blocks of OpenStreetMap PBF files (format: osm-pbf)
  nettle-dev                # Nettle: SHA-256 of inputs, exports and the database (static archive, linked in)
  routino                   # planetsplitter, filedumper: locate network build makes street networks
  libroutino-dev            # libroutino: routes by foot and wheelchair (--by, by=)
  libtesseract-dev          # tesseract's C API: locate hours read finds the text on a photo of a sign
  tesseract-ocr-ces         # tesseract's Czech, Polish, German and English models (--lang)
  tesseract-ocr-pol
  tesseract-ocr-deu
  tesseract-ocr-eng
)
if [ "${1:-}" = "--test" ] || [ "${1:-}" = "--bench" ]; then
  packages+=(
    proj-bin                # cs2cs and geod: tests cross-check transforms and distances
    gdal-bin                # ogrinfo/ogr2ogr: tests open our files; benchmarks compare
    spatialite-bin          # the spatialite shell: tests run CheckSpatialIndex
    sqlite3                 # the sqlite3 shell: tests run rtreecheck
    chromium                # headless browser: the preview map tests render index.html (PreviewBrowserTests)
    chromium-driver         # chromedriver: Selenium drives chromium to contribute from the map
    python3-venv            # python3 -m venv: the browser tests' Playwright and axe-core (PyPI) live in .build/browser-venv
    python3-jsonschema      # JSON Schema validator: tests check every JSON output against docs/schema
    osmium-tool             # osmium: the oracle of the PBF reader tests and the PBF benchmark
    prometheus              # promtool checks /metrics (ServeMetricsTests); scripts/prometheus-scrape.sh runs prometheus
  )
fi
if [ "${1:-}" = "--bench" ]; then
  packages+=(
    postgresql              # PostgreSQL: bench/nearest-batch.sh runs PostGIS's KNN as a peer
    postgresql-15-postgis-3 # PostGIS (geography <-> in a LATERAL join)
    tilemaker               # vector tiles: bench/basemap.sh compares them with the page's own basemap
  )
fi

missing=()
for p in "${packages[@]}"; do
  if ! dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed"; then
    missing+=("$p")
  fi
done

if ! command -v swift >/dev/null 2>&1; then
  echo "setup: swift is not on PATH; install Swift 6.1 or newer first (https://www.swift.org/install/linux/)" >&2
  exit 1
fi

# The browser tests' tools from PyPI (--test): Playwright, which drives Debian's chromium
# (never a browser of its own: no `playwright install`), and axe-core for Playwright, in a
# venv under .build/ (WebAppBrowserTests skips, saying so, without them).
browser_tools() {
  local venv=".build/browser-venv"
  if "$venv/bin/python" -c "import playwright, axe_playwright_python" 2>/dev/null; then return 0; fi
  echo "setup: installing playwright and axe-playwright-python into $venv" >&2
  python3 -m venv "$venv" && "$venv/bin/pip" install -q "playwright==1.65.2" "axe-playwright-python==0.1.8" >&2 \
    || echo "setup: could not install the browser test tools (WebAppBrowserTests will skip)" >&2
}

if [ ${#missing[@]} -eq 0 ]; then
  echo "setup: all system packages present" >&2
  if [ "${1:-}" = "--test" ]; then browser_tools; fi
  exit 0
fi

sudo=""
if [ "$(id -u)" -ne 0 ]; then
  command -v sudo >/dev/null 2>&1 || { echo "setup: need root or sudo to install: ${missing[*]}" >&2; exit 1; }
  sudo="sudo"
fi
echo "setup: installing ${missing[*]}" >&2
export DEBIAN_FRONTEND=noninteractive
$sudo apt-get update -qq >&2
$sudo apt-get install -y -qq --no-install-recommends "${missing[@]}" >&2
if [ "${1:-}" = "--test" ]; then browser_tools; fi
echo "setup: done" >&2
