import Foundation
import LocateTestSupport
import Testing

/// Issue 40 §1: a dataset's pipeline country is used for `PH` when the query gives none. A
/// toilet of a `country: CZ` pipeline with `Mo-Fr 08:00-18:00; PH off`, asked with `--at`
/// and no country, is closed on Christmas Eve (a Thursday, a Czech public holiday: not
/// listed even with `--include-unknown`) and open on an ordinary Tuesday; the same data from
/// a pipeline without a country cannot know whether either weekday is a holiday (unknown).
@Suite struct PipelineCountryHolidayTests {
    static let place = """
        {"type": "FeatureCollection", "features": [{"type": "Feature",
          "geometry": {"type": "Point", "coordinates": [14.42076, 50.0874]},
          "properties": {"OBJECTID": 1, "ADRESA": "Holiday test", "OTEVRENO": "Mo-Fr 08:00-18:00; PH off"}}]}
        """

    static func pipeline(_ data: String, country: String?) -> String {
        """
        name: holiday-test
        kind: toilets
        dataset: holiday-test
        source:
          path: \(data)
          format: geojson
          crs: EPSG:4326
        timezone: Europe/Prague
        \(country.map { "country: \($0)\n" } ?? "")licence: CC0 (written for the test)
        attribution: locate tests
        id:
          derive: [ADRESA]
        fields:
          address: ADRESA
          hours: OTEVRENO
        region: { west: 14.22, south: 49.94, east: 14.71, north: 50.18 }
        """
    }

    @Test(
        arguments: [
            ("CZ", "2026-12-24T10:00", nil), ("CZ", "2026-12-22T10:00", "open"),
            (nil, "2026-12-24T10:00", "unknown"), (nil, "2026-12-22T10:00", "unknown"),
        ] as [(String?, String, String?)])
    func thePipelinesCountryDecidesPublicHolidays(country: String?, at: String, state: String?) throws {
        let dir = try Fixtures.temporaryFolder()
        let data = try Fixtures.write(Self.place, name: "place.geojson", in: dir)
        let yml = try Fixtures.write(Self.pipeline(data, country: country), name: "holiday.yml", in: dir)
        let db = dir.appendingPathComponent("h.sqlite").path
        let ingest = try CLI.ingest([yml, "--db", db])
        #expect(ingest.status == 0, "\(ingest.stderr)")
        let r = try CLI.run([
            "toilet", "--near", "50.0874,14.42076", "--at", at, "--include-unknown", "--json", "--db", db,
        ])
        guard let state else {
            // Closed: neither open nor unknown, so nothing matches.
            #expect(r.status == 3)
            #expect(r.stderr == #"{"error":{"exit_code":3,"message":"no toilet matches"},"schema":"error/1"}"# + "\n")
            return
        }
        #expect(r.status == 0, "\(r.stderr)")
        let doc = try #require(JSONSerialization.jsonObject(with: Data(r.stdout.utf8)) as? [String: Any])
        let toilets = try #require(doc["results"] as? [[String: Any]], "\(r.stdout)")
        #expect(toilets.count == 1)
        #expect(toilets.first?["state"] as? String == state, "\(r.stdout)")
        #expect(toilets.first?["country"] as? String == country)
    }
}
