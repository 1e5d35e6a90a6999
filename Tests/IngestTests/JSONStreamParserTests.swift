import Foundation
import LocateTestSupport
import Places
import Testing

@testable import Ingest

@Suite struct JSONStreamParserTests {
    func parse(_ text: String) throws -> JSONValue {
        let p = JSONStreamParser(bytes: Array(text.utf8))
        let v = try p.parseValue()
        try p.expectEnd()
        return v
    }

    @Test(arguments: [
        ("null", JSONValue.null), ("true", .bool(true)), (" false ", .bool(false)), ("-0.5e3", .number("-0.5e3")),
        ("\"Řevnická 121/1\"", .string("Řevnická 121/1")), ("\"a\\u00e9\\n\\\"\"", .string("aé\n\"")),
        ("\"\\ud83d\\ude00\"", .string("😀")), ("[1,[2],{}]", .array([.number("1"), .array([.number("2")]), .object([])])),
        ("{\"b\":1,\"a\":\"x\"}", .object([("b", .number("1")), ("a", .string("x"))])),
    ])
    func parsesValues(text: String, expected: JSONValue) throws {
        #expect(try parse(text) == expected)
    }

    @Test(arguments: [
        ("{\"a\":1,}", "expected a member name", 1), ("[1 2]", "expected ',' or ']'", 1), ("01", "invalid number '01'", 1),
        ("\"abc", "unterminated string", 1), ("{\n\"a\":\ntru}", "invalid literal, expected 'true'", 3),
        ("[1,\n2]x", "unexpected data after the top-level value", 2), ("\"\\x\"", "invalid escape '\\x'", 1),
        ("\"\\ud800\"", "unpaired surrogate in \\u escape", 1), ("", "unexpected end of input", 1),
        ("1.", "invalid number '1.'", 1),
    ])
    func rejectsWithPosition(text: String, reason: String, line: Int) {
        let e = #expect(throws: JSONSyntaxError.self) { try parse(text) }
        #expect(e?.reason == reason)
        #expect(e?.line == line)
    }

    @Test func rejectsInvalidUTF8() {
        let p = JSONStreamParser(bytes: [0x22, 0xC3, 0x28, 0x22])
        #expect(throws: JSONSyntaxError(reason: "invalid UTF-8 in string", line: 1, offset: 4)) { try p.parseValue() }
    }

    @Test func serialisesBackCompactly() throws {
        let text = "{\"OBJECTID\":1,\"ADRESA\":\"Praha 7, \\\"U\\\"\\n\",\"x\":[1.50,null,true]}"
        #expect(try parse(text).jsonText == text)
    }

    /// Chunk boundaries must not matter: read a file with a 7-byte chunk size.
    @Test func smallChunksGiveTheSameValue() throws {
        let text = "{\"features\": [ {\"a\": \"žluťoučký kůň\", \"b\": [1e5, -2]}, \"\\u00e9\" ] }"
        let path = try Fixtures.temporaryFolder().appendingPathComponent("chunks.json").path
        try Data(text.utf8).write(to: URL(fileURLWithPath: path))
        let handle = try #require(FileHandle(forReadingAtPath: path))
        let p = JSONStreamParser(handle: handle, chunkSize: 7)
        #expect(try p.parseValue() == (try parse(text)))
    }
}
