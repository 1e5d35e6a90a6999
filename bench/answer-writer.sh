#!/usr/bin/env bash
# Why toilet-answer/1 has a writer of its own (issue 38; STYLE.md: a trick stays only while a
# benchmark shows it pays). Release build; prints its figures.
#   bash bench/answer-writer.sh            2,000 answers
#   Q=500 bash bench/answer-writer.sh
# Answers Q random nearest-10 questions with their open state over the real Prague 2019
# toilets (pipelines/prague-toilets-2019.yml, ../shared/datasets), as the server does, then
# writes each answer with ToiletAnswerJSON (the document's one writer) and with the
# document's Encodable statement (Sources/LocateBench/ToiletAnswerEncodable.swift, the file
# the tests compare the writer with) through ContractJSON and through Foundation's
# JSONEncoder: µs per answer for each, three passes. Exits 1 when a text differs.
# Compare with the server's CPU time per request (bench/serve.sh, docs/benchmarks.md).
set -euo pipefail
cd "$(dirname "$0")/.."
Q=${Q:-2000}
OUT=${OUT:-bench/out}
BIN=.build/release
mkdir -p "$OUT"
[ -x "$BIN/locate-bench" ] || make release >&2
db="$OUT/answer-writer-prague.sqlite"
[ -f "$db" ] || "$BIN/locate" ingest pipelines/prague-toilets-2019.yml --db "$db" >/dev/null 2>&1
"$BIN/locate-bench" answer-writer "$db" "$Q"
