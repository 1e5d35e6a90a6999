import Foundation
import LocateTestSupport
import Places
import Storage
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// Issue 35 §2 on the built binary: an ingest that cannot use its input fails (exit 1),
/// names the likely cause and writes nothing; a data file given as the pipeline names the
/// pipeline to use; another program's SQLite file is not written without `--update-foreign`;
/// SIGINT and SIGTERM stop an ingest cleanly (exit 130, 143) and a waiting ingest says so once.
@Suite struct LoudIngestTests {
    static let sample = Fixtures.repo("datasets/prague-toilets-sample.geojson")

    /// The sample pipeline with its `crs` line replaced.
    static func samplePipeline(crs: String, in folder: URL) throws -> String {
        let text = try String(contentsOfFile: Fixtures.repo("pipelines/prague-toilets-sample.yml"), encoding: .utf8)
        return try Fixtures.write(
            text.replacingOccurrences(of: "crs: EPSG:4326", with: "crs: \(crs)"), name: "wrong-crs.yml", in: folder)
    }

    /// A GeoJSON file of the sample's schema: `good` placed features, then `bad` without a geometry.
    static func features(good: Int, bad: Int, in folder: URL) throws -> String {
        let placed = (0..<good).map { i in
            #"{"type":"Feature","geometry":{"type":"Point","coordinates":[14.4\#(i),50.08]},"#
                + #""properties":{"ADRESA":"Ulice \#(i)","OTEVRENO":"nonstop","CENA":"zdarma"}}"#
        }
        let unplaced = (0..<bad).map { i in
            #"{"type":"Feature","geometry":null,"properties":{"ADRESA":"Bez polohy \#(i)","OTEVRENO":"nonstop","CENA":"zdarma"}}"#
        }
        return try Fixtures.write(
            #"{"type":"FeatureCollection","features":["# + (placed + unplaced).joined(separator: ",") + "]}",
            name: "mixed-\(good)-\(bad).geojson", in: folder)
    }

    @Test func aWrongCRSFailsNamingTheCauseAndLeavesNoDatabase() throws {
        let folder = try Fixtures.temporaryFolder()
        let pipeline = try LoudIngestTests.samplePipeline(crs: "EPSG:5514", in: folder)
        let db = folder.appendingPathComponent("new.sqlite").path
        let r = try CLI.run(["ingest", pipeline, "--source", LoudIngestTests.sample, "--db", db])
        #expect(r.status == 1)
        #expect(
            r.stderr.hasPrefix(
                "error: \(LoudIngestTests.sample): all 15 records read were rejected, none stored: nothing changed in "
                    + "dataset 'prague-toilets-sample'; likely cause: "), "\(r.stderr)")
        #expect(r.stderr.contains("check `crs:` (EPSG:5514)"), "\(r.stderr)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted() == ["wrong-crs.yml"])
    }

    @Test func moreRejectsThanTheShareFailAndLeaveTheDatabaseAsItWas() throws {
        let db = try CLI.sampleDatabase()
        let before = try LocateStore(readingAt: db).contentDigest()
        let folder = try Fixtures.temporaryFolder()
        let mixed = try LoudIngestTests.features(good: 9, bad: 11, in: folder)
        let args = ["ingest", "pipelines/prague-toilets-sample.yml", "--source", mixed, "--db", db]
        let r = try CLI.run(args)
        #expect(r.status == 1)
        #expect(
            r.stderr
                == "error: \(mixed): 11 of the 20 records read were rejected (55 %, more than the limit of 50 %): nothing "
                + "changed in dataset 'prague-toilets-sample'; likely cause: every reject: feature 10: geometry: "
                + "geometry is null; pass a higher --max-reject-share to accept\n", "\(r.stderr)")
        #expect(try LocateStore(readingAt: db).contentDigest() == before)
        let json = try CLI.run(args + ["--json"])
        #expect(json.status == 1)
        #expect(json.stderr.hasPrefix(#"{"error":{"exit_code":1,"message":"\#(mixed): 11 of the 20 records read"#))
        // Into a new database (the sample's would also retire its toilets): accepted at 0.6.
        let fresh = folder.appendingPathComponent("fresh.sqlite").path
        let accepted = try CLI.run(
            ["ingest", "pipelines/prague-toilets-sample.yml", "--source", mixed, "--max-reject-share", "0.6", "--db", fresh])
        #expect(accepted.status == 0, "\(accepted.stderr)")
        #expect(accepted.stderr.contains("read 20, accepted 9, rejected 11"), "\(accepted.stderr)")
    }

    /// Below 10 records read the share does not apply (two rejects of three are no pattern);
    /// a run that rejects every record fails whatever the count.
    @Test func aSmallInputIsJudgedOnlyWhenItRejectsEverything() throws {
        let folder = try Fixtures.temporaryFolder()
        let db = folder.appendingPathComponent("small.sqlite").path
        let few = try LoudIngestTests.features(good: 1, bad: 2, in: folder)
        let r = try CLI.run(["ingest", "pipelines/prague-toilets-sample.yml", "--source", few, "--db", db])
        #expect(r.status == 0, "\(r.stderr)")
        #expect(r.stderr.contains("read 3, accepted 1, rejected 2"), "\(r.stderr)")
        let none = try LoudIngestTests.features(good: 0, bad: 2, in: folder)
        let all = try CLI.run(["ingest", "pipelines/prague-toilets-sample.yml", "--source", none, "--db", db])
        #expect(all.status == 1)
        #expect(all.stderr.contains("all 2 records read were rejected"), "\(all.stderr)")
    }

    @Test(arguments: [
        (
            "datasets/prague-toilets-sample.geojson",
            "error: datasets/prague-toilets-sample.geojson: invalid pipeline: this is a GeoJSON FeatureCollection, not a "
                + "pipeline: run `locate ingest pipelines/prague-toilets-sample.yml --source datasets/prague-toilets-sample.geojson`"
        ),
        (
            "datasets/osm-toilets-sample.overpass.json",
            "error: datasets/osm-toilets-sample.overpass.json: invalid pipeline: this is an Overpass API JSON answer, not a "
                + "pipeline: run `locate ingest pipelines/osm-toilets-sample.yml --source datasets/osm-toilets-sample.overpass.json`"
        ),
        (
            "datasets/gios-stations-sample.json",
            "error: datasets/gios-stations-sample.json: invalid pipeline: this is a GIOŚ station list"
        ),
    ])
    func aDataFileGivenAsThePipelineNamesThePipelineToUse(file: String, start: String) throws {
        let folder = try Fixtures.temporaryFolder()
        let db = folder.appendingPathComponent("d.sqlite").path
        let r = try CLI.run(["ingest", file, "--db", db])
        #expect(r.status == 1)
        #expect(r.stderr.hasPrefix(start), "\(r.stderr)")
        #expect(!FileManager.default.fileExists(atPath: db))
    }

    @Test(.enabled(if: Fixtures.haveTool("sqlite3"), "sqlite3 is not installed"))
    func anotherProgramsSQLiteFileIsNotWrittenWithoutUpdateForeign() throws {
        let folder = try Fixtures.temporaryFolder()
        let db = folder.appendingPathComponent("parcels.sqlite").path
        let made = try Fixtures.run(
            "/usr/bin/env",
            ["sqlite3", db, "CREATE TABLE parcels (id INTEGER PRIMARY KEY, owner TEXT); INSERT INTO parcels VALUES (1, 'eva');"])
        try #require(made.status == 0, "\(made.stderr)")
        let bytes = try Data(contentsOf: URL(fileURLWithPath: db))
        let r = try CLI.run(["ingest", "pipelines/prague-toilets-sample.yml", "--db", db])
        #expect(r.status == 1)
        #expect(
            r.stderr
                == "error: \(db): cannot use this database: it is an SQLite file of another program (tables: parcels) without "
                + "locate's schema: nothing was written; use another --db, or pass --update-foreign to `locate ingest` to add "
                + "locate's tables to this file\n")
        #expect(try Data(contentsOf: URL(fileURLWithPath: db)) == bytes)
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path) == ["parcels.sqlite"])
        let asked = try CLI.run(["ingest", "pipelines/prague-toilets-sample.yml", "--update-foreign", "--db", db])
        #expect(asked.status == 0, "\(asked.stderr)")
        #expect(try Fixtures.run("/usr/bin/env", ["sqlite3", db, "SELECT owner FROM parcels"]).stdout == "eva\n")
        // An empty file is no other program's: written without the flag.
        let empty = folder.appendingPathComponent("empty.sqlite").path
        #expect(FileManager.default.createFile(atPath: empty, contents: Data()))
        let fresh = try CLI.run(["ingest", "pipelines/prague-toilets-sample.yml", "--db", empty])
        #expect(fresh.status == 0, "\(fresh.stderr)")
    }

    @Test func anIngestWaitingForAnotherSaysSoOnceAndStopsCleanlyOnSIGINT() throws {
        let db = try CLI.sampleDatabase()
        let before = try LocateStore(readingAt: db).contentDigest()
        let holder = try LocateStore(path: db, access: WriteAccess(holder: "locate ingest other.yml"))
        let (p, err) = try LoudIngestTests.start(["ingest", "pipelines/prague-toilets-sample.yml", "--db", db, "--wait", "60"])
        defer { Fixtures.stop(p) }
        let waiting = "waiting for the ingest of pid \(getpid()) to finish writing (up to 60 s)…\n"
        #expect(err.until { $0.contains(waiting) })
        kill(p.processIdentifier, SIGINT)
        p.waitUntilExit()
        #expect(p.terminationStatus == 130)
        #expect(
            err.text == waiting
                + "error: interrupted (SIGINT): the ingest stopped before it stored anything; \(db) is as it was\n")
        try holder.close()
        #expect(try LocateStore(readingAt: db).contentDigest() == before)
    }

    @Test(arguments: [false, true])
    func aFirstIngestStoppedBySIGTERMLeavesNothing(json: Bool) throws {
        let folder = try Fixtures.temporaryFolder()
        let fifo = folder.appendingPathComponent("input.geojson").path
        #expect(mkfifo(fifo, 0o600) == 0)
        let db = folder.appendingPathComponent("new.sqlite").path
        let (p, err) = try LoudIngestTests.start(
            ["ingest", "pipelines/prague-toilets-sample.yml", "--source", fifo, "--db", db] + (json ? ["--json"] : []))
        defer { Fixtures.stop(p) }
        // The ingest opens its input once its database is open: half the sample, then SIGTERM.
        let writer = try #require(FileHandle(forWritingAtPath: fifo), "cannot open the fifo")
        let text = try Data(contentsOf: URL(fileURLWithPath: LoudIngestTests.sample))
        writer.write(text.prefix(text.count / 2))
        kill(p.processIdentifier, SIGTERM)
        p.waitUntilExit()
        try writer.close()
        #expect(p.terminationStatus == 143)
        let message = "interrupted (SIGTERM): the ingest stopped before it stored anything; no database was made at \(db)"
        if json {
            #expect(err.text == #"{"error":{"exit_code":143,"message":"\#(message)"},"schema":"error/1"}"# + "\n")
        } else {
            #expect(err.text == "error: \(message)\n")
        }
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path) == ["input.geojson"])
    }

    /// Starts `locate ARGS` with its stderr collected.
    static func start(_ args: [String]) throws -> (Process, Collected) {
        let p = Process()
        p.executableURL = URL(fileURLWithPath: CLI.binary)
        p.arguments = args
        p.currentDirectoryURL = Fixtures.packageRoot
        p.environment = ProcessInfo.processInfo.environment.filter { $0.key != "LOCATE_DB" }
        let pipe = Pipe()
        p.standardError = pipe
        p.standardOutput = FileHandle.nullDevice
        p.standardInput = FileHandle.nullDevice
        let collected = Collected()
        pipe.fileHandleForReading.readabilityHandler = { handle in
            let data = handle.availableData
            collected.append(data)
            if data.isEmpty { handle.readabilityHandler = nil }
        }
        try p.run()
        return (p, collected)
    }

    /// Text a pipe handler appends to while the test reads it.
    final class Collected: @unchecked Sendable {
        private let lock = NSLock()
        private var data = Data()
        private let ended = DispatchSemaphore(value: 0)
        /// The handler's bytes; empty at the pipe's end (the process and its children closed it).
        func append(_ more: Data) {
            if more.isEmpty { ended.signal() } else { lock.withLock { data += more } }
        }
        /// Everything written, once the pipe ended (up to 60 s).
        var text: String {
            _ = ended.wait(timeout: .now() + 60)
            ended.signal()
            return lock.withLock { String(decoding: data, as: UTF8.self) }
        }

        /// Waits (up to 60 s, checking every 20 ms) until the text so far satisfies `done`.
        func until(_ done: (String) -> Bool) -> Bool {
            for _ in 0..<3000 {
                if done(lock.withLock({ String(decoding: data, as: UTF8.self) })) { return true }
                usleep(20_000)
            }
            return false
        }
    }
}
