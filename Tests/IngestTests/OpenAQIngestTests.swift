import Foundation
import GRDB
import LocateTestSupport
import Places
import Storage
import Testing

@testable import Ingest

/// The OpenAQ readers on the real answers in ../shared (openaq-v3/) and the bundled sample.
struct OpenAQIngestTests {
    static func page(_ name: String) throws -> [JSONValue] {
        let bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: Fixtures.shared("openaq-v3/\(name)"))))
        return try OpenAQReader.results(try JSONValue.parse(bytes, path: name), limit: 1000).get()
    }

    @Test(.enabled(if: Fixtures.haveSharedDatasets, "../shared/datasets is absent: real-data tests skipped"))
    func latestValuesJoinTheirLocationsSensors() throws {
        let locations = try Self.page("locations_1000.json")
        var sensors: [Int64: (location: Int64, sensor: OpenAQReader.Sensor)] = [:]
        for l in locations {
            let id = try #require(l["id"]?.wholeNumber(in: OpenAQReader.ids))
            guard case .array(let items)? = l["sensors"] else { continue }
            for item in items { sensors[try OpenAQReader.sensor(item).get().id] = (id, try OpenAQReader.sensor(item).get()) }
        }
        let latest = try Self.page("latest_1000.json").map { try OpenAQReader.latest($0).get() }
        #expect(latest.count == 1000)
        let joined = latest.filter { v in v.sensorID.flatMap { sensors[$0] }?.location == v.locationID }
        // The two files are separate pages: 13 values are of locations in the location page.
        #expect(joined.count == 13)
        #expect(Set(joined.compactMap { $0.sensorID.flatMap { sensors[$0]?.sensor.parameter } }) == ["pm25"])
        #expect(Set(joined.compactMap { $0.sensorID.flatMap { sensors[$0]?.sensor.units } }) == ["µg/m³"])
    }

    @Test(.enabled(if: Fixtures.haveSharedDatasets, "../shared/datasets is absent: real-data tests skipped"))
    func measurementHistoryKeepsFlagsAndCoverage() throws {
        let values = try Self.page("measurements_1000.json").map { try OpenAQReader.measurement($0).get() }
        #expect(values.count == 1000)
        #expect(values.filter { $0.value == nil }.count == 150)
        #expect(values.filter { $0.flagged == true }.count == 220)
        #expect(values.allSatisfy { $0.coveragePercent == 100 })
        #expect(values.first.map { InstantTextProbe.utc($0.at) } == "2016-03-06T20:00:00Z")
        #expect(values.first?.local == "2016-03-06T13:00:00-07:00")
        #expect(values.last.map { InstantTextProbe.utc($0.at) } == "2016-04-27T15:00:00Z")
        #expect(Set(values.map(\.at)).count == 1000)
    }

    @Test(.enabled(if: Fixtures.haveSharedDatasets, "../shared/datasets is absent: real-data tests skipped"))
    func realSensorUnitsConvertOrAreRefused() throws {
        let sensors = try Self.page("sensors.json").map { try OpenAQReader.sensor($0).get() }
        let rules = sensors.map { s in
            (
                s.parameter,
                (try? Concentration.rule(unit: s.units, code: Concentration.code(ofParameter: s.parameter)).get())?.factor
            )
        }
        #expect(rules.map(\.0) == ["no", "nox", "no2", "so2", "pm25", "o3", "pm10", "co"])
        #expect(rules.first { $0.0 == "nox" }?.1 == nil)
        #expect(rules.first { $0.0 == "pm25" }?.1 == 1)
        #expect(rules.first { $0.0 == "no2" }.flatMap(\.1).map { ($0 * 10).rounded() / 10 } == 1912.5)
    }

    @Test(arguments: [
        ("NO2", "ppb", 1.9125, "ppb × 1.9125 (NO2, 46.0055 g/mol, at 20 °C and 1013.25 hPa)"),
        ("O3", "ppm", 1995.3, "ppm × 1995.3426 (O3, 47.9982 g/mol, at 20 °C and 1013.25 hPa)"),
        ("SO2", "ppb", 2.6632, "ppb × 2.6632 (SO2, 64.064 g/mol, at 20 °C and 1013.25 hPa)"),
        ("CO", "mg/m³", 1000, "mg/m³ × 1000"), ("PM2.5", "µg/m³", 1, nil),
    ])
    func conversionsAreNamed(code: String, unit: String, factor: Double, conversion: String?) throws {
        let rule = try Concentration.rule(unit: unit, code: code).get()
        #expect((rule.factor * 10_000).rounded() / 10_000 == factor || (rule.factor * 10).rounded() / 10 == factor)
        #expect(rule.conversion == conversion)
    }

    @Test(arguments: [
        ("PM10", "ppm", "PM10 in ppm cannot be converted to µg/m³ (no molar mass)"),
        ("TEMPERATURE", "c", "unit 'c' of TEMPERATURE is not a concentration locate converts"),
    ])
    func otherUnitsAreRefused(code: String, unit: String, reason: String) {
        #expect(throws: OpenAQReader.Problem(field: "units", reason: reason)) {
            try Concentration.rule(unit: unit, code: code).get()
        }
    }

    @Test(arguments: [
        ("{\"results\": 3}", "the page has no \"results\" array"), ("[1]", "the answer is array, not a page"),
    ])
    func pagesAreChecked(text: String, reason: String) throws {
        let doc = try JSONValue.parse(Array(text.utf8), path: "t")
        #expect(throws: OpenAQReader.Problem(field: "results", reason: reason)) { try OpenAQReader.results(doc, limit: 10).get() }
    }

    @Test(arguments: [
        (
            "{\"sensorsId\": -1, \"datetime\": {\"utc\": \"2026-01-01T00:00:00Z\"}, \"value\": 1}", "sensorsId",
            "sensor id -1 is not a whole number from 1 to 2^53"
        ),
        (
            "{\"sensorsId\": 5, \"datetime\": {\"utc\": \"yesterday\"}, \"value\": 1}", "datetime.utc",
            "time yesterday is not an RFC 3339 instant"
        ),
        (
            "{\"sensorsId\": 5, \"datetime\": {\"utc\": \"2026-01-01T00:00:00Z\"}, \"value\": 1e300}", "value",
            "value 1e300 is not a number from -10^9 to 10^9"
        ),
        (
            "{\"sensorsId\": 5, \"datetime\": {\"utc\": \"2026-01-01T00:00:00Z\"}, \"value\": \"7\"}", "value",
            "value 7 is not a number from -10^9 to 10^9"
        ),
    ])
    func latestValuesAreBounded(text: String, field: String, reason: String) throws {
        let doc = try JSONValue.parse(Array(text.utf8), path: "t")
        #expect(throws: OpenAQReader.Problem(field: field, reason: reason)) { try OpenAQReader.latest(doc).get() }
    }

    @Test func theSampleRunsStoreConvertedValuesWithTheirMarks() async throws {
        let store = try newStore()
        let stations = try await ingest("openaq-stations-sample", into: store)
        #expect(stations.run.read == 3)
        #expect(stations.run.accepted == 2)
        #expect(stations.rejected.map(\.reason) == ["the location has no numeric latitude and longitude"])
        #expect(stations.notices == ["2 location(s) not selected (1 by country, 1 by mobile): source.select"])
        let air = try await ingest("openaq-air-sample", into: store)
        #expect(air.rejected.map(\.reason) == ["value -3 is not a concentration (0 to 1,000,000 µg/m³ once converted)"])
        #expect(air.warnings.map(\.reason) == ["a latest value of a sensor the location does not list: not stored"])
        let sensors = try store.testRows(
            sql:
                "SELECT source_sensor_id, param_code, unit, conversion, sensor_id >= 9007199254740992 AS above FROM sensors ORDER BY source_sensor_id"
        )
        #expect(sensors.map { $0["source_sensor_id"] as Int64 } == [91011, 91012, 91013, 91014, 91021, 91022])
        #expect(sensors.map { $0["param_code"] as String } == ["PM2.5", "PM10", "NO2", "O3", "PM2.5", "SO2"])
        #expect(sensors.allSatisfy { $0["above"] as Bool })
        #expect(sensors[2]["conversion"] as String? == "ppb × 1.9125 (NO2, 46.0055 g/mol, at 20 °C and 1013.25 hPa)")
        let no2 = try store.latestAir(
            station: "openaq-9101", timeZone: "Europe/Prague", asOf: Date(timeIntervalSince1970: 1795289400))
        #expect(no2.reading(of: "NO2")?.value == 30 * (46.0055 / Concentration.molarVolume))
        #expect(no2.reading(of: "NO2")?.sourceUnit == "ppb")
        let brno = try store.latestAir(
            station: "openaq-9102", timeZone: "Europe/Prague", asOf: Date(timeIntervalSince1970: 1795289400))
        #expect(brno.reading(of: "PM2.5")?.quality == .flagged)
        #expect(brno.reading(of: "SO2")?.quality == .ok)
        // A second run of the same answers changes nothing.
        let again = try await ingest("openaq-air-sample", into: store)
        #expect(again.run.counts.added == 0)
        #expect(again.run.counts.updated == 0)
    }
}

/// Instants as the contract writes them (the tests' view of `InstantText`).
enum InstantTextProbe {
    static func utc(_ d: Date) -> String {
        var f = Date.ISO8601FormatStyle()
        f.timeZone = TimeZone(identifier: "UTC") ?? .gmt
        return d.formatted(f)
    }
}
