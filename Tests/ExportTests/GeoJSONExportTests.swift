import Export
import Files
import Foundation
import GRDB
import Hours
import Ingest
import LocateTestSupport
import Places
import Storage
import Testing

@Suite struct GeoJSONExportTests {
    /// The whole file, byte for byte (the machine's checkout path is replaced by `ROOT`).
    @Test func sampleMatchesTheGoldenFile() throws {
        let (store, dir) = try exportStore(["prague-toilets-sample"])
        let out = dir.appendingPathComponent("t.geojson").path
        let at = try #require(WallClock.instant("2026-11-21T20:30", in: prague))
        try GeoJSONExporter(store: store).write(dataset: "toilets", to: out, at: at)
        let text = read(out).replacingOccurrences(of: Fixtures.packageRoot.path, with: "ROOT")
        let golden = Fixtures.repo("Tests/ExportTests/golden/sample-toilets.geojson")
        if ProcessInfo.processInfo.environment["LOCATE_UPDATE_GOLDEN"] != nil {
            try Data(text.utf8).write(to: URL(fileURLWithPath: golden))
        }
        #expect(text == read(golden))
    }

    @Test func stationsExportWithoutAirData() throws {
        let (store, dir) = try exportStore(["gios-stations-sample"])
        let out = dir.appendingPathComponent("st.geojson").path
        let s = try GeoJSONExporter(store: store).write(dataset: "stations", to: out, at: nil)
        #expect(s.count == 6)
        let doc = try jsonObject(out)
        let first = try #require((doc["features"] as? [[String: Any]])?.first)
        #expect(first["id"] as? String == "gios-stations-sample/9001")
        let props = try #require(first["properties"] as? [String: Any])
        #expect(props["name"] as? String == "Kraków, ul. Próbna (sample)")
        #expect(props["index_level"] is NSNull)
        #expect(props["value_pm25"] is NSNull)
        #expect(props["measured_at_no2"] is NSNull)
        #expect(props["time_zone"] as? String == "Europe/Warsaw")
        #expect(props["eaqi_level"] is NSNull && props["eaqi_calculated_at"] is NSNull)
        #expect(props.count == 31)  // a fixed key set: 13 fields, 4 of the EAQI and two per known pollutant
        #expect(try JSONSchemaCheck.errors(Data(contentsOf: URL(fileURLWithPath: out)), schema: "geojson") == [])
    }

    /// The same key set for every feature, and every export valid against `geojson/1`.
    @Test(.enabled(if: JSONSchemaCheck.available, "python3 jsonschema is not installed"), arguments: [true, false])
    func toiletExportFollowsTheSchema(withInstant: Bool) throws {
        let (store, dir) = try exportStore(["prague-toilets-sample"])
        let out = dir.appendingPathComponent("v.geojson").path
        let at = withInstant ? WallClock.instant("2026-11-21T20:30", in: prague) : nil
        try GeoJSONExporter(store: store).write(dataset: "toilets", to: out, at: at)
        #expect(try JSONSchemaCheck.errors(Data(contentsOf: URL(fileURLWithPath: out)), schema: "geojson") == [])
        let doc = try jsonObject(out)
        let features = try #require(doc["features"] as? [[String: Any]])
        let keySets = Set(features.map { (($0["properties"] as? [String: Any]) ?? [:]).keys.sorted() })
        #expect(keySets.count == 1)
        #expect(keySets.first?.count == 42)
        let states = features.map { (($0["properties"] as? [String: Any])?["state"]) }
        #expect(states.allSatisfy { withInstant ? $0 is String : $0 is NSNull })
        let locate = try #require(doc["locate"] as? [String: Any])
        #expect(locate["schema"] as? String == "geojson/1")
        #expect(locate["kind"] as? String == "toilets")
        #expect(locate["dataset"] == nil)
    }

    @Test func twoExportsAreByteIdentical() throws {
        let (store, dir) = try exportStore(["prague-toilets-sample"])
        let a = try GeoJSONExporter(store: store).write(
            dataset: "toilets", to: dir.appendingPathComponent("a.geojson").path, at: nil)
        let b = try GeoJSONExporter(store: store).write(
            dataset: "toilets", to: dir.appendingPathComponent("b.geojson").path, at: nil)
        #expect(a.sha256 == b.sha256)
        #expect(read(dir.appendingPathComponent("a.geojson").path) == read(dir.appendingPathComponent("b.geojson").path))
    }

    /// RFC 7946 checked rule by rule on the real data.
    @Test(
        .enabled(if: Fixtures.haveSharedDatasets, "../shared/datasets is absent: real-data tests skipped"),
        arguments: ["prague-toilets-2019", "prague-toilets-2026", "prague-toilets-sjtsk"])
    func followsRFC7946(pipeline: String) throws {
        let (store, dir) = try exportStore([pipeline])
        let out = dir.appendingPathComponent("x.geojson").path
        let s = try GeoJSONExporter(store: store).write(dataset: "toilets", to: out, at: nil)
        let doc = try jsonObject(out)
        #expect(doc["type"] as? String == "FeatureCollection")
        #expect(doc["crs"] == nil)  // §4: no crs member
        let bbox = try #require(doc["bbox"] as? [Double])  // §5
        #expect(bbox.count == 4)
        let features = try #require(doc["features"] as? [[String: Any]])
        #expect(features.count == s.count)
        let expected = try store.testRows(sql: "SELECT count(*) AS n FROM toilets WHERE status = 'active'").first?["n"] as Int?
        #expect(features.count == expected)
        var ids: [String] = []
        for f in features {
            #expect(f["type"] as? String == "Feature")
            let g = try #require(f["geometry"] as? [String: Any])
            #expect(g["type"] as? String == "Point")
            let c = try #require(g["coordinates"] as? [Double])
            #expect(c.count == 2)
            #expect(c[0] >= bbox[0] && c[0] <= bbox[2] && c[1] >= bbox[1] && c[1] <= bbox[3])  // lon, lat inside bbox
            #expect(c[0] > 14 && c[0] < 15 && c[1] > 49 && c[1] < 51)  // lon first (§3.1.1)
            let props = try #require(f["properties"] as? [String: Any])
            #expect(props.values.allSatisfy { !($0 is [String: Any]) && !($0 is [Any]) })  // flat
            ids.append(try #require(f["id"] as? String))
        }
        #expect(ids == ids.sorted())
        #expect(Set(ids).count == ids.count)
        // At most 7 decimals in every coordinate as written.
        let text = read(out)
        let longDecimal = try Regex(#"\d\.\d{8,}[,\]]"#)
        #expect(text.firstMatch(of: longDecimal) == nil)
    }

    @Test(.enabled(if: Fixtures.haveTool("ogrinfo"), "ogrinfo (gdal-bin) is not installed"))
    func ogrinfoReadsIt() throws {
        let (store, dir) = try exportStore(["prague-toilets-sample"])
        let out = dir.appendingPathComponent("o.geojson").path
        try GeoJSONExporter(store: store).write(dataset: "toilets", to: out, at: nil)
        let r = try Fixtures.shell("ogrinfo -ro -so '\(out)' -al")
        #expect(r.status == 0)
        #expect(r.stdout.contains("Feature Count: 12"))
        #expect(r.stdout.contains("Geometry: Point"))
    }

    /// Ingesting an export through a GeoJSON pipeline gives back the same records.
    @Test func roundTripsThroughAPipeline() throws {
        let (store, dir) = try exportStore(["prague-toilets-sample"])
        let out = dir.appendingPathComponent("r.geojson").path
        try GeoJSONExporter(store: store).write(dataset: "toilets", to: out, at: nil)
        let pipeline = """
            name: reimport
            kind: toilets
            dataset: prague-toilets-sample
            source:
              path: r.geojson
            timezone: Europe/Prague
            country: CZ
            id:
              field: source_id
            fields:
              name: name
              address: address
              hours: hours_text
              price: price_text
              wheelchair: wheelchair
              kind: toilet_type
              location_detail: location_detail
            region: { west: 14.22, south: 49.94, east: 14.71, north: 50.18 }
            """
        let again = try LocateStore(path: dir.appendingPathComponent("again.sqlite").path)
        let spec = try PipelineDecoder.decode(pipeline, path: "reimport.yml", baseFolder: dir.path, defaultName: "reimport")
        let report = try IngestRunner(store: again, clock: exportClock).run(spec)
        #expect(report.run.accepted == 12)
        let sql =
            "SELECT source_id, address, hours_text, hours_osm, hours_status, price_text, is_free, wheelchair, round(lon, 7) AS lon, round(lat, 7) AS lat FROM toilets ORDER BY source_id"
        #expect(try again.testRows(sql: sql).map(\.description) == (try store.testRows(sql: sql).map(\.description)))
    }

    @Test func errorsNameTheProblem() throws {
        let (store, dir) = try exportStore(["prague-toilets-sample"])
        #expect(throws: ExportError.empty(dataset: "stations")) {
            try GeoJSONExporter(store: store).write(
                dataset: "stations", to: dir.appendingPathComponent("s.geojson").path, at: nil)
        }
        #expect(throws: ExportError.unknownDataset("benches")) {
            try GeoJSONExporter(store: store).write(dataset: "benches", to: nil, at: nil)
        }
        #expect(throws: FileError.cannotWrite(path: "/nope/x.geojson", reason: "folder /nope does not exist")) {
            try GeoJSONExporter(store: store).write(dataset: "toilets", to: "/nope/x.geojson", at: nil)
        }
        // Issue 10, item 2: a full device is an error, not "wrote 12 features".
        #expect(throws: FileError.cannotWrite(path: "/dev/full", reason: "No space left on device")) {
            try GeoJSONExporter(store: store).write(dataset: "toilets", to: "/dev/full", at: nil)
        }
        let empty = try LocateStore(path: dir.appendingPathComponent("empty.sqlite").path)
        #expect(throws: ExportError.empty(dataset: "toilets")) {
            try GeoJSONExporter(store: empty).write(dataset: "toilets", to: dir.appendingPathComponent("z.geojson").path, at: nil)
        }
        #expect(!FileManager.default.fileExists(atPath: dir.appendingPathComponent("z.geojson").path))
    }
}
