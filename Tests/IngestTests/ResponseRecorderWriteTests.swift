import Files
import Foundation
import LocateTestSupport
import Places
import Storage
import Testing

@testable import Ingest

/// Issue 10, item 2: saving an answer checks every write (answer file and index line).
@Suite struct ResponseRecorderWriteTests {
    @Test func aFullIndexIsAnErrorNamingIt() async throws {
        let folder = try Fixtures.temporaryFolder().path
        try FileManager.default.createSymbolicLink(atPath: folder + "/index.tsv", withDestinationPath: "/dev/full")
        let recorder = try ResponseRecorder(folder: folder)
        await #expect(throws: FileError.cannotWrite(path: folder + "/index.tsv", reason: "No space left on device")) {
            try await recorder.save(url: "http://x/a", body: Array("1".utf8), at: Date(timeIntervalSince1970: 0))
        }
    }

    @Test func anAnswerThatCannotBeCreatedIsAnError() async throws {
        let folder = try Fixtures.temporaryFolder().path
        try FileManager.default.createDirectory(atPath: folder + "/00001.json", withIntermediateDirectories: false)
        let recorder = try ResponseRecorder(folder: folder)
        await #expect(throws: FileError.cannotWrite(path: folder + "/00001.json", reason: "Is a directory")) {
            try await recorder.save(url: "http://x/a", body: Array("1".utf8), at: Date(timeIntervalSince1970: 0))
        }
        #expect(!FileManager.default.fileExists(atPath: folder + "/index.tsv"))
    }
}
