#!/usr/bin/env python3
"""Validates locate's JSON documents against docs/schema (JSON Schema draft 2020-12).

Usage: check-json.py SCHEMA_DIR MANIFEST
MANIFEST is a JSON list of {"name": …, "schema": "NAME", "path": FILE}. Each document is
validated against SCHEMA_DIR/NAME.schema.json with format checks on, its "schema" member
(for GeoJSON: locate.schema) must be "NAME/1", and every object key must be snake_case.
Prints one line per document: "ok NAME" or "fail NAME: …" (a missing schema file
fails too). Exits 0 when nothing failed, 1 otherwise, 2 when jsonschema is missing.
"""
import json
from datetime import datetime
import os
import re
import sys

try:
    from jsonschema import Draft202012Validator, FormatChecker
except ImportError:
    print("jsonschema is not installed (Debian: python3-jsonschema)")
    sys.exit(2)

def format_checker():
    """The validator's format checks, with a date-time check even where jsonschema's own
    needs the rfc3339-validator module (not packaged in Debian 12)."""
    checker = FormatChecker()
    if "date-time" not in checker.checkers:

        @checker.checks("date-time", raises=ValueError)
        def date_time(value):
            if not isinstance(value, str):
                return True
            if not RFC3339.match(value):
                raise ValueError(f"{value!r} is not an RFC 3339 date-time")
            datetime.fromisoformat(value.replace("Z", "+00:00").replace("z", "+00:00"))
            return True

    return checker


RFC3339 = re.compile(r"^\d{4}-\d{2}-\d{2}[Tt]\d{2}:\d{2}:\d{2}(\.\d+)?([Zz]|[+-]\d{2}:\d{2})$")
SNAKE = re.compile(r"^[a-z][a-z0-9]*(_[a-z0-9]+)*$")


def keys_not_snake(value, path="$"):
    if isinstance(value, dict):
        for k, v in value.items():
            if not SNAKE.match(k):
                yield f"{path}: key {k!r} is not snake_case"
            yield from keys_not_snake(v, f"{path}.{k}")
    elif isinstance(value, list):
        for i, v in enumerate(value):
            yield from keys_not_snake(v, f"{path}[{i}]")


def registry(schema_dir):
    """Every schema of the folder under its $id: a schema may $ref another by its file name
    (a batch line's answer is the single answer's document)."""
    from referencing import Registry, Resource

    resources = []
    for name in sorted(os.listdir(schema_dir)):
        with open(os.path.join(schema_dir, name), encoding="utf-8") as f:
            schema = json.load(f)
        if "$id" in schema:
            resources.append((schema["$id"], Resource.from_contents(schema)))
    return Registry().with_resources(resources)


def check(schema_dir, entry):
    name, schema_name = entry["name"], entry["schema"]
    schema_path = os.path.join(schema_dir, schema_name + ".schema.json")
    if not os.path.exists(schema_path):
        return "fail", f"no schema file {schema_name}.schema.json"
    with open(schema_path, encoding="utf-8") as f:
        schema = json.load(f)
    Draft202012Validator.check_schema(schema)
    with open(entry["path"], encoding="utf-8") as f:
        document = json.load(f)
    problems = []
    geojson = schema_name in ("geojson", "toilet-geojson", "station-geojson", "toilet-batch-geojson", "station-batch-geojson")
    member = document.get("locate", {}).get("schema") if geojson else document.get("schema")
    if member != schema_name + "/1":
        problems.append(f"schema member is {member!r}, expected {schema_name + '/1'!r}")
    validator = Draft202012Validator(schema, format_checker=format_checker(), registry=registry(schema_dir))
    for error in sorted(validator.iter_errors(document), key=lambda e: list(e.absolute_path)):
        where = "$" + "".join(f"[{p!r}]" for p in error.absolute_path)
        problems.append(f"{where}: {error.message}")
    problems.extend(keys_not_snake(document))
    return ("fail", "; ".join(problems[:5])) if problems else ("ok", "")


def main():
    schema_dir, manifest = sys.argv[1], sys.argv[2]
    with open(manifest, encoding="utf-8") as f:
        entries = json.load(f)
    failed = False
    for entry in entries:
        status, detail = check(schema_dir, entry)
        failed |= status == "fail"
        print(f"{status} {entry['name']}" + (f": {detail}" if detail else ""))
    sys.exit(1 if failed else 0)


if __name__ == "__main__":
    main()
