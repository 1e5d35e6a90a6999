import Export
import Foundation
import Hours
import Ingest
import LocateTestSupport
import Storage
import Testing

@Suite struct SnapshotTests {
    @Test func layoutManifestAndShardsAddUp() throws {
        let (store, dir) = try exportStore(["prague-toilets-sample"])
        let out = dir.appendingPathComponent("snap").path
        let s = try SnapshotWriter(store: store).write(to: out, at: nil)
        #expect(s.count == 12)
        #expect(s.added == nil)
        for f in [
            "manifest.json", "toilets.geojson", "toilets/shards.json", "toilets/versions.tsv", "changes.json", "index.html",
            "data.js", "leaflet/leaflet.js", "leaflet/leaflet.css",
        ] {
            #expect(FileManager.default.fileExists(atPath: out + "/" + f), "\(f)")
        }
        // Every file is listed in the manifest with its real size and digest.
        let manifest = try jsonObject(out + "/manifest.json")
        #expect(manifest["generated_at"] as? String == "2026-11-18T11:06:40Z")
        let files = try #require(manifest["files"] as? [[String: Any]])
        #expect(files.count >= 12)
        for f in files {
            let path = out + "/" + (f["path"] as? String ?? "")
            let data = try Data(contentsOf: URL(fileURLWithPath: path))
            var h = SHA256()
            h.update([UInt8](data))
            #expect(f["bytes"] as? Int == data.count)
            #expect(f["sha256"] as? String == h.finalize().hexString)
        }
        // Shards: every feature of the full file in exactly one shard, inside its cell.
        let full = try #require(try jsonObject(out + "/toilets.geojson")["features"] as? [[String: Any]]).compactMap {
            $0["id"] as? String
        }
        let index = try jsonObject(out + "/toilets/shards.json")
        let grid = try #require(index["grid_degrees"] as? Double)
        var sharded: [String] = []
        for cell in try #require(index["cells"] as? [[String: Any]]) {
            let shard = try jsonObject(out + "/toilets/" + (cell["file"] as? String ?? ""))
            let features = try #require(shard["features"] as? [[String: Any]])
            #expect(features.count == cell["count"] as? Int)
            let parts = (cell["cell"] as? String ?? "").split(separator: "_").compactMap { Int($0) }
            for f in features {
                let c = ((f["geometry"] as? [String: Any])?["coordinates"] as? [Double]) ?? [0, 0]
                #expect(Int(((c[1] + 90) / grid).rounded(.down)) == parts[0])
                #expect(Int(((c[0] + 180) / grid).rounded(.down)) == parts[1])
                sharded.append(f["id"] as? String ?? "")
            }
        }
        #expect(sharded.sorted() == full.sorted())
        #expect(Set(sharded).count == sharded.count)
    }

    @Test func rerunIsIdenticalAndChangesAreListed() throws {
        let (store, dir) = try exportStore(["prague-toilets-sample"])
        let a = dir.appendingPathComponent("a").path
        let b = dir.appendingPathComponent("b").path
        _ = try SnapshotWriter(store: store).write(to: a, at: nil)
        _ = try SnapshotWriter(store: store).write(to: b, at: nil)
        #expect(read(a + "/manifest.json") == read(b + "/manifest.json"))
        // Edit the source: one record moved address (retired + added), one price changed.
        let text = read(Fixtures.repo("datasets/prague-toilets-sample.geojson"))
            .replacingOccurrences(of: "\"Celetná (sample)\"", with: "\"Celetná 2 (sample)\"")
            .replacingOccurrences(of: "\"jednotná cena 15 Kč\"", with: "\"jednotná cena 20 Kč\"")
        let edited = Fixtures.write(text, name: "edited.geojson", in: dir)
        let spec = try PipelineDecoder.load(path: Fixtures.repo("pipelines/prague-toilets-sample.yml"))
        _ = try IngestRunner(store: store, clock: { Date(timeIntervalSince1970: 1_795_100_000) }).run(
            spec, sourceOverride: edited)
        let s = try SnapshotWriter(store: store).write(to: a, at: nil)
        #expect(s.added == 1)
        #expect(s.updated == 1)
        #expect(s.retired == 1)
        let changes = try jsonObject(a + "/changes.json")
        #expect((changes["retired"] as? [String])?.count == 1)
        #expect((changes["updated"] as? [String])?.first?.hasPrefix("prague-toilets-sample/") == true)
        let leftovers = try FileManager.default.contentsOfDirectory(atPath: dir.path).filter {
            $0.contains(".tmp-") || $0.contains(".old-")
        }
        #expect(leftovers.isEmpty)
    }

    @Test func aFailedSnapshotLeavesTheOldOneIntact() throws {
        let (store, dir) = try exportStore(["prague-toilets-sample"])
        let out = dir.appendingPathComponent("keep").path
        _ = try SnapshotWriter(store: store).write(to: out, at: nil)
        let before = read(out + "/manifest.json")
        let empty = try LocateStore(path: dir.appendingPathComponent("empty.sqlite").path)
        #expect(throws: ExportError.empty(dataset: "toilets")) { try SnapshotWriter(store: empty).write(to: out, at: nil) }
        #expect(read(out + "/manifest.json") == before)
        #expect(throws: ExportError.unwritable(path: "/nope/snap", reason: "folder /nope does not exist")) {
            try SnapshotWriter(store: store).write(to: "/nope/snap", at: nil)
        }
    }

    @Test(.enabled(if: Fixtures.haveTool("chromium"), "chromium is not installed: browser check skipped"))
    func previewRendersOneMarkerPerToilet() throws {
        let (store, dir) = try exportStore(["prague-toilets-sample"])
        let out = dir.appendingPathComponent("view").path
        let at = try #require(WallClock.instant("2026-11-21T20:30", in: prague))
        _ = try SnapshotWriter(store: store).write(to: out, at: at)
        let shot = dir.appendingPathComponent("view.png").path
        let r = try Fixtures.run("/bin/bash", [Fixtures.repo("scripts/preview-check.sh"), out, shot])
        #expect(r.status == 0, "\(r.stderr)")
        #expect(r.stdout == "markers=12 expected=12 screenshot=\(shot)\n")
        let png = try Data(contentsOf: URL(fileURLWithPath: shot))
        #expect(png.prefix(4) == Data([0x89, 0x50, 0x4E, 0x47]))
    }
}
