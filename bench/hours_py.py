#!/usr/bin/env python3
"""opening-hours-py's throughput on the same expressions and local times as
`locate-bench hours-file` (see bench/hours-compare.sh): parse + state (a tenth of the
instants), state on parsed expressions, state and next change (a tenth), per second of
processor time.
Usage: hours_py.py EXPRESSIONS_FILE INSTANTS"""
import datetime, sys, time
from opening_hours import OpeningHours

exprs = [l for l in open(sys.argv[1], encoding="utf-8").read().split("\n") if l and not l.startswith("#")]
count = int(sys.argv[2])
first = datetime.datetime(2026, 1, 1, 0, 7)
instants = [first + datetime.timedelta(hours=i) for i in range(count)]
tenth = instants[: max(1, count // 10)]

def rate(n, body):
    # Processor time of this process, as locate-bench measures: on a shared machine wall
    # time counts other processes' work too.
    t0 = time.process_time()
    body()
    return int(n / max(time.process_time() - t0, 1e-9))

sink = 0
def parse_state():
    global sink
    for e in exprs:
        for at in tenth:
            sink += OpeningHours(e).is_open(at)
trees = [OpeningHours(e) for e in exprs]
def state():
    global sink
    for t in trees:
        for at in instants:
            sink += t.is_open(at)
def next_change():
    global sink
    for t in trees:
        for at in tenth:
            sink += t.next_change(at) is not None

ps = rate(len(exprs) * len(tenth), parse_state)
st = rate(len(trees) * len(instants), state)
nc = rate(len(trees) * len(tenth), next_change)
print(f"impl=opening-hours-py expressions={len(exprs)} instants={count} parse_state_per_s={ps} state_per_s={st} next_change_per_s={nc} check={sink}")
