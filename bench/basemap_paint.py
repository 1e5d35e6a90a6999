"""First paint of a basemap on a phone-sized window (390x844) in Debian's Chromium, driven by
Playwright: milliseconds from the page's start until every tile in view is drawn, the median
of RUNS fresh visits (new browser context each: nothing cached). Every host but 127.0.0.1 is
unreachable.

Usage: python basemap_paint.py URL KIND RUNS
KIND: locate (the page's own basemap: the map's data-basemap-loaded) or maplibre (a page
that sets window.PAINTED when MapLibre's map is idle)."""

import statistics
import sys

from playwright.sync_api import sync_playwright

url, kind, runs = sys.argv[1], sys.argv[2], int(sys.argv[3])
wait = {"locate": "document.getElementById('map').getAttribute('data-basemap-loaded')",
        "maplibre": "window.PAINTED"}[kind]
times = []
with sync_playwright() as p:
    browser = p.chromium.launch(executable_path="/usr/bin/chromium", args=[
        "--no-sandbox", "--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE 127.0.0.1"])
    for _ in range(runs):
        context = browser.new_context(viewport={"width": 390, "height": 844})
        page = context.new_page()
        page.goto(url)
        page.wait_for_function(wait, timeout=30000)
        times.append(float(page.evaluate(wait)))
        context.close()
    browser.close()
print("%.0f" % statistics.median(times))
