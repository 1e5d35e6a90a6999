import Foundation
import LocateTestSupport
import Testing

/// `locate serve --basemap EXTRACT`: the served page draws its own streets, made once at the
/// start, and lists them for offline use; a bad extract stops the start with its reason.
@Suite struct ServeBasemapTests {
    @Test func theServedPageHasItsBasemap() throws {
        let dir = try Fixtures.temporaryFolder()
        let extract = dir.appendingPathComponent("streets.osm.pbf").path
        try Data(PBFWriter.sampleStreets()).write(to: URL(fileURLWithPath: extract))
        let server = try ServeProcess(db: try CLI.sampleDatabase(), ["--basemap", extract])
        defer { server.stop() }
        let index = try server.get("/basemap/index.json")
        #expect(index.status == 200)
        #expect(index.headers["content-type"] == "application/json; charset=utf-8")
        #expect(index.json["schema"] as? String == "basemap-index/1")
        #expect(index.json["features"] as? Int == 5)
        let shard = try server.get("/basemap/high-14-8848-5550.js")
        #expect(shard.status == 200)
        #expect(shard.headers["content-type"] == "text/javascript; charset=utf-8")
        #expect(shard.body.hasPrefix(#"LOCATE_BASEMAP_SHARD({"band":"high","layers":[{"ids":[105],"layer":"park""#))
        #expect(try server.get("/basemap/high-14-0-0.js").status == 404)
        let offline = try server.get("/offline.json").body
        for f in ["basemap/index.json", "basemap/high-14-8848-5550.js", "basemap/low-11-1106-693.js", "basemap.js"] {
            #expect(offline.contains("\"\(f)\""), "\(f)")
        }
        let data = try server.get("/data.js").body
        #expect(data.contains(#""basemap":{"attribution":"© OpenStreetMap contributors""#))
        #expect(data.contains(#""tiles":null"#))
    }

    @Test func withoutABasemapThePageTakesOpenStreetMapsTiles() throws {
        let server = try ServeProcess(db: try CLI.sampleDatabase())
        defer { server.stop() }
        #expect(try server.get("/basemap/index.json").status == 404)
        let data = try server.get("/data.js").body
        #expect(data.contains(#""basemap":null"#))
        #expect(data.contains(#""tiles":"https://tile.openstreetmap.org/{z}/{x}/{y}.png""#))
    }

    @Test func aBadExtractStopsTheStart() throws {
        let dir = try Fixtures.temporaryFolder()
        let bad = try Fixtures.write("<?xml version='1.0'?><osm/>", name: "streets.osm.pbf", in: dir)
        let r = try CLI.run(["serve", "--db", try CLI.sampleDatabase(), "--port", "0", "--basemap", bad])
        #expect(r.status == 1)
        #expect(
            r.stderr.hasSuffix(
                "error: basemap: \(bad): not an OpenStreetMap PBF file: "
                    + "it is XML (an .osm file? read it with osmium cat -o out.osm.pbf)\n"), "\(r.stderr)")
    }
}
