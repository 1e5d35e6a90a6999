import Foundation
import GRDB
import LocateTestSupport
import OSMPBF
import Places
import Storage
import Testing

@testable import Ingest

/// `format: osm-pbf` against the standard tools: the real Helsinki extract ingests to the
/// same records as osmium's own selection and export read through the osm-geojson path.
@Suite(
    .enabled(if: Fixtures.haveSharedDatasets, "../shared/datasets is absent: real-data tests skipped"),
    .enabled(if: Fixtures.haveTool("osmium"), "osmium (osmium-tool) is not installed: scripts/setup.sh --test"))
struct OSMPBFIngestTests {
    static let helsinki = Fixtures.shared("osm-pbf/helsinki-centre.osm.pbf")
    static let columns =
        "source_id, name, address, hours_text, price_text, is_free, wheelchair, access, unisex, level, operator, properties"

    /// The profile's selection (`amenity=toilets`; `toilets=yes` with an `amenity`) made by
    /// osmium (`tags-filter` twice for the second filter, `merge`), exported as GeoJSON with
    /// `@id` written as `node/N` (osmium writes `@type` and a numeric `@id`).
    static func osmiumGeoJSON(in dir: URL) throws -> String {
        let d = dir.path
        let out = d + "/osmium.geojson"
        let script = """
            set -e
            osmium tags-filter '\(helsinki)' nwr/amenity=toilets -o '\(d)/a.pbf'
            osmium tags-filter '\(helsinki)' nwr/toilets=yes -o '\(d)/b0.pbf'
            osmium tags-filter '\(d)/b0.pbf' nwr/amenity -o '\(d)/b.pbf'
            osmium merge '\(d)/a.pbf' '\(d)/b.pbf' -o '\(d)/m.pbf'
            osmium export '\(d)/m.pbf' -a type,id -f geojson -o '\(d)/raw.geojson'
            python3 - '\(d)/raw.geojson' '\(out)' <<'PY'
            import json, sys
            doc = json.load(open(sys.argv[1]))
            features = []
            for f in doc["features"]:
                p = f["properties"]
                # osmium exports a closed way as a line and as an area: keep the area.
                if p["@type"] == "way" and f["geometry"]["type"] == "LineString":
                    continue
                props = {"@id": "%s/%d" % (p.pop("@type"), p.pop("@id"))}
                props.update(p)
                f["properties"] = props
                features.append(f)
            doc["features"] = features
            json.dump(doc, open(sys.argv[2], "w"), ensure_ascii=False)
            PY
            """
        let r = try Fixtures.shell(script)
        try #require(r.status == 0, "osmium: \(r.stderr)")
        return out
    }

    @Test func helsinkiIngestsAsOsmiumSelectsAndExportsIt() throws {
        let dir = try Fixtures.temporaryFolder()
        let geojson = try Self.osmiumGeoJSON(in: dir)
        let pbfStore = try newStore()
        let report = try ingest("osm-toilets-helsinki-pbf", into: pbfStore)
        #expect([report.run.read, report.run.accepted, report.run.rejected, report.run.warnings] as [Int] == [18, 18, 0, 0])

        var spec = try PipelineDecoder.load(path: Fixtures.repo("pipelines/osm-toilets-helsinki-pbf.yml"))
        spec.format = .osmGeoJSON
        let geoStore = try newStore()
        _ = try IngestRunner(store: geoStore, clock: fixedClock).run(spec, sourceOverride: geojson)

        let sql = "SELECT \(Self.columns), lon, lat FROM toilets ORDER BY source_id"
        let pbf = try pbfStore.testRows(sql: sql)
        let geo = try geoStore.testRows(sql: sql)
        #expect(pbf.count == 18 && geo.count == 18)
        for (a, b) in zip(pbf, geo) {
            let id = a["source_id"] as String
            for column in Self.columns.split(separator: ",").map({ $0.trimmingCharacters(in: .whitespaces) }) {
                #expect(a[column] as DatabaseValue == b[column] as DatabaseValue, "\(id) \(column)")
            }
            if id.hasPrefix("node/") {
                // Node positions: exactly the same numbers.
                #expect(a["lon"] as Double == b["lon"] as Double && a["lat"] as Double == b["lat"] as Double, "\(id)")
            }
        }
        // The way: osm-geojson places it at the centre of its bounding box; osm-pbf by the
        // documented rule. That rule applied to osmium's exported ring gives the PBF position.
        let way = try #require(pbf.first { ($0["source_id"] as String) == "way/464733009" })
        let ring = try Self.outerRing(of: "way/464733009", in: geojson)
        let expected = Placement.areaPoint(ring)
        #expect(abs(way["lon"] as Double - expected.lon) <= 1e-7 && abs(way["lat"] as Double - expected.lat) <= 1e-7)
    }

    /// The first outer ring of a feature's (Multi)Polygon in a GeoJSON file.
    static func outerRing(of id: String, in path: String) throws -> [Placement.Point] {
        let doc = try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: path))) as? [String: Any]
        let features = doc?["features"] as? [[String: Any]] ?? []
        let feature = try #require(features.first { ($0["properties"] as? [String: Any])?["@id"] as? String == id })
        let geometry = try #require(feature["geometry"] as? [String: Any])
        var coordinates: Any? = geometry["coordinates"]
        if geometry["type"] as? String == "MultiPolygon" { coordinates = (coordinates as? [Any])?.first }
        let ring = try #require((coordinates as? [Any])?.first as? [[Double]])
        return ring.map { (lon: $0[0], lat: $0[1]) }
    }

    /// `source.filters` decide the selection: `toilets=yes` alone takes the crypt of the
    /// cathedral (`tourism=attraction`, no `amenity`), which the default leaves out.
    @Test func filtersChooseTheObjects() throws {
        var spec = try PipelineDecoder.load(path: Fixtures.repo("pipelines/osm-toilets-helsinki-pbf.yml"))
        spec.overpass.filters = [[OverpassQuery.Condition(key: "toilets", value: "yes")]]
        let store = try newStore()
        let report = try IngestRunner(store: store, clock: fixedClock).run(spec)
        #expect(report.run.accepted == 1)
        let rows = try store.testRows(sql: "SELECT source_id, name, lon, lat FROM toilets")
        #expect(rows.map { "\($0["source_id"] as String) \($0["name"] as String)" } == ["node/4371604494 Tuomiokirkon krypta"])
    }

    @Test func kouvolaWithoutToiletsIsAClearReport() throws {
        let store = try newStore()
        #expect(
            throws: IngestError.emptyInput(
                path: Fixtures.shared("osm-pbf/kouvola-sample.osm.pbf"), dataset: "osm-toilets-kouvola", active: 0)
        ) {
            try ingest("osm-toilets-kouvola-pbf", into: store)
        }
        #expect(try store.testRows(sql: "SELECT count(*) AS n FROM ingest_runs").first?["n"] as Int? == 0)
    }

    /// An extract with no toilets read into a dataset that has them: the mass-retirement
    /// guard refuses it and the database is unchanged.
    @Test func kouvolaCannotRetireHelsinki() throws {
        let store = try newStore()
        try ingest("osm-toilets-helsinki-pbf", into: store)
        let before = try store.contentDigest()
        let kouvola = Fixtures.shared("osm-pbf/kouvola-sample.osm.pbf")
        #expect(throws: IngestError.emptyInput(path: kouvola, dataset: "osm-toilets-helsinki", active: 18)) {
            try ingest("osm-toilets-helsinki-pbf", into: store, source: kouvola)
        }
        #expect(try store.contentDigest() == before)
    }
}

/// Damaged PBF files through an ingest: the reader's error, naming the block, and nothing
/// written (the corpus is `Tests/OSMPBFTests/bad-input`).
@Suite struct OSMPBFBadIngestTests {
    /// Ways and relations that cannot be placed are rejected records with the reason; the
    /// rest is stored (invented fixture `Tests/OSMPBFTests/fixtures/multipolygon.opl`).
    @Test func unplacedObjectsAreRejectedWithTheirReason() throws {
        let path = Fixtures.repo("Tests/OSMPBFTests/fixtures/multipolygon.osm.pbf")
        let spec = try PipelineDecoder.load(path: Fixtures.repo("pipelines/osm-toilets-helsinki-pbf.yml"))
        let store = try newStore()
        let report = try IngestRunner(store: store, clock: fixedClock).run(spec, sourceOverride: path)
        #expect([report.run.read, report.run.accepted, report.run.rejected] as [Int] == [6, 4, 2])
        #expect(
            report.rejected.map { "\($0.id ?? "-") \($0.field): \($0.reason)" } == [
                "way/14 geometry: way/14: 1 of its 3 nodes are not in the file (cut off by the extract's boundary?); not placed",
                "relation/21 geometry: relation/21 is a type=site: only multipolygons are placed",
            ])
        let rows = try store.testRows(sql: "SELECT source_id, lon, lat FROM toilets ORDER BY source_id")
        #expect(
            rows.map { "\($0["source_id"] as String) \($0["lon"] as Double),\($0["lat"] as Double)" } == [
                "node/8 24.905,60.105", "relation/20 24.9005,60.1005", "way/12 24.903,60.1002508", "way/13 25.0005,60.2015",
            ])
    }

    /// The header's replication state is a notice of the report.
    @Test func replicationStateIsANotice() throws {
        let path = Fixtures.repo("Tests/OSMPBFTests/fixtures/replication.osm.pbf")
        let spec = try PipelineDecoder.load(path: Fixtures.repo("pipelines/osm-toilets-helsinki-pbf.yml"))
        let report = try IngestRunner(store: try newStore(), clock: fixedClock).run(spec, sourceOverride: path)
        #expect(
            report.notices.contains(
                "PBF replication state: sequence 4321, timestamp 2026-11-27T12:00:00Z, "
                    + "base URL https://download.geofabrik.de/europe/finland-updates"))
    }

    @Test(arguments: [
        "truncated.osm.pbf", "blob-over-32mib.osm.pbf", "bad-zlib.osm.pbf", "unknown-feature.osm.pbf", "lzma-blob.osm.pbf",
        "xml.osm.pbf", "history.osh.pbf",
    ])
    func badFileChangesNothing(name: String) throws {
        let store = try newStore()
        try ingest("osm-toilets-sample", into: store)
        let before = try store.contentDigest()
        let path = Fixtures.repo("Tests/OSMPBFTests/bad-input/\(name)")
        var spec = try PipelineDecoder.load(path: Fixtures.repo("pipelines/osm-toilets-helsinki-pbf.yml"))
        spec.dataset = "osm-toilets-sample"
        do {
            _ = try IngestRunner(store: store, clock: fixedClock).run(spec, sourceOverride: path)
            Issue.record("\(name) was ingested")
        } catch let IngestError.osmPBF(e) {
            #expect(e.description.hasPrefix(path + ": "))
            #expect(e.description.contains("block at byte") || e.description.contains("not an OpenStreetMap PBF file"))
        }
        #expect(try store.contentDigest() == before)
    }
}
