import Geo
import Testing

@Suite struct CRSTests {
    @Test(arguments: [
        ("EPSG:5514", 5514), ("epsg:4326", 4326), ("5514", 5514), ("urn:ogc:def:crs:EPSG::5514", 5514),
        ("urn:ogc:def:crs:OGC:1.3:CRS84", 4326), (" EPSG:3857 ", 3857),
    ])
    func parses(text: String, code: Int) {
        #expect(CRS(text: text) == CRS(epsg: code))
    }

    @Test(arguments: ["", "EPSG:", "EPSG:abc", "WGS84", "-5514", "EPSG:0"])
    func rejects(text: String) {
        #expect(CRS(text: text) == nil)
    }
}
