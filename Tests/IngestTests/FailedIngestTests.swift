import Foundation
import Ingest
import LocateTestSupport
import Places
import Storage
import Testing

/// Every structural failure gives one clear message and leaves the database exactly as it was.
@Suite struct FailedIngestTests {
    static let sample = Fixtures.repo("datasets/prague-toilets-sample.geojson")

    func expectUnchanged(_ message: String, pipeline: String = "prague-toilets-sample", source: String) throws {
        let store = try newStore()
        try ingest("prague-toilets-sample", into: store)
        let before = try store.contentDigest()
        do {
            try ingest(pipeline, into: store, source: source)
            Issue.record("ingest of \(source) succeeded")
        } catch {
            #expect("\(error)" == message)
        }
        #expect(try store.contentDigest() == before)
    }

    @Test func missingFile() throws {
        try expectUnchanged("/nope/x.geojson: no such file", source: "/nope/x.geojson")
    }

    @Test func truncatedJSON() throws {
        let lines = try String(contentsOfFile: Self.sample, encoding: .utf8).split(
            separator: "\n", omittingEmptySubsequences: false)
        let cut = lines.prefix(40).joined(separator: "\n") + "\n"
        let path = try Fixtures.write(cut, name: "cut.geojson")
        try expectUnchanged("\(path):41: malformed JSON at byte \(cut.utf8.count): unexpected end of input", source: path)
    }

    @Test func notAFeatureCollection() throws {
        let path = try Fixtures.write("{\"type\":\"Feature\",\"features\":[]}", name: "f.geojson")
        try expectUnchanged("\(path): not a GeoJSON FeatureCollection: type is 'Feature'", source: path)
        let bad = try Fixtures.write("{\"type\":\"FeatureCollection\",\"features\":[{\"a\" 1}]}", name: "b.geojson")
        try expectUnchanged("\(bad):1: malformed JSON at byte 45: expected ':'", source: bad)
        let array = try Fixtures.write("[1,2]", name: "a.geojson")
        try expectUnchanged("\(array): not a GeoJSON FeatureCollection: top level is array, expected an object", source: array)
    }

    @Test func unknownCRSInTheInput() throws {
        let path = try Fixtures.write(
            "{\"type\":\"FeatureCollection\",\"crs\":{\"type\":\"name\",\"properties\":{\"name\":\"EPSG:999999\"}},\"features\":[{\"type\":\"Feature\",\"geometry\":{\"type\":\"Point\",\"coordinates\":[1,2]},\"properties\":{}}]}",
            name: "c.geojson")
        let pipeline = try Fixtures.write(
            try String(contentsOfFile: Fixtures.repo("pipelines/prague-toilets-sample.yml"), encoding: .utf8)
                .replacingOccurrences(of: "  crs: EPSG:4326\n", with: ""), name: "nocrs.yml")
        let store = try newStore()
        try ingest("prague-toilets-sample", into: store)
        let before = try store.contentDigest()
        let spec = try PipelineDecoder.load(path: pipeline)
        let error = #expect(throws: IngestError.self) {
            try IngestRunner(store: store, clock: fixedClock).run(spec, sourceOverride: path)
        }
        #expect(error.map { "\($0)" }?.hasPrefix("\(path): unknown CRS EPSG:999999: ") == true, "\(String(describing: error))")
        #expect(try store.contentDigest() == before)
    }

    @Test func crsConflict() throws {
        let path = try Fixtures.write(
            "{\"type\":\"FeatureCollection\",\"crs\":{\"type\":\"name\",\"properties\":{\"name\":\"EPSG:5514\"}},\"features\":[]}",
            name: "c.geojson")
        try expectUnchanged("\(path): input declares crs EPSG:5514 but the pipeline says EPSG:4326", source: path)
    }

    @Test func unwritableDatabase() {
        #expect(throws: StorageError.notWritable(path: "/sys/locate-test.sqlite", reason: "cannot create the file in /sys")) {
            try LocateStore(path: "/sys/locate-test.sqlite")
        }
        #expect(throws: StorageError.cannotOpen(path: "/nope/x.sqlite", reason: "folder /nope does not exist")) {
            try LocateStore(path: "/nope/x.sqlite")
        }
    }

    @Test func sampleReportsItsBadRecords() throws {
        let r = try ingest("prague-toilets-sample", into: try newStore())
        #expect(r.run.read == 15)
        #expect(r.run.accepted == 12)
        #expect(
            r.rejected == [
                IngestIssue(index: 12, id: nil, sourceRef: "OBJECTID 13", field: "geometry", reason: "geometry is null"),
                IngestIssue(
                    index: 13, id: nil, sourceRef: "OBJECTID 14", field: "geometry",
                    reason:
                        "coordinates look swapped: latitude 14.421, longitude 50.085 is outside the region, but inside once exchanged"
                ),
                IngestIssue(
                    index: 14, id: nil, sourceRef: "OBJECTID 15", field: "geometry",
                    reason: "position 49.195100,16.606800 (lat,lon) is outside the region 49.94..50.18 N, 14.22..14.71 E"),
            ])
    }

    /// Coordinates written as strings are not GeoJSON, but exports do it: numbers in strings
    /// are read with a warning; anything else is rejected with the reason.
    @Test func coordinatesGivenAsStrings() throws {
        let text = """
            {"type":"FeatureCollection","features":[
            {"type":"Feature","geometry":{"type":"Point","coordinates":[" 14.4214","50.0875"]},"properties":{"ADRESA":"A","OTEVRENO":"nonstop","CENA":"zdarma"}},
            {"type":"Feature","geometry":{"type":"Point","coordinates":[14.4215,"50.0876"]},"properties":{"ADRESA":"B"}},
            {"type":"Feature","geometry":{"type":"Point","coordinates":["východ","50.0875"]},"properties":{"ADRESA":"C"}},
            {"type":"Feature","geometry":{"type":"Point","coordinates":[true,50.0875]},"properties":{"ADRESA":"D"}}
            ]}
            """
        let r = try ingest("prague-toilets-sample", into: try newStore(), source: Fixtures.write(text, name: "s.geojson"))
        #expect(r.run.accepted == 2)
        #expect(
            r.rejected == [
                IngestIssue(index: 2, id: nil, field: "geometry", reason: "coordinates must be numbers"),
                IngestIssue(index: 3, id: nil, field: "geometry", reason: "coordinates must be numbers"),
            ])
        #expect(
            r.warnings.filter { $0.field == "geometry" }.map(\.reason)
                == Array(repeating: "coordinates given as strings, read as numbers", count: 2))
    }
}
