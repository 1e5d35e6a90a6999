#!/usr/bin/env python3
"""Runs `locate hours read` over a generated sign corpus and prints how often it is right.

    python3 bench/signs/generate.py /tmp/signs && python3 bench/signs/measure.py /tmp/signs

Exact: the suggestion has the same state as the truth at every minute of every day of
2027 (checked by `locate hours eval --batch`, locate's own engine, with CZ holidays, at
each boundary minute either expression names and the minute before it). Not readable: no
suggestion (the reviewer is told so). Confidently wrong: a suggestion marked confident that
is not exact. Figures per language and per distortion; time per photo (the whole
`locate hours read` process: wall clock, and processor time, which a loaded machine does
not stretch) as median and 90th percentile, with the load average it ran at.
"""
import argparse, collections, datetime, json, os, re, resource, subprocess, sys, time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def boundaries(*exprs):
    mins = {0, 12 * 60}
    for e in exprs:
        for h, m in re.findall(r"(\d{1,2}):(\d\d)", e or ""):
            b = int(h) * 60 + int(m)
            mins |= {b % 1440, (b - 1) % 1440}
    return sorted(mins)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("corpus")
    ap.add_argument("--locate", default=os.environ.get("LOCATE_BIN", str(ROOT / ".build/release/locate")))
    a = ap.parse_args()
    corpus = [json.loads(l) for l in open(Path(a.corpus) / "corpus.jsonl", encoding="utf-8")]
    results, slowest = [], (0.0, "")
    load_before = os.getloadavg()[0]
    for item in corpus:
        t0 = time.monotonic()
        c0 = resource.getrusage(resource.RUSAGE_CHILDREN)
        r = subprocess.run([a.locate, "hours", "read", "--json", str(Path(a.corpus) / item["file"])],
                           capture_output=True, text=True)
        took = time.monotonic() - t0
        c1 = resource.getrusage(resource.RUSAGE_CHILDREN)
        cpu = (c1.ru_utime - c0.ru_utime) + (c1.ru_stime - c0.ru_stime)
        slowest = max(slowest, (took, item["file"]))
        try:
            doc = json.loads(r.stdout)
        except ValueError:
            doc = {"suggestion": None, "confident": False, "error": r.stderr.strip()}
        error = None
        if r.returncode not in (0, 3):
            try:
                error = json.loads(r.stderr)["error"]["message"]
            except (ValueError, KeyError, TypeError):
                error = r.stderr.strip()[:200] or f"exit {r.returncode}"
        results.append(dict(item, suggestion=doc.get("suggestion"), confident=doc.get("confident", False), took=took,
                            cpu=cpu, confidence=doc.get("confidence"), text=doc.get("text"), error=error))
    # One batch: both expressions at every boundary of every day of 2027.
    lines, keys = [], []
    days = [datetime.date(2027, 1, 1) + datetime.timedelta(d) for d in range(365)]
    for i, r in enumerate(results):
        if not r["suggestion"]:
            continue
        pts = boundaries(r["truth"], r["suggestion"])
        for d in days:
            for m in pts:
                at = f"{d.isoformat()}T{m // 60:02d}:{m % 60:02d}"
                for which in ("truth", "suggestion"):
                    lines.append(json.dumps({"id": f"{i}/{which}/{at}", "expr": r[which], "at": at,
                                             "tz": "Europe/Prague", "country": "CZ"}))
    out = subprocess.run([a.locate, "hours", "eval", "--batch"], input="\n".join(lines) + "\n",
                         capture_output=True, text=True).stdout
    states = {}
    for l in out.splitlines():
        o = json.loads(l)
        states[o["id"]] = o.get("state") or ("error: " + str(o.get("error")))
    differs = collections.defaultdict(bool)
    for key, st in states.items():
        i, which, at = key.split("/", 2)
        if which == "truth" and states.get(f"{i}/suggestion/{at}") != st:
            differs[int(i)] = True
    for i, r in enumerate(results):
        r["outcome"] = ("unreadable" if not r["suggestion"] else "exact" if not differs[i] else
                        "confidently wrong" if r["confident"] else "wrong, marked for checking")

    def table(title, key):
        groups = collections.defaultdict(list)
        for r in results:
            groups[key(r)].append(r)
        print(f"\n| {title} | signs | exact | not readable | wrong, marked for checking | confidently wrong |")
        print("|---|---:|---:|---:|---:|---:|")
        for g in sorted(groups):
            rs = groups[g]
            n = len(rs)
            pct = lambda o: f"{100 * sum(r['outcome'] == o for r in rs) / n:.1f} %"
            print(f"| {g} | {n} | {pct('exact')} | {pct('unreadable')} | {pct('wrong, marked for checking')} | "
                  f"{pct('confidently wrong')} |")

    table("all", lambda r: "all")
    table("language", lambda r: r["language"])
    table("distortion", lambda r: r["distortion"])
    table("layout", lambda r: r["layout"])
    errors = collections.Counter(r["error"] for r in results if r.get("error"))
    print(f"\nof the not readable, {sum(errors.values())} were errors: " +
          ("; ".join(f"{n} x {e}" for e, n in errors.most_common()) or "none"))
    took = sorted(r["took"] for r in results)
    cpus = sorted(r["cpu"] for r in results)
    p90 = lambda xs: xs[min(len(xs) - 1, (len(xs) * 9) // 10)]
    print(f"\nseconds per photo (whole `locate hours read` process): median {took[len(took) // 2]:.2f}, "
          f"p90 {p90(took):.2f}, slowest {slowest[0]:.2f} ({slowest[1]}); processor time median "
          f"{cpus[len(cpus) // 2]:.2f}, p90 {p90(cpus):.2f}; load average {load_before:.1f} at the start, "
          f"{os.getloadavg()[0]:.1f} at the end (2 cores)")
    wrong = [r for r in results if r["outcome"] != "exact"]
    with open(Path(a.corpus) / "results.jsonl", "w", encoding="utf-8") as f:
        for r in results:
            f.write(json.dumps(r, ensure_ascii=False) + "\n")
    print(f"{len(wrong)} not exact; details in {Path(a.corpus) / 'results.jsonl'}", file=sys.stderr)


if __name__ == "__main__":
    main()
