#!/usr/bin/env bash
# Renders a snapshot's offline preview in headless Chromium, reads how many markers the
# page made, compares with the manifest, and saves a screenshot (not committed).
#   bash scripts/preview-check.sh SNAPSHOT_DIR [SCREENSHOT.png]
set -euo pipefail
dir=$(cd "${1:?usage: preview-check.sh SNAPSHOT_DIR [SCREENSHOT.png]}" && pwd)
shot=${2:-$dir.png}
browser=$(command -v chromium || command -v chromium-browser || true)
[ -n "$browser" ] || { echo "preview-check: chromium is not installed (apt-get install chromium)" >&2; exit 1; }
flags=(--headless --disable-gpu --no-sandbox --virtual-time-budget=10000 --window-size=1200,800)
# The page counts the markers it made (data-markers on <body>; clustered ones are not drawn).
markers=$(timeout 120 "$browser" "${flags[@]}" --dump-dom "file://$dir/index.html" 2>/dev/null | grep -o 'data-markers="[0-9]*"' | grep -o '[0-9][0-9]*' || echo 0)
# One marker per toilet and per station: the sum of the datasets' counts.
expected=$(grep -o '"count":[0-9]*' "$dir/manifest.json" | cut -d: -f2 | awk '{ s += $1 } END { print s + 0 }')
timeout 120 "$browser" "${flags[@]}" --screenshot="$shot" "file://$dir/index.html" >/dev/null 2>&1
echo "markers=$markers expected=$expected screenshot=$shot"
[ "$markers" = "$expected" ]
