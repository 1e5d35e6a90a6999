import Foundation
import LocateTestSupport
import Places
import Storage
import Testing

/// `locate ingest` of OpenStreetMap PBF extracts through the built binary: the real
/// Helsinki extract, and damaged files failing with exit 1, the block named, the database
/// unchanged.
@Suite struct PBFIngestCommandTests {
    @Test(.enabled(if: Fixtures.haveSharedDatasets, "../shared/datasets is absent: real-data tests skipped"))
    func helsinkiExtract() throws {
        let db = try Fixtures.temporaryFolder().appendingPathComponent("pbf.sqlite").path
        let r = try CLI.run(["ingest", "pipelines/osm-toilets-helsinki-pbf.yml", "--db", db])
        #expect(r.status == 0, "\(r.stderr)")
        #expect(r.stdout == "")
        #expect(
            r.stderr == """
                ingested osm-toilets-helsinki-pbf into \(db) (run 1, dataset osm-toilets-helsinki): read 18, accepted 18, rejected 0, warnings 0
                changes: 18 added, 0 updated, 0 unchanged, 0 retired, 0 reactivated

                """)
    }

    static let bad: [(String, String)] = [
        ("truncated.osm.pbf", "truncated PBF: the Blob of the block at byte 106 needs 1077 bytes, the file has 44 left"),
        ("bad-zlib.osm.pbf", "block at byte 47: bad zlib stream: invalid stored block lengths"),
        ("xml.osm.pbf", "not an OpenStreetMap PBF file: it is XML (an .osm file? read it with osmium cat -o out.osm.pbf)"),
        (
            "history.osh.pbf",
            "block at byte 0: required feature 'HistoricalInformation' is not supported (a history file: take a current extract, or `osmium time-filter` one)"
        ),
    ]

    @Test(arguments: bad)
    func damagedFileExitsOneNamingTheBlock(name: String, message: String) throws {
        let db = try CLI.sampleDatabase()
        let before = try LocateStore(readingAt: db).contentDigest()
        let file = "Tests/OSMPBFTests/bad-input/" + name
        let r = try CLI.run(["ingest", "pipelines/osm-toilets-helsinki-pbf.yml", "--source", file, "--db", db])
        #expect(r.status == 1)
        #expect(r.stderr == "error: \(file): \(message)\n")
        #expect(try LocateStore(readingAt: db).contentDigest() == before)
    }
}
