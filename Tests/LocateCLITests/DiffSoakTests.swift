import Foundation
import LocateTestSupport
import Places
import Storage
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// The replication soak (issue 35 §1): a chain of replication diffs made with
/// `osmium derive-changes` from seeded edits of the real Helsinki extract (`OSMEditChain`;
/// the nodes and ways of a box of its centre, at sequence 1000), some carrying records the
/// pipeline rejects, dropped into a pipeline's `changes:` folder one, two or three at a time
/// and applied by `locate ingest PIPELINE` as a timer would, some runs killed with SIGKILL at
/// a seeded moment and run again. After every run its books balance (`DiffBooks`); at the
/// end the active places equal a fresh full read of the last version (osmium writes it: the
/// oracle), with the same counts, and the sequence is the last diff's.
///
/// Bounded by counts: 100 diffs. `LOCATE_DIFF_SOAK=N` makes it N diffs and
/// `LOCATE_DIFF_SOAK_FIGURES=FILE` writes its figures to FILE (`bench/diff-soak.sh`, 1,000).
@Suite(
    .enabled(if: Fixtures.haveSharedDatasets, "../shared/datasets is absent: real-data tests skipped"),
    .enabled(if: Fixtures.haveTool("osmium"), "osmium (osmium-tool) is not installed: scripts/setup.sh --test"))
struct DiffSoakTests {
    static let box = (west: 24.939, south: 60.1665, east: 24.944, north: 60.172)
    static let first: Int64 = 1000

    static func sh(_ command: String) throws -> String {
        let r = try Fixtures.shell(command)
        try #require(r.status == 0, "\(command): \(r.stderr)")
        return r.stdout
    }

    /// Runs `locate arguments…`, killed with SIGKILL after `delay` seconds when given.
    static func locate(_ arguments: [String], killAfter delay: Double?) throws -> (status: Int32, killed: Bool) {
        guard let delay else {
            let r = try CLI.run(arguments)
            return (r.status, false)
        }
        let p = Process()
        p.executableURL = URL(fileURLWithPath: CLI.binary)
        p.arguments = arguments
        p.environment = ProcessInfo.processInfo.environment.filter { $0.key != "LOCATE_DB" }
        p.standardOutput = FileHandle.nullDevice
        p.standardError = FileHandle.nullDevice
        try p.run()
        usleep(useconds_t(delay * 1_000_000))
        let alive = kill(p.processIdentifier, SIGKILL) == 0
        p.waitUntilExit()
        return (p.terminationStatus, alive && p.terminationReason == .uncaughtSignal)
    }

    @Test func aChainOfDiffsWithRejectsAndKillsEndsAsAFullReadOfTheLastVersion() throws {
        let environment = ProcessInfo.processInfo.environment
        let count = environment["LOCATE_DIFF_SOAK"].flatMap(Int.init).map { max($0, 1) } ?? 100
        let started = Date()
        let work = try Fixtures.temporaryFolder().path
        let b = Self.box
        // The extract: the nodes and ways of a box of the real Helsinki centre.
        _ = try Self.sh(
            "cd '\(work)' && osmium extract -s simple -b \(b.west),\(b.south),\(b.east),\(b.north) "
                + "'\(Fixtures.shared("osm-pbf/helsinki-centre.osm.pbf"))' -f opl -o cut.opl -O "
                + "&& grep -v '^r' cut.opl > v0.opl && osmium cat v0.opl -o base.osm.pbf -O "
                + "--output-header=osmosis_replication_sequence_number=\(Self.first)")
        var chain = OSMEditChain(
            opl: try String(contentsOfFile: work + "/v0.opl", encoding: .utf8), box: Self.box, seed: 35)
        // The versions and the diffs between them, with their state files.
        try FileManager.default.createDirectory(atPath: work + "/made", withIntermediateDirectories: true)
        for i in 1...count {
            chain.edit()
            try chain.opl.write(toFile: "\(work)/v\(i).opl", atomically: false, encoding: .utf8)
            if i % 50 == 0 || i == count { try Self.derive(work, upTo: i, from: i - (i - 1) % 50) }
        }
        let generated = Date()
        let pipeline = try DiffFolderCommandTests.pipeline("base.osm.pbf", in: work, folder: "updates")
        let db = work + "/soak.sqlite"
        try FileManager.default.createDirectory(atPath: work + "/updates", withIntermediateDirectories: true)
        // The first run reads the extract (the folder is empty).
        try CLI.ingest([pipeline, "--db", db])
        var books = DiffBooks(db: db)
        try books.check()
        var rng = SeededRandom(seed: 36)
        var next = 1
        var (runs, kills, killedAfterCommit, rejectedRuns) = (0, 0, 0, 0)
        var seconds: [Double] = []
        while next <= count {
            // One to three new diffs in the folder, as a timer that missed a run finds them.
            let take = min(Int.random(in: 1...3, using: &rng), count - next + 1)
            for i in next..<(next + take) {
                let s = Self.first + Int64(i)
                _ = try Self.sh("cd '\(work)' && mv made/\(s).osc.gz made/\(s).state.txt updates/")
            }
            next += take
            let last = Self.first + Int64(next - 1)
            let before = try DiffBooks.counters(db).count
            if Int.random(in: 0..<10, using: &rng) == 0 {
                // Killed at a moment within a usual run (the median so far), then run again.
                let typical = seconds.sorted().dropFirst(seconds.count / 2).first ?? 0.2
                let delay = Double.random(in: 0...(typical * 1.2), using: &rng)
                let killed = try Self.locate(["ingest", pipeline, "--db", db], killAfter: delay)
                kills += 1
                let label = "kill at \(String(format: "%.3f", delay)) s before sequence \(last) (exit \(killed.status))"
                let after = try DiffBooks.counters(db)
                #expect(after.count == before || after.count == before + 1, "\(label): \(after.count - before) runs")
                if after.count == before + 1 {
                    killedAfterCommit += 1
                    #expect(
                        after.last?.sequence == Int(last), "\(label): committed at \(String(describing: after.last?.sequence))")
                } else {
                    #expect(after.last?.sequence == Int(last) - take, "\(label): neither before nor after")
                }
            }
            let t = Date()
            let r = try CLI.run(["ingest", pipeline, "--db", db])
            seconds.append(Date().timeIntervalSince(t))
            runs += 1
            #expect(r.status == 0, "diffs up to \(last): \(r.stderr)")
            let made = try DiffBooks.counters(db)
            #expect(made.last?.sequence == Int(last), "after diffs up to \(last): \(r.stderr)")
            if made.count > before { rejectedRuns += (made.last?.rejected ?? 0) > 0 ? 1 : 0 }
            try books.check(allowingNone: true)
        }
        // The oracle: a fresh full read of the last version, written by osmium.
        _ = try Self.sh("cd '\(work)' && osmium cat v\(count).opl -o last.osm.pbf -O")
        let oracle = work + "/oracle.sqlite"
        try CLI.ingest([try DiffIngestCommandTests.pipeline("last.osm.pbf", in: work), "--db", oracle])
        let mine = try DiffIngestCommandTests.places(db)
        let theirs = try DiffIngestCommandTests.places(oracle)
        #expect(mine == theirs, "active places: \(mine.count) after the diffs, \(theirs.count) read in full")
        let full = try #require(try DiffBooks.counters(oracle).last)
        let last = try #require(try DiffBooks.counters(db).last)
        let lastSequence = Int(Self.first) + count
        #expect(last.sequence == lastSequence)
        let counts: [Int] = [last.read, last.accepted, last.rejected]
        let fullCounts: [Int] = [full.read, full.accepted, full.rejected]
        #expect(
            counts == fullCounts,
            "the last run counts \(last), a full read \(full)")
        #expect(rejectedRuns > 0, "some diffs carry records the pipeline rejects")
        #expect(kills > 0)
        if let path = environment["LOCATE_DIFF_SOAK_FIGURES"] {
            let sorted = seconds.sorted()
            let figures = [
                "diffs=\(count) runs=\(runs) kills=\(kills) killed_after_commit=\(killedAfterCommit) "
                    + "runs_with_rejects=\(rejectedRuns)",
                "places=\(mine.count) read=\(last.read) accepted=\(last.accepted) rejected=\(last.rejected) "
                    + "edits=\(chain.made.sorted { $0.key < $1.key }.map { "\($0.key.replacingOccurrences(of: " ", with: "_"))=\($0.value)" }.joined(separator: " "))",
                String(
                    format: "generate_s=%.1f apply_s=%.1f run_median_s=%.3f run_p95_s=%.3f run_max_s=%.3f",
                    generated.timeIntervalSince(started), Date().timeIntervalSince(generated),
                    sorted[sorted.count / 2], sorted[min(sorted.count - 1, sorted.count * 95 / 100)], sorted.last ?? 0),
            ]
            try (figures.joined(separator: "\n") + "\n").write(toFile: path, atomically: true, encoding: .utf8)
        }
    }

    /// Diffs `from…upTo` (and their state files) into `made/`, with one shell.
    static func derive(_ work: String, upTo last: Int, from first: Int) throws {
        var script = "cd '\(work)'"
        for i in first...last {
            let s = Self.first + Int64(i)
            script += " && osmium derive-changes v\(i - 1).opl v\(i).opl -o made/\(s).osc.gz -O"
            script += " && printf 'sequenceNumber=\(s)\\ntimestamp=2026-11-02T00\\\\:00\\\\:00Z\\n' > made/\(s).state.txt"
            if i > 1 { script += " && rm v\(i - 1).opl" }
        }
        _ = try sh(script)
    }
}
