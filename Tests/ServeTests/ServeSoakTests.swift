import Foundation
import LocateTestSupport
import Synchronization
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// The bounded soak of issue 27 (`bench/soak.sh` is the long one): `locate serve` under a
/// loopback request loop while ingests of two alternating inputs run back to back and an
/// editor (the `sqlite3` shell, as QGIS would) updates and deletes rows. Bounded in count
/// and time, with no assertion on speed: a slow machine does fewer rounds, never fails.
@Suite struct ServeSoakTests {
    /// Synthetic toilets per input: the two inputs share their ids and differ in every
    /// position, so each ingest updates every place.
    static let points = 30_000
    /// Ingests in the soak: at least `minIngests`, no new one after `seconds`, at most `maxIngests`.
    static let minIngests = 2
    static let maxIngests = 6
    static let seconds = 45.0

    @Test(.enabled(if: Fixtures.haveTool("sqlite3"), "the sqlite3 shell is missing"))
    func theServerSurvivesIngestsAndAnEditorUnderLoad() throws {
        let folder = try Fixtures.temporaryFolder()
        let db = folder.appendingPathComponent("soak.sqlite").path
        var pipelines: [String] = []
        for (name, seed) in [("a", UInt64(42)), ("b", UInt64(7))] {
            try SyntheticToilets.write(count: Self.points, to: folder.appendingPathComponent("\(name).geojson").path, seed: seed)
            let yaml = SyntheticToilets.pipelineYAML.replacingOccurrences(of: "synthetic.geojson", with: "\(name).geojson")
            pipelines.append(try Fixtures.write(yaml, name: "\(name).yml", in: folder))
        }
        try CLI.ingest([pipelines[0], "--db", db])
        let server = try ServeProcess(
            db: db, ["--rate", "1000000", "--burst", "1000000", "--timeout", "600", "--log-level", "warning"])
        defer { server.stop() }

        let stop = Flag()
        let tally = Tally()
        let clients = (0..<2).map { client in
            Thread {
                var rng = SeededRandom(seed: UInt64(client + 1))
                while !stop.isSet {
                    let lat = Double.random(in: 49.96...50.12, using: &rng)
                    let lon = Double.random(in: 14.26...14.68, using: &rng)
                    let path = String(format: "/v1/toilets/nearest?lat=%.5f&lon=%.5f&limit=10", lat, lon)
                    tally.answer(try? server.get(path))
                }
            }
        }
        let editor = Thread {
            var rng = SeededRandom(seed: 99)
            while !stop.isSet {
                let id = Int.random(in: 1...Self.points, using: &rng)
                let sql = [
                    ".timeout 20000", "UPDATE toilets SET name = 'edited \(id)' WHERE id = \(id);",
                    "DELETE FROM toilets WHERE id = \(id + 1);",
                ]
                let r = try? Fixtures.run("/usr/bin/env", ["sqlite3", "-batch", db] + sql)
                tally.edit(ok: r?.status == 0)
                usleep(50_000)
            }
        }
        (clients + [editor]).forEach { $0.start() }
        let start = Date()
        var ingests = 0
        var failedIngests: [String] = []
        while ingests < Self.maxIngests && (ingests < Self.minIngests || Date().timeIntervalSince(start) < Self.seconds) {
            let r = try CLI.run(["ingest", pipelines[(ingests + 1) % 2], "--db", db, "--wait", "120"])
            if r.status != 0 { failedIngests.append(r.stderr) }
            ingests += 1
        }
        stop.set()
        while (clients + [editor]).contains(where: { !$0.isFinished }) { usleep(10_000) }

        #expect(failedIngests == [])
        #expect(server.process.isRunning, "the server died: \(server.stderr.suffix(2000))")
        let counts = tally.counts
        #expect(counts.answers > 0)
        #expect(counts.bad == [], "answers that were not a whole toilet-answer/1 document")
        #expect(try server.get("/v1/health").status == 200)
        #expect(server.terminate() == 0)
        let check = try Fixtures.run("/usr/bin/env", ["sqlite3", db, "PRAGMA integrity_check"])
        #expect(check.stdout == "ok\n", "\(check.stderr)")
    }
}

/// What the soak's threads saw.
final class Tally: Sendable {
    private struct Seen {
        var answers = 0
        var bad: [String] = []
        var edits = (ok: 0, failed: 0)
    }
    private let seen = Mutex(Seen())

    var counts: (answers: Int, bad: [String], edits: (ok: Int, failed: Int)) {
        seen.withLock { ($0.answers, $0.bad, $0.edits) }
    }

    /// Counts an answer: a bad one (none, another status, not a whole document of ten
    /// results) is kept, at most 20 of them.
    func answer(_ a: HTTPAnswer?) {
        let whole =
            a?.status == 200 && a?.json["schema"] as? String == "toilet-answer/1"
            && (a?.json["results"] as? [Any])?.count == 10
        let note = whole ? nil : a.map { "\($0.status) \($0.body.prefix(300))" } ?? "no answer"
        seen.withLock {
            $0.answers += 1
            if let note, $0.bad.count < 20 { $0.bad.append(note) }
        }
    }

    func edit(ok: Bool) { seen.withLock { ok ? ($0.edits.ok += 1) : ($0.edits.failed += 1) } }
}
