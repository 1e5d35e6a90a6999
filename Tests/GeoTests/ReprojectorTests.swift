import Foundation
import LocateTestSupport
import Testing

@testable import Geo

@Suite struct ReprojectorTests {
    static let prague = BoundingBox(minLongitude: 14.22, minLatitude: 49.94, maxLongitude: 14.71, maxLatitude: 50.18)

    @Test func wgs84IsIdentity() throws {
        let r = try Reprojector(from: .wgs84, area: Self.prague)
        #expect(r.isIdentity)
        #expect(r.transform(x: 14.42, y: 50.08) == Coordinate(latitude: 50.08, longitude: 14.42))
    }

    @Test func sJTSKGivesLonLatOrderAndRecordsTheOperation() throws {
        let r = try Reprojector(from: .sJTSK, area: Self.prague)
        let c = try #require(r.transform(x: -740_408.116347596, y: -1_043_919.32368107))
        // cs2cs EPSG:5514 EPSG:4326 gives 50.08232970 14.45622363.
        #expect(abs(c.latitude - 50.08232970) < 1e-8)
        #expect(abs(c.longitude - 14.45622363) < 1e-8)
        let op = try #require(r.lastUsedOperation())
        #expect(op.description.contains("S-JTSK to WGS 84"))
        #expect(op.accuracyMeters == 1.0)
    }

    @Test(.enabled(if: Fixtures.haveTool("cs2cs"), "PROJ's cs2cs tool (proj-bin) is not installed"))
    func agreesWithCs2cs() throws {
        let r = try Reprojector(from: .sJTSK, area: Self.prague)
        let points = [(-742_331.670330927, -1_048_339.70625335), (-753_571.26, -1_052_884.39), (-728_159.29, -1_036_843.80)]
        for (x, y) in points {
            let out = try Fixtures.shell("echo '\(x) \(y)' | cs2cs -f %.10f EPSG:5514 EPSG:4326")
            #expect(out.status == 0, "\(out.stderr)")
            let f = out.stdout.split(whereSeparator: { $0 == "\t" || $0 == " " || $0 == "\n" }).compactMap { Double($0) }
            try #require(f.count == 3, "cs2cs answered '\(out.stdout)'")
            let c = try #require(r.transform(x: x, y: y))
            let d = Geodesic().distance(from: c, to: Coordinate(latitude: f[0], longitude: f[1]))
            #expect(d < 0.001, "\(x) \(y) differs from cs2cs by \(d) m")
        }
    }

    @Test func unknownCodeIsNamed() {
        let error = #expect(throws: GeoError.self) { try Reprojector(from: CRS(epsg: 999_999), area: nil) }
        #expect(error.map { "\($0)" }?.hasPrefix("unknown CRS EPSG:999999") == true, "\(String(describing: error))")
    }

    /// PROJ is opened with dlopen only for a real reprojection; when it cannot be loaded
    /// the error says what is missing and how to get it.
    @Test func missingProjIsAClearError() throws {
        #if os(Linux)
            let reason = "libproj-missing.so.0: cannot open shared object file: No such file or directory"
            #expect(throws: GeoError.projUnavailable(.sJTSK, reason: reason)) {
                try Reprojector(from: .sJTSK, area: Self.prague, libraryNames: ["libproj-missing.so.0"])
            }
            #expect(
                "\(GeoError.projUnavailable(.sJTSK, reason: reason))"
                    == "cannot load PROJ, needed to reproject from EPSG:5514 (\(reason)); install PROJ 9 (Debian/Ubuntu: libproj25)"
            )
        #endif
        let identity = try Reprojector(from: .wgs84, area: nil, libraryNames: ["libproj-missing.so.0"])
        #expect(identity.isIdentity)
        #expect(identity.transform(x: 14.42, y: 50.08) == Coordinate(latitude: 50.08, longitude: 14.42))
    }
}
