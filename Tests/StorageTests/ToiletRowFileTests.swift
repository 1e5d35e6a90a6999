import Foundation
import GRDB
import Geo
import Hours
import LocateTestSupport
import Places
import SpatialIndex
import SyntheticData
import Testing

@testable import Storage

/// The row file (`ToiletRowFile`): every field round-trips exactly, it is trusted only for
/// the state it was built from (the data nonce), and a damaged one is never trusted and
/// never crashes.
@Suite struct ToiletRowFileTests {
    /// A store in a new folder with toilets `ids` of `dataset` ingested.
    func store(_ ids: [String], dataset: String = "d") throws -> LocateStore {
        let dir = try Fixtures.temporaryFolder()
        let store = try LocateStore(path: dir.appendingPathComponent("r.sqlite").path)
        try PendingNearestIndexTests().ingest(ids, dataset: dataset, into: store)
        return store
    }

    /// A random string: empty, ASCII, or with diacritics, other scripts and emoji.
    static func text(_ rng: inout SeededRandom) -> String {
        let pieces = ["", "a", "Žluťoučký kůň", "čšřžýáíé", "Ďáblice", "Ωμέγα", "東京", "🚻", "\u{0301}", " ", "\"", "\\", "\0"]
        return (0..<Int.random(in: 0...4, using: &rng)).map { _ in pieces.randomElement(using: &rng) ?? "" }.joined()
    }

    static func maybe<T>(_ value: T, _ rng: inout SeededRandom) -> T? { Bool.random(using: &rng) ? value : nil }

    @Test func randomRecordsRoundTripExactly() throws {
        var rng = SeededRandom(seed: 61)
        for i in 0..<2000 {
            // Every attribute of the field table, each unknown or a value of its kind.
            var details = ToiletDetails(access: ToiletAccess.allCases.randomElement(using: &rng) ?? .unknown)
            for a in ToiletAttribute.ordered {
                switch a.kind {
                case .triState: details[a] = Self.maybe(.flag(Bool.random(using: &rng)), &rng)
                case .choice, .list, .text: details[a] = Self.maybe(.text(Self.text(&rng)), &rng)
                }
            }
            let statuses: [HoursStatus] = [.exact, .interpreted, .unknown, .missing]
            let t = StoredToilet(
                rowID: Int64(i) * 7 - 3, dataset: Self.text(&rng), sourceID: Self.text(&rng),
                name: Self.maybe(Self.text(&rng), &rng), address: Self.maybe(Self.text(&rng), &rng),
                hoursText: Self.maybe(Self.text(&rng), &rng), hoursOSM: Self.maybe(Self.text(&rng), &rng),
                hoursStatus: statuses.randomElement(using: &rng) ?? .missing, country: Self.maybe("CZ", &rng),
                priceText: Self.maybe(Self.text(&rng), &rng),
                priceAmount: Self.maybe([0, -0.0, 0.1, 1e300, .infinity].randomElement(using: &rng) ?? 0, &rng),
                priceCurrency: Self.maybe(Self.text(&rng), &rng), isFree: Self.maybe(Bool.random(using: &rng), &rng),
                wheelchair: WheelchairAccess.allCases.randomElement(using: &rng) ?? .unknown,
                kind: Self.maybe(Self.text(&rng), &rng), locationDetail: Self.maybe(Self.text(&rng), &rng),
                timeZone: Self.text(&rng),
                coordinate: Coordinate(
                    latitude: .random(in: -90...90, using: &rng), longitude: .random(in: -180...180, using: &rng)),
                details: details)
            var bytes: [UInt8] = []
            ToiletRowCoding.encode(t, into: &bytes)
            let back = try bytes.withUnsafeBytes { raw in
                var r = ToiletRowCoding.Reader(start: try #require(raw.baseAddress), count: raw.count)
                let decoded = try ToiletRowCoding.decode(&r, rowID: t.rowID)
                #expect(r.atEnd)
                return decoded
            }
            #expect(back == t)
            #expect(back.priceAmount?.sign == t.priceAmount?.sign)
            // Every shorter prefix of the record is refused, never read past.
            if i < 50 {
                for cut in stride(from: 0, to: bytes.count, by: 3) {
                    bytes.withUnsafeBytes { raw in
                        guard let base = raw.baseAddress else { return }
                        var r = ToiletRowCoding.Reader(start: base, count: cut)
                        #expect(throws: ToiletRowCoding.Damage.self) { try ToiletRowCoding.decode(&r, rowID: 1) }
                    }
                }
            }
        }
    }

    @Test func fileHoldsEveryActiveToiletAndItsStampAndExtent() throws {
        let s = try store(["a", "b", "c", "d", "e"], dataset: "zz")
        let file = try #require(try ToiletRowFile.make(for: s))
        var all: [StoredToilet] = []
        try s.forEachActiveToilet(orderedBy: .id) { all.append($0) }
        #expect(file.rowCount == 5)
        for t in all {
            let back = try file.toilet(t.rowID)
            #expect(back == t)
        }
        #expect(try file.toilet(999) == nil)
        // Positions outside the rows are nil, never read past the arrays.
        #expect(try file.toilet(at: 4) == all.last)
        for i in [-1, 5, 6, Int.max] { #expect(try file.toilet(at: i) == nil) }
        #expect(file.datasets == ["zz"])
        #expect(file.extent == (try s.activeExtent(.toilets)).box)
        #expect(file.indexStamp == (try s.stamp(.toilets)))
        #expect(file.indexStamp == "toilets/\(file.nonce)")
        #expect(file.nonce == (try s.dataNonce()))
        #expect(FileManager.default.fileExists(atPath: s.path + ".toilets.kdt"))
        #expect(ToiletRowFile(currentFor: s.path, nonce: file.nonce) != nil)
    }

    @Test func everyWriteRenewsTheNonceAndWritesTheFileOfTheNewState() throws {
        let s = try store(["a", "b"])
        let before = try #require(DataNonce.current(path: s.path))
        #expect(before == (try s.dataNonce()))
        // The ingest wrote it: no reader has to.
        let file = try #require(ToiletRowFile(currentFor: s.path, nonce: before))
        #expect(file.rowCount == 2)
        try PendingNearestIndexTests().ingest(["a", "b", "c"], dataset: "d", into: s)
        let after = try #require(DataNonce.current(path: s.path))
        #expect(after != before)
        let written = try #require(ToiletRowFile(currentFor: s.path, nonce: after))
        #expect(written.rowCount == 3)
        #expect(written.indexStamp == "toilets/\(after)")
        #expect(NearestIndex.existing(database: s.path, stamp: written.indexStamp)?.count == 3)
    }

    @Test func oneFileHoldsTheIndexAndTheRowsAndTheRowsFileOfAnOlderLocateGoes() throws {
        let s = try store(["a", "b"])
        let legacy = s.path + ".toilets.rows"
        for path in [legacy, legacy + ".failed"] { try Data([1, 2, 3]).write(to: URL(fileURLWithPath: path)) }
        try PendingNearestIndexTests().ingest(["a", "b", "c"], dataset: "d", into: s)
        for path in [legacy, legacy + ".failed"] { #expect(!FileManager.default.fileExists(atPath: path), "\(path)") }
        let file = try #require(ToiletRowFile(currentFor: s.path, nonce: try s.dataNonce()))
        #expect(file.path == s.path + ".toilets.kdt")
        #expect(file.index?.count == 3)
        #expect(ToiletRowFile.path(forFile: s.path) == NearestIndex.path(for: s, kind: .toilets))
    }

    /// Review finding: an index that checks out with a rows section that does not (a layout
    /// of another locate, a damaged section header) was used without rows, and never rebuilt.
    @Test func anIndexWithABadRowsSectionIsRebuiltByTheNextOpen() throws {
        let s = try store(["a", "b", "c"])
        let path = s.path + ".toilets.kdt"
        var bytes = try [UInt8](Data(contentsOf: URL(fileURLWithPath: path)))
        let r = Int(bytes.withUnsafeBytes { $0.loadUnaligned(fromByteOffset: 64, as: Int64.self) })
        bytes[r + 112] ^= 0x40  // the rows section's header check
        try Data(bytes).write(to: URL(fileURLWithPath: path))
        let nonce = try s.dataNonce()
        #expect(ToiletRowFile(currentFor: s.path, nonce: nonce) == nil)
        let index = try NearestIndex.open(for: try LocateStore(readingAt: s.path))
        #expect(index.count == 3)
        #expect(index.rows?.rowCount == 3)
        #expect(ToiletRowFile(currentFor: s.path, nonce: nonce)?.rowCount == 3)
    }

    /// Review finding: when the file cannot be written for this state (here: a write failed
    /// before), the index alone is built in memory; the rows come from SQLite, not from a
    /// whole file built in memory on every open.
    @Test func whenTheFileCannotBeWrittenOnlyTheIndexIsBuiltInMemory() throws {
        let s = try store(["a", "b", "c"])
        let path = s.path + ".toilets.kdt"
        unlink(path)
        try Data(String(try s.dataNonce()).utf8).write(to: URL(fileURLWithPath: ToiletRowFile.failureMarker(of: path)))
        let index = try NearestIndex.open(for: try LocateStore(readingAt: s.path))
        #expect(index.count == 3)
        #expect(index.rows == nil)
        #expect(!FileManager.default.fileExists(atPath: path))
    }

    @Test func aFileOfAnotherDatabaseOrADatabaseCopiedOverIsNotTrusted() throws {
        let one = try store(["a", "b"])
        let other = try store(["x", "y", "z"])
        _ = try ToiletRowFile.make(for: one)
        _ = try ToiletRowFile.make(for: other)
        let nonce = try #require(DataNonce.current(path: one.path))
        // The other database's row file renamed in beside the first.
        try FileManager.default.removeItem(atPath: one.path + ".toilets.kdt")
        try FileManager.default.copyItem(atPath: other.path + ".toilets.kdt", toPath: one.path + ".toilets.kdt")
        #expect(ToiletRowFile(currentFor: one.path, nonce: nonce) == nil)
        // The other database copied over the first one, beside the first one's own row file:
        // the copy's nonce is the other's, so the file is not trusted for it.
        try FileManager.default.removeItem(atPath: one.path + ".toilets.kdt")
        let own = try #require(try ToiletRowFile.make(for: one))
        #expect(own.nonce == nonce)
        #expect(own.rowCount == 2)
        try one.close()
        try other.close()
        for suffix in ["-wal", "-shm"] { unlink(one.path + suffix) }
        try FileManager.default.removeItem(atPath: one.path)
        try FileManager.default.copyItem(atPath: other.path, toPath: one.path)
        let copied = try #require(DataNonce.current(path: one.path))
        #expect(copied != nonce)
        #expect(ToiletRowFile(currentFor: one.path, nonce: copied) == nil)
        #expect(try ToiletRowFile.make(for: try LocateStore(readingAt: one.path))?.rowCount == 3)
    }

    @Test func damagedFilesAreRefusedOrThrowNeverCrash() throws {
        let s = try store(["a", "b", "c"])
        let file = try #require(try ToiletRowFile.make(for: s))
        let path = s.path + ".toilets.kdt"
        let good = try [UInt8](Data(contentsOf: URL(fileURLWithPath: path)))
        func with(_ bytes: [UInt8], _ check: () throws -> Void) throws {
            try Data(bytes).write(to: URL(fileURLWithPath: path))
            try check()
        }
        // The rows section's place in the file (after the nearest index).
        let r = Int(good.withUnsafeBytes { $0.loadUnaligned(fromByteOffset: 64, as: Int64.self) })
        #expect(r > NearestIndex.headerSize)
        // Truncated anywhere: refused.
        for cut in [0, 7, 64, 79, r, r + 127, r + 128, good.count / 2, good.count - 1] {
            try with(Array(good.prefix(cut))) { #expect(ToiletRowFile(currentFor: s.path, nonce: file.nonce) == nil) }
        }
        // A longer file, a changed header byte (counts, nonce, stamp): refused.
        try with(good + [0]) { #expect(ToiletRowFile(currentFor: s.path, nonce: file.nonce) == nil) }
        // A changed byte of the index's header (counts, stamp, the section's place) too.
        for at in [8, 20, 64, 72] + [8, 16, 20, 24, 40, 80, 104, 112].map({ r + $0 }) {
            var bad = good
            bad[at] ^= 0x40
            try with(bad) { #expect(ToiletRowFile(currentFor: s.path, nonce: file.nonce) == nil) }
        }
        // A damaged record (its first string's length): the read throws, naming the file.
        let n = 3
        let dataStart = r + ToiletRowFile.headerSize + 16 * n + 8
        var bad = good
        bad[dataStart + 3] = 0x7f
        try with(bad) {
            let opened = try #require(ToiletRowFile(currentFor: s.path, nonce: file.nonce))
            let id = try #require(try s.toilets(rowIDs: [1, 2, 3]).first?.rowID)
            #expect(throws: StorageError.badFile(path: path, reason: "the record of row id \(id) is damaged")) {
                try opened.toilet(id)
            }
        }
    }

    @Test func readersOfAnOlderStateDoNotReplaceTheNewerFile() throws {
        let s = try store(["a", "b"])
        let old = try LocateStore(readingAt: s.path)
        try PendingNearestIndexTests().ingest(["a", "b", "c"], dataset: "d", into: s)
        let newer = try #require(try ToiletRowFile.make(for: s))
        // The older reader gets its rows (in memory) and leaves the newer state's file in place.
        let mine = try #require(try ToiletRowFile.make(for: old))
        #expect(mine.rowCount == 2)
        #expect(ToiletRowFile(currentFor: s.path, nonce: newer.nonce)?.rowCount == 3)
    }

    @Test func deadTemporariesOfKilledBuildsAreRemoved() throws {
        let s = try store(["a"])
        let dead = s.path + ".toilets.kdt.tmp-999999"
        #expect(FileManager.default.createFile(atPath: dead, contents: Data([1, 2, 3])))
        // By the next write's build.
        try PendingNearestIndexTests().ingest(["a", "b"], dataset: "d", into: s)
        #expect(!FileManager.default.fileExists(atPath: dead))
        // And by a reader's build (the file gone).
        #expect(FileManager.default.createFile(atPath: dead, contents: Data([1, 2, 3])))
        unlink(s.path + ".toilets.kdt")
        _ = try ToiletRowFile.make(for: s)
        #expect(!FileManager.default.fileExists(atPath: dead))
    }

    @Test func temporariesAreUniqueAndALinkPlantedUnderTheirNameIsNeverFollowed() throws {
        let s = try store(["a", "b"])
        let path = s.path + ".toilets.kdt"
        let (a, fa) = try #require(ToiletRowFile.createTemporary(for: path))
        let (b, fb) = try #require(ToiletRowFile.createTemporary(for: path))
        #expect(a != b)
        #expect(a.hasPrefix(path + ".tmp-\(getpid())-"))
        close(fa)
        close(fb)
        unlink(a)
        unlink(b)
        // Links to a file of someone else's under the next names this process would use.
        let victim = try Fixtures.write("keep", name: "victim.txt")
        let next = ToiletRowFile.made.peek
        let links = (next..<next + 16).map { path + ".tmp-\(getpid())-\($0)" }
        for link in links { #expect(symlink(victim, link) == 0) }
        unlink(path)  // the ingest's file: a reader builds one
        let file = try #require(try ToiletRowFile.make(for: s))
        #expect(file.rowCount == 2)
        #expect(try String(contentsOfFile: victim, encoding: .utf8) == "keep")
        #expect(ToiletRowFile(currentFor: s.path, nonce: file.nonce)?.rowCount == 2)
        // Our own process's temporaries are not removed as dead ones (another thread's may be in use).
        for link in links {
            #expect(
                FileManager.default.fileExists(atPath: link)
                    || (try? FileManager.default.destinationOfSymbolicLink(atPath: link)) != nil)
        }
        #expect(ToiletRowFile.made.peek > next + 16)
    }

    @Test func theFileStreamedToDiskEqualsTheOneBuiltInMemory() throws {
        let s = try store(["a", "b", "c", "d"], dataset: "zz")
        let file = try #require(try ToiletRowFile.make(for: s))
        var bytes: [UInt8] = []
        try s.read { db in
            try ToiletRowFile.serializeFile(db, nonce: file.nonce, stamp: file.indexStamp) { at, piece in
                if bytes.count < at + piece.count { bytes += repeatElement(0, count: at + piece.count - bytes.count) }
                bytes.replaceSubrange(at..<at + piece.count, with: piece)
            }
        }
        #expect(bytes == (try [UInt8](Data(contentsOf: URL(fileURLWithPath: file.path)))))
    }

    @Test func aFailedWriteIsNotTriedAgainUntilTheDataChanges() throws {
        let s = try store(["a", "b"])
        let path = s.path + ".toilets.kdt"
        // Every name a temporary could take is in use: the write fails.
        let next = ToiletRowFile.made.peek
        let taken = (next..<next + 256).map { path + ".tmp-\(getpid())-\($0)" }
        for name in taken { #expect(FileManager.default.createFile(atPath: name, contents: nil)) }
        unlink(path)  // the ingest's file gone (deleted by hand)
        try ToiletRowFile.save(for: s)
        let nonce = try s.dataNonce()
        #expect(!FileManager.default.fileExists(atPath: path))
        #expect(try String(contentsOfFile: path + ".failed", encoding: .utf8) == String(nonce))
        // Not tried again for this state, even with room now; a query still gets its rows.
        for name in taken { unlink(name) }
        try ToiletRowFile.save(for: s)
        #expect(!FileManager.default.fileExists(atPath: path))
        #expect(try ToiletRowFile.make(for: s)?.rowCount == 2)
        #expect(!FileManager.default.fileExists(atPath: path))
        // A write to the database writes the file of its state, and the marker goes.
        try PendingNearestIndexTests().ingest(["a", "b", "c"], dataset: "d", into: s)
        #expect(ToiletRowFile(currentFor: s.path, nonce: try s.dataNonce())?.rowCount == 3)
        #expect(!FileManager.default.fileExists(atPath: path + ".failed"))
    }
}

/// The rows section is encoded straight from SQLite's columns (`ToiletRowColumns`): the same
/// bytes as through `StoredToilet`, also for values an edit outside locate may store.
@Suite struct ToiletRowColumnsTests {
    @Test(.enabled(if: Fixtures.haveTool("sqlite3"), "sqlite3 CLI is not installed"))
    func columnsEncodeAsTheStoredToiletDoes() throws {
        let s = try ToiletRowFileTests().store(["a", "b", "c", "d"], dataset: "")
        // Odd values stored outside locate: an unknown hours status and access, an attribute
        // of another type than its kind, text in a yes/no attribute, a number as a name.
        let tri = try #require(ToiletAttribute.ordered.first { $0.kind == .triState })
        let word = try #require(ToiletAttribute.ordered.first { $0.kind != .triState })
        let script = """
            PRAGMA ignore_check_constraints = ON;
            UPDATE toilets SET hours_status = 'soon', access = 'maybe' WHERE source_id = 'a';
            UPDATE toilets SET \(tri.key) = 'yes', \(word.key) = 7 WHERE source_id = 'b';
            UPDATE toilets SET \(tri.key) = 5, \(word.key) = 'x' WHERE source_id = 'c';
            UPDATE toilets SET price_amount = 2, is_free = 0 WHERE source_id = 'd';
            """
        let r = try Fixtures.run("/usr/bin/env", ["sqlite3", "-batch", s.path], stdin: script)
        try #require(r.status == 0, "sqlite3: \(r.stderr)")
        let reader = try LocateStore(readingAt: s.path)
        try reader.read { db in
            let statement = try db.makeStatement(
                sql: "SELECT \(ToiletRow.selection) FROM toilets WHERE \(PlaceStatus.isActive()) ORDER BY id")
            let rows = try Row.fetchCursor(statement)
            let columns = ToiletRowColumns(statement)
            var n = 0
            while let row = try rows.next() {
                var direct: [UInt8] = []
                columns.encode(into: &direct)
                var through: [UInt8] = []
                ToiletRowCoding.encode(ToiletRow.streamed(row), into: &through)
                #expect(direct == through, "row \(columns.rowID)")
                n += 1
            }
            #expect(n == 4)
        }
    }
}
