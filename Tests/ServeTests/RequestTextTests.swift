import Foundation
import LocateTestSupport
import Places
import Testing

@testable import Serve

/// Text from a request is taken only as what it says (issue 27, item 5): no control
/// character in a path or query parameter (SQLite and C stop reading at a NUL), no member
/// given twice, the real fault of text that is not UTF-8, and no charset but UTF-8.
@Suite struct RequestTextTests {
    @Test(arguments: [
        (#"{"name": "a", "name": "b"}"#, "field 'name': is given more than once"),
        (#"{"lat": 50, "n\u0061me": "a", "name": "b"}"#, "field 'name': is given more than once"),
        (#"{"note": {"x": 1, "x": 2}, "note": 3}"#, "field 'note': is given more than once"),
        (#"{"a": "\"name\"", "name": [1, "name"]}"#, nil),
        (#"[1, 1]"#, nil),
    ])
    func aMemberGivenTwiceIsRefused(body: String, message: String?) {
        do {
            try BodyShape.check(Data(body.utf8))
            #expect(message == nil, "accepted \(body)")
        } catch {
            #expect("\(error)" == message ?? "accepted", "\(body)")
        }
    }

    @Test(arguments: [
        ([0xFF], "name", "field 'name': is not valid UTF-8 text (byte 0xFF at offset 10)"),
        ([0xC3], "name", "field 'name': is not valid UTF-8 text (byte 0xC3 at offset 10)"),
        ([0xED, 0xA0, 0x80], "note", "field 'note': is not valid UTF-8 text (byte 0xED at offset 10)"),
    ])
    func textThatIsNotUTF8IsNamedSo(bad: [UInt8], field: String, message: String) {
        // `{"name": "` and `{"note": "` are 10 bytes: the bad bytes start at offset 10.
        let body = Array("{\"\(field)\": \"".utf8) + bad + Array("y\"}".utf8)
        #expect(throws: ServeError.refused(status: 422, message: message, field: field)) { try BodyShape.check(Data(body)) }
    }

    @Test func aNameThatIsNotUTF8RefusesTheWholeBody() {
        let body = Array("{\"na".utf8) + [0xFF] + Array("me\": 1}".utf8)
        #expect(
            throws: ServeError.refused(status: 400, message: "the body is not valid UTF-8 (byte 0xFF at offset 4)", field: nil)
        ) {
            try BodyShape.check(Data(body))
        }
    }

    @Test(arguments: [
        ("application/json", nil),
        ("application/json; charset=utf-8", nil),
        ("Application/JSON; Charset=\"UTF-8\"", nil),
        ("application/json; charset=utf-16", "Content-Type charset 'utf-16' is not supported: send JSON as UTF-8"),
        ("application/json;charset=ISO-8859-1", "Content-Type charset 'ISO-8859-1' is not supported: send JSON as UTF-8"),
        ("text/json", "Content-Type 'text/json' is not application/json"),
    ])
    func onlyUTF8JSONIsRead(contentType: String, message: String?) {
        do {
            try ContributionRoutes.checkJSON(contentType)
            #expect(message == nil)
        } catch {
            #expect("\(error)" == message ?? "accepted", "\(contentType)")
        }
    }

    /// On the built binary: the reprobe's requests.
    @Test func theServerRefusesControlCharactersDuplicatesBadTextAndOtherCharsets() throws {
        let s = try ContributionServer()
        let toilet = String(try s.oldTownSquare("").dropLast())
        let cases: [(String, String, String)] = [
            (toilet + "%00anything", "id", "parameter 'id': contains a control character (NUL)"),
            (toilet + "%0A", "id", "parameter 'id': contains a control character (newline)"),
            (
                "/v1/toilets/prague-toilets-sample%1B/x", "dataset",
                "parameter 'dataset': contains a control character (U+001B)"
            ),
            (String(repeating: "a", count: 64) + "%00", "hash", "parameter 'hash': contains a control character (NUL)"),
            (
                "/v1/toilets/nearest?lat=50.08&lon=14.42&dataset=prague-toilets-sample%00x", "dataset",
                "parameter 'dataset': contains a control character (NUL)"
            ),
        ]
        for (path, parameter, message) in cases {
            let r = try s.server.raw(path.hasPrefix("/") ? path : "/v1/photos/" + path)
            #expect(r.status == 400, "\(path): \(r.text)")
            #expect(r.errorField == parameter, "\(path)")
            #expect(r.errorMessage == message, "\(path)")
        }
        let edit = try s.server.post(toilet + "%00x/edits", json: #"{"name": "x"}"#)
        #expect(edit.status == 400)
        #expect(edit.errorMessage == "parameter 'id': contains a control character (NUL)")

        let twice = try s.server.post("/v1/toilets", json: #"{"lat": 50.1, "lon": 14.45, "name": "a", "name": "b"}"#)
        #expect(twice.status == 422)
        #expect(twice.errorField == "name")
        #expect(twice.errorMessage == "field 'name': is given more than once")

        let latin1 = Data(#"{"lat": 50.1, "lon": 14.45, "name": "Nov"#.utf8) + Data([0xE1]) + Data(#""}"#.utf8)
        let bad = try s.server.post("/v1/toilets", bytes: latin1, contentType: "application/json")
        #expect(bad.status == 422)
        #expect(bad.errorField == "name")
        #expect(bad.errorMessage == "field 'name': is not valid UTF-8 text (byte 0xE1 at offset 40)")

        let utf16 = try s.server.post(
            "/v1/toilets", bytes: Data(#"{"lat": 50.1, "lon": 14.45}"#.utf16.flatMap { [UInt8($0 & 0xFF), UInt8($0 >> 8)] }),
            contentType: "application/json; charset=utf-16")
        #expect(utf16.status == 415)
        #expect(utf16.errorMessage == "Content-Type charset 'utf-16' is not supported: send JSON as UTF-8")
        let utf8 = try s.server.post(
            "/v1/toilets", bytes: Data(#"{"lat": 50.1, "lon": 14.45}"#.utf8), contentType: "application/json; charset=utf-8")
        #expect(utf8.status == 202, "\(utf8.text)")
        #expect(s.server.terminate() == 0)
    }
}
