import Contract
import Foundation
import Geo
import Hours
import Places
import Query
import Storage
import Testing

@testable import Serve

/// The nearest answer written straight to bytes (`ToiletAnswerJSON`, the document's one
/// writer, for the server and `locate toilet --json`) is the text of the document's
/// `Encodable` statement (`ToiletAnswerEncodable.swift`, shared with `locate-bench answer-writer`): the same keys, order and values as
/// `ContractJSON` and Foundation's `JSONEncoder` make of it, for every field set and for every
/// field empty.
@Suite struct ServeAnswerJSONTests {
    @Test(arguments: [false, true])
    func directAnswerEqualsTheEncodableForm(full: Bool) throws {
        let answer = Self.answer(full: full)
        let direct = String(decoding: ToiletAnswerJSON.encode(answer), as: UTF8.self)
        let compact = String(decoding: try ContractJSON.encode(answer, newline: true), as: UTF8.self)
        #expect(direct == compact)
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        let foundation = String(decoding: try encoder.encode(answer), as: UTF8.self) + "\n"
        #expect(direct == foundation)
        // Every key of the Encodable form is written (a field added there and not here fails).
        let results = try #require(try JSONSerialization.jsonObject(with: Data(direct.utf8)) as? [String: Any])["results"]
        let first = try #require((results as? [[String: Any]])?.first)
        #expect(first.count == 53)
    }

    /// Places in other zones at the same instant keep their own offsets (the answer makes
    /// each instant's text once per zone, not once per instant).
    @Test func sameInstantsInOtherZonesKeepTheirOffsets() throws {
        var answer = Self.answer(full: true)
        var third = answer.results[0]
        third.toilet.timeZone = "America/New_York"
        third.nextChangeAt = answer.results[0].nextChangeAt
        answer.results[1].toilet.timeZone = "Asia/Kolkata"
        answer.results.append(third)
        answer.results.append(answer.results[0])
        let direct = String(decoding: ToiletAnswerJSON.encode(answer), as: UTF8.self)
        #expect(direct == String(decoding: try ContractJSON.encode(answer, newline: true), as: UTF8.self))
        let states = try #require(
            (try JSONSerialization.jsonObject(with: Data(direct.utf8)) as? [String: Any])?["results"] as? [[String: Any]]
        ).map { "\($0["state_at"] ?? "") \($0["next_change"] ?? "")" }
        #expect(
            states == [
                "2026-10-24T02:00:00+02:00 2026-10-27T01:00:00+01:00", "2026-10-24T05:30:00+05:30 <null>",
                "2026-10-23T20:00:00-04:00 2026-10-26T20:00:00-04:00", "2026-10-24T02:00:00+02:00 2026-10-27T01:00:00+01:00",
            ])
    }

    @Test func anEmptyAnswer() throws {
        let answer = ToiletAnswer(near: Coordinate(latitude: -33.8688, longitude: 151.2093), stateAt: nil, results: [])
        #expect(
            String(decoding: ToiletAnswerJSON.encode(answer), as: UTF8.self)
                == #"{"by":null,"near":{"lat":-33.8688,"lon":151.2093},"next_offset":null,"notes":[],"offset":0,"results":[],"schema":"toilet-answer/1","state_at":null}"#
                + "\n")
    }

    static func answer(full: Bool) -> ToiletAnswer {
        var details = ToiletDetails()
        if full {
            details.access = .customers
            // A value for every attribute of the field table: the fast writer and the
            // `Encodable` form must agree on each.
            for a in ToiletAttribute.ordered {
                switch a.kind {
                case .triState: details[a] = .flag(a.ordinal % 2 == 0)
                case .choice(let words), .list(let words): details[a] = .text(words[a.ordinal % words.count])
                case .text: details[a] = .text("\(a.key) \"Praha\" \\ a/s č.")
                }
            }
        }
        func toilet(_ id: Int64, _ lat: Double, _ lon: Double) -> StoredToilet {
            StoredToilet(
                rowID: id, dataset: full ? "prague/2019" : "d", sourceID: "g\(id)", name: full ? "Toaleta č. \(id)\t🚻" : nil,
                address: full ? "Ulice 149,\nPraha 16" : nil, hoursText: full ? "po-ne 9:00-21:00" : nil,
                hoursOSM: full ? "Mo-Su 09:00-21:00" : nil, hoursStatus: full ? .exact : .missing, country: full ? "CZ" : nil,
                priceText: full ? "10 Kč" : nil, priceAmount: full ? 10 : nil, priceCurrency: full ? "CZK" : nil,
                isFree: full ? false : nil, wheelchair: full ? .yes : .unknown, kind: full ? "flush" : nil,
                locationDetail: full ? "u vchodu" : nil, timeZone: full ? "Europe/Prague" : "UTC",
                coordinate: Coordinate(latitude: lat, longitude: lon), details: details)
        }
        var results = [
            ToiletResult(toilet(1, 50.08005354999, 14.42004561), distanceMeters: 6.849999, bearingDegrees: 28.75),
            ToiletResult(toilet(2, -0.00000004, -179.9999999), distanceMeters: 12_345_678.96, bearingDegrees: -0.04),
        ]
        let at = Date(timeIntervalSince1970: 1_792_800_000.25)  // 2026-10-23, summer time in Prague
        if full {
            results[0].state = .open
            results[0].stateAt = at
            results[0].nextChangeAt = at.addingTimeInterval(86_400 * 3)  // after the clock change
            results[0].arrivalAt = at.addingTimeInterval(90)
            results[0].sources.append(ToiletSource(toilet(3, 50.08, 14.42)))
            results[1].state = .unknown
            results[1].stateAt = at
        }
        return ToiletAnswer(
            near: Coordinate(latitude: 50.08, longitude: 14.42), stateAt: full ? at : nil, results: results)
    }
}
