import Foundation
import LocateTestSupport
import Testing

/// Issue 10, items 5 and 16: `locate export snapshot` killed with SIGKILL at 20 random
/// moments (seeded). After each kill the snapshot in place is whole (its manifest parses and
/// every file it lists exists with its size) and is the one before or the one being written;
/// the next export works, its change list is right, and nothing piles up.
@Suite struct SnapshotKillTests {
    static let kills = 20

    /// A finished export's change line for a snapshot replaced by `to` over `from`.
    static func changes(from: String, to: String) -> String {
        from == to
            ? "; since the previous one: toilets 0 added, 0 updated, 0 retired\n"
            : "; since the previous one: toilets 1 added, 1 updated, 1 retired\n"
    }

    @Test func aKilledSnapshotExportNeverLosesTheSnapshot() throws {
        let fm = FileManager.default
        let dir = try Fixtures.temporaryFolder()
        // Two databases: the sample, and the sample after an edit (1 added, 1 updated, 1 retired:
        // Celetná moves 111 m to a new address, beyond the 5 m of position matching).
        let dbA = try CLI.sampleDatabase()
        let dbB = dir.appendingPathComponent("b.sqlite").path
        try CLI.ingest(["pipelines/prague-toilets-sample.yml", "--db", dbB])
        let text = try String(contentsOfFile: Fixtures.repo("datasets/prague-toilets-sample.geojson"), encoding: .utf8)
            .replacingOccurrences(of: "\"Celetná (sample)\"", with: "\"Celetná 2 (sample)\"")
            .replacingOccurrences(of: "50.08655\n", with: "50.08755\n")
            .replacingOccurrences(of: "\"jednotná cena 15 Kč\"", with: "\"jednotná cena 20 Kč\"")
        let edited = try Fixtures.write(text, name: "edited.geojson", in: dir)
        try CLI.ingest(["pipelines/prague-toilets-sample.yml", "--source", edited, "--db", dbB])
        let databases = ["A": dbA, "B": dbB]
        // Reference versions of each, and how long one export takes.
        var versions: [String: String] = [:]
        var longest = 0.0
        for (name, db) in databases.sorted(by: { $0.key < $1.key }) {
            let ref = dir.appendingPathComponent("ref-\(name)").path
            let started = Date()
            #expect(try CLI.run(["export", "snapshot", "--out", ref, "--db", db]).status == 0)
            longest = max(longest, Date().timeIntervalSince(started))
            versions[name] = try String(contentsOfFile: ref + "/toilets/versions.tsv", encoding: .utf8)
        }
        #expect(versions["A"] != versions["B"])
        let site = dir.appendingPathComponent("site").path
        #expect(try CLI.run(["export", "snapshot", "--out", site, "--db", dbA]).status == 0)
        var current = "A"
        var rng = SeededRandom(seed: 20_261_122)
        for kill in 0..<SnapshotKillTests.kills {
            let killed = Bool.random(using: &rng) ? "A" : "B"
            let delay = Double.random(in: 0...longest, using: &rng)
            try SnapshotKillTests.killedExport(site: site, db: databases[killed] ?? "", after: delay)
            // The snapshot in place is whole, and is the old one or the new one.
            let found = try SnapshotKillTests.checkWhole(site)
            let state = versions.first { $0.value == found }?.key
            #expect(state == current || state == killed, "kill \(kill) after \(delay) s: an unknown versions file")
            current = state ?? current
            let generations = try fm.contentsOfDirectory(atPath: site + ".v")
            // At most: the marker, the two kept generations, the killed run's work folder or
            // its finished generation not yet linked, and its link.
            #expect(generations.filter { Int($0) != nil }.count <= 3, "kill \(kill): \(generations)")
            #expect(generations.count <= 5, "kill \(kill): \(generations)")
            // The next export works and lists the right changes.
            let next = Bool.random(using: &rng) ? "A" : "B"
            let r = try CLI.run(["export", "snapshot", "--out", site, "--db", databases[next] ?? ""])
            #expect(r.status == 0, "kill \(kill): \(r.stderr)")
            #expect(r.stderr.hasSuffix(SnapshotKillTests.changes(from: current, to: next)), "kill \(kill): \(r.stderr)")
            #expect(try SnapshotKillTests.checkWhole(site) == versions[next])
            current = next
            // Nothing left behind: the link, two generations and the marker.
            let after = try fm.contentsOfDirectory(atPath: site + ".v").sorted()
            #expect(after.count == 3 && after.first == ".locate-snapshots", "kill \(kill): \(after)")
            #expect(try fm.contentsOfDirectory(atPath: dir.path).filter { $0.hasPrefix("site") }.sorted() == ["site", "site.v"])
        }
    }

    /// Starts an export and kills it with SIGKILL after `delay` seconds (if still running).
    static func killedExport(site: String, db: String, after delay: Double) throws {
        let p = Process()
        p.executableURL = URL(fileURLWithPath: CLI.binary)
        p.arguments = ["export", "snapshot", "--out", site, "--db", db]
        var env = ProcessInfo.processInfo.environment
        env["LOCATE_DB"] = nil
        p.environment = env
        p.standardOutput = FileHandle.nullDevice
        p.standardError = FileHandle.nullDevice
        try p.run()
        usleep(UInt32(delay * 1_000_000))
        Fixtures.stop(p)
    }

    /// Checks the snapshot `site` links to: the manifest parses, every file it lists has its
    /// size. Returns the toilets' versions file.
    static func checkWhole(_ site: String) throws -> String {
        let manifest = try #require(
            try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: site + "/manifest.json")))
                as? [String: Any])
        #expect(manifest["schema"] as? String == "snapshot-manifest/1")
        let files = try #require(manifest["files"] as? [[String: Any]])
        // With the marker-cluster plugin, its style sheets and both licences, and the web app's
        // files (the list, languages, service worker, manifest and icons, the basemap's drawer,
        // bookmarks and the station panel).
        #expect(files.count == 41)
        for f in files {
            let path = site + "/" + (f["path"] as? String ?? "")
            let size = (try? FileManager.default.attributesOfItem(atPath: path)[.size] as? Int) ?? -1
            #expect(size == f["bytes"] as? Int, "\(path)")
        }
        return try String(contentsOfFile: site + "/toilets/versions.tsv", encoding: .utf8)
    }
}
