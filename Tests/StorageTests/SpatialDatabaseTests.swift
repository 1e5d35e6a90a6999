import Foundation
import LocateTestSupport
import Places
import SpatialIndex
import Storage
import Testing

/// The database must be a normal SpatiaLite file for standard tools.
@Suite struct SpatialDatabaseTests {
    /// Runs the built `locate` binary; a non-zero exit fails the test with its stderr.
    func locate(_ arguments: [String]) throws {
        let r = try Fixtures.run(Fixtures.locateBinary, arguments)
        try #require(r.status == 0, "locate \(arguments.joined(separator: " ")) exited \(r.status): \(r.stderr)")
    }

    func sampleDatabase() throws -> String {
        let db = try Fixtures.temporaryFolder().appendingPathComponent("s.sqlite").path
        try locate(["ingest", "pipelines/prague-toilets-sample.yml", "--db", db])
        return db
    }

    @Test(.enabled(if: Fixtures.haveTool("spatialite"), "spatialite CLI (spatialite-bin) is not installed"))
    func checkSpatialIndexPasses() throws {
        let db = try sampleDatabase()
        let r = try Fixtures.shell(
            "spatialite -silent '\(db)' \"SELECT CheckSpatialIndex('toilets', 'geom'); SELECT count(*) FROM idx_toilets_geom;\"")
        #expect(r.status == 0, "\(r.stderr)")
        #expect(r.stdout.split(separator: "\n").suffix(2) == ["1", "12"])
    }

    @Test(.enabled(if: Fixtures.haveTool("ogrinfo"), "ogrinfo (gdal-bin) is not installed"))
    func ogrinfoSeesAPointLayerInWGS84() throws {
        let db = try sampleDatabase()
        let r = try Fixtures.shell("ogrinfo -ro -so '\(db)' toilets")
        #expect(r.status == 0, "\(r.stderr)")
        #expect(r.stdout.contains("Geometry: Point"))
        #expect(r.stdout.contains("Feature Count: 12"))
        #expect(r.stdout.contains("ID[\"EPSG\",4326]"))
        let view = try Fixtures.shell("ogrinfo -ro -so '\(db)' toilets_active")
        #expect(view.status == 0, "\(view.stderr)")
        #expect(view.stdout.contains("Geometry: Point"))
        #expect(view.stdout.contains("Feature Count: 12"))
    }

    @Test func nearestIndexFileIsRebuiltAfterAnIngest() throws {
        let db = try sampleDatabase()
        let first = try NearestIndex.open(for: try LocateStore(readingAt: db))
        #expect(first.count == 12)
        #expect(FileManager.default.fileExists(atPath: db + ".toilets.kdt"))
        // Another run changes the generation: the stale file must not be used. This source
        // holds one new toilet, so the sample's 12 are retired and one is active.
        let one = try Fixtures.write(
            #"{"type":"FeatureCollection","features":[{"type":"Feature","geometry":{"type":"Point","coordinates":[14.42,50.08]},"#
                + #""properties":{"ADRESA":"Nová (test)","OTEVRENO":"nonstop","CENA":"zdarma"}}]}"#,
            name: "one.geojson")
        try locate(["ingest", "pipelines/prague-toilets-sample.yml", "--source", one, "--db", db, "--allow-mass-retire"])
        let second = try NearestIndex.open(for: try LocateStore(readingAt: db))
        #expect(second.count == 1)
    }
}
