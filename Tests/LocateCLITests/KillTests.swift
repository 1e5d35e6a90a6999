import Foundation
import LocateTestSupport
import Places
import Storage
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// Kill safety (issue 10 items 5 and 14): an ingest killed with SIGKILL at seeded random
/// moments leaves the database whole (integrity check, SpatiaLite's `CheckSpatialIndex`),
/// readable at once by a read command, and holding the state before or after the run; a
/// killed first ingest leaves no database or a complete one.
@Suite(
    .enabled(if: Fixtures.haveTool("spatialite"), "spatialite CLI (spatialite-bin) is not installed"),
    .enabled(if: Fixtures.haveTool("sqlite3"), "sqlite3 CLI is not installed"))
struct KillTests {
    /// Starts `locate arguments…` and kills it with SIGKILL after `delay` seconds (it may
    /// have finished by then). Returns its exit status.
    static func killed(_ arguments: [String], after delay: Double) throws -> Int32 {
        let p = Process()
        p.executableURL = URL(fileURLWithPath: CLI.binary)
        p.arguments = arguments
        p.currentDirectoryURL = Fixtures.packageRoot
        p.environment = ProcessInfo.processInfo.environment.filter { $0.key != "LOCATE_DB" }
        p.standardOutput = FileHandle.nullDevice
        p.standardError = FileHandle.nullDevice
        try p.run()
        usleep(useconds_t(delay * 1_000_000))
        kill(p.processIdentifier, SIGKILL)
        p.waitUntilExit()
        return p.terminationStatus
    }

    /// Integrity check and spatial index check of `db` with the spatialite CLI.
    static func check(_ db: String) throws -> String {
        let r = try Fixtures.shell(
            "spatialite -silent '\(db)' \"PRAGMA integrity_check; SELECT CheckSpatialIndex('toilets', 'geom');\"")
        return r.stdout + r.stderr
    }

    /// Seconds an uninterrupted `locate arguments…` takes (the kill moments are spread over it).
    static func duration(_ arguments: [String]) throws -> Double {
        let started = Date()
        let r = try CLI.run(arguments)
        try #require(r.status == 0, "setup: locate \(arguments.joined(separator: " ")) exited \(r.status): \(r.stderr)")
        return Date().timeIntervalSince(started)
    }

    @Test func aKilledReingestLeavesTheStateBeforeOrAfterIt() throws {
        let states = try TwoStates(count: 1000)
        let base = states.path("base.sqlite")
        let after = states.path("after.sqlite")
        let seconds = try states.prepare(before: base, after: after)
        let beforeAnswer = try states.query(base)
        let afterAnswer = try states.query(after)
        try #require(beforeAnswer.status == 0 && afterAnswer.status == 0, "setup: \(beforeAnswer.stderr)\(afterAnswer.stderr)")
        try #require(beforeAnswer.stdout != afterAnswer.stdout, "setup: the two states answer alike")
        let beforeDigest = try states.digest(base)
        let afterDigest = try states.digestWithoutRunTimes(after)
        var rng = SeededRandom(seed: 2026)
        var outcomes: [String] = []
        for i in 0..<20 {
            let work = states.path("kill-\(i).sqlite")
            try FileManager.default.copyItem(atPath: base, toPath: work)
            // Most moments fall inside the run, a few after its usual end.
            let delay = Double.random(in: 0...(seconds * 1.2), using: &rng)
            let status = try KillTests.killed(states.ingestArguments(states.b, db: work), after: delay)
            let label = "kill \(i) at \(String(format: "%.3f", delay)) s (exit \(status))"
            // A read command works at once, before anything else opens the database.
            let answer = try states.query(work)
            #expect(answer.status == 0, "\(label): \(answer.stderr)")
            #expect(try KillTests.check(work) == "ok\n1\n", "\(label)")
            if try states.digest(work) == beforeDigest {
                #expect(answer.stdout == beforeAnswer.stdout, "\(label)")
                outcomes.append("before")
            } else {
                #expect(try states.digestWithoutRunTimes(work) == afterDigest, "\(label): neither before nor after")
                #expect(answer.stdout == afterAnswer.stdout, "\(label)")
                outcomes.append("after")
            }
            #expect(!FileManager.default.fileExists(atPath: work + ".partial"), "\(label)")
        }
        // The earliest moments come before any commit.
        #expect(outcomes.contains("before"))
    }

    @Test func aKilledFirstIngestLeavesNoDatabaseOrACompleteOne() throws {
        let states = try TwoStates(count: 1000)
        let reference = states.path("reference.sqlite")
        let seconds = try KillTests.duration(states.ingestArguments(states.a, db: reference))
        let answer = try states.query(reference)
        let digest = try states.digestWithoutRunTimes(reference)
        var rng = SeededRandom(seed: 5)
        for i in 0..<5 {
            let work = states.path("first-\(i).sqlite")
            let delay = Double.random(in: 0...(seconds * 1.2), using: &rng)
            let status = try KillTests.killed(states.ingestArguments(states.a, db: work), after: delay)
            let label = "kill \(i) at \(String(format: "%.3f", delay)) s (exit \(status))"
            guard FileManager.default.fileExists(atPath: work) else {
                let none = try states.query(work)
                #expect(none.status == 1, "\(label)")
                #expect(
                    none.stderr == "error: \(work): cannot open database: no such file (run `locate ingest` first)\n",
                    "\(label)")
                continue
            }
            #expect(try states.query(work).stdout == answer.stdout, "\(label)")
            #expect(try KillTests.check(work) == "ok\n1\n", "\(label)")
            #expect(try states.digestWithoutRunTimes(work) == digest, "\(label)")
        }
        // A later run cleans what a killed one left and creates the database.
        let work = states.path("first-0.sqlite")
        try? FileManager.default.removeItem(atPath: work)
        try states.ingest(states.a, db: work)
        let names = try FileManager.default.contentsOfDirectory(atPath: states.folder.path)
        #expect(
            names.filter { $0.hasPrefix("first-0.sqlite") }.sorted() == [
                "first-0.sqlite", "first-0.sqlite.toilets.kdt",
            ])
    }
}
