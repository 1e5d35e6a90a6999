import Foundation
import LocateTestSupport
import Places
import Testing

@testable import Ingest

/// Saved API answers: run folders named by time, pruning, and numbering in a reused folder.
@Suite struct ResponseArchiveTests {
    @Test(arguments: [
        ("2026-11-22T031504Z", true), ("2026-11-22T031504.123Z", true), ("notes", false), ("2026-11-22", false),
        ("2026-11-22T0315X4Z", false), ("2026-11-22T031504.123", false),
    ])
    func runFolderNames(name: String, isRun: Bool) {
        #expect(ResponseArchive.isRunName(name) == isRun)
    }

    @Test func folderNamesSortByTime() {
        let a = ResponseArchive.folder(for: "/d/x.sqlite", at: Date(timeIntervalSince1970: 1_795_000_000.25))
        #expect(a == "/d/x.sqlite.responses/2026-11-18T110640.250Z")
        let b = ResponseArchive.folder(for: "/d/x.sqlite", at: Date(timeIntervalSince1970: 1_795_000_001))
        #expect(a < b)
    }

    @Test func pruneKeepsTheNewestRunsAndOtherFiles() throws {
        let db = try Fixtures.temporaryFolder().appendingPathComponent("a.sqlite").path
        let root = ResponseArchive.root(for: db)
        for name in ["2026-11-22T010000.123Z", "2026-11-20T010000Z", "2026-11-21T010000.500Z", "notes"] {
            try FileManager.default.createDirectory(atPath: root + "/" + name, withIntermediateDirectories: true)
        }
        #expect(try ResponseArchive.prune(db: db, keep: 2) == ["2026-11-20T010000Z"])
        #expect(
            try FileManager.default.contentsOfDirectory(atPath: root).sorted() == [
                "2026-11-21T010000.500Z", "2026-11-22T010000.123Z", "notes",
            ])
        #expect(try ResponseArchive.prune(db: db, keep: 5) == [])
        #expect(try ResponseArchive.prune(db: Fixtures.temporaryFolder().appendingPathComponent("none").path, keep: 1) == [])
    }

    @Test func aReusedFolderNumbersOnAndReplaysBothRuns() async throws {
        let folder = try Fixtures.temporaryFolder().appendingPathComponent("r").path
        let at = Date(timeIntervalSince1970: 1_795_000_000)
        try await ResponseRecorder(folder: folder).save(url: "http://x/a", body: Array("1".utf8), at: at)
        try await ResponseRecorder(folder: folder).save(url: "http://x/b", body: Array("2".utf8), at: at)
        let replay = try ReplaySource(folder: folder)
        #expect(try await replay.get("http://x/a") == Array("1".utf8))
        #expect(try await replay.get("http://x/b") == Array("2".utf8))
        #expect(
            try String(contentsOfFile: folder + "/index.tsv", encoding: .utf8)
                == "http://x/a\t00001.json\t2026-11-18T11:06:40Z\nhttp://x/b\t00002.json\t2026-11-18T11:06:40Z\n")
    }
}
