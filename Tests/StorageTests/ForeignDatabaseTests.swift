import Foundation
import LocateTestSupport
import Places
import Testing

@testable import Storage

/// Issue 35 §2: another program's SQLite file is refused unchanged unless
/// `WriteAccess.updatesForeign`; an empty file and SpatiaLite's metadata alone are not foreign.
@Suite struct ForeignDatabaseTests {
    @Test(.enabled(if: Fixtures.haveTool("sqlite3"), "sqlite3 is not installed"))
    func aFileWithAnotherProgramsTablesIsRefusedUnchanged() throws {
        let folder = try Fixtures.temporaryFolder()
        let path = folder.appendingPathComponent("other.sqlite").path
        let made = try Fixtures.shell("sqlite3 '\(path)' 'CREATE TABLE a (x); CREATE TABLE b (y); INSERT INTO a VALUES (1);'")
        try #require(made.status == 0, "\(made.stderr)")
        let bytes = try Data(contentsOf: URL(fileURLWithPath: path))
        #expect(throws: StorageError.incompatible(path: path, reason: ForeignDatabase.reason(["a", "b"]))) {
            try LocateStore(path: path, access: WriteAccess(createsOnClose: true))
        }
        #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == bytes)
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path) == ["other.sqlite"])
        let store = try LocateStore(path: path, access: WriteAccess(createsOnClose: true, updatesForeign: true))
        try store.close()
        // Now a locate database: opened without the flag.
        try LocateStore(path: path).close()
    }

    @Test func namesAreShortenedAfterFive() {
        #expect(
            ForeignDatabase.reason(["a", "b", "c", "d", "e", "f"]).hasPrefix(
                "it is an SQLite file of another program (tables: a, b, c, d, e, …) without locate's schema"))
    }

    @Test func anEmptyFileIsNotForeign() throws {
        let path = try Fixtures.temporaryFolder().appendingPathComponent("empty.sqlite").path
        #expect(FileManager.default.createFile(atPath: path, contents: Data()))
        try LocateStore(path: path).close()
    }
}
