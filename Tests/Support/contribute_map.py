"""Contributing from the preview map as a person does, in Chromium driven by Selenium.

Usage: python contribute_map.py BASE_URL NEW_LAT NEW_LON NEAR_LAT NEAR_LON TOILET_ID NASTY_ADDRESS FOLDER SNAPSHOT

BASE_URL is a running `locate serve`. The script opens its preview page and:
1. clicks the map at NEW_LAT,NEW_LON, chooses "suggest a toilet here", sends a name too
   long (422: the message shows beside the name), then fills and sends the form and waits
   for "awaits review";
2. suggests a toilet at NEAR_LAT,NEAR_LON (an existing toilet's position): the server
   answers 409 with the toilets nearby, the page lists them, and "add anyway" sends it;
3. opens the popup of TOILET_ID (`#id=`), sends a "wrong hours" report, an edit and a
   photo of the hours sign (a 64 x 48 PNG it writes into FOLDER);
4. opens the popup of the toilet whose address is NASTY_ADDRESS (markup) and its edit form, and checks that
   the markup stayed text;
5. opens SNAPSHOT (a snapshot's index.html made with `--api BASE_URL`, from file://, another
   origin) at TOILET_ID and reports it gone: the server's CORS lets it.
It prints one JSON object with what the page showed; the Swift test asserts on it and on
`locate review list --json`. Tiles and every host but 127.0.0.1 are unreachable.
"""

import json
import os
import struct
import sys
import urllib.parse
import zlib

from selenium import webdriver
from selenium.webdriver.chrome.service import Service
from selenium.webdriver.common.action_chains import ActionChains
from selenium.webdriver.common.by import By
from selenium.webdriver.support.ui import Select, WebDriverWait


def png(path, width=64, height=48):
    """A small RGB gradient as a PNG file (PNG specification: signature, IHDR, IDAT, IEND)."""
    def chunk(kind, data):
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data) & 0xFFFFFFFF)
    rows = b"".join(b"\x00" + bytes(v for x in range(width) for v in (x * 4, y * 5, 128)) for y in range(height))
    with open(path, "wb") as f:
        f.write(b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", struct.pack(">IIBBBBB", width, height, 8, 2, 0, 0, 0))
                + chunk(b"IDAT", zlib.compress(rows)) + chunk(b"IEND", b""))


def label(element):
    """An element's text as the page wrote it (textContent). Selenium's `.text` is what is
    rendered at that moment: a popup button still being laid out while the popup pans into
    view read as "" once under CI load."""
    return (element.get_attribute("textContent") or "").strip()


def main():
    base, new_lat, new_lon, near_lat, near_lon, toilet_id, nasty_address, folder, snapshot = sys.argv[1:10]
    options = webdriver.ChromeOptions()
    options.binary_location = "/usr/bin/chromium"
    for flag in ["--headless=new", "--no-sandbox", "--disable-gpu", "--window-size=1200,800",
                 "--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE 127.0.0.1"]:
        options.add_argument(flag)
    driver = webdriver.Chrome(service=Service("/usr/bin/chromedriver"), options=options)
    out = {}
    try:
        wait = WebDriverWait(driver, 10)
        driver.get(base + "/")
        wait.until(lambda d: d.find_element(By.TAG_NAME, "body").get_attribute("data-markers"))
        out["markers"] = int(driver.find_element(By.TAG_NAME, "body").get_attribute("data-markers"))

        def click_map(lat, lon):
            # The pixel of that position, from the map itself; offsets are from the centre.
            x, y = driver.execute_script(
                "var p = window.LOCATE_PAGE.map.latLngToContainerPoint([arguments[0], arguments[1]]);"
                "return [p.x, p.y];", float(lat), float(lon))
            m = driver.find_element(By.ID, "map")
            size = m.size
            ActionChains(driver).move_to_element_with_offset(
                m, int(x - size["width"] / 2), int(y - size["height"] / 2)).click().perform()
            wait.until(lambda d: d.find_elements(By.CSS_SELECTOR, "button.suggest"))[0].click()
            return wait.until(lambda d: d.find_elements(By.CSS_SELECTOR, "#contrib form"))[0]

        def message(form, text):
            wait.until(lambda d: text in form.find_element(By.CSS_SELECTOR, ".msg").text)
            return form.find_element(By.CSS_SELECTOR, ".msg").text

        def fill(form, name, value):
            e = form.find_element(By.NAME, name)
            e.clear()
            e.send_keys(value)

        # 1. A new toilet where there is none.
        form = click_map(new_lat, new_lon)
        out["heading"] = label(driver.find_element(By.CSS_SELECTOR, "#contrib h2"))
        out["new_position"] = [form.find_element(By.NAME, "lat").get_attribute("value"),
                               form.find_element(By.NAME, "lon").get_attribute("value")]
        fill(form, "name", "x" * 201)
        form.find_element(By.CSS_SELECTOR, "button[type=submit]").click()
        wait.until(lambda d: form.find_element(By.CSS_SELECTOR, ".err[data-for=name]").text)
        out["refused_field"] = form.find_element(By.CSS_SELECTOR, ".err[data-for=name]").text
        out["refused_message"] = form.find_element(By.CSS_SELECTOR, ".msg").text
        fill(form, "name", "Test toilet from the map")
        fill(form, "hours_text", "Mo-Fr 08:00-18:00")
        fill(form, "price_text", "20 CZK")
        Select(form.find_element(By.NAME, "wheelchair")).select_by_value("yes")
        fill(form, "note", "seen today")
        form.find_element(By.CSS_SELECTOR, "button[type=submit]").click()
        out["new_message"] = message(form, "awaits review")
        read = form.find_elements(By.CSS_SELECTOR, ".hours-read")
        out["new_hours_read"] = read[0].text if read else None

        # 2. Too close to an existing toilet: 409, the toilets nearby, "add anyway".
        driver.find_element(By.ID, "contrib-close").click()
        form = click_map(new_lat, new_lon)
        fill(form, "lat", near_lat)
        fill(form, "lon", near_lon)
        fill(form, "name", "Second toilet beside one")
        form.find_element(By.CSS_SELECTOR, "button[type=submit]").click()
        anyway = wait.until(lambda d: form.find_elements(By.CSS_SELECTOR, "button.anyway"))[0]
        out["conflict_message"] = form.find_element(By.CSS_SELECTOR, ".msg").text
        out["conflict_nearby"] = [label(li) for li in form.find_elements(By.CSS_SELECTOR, "ul.nearby li")]
        anyway.click()
        out["anyway_message"] = message(form, "awaits review")

        # 3. A report and an edit from a toilet's popup.
        driver.get(base + "/index.html#id=" + urllib.parse.quote(toilet_id, safe="/@,."))
        wait.until(lambda d: d.find_elements(By.CSS_SELECTOR, ".leaflet-popup .contrib-actions"))
        out["popup_buttons"] = [label(b) for b in driver.find_elements(By.CSS_SELECTOR, ".contrib-actions button")]
        driver.find_element(By.XPATH, "//div[@class='contrib-actions']/button[text()='report']").click()
        form = wait.until(lambda d: d.find_elements(By.CSS_SELECTOR, "#contrib form"))[0]
        form.find_element(By.CSS_SELECTOR, "input[value=wrong_hours]").click()
        fill(form, "hours_text", "Mo-Su 07:00-22:00")
        fill(form, "note", "the sign says so")
        form.find_element(By.CSS_SELECTOR, "button[type=submit]").click()
        out["report_message"] = message(form, "awaits review")

        driver.find_element(By.XPATH, "//div[@class='contrib-actions']/button[text()='suggest an edit']").click()
        form = wait.until(lambda d: d.find_elements(By.CSS_SELECTOR, "#contrib form"))[0]
        form.find_element(By.CSS_SELECTOR, "button[type=submit]").click()
        out["unchanged_message"] = message(form, "change at least one field")
        fill(form, "price_text", "15 CZK")
        form.find_element(By.CSS_SELECTOR, "button[type=submit]").click()
        out["edit_message"] = message(form, "awaits review")

        photo = os.path.join(folder, "sign.png")
        png(photo)
        driver.find_element(By.XPATH, "//div[@class='contrib-actions']/button[text()='add a photo']").click()
        form = wait.until(lambda d: d.find_elements(By.CSS_SELECTOR, "#contrib form"))[0]
        Select(form.find_element(By.NAME, "photo_kind")).select_by_value("hours_sign")
        form.find_element(By.NAME, "photo").send_keys(photo)
        form.find_element(By.CSS_SELECTOR, "button[type=submit]").click()
        out["photo_message"] = message(form, "awaits review")
        out["photo_sign"] = [p.text for p in form.find_elements(By.CSS_SELECTOR, ".sign-read, .hours-now")]

        # 4. Markup in open data stays text.
        nasty_id = driver.execute_script(
            "var a = arguments[0], t = window.LOCATE_PAGE.toilets.filter(function (t) { return t.feature.properties.address === a; });"
            "return t.length ? t[0].feature.id : null;", nasty_address)
        out["nasty_id"] = nasty_id
        driver.get(base + "/?again#id=" + urllib.parse.quote(nasty_id, safe="/@,."))
        wait.until(lambda d: d.find_elements(By.CSS_SELECTOR, ".leaflet-popup .contrib-actions"))
        driver.find_element(By.XPATH, "//div[@class='contrib-actions']/button[text()='suggest an edit']").click()
        out["nasty_heading"] = label(driver.find_element(By.CSS_SELECTOR, "#contrib h2"))
        out["nasty_ran"] = driver.execute_script("return document.body.getAttribute('data-pwned');")
        out["nasty_images"] = len(driver.find_elements(By.CSS_SELECTOR, "#contrib img, .leaflet-popup img"))

        # 5. The snapshot on another origin sends to the API it was made for.
        driver.get(snapshot + "#id=" + urllib.parse.quote(toilet_id, safe="/@,."))
        wait.until(lambda d: d.find_elements(By.CSS_SELECTOR, ".leaflet-popup .contrib-actions"))
        driver.find_element(By.XPATH, "//div[@class='contrib-actions']/button[text()='report']").click()
        form = wait.until(lambda d: d.find_elements(By.CSS_SELECTOR, "#contrib form"))[0]
        form.find_element(By.CSS_SELECTOR, "button[type=submit]").click()
        out["no_reason_message"] = message(form, "choose what is wrong")
        form.find_element(By.CSS_SELECTOR, "input[value=gone]").click()
        form.find_element(By.CSS_SELECTOR, "button[type=submit]").click()
        out["snapshot_message"] = message(form, "awaits review")
    except Exception as e:  # report what the page showed so far with the failure
        out["failure"] = "%s: %s" % (type(e).__name__, str(e).splitlines()[0] if str(e) else "")
        out["panel"] = driver.execute_script(
            "var p = document.getElementById('contrib'); return p ? p.innerText : null;")
    finally:
        driver.quit()
    print(json.dumps(out, ensure_ascii=False, sort_keys=True))


if __name__ == "__main__":
    main()
