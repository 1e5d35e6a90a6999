import Files
import Foundation
import LocateTestSupport
import Testing

/// The checked writer (issue 10, item 2): every failure of write, sync, close or rename is an
/// error naming the path and the system's reason; a replaced file is all or nothing.
@Suite struct CheckedFileTests {
    @Test func aFullDeviceIsAnErrorNamingThePath() throws {
        #expect(throws: FileError.cannotWrite(path: "/dev/full", reason: "No space left on device")) {
            try CheckedFile.replace("/dev/full", with: Array(repeating: 0x61, count: 10))
        }
        #expect(throws: FileError.cannotWrite(path: "/dev/full", reason: "No space left on device")) {
            let f = try CheckedFile(appendingTo: "/dev/full")
            try f.write("x")
        }
        #expect(
            FileError.cannotWrite(path: "/dev/full", reason: "No space left on device").description
                == "cannot write /dev/full: No space left on device")
    }

    @Test func replacingAFileIsAllOrNothing() throws {
        let dir = try Fixtures.temporaryFolder()
        let path = try Fixtures.write("old content\n", name: "out.txt", in: dir)
        #expect(chmod(path, 0o640) == 0)
        let f = try CheckedFile(replacing: path)
        try f.write("new ")
        // Not committed yet: the old file is whole, the new one is under a temporary name.
        #expect(try String(contentsOfFile: path, encoding: .utf8) == "old content\n")
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir.path).sorted() == ["out.txt", "out.txt.tmp-\(getpid())"])
        try f.write("content\n")
        try f.commit()
        #expect(try String(contentsOfFile: path, encoding: .utf8) == "new content\n")
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir.path) == ["out.txt"])
        let mode = try FileManager.default.attributesOfItem(atPath: path)[.posixPermissions] as? Int
        #expect(mode == 0o640)
        // Abandoned: the file stays as it was and nothing is left beside it.
        let g = try CheckedFile(replacing: path)
        try g.write("half")
        g.abandon()
        #expect(try String(contentsOfFile: path, encoding: .utf8) == "new content\n")
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir.path) == ["out.txt"])
    }

    @Test func aSymbolicLinkIsFollowedAndKept() throws {
        let dir = try Fixtures.temporaryFolder()
        let real = try Fixtures.write("a\n", name: "real.txt", in: dir)
        let link = dir.appendingPathComponent("link.txt").path
        try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: "real.txt")
        try CheckedFile.replace(link, with: Array("b\n".utf8))
        #expect(try FileManager.default.destinationOfSymbolicLink(atPath: link) == "real.txt")
        #expect(try String(contentsOfFile: real, encoding: .utf8) == "b\n")
    }

    @Test func leftoversOfDeadRunsAreRemoved() throws {
        let dir = try Fixtures.temporaryFolder()
        // No process has id 2^22 + 1 (above Linux's pid_max), so its temporary file is a leftover.
        let dead = try Fixtures.write("half", name: "out.txt.tmp-4194305", in: dir)
        let other = try Fixtures.write("keep", name: "other.txt.tmp-4194305", in: dir)
        // One with our own id: a killed run whose id the system gave to this process.
        _ = try Fixtures.write("half", name: "out.txt.tmp-\(getpid())", in: dir)
        try CheckedFile.replace(dir.appendingPathComponent("out.txt").path, with: Array("x".utf8))
        #expect(!FileManager.default.fileExists(atPath: dead))
        #expect(FileManager.default.fileExists(atPath: other))
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir.path).sorted() == ["other.txt.tmp-4194305", "out.txt"])
    }

    static let refused: [(String, String)] = [
        ("/tmp", "it is a folder (name a file, or - for standard output)"),
        ("/nope/x.json", "folder /nope does not exist"),
    ]

    @Test(arguments: refused)
    func pathsThatAreNotFilesAreRefused(path: String, reason: String) throws {
        #expect(throws: FileError.cannotWrite(path: path, reason: reason)) {
            try CheckedFile.replace(path, with: [0x61])
        }
    }

    @Test func aCharacterDeviceIsWrittenDirectly() throws {
        try CheckedFile.replace("/dev/null", with: Array("nothing".utf8))
        #expect(FileManager.default.fileExists(atPath: "/dev/null"))
        #expect(!FileManager.default.fileExists(atPath: "/dev/null.tmp-\(getpid())"))
    }

    @Test func appendingAddsLines() throws {
        let dir = try Fixtures.temporaryFolder()
        let path = dir.appendingPathComponent("index.tsv").path
        for line in ["a\n", "b\n"] {
            let f = try CheckedFile(appendingTo: path)
            try f.write(line)
            try f.commit(sync: false)
        }
        #expect(try String(contentsOfFile: path, encoding: .utf8) == "a\nb\n")
        let f = try CheckedFile(appendingTo: path)
        try f.commit()
        #expect(throws: FileError.cannotWrite(path: path, reason: "the file is already closed")) { try f.write("c") }
    }
}
