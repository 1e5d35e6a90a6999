import Files
import Foundation
import Geo
import LocateTestSupport
import Places
import Storage
import Testing

@testable import Export

/// Issue 10, item 8: every text format the exporter writes survives any stored text.
@Suite struct TextEscapingTests {
    static let hostile = [
        "tab\there", "line\nbreak", "back\\slash", "cr\rhere", "quote\"s", "\u{1}\u{1f}\u{7f}", "sep\u{2028}\u{2029}",
        "</script><img src=x onerror=alert(1)>", "plain",
    ]

    /// A store holding one toilet per hostile text, used as its id and its name (written
    /// below the ingest, which is free to reject such ids: exports must still be safe).
    func hostileStore() throws -> (LocateStore, URL) {
        let dir = try Fixtures.temporaryFolder()
        let store = try LocateStore(path: dir.appendingPathComponent("h.sqlite").path)
        let start = IngestRunStart(
            pipeline: "hostile", dataset: "hostile", source: "test", licence: nil, attribution: nil,
            startedAt: Date(timeIntervalSince1970: 1_795_000_000))
        _ = try store.ingest(.toilets, start: start, clock: { Date(timeIntervalSince1970: 1_795_000_001) }) { stager in
            for (i, text) in TextEscapingTests.hostile.enumerated() {
                let r = ToiletRecord(
                    sourceID: text, name: text, address: nil, hoursText: text, hoursOSM: nil, hoursStatus: .missing,
                    country: "CZ", priceText: nil, priceAmount: Double.infinity, priceCurrency: nil, isFree: nil,
                    wheelchair: .unknown, kind: nil, locationDetail: nil, timeZone: "Europe/Prague", propertiesJSON: "{}",
                    propertiesFingerprint: "f\(i)", coordinate: Coordinate(latitude: 50.08 + Double(i) / 1000, longitude: 14.42))
                let duplicate = try stager.stage(r, index: i, matchKey: nil)
                #expect(duplicate == nil)
            }
            return StagingTotals(
                read: TextEscapingTests.hostile.count, rejected: 0, warnings: 0, sourceCRS: CRS.wgs84, operation: nil,
                sourceSHA256: String(repeating: "0", count: 64))
        }
        return (store, dir)
    }

    @Test func geojsonStringsReadBackExactly() throws {
        let (store, dir) = try hostileStore()
        let out = dir.appendingPathComponent("h.geojson").path
        let s = try GeoJSONExporter(store: store).write(dataset: "toilets", to: out, at: nil)
        #expect(s.count == TextEscapingTests.hostile.count)
        let features = try #require(try jsonObject(out)["features"] as? [[String: Any]])
        let names = features.compactMap { ($0["properties"] as? [String: Any])?["name"] as? String }
        #expect(names.sorted() == TextEscapingTests.hostile.sorted())
        let ids = features.compactMap { $0["id"] as? String }
        #expect(ids.sorted() == TextEscapingTests.hostile.map { "hostile/" + $0 }.sorted())
        // An infinite number is not JSON: it is written as null.
        #expect(features.allSatisfy { ($0["properties"] as? [String: Any])?["price_amount"] is NSNull })
        // No raw control character, and U+2028/U+2029 escaped (a JavaScript-safe data.js).
        let bytes = try [UInt8](Data(contentsOf: URL(fileURLWithPath: out)))
        #expect(bytes.filter { $0 < 0x20 && $0 != 0x0A }.isEmpty)
        // One line per feature, plus the collection's opening, its end and the final newline.
        #expect(bytes.filter { $0 == 0x0A }.count == TextEscapingTests.hostile.count + 2)
        #expect(String(decoding: bytes, as: UTF8.self).contains("sep\\u2028\\u2029"))
    }

    /// An unchanged re-export reports nothing added or retired, and the changes name the ids exactly.
    @Test func versionsSurviveTabsNewlinesAndBackslashes() throws {
        let (store, dir) = try hostileStore()
        let site = dir.appendingPathComponent("site").path
        _ = try SnapshotWriter(store: store).write(to: site, at: nil)
        let again = try SnapshotWriter(store: store).write(to: site, at: nil)
        #expect(
            again.dataset("toilets")
                == SnapshotSummary.Dataset(
                    name: "toilets", count: TextEscapingTests.hostile.count, added: 0, updated: 0, retired: 0))
        let lines = read(site + "/toilets/versions.tsv").split(separator: "\n", omittingEmptySubsequences: false)
        #expect(lines.count == TextEscapingTests.hostile.count + 1)
        #expect(lines.contains { $0.hasPrefix("hostile/tab\\there\t") })
        #expect(lines.contains { $0.hasPrefix("hostile/back\\\\slash\t") })
        // Against a snapshot that lacked them, every hostile id is listed as added, exactly.
        let versions = site + ".v/2/toilets/versions.tsv"
        try CheckedFile.write(Array("hostile/plain\t0\n".utf8), to: versions)
        let third = try SnapshotWriter(store: store).write(to: site, at: nil)
        #expect(third.dataset("toilets")?.added == TextEscapingTests.hostile.count - 1)
        #expect(third.dataset("toilets")?.updated == 1)
        let added = try #require(try jsonObject(site + "/changes.json")["added"] as? [String])
        #expect(added.sorted() == TextEscapingTests.hostile.filter { $0 != "plain" }.map { "hostile/" + $0 }.sorted())
    }

    /// The preview's data.js is valid JavaScript holding every hostile text exactly (run by node).
    @Test(.enabled(if: Fixtures.haveTool("node"), "node is not installed: data.js check skipped"))
    func previewDataIsValidJavaScript() throws {
        let (store, dir) = try hostileStore()
        let site = dir.appendingPathComponent("site").path
        _ = try SnapshotWriter(store: store).write(to: site, at: nil)
        let script = """
            global.window = {}; eval(require('fs').readFileSync(process.argv[1], 'utf8'));
            process.stdout.write(JSON.stringify(window.LOCATE_DATA.features.map(f => f.properties.name)));
            """
        let r = try Fixtures.run("/usr/bin/env", ["node", "-e", script, site + "/data.js"])
        #expect(r.status == 0, "\(r.stderr)")
        let names = try #require(try JSONSerialization.jsonObject(with: Data(r.stdout.utf8)) as? [String])
        #expect(names.sorted() == TextEscapingTests.hostile.sorted())
    }

    static let fields = ["", "a", "a\tb", "a\nb", "a\\b", "a\\tb", "\\", "\0x", "\r\n", "é\t\u{2028}", "\\\\n"]

    @Test(arguments: fields)
    func aVersionsFieldRoundTrips(field: String) {
        let escaped = VersionsFile.escaped(field)
        #expect(!escaped.utf8.contains { $0 == 0x09 || $0 == 0x0A || $0 == 0x0D || $0 == 0 })
        #expect(VersionsFile.unescaped(escaped) == field)
        #expect(VersionsFile.read(VersionsFile.text([(field, field + "h")])) == [field: field + "h"])
    }

    @Test func escapingIsAsDocumented() {
        #expect(VersionsFile.escaped("a\tb\nc\\d\re\0f") == "a\\tb\\nc\\\\d\\re\\0f")
    }
}
