import Foundation
import GRDB
import Geo
import LocateTestSupport
import Places
import SpatialIndex
import SyntheticData
import Testing

@testable import Storage

/// A first load into an empty table keeps the derived files' inputs from its own inserts
/// (`FirstLoadCapture`: the values they bind): the file it writes must be byte for byte the
/// one a scan of the table builds, and its R*Tree the one a scan packs, for rows of every
/// shape (-0.0 and NaN as SQLite stores them, duplicate ids rejected), and for more records
/// than one 1 MB chunk.
@Suite struct FirstLoadCaptureTests {
    /// `count` toilets with every field random (attributes of every kind, texts with
    /// diacritics, other scripts, emoji and NUL, addresses of up to 1.2 KB).
    static func records(_ count: Int, seed: UInt64) -> [ToiletRecord] {
        var rng = SeededRandom(seed: seed)
        func maybe<T>(_ v: T) -> T? { Bool.random(using: &rng) ? v : nil }
        return (0..<count).map { i in
            var details = ToiletDetails(access: ToiletAccess.allCases.randomElement(using: &rng) ?? .unknown)
            for a in ToiletAttribute.ordered {
                switch a.kind {
                case .triState: details[a] = maybe(.flag(Bool.random(using: &rng)))
                case .choice(let words), .list(let words): details[a] = maybe(.text(words.randomElement(using: &rng) ?? ""))
                case .text: details[a] = maybe(.text("t" + ToiletRowFileTests.text(&rng)))
                }
            }
            let statuses = HoursStatus.allCases
            let properties = "{\"p\":\"" + String(repeating: "ž", count: Int.random(in: 0...50, using: &rng)) + "\"}"
            let long = String(repeating: "Ž", count: Int.random(in: 0...600, using: &rng))
            return ToiletRecord(
                sourceID: "id-\(i)", name: maybe(ToiletRowFileTests.text(&rng)),
                address: maybe(long + ToiletRowFileTests.text(&rng)),
                hoursText: maybe("Po-Pá 8-18"), hoursOSM: maybe("Mo-Fr 08:00-18:00"),
                hoursStatus: statuses.randomElement(using: &rng) ?? .missing, country: maybe("CZ"),
                priceText: maybe("10 Kč"), priceAmount: maybe(Double.random(in: 0...50, using: &rng)),
                priceCurrency: maybe("CZK"), isFree: maybe(Bool.random(using: &rng)),
                wheelchair: WheelchairAccess.allCases.randomElement(using: &rng) ?? .unknown, kind: maybe("WC"),
                locationDetail: maybe(ToiletRowFileTests.text(&rng)), timeZone: "Europe/Prague", propertiesJSON: properties,
                propertiesFingerprint: "f\(i)",
                coordinate: Coordinate(
                    latitude: .random(in: 49.9...50.2, using: &rng), longitude: .random(in: 14.2...14.7, using: &rng)),
                details: details)
        }
    }

    func ingest(_ records: [ToiletRecord], dataset: String, into store: LocateStore) throws {
        try PendingNearestIndexTests.ingest(records, dataset: dataset, into: store)
    }

    /// The R*Tree's shadow tables, row by row.
    func rtree(_ store: LocateStore) throws -> [String] {
        try ["node", "rowid", "parent"].flatMap { t in
            try store.testRows(sql: "SELECT * FROM idx_toilets_geom_\(t) ORDER BY 1").map(\.description)
        }
    }

    /// Records whose reals SQLite does not store as bound: -0.0 (a REAL column keeps a whole
    /// number as an integer: 0.0) and NaN (NULL).
    static let oddReals: [ToiletRecord] = [
        record("minus-zero", lat: -0.0, lon: -0.0, price: -0.0), record("nan-price", lat: 50, lon: 14, price: .nan),
    ]

    static func record(_ id: String, lat: Double, lon: Double, price: Double?) -> ToiletRecord {
        ToiletRecord(
            sourceID: id, name: nil, address: nil, hoursText: nil, hoursOSM: nil, hoursStatus: .missing, country: nil,
            priceText: nil, priceAmount: price, priceCurrency: nil, isFree: nil, wheelchair: .unknown, kind: nil,
            locationDetail: nil, timeZone: "Europe/Prague", propertiesJSON: "{}", propertiesFingerprint: id,
            coordinate: Coordinate(latitude: lat, longitude: lon))
    }

    @Test(arguments: [(3, UInt64(1)), (2500, UInt64(2))])
    func aFirstLoadWritesTheFileAndTreeAScanBuilds(count: Int, seed: UInt64) throws {
        let store = try LocateStore(path: try Fixtures.temporaryFolder().appendingPathComponent("w.sqlite").path)
        let used = FirstLoadCapture.used.peek
        try ingest(Self.records(count, seed: seed) + Self.oddReals, dataset: "d", into: store)
        #expect(FirstLoadCapture.used.peek > used, "the file was written from the capture")
        let (file, rebuilt) = try PendingNearestIndexTests().fileAndRebuild(store)
        #expect(file.count > (count > 1000 ? 1 << 20 : 0), "more than one chunk of records")
        #expect(file == rebuilt)
        let tree = try rtree(store)
        #expect(tree.count > count + 2)
        try store.write { db in try RTreeBulkLoader.rebuild(db, table: "toilets") }
        #expect(try rtree(store) == tree)
        #expect(try store.testRows(sql: "SELECT rtreecheck('idx_toilets_geom')").first?[0] == "ok")
        #expect(try ToiletRowFile.make(for: store)?.datasets == ["d"])
        try store.close()
    }

    /// A duplicate id is rejected by the table's UNIQUE constraint: the capture skips it too.
    @Test func aFirstLoadWithDuplicateIdsKeepsOnlyTheRowsStored() throws {
        let store = try LocateStore(path: try Fixtures.temporaryFolder().appendingPathComponent("w.sqlite").path)
        let records = Self.records(20, seed: 5)
        let start = IngestRunStart(
            pipeline: "p", dataset: "d", source: "s.geojson", licence: nil, attribution: nil,
            startedAt: Date(timeIntervalSince1970: 1_795_000_000))
        _ = try store.ingest(.toilets, start: start, clock: { Date(timeIntervalSince1970: 1_795_000_060) }) { stager in
            var duplicates = 0
            for (i, r) in (records + records.prefix(5)).enumerated() {
                if try stager.stage(r, index: i, matchKey: nil) != nil { duplicates += 1 }
            }
            #expect(duplicates == 5)
            return StagingTotals(
                read: 25, rejected: 5, warnings: 0, sourceCRS: .wgs84, operation: nil,
                sourceSHA256: String(repeating: "a", count: 64))
        }
        let (file, rebuilt) = try PendingNearestIndexTests().fileAndRebuild(store)
        #expect(file == rebuilt)
        #expect(try NearestIndex.open(for: store).count == 20)
        try store.close()
    }

    /// A first load of a dataset into a table that holds another's rows is not a load into an
    /// empty table: its file is built by a scan, and holds both datasets.
    @Test func aFirstLoadBesideAnotherDatasetIndexesBoth() throws {
        let store = try LocateStore(path: try Fixtures.temporaryFolder().appendingPathComponent("w.sqlite").path)
        try ingest(Self.records(40, seed: 3), dataset: "a", into: store)
        try ingest(Self.records(30, seed: 4), dataset: "b", into: store)
        let (file, rebuilt) = try PendingNearestIndexTests().fileAndRebuild(store)
        #expect(file == rebuilt)
        #expect(try NearestIndex.open(for: store).count == 70)
        #expect(try ToiletRowFile.make(for: store)?.datasets == ["a", "b"])
        try store.close()
    }
}
