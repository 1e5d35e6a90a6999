import Foundation
import GRDB
import LocateTestSupport
import Places
import Storage
import Testing

@testable import Ingest

/// `format: overpass` and `format: osm-geojson`: OSM ids as record ids without an `id:`
/// mapping, tags as properties, ways by their centre, and every element that cannot be a
/// record rejected with its OSM id, the field and the reason.
@Suite struct OSMFormatTests {
    static let overpassSample = Fixtures.repo("datasets/osm-toilets-sample.overpass.json")
    static let geoJSONSample = Fixtures.repo("datasets/osm-toilets-sample.geojson")

    /// The sample pipeline with `format` and `extra` lines in its source section.
    static func pipeline(format: String, path: String = overpassSample, extra: String = "") -> String {
        """
        name: osm-test
        kind: toilets
        dataset: osm-test
        source:
          path: \(path)
          format: \(format)
        \(extra)
        timezone: Europe/Paris
        fields:
          name: name
          hours: opening_hours
          wheelchair: wheelchair
        region: { west: 2.22, south: 48.81, east: 2.47, north: 48.91 }
        """
    }

    func spec(_ text: String) throws -> PipelineSpec {
        try PipelineDecoder.decode(text, path: "p.yml", baseFolder: "/", defaultName: "p")
    }

    func run(_ text: String, into store: LocateStore, source: String? = nil) throws -> IngestReport {
        // Fixtures of mostly unusable elements: the reject limit (RejectLimitTests) is not what they test.
        var runner = IngestRunner(store: store, clock: fixedClock)
        runner.maxRejectShare = 1
        return try runner.run(try spec(text), sourceOverride: source)
    }

    static let columns = """
        SELECT source_id, name, address, hours_text, price_text, is_free, wheelchair, timezone, properties, lat, lon,
        content_hash FROM toilets ORDER BY source_id
        """

    @Test func osmFormatsNeedNoIDMapping() throws {
        let s = try spec(Self.pipeline(format: "overpass"))
        #expect(s.format == .overpass)
        #expect(s.id == .field("@id"))
        #expect(try spec(Self.pipeline(format: "osm-geojson")).id == .field("@id"))
        // A plain GeoJSON pipeline still has to say where its ids are.
        #expect(throws: IngestError.invalidPipeline(path: "p.yml", line: 1, reason: "missing key 'id' in the top level")) {
            try spec(Self.pipeline(format: "geojson"))
        }
    }

    @Test func theSampleIngestsWithOSMIDsAndTheWayByItsCentre() throws {
        let store = try newStore()
        let report = try run(Self.pipeline(format: "overpass"), into: store)
        #expect(report.run.read == 5)
        #expect(report.run.accepted == 5)
        #expect(report.rejected.isEmpty)
        let rows = try store.testRows(sql: Self.columns)
        #expect(
            rows.map { $0["source_id"] as String } == [
                "node/900000001", "node/900000002", "node/900000003", "node/900000004", "way/900000005",
            ])
        let way = try #require(rows.last)
        #expect(way["name"] as String? == "Pavillon sanitaire (sample)")
        #expect(way["lat"] as Double == 48.86005)
        #expect(way["lon"] as Double == 2.3501)
        #expect(way["wheelchair"] as String == "no")
        // Every tag is kept, after the OSM id, in source order.
        #expect(
            way["properties"] as String
                == #"{"@id":"way/900000005","amenity":"toilets","building":"toilets","name":"Pavillon sanitaire (sample)","fee":"no","wheelchair":"no","level":"0"}"#
        )
        #expect(rows[0]["hours_text"] as String? == "24/7")
        #expect(rows[2]["name"] as String? == "Café de l'Exemple (sample)")
    }

    @Test func overpassJSONAndOSMGeoJSONOfTheSameToiletsIngestToTheSameRecords() throws {
        let a = try newStore()
        let b = try newStore()
        try run(Self.pipeline(format: "overpass"), into: a)
        try run(Self.pipeline(format: "osm-geojson", path: Self.geoJSONSample), into: b)
        let rowsA = try a.testRows(sql: Self.columns)
        let rowsB = try b.testRows(sql: Self.columns)
        #expect(rowsA.count == 5)
        #expect(rowsA == rowsB)
    }

    @Test func aReingestAndTheSameToiletsInTheOtherFormatChangeNothing() throws {
        let store = try newStore()
        let first = try run(Self.pipeline(format: "overpass"), into: store)
        #expect(first.run.counts.added == 5)
        let again = try run(Self.pipeline(format: "overpass"), into: store)
        let other = try run(Self.pipeline(format: "osm-geojson", path: Self.geoJSONSample), into: store)
        for report in [again, other] {
            #expect(report.run.counts.added == 0)
            #expect(report.run.counts.updated == 0)
            #expect(report.run.counts.unchanged == 5)
            #expect(report.run.counts.retired == 0)
        }
    }

    @Test func theRealParisExportReadsAsOSMGeoJSONWithoutAnIDMapping() throws {
        guard Fixtures.haveSharedDatasets else {
            print("skipped: ../shared/datasets is absent")
            return
        }
        let text = Self.pipeline(format: "osm-geojson", path: Fixtures.shared("osm-toilets-paris.json")).replacingOccurrences(
            of: "west: 2.22, south: 48.81, east: 2.47, north: 48.91", with: "west: 1.4, south: 48.1, east: 3.6, north: 49.3")
        let store = try newStore()
        let report = try run(text, into: store)
        #expect(report.run.read == 1268)
        #expect(report.run.accepted == 1268)
        #expect(report.rejected.isEmpty)
        // The export already carries `@id` first: as plain GeoJSON with `id.field: "@id"`
        // it gives the very same records.
        let plain = try newStore()
        try run(
            text.replacingOccurrences(of: "format: osm-geojson", with: "format: geojson") + "\nid: { field: \"@id\" }",
            into: plain)
        let sql = "SELECT source_id, content_hash FROM toilets ORDER BY source_id"
        #expect(try store.testRows(sql: sql) == plain.testRows(sql: sql))
        #expect(try store.testRows(sql: "SELECT 1 FROM toilets WHERE source_id = 'node/2076413205'").count == 1)
    }

    static func overpass(_ elements: String, remark: String? = nil) -> String {
        "{\"version\":0.6,\"elements\":[\(elements)]" + (remark.map { ",\"remark\":\"\($0)\"" } ?? "") + "}"
    }

    @Test func elementsThatCannotBeRecordsAreRejectedWithTheirIDFieldAndReason() throws {
        let elements = [
            #"{"type":"node","id":1,"lat":48.85,"lon":2.35,"tags":{"amenity":"toilets"}}"#,
            #"{"type":"way","id":45,"tags":{"amenity":"toilets"}}"#,
            #"{"type":"relation","id":7,"bounds":{"minlat":48.85,"minlon":2.35,"maxlat":48.86,"maxlon":2.36},"tags":{}}"#,
            #"{"type":"node","id":2,"tags":{"amenity":"toilets"}}"#,
            #"{"type":"area","id":3600000001}"#,
            #"{"type":"node","id":-5,"lat":48.85,"lon":2.35}"#,
            #"{"type":"node","id":3,"lat":"48.85","lon":2.35}"#,
            #"{"type":"node","id":4,"lat":48.85,"lon":2.35,"tags":["amenity"]}"#,
            #"{"type":"node","id":5,"lat":41.9,"lon":12.5}"#,
            #"{"type":"node","id":1,"lat":48.85,"lon":2.35}"#,
            #"{"type":"node","id":1e3,"lat":48.85,"lon":2.35}"#,
        ].joined(separator: ",")
        let path = try Fixtures.write(Self.overpass(elements), name: "e.json")
        let report = try run(Self.pipeline(format: "overpass"), into: try newStore(), source: path)
        #expect(report.run.read == 11)
        #expect(report.run.accepted == 2)
        let rejects = report.rejected.map { "\($0.index) \($0.id ?? "-") \($0.field): \($0.reason)" }
        #expect(
            rejects == [
                "1 way/45 center: way/45 has no center: a way has no position of its own; ask Overpass for `out center` (or `out bb`)",
                "3 node/2 lat: node/2 has no lat/lon (an `out tags` or `out ids` answer? ask for `out center`)",
                "4 - type: element type is 'area', expected node, way or relation",
                "5 - id: node id is -5, expected a positive whole number",
                "6 node/3 lat: node/3: lat and lon must be numbers",
                "7 node/4 tags: node/4: tags is array, expected an object",
                "8 node/5 geometry: position 41.900000,12.500000 (lat,lon) is outside the region 48.81..48.91 N, 2.22..2.47 E",
                "9 node/1 id: duplicate id, first seen at feature 1",
                // Regression: `1e3` was read as node/1000.
                "10 - id: node id is 1e3, expected a positive whole number",
            ])
    }

    @Test func osmGeoJSONTakesTheIDFromTheFeatureOrUnflattenedOsmtogeojson() throws {
        let features = [
            #"{"type":"Feature","id":"node/10","properties":{"amenity":"toilets"},"geometry":{"type":"Point","coordinates":[2.35,48.85]}}"#,
            #"{"type":"Feature","properties":{"type":"way","id":11,"tags":{"amenity":"toilets","name":"W"},"meta":{}},"geometry":{"type":"LineString","coordinates":[[2.35,48.85],[2.37,48.87]]}}"#,
            #"{"type":"Feature","id":"toilet-3","properties":{"amenity":"toilets"},"geometry":{"type":"Point","coordinates":[2.35,48.85]}}"#,
            #"{"type":"Feature","properties":{"amenity":"toilets"},"geometry":{"type":"Point","coordinates":[2.35,48.85]}}"#,
            #"{"type":"Feature","id":"way/12","properties":{},"geometry":{"type":"Polygon","coordinates":[["x"]]}}"#,
        ].joined(separator: ",")
        let path = try Fixtures.write("{\"type\":\"FeatureCollection\",\"features\":[\(features)]}", name: "f.geojson")
        let store = try newStore()
        let report = try run(Self.pipeline(format: "osm-geojson"), into: store, source: path)
        let rejects = report.rejected.map { "\($0.index) \($0.id ?? "-") \($0.field): \($0.reason)" }
        #expect(
            rejects == [
                "2 toilet-3 @id: 'toilet-3' is not an OSM id (expected node/N, way/N or relation/N)",
                "3 - @id: no OSM id: neither properties[\"@id\"] nor the feature's id is set (node/123)",
                "4 way/12 geometry: way/12: Polygon coordinates are not arrays of [lon, lat] numbers",
            ])
        let rows = try store.testRows(sql: "SELECT source_id, properties, lat, lon FROM toilets ORDER BY source_id")
        #expect(rows.map { $0["source_id"] as String } == ["node/10", "way/11"])
        #expect(rows[0]["properties"] as String == #"{"@id":"node/10","amenity":"toilets"}"#)
        #expect(rows[1]["properties"] as String == #"{"@id":"way/11","amenity":"toilets","name":"W"}"#)
        #expect(rows[1]["lat"] as Double == 48.86)
        #expect(rows[1]["lon"] as Double == 2.36)
    }

    @Test func aRemarkReportingAnErrorFailsTheRunAndChangesNothing() throws {
        let store = try newStore()
        try run(Self.pipeline(format: "overpass"), into: store)
        let before = try store.contentDigest()
        let remark = "runtime error: Query timed out in \\\"query\\\" at line 3 after 26 seconds."
        let path = try Fixtures.write(
            Self.overpass(#"{"type":"node","id":1,"lat":48.85,"lon":2.35}"#, remark: remark), name: "r.json")
        #expect(
            throws: IngestError.overpassRemark(
                path: path, remark: "runtime error: Query timed out in \"query\" at line 3 after 26 seconds.")
        ) {
            try run(Self.pipeline(format: "overpass"), into: store, source: path)
        }
        #expect(try store.contentDigest() == before)
        #expect(
            IngestError.overpassRemark(path: "x.json", remark: "runtime error: out of memory").description
                == "x.json: the Overpass server reports an error in its answer (remark: 'runtime error: out of memory'); "
                + "the answer may be incomplete, so nothing was stored (a smaller region or a longer query_timeout may help)")
    }

    @Test func aRemarkThatIsNoErrorIsANotice() throws {
        let path = try Fixtures.write(
            Self.overpass(#"{"type":"node","id":1,"lat":48.85,"lon":2.35}"#, remark: "runtime remark: some note"), name: "n.json")
        let report = try run(Self.pipeline(format: "overpass"), into: try newStore(), source: path)
        #expect(report.run.accepted == 1)
        #expect(report.notices.contains("Overpass remark: runtime remark: some note"))
    }

    @Test func inputsThatAreNoOverpassAnswerAreRefusedNamingTheFile() throws {
        let cases: [(String, String)] = [
            (#"{"type":"FeatureCollection","features":[]}"#, "no elements array (this is GeoJSON: use format: osm-geojson)"),
            (#"{"version":0.6}"#, "no elements array"),
            (#"{"elements":{}}"#, "elements is not an array"),
            ("[]", "top level is array, expected an object"),
            ("", "the file is empty"),
        ]
        for (text, reason) in cases {
            let path = try Fixtures.write(text, name: "x.json")
            #expect(throws: IngestError.notOverpassAnswer(path: path, reason: reason)) {
                try run(Self.pipeline(format: "overpass"), into: try newStore(), source: path)
            }
        }
        let cut = try Fixtures.write(#"{"elements":[{"type":"node","id":1,"#, name: "cut.json")
        #expect(throws: (any Error).self) { try run(Self.pipeline(format: "overpass"), into: try newStore(), source: cut) }
        do {
            try run(Self.pipeline(format: "overpass"), into: try newStore(), source: cut)
        } catch {
            #expect("\(error)" == "\(cut):1: malformed JSON at byte 35: unexpected end of input")
        }
    }

    @Test func anOSMPipelineRefusesAnotherCRSAndOverpassKeysElsewhere() throws {
        #expect(
            throws: IngestError.invalidPipeline(
                path: "p.yml", line: 7,
                reason: "crs: OpenStreetMap data is in EPSG:4326 (WGS84), not EPSG:5514: remove the crs line")
        ) { try spec(Self.pipeline(format: "overpass", extra: "  crs: EPSG:5514")) }
        #expect(
            throws: IngestError.invalidPipeline(path: "p.yml", line: 7, reason: "filters: only for format: overpass or osm-pbf")
        ) {
            try spec(Self.pipeline(format: "osm-geojson", extra: "  filters: [amenity=toilets]"))
        }
        #expect(throws: IngestError.invalidPipeline(path: "p.yml", line: 7, reason: "area: only for format: overpass")) {
            try spec(Self.pipeline(format: "osm-pbf", extra: "  area: Paris"))
        }
        let many = "[" + (1...65).map { "k\($0)" }.joined(separator: ", ") + "]"
        #expect(
            throws: IngestError.invalidPipeline(
                path: "p.yml", line: 7, reason: "filters: 65 conditions in all; osm-pbf reads at most 64")
        ) { try spec(Self.pipeline(format: "osm-pbf", extra: "  filters: \(many)")) }
        #expect(try spec(Self.pipeline(format: "osm-pbf", extra: "  filters: [toilets=yes]")).overpass.filters.count == 1)
        #expect(
            throws: IngestError.invalidPipeline(
                path: "p.yml", line: 6, reason: "format: format 'overpass' does not hold stations")
        ) {
            try spec(Self.pipeline(format: "overpass").replacingOccurrences(of: "kind: toilets", with: "kind: stations"))
        }
    }
}
