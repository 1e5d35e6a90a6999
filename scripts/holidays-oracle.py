#!/usr/bin/env python3
"""Dump the public holidays of the PyPI `holidays` package as JSON, the oracle of
Tests/HoursTests/HolidayDifferentialTests.swift.

Usage: scripts/holidays-oracle.py OUT_DIR CODE...

CODE is one of ours (`CZ`, `DE-BY`, `AT-9`); it maps to holidays' country and
subdivision by splitting at the first '-'. Installs `holidays` into a virtual
environment OUT_DIR/holidays-venv (first run only), then writes
OUT_DIR/holidays-<version>.json:
  {"holidays_version": "0.109", "first_year": 1990, "last_year": 2100,
   "codes": {"DE-BY": ["1990-01-01", ...], ...}, "start_years": {"DE-BY": 1991, ...}}
Only the default category (public holidays) is dumped. Reuses the file when it
already holds every requested code. Prints the path of the file on stdout; exits
2 with the reason on stderr when the package cannot be installed.
"""
import json
import os
import subprocess
import sys

FIRST_YEAR, LAST_YEAR = 1990, 2100


def ensure_venv(out_dir):
    venv = os.path.join(out_dir, "holidays-venv")
    python = os.path.join(venv, "bin", "python")
    if not os.path.exists(python):
        subprocess.run([sys.executable, "-m", "venv", venv], check=True)
    probe = subprocess.run([python, "-c", "import holidays"], capture_output=True)
    if probe.returncode != 0:
        r = subprocess.run([python, "-m", "pip", "install", "-q", "--timeout", "10", "--retries", "1", "holidays"], capture_output=True, text=True)
        if r.returncode != 0:
            sys.stderr.write("pip install holidays failed: " + r.stderr.strip()[-400:] + "\n")
            sys.exit(2)
    return python


def dump(out_dir, codes):
    import holidays

    path = os.path.join(out_dir, f"holidays-{holidays.__version__}.json")
    data = {
        "holidays_version": holidays.__version__,
        "first_year": FIRST_YEAR,
        "last_year": LAST_YEAR,
        "codes": {},
        "start_years": {},
    }
    if os.path.exists(path):
        with open(path) as f:
            data = json.load(f)
    missing = [c for c in codes if c not in data["codes"]]
    for code in missing:
        country, _, subdiv = code.partition("-")
        h = holidays.country_holidays(country, subdiv=subdiv or None, years=range(FIRST_YEAR, LAST_YEAR + 1))
        data["codes"][code] = sorted(d.isoformat() for d in h.keys())
        data["start_years"][code] = h.start_year
    if missing or not os.path.exists(path):
        tmp = path + ".tmp"
        with open(tmp, "w") as f:
            json.dump(data, f, separators=(",", ":"), sort_keys=True)
        os.replace(tmp, path)
    print(path)


def main():
    if len(sys.argv) < 3:
        sys.stderr.write(__doc__)
        sys.exit(64)
    out_dir, codes = os.path.abspath(sys.argv[1]), sys.argv[2:]
    os.makedirs(out_dir, exist_ok=True)
    if os.environ.get("HOLIDAYS_ORACLE_CHILD") != "1":
        python = ensure_venv(out_dir)
        env = dict(os.environ, HOLIDAYS_ORACLE_CHILD="1")
        sys.exit(subprocess.run([python, os.path.abspath(__file__), out_dir, *codes], env=env).returncode)
    dump(out_dir, codes)


if __name__ == "__main__":
    main()
