import Foundation
import LocateTestSupport
import OSMPBF
import Testing

/// A multipolygon with a courtyard, written by osmium as PBF: its inner way is read (pass
/// 2) and its place keeps out of the hole.
@Suite(.enabled(if: Fixtures.haveTool("osmium"), "osmium (osmium-tool) is not installed: scripts/setup.sh --test"))
struct InnerRingTests {
    @Test func aMultipolygonIsNotPlacedInItsCourtyard() throws {
        let dir = try Fixtures.temporaryFolder()
        // Outer square 24.9400–24.9403 × 60.1700–60.1703; a hole 24.9401–24.9402 around its
        // centroid (24.94015, 60.17015). Neither member way is selected itself.
        let opl = """
            n1 v1 x24.9400 y60.1700
            n2 v1 x24.9403 y60.1700
            n3 v1 x24.9403 y60.1703
            n4 v1 x24.9400 y60.1703
            n5 v1 x24.9401 y60.1701
            n6 v1 x24.9402 y60.1701
            n7 v1 x24.9402 y60.1702
            n8 v1 x24.9401 y60.1702
            w40 v1 Tbuilding=yes Nn1,n2,n3,n4,n1
            w41 v1 Nn5,n6,n7,n8,n5
            r30 v1 Ttype=multipolygon,amenity=toilets Mw40@outer,w41@inner

            """
        let source = try Fixtures.write(opl, name: "courtyard.opl", in: dir)
        let pbf = dir.appendingPathComponent("courtyard.osm.pbf").path
        let r = try Fixtures.run("/usr/bin/env", ["osmium", "cat", source, "-o", pbf])
        try #require(r.status == 0, "\(r.stderr)")
        let (objects, stats) = try SelectionReader.read(
            try PBFFile(path: pbf), selection: [[TagCondition(key: "amenity", value: "toilets")]])
        #expect(stats.wayBlocksReread == 1)
        #expect(objects.map(\.osmID) == ["relation/30"])
        // The middle of the west stretch of the line of latitude through the centroid.
        #expect(objects.first?.position?.lon == "24.9400500" && objects.first?.position?.lat == "60.1701500")
    }
}
