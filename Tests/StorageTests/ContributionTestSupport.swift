import Contributions
import Foundation
import GRDB
import Geo
import Hours
import LocateTestSupport
import Places
import Storage

/// 2026-11-22T10:00:00Z and later instants of the contribution tests.
let reviewDay = Date(timeIntervalSince1970: 1_795_341_600)

/// A toilet record of the test dataset.
func testToilet(
    _ id: String, name: String?, hours: String? = "Mo-Su 08:00-20:00", lat: Double = 50.08, lon: Double = 14.42
) -> ToiletRecord {
    ToiletRecord(
        sourceID: id, name: name, address: nil, hoursText: hours, hoursOSM: hours,
        hoursStatus: hours == nil ? .missing : .exact,
        country: "CZ", priceText: nil, priceAmount: nil, priceCurrency: nil, isFree: nil, wheelchair: .unknown, kind: nil,
        locationDetail: nil, timeZone: "Europe/Prague", propertiesJSON: "{\"id\":\"\(id)\"}", propertiesFingerprint: id,
        coordinate: Coordinate(latitude: lat, longitude: lon))
}

/// Ingests `records` as dataset `city` (one run; `minutes` after `reviewDay`).
@discardableResult
func ingestToilets(_ records: [ToiletRecord], into store: LocateStore, minutes: Double = 0) throws -> IngestRunRecord {
    let at = reviewDay.addingTimeInterval(minutes * 60)
    let start = IngestRunStart(
        pipeline: "test", dataset: "city", source: "test.geojson", licence: "CC-BY-4.0", attribution: "City", startedAt: at)
    return try store.ingest(.toilets, start: start, clock: { at }) { stager in
        for (i, r) in records.enumerated() { _ = try stager.stage(r, index: i, matchKey: nil) }
        return StagingTotals(
            read: records.count, rejected: 0, warnings: 0, sourceCRS: .wgs84, operation: nil,
            sourceSHA256: String(repeating: "a", count: 64))
    }
}

/// A new store holding three toilets of dataset `city`: t1 "Náměstí", t2 "Park", t3 "Nádraží".
func storeWithToilets() throws -> LocateStore {
    let store = try LocateStore(path: Fixtures.temporaryFolder().appendingPathComponent("c.sqlite").path)
    try ingestToilets(threeToilets, into: store)
    return store
}

let threeToilets = [
    testToilet("t1", name: "Náměstí", lat: 50.0800, lon: 14.4200),
    testToilet("t2", name: "Park", lat: 50.0900, lon: 14.4300),
    testToilet("t3", name: "Nádraží", lat: 50.1000, lon: 14.4400),
]

let city1 = PlaceTarget(dataset: "city", sourceID: "t1")
let city2 = PlaceTarget(dataset: "city", sourceID: "t2")

/// The stored name of a toilet.
func storedName(_ store: LocateStore, _ id: String) throws -> String? {
    try store.testRows(sql: "SELECT name FROM toilets WHERE source_id = ?", arguments: [id]).first?["name"]
}

/// The stored status of a toilet.
func storedStatus(_ store: LocateStore, _ id: String) throws -> String? {
    try store.testRows(sql: "SELECT status FROM toilets WHERE source_id = ?", arguments: [id]).first?["status"]
}
