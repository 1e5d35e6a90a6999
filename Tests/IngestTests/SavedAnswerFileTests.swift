import Foundation
import LocateTestSupport
import Places
import Testing

@testable import Ingest

/// Saved answers (`--replay`) and answer folders are read whole, so only regular files
/// are: a FIFO would hang the ingest while it holds the write lock, a link to /dev/zero
/// would grow memory until the process dies.
@Suite struct SavedAnswerFileTests {
    @Test func aReplayedAnswerThatIsNotARegularFileIsAnError() async throws {
        let folder = try Fixtures.temporaryFolder()
        try "http://x/a\t00001.json\t2026-11-21T10:00:00Z\nhttp://x/b\t00002.json\t2026-11-21T10:00:00Z\n".write(
            to: folder.appendingPathComponent("index.tsv"), atomically: true, encoding: .utf8)
        #expect(mkfifo(folder.appendingPathComponent("00001.json").path, 0o600) == 0)
        try FileManager.default.createSymbolicLink(
            atPath: folder.appendingPathComponent("00002.json").path, withDestinationPath: "/dev/zero")
        let source = try ReplaySource(folder: folder.path)
        for url in ["http://x/a", "http://x/b"] {
            do {
                _ = try await source.get(url)
                Issue.record("\(url) was read")
            } catch let e as IngestError {
                #expect(e.description.contains("not a regular file"), "\(e)")
            }
        }
    }

    @Test func anAnswerFolderFileThatIsNotARegularFileIsAnError() async throws {
        let folder = try Fixtures.temporaryFolder()
        try FileManager.default.createDirectory(
            at: folder.appendingPathComponent("station/sensors"), withIntermediateDirectories: true)
        #expect(mkfifo(folder.appendingPathComponent("station/sensors/9001.json").path, 0o600) == 0)
        let source = try FolderSource(folder: folder.path)
        do {
            _ = try await source.get(folder.path + "/station/sensors/9001")
            Issue.record("the FIFO was read")
        } catch let e as IngestError {
            #expect(e.description.contains("not a regular file"), "\(e)")
        }
    }
}
