"""The preview page as a person uses it, in Debian's Chromium driven by Playwright (PyPI),
with axe-core (PyPI axe-playwright-python) checking accessibility. One browser, several
contexts, one JSON answer on stdout; the Swift test (ServeTests/WebAppBrowserTests) asserts
on it.

Usage: python webapp_check.py CONFIG.json

CONFIG: {"snapshot": folder of `locate export snapshot` (with a --basemap), "served": base URL
of a running `locate serve` (with a --basemap), "helsinki": a snapshot with central
Helsinki's basemap or absent, "now": ISO instant pinned with ?now=, "cases": [{"lat", "lon", "filters",
"limit", "at"}], "position": [lat, lon] granted to "near me", "deep": {"id"}, "shots":
folder for screenshots or absent, "bookmarks_file": a `locate bookmark` file to import,
"bookmarks_saved": where the page's saved bookmarks file goes, "served_ingest": a command that changes the served data while the page is offline,
"served_air": a command that ingests newer air readings into the served database,
"walk_point": [lat, lon]
where the served list shows walking minutes (a network is built) or absent, "review": the
`locate` command line (binary and --db) that reviews the served database's contributions: a
"Still here" tapped in a popup is approved with it and the page then shows the place verified, "station": a
station id whose panel is opened, "more": [{"snapshot", "cases"}] other snapshots whose
list answers are asked too}.

The snapshot is served by `python3 -m http.server` (a static host: service workers do not
run from file://). Every host but 127.0.0.1 is unreachable (tiles fail, as offline).
"""

import json
import os
import socket
import subprocess
import sys
import time
import urllib.parse
import urllib.request

from axe_playwright_python.sync_playwright import Axe
from playwright.sync_api import sync_playwright

CHROMIUM = "/usr/bin/chromium"
# How long a step waits for the page: generous, since the suite's other tests load both cores
# (a passing step takes well under a second; the limit only decides when a broken one fails).
WAIT_MS = 30000


def free_port():
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def static_host(folder):
    """`python3 -m http.server` on a free port over FOLDER, answering once it is up."""
    port = free_port()
    proc = subprocess.Popen([sys.executable, "-m", "http.server", str(port), "--bind", "127.0.0.1", "--directory", folder],
                            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    base = "http://127.0.0.1:%d/" % port
    for _ in range(200):
        try:
            urllib.request.urlopen(base + "manifest.json", timeout=1).read()
            return proc, base
        except OSError:
            time.sleep(0.05)
    proc.kill()
    raise SystemExit("http.server did not start")


def serious(axe, page):
    """The axe violations of impact serious or critical: [rule id, impact, first target]."""
    result = axe.run(page).response
    return [[v["id"], v["impact"], v["nodes"][0]["target"] if v["nodes"] else None]
            for v in result.get("violations", []) if v.get("impact") in ("serious", "critical")]


def answers(page, cases):
    """The list's answer (LOCATE_LIST.nearest, what the list shows) for each case."""
    return page.evaluate(
        """cases => cases.map(c => window.LOCATE_LIST.nearest(c.lat, c.lon, c.filters, c.limit, c.at)
             .map(r => ({id: r.id, distance: r.distance, state: r.state, until: r.until, sources: r.sources})))""",
        cases)


def wait_until(page, condition, seconds):
    """Polls `() => CONDITION` with page.evaluate (a function call, which the served page's
    Content-Security-Policy allows: Playwright's wait_for_function evaluates a string)."""
    end = time.time() + seconds
    while not page.evaluate("() => !!(" + condition + ")"):
        if time.time() > end:
            raise TimeoutError("waited %ss for %s" % (seconds, condition))
        time.sleep(0.1)


def basemap_at(page, lat, lon, zoom):
    """The basemap after moving the map to (lat, lon) at zoom, once its tiles there are drawn."""
    page.evaluate("""v => { document.getElementById('map').removeAttribute('data-basemap-loaded');
                            LOCATE_PAGE.map.setView([v[0], v[1]], v[2], {animate: false}); }""", [lat, lon, zoom])
    return basemap_seen(page)


def basemap_seen(page):
    """The page's own basemap once every tile in view is drawn: tiles and ways drawn so far, and
    the pixels of its shown tiles (Leaflet's leaflet-tile-loaded) that are not the land colour
    (streets, water, parks)."""
    wait_until(page, "document.getElementById('map').getAttribute('data-basemap-loaded')", 15)
    return page.evaluate("""() => {
        var m = document.getElementById('map'), painted = 0;
        document.querySelectorAll('.leaflet-basemap-pane canvas.leaflet-tile-loaded').forEach(function (c) {
          var d = c.getContext('2d').getImageData(0, 0, c.width, c.height).data;
          for (var i = 0; i < d.length; i += 4) {
            var land = (d[i] === 0xf2 && d[i + 1] === 0xef && d[i + 2] === 0xe9) || (d[i] === 0x23 && d[i + 1] === 0x26 && d[i + 2] === 0x2b);
            if (!land && d[i + 3] > 0) painted += 1;
          }
        });
        return {tiles: Number(m.getAttribute('data-basemap-tiles')), ways: Number(m.getAttribute('data-basemap-ways')), painted: painted};
    }""")


def list_ids(page):
    return page.eval_on_selector_all("#places button.place", "bs => bs.map(b => b.getAttribute('data-id'))")


def main():
    config = json.load(open(sys.argv[1]))
    shots = config.get("shots")
    if shots:
        os.makedirs(shots, exist_ok=True)
    now = config["now"]
    proc, base = static_host(config["snapshot"])
    out = {"errors": []}
    axe = Axe()
    try:
        with sync_playwright() as p:
            browser = p.chromium.launch(executable_path=CHROMIUM, args=[
                "--no-sandbox", "--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE 127.0.0.1"])

            def context(width, height, **kw):
                c = browser.new_context(viewport={"width": width, "height": height}, **kw)
                return c

            def watch(page, name):
                page.on("console", lambda m: m.type == "error" and out["errors"].append("%s: %s" % (name, m.text)))
                page.on("pageerror", lambda e: out["errors"].append("%s: %s" % (name, e)))

            def shot(page, name):
                if shots:
                    page.screenshot(path=os.path.join(shots, name))

            # 1. A phone, location granted: list, near me, filters, clusters, notices, links.
            lat, lon = config["position"]
            phone = context(390, 844, geolocation={"latitude": lat, "longitude": lon}, permissions=["geolocation"],
                            locale="en-US")
            page = phone.new_page()
            watch(page, "phone")
            page.goto(base + "index.html?now=" + now)
            wait_until(page, "document.body.getAttribute('data-offline') === 'ready'", 20)
            out["list_origin"] = page.get_attribute("#list", "data-origin")
            out["list_count"] = int(page.get_attribute("#list", "data-count") or "0")
            out["answers"] = answers(page, config["cases"])
            out["clusters"] = page.eval_on_selector_all(
                ".toilet-cluster", "cs => cs.map(c => ({label: c.getAttribute('aria-label'), text: c.textContent, "
                                   "role: c.getAttribute('role'), plugin: /marker-cluster-(small|medium|large)/.test(c.className)}))")
            out["marker_labels"] = page.eval_on_selector_all(
                ".leaflet-marker-icon.toilet", "ms => ms.slice(0, 3).map(m => m.getAttribute('aria-label'))")
            out["notice_before"] = page.is_visible("#notice")
            out["notice_text"] = page.text_content("#notice")
            if out["notice_before"]:
                page.click("#notice button.close")
            out["notice_after"] = page.is_visible("#notice")
            shot(page, "phone-390x844-light.png")
            out["axe_phone_light"] = serious(axe, page)
            page.click("#nearme")
            wait_until(page, "document.getElementById('list').getAttribute('data-origin') === 'you'", 10)
            out["near_message"] = page.text_content("#nearmsg")
            out["near_ids"] = list_ids(page)
            out["near_expected"] = [r["id"] for r in page.evaluate(
                "p => window.LOCATE_LIST.nearest(p[0], p[1], {}, 10)", [lat, lon])]
            page.check("#f-wheelchair")
            out["wheelchair_ids"] = list_ids(page)
            out["wheelchair_expected"] = [r["id"] for r in page.evaluate(
                "p => window.LOCATE_LIST.nearest(p[0], p[1], {wheelchair: true}, 10)", [lat, lon])]
            out["first_entry"] = page.text_content("#places li")
            page.uncheck("#f-wheelchair")
            shot(page, "phone-390x844-near-me.png")
            # Keyboard: the list's first entry opens its place's popup.
            page.focus("#places button.place")
            page.keyboard.press("Enter")
            page.wait_for_selector(".leaflet-popup-content .title", timeout=WAIT_MS)
            out["keyboard_popup"] = page.text_content(".leaflet-popup-content .title")
            # A deep link names its city in the picker; a bad one says so.
            deep = config["deep"]
            page.goto("about:blank")  # a load, not a hash change of the open page
            page.goto(base + "index.html?now=" + now + "#id=" + urllib.parse.quote(deep["id"], safe="/"))
            page.wait_for_selector(".leaflet-popup-content .title", timeout=WAIT_MS)
            out["deep_title"] = page.text_content(".leaflet-popup-content .title")
            # Bookmarks: the open popup's button, then a `locate bookmark` file imported.
            out["step"] = "bookmarks"
            out["bookmark_button"] = page.text_content(".leaflet-popup-content button.bookmark")
            page.click(".leaflet-popup-content button.bookmark")
            out["bookmark_pressed"] = page.get_attribute(".leaflet-popup-content button.bookmark", "aria-pressed")
            if config.get("bookmarks_file"):
                page.set_input_files("#bookmark-file", config["bookmarks_file"])
                wait_until(page, "document.getElementById('bookmarks').getAttribute('data-count') === '2'", 15)
                out["bookmark_note"] = page.text_content("#bookmark-note")
                # Saved as a file (for `locate bookmark --bookmarks FILE`), and a file that is not one.
                with page.expect_download() as download:
                    page.click("#bookmark-save")
                download.value.save_as(config["bookmarks_saved"])
                bad = config["bookmarks_saved"] + ".bad.json"
                with open(bad, "w") as f:
                    f.write('{"schema": "bookmarks/2", "bookmarks": []}')
                page.set_input_files("#bookmark-file", bad)
                wait_until(page, "document.getElementById('bookmark-note').textContent.indexOf('not a') === 0", 15)
                out["bookmark_bad_note"] = page.text_content("#bookmark-note")
            out["deep_city"] = page.evaluate("() => { var s = document.getElementById('city'); return s ? s.options[s.selectedIndex].text : null; }")
            out["deep_notice"] = page.is_visible("#linknotice")
            out["step"] = "bad link"
            page.evaluate("() => { window.location.hash = '#id=nowhere/nothing'; }")
            page.wait_for_selector("#linknotice:not([hidden])", timeout=WAIT_MS)
            out["bad_notice"] = page.text_content("#linknotice")
            # A station's panel: its norms judged in the page, the notice, its chart; axe with it open.
            station = config.get("station")
            out["step"] = "station panel"
            if station:
                page.evaluate("id => { window.location.hash = '#id=' + id; }", station)
                page.wait_for_selector(".leaflet-popup-content button.station-details", timeout=WAIT_MS)
                page.click(".leaflet-popup-content button.station-details")
                page.wait_for_selector("#station-panel:not([hidden])", timeout=WAIT_MS)
                out["station_standings"] = page.evaluate("id => LOCATE_STATION.standings(id)", station)
                out["station_notice"] = page.text_content("#station-panel .norm-notice")
                out["station_notice_role"] = page.get_attribute("#station-panel .norm-notice", "role")
                out["station_exceeded"] = page.get_attribute("#station-panel", "data-exceeded")
                out["station_charts"] = page.eval_on_selector_all("#station-panel svg.station-chart", "cs => cs.map(c => c.getAttribute('aria-label'))")
                out["station_focus"] = page.evaluate("() => document.activeElement && document.activeElement.id")
                shot(page, "phone-390x844-station.png")
                out["axe_station_panel"] = serious(axe, page)
                page.keyboard.press("Escape")
                out["station_closed"] = page.is_hidden("#station-panel")
            shot(page, "phone-390x844-deep-link.png")
            # Offline after one visit: the page, its places, the list and the data's age.
            out["step"] = "offline"
            phone.set_offline(True)
            page.goto(base + "index.html?now=" + now)
            wait_until(page, "document.body.getAttribute('data-markers') !== null", 10)
            out["offline_markers"] = int(page.get_attribute("body", "data-markers") or "0")
            out["offline_list"] = int(page.get_attribute("#list", "data-count") or "0")
            out["offline_age"] = page.text_content("#age")
            out["offline_states"] = page.eval_on_selector_all(
                "#places .state", "ss => ss.map(s => s.className.replace('state state-text-', ''))")
            out["offline_basemap"] = basemap_seen(page)
            out["offline_bookmarks"] = page.evaluate("() => LOCATE_BOOKMARKS.ids()")
            out["offline_bookmark_names"] = page.eval_on_selector_all("#bookmark-list .name", "ns => ns.map(n => n.textContent)")
            shot(page, "phone-390x844-offline.png")
            # Online again, a newer snapshot (its manifest differs) is offered.
            manifest = os.path.join(config["snapshot"], "manifest.json")
            with open(manifest, "a") as f:
                f.write(" ")
            phone.set_offline(False)
            page.wait_for_selector("#newer:not([hidden])", timeout=WAIT_MS)
            out["online_age"] = page.text_content("#age")
            out["newer"] = page.text_content("#newer")
            page.emulate_media(color_scheme="dark")
            wait_until(page, "document.body.getAttribute('data-scheme') === 'dark'", 15)
            out["scheme_dark"] = page.get_attribute("body", "data-scheme")
            shot(page, "phone-390x844-dark.png")
            out["axe_phone_dark"] = serious(axe, page)
            phone.close()

            # 2. A desktop, location refused, light and dark.
            desk = context(1280, 800, locale="en-GB")
            page = desk.new_page()
            watch(page, "desktop")
            page.goto(base + "index.html?now=" + now)
            page.wait_for_selector("#places button.place", timeout=WAIT_MS)
            page.click("#nearme")
            wait_until(page, "document.getElementById('nearmsg').textContent.indexOf('locat') === 0", 10)
            wait_until(page, "document.getElementById('nearmsg').textContent !== 'locating…'", 20)
            out["refused_message"] = page.text_content("#nearmsg")
            shot(page, "desktop-1280x800-light.png")
            out["axe_desktop_light"] = serious(axe, page)
            page.emulate_media(color_scheme="dark")
            shot(page, "desktop-1280x800-dark.png")
            out["axe_desktop_dark"] = serious(axe, page)
            desk.close()

            # 3. The browser's language: Czech and Polish.
            out["languages"] = {}
            for locale in ["cs-CZ", "pl-PL"]:
                c = context(390, 844, locale=locale)
                page = c.new_page()
                watch(page, locale)
                page.goto(base + "index.html?now=" + now)
                page.wait_for_selector("#list-heading", timeout=WAIT_MS)
                out["languages"][locale] = {"lang": page.get_attribute("html", "lang"), "heading": page.text_content("#list-heading"),
                                            "near": page.text_content("#nearme"), "age": page.text_content("#age")}
                if locale == "cs-CZ":
                    shot(page, "phone-390x844-cs.png")
                c.close()

            # 5. More snapshots (real data, when the test has it): the list's answers only.
            out["more"] = []
            for more in config.get("more", []):
                extra, extra_base = static_host(more["snapshot"])
                try:
                    c = context(1280, 800, locale="en-US")
                    page = c.new_page()
                    watch(page, "more")
                    page.goto(extra_base + "index.html?now=" + now)
                    page.wait_for_selector("#places button.place", timeout=WAIT_MS)
                    out["more"].append(answers(page, more["cases"]))
                    # What the list says of each place's verification, around each view asked.
                    seen = []
                    for view in more.get("verified_views", []):
                        # [lat, lon, the dataset the nearest place there is of]
                        page.evaluate("p => LOCATE_PAGE.map.setView([p[0], p[1]], 16, {animate: false})", view)
                        page.wait_for_function(
                            "d => { var b = document.querySelector('#places button.place'); return b && b.getAttribute('data-id').indexOf(d + '/') === 0; }",
                            arg=view[2], timeout=WAIT_MS)
                        seen += page.eval_on_selector_all(
                            "#places button.place", "bs => bs.map(b => [b.getAttribute('data-id'), b.querySelector('.verified').textContent])")
                    out.setdefault("more_verified", []).append(seen)
                    c.close()
                finally:
                    extra.kill()

            # 4. The page `locate serve` serves, offline after one visit (its CSP allows the worker).
            served = (config.get("served") or "").rstrip("/")
            if served:
                c = context(390, 844, locale="en-US")
                page = c.new_page()
                watch(page, "served")
                answer = page.goto(served + "/?now=" + now)
                out["served_csp"] = answer.headers.get("content-security-policy")
                wait_until(page, "document.body.getAttribute('data-offline') === 'ready'", 20)
                c.set_offline(True)
                page.goto(served + "/?now=" + now)
                wait_until(page, "document.body.getAttribute('data-markers') !== null", 10)
                out["served_offline_markers"] = int(page.get_attribute("body", "data-markers") or "0")
                out["served_offline_list"] = int(page.get_attribute("#list", "data-count") or "0")
                out["served_offline_age"] = page.text_content("#age")
                out["served_offline_basemap"] = basemap_seen(page)
                # An ingest while the page is offline; online again, the page finds the change
                # at /v1/updates?since= and offers it.
                if config.get("served_ingest"):
                    subprocess.run(config["served_ingest"], check=True, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
                    # The server sees a commit soon, not at once: wait until it answers with the
                    # change, then bring the page online.
                    since = page.evaluate("() => LOCATE_META.generated_at")
                    ask = served + "/v1/updates?since=" + urllib.parse.quote(since)
                    for _ in range(150):
                        if json.load(urllib.request.urlopen(ask, timeout=5)).get("datasets"):
                            break
                        time.sleep(0.1)
                    c.set_offline(False)
                    page.wait_for_selector("#newer:not([hidden])", timeout=WAIT_MS)
                    out["served_newer"] = page.text_content("#newer")
                c.close()
                # The hourly look for newer air readings (the page's clock run an hour ahead):
                # nothing offered while no air ingest is newer than the page's data; offered after one.
                if config.get("served_air"):
                    out["step"] = "served air"
                    c = context(390, 844, locale="en-US")
                    page = c.new_page()
                    watch(page, "served air")
                    page.clock.install()
                    page.goto(served + "/?now=" + now)
                    wait_until(page, "document.getElementById('list').getAttribute('data-count')", 15)
                    page.clock.fast_forward("01:00:00")
                    wait_until(page, "document.body.getAttribute('data-air-checked')", 10)
                    out["served_air_before"] = [page.get_attribute("body", "data-air-checked"), page.is_visible("#newer")]
                    made = page.evaluate("() => LOCATE_META.generated_at")
                    subprocess.run(config["served_air"], check=True, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
                    for _ in range(150):
                        health = json.load(urllib.request.urlopen(served + "/v1/health", timeout=5))
                        if any(d["kind"] == "air" and d["finished_at"] > made for d in health["datasets"]):
                            break
                        time.sleep(0.1)
                    page.evaluate("() => document.body.removeAttribute('data-air-checked')")
                    page.clock.fast_forward("01:00:00")
                    wait_until(page, "document.body.getAttribute('data-air-checked')", 10)
                    out["served_air_after"] = [page.get_attribute("body", "data-air-checked"), page.text_content("#newer")]
                    c.close()
                # The contribution panel's words by the browser's language.
                c = context(390, 844, locale="cs-CZ")
                page = c.new_page()
                watch(page, "served cs")
                page.goto(served + "/?now=" + now)
                page.wait_for_selector("#hint", timeout=WAIT_MS)
                out["served_cs_hint"] = page.text_content("#hint")
                c.close()
                # Walking minutes by route where the server has a street network.
                walk = config.get("walk_point")
                if walk:
                    c = context(390, 844, locale="en-US")
                    page = c.new_page()
                    watch(page, "served walk")
                    page.goto(served + "/?now=" + now)
                    wait_until(page, "document.getElementById('list').getAttribute('data-count')", 15)
                    page.evaluate("p => LOCATE_PAGE.map.setView([p[0], p[1]], 16, {animate: false})", walk)
                    wait_until(page, "Number(document.getElementById('list').getAttribute('data-walks')) > 0", 20)
                    out["walk_from"] = page.get_attribute("#list", "data-walk-from")
                    out["walk_by"] = page.get_attribute("#list", "data-walk-by")
                    out["walk_entries"] = page.eval_on_selector_all(
                        "#places button.place[data-walk-s]", "bs => bs.map(b => [b.getAttribute('data-id'), Number(b.getAttribute('data-walk-s')), b.querySelector('.walk').textContent])")
                    shot(page, "served-390x844-walk.png")
                    c.close()
                # Verification's round trip: "Still here" tapped in the popup, approved with
                # `locate review`, then the place reads as verified by it, in the popup and the list.
                review = config.get("review")
                if review:
                    out["step"] = "verify"
                    deep = config["deep"]["id"]
                    c = context(390, 844, locale="en-US")
                    page = c.new_page()
                    watch(page, "served verify")
                    link = served + "/?now=" + now + "#id=" + urllib.parse.quote(deep, safe="/")
                    page.goto(link)
                    page.wait_for_selector(".leaflet-popup-content .confirm button", timeout=WAIT_MS)
                    out["verify_before"] = page.text_content(".leaflet-popup-content .verified")
                    out["verify_buttons"] = page.eval_on_selector_all(
                        ".leaflet-popup-content .confirm button", "bs => bs.map(b => [b.getAttribute('data-reason'), b.textContent])")
                    out["verify_axe"] = serious(axe, page)
                    page.click(".leaflet-popup-content .confirm button[data-reason=still_there]")
                    page.wait_for_selector(".leaflet-popup-content .confirm-msg.good", timeout=WAIT_MS)
                    out["verify_receipt"] = page.text_content(".leaflet-popup-content .confirm-msg")
                    listed = json.loads(subprocess.run(review[:1] + ["review", "list", "--json"] + review[1:], check=True,
                                                       capture_output=True, text=True).stdout)
                    mine = [x for x in listed["contributions"] if x.get("report") == "still_there" and x.get("target") == deep]
                    out["verify_pending"] = len(mine)
                    for x in mine:
                        subprocess.run(review[:1] + ["review", "approve", str(x["id"]), "--as", "browser-check"] + review[1:],
                                       check=True, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
                    # The server sees the approval's commit soon, not at once.
                    ask = served + "/v1/toilets/" + urllib.parse.quote(deep, safe="/")
                    out["verify_api"] = None
                    for _ in range(150):
                        toilet = json.load(urllib.request.urlopen(ask, timeout=5)).get("toilet", {})
                        if toilet.get("verified_by") == "confirmation":
                            out["verify_api"] = toilet.get("verified_at")
                            break
                        time.sleep(0.1)
                    page.goto("about:blank")
                    page.goto(link)
                    page.wait_for_selector(".leaflet-popup-content .verified", timeout=WAIT_MS)
                    out["verify_after"] = page.text_content(".leaflet-popup-content .verified")
                    wait_until(page, "document.getElementById('list').getAttribute('data-count')", 15)
                    out["verify_list"] = page.eval_on_selector_all(
                        "#places button.place", "bs => bs.map(b => [b.getAttribute('data-id'), b.querySelector('.verified').textContent])")
                    shot(page, "served-390x844-verified.png")
                    c.close()

            # 5. Central Helsinki's own basemap: streets and names at zoom 17, by day and by
            # night, offline after one visit.
            if config.get("helsinki"):
                extra, extra_base = static_host(config["helsinki"])
                try:
                    for name, width, height, scheme in [("phone", 390, 844, "light"), ("desktop", 1280, 800, "dark")]:
                        c = context(width, height, locale="en-US", color_scheme=scheme)
                        page = c.new_page()
                        watch(page, "helsinki " + name)
                        page.goto(extra_base + "index.html?now=" + now)
                        wait_until(page, "document.body.getAttribute('data-offline') === 'ready'", 20)
                        out["helsinki_" + name] = basemap_at(page, 60.1699, 24.9384, 17)
                        shot(page, "helsinki-%dx%d-%s.png" % (width, height, scheme))
                        # A pan past the tiles Leaflet keeps: new tiles drawn from shards already loaded.
                        out["helsinki_" + name + "_pan"] = basemap_at(page, 60.1699, 24.9484, 17)
                        # The other colour scheme: every tile drawn again.
                        page.evaluate("() => document.getElementById('map').removeAttribute('data-basemap-loaded')")
                        page.emulate_media(color_scheme="dark" if scheme == "light" else "light")
                        out["helsinki_" + name + "_scheme"] = basemap_seen(page)
                        c.set_offline(True)
                        page.goto(extra_base + "index.html?now=" + now)
                        wait_until(page, "document.body.getAttribute('data-markers') !== null", 10)
                        out["helsinki_" + name + "_offline"] = basemap_at(page, 60.1699, 24.9384, 17)
                        c.close()
                finally:
                    extra.kill()
            browser.close()
    except Exception as e:  # the step that failed, with what was seen before it
        out["failed"] = "%s: %s (step: %s)" % (type(e).__name__, str(e).split("\n")[0], out.get("step"))
    finally:
        proc.kill()
    # Requests the network fails are expected here (tiles from nowhere, the offline steps, the
    # service worker refusing a saved answer to a look for newer data); answers with an
    # error status and script errors are the page's.
    out["errors"] = [e for e in out["errors"] if "Failed to load resource: net::" not in e]
    print(json.dumps(out, ensure_ascii=False))


if __name__ == "__main__":
    main()
