import Foundation
import LocateTestSupport
import Testing

/// `locate toilet --format csv` is the `--json` answer in another form: the same results, each
/// column the result member of the same name (null as an empty field), for spreadsheet and
/// ogr2ogr users; RFC 4180 quoting.
@Suite struct ToiletCSVTests {
    /// The fields of RFC 4180 text (CRLF line ends, quotes doubled inside quoted fields).
    static func parse(_ text: String) -> [[String]] {
        var rows: [[String]] = []
        var row: [String] = []
        var field = ""
        var quoted = false
        var chars = Array(text).makeIterator()
        var pending: Character? = nil
        while let c = pending ?? chars.next() {
            pending = nil
            if quoted {
                if c == "\"" {
                    let next = chars.next()
                    if next == "\"" { field.append("\"") } else { quoted = false; pending = next }
                } else {
                    field.append(c)
                }
            } else if c == "\"" {
                quoted = true
            } else if c == "," {
                row.append(field)
                field = ""
            } else if c == "\r\n" || c == "\n" {
                row.append(field)
                rows.append(row)
                (row, field) = ([], "")
            } else {
                field.append(c)
            }
        }
        return rows
    }

    /// Whether `field` spells the JSON value `v`: null as empty, texts as they are, numbers by
    /// value, booleans as `true`/`false`.
    static func spells(_ field: String, _ v: Any?) -> Bool {
        switch v {
        case nil, is NSNull: return field == ""
        case let s as String: return field == s
        case let n as NSNumber:
            if field == "true" || field == "false" { return (n as? Bool) == (field == "true") }
            return Double(field) == n.doubleValue
        default: return false
        }
    }

    @Test(arguments: [
        ["--near", "50.0875,14.4214", "--limit", "3", "--at", "2026-11-21T20:30"],
        ["--near", "50.0865,14.4190", "--limit", "10"],
    ])
    func theCSVHoldsTheJSONAnswersMembers(_ args: [String]) throws {
        let target = args.contains("50.0865,14.4190") ? try Self.osmDatabase() : try CLI.sampleDatabase()
        let csv = try CLI.run(["toilet"] + args + ["--format", "csv", "--db", target])
        #expect(csv.status == 0, "\(csv.stderr)")
        #expect(csv.stdout.utf8.last == 10 && Array(csv.stdout.utf8.suffix(2)) == [13, 10], "one CRLF at the end")
        let json = try CLI.run(["toilet"] + args + ["--json", "--db", target])
        let answer = try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any]
        let results = answer?["results"] as? [[String: Any]] ?? []
        let rows = Self.parse(csv.stdout)
        #expect(rows.count == results.count + 1)
        let header = rows.first ?? []
        #expect(header.first == "id" && header.contains("lat") && header.contains("lon"))
        #expect(header.contains("changing_table") && header.last == "sources")
        for (row, result) in zip(rows.dropFirst(), results) {
            #expect(row.count == header.count)
            for (name, value) in zip(header, row) {
                if name == "sources" {
                    let sources = (result["sources"] as? [[String: Any]] ?? []).compactMap { $0["id"] as? String }
                    #expect(value == sources.joined(separator: ";"))
                } else {
                    #expect(result.keys.contains(name), "\(name) is a member of the JSON result")
                    #expect(Self.spells(value, result[name]), "\(name): '\(value)' for \(String(describing: result[name]))")
                }
            }
        }
    }

    /// The OSM tags sample (access, changing_table, … set) in a database of its own.
    static func osmDatabase() throws -> String {
        let db = try Fixtures.temporaryFolder().appendingPathComponent("osm.sqlite").path
        let r = try CLI.run(["ingest", "pipelines/osm-toilets-tags-sample.yml", "--db", db])
        #expect(r.status == 0, "\(r.stderr)")
        return db
    }

    @Test func aFieldWithACommaIsQuotedAndAnUnknownFormatIsAUsageError() throws {
        let db = try Self.osmDatabase()
        let csv = try CLI.run(["toilet", "--near", "50.0865,14.4190", "--limit", "10", "--format", "csv", "--db", db])
        // The title of a toilet without a name is its position: "toilet at 50.08650,14.41900".
        let lines = csv.stdout.components(separatedBy: "\r\n").dropFirst().filter { !$0.isEmpty }
        let titles = Self.parse(csv.stdout).dropFirst().map { $0.count > 1 ? $0[1] : "" }
        #expect(titles.contains { $0.contains(",") })
        for (line, title) in zip(lines, titles) {
            #expect(line.contains(title.contains(",") ? "\"\(title)\"" : ",\(title),"), "\(line)")
        }
        let bad = try CLI.run(["toilet", "--near", "50.0865,14.4190", "--format", "xml", "--db", db])
        #expect(bad.status == 64)  // EX_USAGE, docs/cli.md
        #expect(bad.stderr.contains("--format 'xml' is not one of table, json, geojson, csv"))
    }
}
