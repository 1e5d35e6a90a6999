import Foundation
import LocateTestSupport
import Testing

/// Issue 22, step 2: the accessibility attributes of the field table (changing-table location,
/// central key, gender-neutral, toilets:wheelchair), read from OSM tags, filtered with
/// `--with`, shown in the table, the JSON and the GeoJSON, and kept in the view under the
/// contract's names. The invented `osm-toilets-accessibility-sample`: seven toilets in a row
/// 71 m apart east of 50.08,14.42 (datasets/README.md).
@Suite struct AccessibilityAttributesTests {
    static let near = "50.0800,14.4200"

    static func database() throws -> (db: String, ingest: (status: Int32, stdout: String, stderr: String)) {
        let db = try Fixtures.temporaryFolder().appendingPathComponent("a11y.sqlite").path
        let r = try CLI.run(["ingest", "pipelines/osm-toilets-accessibility-sample.yml", "--db", db])
        #expect(r.status == 0, "\(r.stderr)")
        return (db, r)
    }

    /// Values the field table does not know are warnings naming the field and value (the
    /// report names the record), and stored as unknown.
    @Test func unknownValuesAreWarnedAbout() throws {
        let (_, r) = try Self.database()
        let warnings = r.stderr.split(separator: "\n").filter { $0.contains("not known") }.map(String.init)
        #expect(
            warnings == [
                "warnings: 1× centralkey: centralkey value 'yes' not known (expected eurokey, radar, none or no), stored as "
                    + "unknown; 1× changing_table:location: changing_table_location value 'garage' not known (expected "
                    + "female_toilet, male_toilet, unisex_toilet, wheelchair_toilet, dedicated_room, room or sales_area, "
                    + "several joined by ';'), stored as unknown (all in --report FILE)"
            ], "\(r.stderr)")
    }

    static func ids(_ db: String, _ extra: [String]) throws -> [String] {
        let r = try CLI.run(["toilet", "--near", near, "--limit", "10", "--json", "--db", db] + extra)
        #expect(r.status == 0 || r.status == 3, "\(extra): \(r.stderr)")
        let doc = try JSONSerialization.jsonObject(with: Data(r.stdout.utf8)) as? [String: Any]
        return (doc?["results"] as? [[String: Any]] ?? []).compactMap {
            ($0["source_id"] as? String)?.replacingOccurrences(of: "node/910000000", with: "")
        }
    }

    @Test(arguments: [
        (["--with", "changing_table_all_genders"], ["1", "3"]),
        (["--with", "changing_table_all_genders=no"], ["2"]),
        (["--with", "changing-table"], ["1", "2", "3", "6"]),
        (["--changing-table"], ["1", "2", "3", "6"]),
        (["--with", "changing_table_location=male_toilet"], ["3"]),
        (["--with", "changing_table_location=dedicated_room"], ["1"]),
        (["--with", "centralkey=eurokey"], ["1"]),
        (["--with", "centralkey=radar"], ["4"]),
        (["--with", "centralkey=none"], ["3"]),
        // OSM's word for no key, as the ingest reads it.
        (["--with", "centralkey=no"], ["3"]),
        (["--with", "gender_neutral"], ["1", "4"]),
        (["--with", "gender_neutral=no"], ["2"]),
        (["--with", "toilets:wheelchair"], ["5"]),
        (["--with", "gender_neutral", "--with", "centralkey=radar", "--wheelchair"], ["4"]),
        (["--with", "gender_neutral", "--public"], ["1", "4"]),
        (["--with", "toilets_wheelchair", "--public"], []),
    ])
    func withKeepsTheToiletsThatHaveTheAttribute(_ extra: [String], _ want: [String]) throws {
        let (db, _) = try Self.database()
        #expect(try Self.ids(db, extra) == want)
    }

    @Test(arguments: [
        (
            "colour",
            "Error: --with 'colour' names no attribute (known: changing_table, unisex, female, male, "
                + "changing_table_location, changing_table_all_genders, gender_neutral, centralkey, toilets_wheelchair)"
        ),
        ("centralkey", "Error: --with 'centralkey' centralkey takes one of eurokey, radar, none (centralkey=WORD)"),
        ("gender_neutral=maybe", "Error: --with 'gender_neutral=maybe' gender_neutral takes yes or no"),
        (
            "level=1",
            "Error: --with 'level=1' level is free text, not a filter (filters: changing_table, unisex, female, male, "
                + "changing_table_location, changing_table_all_genders, gender_neutral, centralkey, toilets_wheelchair)"
        ),
    ])
    func aBadConditionIsAUsageErrorNamingIt(_ text: String, _ message: String) throws {
        let (db, _) = try Self.database()
        let r = try CLI.run(["toilet", "--near", Self.near, "--with", text, "--db", db])
        #expect(r.status == 64)
        #expect(r.stdout == "")
        #expect(r.stderr.hasPrefix(message + "\n"), "\(r.stderr)")
    }

    @Test func theTableShowsTheAttributes() throws {
        let (db, _) = try Self.database()
        let r = try CLI.run(["toilet", "--near", Self.near, "--limit", "5", "--db", db])
        #expect(r.status == 0)
        let lines = r.stdout.split(separator: "\n").map { Array($0) }
        let column = try #require(
            lines.first.flatMap { String($0).range(of: "facilities") }.map {
                String(lines[0]).distance(from: String(lines[0]).startIndex, to: $0.lowerBound)
            })
        let facilities = lines.dropFirst().map { String($0.dropFirst(column)) }
        #expect(
            facilities == [
                "changing table for all genders, gender-neutral, eurokey",
                "changing table, women+men",
                "changing table for all genders, women+men",
                "gender-neutral, radar",
                "wheelchair toilet",
            ], "\(r.stdout)")
    }

    /// One toilet's attributes in `toilet-answer/1` and the GeoJSON export (`toilet-detail/1`:
    /// `AccessibilityOverHTTPTests`).
    @Test func everyOutputCarriesTheAttributes() throws {
        let (db, _) = try Self.database()
        let want: [String: Any] = [
            "changing_table": true, "changing_table_location": "dedicated_room", "changing_table_all_genders": true,
            "gender_neutral": true, "centralkey": "eurokey", "toilets_wheelchair": NSNull(), "unisex": NSNull(),
        ]
        func check(_ o: [String: Any]?, _ what: String) {
            for (k, v) in want {
                #expect(o.map { NSDictionary(dictionary: [k: $0[k] ?? "missing"]).isEqual(to: [k: v]) } == true, "\(what): \(k)")
            }
        }
        let answer = try CLI.run(["toilet", "--near", Self.near, "--limit", "1", "--json", "--db", db])
        let doc = try JSONSerialization.jsonObject(with: Data(answer.stdout.utf8)) as? [String: Any]
        check((doc?["results"] as? [[String: Any]])?.first, "toilet --json")
        let out = try Fixtures.temporaryFolder().appendingPathComponent("t.geojson").path
        let export = try CLI.run(["export", "geojson", "--out", out, "--db", db])
        #expect(export.status == 0, "\(export.stderr)")
        let fc = try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: out))) as? [String: Any]
        let feature = (fc?["features"] as? [[String: Any]])?.first { ($0["id"] as? String)?.hasSuffix("9100000001") == true }
        check(feature?["properties"] as? [String: Any], "export geojson")
    }

    /// The view QGIS and ogrinfo open: the contract's names, every attribute column.
    @Test(.enabled(if: Fixtures.haveTool("sqlite3"), "sqlite3 is not installed"))
    func theViewUsesTheContractsNames() throws {
        let (db, _) = try Self.database()
        let r = try Fixtures.shell(
            "sqlite3 '\(db)' \"SELECT id, free, toilet_type, time_zone, centralkey, changing_table_all_genders, gender_neutral "
                + "FROM toilets_active WHERE source_id = 'node/9100000001'\"")
        #expect(r.status == 0, "\(r.stderr)")
        #expect(r.stdout == "osm-toilets-accessibility-sample/node/9100000001|1||Europe/Prague|eurokey|1|1\n")
    }
}
