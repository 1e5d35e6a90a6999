#!/usr/bin/env python3
"""The opening-hours oracle of the differential test (Tests/HoursTests/HoursDifferentialTests).

Reads JSON lines {"expr", "at", "tz", "country", "ours_next"[, "lat", "lon"]} on stdin ("at" and "ours_next"
are RFC 3339 instants, "ours_next" may be null) and writes one JSON line per input line with
what opening-hours-py (the Rust crate opening-hours, PyPI opening-hours-py) answers:
{"state", "next", "state_at_next", "state_at_ours_next"} or {"error"}. "state_at_ours_next" is the oracle's
own state at our next change, so a next change it does not report can be told apart from
one we invent; with "tolerance_minutes" (sun events) also "state_after_ours_next", its state
that many minutes after our next change (its sun event may fall a minute later); with
"probes" (RFC 3339 instants or nulls) also "probe_states", its state at each. With "lat" and "lon" the place's coordinates go to opening-hours-py for sun
events (it drops them unless auto_timezone is on; the explicit time zone still wins, and
auto_country stays off). A change more than 13 years away is reported as none. Run with the Python of a virtual environment that has opening-hours-py.
"""
import datetime
import json
import sys
import zoneinfo

from opening_hours import OpeningHours


def main() -> None:
    zones: dict[str, zoneinfo.ZoneInfo] = {}
    cache: dict[tuple, object] = {}
    out = sys.stdout
    for line in sys.stdin:
        if not line.strip():
            continue
        q = json.loads(line)
        tz = zones.setdefault(q["tz"], zoneinfo.ZoneInfo(q["tz"]))
        coords = (q["lat"], q["lon"]) if q.get("lat") is not None else None
        key = (q["expr"], q["tz"], q.get("country") or "", coords)
        try:
            oh = cache.get(key)
            if oh is None:
                # Changes more than 13 years away count as none (ours stop at 12 years past
                # the last year named), which also bounds the evaluator's search.
                oh = OpeningHours(
                    q["expr"], timezone=tz, country=q.get("country"), coords=coords, auto_country=False,
                    auto_timezone=coords is not None, max_interval_days=13 * 366)
                cache[key] = oh
            at = datetime.datetime.fromisoformat(q["at"]).astimezone(tz)
            state = str(oh.state(at)[0])
            nxt = oh.next_change(at)
            answer = {"state": state, "next": nxt.astimezone(tz).isoformat() if nxt else None}
            # Its next change also counts a change of comment alone: the state there tells.
            answer["state_at_next"] = str(oh.state(nxt)[0]) if nxt else None
            if q.get("ours_next"):
                ours = datetime.datetime.fromisoformat(q["ours_next"]).astimezone(tz)
                answer["state_at_ours_next"] = str(oh.state(ours)[0])
                tolerance = q.get("tolerance_minutes")
                answer["state_after_ours_next"] = (
                    str(oh.state(ours + datetime.timedelta(minutes=tolerance))[0]) if tolerance else None)
            else:
                answer["state_at_ours_next"] = None
                answer["state_after_ours_next"] = None
            if q.get("probes"):
                answer["probe_states"] = [
                    str(oh.state(datetime.datetime.fromisoformat(p).astimezone(tz))[0]) if p else None
                    for p in q["probes"]]
        except Exception as e:  # the oracle's own parse errors and panics are answers too
            answer = {"error": str(e).splitlines()[0] if str(e) else type(e).__name__}
        out.write(json.dumps(answer) + "\n")


if __name__ == "__main__":
    main()
