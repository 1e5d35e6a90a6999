public import Foundation

/// Validates JSON documents against the schemas under `docs/schema/` (draft 2020-12) with
/// the project's one checker, `scripts/check-json.py`: Python's `jsonschema` with format
/// checks, the document's `schema` member, and snake_case keys (docs/json.md).
public enum JSONSchemaCheck {
    /// A Python that can import `jsonschema` (Debian `python3-jsonschema`, installed by
    /// `scripts/setup.sh --test`), as an executable and its leading arguments; nil when none.
    public static let python: (executable: String, arguments: [String])? = [
        ("/usr/bin/env", ["python3"]), ("/usr/bin/python3", []),
    ].first { candidate in
        (try? Fixtures.run(candidate.0, candidate.1 + ["-c", "import jsonschema"]))?.status == 0
    }.map { (executable: $0.0, arguments: $0.1) }

    /// True when validation can run; tests that validate are skipped otherwise.
    public static var available: Bool { python != nil }

    /// One document to check: a name for messages, its schema name (`toilet-answer`) and
    /// the file that holds it.
    public struct Document: Sendable {
        /// A name for messages.
        public var name: String
        /// The schema name: `docs/schema/<schema>.schema.json`.
        public var schema: String
        /// The file holding the document.
        public var path: String

        /// A document to check.
        public init(name: String, schema: String, path: String) {
            self.name = name
            self.schema = schema
            self.path = path
        }
    }

    /// The checker's verdict line per document (`ok NAME`, or `fail NAME: …`), in order.
    public static func verdicts(_ documents: [Document]) throws -> [String] {
        guard let python else { throw TestSupportError("no python3 with jsonschema") }
        let manifest = try Fixtures.temporaryFolder().appendingPathComponent("manifest.json")
        let entries = documents.map { ["name": $0.name, "schema": $0.schema, "path": $0.path] }
        try JSONSerialization.data(withJSONObject: entries).write(to: manifest)
        let r = try Fixtures.run(
            python.executable,
            python.arguments + [Fixtures.repo("scripts/check-json.py"), Fixtures.repo("docs/schema"), manifest.path])
        let lines = r.stdout.split(separator: "\n").map(String.init)
        guard lines.count == documents.count else {
            throw TestSupportError("check-json.py exited \(r.status): \(r.stdout)\(r.stderr)")
        }
        return lines
    }

    /// The problems of one document against `docs/schema/<schema>.schema.json` (empty: valid).
    public static func errors(_ json: Data, schema: String) throws -> [String] {
        let file = try Fixtures.temporaryFolder().appendingPathComponent("doc.json")
        try json.write(to: file)
        return try verdicts([Document(name: "document", schema: schema, path: file.path)]).filter { !$0.hasPrefix("ok ") }
    }
}
