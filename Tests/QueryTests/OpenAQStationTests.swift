import Foundation
import GRDB
import Geo
import Ingest
import LocateTestSupport
import Places
import Query
import Storage
import Testing

/// OpenAQ locations as stations: the real page of 1,000 locations in ../shared
/// (openaq-v3/locations_1000.json), read through the station path GIOŚ uses.
@Suite(.enabled(if: Fixtures.haveSharedDatasets, "../shared/datasets is absent: real-data tests skipped"))
struct OpenAQStationTests {
    static let worldPipeline = """
        kind: stations
        dataset: openaq-world
        source: { path: locations.json, format: openaq }
        region: { west: -180, south: -90, east: 180, north: 90 }
        """

    static func worldStore() throws -> LocateStore {
        try storeWith("openaq-world", source: Fixtures.shared("openaq-v3/locations_1000.json"), yaml: worldPipeline)
    }

    @Test func everyRealLocationIsAStation() throws {
        let store = try Self.worldStore()
        let rows = try store.testRows(sql: "SELECT source_id, timezone FROM stations WHERE status = 'active'")
        #expect(rows.count == 1000)
        #expect(rows.allSatisfy { ($0["source_id"] as String).hasPrefix("openaq-") })
        let ghana = try store.testRows(sql: "SELECT name, timezone, lat, lon FROM stations WHERE source_id = 'openaq-3'")
        #expect(ghana.first?["name"] as String? == "NMA - Nima")
        #expect(ghana.first?["timezone"] as String? == "Africa/Accra")
        #expect(ghana.first?["lat"] as Double? == 5.58389)
        #expect(ghana.first?["lon"] as Double? == -0.19968)
    }

    @Test func nearestEqualsBruteForceGeodesic() throws {
        let store = try Self.worldStore()
        let finder = StationFinder(store: store)
        let all = try store.testRows(sql: "SELECT id, lat, lon FROM stations WHERE status = 'active'").map {
            (id: $0["id"] as Int64, c: Coordinate(latitude: $0["lat"], longitude: $0["lon"]))
        }
        let g = Geodesic()
        for (i, p) in randomPoints(60, seed: 41, lat: -60...70, lon: -180...180).enumerated() {
            let k = [1, 4, 12][i % 3]
            let want = all.map { ($0.id, g.distance(from: p, to: $0.c)) }.sorted { ($0.1, $0.0) < ($1.1, $1.0) }.prefix(k)
            let got = try finder.nearest(to: p, limit: k, now: Date(timeIntervalSince1970: 1_795_000_000))
            #expect(got.map(\.rowID) == want.map(\.0))
            #expect(got.map { $0.distanceMeters ?? -1 } == want.map(\.1))
        }
    }

    @Test(arguments: [("PL", 3), ("CZ", 0), ("GB", 31)])
    func countrySelectionKeepsOnlyThatCountry(country: String, count: Int) throws {
        let yaml = """
            kind: stations
            dataset: openaq-\(country.lowercased())
            source: { path: locations.json, format: openaq, select: { country: \(country) } }
            region: { west: -180, south: -90, east: 180, north: 90 }
            """
        let dir = try Fixtures.temporaryFolder()
        let store = try LocateStore(path: dir.appendingPathComponent("q.sqlite").path)
        let spec = try PipelineDecoder.decode(yaml, path: "inline.yml", baseFolder: dir.path, defaultName: "c")
        let runner = IngestRunner(store: store, clock: { Date(timeIntervalSince1970: 0) })
        if count == 0 {
            #expect(throws: IngestError.self) {
                _ = try runner.run(spec, sourceOverride: Fixtures.shared("openaq-v3/locations_1000.json"))
            }
            return
        }
        let report = try runner.run(spec, sourceOverride: Fixtures.shared("openaq-v3/locations_1000.json"))
        #expect(report.run.accepted == count)
        #expect(report.notices == ["\(1000 - count) location(s) not selected (\(1000 - count) by country): source.select"])
    }
}

/// The European Air Quality Index bands (EEA, the table revised in 2024; docs/air.md): a
/// limit belongs to the lower band, every pollutant on its 1-hour value, and a flagged or
/// thin value is never judged good.
struct EuropeanAirQualityIndexTests {
    @Test(arguments: [
        ("PM2.5", 5.0, 1), ("PM2.5", 5.1, 2), ("PM2.5", 15.0, 2), ("PM2.5", 50.0, 3), ("PM2.5", 90.0, 4),
        ("PM2.5", 140.0, 5), ("PM2.5", 140.1, 6), ("PM10", 15.0, 1), ("PM10", 45.0, 2), ("PM10", 120.0, 3),
        ("PM10", 195.0, 4), ("PM10", 270.0, 5), ("PM10", 270.5, 6), ("NO2", 10.0, 1), ("NO2", 10.1, 2), ("NO2", 57.4, 3),
        ("NO2", 100.0, 4), ("NO2", 150.1, 6), ("O3", 39.9, 1), ("O3", 120.0, 3), ("O3", 160.0, 4), ("O3", 180.0, 5),
        ("O3", 181.0, 6), ("SO2", 13.3, 1), ("SO2", 40.0, 2), ("SO2", 125.0, 3), ("SO2", 275.0, 5), ("SO2", 275.1, 6),
    ])
    func bandLevels(pollutant: String, value: Double, level: Int) throws {
        let band = try #require(EuropeanAirQualityIndex.bands.first { $0.pollutant == pollutant })
        #expect(EuropeanAirQualityIndex.level(value, upper: band.upper).rawValue == level)
    }

    static let at = Date(timeIntervalSince1970: 1_795_000_000)

    static func reading(_ p: String, _ v: Double, flagged: Bool? = nil, coverage: Double? = nil) -> StationAir.Reading {
        var r = StationAir.Reading(
            parameter: p, value: v, unit: "µg/m³", measuredAt: "", measuredInstant: at, localTime: "", ageMinutes: 30)
        r.flagged = flagged
        r.coveragePercent = coverage
        return r
    }

    @Test func theWorstPollutantSetsTheLevel() throws {
        let e = try #require(
            EuropeanAirQualityIndex.of(
                readings: [Self.reading("NO2", 95), Self.reading("O3", 20)], zone: .gmt,
                now: Self.at.addingTimeInterval(1800)))
        #expect(e.level == .poor)
        #expect(e.dominant == "NO2")
        #expect(e.ageMinutes == 30)
        #expect(e.pollutants.map(\.status) == [.judged, .judged])
    }

    @Test func aFlaggedValueIsNeverJudgedGood() throws {
        let flagged = try #require(
            EuropeanAirQualityIndex.of(
                readings: [Self.reading("NO2", 10, flagged: true), Self.reading("SO2", 5)], zone: .gmt, now: Self.at))
        #expect(flagged.level == nil)
        #expect(flagged.pollutants.map(\.status) == [.flagged, .judged])
        let thin = try #require(
            EuropeanAirQualityIndex.of(
                readings: [Self.reading("O3", 10, coverage: 40), Self.reading("SO2", 600)], zone: .gmt, now: Self.at))
        // A poor value stays poor: only "good" is withheld.
        #expect(thin.level == .extremelyPoor)
        #expect(thin.pollutants.map(\.status) == [.lowCoverage, .judged])
    }

    /// A flagged or low-coverage value never fires a threshold rule, and never passes one:
    /// `unjudged` reports it (reason `flagged` / `low_coverage`). Review of issue 41: a flagged
    /// spike fired `--alert 'PM10>50'`.
    @Test(arguments: [
        (nil as Bool?, nil as Double?, true), (false, 100.0, true), (true, nil, false), (false, 40.0, false),
        (nil, 75.0, true),
    ])
    func onlySoundValuesFireAThreshold(flagged: Bool?, coverage: Double?, fires: Bool) throws {
        let rule = try #require(AirAlert("PM10>50"))
        #expect(rule.exceeded(by: Self.reading("PM10", 120, flagged: flagged, coverage: coverage)) == fires)
        #expect(!rule.exceeded(by: Self.reading("PM10", 20, flagged: flagged, coverage: coverage)))
    }

    @Test func particlesAreJudgedOnTheirHourlyValue() throws {
        let e = try #require(
            EuropeanAirQualityIndex.of(
                readings: [Self.reading("PM10", 16), Self.reading("PM2.5", 30)], zone: .gmt, now: Self.at))
        #expect(e.pollutants.map(\.pollutant) == ["PM2.5", "PM10"])
        #expect(e.pollutants.map(\.value) == [30, 16])
        #expect(e.pollutants.map(\.level) == [.moderate, .fair])
        #expect(e.level == .moderate)
        #expect(e.dominant == "PM2.5")
    }

    @Test(arguments: [
        ("eaqi>=poor", "eaqi>=poor"), ("EAQI>3", "eaqi>moderate"), ("eaqi>=very-poor", "eaqi>=very_poor"),
        ("eaqi>=6", "eaqi>=extremely_poor"),
    ])
    func alertRulesRead(text: String, canonical: String) throws {
        let rule = try #require(AlertRule(text))
        #expect(rule.description == canonical)
    }

    @Test func unknownLevelsAreNoRule() {
        #expect(AlertRule("eaqi>=awful") == nil)
        #expect(AlertRule("eaqi>=7") == nil)
    }
}
