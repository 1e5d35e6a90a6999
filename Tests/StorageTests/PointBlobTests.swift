import Foundation
import Geo
import LocateTestSupport
import Places
import Testing

@testable import Storage

/// The bulk load checks its geometry blobs byte by byte instead of asking SpatiaLite: the
/// byte test must agree with SpatiaLite's own `GeometryType`/`ST_SRID` on every kind of
/// geometry, and accept the blobs the loader writes.
@Suite(.enabled(if: Fixtures.haveTool("spatialite"), "spatialite CLI (spatialite-bin) is not installed"))
struct PointBlobTests {
    @Test func theByteTestAgreesWithSpatiaLite() throws {
        let ours = SpatiaLiteBlob.point(Coordinate(latitude: 50.0875, longitude: 14.4214), srid: 4326)
        let hex = ours.map { String(format: "%02X", $0) }.joined()
        let geometries = [
            "X'\(hex)'", "MakePoint(14.42, 50.08, 4326)", "MakePoint(14.42, 50.08, 3857)", "MakePointZ(1, 2, 3, 4326)",
            "MakeLine(MakePoint(1, 2, 4326), MakePoint(3, 4, 4326))", "GeomFromText('MULTIPOINT(1 2)', 4326)",
            "X'0001E6100000'", "NULL",
        ]
        let rows = geometries.map {
            "SELECT (GeometryType(g) IS 'POINT' AND ST_SRID(g) = 4326), coalesce(\(LocateStore.pointBlobTest("g")), 0) FROM (SELECT \($0) AS g)"
        }
        let r = try Fixtures.shell("spatialite -silent :memory: \"\(rows.joined(separator: "; "));\"")
        #expect(r.status == 0, "\(r.stderr)")
        #expect(r.stdout.split(separator: "\n") == ["1|1", "1|1", "0|0", "0|0", "0|0", "0|0", "0|0", "0|0"])
    }
}
