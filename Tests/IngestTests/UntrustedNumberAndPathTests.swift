import Foundation
import LocateTestSupport
import Places
import Testing

@testable import Ingest

/// Issue 10, items 12 and 18: numbers from outside are range-checked before they become
/// integers (no `Int(Double)` trap), and file names from data never leave their folder.
@Suite struct UntrustedNumberAndPathTests {
    func json(_ text: String) throws -> JSONValue { try JSONValue.parse(Array(text.utf8), path: "test") }

    @Test(arguments: [
        ("552", 552 as Int64?), ("\"552\"", 552), ("1e300", nil), ("\"1e19\"", nil), ("-1e300", nil), ("\"inf\"", nil),
        ("\"nan\"", nil), ("1.5", nil), ("9007199254740991", 9_007_199_254_740_991), ("9007199254740993", nil),
        ("-1", nil), ("null", nil), ("true", nil),
    ])
    func wholeNumbersAreRangeChecked(_ text: String, _ expected: Int64?) throws {
        #expect(try json(text).wholeNumber(in: JSONValue.safeIntegers) == expected)
    }

    @Test(arguments: [
        (#"{"totalPages": 3}"#, "3"), (#"{}"#, "1"), (#"{"totalPages": 0}"#, "1"), (#"{"totalPages": null}"#, "1"),
        (#"{"totalPages": 1e300}"#, "totalPages 1e300 is not a page count from 0 to 10000"),
        (#"{"totalPages": "inf"}"#, "totalPages inf is not a page count from 0 to 10000"),
        (#"{"totalPages": -1e300}"#, "totalPages -1e300 is not a page count from 0 to 10000"),
        (#"{"totalPages": 10001}"#, "totalPages 10001 is not a page count from 0 to 10000"),
        (#"{"totalPages": [2]}"#, "totalPages array is not a page count from 0 to 10000"),
    ])
    func pageCountsAreRangeChecked(_ text: String, _ expected: String) throws {
        switch GIOSClient.pageCount(try json(text)) {
        case .success(let n): #expect(String(n) == expected)
        case .failure(let e): #expect(e.reason == expected)
        }
    }

    @Test(arguments: [
        (
            GIOSDialect.legacy, #"{"id": 1, "param": {"paramFormula": "PM10", "idParam": 1e300}}"#, "idParam",
            "parameter id 1e300 is not a whole number from 0 to 2^53"
        ),
        (
            GIOSDialect.v1, #"{"Identyfikator stanowiska": 1, "Wskaźnik - wzór": "PM10", "Id wskaźnika": "-1e300"}"#,
            "Id wskaźnika", "parameter id -1e300 is not a whole number from 0 to 2^53"
        ),
        (
            GIOSDialect.legacy, #"{"id": 1e300, "param": {"paramFormula": "PM10", "idParam": 3}}"#, "id",
            "sensor id 1e300 is not a whole number from 0 to 2^53"
        ),
        (GIOSDialect.legacy, #"{"id": 5, "param": {}}"#, "id", "sensor without id or pollutant"),
    ])
    func sensorsOutOfRangeAreRejectedWithTheReason(_ dialect: GIOSDialect, _ text: String, _ field: String, _ reason: String)
        throws
    {
        let item = try json(text)
        #expect(dialect.sensor(item) == nil)
        #expect(dialect.problem(item).field == field)
        #expect(dialect.problem(item).reason == reason)
    }

    // MARK: item 18

    func replayFolder(index: String) throws -> String {
        let folder = try Fixtures.temporaryFolder().appendingPathComponent("answers")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        try Fixtures.write(index, name: "index.tsv", in: folder)
        try Fixtures.write("[]", name: "00001.json", in: folder)
        return folder.path
    }

    @Test(arguments: ["../outside/secret.json", "../../../../etc/hostname", "/etc/hostname", "..", "a/../../b.json"])
    func replayEntriesLeavingTheFolderAreRefused(_ file: String) throws {
        let folder = try replayFolder(
            index: "https://x/a\t00001.json\t2026-11-22T00:00:00Z\nhttps://x/b\t\(file)\t2026-11-22T00:00:00Z\n")
        #expect(throws: IngestError.outsideFolder(folder: folder, entry: file, origin: "\(folder)/index.tsv:2")) {
            try ReplaySource(folder: folder)
        }
        #expect(
            IngestError.outsideFolder(folder: "F", entry: "../x", origin: "F/index.tsv:2").description
                == "F/index.tsv:2: '../x' leaves the folder F: refused (names from data must stay inside it)")
    }

    @Test func plainReplayEntriesAreRead() async throws {
        let folder = try replayFolder(index: "https://x/a\t00001.json\t2026-11-22T00:00:00Z\n")
        #expect(try await ReplaySource(folder: folder).get("https://x/a") == Array("[]".utf8))
    }

    @Test(arguments: ["station/sensors/../../x", "station/sensors/..", "aqindex/./getIndex/1"])
    func folderAnswersLeavingTheFolderAreRefused(_ path: String) async throws {
        let folder = try Fixtures.temporaryFolder().path
        let source = try FolderSource(folder: folder)
        await #expect(throws: IngestError.outsideFolder(folder: folder, entry: path, origin: folder + "/" + path)) {
            try await source.get(folder + "/" + path)
        }
    }
}
