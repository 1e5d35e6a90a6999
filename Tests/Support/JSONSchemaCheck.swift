public import Foundation

/// Validates JSON documents against the schemas under `docs/schema/` with Python's
/// `jsonschema` (Debian `python3-jsonschema`), draft 2020-12.
public enum JSONSchemaCheck {
    /// True when `python3` can import `jsonschema`; tests that validate are skipped otherwise.
    public static let available: Bool =
        (try? Fixtures.shell("python3 -c 'import jsonschema' 2>/dev/null").status) == 0

    /// The validation errors of `json` against `docs/schema/<schema>.schema.json` (empty:
    /// valid). A schema that is itself invalid is reported as an error too.
    public static func errors(_ json: Data, schema: String) throws -> [String] {
        let file = try Fixtures.temporaryFolder().appendingPathComponent("doc.json")
        try json.write(to: file)
        let script = """
            import json, sys, jsonschema
            schema = json.load(open(sys.argv[1]))
            jsonschema.Draft202012Validator.check_schema(schema)
            doc = json.load(open(sys.argv[2]))
            for e in jsonschema.Draft202012Validator(schema).iter_errors(doc):
                print("/".join(str(p) for p in e.absolute_path) + ": " + e.message)
            """
        let r = try Fixtures.run(
            "/usr/bin/env", ["python3", "-c", script, Fixtures.repo("docs/schema/\(schema).schema.json"), file.path])
        let lines = r.stdout.split(separator: "\n").map(String.init)
        return r.status == 0 ? lines : lines + ["python3 exited \(r.status): \(r.stderr)"]
    }
}
