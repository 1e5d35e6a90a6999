import Foundation
import LocateTestSupport
import Places
import Storage
import Testing

@testable import Ingest

/// Issue 35 §2: the reject limit (`RejectLimit`) and its likely cause, in process.
@Suite struct RejectLimitTests {
    static func spec() throws -> PipelineSpec {
        try PipelineDecoder.load(path: Fixtures.repo("pipelines/prague-toilets-sample.yml"))
    }

    static func issues(_ n: Int, field: String = "geometry", reason: String) -> [IngestIssue] {
        (0..<n).map { IngestIssue(index: $0, id: "id\($0)", field: field, reason: reason) }
    }

    @Test(arguments: [
        // read, rejected, share, fails
        (0, 0, 0.5, false),
        (3, 2, 0.5, false),  // below 10 read: the share does not apply
        (10, 6, 0.5, true),
        (3, 3, 0.5, true),  // every record rejected: fails whatever the count
        (3, 3, 1.0, false),  // --max-reject-share 1 accepts anything
        (20, 10, 0.5, false),  // exactly half is not more than half
        (20, 11, 0.5, true),
        (20, 11, 0.6, false),
        (1000, 1, 0.0, true),
    ])
    func theLimitFailsOnlyAboveItsShare(read: Int, rejected: Int, share: Double, fails: Bool) throws {
        let limit = RejectLimit(maxShare: share, spec: try RejectLimitTests.spec())
        let issues = RejectLimitTests.issues(rejected, reason: "geometry is null")
        if fails {
            #expect(throws: IngestError.self) { try limit.check(read: read, rejected: issues, input: "in.geojson") }
        } else {
            try limit.check(read: read, rejected: issues, input: "in.geojson")
        }
    }

    @Test func theMessagesNameTheCountsTheShareAndTheCause() throws {
        let limit = RejectLimit(maxShare: 0.5, spec: try RejectLimitTests.spec())
        #expect(
            throws: IngestError.tooManyRejects(
                path: "in.geojson", dataset: "prague-toilets-sample", read: 20, rejected: 11, limitShare: 0.5,
                cause: "every reject: feature 1 (id0): geometry: geometry is null")
        ) { try limit.check(read: 20, rejected: RejectLimitTests.issues(11, reason: "geometry is null"), input: "in.geojson") }
        let all = IngestError.tooManyRejects(
            path: "in.geojson", dataset: "d", read: 2, rejected: 2, limitShare: 0.5, cause: "every reject: x")
        #expect(
            all.description
                == "in.geojson: all 2 records read were rejected, none stored: nothing changed in dataset 'd'; likely cause: every reject: x"
        )
        let share = IngestError.tooManyRejects(
            path: "in.geojson", dataset: "d", read: 20, rejected: 11, limitShare: 0.5, cause: "c")
        #expect(
            share.description
                == "in.geojson: 11 of the 20 records read were rejected (55 %, more than the limit of 50 %): nothing changed "
                + "in dataset 'd'; likely cause: c; pass a higher --max-reject-share to accept")
    }

    @Test(arguments: [
        (
            "position 1.000000,2.000000 (lat,lon) is outside the region 49.94..50.18 N, 14.22..14.71 E",
            "every reject: positions outside the pipeline's region; check `crs:` (EPSG:4326) and `region:` "
                + "(e.g. feature 1 (id0): geometry: position 1.000000,2.000000 (lat,lon) is outside the region 49.94..50.18 N, 14.22..14.71 E)"
        ),
        (
            "coordinates [-740000.0, -1040000.0] cannot be transformed from EPSG:4326",
            "every reject: the coordinates are not in the pipeline's crs (EPSG:4326); check `crs:` "
                + "(e.g. feature 1 (id0): geometry: coordinates [-740000.0, -1040000.0] cannot be transformed from EPSG:4326)"
        ),
    ])
    func theLikelyCauseReadsTheRejectsReasons(reason: String, cause: String) throws {
        let limit = RejectLimit(maxShare: 0.5, spec: try RejectLimitTests.spec())
        // The numbers differ per record; the rejects still group as one kind.
        let issues = (0..<4).map { i in
            IngestIssue(
                index: i, id: "id\(i)", field: "geometry",
                reason: i == 0 ? reason : reason.replacingOccurrences(of: "1", with: "\(i + 2)"))
        }
        #expect(limit.likelyCause(issues) == cause)
        let mixed = issues + [IngestIssue(index: 4, id: "id4", field: "ADRESA", reason: "id is missing or blank")]
        #expect(limit.likelyCause(mixed).hasPrefix("4 of the 5 rejects: "))
    }

    @Test(arguments: [
        (
            "datasets/prague-toilets-sample.geojson",
            DataFileSniffer.Found.data(.geojson, description: "a GeoJSON FeatureCollection")
        ),
        ("datasets/osm-toilets-prague-sample.geojson", .data(.osmGeoJSON, description: "GeoJSON of OpenStreetMap data")),
        ("datasets/osm-toilets-sample.overpass.json", .data(.overpass, description: "an Overpass API JSON answer")),
        ("datasets/gios-stations-sample.json", .data(.giosLegacy, description: "a GIOŚ station list (legacy API)")),
        ("pipelines/prague-toilets-sample.yml", nil),
    ])
    func dataFilesAreRecognisedByTheirFirstBytes(file: String, found: DataFileSniffer.Found?) {
        #expect(DataFileSniffer.sniff(path: Fixtures.repo(file)) == found)
    }

    @Test func aPBFHeaderAndAnOsmChangeAreRecognised() {
        var pbf: [UInt8] = [0, 0, 0, 13, 0x0A, 9] + Array("OSMHeader".utf8) + [0x18, 0x7F]
        pbf += [UInt8](repeating: 0, count: 8)
        #expect(DataFileSniffer.sniff(pbf) == .data(.osmPBF, description: "an OpenStreetMap PBF extract"))
        #expect(DataFileSniffer.sniff(Array("<?xml version='1.0'?>\n<osmChange version=\"0.6\">".utf8)) == .osmChange)
        #expect(DataFileSniffer.sniff([0x1F, 0x8B, 8, 0]) == .osmChange)
        #expect(DataFileSniffer.sniff(Array("name: x\nkind: toilets\n".utf8)) == nil)
    }
}
