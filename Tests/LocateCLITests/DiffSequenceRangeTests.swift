import Foundation
import LocateTestSupport
import Places
import Storage
import Testing

/// Replication sequences have a range (0 to 999,999,999,999,999,999, docs/pipelines.md
/// "Order"), and one outside it is refused naming the file and the field, with nothing
/// changed, wherever it comes from (issue 36 item 2): `--sequence 9223372036854775807` was
/// accepted and the next diff died with SIGILL (`c + 1` overflowed), a PBF header could set
/// the same, and a negative header sequence gave a raw SQL CHECK error. A state file is read
/// no further than its 64 KiB limit (issue 36 item 8).
@Suite(
    .enabled(if: Fixtures.haveSharedDatasets, "../shared/datasets is absent: real-data tests skipped"),
    .enabled(if: Fixtures.haveTool("osmium"), "osmium (osmium-tool) is not installed: scripts/setup.sh --test"))
struct DiffSequenceRangeTests {
    static let range = "(a whole number from 0 to 999999999999999999): nothing changed"
    static let valid =
        "<osmChange version=\"0.6\"><create><node id=\"9000000001\" version=\"1\" lat=\"60.17\" lon=\"24.945\">"
        + "<tag k=\"amenity\" v=\"toilets\"/></node></create></osmChange>"

    /// A database with the fixtures' extract read (sequence 100), its pipeline and a folder.
    static func setUp() throws -> (db: String, pipeline: String, work: URL) {
        let dir = try DiffIngestCommandTests.fixtures.get()
        let work = try Fixtures.temporaryFolder()
        let db = work.appendingPathComponent("range.sqlite").path
        let pipeline = try DiffIngestCommandTests.pipeline("base.osm.pbf", in: dir)
        try CLI.ingest([pipeline, "--db", db])
        return (db, pipeline, work)
    }

    static let sequences: [(String, String)] = [
        ("9223372036854775807", "9223372036854775807"), ("1000000000000000000", "1000000000000000000"),
    ]
    // (A negative --sequence is refused by the command line itself: "--sequence must be 0 or more", exit 64.)

    @Test(arguments: sequences)
    func aSequenceOptionOutOfRangeIsRefusedAndTheNextDiffApplies(argument: String, shown: String) throws {
        let (db, pipeline, work) = try Self.setUp()
        let osc = try Fixtures.write(Self.valid, name: "1.osc", in: work)
        let digest = try LocateStore(readingAt: db).contentDigest()
        let option = argument.hasPrefix("--") ? [argument] : ["--sequence", argument]
        let r = try CLI.run(["ingest", pipeline, "--db", db, "--changes", osc] + option)
        #expect(r.status == 1)
        #expect(
            r.stderr == "error: \(osc): --sequence \(shown) is outside the replication sequences locate reads \(Self.range)\n")
        #expect(try LocateStore(readingAt: db).contentDigest() == digest)
        let next = try CLI.run(["ingest", pipeline, "--db", db, "--changes", osc, "--sequence", "101"])
        #expect(next.status == 0, "\(next.stderr)")
        #expect(next.stderr.contains("replication: sequence 101\n"))
    }

    @Test func theLargestSequenceIsReadAndComparedWithoutOverflow() throws {
        let (db, pipeline, work) = try Self.setUp()
        let osc = try Fixtures.write(Self.valid, name: "1.osc", in: work)
        let r = try CLI.run(["ingest", pipeline, "--db", db, "--changes", osc, "--sequence", "999999999999999999"])
        #expect(r.status == 1)
        #expect(
            r.stderr
                == "error: \(osc): diff sequence 999999999999999999 does not follow dataset 'osm-toilets-helsinki' at sequence 100 "
                + "(expected 101; apply the diffs in order, none missing): nothing changed\n")
    }

    static let stateFiles: [(String, String)] = [
        ("sequenceNumber=9223372036854775807\n", "line 1: sequenceNumber 9223372036854775807"),
        ("# a comment\nsequenceNumber=99999999999999999999\n", "line 2: sequenceNumber 99999999999999999999"),
        ("sequenceNumber=-5\n", "line 1: sequenceNumber -5"),
    ]

    @Test(arguments: stateFiles)
    func aStateFileSequenceOutOfRangeIsRefusedNamingTheLine(state: String, field: String) throws {
        let (db, pipeline, work) = try Self.setUp()
        let osc = try Fixtures.write(Self.valid, name: "101.osc", in: work)
        let statePath = try Fixtures.write(state, name: "101.state.txt", in: work)
        let r = try CLI.run(["ingest", pipeline, "--db", db, "--changes", osc])
        #expect(r.status == 1)
        #expect(r.stderr == "error: \(statePath): \(field) is outside the replication sequences locate reads \(Self.range)\n")
        #expect(try LocateStore(readingAt: db).runs().count == 1)
    }

    @Test func aStateFileOver64KiBIsRefusedWithoutReadingItAll() throws {
        let (db, pipeline, work) = try Self.setUp()
        let osc = try Fixtures.write(Self.valid, name: "101.osc", in: work)
        let state = work.appendingPathComponent("101.state.txt").path
        let made = try Fixtures.shell("truncate -s 1G '\(state)'")
        try #require(made.status == 0, "\(made.stderr)")
        let r = try CLI.run(["ingest", pipeline, "--db", db, "--changes", osc])
        #expect(r.status == 1)
        #expect(r.stderr == "error: \(state): cannot read: not a replication state file (unreadable or over 64 KiB)\n")
    }

    /// `pbf` with its header block replaced by one whose replication sequence is `value` (and
    /// timestamp `timestamp`, when given).
    static func withHeaderSequence(_ value: Int64, timestamp: Int64? = nil, from pbf: String, to out: String) throws {
        let bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: pbf)))
        let varint = PBFWriter.varint
        func field(_ number: Int, _ payload: [UInt8]) -> [UInt8] { PBFWriter.field(number, bytes: payload) }
        // The old header blob: its BlobHeader's length, then datasize (field 3) in it.
        let headerLength = Int(bytes[0]) << 24 | Int(bytes[1]) << 16 | Int(bytes[2]) << 8 | Int(bytes[3])
        var i = 4
        var dataSize = 0
        while i < 4 + headerLength {
            let key = bytes[i]
            i += 1
            var v = 0
            var shift = 0
            repeat {
                v |= Int(bytes[i] & 0x7F) << shift
                shift += 7
                i += 1
            } while bytes[i - 1] & 0x80 != 0
            if key & 7 == 2 { i += v } else if key >> 3 == 3 { dataSize = v }
        }
        let rest = bytes[(4 + headerLength + dataSize)...]
        let block =
            field(4, Array("OsmSchema-V0.6".utf8)) + field(4, Array("DenseNodes".utf8)) + varint(33 << 3)
            + varint(UInt64(bitPattern: value)) + (timestamp.map { varint(32 << 3) + varint(UInt64(bitPattern: $0)) } ?? [])
        let blob = field(1, block)
        let blobHeader = field(1, Array("OSMHeader".utf8)) + varint(3 << 3) + varint(UInt64(blob.count))
        let n = blobHeader.count
        let frame = [UInt8(n >> 24 & 0xFF), UInt8(n >> 16 & 0xFF), UInt8(n >> 8 & 0xFF), UInt8(n & 0xFF)]
        try Data(frame + blobHeader + blob + rest).write(to: URL(fileURLWithPath: out))
    }

    @Test(arguments: [Int64.max, -5, 1_000_000_000_000_000_000])
    func aHeaderSequenceOutOfRangeIsRefusedNamingTheField(value: Int64) throws {
        let (db, _, work) = try Self.setUp()
        let dir = try DiffIngestCommandTests.fixtures.get()
        let name = "header\(value).osm.pbf"
        try Self.withHeaderSequence(value, from: dir + "/base.osm.pbf", to: dir + "/" + name)
        let pipeline = try DiffIngestCommandTests.pipeline(name, in: dir)
        let digest = try LocateStore(readingAt: db).contentDigest()
        for target in [db, work.appendingPathComponent("new.sqlite").path] {
            let r = try CLI.run(["ingest", pipeline, "--db", target])
            #expect(r.status == 1)
            #expect(
                r.stderr
                    == "error: \(dir)/\(name): the header's osmosis_replication_sequence_number \(value) is outside the "
                    + "replication sequences locate reads \(Self.range)\n")
        }
        #expect(try LocateStore(readingAt: db).contentDigest() == digest)
        #expect(!FileManager.default.fileExists(atPath: work.appendingPathComponent("new.sqlite").path))
        // In range, the same header is read.
        try Self.withHeaderSequence(4321, from: dir + "/base.osm.pbf", to: dir + "/" + name)
        let r = try CLI.run(["ingest", pipeline, "--db", db])
        #expect(r.status == 0, "\(r.stderr)")
        #expect(r.stderr.contains("replication: sequence 4321\n"))
    }

    @Test(arguments: [Int64.max, -1, 253_402_300_800])
    func aHeaderTimestampOutOfRangeIsRefused(value: Int64) throws {
        let (db, _, _) = try Self.setUp()
        let dir = try DiffIngestCommandTests.fixtures.get()
        let name = "time\(value).osm.pbf"
        try Self.withHeaderSequence(100, timestamp: value, from: dir + "/base.osm.pbf", to: dir + "/" + name)
        let r = try CLI.run(["ingest", try DiffIngestCommandTests.pipeline(name, in: dir), "--db", db])
        #expect(r.status == 1)
        #expect(
            r.stderr
                == "error: \(dir)/\(name): the header's osmosis_replication_timestamp \(value) is outside the times locate "
                + "reads (seconds from 1970 to the end of 9999): nothing changed\n")
        #expect(try LocateStore(readingAt: db).runs().count == 1)
    }

    /// A database where an older locate stored Int64.max: diffs are refused with the way out, a
    /// full read, which restarts the sequence.
    @Test(.enabled(if: Fixtures.haveTool("sqlite3"), "sqlite3 CLI is not installed"))
    func aStoredSequenceOutOfRangeIsRefusedUntilAFullRead() throws {
        let (db, pipeline, work) = try Self.setUp()
        let edit = try Fixtures.shell("sqlite3 '\(db)' 'UPDATE ingest_runs SET replication_sequence = 9223372036854775807'")
        try #require(edit.status == 0, "\(edit.stderr)")
        let osc = try Fixtures.write(Self.valid, name: "1.osc", in: work)
        let message =
            "error: dataset 'osm-toilets-helsinki' is at replication sequence 9223372036854775807, outside the sequences "
            + "locate reads \(Self.range); read its extract in full (locate ingest PIPELINE --source EXTRACT) to restart "
            + "the sequence from the extract's header\n"
        let r = try CLI.run(["ingest", pipeline, "--db", db, "--changes", osc, "--sequence", "101"])
        #expect(r.status == 1)
        #expect(r.stderr == message)
        let dir = try DiffIngestCommandTests.fixtures.get()
        let folder = try DiffFolderCommandTests.pipeline("base.osm.pbf", in: dir, folder: "range-updates")
        try DiffFolderCommandTests.folder("range-updates", in: dir, "cp ../101.osc.gz ../101.state.txt .")
        let viaFolder = try CLI.run(["ingest", folder, "--db", db])
        #expect(viaFolder.status == 1)
        #expect(viaFolder.stderr == message)
        let full = try CLI.ingest([pipeline, "--db", db])
        #expect(
            full.stderr.contains(
                "warning: \(dir)/base.osm.pbf: dataset 'osm-toilets-helsinki' was at replication sequence 9223372036854775807, "
                    + "outside the sequences locate reads; the extract restarts it at 100\n"), "\(full.stderr)")
        #expect(full.stderr.contains("replication: sequence 100"))
        let next = try CLI.run(["ingest", pipeline, "--db", db, "--changes", osc, "--sequence", "101"])
        #expect(next.status == 0, "\(next.stderr)")
    }
}
