import Foundation
import LocateTestSupport
import Storage
import Testing

/// The database must be a normal SpatiaLite file for standard tools.
@Suite struct SpatialDatabaseTests {
    func sampleDatabase() throws -> String {
        let db = Fixtures.temporaryFolder().appendingPathComponent("s.sqlite").path
        let locate = Fixtures.packageRoot.appendingPathComponent(".build/debug/locate").path
        let r = try Fixtures.run(locate, ["ingest", "pipelines/prague-toilets-sample.yml", "--db", db])
        #expect(r.status == 0, "\(r.stderr)")
        return db
    }

    @Test(.enabled(if: Fixtures.haveTool("spatialite"), "spatialite CLI (spatialite-bin) is not installed"))
    func checkSpatialIndexPasses() throws {
        let db = try sampleDatabase()
        let r = try Fixtures.shell(
            "spatialite -silent '\(db)' \"SELECT CheckSpatialIndex('toilets', 'geom'); SELECT count(*) FROM idx_toilets_geom;\"")
        #expect(r.stdout.split(separator: "\n").suffix(2) == ["1", "12"])
    }

    @Test(.enabled(if: Fixtures.haveTool("ogrinfo"), "ogrinfo (gdal-bin) is not installed"))
    func ogrinfoSeesAPointLayerInWGS84() throws {
        let db = try sampleDatabase()
        let r = try Fixtures.shell("ogrinfo -ro -so '\(db)' toilets")
        #expect(r.status == 0)
        #expect(r.stdout.contains("Geometry: Point"))
        #expect(r.stdout.contains("Feature Count: 12"))
        #expect(r.stdout.contains("ID[\"EPSG\",4326]"))
        let view = try Fixtures.shell("ogrinfo -ro -so '\(db)' toilets_active")
        #expect(view.stdout.contains("Geometry: Point"))
        #expect(view.stdout.contains("Feature Count: 12"))
    }

    @Test func nearestIndexFileIsRebuiltAfterAnIngest() throws {
        let db = try sampleDatabase()
        let store = try LocateStore(readingAt: db)
        let first = try NearestIndex.open(for: store)
        #expect(first.count == 12)
        #expect(FileManager.default.fileExists(atPath: db + ".toilets.kdt"))
        // Another run changes the generation: the stale file must not be used.
        let locate = Fixtures.packageRoot.appendingPathComponent(".build/debug/locate").path
        _ = try Fixtures.run(locate, ["ingest", "pipelines/prague-toilets-2026.yml", "--db", db])
        let second = try NearestIndex.open(for: try LocateStore(readingAt: db))
        #expect(second.count == (Fixtures.haveSharedDatasets ? 470 : 12))
    }
}

/// Readers refuse databases whose schema steps differ from this build's, with a reason.
@Suite struct SchemaVersionTests {
    @Test func olderOrNewerSchemaIsNamed() throws {
        let dir = Fixtures.temporaryFolder()
        let path = dir.appendingPathComponent("v.sqlite").path
        _ = try LocateStore(path: path)
        _ = try Fixtures.shell("sqlite3 '\(path)' \"DELETE FROM grdb_migrations WHERE identifier = 'v2-hours'\"")
        #expect(
            throws: StorageError.incompatible(
                path: path,
                reason: "made by an older locate (schema step 'v2-hours' missing): run `locate ingest` once to upgrade it")
        ) { try LocateStore(readingAt: path) }
        _ = try Fixtures.shell("sqlite3 '\(path)' \"INSERT INTO grdb_migrations VALUES ('v2-hours'), ('v9-future')\"")
        #expect(throws: StorageError.incompatible(path: path, reason: "made by a newer locate (schema step 'v9-future')")) {
            try LocateStore(readingAt: path)
        }
    }
}
