import Foundation
import Geo
import Hours
import Ingest
import LocateTestSupport
import Query
import Storage
import Testing

/// The answers encode exactly per the JSON contract (docs/json.md) and validate against
/// their schemas.
@Suite struct AnswerJSONTests {
    static let prague = TimeZone(identifier: "Europe/Prague") ?? .gmt

    func encoded(_ value: some Encodable) throws -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        return String(decoding: try encoder.encode(value), as: UTF8.self)
    }

    @Test func toiletAnswerWithAnOpenFilter() throws {
        let store = try storeWith("prague-toilets-sample")
        let near = Coordinate(latitude: 50.0875, longitude: 14.4214)
        let at = try #require(WallClock.instant("2026-11-23T20:50", in: Self.prague))
        let results = try ToiletFinder(store: store).nearestOpen(
            to: near, limit: 1, open: OpenFilter(at: at, arrival: .within(minutes: 5)))
        let text = try encoded(ToiletAnswer(near: near, stateAt: at, results: results))
        #expect(text == Self.toiletAnswer)
        if JSONSchemaCheck.available {
            #expect(try JSONSchemaCheck.errors(Data(text.utf8), schema: "toilet-answer") == [])
        }
    }

    @Test func toiletAnswerWithoutAnInstantHasNullStates() throws {
        let store = try storeWith("prague-toilets-sample")
        let near = Coordinate(latitude: 50.0875, longitude: 14.4214)
        let results = try ToiletFinder(store: store).nearest(to: near, limit: 3)
        let doc = try #require(
            try JSONSerialization.jsonObject(with: Data(encoded(ToiletAnswer(near: near, stateAt: nil, results: results)).utf8))
                as? [String: Any])
        #expect(doc["schema"] as? String == "toilet-answer/1")
        #expect(doc["state_at"] is NSNull)
        let items = try #require(doc["results"] as? [[String: Any]])
        #expect(items.count == 3)
        #expect(items.allSatisfy { $0.count == 26 && $0["state"] is NSNull && $0["next_change"] is NSNull })
        #expect(items.allSatisfy { ($0["id"] as? String)?.hasPrefix("prague-toilets-sample/") == true })
    }

    @Test func stationAnswerWithReadingsAndAlerts() throws {
        let store = try storeWith("gios-stations-sample")
        let air = try PipelineDecoder.load(path: Fixtures.repo("pipelines/gios-air-sample.yml"))
        _ = try IngestRunner(store: store, clock: { Date(timeIntervalSince1970: 1_795_000_000) }).run(air)
        let now = try #require(WallClock.instant("2026-11-21T20:30", in: TimeZone(identifier: "Europe/Warsaw") ?? .gmt))
        let results = try StationFinder(store: store).named("Próbna", limit: 1, now: now)
        let rules = [AirAlert("PM10>50"), AirAlert("pm25>=1000")].compactMap { $0 }
        let hits = AirAlert.hits(in: results, rules: rules)
        #expect(hits.map(\.rule.description) == ["PM10>50"])
        let text = try encoded(StationAnswer(results: results, alerts: hits))
        #expect(text == Self.stationAnswer)
        if JSONSchemaCheck.available {
            #expect(try JSONSchemaCheck.errors(Data(text.utf8), schema: "station-answer") == [])
        }
    }

    static let toiletAnswer = """
        """

    static let stationAnswer = """
        """
}
