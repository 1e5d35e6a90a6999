import Digests
import Export
import Foundation
import Hours
import Ingest
import LocateTestSupport
import Places
import Storage
import Testing

@Suite struct SnapshotTests {
    @Test func layoutManifestAndShardsAddUp() throws {
        let (store, dir) = try exportStore(["prague-toilets-sample"])
        let out = dir.appendingPathComponent("snap").path
        let s = try SnapshotWriter(store: store).write(to: out, at: nil)
        #expect(s.datasets == [SnapshotSummary.Dataset(name: "toilets", count: 12, added: nil, updated: nil, retired: nil)])
        for f in [
            "manifest.json", "toilets.geojson", "toilets/shards.json", "toilets/versions.tsv", "changes.json", "index.html",
            "data.js", "preview.js", "preview.css", "leaflet/leaflet.js", "leaflet/leaflet.css",
            "leaflet/leaflet.markercluster.js", "leaflet/MarkerCluster.css", "leaflet/MarkerCluster.Default.css",
            "leaflet/LICENSE-leaflet.txt", "leaflet/LICENSE-markercluster.txt", "offline.json", "sw.js",
            "manifest.webmanifest", "icon-192.png", "list.js", "basemap.js",
        ] {
            #expect(FileManager.default.fileExists(atPath: out + "/" + f), "\(f)")
        }
        // Every file is listed in the manifest with its real size and digest.
        let manifest = try jsonObject(out + "/manifest.json")
        #expect(manifest["generated_at"] as? String == "2026-11-18T11:06:40Z")
        let files = try #require(manifest["files"] as? [[String: Any]])
        #expect(files.count == 41)
        // offline.json, written last, lists every file, the manifest and itself too.
        let offline = try #require(try jsonObject(out + "/offline.json")["files"] as? [String])
        #expect(offline == (files.compactMap { $0["path"] as? String } + ["manifest.json", "offline.json"]).sorted())
        for f in files {
            let path = out + "/" + (f["path"] as? String ?? "")
            let data = try Data(contentsOf: URL(fileURLWithPath: path))
            var h = SHA256Hasher()
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
        let first = try SnapshotWriter(store: store).write(to: a, at: nil)
        let second = try SnapshotWriter(store: store).write(to: b, at: nil)
        #expect(first == second)
        #expect(
            first.dataset("toilets")
                == SnapshotSummary.Dataset(name: "toilets", count: 12, added: nil, updated: nil, retired: nil))
        #expect(read(a + "/manifest.json") == read(b + "/manifest.json"))
        // Edit the source: one record moved 111 m to a new address (retired + added), one
        // price changed.
        let text = read(Fixtures.repo("datasets/prague-toilets-sample.geojson"))
            .replacingOccurrences(of: "\"Celetná (sample)\"", with: "\"Celetná 2 (sample)\"")
            .replacingOccurrences(of: "50.08655\n", with: "50.08755\n")
            .replacingOccurrences(of: "\"jednotná cena 15 Kč\"", with: "\"jednotná cena 20 Kč\"")
        let edited = try Fixtures.write(text, name: "edited.geojson", in: dir)
        let spec = try PipelineDecoder.load(path: Fixtures.repo("pipelines/prague-toilets-sample.yml"))
        let edit = try IngestRunner(store: store, clock: { Date(timeIntervalSince1970: 1_795_100_000) }).run(
            spec, sourceOverride: edited)
        #expect(edit.run.counts == MergeCounts(added: 1, updated: 1, unchanged: 10, retired: 1))
        let s = try SnapshotWriter(store: store).write(to: a, at: nil)
        #expect(s.dataset("toilets") == SnapshotSummary.Dataset(name: "toilets", count: 12, added: 1, updated: 1, retired: 1))
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
        #expect(try SnapshotWriter(store: store).write(to: out, at: nil).dataset("toilets")?.count == 12)
        let before = read(out + "/manifest.json")
        let empty = try LocateStore(path: dir.appendingPathComponent("empty.sqlite").path)
        #expect(throws: ExportError.empty(dataset: "toilets or stations")) {
            try SnapshotWriter(store: empty).write(to: out, at: nil)
        }
        #expect(read(out + "/manifest.json") == before)
        #expect(throws: ExportError.unwritable(path: "/nope/snap", reason: "folder /nope does not exist")) {
            try SnapshotWriter(store: store).write(to: "/nope/snap", at: nil)
        }
    }

    @Test func stationsJoinTheSnapshotWithTheirNewestValues() async throws {
        let (store, dir) = try await exportStore(["prague-toilets-sample", "gios-stations-sample", "gios-air-sample"])
        let out = dir.appendingPathComponent("both").path
        let at = try #require(WallClock.instant("2026-11-21T20:30", in: prague))
        let s = try SnapshotWriter(store: store).write(to: out, at: at)
        #expect(s.datasets.map(\.name) == ["toilets", "stations"])
        #expect(
            s.dataset("stations") == SnapshotSummary.Dataset(name: "stations", count: 6, added: nil, updated: nil, retired: nil))
        let manifest = try jsonObject(out + "/manifest.json")
        let datasets = try #require(manifest["datasets"] as? [[String: Any]])
        #expect(datasets.map { $0["kind"] as? String } == ["toilets", "stations"])
        #expect(datasets.allSatisfy { $0["name"] == nil && $0["dataset"] == nil })
        #expect(datasets[0]["changes"] as? String == "changes.json")
        #expect(datasets[1]["file"] as? String == "stations.geojson")
        #expect(datasets[1]["versions"] as? String == "stations/versions.tsv")
        #expect(datasets[1]["changes"] as? String == "stations/changes.json")
        #expect(datasets[1]["shards"] is NSNull)
        #expect(datasets[1]["shard_count"] is NSNull)
        #expect(datasets[0]["shards"] as? String == "toilets/shards.json")
        let paths = try #require(manifest["files"] as? [[String: Any]]).compactMap { $0["path"] as? String }
        #expect(
            paths.contains("stations.geojson") && paths.contains("stations/versions.tsv")
                && paths.contains("stations/changes.json"))
        // The stations file equals `export geojson --kind stations` at the same time.
        let single = dir.appendingPathComponent("stations.geojson").path
        try GeoJSONExporter(store: store).write(dataset: "stations", to: single, at: at)
        #expect(read(out + "/stations.geojson") == read(single))
        #expect(read(out + "/stations.geojson").contains("\"measured_at_pm10\":\"2026-11-21T19:00:00+01:00\""))
        #expect(read(out + "/stations.geojson").contains("\"value_pm10\":52.1,"))
        #expect(read(out + "/data.js").contains("window.LOCATE_STATIONS = {\"bbox\":["))
        // A station retired from a later list shows in the stations' changes.
        let list = read(Fixtures.repo("datasets/gios-stations-sample.json"))
        var stations = try #require(try JSONSerialization.jsonObject(with: Data(list.utf8)) as? [[String: Any]])
        stations.removeAll { $0["id"] as? Int == 9002 }
        let edited = dir.appendingPathComponent("fewer.json").path
        try JSONSerialization.data(withJSONObject: stations).write(to: URL(fileURLWithPath: edited))
        let spec = try PipelineDecoder.load(path: Fixtures.repo("pipelines/gios-stations-sample.yml"))
        let fewer = try await IngestRunner(store: store, clock: { Date(timeIntervalSince1970: 1_795_100_000) }).run(
            spec, sourceOverride: edited)
        #expect(fewer.run.counts == MergeCounts(added: 0, updated: 0, unchanged: 5, retired: 1))
        let again = try SnapshotWriter(store: store).write(to: out, at: at)
        #expect(
            again.dataset("stations") == SnapshotSummary.Dataset(name: "stations", count: 5, added: 0, updated: 0, retired: 1))
        #expect(again.dataset("toilets")?.added == 0)
        let changes = try jsonObject(out + "/stations/changes.json")
        #expect(changes["retired"] as? [String] == ["gios-stations-sample/9002"])
        #expect(changes["kind"] as? String == "stations")
        #expect(changes["dataset"] == nil)
        #expect(changes["previous"] as? String == "stations/versions.tsv")
        #expect(changes["schema"] as? String == "snapshot-changes/1")
    }

    @Test func aSnapshotOfStationsAloneHasNoToiletFiles() throws {
        let (store, dir) = try exportStore(["gios-stations-sample"])
        let out = dir.appendingPathComponent("st").path
        let s = try SnapshotWriter(store: store).write(to: out, at: nil)
        #expect(s.datasets.map(\.name) == ["stations"])
        #expect(!FileManager.default.fileExists(atPath: out + "/toilets.geojson"))
        #expect(read(out + "/data.js").hasPrefix("window.LOCATE_COUNT = 0;\nwindow.LOCATE_DATA = null;\n"))
    }

    @Test(.enabled(if: Fixtures.haveTool("chromium"), "chromium is not installed: browser check skipped"))
    func previewRendersOneMarkerPerToiletAndStation() async throws {
        let (store, dir) = try await exportStore(["prague-toilets-sample", "gios-stations-sample", "gios-air-sample"])
        let out = dir.appendingPathComponent("view").path
        let at = try #require(WallClock.instant("2026-11-21T20:30", in: prague))
        #expect(try SnapshotWriter(store: store).write(to: out, at: at).datasets.map(\.name) == ["toilets", "stations"])
        let shot = dir.appendingPathComponent("view.png").path
        let r = try Fixtures.run("/bin/bash", [Fixtures.repo("scripts/preview-check.sh"), out, shot])
        #expect(r.status == 0, "\(r.stderr)")
        #expect(r.stdout == "markers=18 expected=18 screenshot=\(shot)\n")
        let png = try Data(contentsOf: URL(fileURLWithPath: shot))
        #expect(png.prefix(4) == Data([0x89, 0x50, 0x4E, 0x47]))
    }
}
