import Contract
import Foundation
import Geo
import Hours
import LocateTestSupport
import Places
import Storage
import Testing

/// The store's domain reads (the only way above Storage to reach the data), on a store
/// filled through its own ingest entry point with hand-made records.
@Suite struct StoreReadTests {
    static let start = IngestRunStart(
        pipeline: "p", dataset: "d", source: "s.geojson", licence: "CC0", attribution: "us",
        startedAt: Date(timeIntervalSince1970: 1_795_000_000))

    static func toilet(_ id: String, lat: Double, lon: Double, free: Bool?, wheelchair: WheelchairAccess) -> ToiletRecord {
        ToiletRecord(
            sourceID: id, name: "n-\(id)", address: nil, hoursText: "24/7", hoursOSM: "24/7", hoursStatus: .exact,
            country: "CZ", priceText: nil, priceAmount: free == false ? 10 : nil, priceCurrency: free == false ? "CZK" : nil,
            isFree: free, wheelchair: wheelchair, kind: "WC", locationDetail: nil, timeZone: "Europe/Prague",
            propertiesJSON: "{}", propertiesFingerprint: id, coordinate: Coordinate(latitude: lat, longitude: lon))
    }

    static let records = [
        toilet("b", lat: 50.1, lon: 14.5, free: true, wheelchair: .yes),
        toilet("a", lat: 50.0, lon: 14.4, free: false, wheelchair: .no),
        toilet("c", lat: 50.2, lon: 14.3, free: nil, wheelchair: .limited),
    ]

    func filledStore(_ records: [ToiletRecord] = records, finishedAt: Double = 1_795_000_060) throws -> LocateStore {
        let store = try LocateStore(path: Fixtures.temporaryFolder().appendingPathComponent("t.sqlite").path)
        try ingest(records, into: store, finishedAt: finishedAt)
        return store
    }

    func ingest(_ records: [ToiletRecord], into store: LocateStore, finishedAt: Double) throws {
        _ = try store.ingest(.toilets, start: Self.start, clock: { Date(timeIntervalSince1970: finishedAt) }) { stager in
            for (i, r) in records.enumerated() {
                let earlier = try stager.stage(r, index: i, matchKey: nil)
                #expect(earlier == nil)
            }
            return StagingTotals(
                read: records.count, rejected: 0, warnings: 0, sourceCRS: .wgs84, operation: nil,
                sourceSHA256: String(repeating: "a", count: 64))
        }
    }

    @Test func toiletsByRowIDKeepTheIDsOrderAndEveryField() throws {
        let store = try filledStore()
        let got = try store.toilets(rowIDs: [3, 1, 99, 2])
        #expect(got.map(\.sourceID) == ["c", "b", "a"])
        #expect(
            got.first
                == StoredToilet(
                    rowID: 3, dataset: "d", sourceID: "c", name: "n-c", address: nil, hoursText: "24/7", hoursOSM: "24/7",
                    hoursStatus: .exact, country: "CZ", priceText: nil, priceAmount: nil, priceCurrency: nil, isFree: nil,
                    wheelchair: .limited, kind: "WC", locationDetail: nil, timeZone: "Europe/Prague",
                    coordinate: Coordinate(latitude: 50.2, longitude: 14.3)))
        #expect(got.map(\.globalID) == ["d/c", "d/b", "d/a"])
        #expect(got.map(\.isFree) == [nil, true, false])
        #expect(got.map(\.priceAmount) == [nil, nil, 10])
    }

    @Test(arguments: [
        (ToiletOrder.id, ["a", "b", "c"]),
        // Rows first (by latitude), then columns (by longitude), then ids.
        (ToiletOrder.gridCell(degrees: 0.05), ["a", "b", "c"]),
        (ToiletOrder.gridCell(degrees: 0.15), ["a", "c", "b"]),
        (ToiletOrder.gridCell(degrees: 10), ["a", "b", "c"]),
    ])
    func activeToiletsStreamInOrder(order: ToiletOrder, ids: [String]) throws {
        let store = try filledStore()
        var seen: [String] = []
        try store.forEachActiveToilet(orderedBy: order) { seen.append($0.sourceID) }
        #expect(seen == ids)
        var rows: [StoredToilet] = []
        try store.forEachActiveToilet(orderedBy: .id) { rows.append($0) }
        #expect(rows == (try store.toilets(rowIDs: [2, 1, 3])))
    }

    @Test func retiredToiletsAreNotActive() throws {
        let store = try filledStore()
        try ingest(Array(Self.records.prefix(2)), into: store, finishedAt: 1_795_000_120)
        var seen: [String] = []
        try store.forEachActiveToilet(orderedBy: .id) { seen.append($0.sourceID) }
        #expect(seen == ["a", "b"])
        #expect(
            try store.activeExtent(.toilets)
                == ActiveExtent(
                    count: 2, box: BoundingBox(minLongitude: 14.4, minLatitude: 50.0, maxLongitude: 14.5, maxLatitude: 50.1)))
        #expect(try store.activeExtent(.stations) == ActiveExtent(count: 0, box: nil))
    }

    @Test func runsAndProvenanceReads() throws {
        let store = try filledStore()
        try ingest(Self.records, into: store, finishedAt: 1_795_000_300)
        let runs = try store.runs()
        #expect(runs.map(\.id) == [1, 2])
        #expect(runs.map(\.finishedAt) == ["2026-11-18T11:07:40Z", "2026-11-18T11:11:40Z"])
        #expect(runs.map(\.startedAt) == ["2026-11-18T11:06:40Z", "2026-11-18T11:06:40Z"])
        #expect(
            runs.map(\.counts) == [
                MergeCounts(added: 3, updated: 0, unchanged: 0, retired: 0),
                MergeCounts(added: 0, updated: 0, unchanged: 3, retired: 0),
            ])
        #expect(runs.map(\.sourceCRS) == ["EPSG:4326", "EPSG:4326"])
        #expect(runs.map(\.read) == [3, 3])
        #expect(try store.newestRuns(ofDatasetsWithActive: .toilets).map(\.id) == [2])
        #expect(try store.newestRuns(ofDatasetsWithActive: .stations).isEmpty)
        #expect(try store.newestFinish() == "2026-11-18T11:11:40Z")
        #expect(try store.generation() == 2)
        // The newest run of one dataset and kind, as the last of `runs()` that matches.
        #expect(try store.newestRun(dataset: "d", kind: .toilets) == runs.last)
        #expect(try store.newestRun(dataset: "d", kind: .stations) == nil)
        #expect(try store.newestRun(dataset: "other", kind: .toilets) == nil)
    }

    @Test(arguments: [
        ("PM2.5", "PM25", "PM2.5", "pm25"), ("pm25", "PM25", "PM2.5", "pm25"), ("no2", "NO2", "NO2", "no2"),
        ("C6H6", "C6H6", "C6H6", "c6h6"), ("PM1", "PM1", nil, "pm1"),
    ])
    func pollutantCodesFold(code: String, folded: String, canonical: String?, key: String) {
        #expect(PollutantCode.fold(code) == folded)
        #expect(PollutantCode.canonical(code) == canonical)
        #expect(PollutantCode.keySuffix(code) == key)
        #expect(PollutantCode.same(code, folded))
    }

    @Test func pollutantCodesKnowTheSevenIndexCodes() {
        #expect(PollutantCode.known == ["SO2", "NO2", "PM10", "PM2.5", "CO", "C6H6", "O3"])
        #expect(!PollutantCode.same("PM10", "PM2.5"))
    }

    @Test(arguments: [
        (1_795_000_000.0, "UTC", "2026-11-18T11:06:40Z"),
        (1_795_000_000.0, "Europe/Prague", "2026-11-18T12:06:40+01:00"),
        (1_782_000_000.0, "Europe/Warsaw", "2026-06-21T02:00:00+02:00"),
        (1_795_000_000.9, "America/St_Johns", "2026-11-18T07:36:40-03:30"),
        (-1.0, "UTC", "1969-12-31T23:59:59Z"),
    ])
    func instantsAreRFC3339WithOffset(seconds: Double, zone: String, text: String) throws {
        let tz = try #require(TimeZone(identifier: zone))
        let instant = Date(timeIntervalSince1970: seconds)
        #expect((zone == "UTC" ? InstantText.utc(instant) : InstantText.text(instant, in: tz)) == text)
        #expect(InstantText.instant(text) == Date(timeIntervalSince1970: seconds.rounded(.down)))
    }
}
