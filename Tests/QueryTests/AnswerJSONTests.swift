import Contract
import Foundation
import Geo
import Hours
import Ingest
import LocateTestSupport
import Places
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

    /// `toilet-answer/1` as its one writer makes it (`ToiletAnswerJSON`), indented as
    /// `locate toilet --json` prints it.
    func encoded(_ answer: ToiletAnswer) throws -> String {
        String(decoding: ContractJSON.indented(ToiletAnswerJSON.encode(answer).dropLast()), as: UTF8.self)
    }

    @Test func toiletAnswerWithAnOpenFilter() throws {
        let store = try storeWith("prague-toilets-sample")
        let near = Coordinate(latitude: 50.0875, longitude: 14.4214)
        let at = try #require(WallClock.instant("2026-11-23T20:50", in: Self.prague))
        let results = try ToiletFinder(store: store).nearestOpen(
            to: near, limit: 1, open: OpenFilter(at: at, arrival: .within(minutes: 5)))
        let text = try encoded(ToiletAnswer(near: near, stateAt: at, results: results))
        #expect(text == Self.toiletAnswer)
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
        #expect(items.allSatisfy { $0.count == 53 && $0["state"] is NSNull && $0["next_change"] is NSNull })
        #expect(items.allSatisfy { ($0["id"] as? String)?.hasPrefix("prague-toilets-sample/") == true })
    }

    @Test func stationAnswerWithReadingsAndAlerts() async throws {
        let store = try storeWith("gios-stations-sample")
        let air = try PipelineDecoder.load(path: Fixtures.repo("pipelines/gios-air-sample.yml"))
        let loaded = try await IngestRunner(store: store, clock: { Date(timeIntervalSince1970: 1_795_000_000) }).run(air)
        #expect(loaded.run.counts.added == 305)
        let now = try #require(WallClock.instant("2026-11-21T20:30", in: TimeZone(identifier: "Europe/Warsaw") ?? .gmt))
        let results = try StationFinder(store: store).named("Próbna", limit: 1, now: now)
        let rules = [AirAlert("PM10>50"), AirAlert("pm25>=1000")].compactMap { $0 }
        let hits = AirAlert.hits(in: results, rules: rules)
        #expect(hits.map(\.rule.description) == ["PM10>50"])
        let text = try encoded(StationAnswer(near: nil, at: now, results: results, alerts: hits))
        #expect(text == Self.stationAnswer)
    }

    static let toiletAnswer = """
        {
          "by" : null,
          "near" : {
            "lat" : 50.0875,
            "lon" : 14.4214
          },
          "next_offset" : null,
          "notes" : [

          ],
          "offset" : 0,
          "results" : [
            {
              "access" : "unknown",
              "address" : "Staroměstské nám. (sample)",
              "arrival_at" : "2026-11-23T20:55:00+01:00",
              "bearing_deg" : 256.4,
              "centralkey" : null,
              "changing_table" : null,
              "changing_table_all_genders" : null,
              "changing_table_location" : null,
              "check_date" : null,
              "check_date_opening_hours" : null,
              "country" : "CZ",
              "dataset" : "prague-toilets-sample",
              "distance_m" : 47.1,
              "female" : null,
              "free" : false,
              "gender_neutral" : null,
              "hours_osm" : "Mo-Su 09:00-21:00",
              "hours_status" : "exact",
              "hours_text" : "po-ne 9:00-21:00",
              "hours_verified_at" : null,
              "hours_verified_by" : null,
              "id" : "prague-toilets-sample/b7c62809f17d@50.087400,14.420760",
              "indoor" : null,
              "lat" : 50.0874,
              "level" : null,
              "location_detail" : null,
              "lon" : 14.42076,
              "male" : null,
              "name" : null,
              "next_change" : "2026-11-23T21:00:00+01:00",
              "operator" : null,
              "price_amount" : 10,
              "price_currency" : "CZK",
              "price_text" : "jednotná cena 10 Kč",
              "route" : null,
              "route_distance_m" : null,
              "route_note" : null,
              "source_id" : "b7c62809f17d@50.087400,14.420760",
              "source_released" : null,
              "sources" : [
                {
                  "dataset" : "prague-toilets-sample",
                  "id" : "prague-toilets-sample/b7c62809f17d@50.087400,14.420760",
                  "source_id" : "b7c62809f17d@50.087400,14.420760"
                }
              ],
              "state" : "open",
              "state_at" : "2026-11-23T20:50:00+01:00",
              "survey_date" : null,
              "time_zone" : "Europe/Prague",
              "title" : "Staroměstské nám. (sample)",
              "toilet_type" : null,
              "toilets_disposal" : null,
              "toilets_wheelchair" : null,
              "unisex" : null,
              "verified_at" : null,
              "verified_by" : null,
              "walk_time_s" : null,
              "wheelchair" : "unknown"
            }
          ],
          "schema" : "toilet-answer/1",
          "state_at" : "2026-11-23T19:50:00Z"
        }
        """

    static let stationAnswer = """
        {
          "alerts" : [
            {
              "eaqi" : null,
              "id" : "gios-stations-sample/9001",
              "index" : null,
              "name" : "Kraków, ul. Próbna (sample)",
              "norm" : null,
              "reading" : {
                "age_minutes" : 90,
                "conversion" : null,
                "coverage_percent" : null,
                "flagged" : null,
                "measured_at" : "2026-11-21T19:00:00+01:00",
                "pollutant" : "PM10",
                "quality" : "unknown",
                "source_unit" : "µg/m³",
                "unit" : "µg/m³",
                "value" : 52.1
              },
              "rule" : "PM10>50"
            }
          ],
          "at" : "2026-11-21T19:30:00Z",
          "near" : null,
          "next_offset" : null,
          "notes" : [

          ],
          "offset" : 0,
          "results" : [
            {
              "bearing_deg" : null,
              "city" : "Kraków",
              "code" : null,
              "dataset" : "gios-stations-sample",
              "distance_m" : null,
              "eaqi" : {
                "age_minutes" : 30,
                "band" : "moderate",
                "calculated_at" : "2026-11-21T20:00:00+01:00",
                "dominant_pollutant" : "PM2.5",
                "level" : 3,
                "pollutants" : [
                  {
                    "averaging" : "1h",
                    "band" : "moderate",
                    "level" : 3,
                    "pollutant" : "PM2.5",
                    "status" : "judged",
                    "value" : 31
                  },
                  {
                    "averaging" : "1h",
                    "band" : "moderate",
                    "level" : 3,
                    "pollutant" : "PM10",
                    "status" : "judged",
                    "value" : 52.1
                  },
                  {
                    "averaging" : "1h",
                    "band" : "fair",
                    "level" : 2,
                    "pollutant" : "NO2",
                    "status" : "judged",
                    "value" : 22
                  }
                ],
                "version" : "eea-eaqi-2024"
              },
              "id" : "gios-stations-sample/9001",
              "index" : {
                "age_minutes" : 10,
                "calculated_at" : "2026-11-21T20:20:00+01:00",
                "category" : "Dostateczny",
                "critical_pollutant" : "PYL",
                "level" : 3
              },
              "lat" : 50.0614,
              "lon" : 19.9366,
              "match" : "word",
              "name" : "Kraków, ul. Próbna (sample)",
              "province" : "MAŁOPOLSKIE",
              "readings" : [
                {
                  "age_minutes" : 30,
                  "conversion" : null,
                  "coverage_percent" : null,
                  "flagged" : null,
                  "measured_at" : "2026-11-21T20:00:00+01:00",
                  "pollutant" : "NO2",
                  "quality" : "unknown",
                  "source_unit" : "µg/m³",
                  "unit" : "µg/m³",
                  "value" : 22
                },
                {
                  "age_minutes" : 90,
                  "conversion" : null,
                  "coverage_percent" : null,
                  "flagged" : null,
                  "measured_at" : "2026-11-21T19:00:00+01:00",
                  "pollutant" : "PM10",
                  "quality" : "unknown",
                  "source_unit" : "µg/m³",
                  "unit" : "µg/m³",
                  "value" : 52.1
                },
                {
                  "age_minutes" : 30,
                  "conversion" : null,
                  "coverage_percent" : null,
                  "flagged" : null,
                  "measured_at" : "2026-11-21T20:00:00+01:00",
                  "pollutant" : "PM2.5",
                  "quality" : "unknown",
                  "source_unit" : "µg/m³",
                  "unit" : "µg/m³",
                  "value" : 31
                }
              ],
              "same_monitor" : [

              ],
              "source_id" : "9001",
              "street" : "ul. Próbna 1",
              "time_zone" : "Europe/Warsaw"
            }
          ],
          "schema" : "station-answer/1",
          "unjudged" : [

          ]
        }
        """
}
