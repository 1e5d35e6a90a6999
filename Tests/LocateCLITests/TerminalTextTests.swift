import Foundation
import LocateTestSupport
import Testing

/// Names with terminal escapes from an OSM file (issue 36 item 6): `ESC ] 0 ; … BEL` sets a
/// terminal's title, `ESC [ 2 J` clears it, U+202E reverses what follows. Stored as they are,
/// written unchanged to JSON, CSV and GeoJSON, and escaped in every table and message (the
/// rule `TextEscape.quoted`). On the built binary, from a PBF file the test writes.
@Suite struct TerminalTextTests {
    static let title = "\u{1B}]0;pwned\u{07}\u{1B}[2J"
    static let reversed = "WC \u{202E}exe.gnp"

    /// Whether `text` holds a character that acts on a terminal (a line feed excepted).
    static func acts(_ text: String) -> Bool {
        text.unicodeScalars.contains { ($0.value < 0x20 && $0 != "\n") || (0x7F...0x9F).contains($0.value) || $0 == "\u{202E}" }
    }

    static func database() throws -> String {
        let folder = try Fixtures.temporaryFolder()
        let pbf = folder.appendingPathComponent("escapes.osm.pbf").path
        let block = PBFWriter.denseBlock([
            PBFWriter.Node(id: 1, lat: 60.17, lon: 24.94, tags: [("amenity", "toilets"), ("name", title)]),
            PBFWriter.Node(id: 2, lat: 60.1701, lon: 24.9401, tags: [("amenity", "toilets"), ("name", reversed)]),
        ])
        try #require(FileManager.default.createFile(atPath: pbf, contents: Data(PBFWriter.file([block]))))
        let db = folder.appendingPathComponent("escapes.sqlite").path
        let r = try CLI.run(["ingest", "pipelines/osm-toilets-helsinki-pbf.yml", "--source", pbf, "--db", db])
        #expect(r.status == 0, "\(r.stderr)")
        #expect(!acts(r.stderr), "\(r.stderr)")
        return db
    }

    @Test func namesAreEscapedInTablesAndKeptInData() throws {
        let db = try Self.database()
        let near = ["toilet", "--near", "60.17,24.94", "--limit", "2", "--db", db]
        let table = try CLI.run(near)
        #expect(table.status == 0, "\(table.stderr)")
        #expect(!Self.acts(table.stdout))
        #expect(table.stdout == Self.expectedTable)

        let json = try CLI.run(near + ["--json"])
        let document = try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any]
        let results = document?["results"] as? [[String: Any]] ?? []
        #expect(results.compactMap { $0["name"] as? String } == [Self.title, Self.reversed])

        let csv = try CLI.run(near + ["--format", "csv"])
        #expect(csv.stdout.contains(Self.title) && csv.stdout.contains(Self.reversed), "\(csv.stdout)")
        let geojson = try CLI.run(near + ["--format", "geojson"])
        #expect(geojson.stdout.contains("\\u001b]0;pwned\\u0007\\u001b[2J"), "\(geojson.stdout)")
        #expect(geojson.stdout.contains(Self.reversed))
    }

    static let expectedTable = #"""
        #  distance  dir  place                         hours  price  wheelchair
        1       0 m  -    \u{1B}]0;pwned\u{7}\u{1B}[2J  ?      ?      unknown
        2      12 m  NE   WC \u{202E}exe.gnp            ?      ?      unknown

        """#
}
