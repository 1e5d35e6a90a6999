import Foundation
import LocateTestSupport
import Testing

/// `locate toilet` over OSM-tagged data (the invented `osm-toilets-tags-sample`): access, the new
/// filters and the columns that appear only with such data.
@Suite struct OSMToiletCommandTests {
    static func database() throws -> String {
        let db = try Fixtures.temporaryFolder().appendingPathComponent("osm.sqlite").path
        try CLI.ingest(["pipelines/osm-toilets-tags-sample.yml", "--db", db])
        return db
    }

    /// node/9000000003 (access=private) lies exactly at the query point and is not listed;
    /// the café is marked customers only.
    @Test func tableShowsAccessAndFacilities() throws {
        let db = try Self.database()
        let r = try CLI.run(["toilet", "--near", "50.0865,14.4190", "--limit", "10", "--db", db])
        #expect(r.status == 0)
        #expect(r.stderr == "")
        #expect(
            r.stdout == """
                #  distance  dir  place                                hours              price   wheelchair  access          facilities
                1      82 m  SW   Karlova (sample), Karlova 12, Praha  Mo-Su 08:00-20:00  free    yes         public          changing table, gender-neutral
                2      96 m  NE   Café Sample                          Mo-Fr 09:00-18:00  20 CZK  no          customers only  -
                3     272 m  SE   Husova, Praha                        ?                  paid    unknown     unknown         -
                4     351 m  SW   toilet at 50.08400,14.41600          ?                  ?       unknown     unknown         -
                5     395 m  NE   toilet at 50.08800,14.42400          ?                  free    unknown     public          women+men
                6     634 m  SE   5                                    ?                  free    unknown     public          women+men, level -1

                """)
    }

    @Test func filtersNarrowTheAnswer() throws {
        let db = try Self.database()
        func places(_ extra: [String]) throws -> [String] {
            let r = try CLI.run(["toilet", "--near", "50.0865,14.4190", "--limit", "10", "--json", "--db", db] + extra)
            #expect(r.status == 0, "\(extra): \(r.stderr)")
            let doc = try JSONSerialization.jsonObject(with: Data(r.stdout.utf8)) as? [String: Any]
            return (doc?["results"] as? [[String: Any]] ?? []).compactMap { $0["source_id"] as? String }
        }
        #expect(
            try places(["--public"]) == [
                "node/9000000001", "node/9000000004", "node/9000000006", "node/9000000005", "way/9000000007",
            ])
        #expect(try places(["--changing-table"]) == ["node/9000000001"])
        #expect(try places(["--unisex", "--wheelchair"]) == ["node/9000000001"])
        #expect(
            try places(["--max-price", "20CZK"]) == [
                "node/9000000001", "node/9000000002", "node/9000000005", "way/9000000007",
            ])
        #expect(try places(["--max-price", "5 EUR", "--public"]) == ["node/9000000001", "node/9000000005", "way/9000000007"])
    }

    @Test func maxPriceNeedsACurrency() throws {
        let db = try Self.database()
        let r = try CLI.run(["toilet", "--near", "50.0865,14.4190", "--max-price", "0.50", "--db", db])
        #expect(r.status == 64)
        #expect(r.stdout == "")
        #expect(
            r.stderr.hasPrefix("Error: --max-price '0.50' is not an amount with its currency (write 0.50EUR or 20CZK)\n"))
    }

    @Test func dataWithoutChangingTablesSaysSo() throws {
        let db = try CLI.sampleDatabase()
        let r = try CLI.run(["toilet", "--near", "50.0875,14.4214", "--changing-table", "--db", db])
        #expect(r.status == 3)
        #expect(r.stdout == "")
        #expect(r.stderr == "none of the 12 active toilets has changing-table data; --changing-table cannot be answered\n")
    }

    @Test func datasetMustHaveActiveToilets() throws {
        let db = try Self.database()
        let r = try CLI.run(["toilet", "--near", "50.0865,14.4190", "--dataset", "prague", "--db", db])
        #expect(r.status == 64)
        #expect(r.stdout == "")
        #expect(r.stderr.hasPrefix("Error: --dataset 'prague' has no active toilets (datasets: osm-toilets-tags-sample)\n"))
    }

    /// Prague's 2019 and 2026 data as two datasets and the OSM Prague sample: one place per
    /// toilet, its sources listed, attributes from each.
    @Test(.enabled(if: Fixtures.haveSharedDatasets, "../shared/datasets is absent: real-data tests skipped"))
    func onePlaceFromThreeDatasets() throws {
        let dir = try Fixtures.temporaryFolder()
        let db = dir.appendingPathComponent("m.sqlite").path
        for year in ["2019", "2026"] {
            let yaml = try String(contentsOfFile: Fixtures.repo("pipelines/prague-toilets-\(year).yml"), encoding: .utf8)
                .replacingOccurrences(of: "dataset: prague-toilets\n", with: "dataset: prague-\(year)\n")
                .replacingOccurrences(
                    of: "../../shared/datasets/prague-toilets-\(year).geojson",
                    with: Fixtures.shared("prague-toilets-\(year).geojson"))
            let path = dir.appendingPathComponent("prague-toilets-\(year).yml").path
            try yaml.write(toFile: path, atomically: true, encoding: .utf8)
            try CLI.ingest([path, "--db", db])
        }
        try CLI.ingest(["pipelines/osm-toilets-prague-sample.yml", "--db", db])
        let r = try CLI.run(["toilet", "--near", "50.0875,14.4190", "--limit", "4", "--db", db])
        #expect(r.status == 0)
        #expect(
            r.stdout == """
                #  distance  dir  place                                         hours                                     price   wheelchair  access          facilities                      sources
                1      55 m  SE   WC STAROMĚSTSKÉ NÁMĚSTÍ - restaurace Kotleta  po-ne 11:00-23:00                         20 CZK  no          unknown         -                               prague-2026 + prague-2019
                2      66 m  NW   KFC Kaprova, Kaprova 14, Praha 1              po-čt 8:00-24:00; pá 8:00-01:00; so 9:0…  free    no          customers only  -                               prague-2019 + prague-2026 + osm-toilets-prague-sample
                3     112 m  SE   WC STAROMĚSTSKÁ RADNICE, Staroměstské nám. …  po-ne 9:00-21:00                          20 CZK  no          unknown         -                               prague-2026 + prague-2019
                4     116 m  W    Městská knihovna, Mariánské náměstí 1         po 13:00-20:00; út-pá 9:00-20:00; so 13…  free    yes         public          changing table, gender-neutral  osm-toilets-prague-sample + prague-2026 + prague-2019

                """)
        // A place reads the same whatever the limit or page (issue 24: its sources were in the
        // order the search met them, which a larger limit changed).
        let more = try CLI.run(["toilet", "--near", "50.0875,14.4190", "--limit", "9", "--db", db])
        #expect(more.stdout.split(separator: "\n").prefix(5) == r.stdout.split(separator: "\n").prefix(5))
        let page = try CLI.run(["toilet", "--near", "50.0875,14.4190", "--limit", "1", "--offset", "3", "--db", db])
        // The page's one row is numbered 4, as in the answer it is part of (columns fit the page).
        func words(_ line: Substring?) -> [Substring] { line?.split(separator: " ") ?? [] }
        #expect(words(page.stdout.split(separator: "\n").last) == words(r.stdout.split(separator: "\n")[4]))
        let only = try CLI.run(["toilet", "--near", "50.0875,14.4190", "--limit", "2", "--dataset", "prague-2026", "--db", db])
        #expect(only.status == 0)
        #expect(
            only.stdout == """
                #  distance  dir  place                                         hours  price  wheelchair
                1      55 m  SE   WC STAROMĚSTSKÉ NÁMĚSTÍ - restaurace Kotleta  ?      ?      no
                2      66 m  NW   KFC Kaprova, Kaprova 14, Praha 1              ?      ?      no

                """)
    }

    @Test func jsonCarriesTheNewAttributes() throws {
        let db = try Self.database()
        let r = try CLI.run(["toilet", "--near", "50.0830,14.4260", "--limit", "1", "--json", "--db", db])
        #expect(r.status == 0)
        let doc = try JSONSerialization.jsonObject(with: Data(r.stdout.utf8)) as? [String: Any]
        let first = try #require((doc?["results"] as? [[String: Any]])?.first)
        #expect(first["id"] as? String == "osm-toilets-tags-sample/way/9000000007")
        #expect(first["access"] as? String == "public")
        #expect(first["changing_table"] as? Bool == false)
        #expect(first["unisex"] is NSNull)
        #expect(first["female"] as? Bool == true)
        #expect(first["male"] as? Bool == true)
        #expect(first["toilets_disposal"] as? String == "flush")
        #expect(first["level"] as? String == "-1")
        #expect(first["indoor"] as? String == "yes")
        #expect(first["operator"] as? String == "Sample Operator")
        #expect(first["check_date"] as? String == "2025-06-02")
        #expect(first["price_text"] as? String == "fee=no; charge=10 CZK")
        #expect(first["free"] as? Bool == true)
    }
}
