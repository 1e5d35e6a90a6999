import Foundation
import LocateTestSupport
import Testing

/// `locate export snapshot --basemap EXTRACT`: the page's own streets beside it, listed for
/// offline use, named in its data, and a bad extract refused before anything is written.
@Suite struct SnapshotBasemapTests {
    static func sample() throws -> (db: String, extract: String, dir: URL) {
        let dir = try Fixtures.temporaryFolder()
        let db = dir.appendingPathComponent("db.sqlite").path
        let r = try CLI.run(["ingest", "pipelines/prague-toilets-sample.yml", "--db", db])
        try #require(r.status == 0, "\(r.stderr)")
        let extract = dir.appendingPathComponent("streets.osm.pbf").path
        try Data(PBFWriter.sampleStreets()).write(to: URL(fileURLWithPath: extract))
        return (db, extract, dir)
    }

    @Test func theSnapshotCarriesItsBasemapAndTakesNoTiles() throws {
        let (db, extract, dir) = try Self.sample()
        let out = dir.appendingPathComponent("site").path
        let r = try CLI.run(["export", "snapshot", "--out", out, "--basemap", extract, "--at", "2026-11-21T20:30", "--db", db])
        #expect(r.status == 0, "\(r.stderr)")
        let files = try FileManager.default.contentsOfDirectory(atPath: out + "/basemap").sorted()
        // The made-up streets lie in one zoom-11 and one zoom-14 tile.
        #expect(files == ["high-14-8848-5550.js", "index.json", "low-11-1106-693.js"])
        let offline = try String(contentsOfFile: out + "/offline.json", encoding: .utf8)
        for f in files + ["basemap.js"] { #expect(offline.contains(f), "\(f)") }
        let data = try String(contentsOfFile: out + "/data.js", encoding: .utf8)
        let index = try String(contentsOfFile: out + "/basemap/index.json", encoding: .utf8)
        #expect(data.contains(#""basemap":"# + index.dropLast()))
        #expect(data.contains(#""tiles":null"#))
        #expect(index.contains(#""source":"streets.osm.pbf""#))
        #expect(index.contains(#""features":5"#))
        let high = try String(contentsOfFile: out + "/basemap/high-14-8848-5550.js", encoding: .utf8)
        #expect(high.contains(#""layer":"minor","lines":[[14421400,50087500,-3400,-500,-3000,1000]],"names":["Národní"]}"#))
        #expect(
            high.contains(#""layer":"major","lines":[[14426000,50081000,-2000,3500,-2600,3000]],"names":["Václavské náměstí"]}"#))
        #expect(try String(contentsOfFile: out + "/index.html", encoding: .utf8).contains(#"<script src="basemap.js"></script>"#))
    }

    @Test func tilesGivenWithABasemapAreKept() throws {
        let (db, extract, dir) = try Self.sample()
        let out = dir.appendingPathComponent("site").path
        let r = try CLI.run([
            "export", "snapshot", "--out", out, "--basemap", extract, "--tiles", "https://tiles.example/{z}/{x}/{y}.png",
            "--tiles-attribution", "Example", "--db", db,
        ])
        #expect(r.status == 0, "\(r.stderr)")
        let data = try String(contentsOfFile: out + "/data.js", encoding: .utf8)
        #expect(data.contains(#""tiles":"https://tiles.example/{z}/{x}/{y}.png""#))
        #expect(data.contains(#""basemap":{"attribution":"© OpenStreetMap contributors""#))
    }

    @Test func withoutABasemapThePageNamesNone() throws {
        let (db, _, dir) = try Self.sample()
        let out = dir.appendingPathComponent("site").path
        #expect(try CLI.run(["export", "snapshot", "--out", out, "--db", db]).status == 0)
        let data = try String(contentsOfFile: out + "/data.js", encoding: .utf8)
        #expect(data.contains(#""basemap":null"#))
        #expect(data.contains(#""tiles":"https://tile.openstreetmap.org/{z}/{x}/{y}.png""#))
        #expect(!FileManager.default.fileExists(atPath: out + "/basemap"))
    }

    @Test func aBadExtractIsRefusedAndNothingIsWritten() throws {
        let (db, _, dir) = try Self.sample()
        let out = dir.appendingPathComponent("site").path
        let json = try Fixtures.write(#"{"type":"FeatureCollection","features":[]}"#, name: "streets.osm.pbf", in: dir)
        let r = try CLI.run(["export", "snapshot", "--out", out, "--basemap", json, "--db", db])
        #expect(r.status == 1)
        #expect(r.stderr == "error: basemap: \(json): not an OpenStreetMap PBF file: it looks like JSON\n")
        #expect(!FileManager.default.fileExists(atPath: out))
        let nodes = dir.appendingPathComponent("nodes.osm.pbf").path
        try Data(PBFWriter.file([PBFWriter.denseBlock([PBFWriter.Node(id: 1, lat: 50.08, lon: 14.42)])]))
            .write(to: URL(fileURLWithPath: nodes))
        let empty = try CLI.run(["export", "snapshot", "--out", out, "--basemap", nodes, "--json", "--db", db])
        #expect(empty.status == 1)
        #expect(
            empty.stderr
                == #"{"error":{"exit_code":1,"message":"basemap: \#(nodes) holds no streets, paths, railways, water or parks to draw"},"schema":"error/1"}"#
                + "\n")
        let missing = try CLI.run(["export", "snapshot", "--out", out, "--basemap", dir.path + "/none.osm.pbf", "--db", db])
        #expect(missing.stderr == "error: basemap: \(dir.path)/none.osm.pbf: cannot read: no such file\n")
    }
}
