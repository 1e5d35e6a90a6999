import Foundation
import LocateTestSupport
import Places
import Testing

/// The field table (`ToiletAttribute`) drives the documents: the JSON Schemas, docs/json.md
/// and the OpenAPI document say of each attribute exactly what the table says.
@Suite struct FieldTableTests {
    /// The schema fragment of an attribute's value.
    static func fragment(_ a: ToiletAttribute) -> [String: Any] {
        switch a.kind {
        case .triState: return ["type": ["boolean", "null"]]
        case .text: return ["type": ["string", "null"]]
        case .choice(let words): return ["enum": words.map { $0 as Any } + [NSNull()]]
        case .list(let words):
            let alternatives = words.joined(separator: "|")
            return ["type": ["string", "null"], "pattern": "^(\(alternatives))(;(\(alternatives)))*$"]
        }
    }

    /// Every object of `json` whose properties include `changing_table`: where a schema
    /// declares a toilet.
    static func toiletObjects(_ json: Any) -> [[String: Any]] {
        var found: [[String: Any]] = []
        if let o = json as? [String: Any] {
            if let p = o["properties"] as? [String: Any], p["changing_table"] != nil { found.append(o) }
            for v in o.values { found += toiletObjects(v) }
        } else if let a = json as? [Any] {
            for v in a { found += toiletObjects(v) }
        }
        return found
    }

    /// `ordinal` reads the case's tag: it must be the case's place in `allCases` (declaration
    /// order) for every case.
    @Test func everyOrdinalIsTheCasesPlaceInTheTable() {
        #expect(ToiletAttribute.ordered.map(\.ordinal) == Array(ToiletAttribute.allCases.indices))
        // One byte of tag: the trick holds for 2 to 256 cases without payloads.
        #expect(MemoryLayout<ToiletAttribute>.size == 1)
    }

    @Test(arguments: ["toilet-answer", "toilet-detail", "geojson"])
    func everySchemaDeclaresEveryAttributeAsTheTableDoes(_ name: String) throws {
        let data = try Data(contentsOf: URL(fileURLWithPath: Fixtures.repo("docs/schema/\(name).schema.json")))
        let objects = Self.toiletObjects(try JSONSerialization.jsonObject(with: data))
        #expect(objects.count == 1, "\(name): one toilet object")
        for o in objects {
            let properties = o["properties"] as? [String: Any] ?? [:]
            let required = Set(o["required"] as? [String] ?? [])
            for a in ToiletAttribute.ordered {
                let want = Self.fragment(a)
                let have = properties[a.key] as? [String: Any] ?? [:]
                #expect(NSDictionary(dictionary: have).isEqual(to: want), "\(name): \(a.key) should be \(want)")
                #expect(required.contains(a.key), "\(name): \(a.key) is required")
            }
        }
    }

    /// The rows of docs/json.md's "Toilet attributes" table.
    static var rows: String {
        var lines = ["| key | values | OSM tag | meaning |", "|---|---|---|---|"]
        for a in ToiletAttribute.ordered {
            let values: String
            switch a.kind {
            case .triState: values = "true, false, null"
            case .choice(let words): values = words.map { "`\($0)`" }.joined(separator: ", ") + ", null"
            case .list(let words): values = words.map { "`\($0)`" }.joined(separator: ", ") + " (joined by `;`), null"
            case .text: values = "text, null"
            }
            let tag = a.osmTag.map { "`\($0)`" } ?? "derived"
            lines.append("| `\(a.key)` | \(values) | \(tag) | \(a.summary) |")
        }
        return lines.joined(separator: "\n")
    }

    @Test func jsonMarkdownListsTheTable() throws {
        let path = Fixtures.repo("docs/json.md")
        let text = try String(contentsOfFile: path, encoding: .utf8)
        let begin = "<!-- attributes:begin -->\n"
        let end = "<!-- attributes:end -->"
        let start = try #require(text.range(of: begin))
        let stop = try #require(text.range(of: end, range: start.upperBound..<text.endIndex))
        let want = Self.rows + "\n"
        if ProcessInfo.processInfo.environment["LOCATE_UPDATE_DOCS"] != nil {
            try (text[..<start.upperBound] + want + text[stop.lowerBound...]).write(
                toFile: path, atomically: true, encoding: .utf8)
            return
        }
        #expect(String(text[start.upperBound..<stop.lowerBound]) == want)
    }

    /// The API documents the `with` filter with every attribute it takes.
    @Test func openAPIDocumentsEveryFilterAttribute() throws {
        let text = try String(contentsOfFile: Fixtures.repo("docs/openapi.yaml"), encoding: .utf8)
        let line = try #require(text.split(separator: "\n").first { $0.contains("{name: with, in: query") })
        for a in ToiletAttribute.ordered where a.isFilter {
            #expect(line.contains(a.key), "openapi.yaml: `with` does not name \(a.key)")
        }
    }
}
