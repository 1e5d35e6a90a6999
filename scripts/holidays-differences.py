#!/usr/bin/env python3
"""Write docs/holiday-differences.txt from the raw differences the differential test found.

Usage: UPDATE_HOLIDAY_DIFFERENCES=1 swift test --skip-build --filter HolidayDifferentialTests
       scripts/holidays-differences.py   # reads .build/holiday-differences-raw.txt

Each difference gets the first reason below whose rule matches it; one that matches none
stops the script, naming it: a new kind of difference needs a decision (fix the rule, or
add a reason here and in README "Public holidays"), never a silent acceptance.
"""
import collections
import os
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
RAW = os.path.join(ROOT, ".build", "holiday-differences-raw.txt")
OUT = os.path.join(ROOT, "docs", "holiday-differences.txt")

DECREED = "bridge days decreed for that year (a working Saturday swapped for a weekday): not public holidays"
REASONS = [
    # (codes, side, predicate on the date text, reason)
    (("HU", "LV", "BY", "UA", "BG"), "theirs", lambda d: d >= "2000", DECREED),
    (("UA",), "ours", lambda d: d >= "2000", "Ukraine's substitute-Monday rule as the Labour Code states it; the package applies decrees"),
    (("ES-",), None, lambda d: True,
     "the community's yearly decree: St Joseph, St James, Easter Monday, a Monday after a Sunday holiday or a swapped "
     "regional day chosen for that year"),
    (("IE",), "theirs", lambda d: d == "2011-09-14", "a one-off day in the package that we could not confirm in an Irish source"),
    ((), None, lambda d: d < "2000",
     "rules of the 1990s (transition years, laws replaced since) that we do not encode: we apply the current law"),
]


def reason(code, side, date):
    for codes, want_side, predicate, text in REASONS:
        if codes and not any(code == c or (c.endswith("-") and code.startswith(c)) for c in codes):
            continue
        if want_side and want_side != side:
            continue
        if predicate(date):
            return text
    sys.exit(f"no reason for {code} {side} {date}: fix the rule or add a reason")


def main():
    groups = collections.defaultdict(list)
    starts = []
    with open(RAW) as f:
        for line in f:
            parts = line.split()
            if not parts:
                continue
            if parts[0] == "start":
                starts.append(parts[1:])
                continue
            code, side, date = parts
            groups[(code, side, reason(code, side, date))].append(date)
    lines = [
        "# Deliberate differences between our public holidays and the PyPI `holidays` package",
        "# (public category), 1990-2100, checked by Tests/HoursTests/HolidayDifferentialTests.swift.",
        "# `CODE ours DATE…` is a holiday only we give; `CODE theirs DATE…` one only the package gives;",
        "# `start CODE YEAR`: the package starts that calendar in YEAR, earlier years are not compared.",
        "# Written by scripts/holidays-differences.py; README \"Public holidays\" explains the reasons.",
    ]
    for code, year in sorted(starts):
        lines.append(f"start {code} {year} | the package has no calendar before {year}")
    for (code, side, text), dates in sorted(groups.items()):
        dates.sort()
        for i in range(0, len(dates), 12):
            lines.append(f"{code} {side} {' '.join(dates[i:i + 12])} | {text}")
    with open(OUT, "w") as f:
        f.write("\n".join(lines) + "\n")
    print(f"{OUT}: {sum(len(d) for d in groups.values())} differences, {len(starts)} start years")


if __name__ == "__main__":
    main()
