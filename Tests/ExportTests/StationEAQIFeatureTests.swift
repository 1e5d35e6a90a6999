import Export
import Foundation
import Hours
import LocateTestSupport
import Query
import Testing

/// The European Air Quality Index in the stations' map features (issue 41): flat `eaqi_*`
/// properties beside GIOŚ's `index_*`, computed by the one implementation the caller passes
/// (Query's `EuropeanAirQualityIndex.headline`), explicit nulls without it.
@Suite struct StationEAQIFeatureTests {
    /// GIOŚ's and OpenAQ's samples in one store, and the stations' features as of 20:30 in
    /// Prague on 21 November 2026, by id.
    static func features(eaqi: StationEAQIRule?) async throws -> [String: [String: Any]] {
        let (store, dir) = try await exportStore([
            "gios-stations-sample", "gios-air-sample", "openaq-stations-sample", "openaq-air-sample",
        ])
        let at = try #require(WallClock.instant("2026-11-21T20:30", in: prague))
        let out = dir.appendingPathComponent("stations.geojson").path
        try GeoJSONExporter(store: store, eaqi: eaqi).write(dataset: "stations", to: out, at: at)
        let features = try #require(try jsonObject(out)["features"] as? [[String: Any]])
        var byID: [String: [String: Any]] = [:]
        for f in features {
            byID[try #require(f["id"] as? String)] = try #require(f["properties"] as? [String: Any])
        }
        return byID
    }

    static let keys = ["eaqi_level", "eaqi_band", "eaqi_dominant_pollutant", "eaqi_calculated_at"]

    /// The `eaqi_*` and `index_*` values of a feature, as text ("null" for JSON null).
    static func indexes(_ p: [String: Any]?) -> [String] {
        (keys + ["index_level", "index_category", "index_calculated_at"]).map { k in
            guard let v = p?[k] else { return "missing" }
            return v is NSNull ? "null" : "\(v)"
        }
    }

    @Test func bothIndexesWhereBothExistAndTheEAQIAloneForOpenAQ() async throws {
        let f = try await Self.features(eaqi: EuropeanAirQualityIndex.headline)
        #expect(
            Self.indexes(f["gios-stations-sample/9002"]) == [
                "2", "fair", "PM10", "2026-11-21T20:00:00+01:00", "1", "Dobry", "2026-11-21T20:20:00+01:00",
            ])
        #expect(
            Self.indexes(f["openaq-sample/openaq-9101"]) == [
                "3", "moderate", "PM2.5", "2026-11-21T20:00:00+01:00", "null", "null", "null",
            ])
        // Brno: its newest PM2.5 hour is flagged and SO2 alone is good: no level (not called good).
        #expect(
            Self.indexes(f["openaq-sample/openaq-9102"]) == [
                "null", "null", "null", "2026-11-21T20:00:00+01:00", "null", "null", "null",
            ])
        // No values, no index: every key present, null.
        #expect(Self.indexes(f["gios-stations-sample/9008"]) == Array(repeating: "null", count: 7))
    }

    @Test func withoutARuleTheEAQIIsExplicitlyNull() async throws {
        let f = try await Self.features(eaqi: nil)
        #expect(!f.isEmpty)
        #expect(f.values.allSatisfy { p in Self.keys.allSatisfy { p[$0] is NSNull } })
    }
}
