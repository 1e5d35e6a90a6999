#!/usr/bin/env python3
"""Renders a corpus of opening-hours sign images with their true opening_hours.

    python3 bench/signs/generate.py OUT_DIR [--count 240] [--seed 40] [--locate .build/release/locate]
    python3 bench/signs/generate.py --fixtures Tests/LocateCLITests/signs   (the test's images)

Schedules: the real hours strings of the Prague and OSM datasets in ../shared/datasets
(read here, never copied into the repository; each turned into its OSM form by
`locate hours normalize`, and kept when it is a weekly schedule this renderer can draw),
plus hand-written Polish, German and English signs. Each sign is drawn in Czech, Polish,
English or German words, in one of several DejaVu fonts and layouts (one line, a table, a
day per line, lunch breaks on their own line), then distorted (perspective, blur, noise,
JPEG artefacts, low contrast, glare, rotation). Writes OUT_DIR/NNNN.png or .jpg and
OUT_DIR/corpus.jsonl (file, truth, language, layout, distortion, source).

These are rendered images, not photos of real signs: fonts are clean, backgrounds flat,
and the words are the ones this generator knows. Figures measured on it are an upper
bound for real photos. Needs Pillow (pip install pillow).
"""
import argparse, io, json, math, os, random, re, subprocess, sys
from pathlib import Path

from PIL import Image, ImageDraw, ImageFilter, ImageFont

ROOT = Path(__file__).resolve().parents[2]
DATA = ROOT.parent / "shared" / "datasets"
FONTS = [
    "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf",
    "/usr/share/fonts/truetype/dejavu/DejaVuSans-Bold.ttf",
    "/usr/share/fonts/truetype/dejavu/DejaVuSerif.ttf",
    "/usr/share/fonts/truetype/dejavu/DejaVuSansCondensed.ttf",
    "/usr/share/fonts/truetype/dejavu/DejaVuSansMono.ttf",
    "/usr/share/fonts/truetype/dejavu/DejaVuSerif-Bold.ttf",
]
DAYS = ["Mo", "Tu", "We", "Th", "Fr", "Sa", "Su"]
WORDS = {
    "ces": dict(short=["Po", "Út", "St", "Čt", "Pá", "So", "Ne"],
                long=["Pondělí", "Úterý", "Středa", "Čtvrtek", "Pátek", "Sobota", "Neděle"],
                closed="zavřeno", nonstop="NONSTOP", daily="denně", title="Otevírací doba", holiday="svátky",
                unit=" hod.", to="až"),
    "pol": dict(short=["Pon.", "Wt.", "Śr.", "Czw.", "Pt.", "Sob.", "Niedz."],
                long=["Poniedziałek", "Wtorek", "Środa", "Czwartek", "Piątek", "Sobota", "Niedziela"],
                closed="nieczynne", nonstop="całodobowo", daily="codziennie", title="Godziny otwarcia",
                holiday="święta", unit="", to="do"),
    "eng": dict(short=["Mon", "Tue", "Wed", "Thu", "Fri", "Sat", "Sun"],
                long=["Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday"],
                closed="closed", nonstop="open 24 hours nonstop", daily="daily", title="Opening hours",
                holiday="holidays", unit="", to="to"),
    "deu": dict(short=["Mo", "Di", "Mi", "Do", "Fr", "Sa", "So"],
                long=["Montag", "Dienstag", "Mittwoch", "Donnerstag", "Freitag", "Samstag", "Sonntag"],
                closed="geschlossen", nonstop="durchgehend nonstop", daily="täglich", title="Öffnungszeiten",
                holiday="Feiertage", unit=" Uhr", to="bis"),
}
# Hand-written signs: (language, the true opening_hours).
HAND = [
    ("pol", "Mo-Fr 08:00-16:00; Sa 09:00-13:00; Su off"), ("pol", "Mo-Fr 07:30-15:30"),
    ("pol", "Mo-Sa 10:00-18:00; Su off"), ("pol", "Mo-Fr 09:00-17:00; Sa 10:00-14:00"),
    ("pol", "Mo-Fr 08:00-12:00,13:00-16:00"), ("pol", "Mo-Su 06:00-22:00"),
    ("deu", "Mo-Fr 09:00-18:00; Sa 09:00-13:00; Su off"), ("deu", "Mo-Th 08:00-17:00; Fr 08:00-14:00"),
    ("deu", "Tu-Su 10:00-18:00; Mo off"), ("deu", "Mo-Fr 08:00-12:00,14:00-18:00; Sa 08:00-12:00"),
    ("deu", "Mo-Su 07:00-20:00"), ("deu", "Mo-Sa 09:30-19:00"),
    ("eng", "Mo-Fr 09:00-17:00; Sa-Su off"), ("eng", "Mo-Su 08:00-20:00"),
    ("eng", "Mo-Fr 07:00-19:00; Sa 08:00-16:00; Su 10:00-16:00"), ("eng", "Mo-Sa 10:00-22:00; Su 12:00-18:00"),
    ("eng", "Mo-Fr 08:30-12:30,13:30-17:00"), ("eng", "24/7"),
    ("ces", "Mo-Fr 08:00-16:00; Sa 09:00-12:00; Su off"), ("ces", "Mo-Fr 08:00-11:30,12:30-16:00"),
]
LAYOUTS = ["line", "table", "perday", "lunch"]
DISTORTIONS = ["clean", "perspective", "blur", "noise", "jpeg", "lowcontrast", "glare", "rotate"]


def sources(locate):
    """(source, OSM form) of the datasets' hours strings that are weekly schedules."""
    texts = []
    for name, key in [("prague-toilets-2016.geojson", "OTEVRENO"), ("prague-toilets-2019.geojson", "OTEVRENO"),
                      ("osm-toilets-paris.json", "opening_hours"), ("osm-toilets-rome.json", "opening_hours")]:
        path = DATA / name
        if not path.exists():
            continue
        for f in json.load(open(path, encoding="utf-8"))["features"]:
            v = (f.get("properties") or {}).get(key)
            if v and v not in [t for _, t in texts]:
                texts.append((name, v))
    out = []
    for name, text in texts:
        r = subprocess.run([locate, "hours", "normalize", "--json", text], capture_output=True, text=True)
        try:
            osm = json.loads(r.stdout)["hours_osm"]
        except (ValueError, KeyError):
            continue
        if osm and parse(osm) is not None:
            out.append((name, osm))
    return out


def parse(osm):
    """[(days set, [(start, end) minutes], closed)] of a weekly schedule, or None."""
    if osm == "24/7":
        return [(set(range(7)), [(0, 1440)], False)]
    rules = []
    for rule in osm.split("; "):
        m = re.fullmatch(r"(?:([A-Za-z,\-]+) )?(off|[0-9:,\-]+)", rule)
        if not m:
            return None
        days = set(range(7))
        if m.group(1):
            days = set()
            for part in m.group(1).split(","):
                ends = part.split("-")
                if any(e not in DAYS for e in ends):
                    return None
                a, b = DAYS.index(ends[0]), DAYS.index(ends[-1])
                days |= {(a + k) % 7 for k in range(((b - a) % 7) + 1)}
        if m.group(2) == "off":
            rules.append((days, [], True))
            continue
        spans = []
        for span in m.group(2).split(","):
            t = re.fullmatch(r"(\d\d):(\d\d)-(\d\d):(\d\d)", span)
            if not t:
                return None
            s, e = int(t[1]) * 60 + int(t[2]), int(t[3]) * 60 + int(t[4])
            if e <= s or e > 1440:
                return None
            spans.append((s, e))
        rules.append((days, spans, False))
    return rules


def clock(m, rnd, style):
    h, mm = divmod(m, 60)
    if style == "bare" and mm == 0:
        return str(h)
    sep = {"colon": ":", "dot": ".", "bare": ":"}[style]
    return f"{h}{sep}{mm:02d}" if rnd.random() < 0.7 else f"{h:02d}{sep}{mm:02d}"


def day_text(days, words, rnd, long_names):
    names = words["long"] if long_names else words["short"]
    ds = sorted(days)
    if len(ds) == 7:
        return words["daily"].capitalize() if rnd.random() < 0.5 else f"{names[0]} – {names[6]}"
    runs, start = [], ds[0]
    for a, b in zip(ds, ds[1:] + [None]):
        if b != a + 1:
            runs.append((start, a))
            start = b
    dash = rnd.choice(["-", "–", " – ", " - "])
    return ", ".join(names[a] if a == b else f"{names[a]}{dash}{names[b]}" for a, b in runs)


def lines_for(rules, lang, layout, rnd):
    w = WORDS[lang]
    style = rnd.choice(["colon", "colon", "dot", "bare"] if lang != "eng" else ["colon", "colon", "bare"])
    long_names = rnd.random() < 0.3
    dash = rnd.choice(["-", "–", " - ", " – "])
    unit = w["unit"] if rnd.random() < 0.5 else ""
    if len(rules) == 1 and rules[0][1] == [(0, 1440)]:
        return [w["title"], w["nonstop"]] if rnd.random() < 0.5 else [w["nonstop"]]
    out = [w["title"]] if rnd.random() < 0.6 else []
    if layout == "perday":
        per = {}
        for days, spans, closed in rules:
            for d in days:
                per[d] = (spans, closed)
        rules = [({d}, *per[d]) for d in sorted(per)]
    body = []
    for days, spans, closed in rules:
        dt = day_text(days, w, rnd, long_names)
        if closed:
            body.append([f"{dt}: {w['closed']}" if layout != "table" else f"{dt}    {w['closed']}"])
            continue
        times = [f"{clock(s, rnd, style)}{dash}{clock(e, rnd, style)}{unit}" for s, e in spans]
        if layout == "lunch" and len(times) > 1:
            body.append([f"{dt} {times[0]}"] + times[1:])
        elif layout == "table":
            body.append([f"{dt}    {', '.join(times)}"])
        else:
            body.append([f"{dt} {', '.join(times)}"])
    if layout == "line" and sum(len(b) for b in body) > 1 and len(body) <= 3:
        return out + ["; ".join(" ".join(b) for b in body)]
    return out + [line for b in body for line in b]


def render(lines, rnd):
    font_path = rnd.choice(FONTS)
    size = rnd.randint(30, 54)
    font = ImageFont.truetype(font_path, size)
    pad = rnd.randint(30, 70)
    widths = [font.getbbox(l)[2] for l in lines]
    lh = int(size * 1.45)
    w, h = max(widths) + 2 * pad, lh * len(lines) + 2 * pad
    bg, fg = rnd.choice([((255, 255, 255), (20, 20, 20)), ((250, 230, 80), (10, 10, 10)),
                         ((20, 60, 140), (245, 245, 245)), ((235, 235, 225), (60, 30, 20))])
    img = Image.new("RGB", (w, h), bg)
    d = ImageDraw.Draw(img)
    for i, l in enumerate(lines):
        d.text((pad, pad + i * lh), l, font=font, fill=fg)
    # The sign on a wall, with a margin.
    m = rnd.randint(20, 120)
    wall = Image.new("RGB", (w + 2 * m, h + 2 * m), tuple(rnd.randint(90, 180) for _ in range(3)))
    wall.paste(img, (m, m))
    return wall, font_path, size


def distort(img, kind, rnd):
    w, h = img.size
    if kind == "perspective":
        dx, dy = w * rnd.uniform(0.03, 0.08), h * rnd.uniform(0.03, 0.08)
        quad = (dx, dy, 0, h, w, h - dy, w - dx, 0)
        img = img.transform((w, h), Image.QUAD, quad, Image.BICUBIC, fillcolor=(128, 128, 128))
    elif kind == "blur":
        img = img.filter(ImageFilter.GaussianBlur(rnd.uniform(1.0, 2.0)))
    elif kind == "noise":
        px = img.load()
        for _ in range(w * h // 12):
            x, y = rnd.randrange(w), rnd.randrange(h)
            v = rnd.randint(0, 255)
            px[x, y] = (v, v, v)
    elif kind == "lowcontrast":
        img = Image.blend(img, Image.new("RGB", img.size, (128, 128, 128)), rnd.uniform(0.55, 0.7))
    elif kind == "glare":
        glare = Image.new("L", img.size, 0)
        gd = ImageDraw.Draw(glare)
        cx, cy, r = rnd.randrange(w), rnd.randrange(h), min(w, h) * rnd.uniform(0.3, 0.5)
        gd.ellipse((cx - r, cy - r, cx + r, cy + r), fill=150)
        glare = glare.filter(ImageFilter.GaussianBlur(r / 3))
        img = Image.composite(Image.new("RGB", img.size, (255, 255, 255)), img, glare)
    elif kind == "rotate":
        img = img.rotate(rnd.uniform(-6, 6), resample=Image.BICUBIC, expand=True, fillcolor=(128, 128, 128))
    return img


# The release-binary test's images (Tests/LocateCLITests/signs): name, lines, distortion.
FIXTURES = [
    ("ces-lunch-perspective.png", ["Otevírací doba", "Po–Pá 8:00–11:30", "12:30–16:00", "So, Ne zavřeno"], "perspective"),
    ("pol-table-lowcontrast.png", ["Godziny otwarcia", "Pon.–Pt.   8:00–16:00", "Sob.   9:00–13:00", "Niedz.   nieczynne"],
     "lowcontrast"),
    ("deu-line-rotate.png", ["Öffnungszeiten", "Mo–Fr 9–18 Uhr", "Sa 9–13 Uhr", "So Ruhetag"], "rotate"),
    ("eng-perday-jpeg.jpg", ["Opening hours", "Monday to Friday 9:00 - 17:00", "Saturday, Sunday closed"], "jpeg"),
    ("no-hours.png", ["VEŘEJNÉ WC", "Vstup zdarma"], "clean"),
]


def fixtures(out):
    rnd = random.Random(40)
    out.mkdir(parents=True, exist_ok=True)
    for name, lines, kind in FIXTURES:
        img, _, _ = render(lines, rnd)
        img = distort(img, kind, rnd)
        img.thumbnail((640, 640))
        if name.endswith(".jpg"):
            img.save(out / name, quality=40)
        else:
            img.convert("L").save(out / name, optimize=True)


def main():
    if sys.argv[1:2] == ["--fixtures"]:
        return fixtures(Path(sys.argv[2]))
    ap = argparse.ArgumentParser()
    ap.add_argument("out")
    ap.add_argument("--count", type=int, default=240)
    ap.add_argument("--seed", type=int, default=40)
    ap.add_argument("--locate", default=os.environ.get("LOCATE_BIN", str(ROOT / ".build/release/locate")))
    a = ap.parse_args()
    rnd = random.Random(a.seed)
    real = sources(a.locate)
    if not real:
        sys.exit("generate: no hours strings found in ../shared/datasets")
    out = Path(a.out)
    out.mkdir(parents=True, exist_ok=True)
    with open(out / "corpus.jsonl", "w", encoding="utf-8") as index:
        for n in range(a.count):
            if n % 6 == 5:
                lang, truth = HAND[(n // 6) % len(HAND)]
                source = "hand-written"
            else:
                source, truth = real[rnd.randrange(len(real))]
                lang = rnd.choice(["ces", "ces", "pol", "eng", "deu"])
            rules = parse(truth)
            layout = rnd.choice(LAYOUTS)
            kind = DISTORTIONS[n % len(DISTORTIONS)]
            lines = lines_for(rules, lang, layout, rnd)
            img, font, size = render(lines, rnd)
            img = distort(img, kind, rnd)
            name = f"{n:04d}.jpg" if kind == "jpeg" else f"{n:04d}.png"
            if kind == "jpeg":
                img.save(out / name, quality=rnd.randint(12, 30))
            else:
                img.save(out / name)
            index.write(json.dumps(dict(file=name, truth=truth, language=lang, layout=layout, distortion=kind,
                                        source=source, font=os.path.basename(font), size=size, lines=lines),
                                   ensure_ascii=False) + "\n")
    print(f"generate: {a.count} signs in {out} ({len(real)} real schedules)", file=sys.stderr)


if __name__ == "__main__":
    main()
