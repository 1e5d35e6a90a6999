import Foundation
import LocateTestSupport
import Testing

/// Issue 22 step 4 and issue 23 item 5 on the built binary: `hours normalize` and `hours eval`
/// give each everyday text the answer `HoursReading` gives (and ingest and contributions, in
/// their own targets' tests).
@Suite struct HoursOneReaderTests {
    static func object(_ text: String) throws -> [String: Any] {
        try #require(JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
    }

    /// `at character N: 'found' read as 'canonical' (reason)` from a JSON warning.
    static func warnings(_ value: Any?) -> [String] {
        (value as? [[String: Any]] ?? []).map { w in
            "at character \(w["at_character"] as? Int ?? 0): '\(w["found"] as? String ?? "")' read as "
                + "'\(w["canonical"] as? String ?? "")' (\(w["reason"] as? String ?? ""))"
        }
    }

    @Test(arguments: EverydayHours.cases)
    func normalizeGivesTheOneAnswer(c: EverydayHours.Case) throws {
        let r = try CLI.run(["hours", "normalize", c.text, "--json"])
        #expect(r.status == (c.osm == nil ? 3 : 0), "\(r.stderr)")
        let doc = try Self.object(r.stdout)
        #expect(doc["schema"] as? String == "hours-normalize/1")
        #expect(doc["hours_text"] as? String == c.text)
        #expect(doc["hours_osm"] as? String == c.osm)
        #expect(doc["hours_status"] as? String == c.status)
        #expect(doc["reason"] as? String == c.reason)
        #expect(Self.warnings(doc["warnings"]) == c.warnings)
        if c.osm == nil {
            let error = try Self.object(r.stderr)["error"] as? [String: Any]
            #expect(error?["message"] as? String == "could not normalize: \(c.reason ?? "")")
        }
    }

    @Test(arguments: EverydayHours.cases)
    func evalGivesTheOneAnswer(c: EverydayHours.Case) throws {
        let r = try CLI.run(["hours", "eval", c.text, "--at", "2026-11-23T10:00", "--json"])
        guard let osm = c.osm else {
            #expect(r.status == 1)
            let error = try Self.object(r.stderr)["error"] as? [String: Any]
            #expect(error?["message"] as? String == c.reason)
            return
        }
        #expect(r.status == 0, "\(r.stderr)")
        let doc = try Self.object(r.stdout)
        #expect(doc["hours_osm"] as? String == osm)
        #expect(doc["hours_status"] as? String == c.status)
        #expect(Self.warnings(doc["warnings"]) == c.warnings)
    }

    /// The human form prints the corrections as `warning:` lines.
    @Test func normalizePrintsTheCorrections() throws {
        let r = try CLI.run(["hours", "normalize", "po-pá 8-16, so 9-12"])
        #expect(r.status == 0)
        #expect(r.stdout == "Mo-Fr 08:00-16:00; Sa 09:00-12:00\n")
        #expect(
            r.stderr == """
                exact
                warning: at character 7: '8' read as '08:00' (times are written hh:mm, with minutes)
                warning: at character 9: '16' read as '16:00' (times are written hh:mm, with minutes)
                warning: at character 16: '9' read as '09:00' (times are written hh:mm, with minutes)
                warning: at character 18: '12' read as '12:00' (times are written hh:mm, with minutes)

                """)
    }

    /// `--strict` stays strict: the everyday forms are errors naming the character.
    @Test func strictEvalRefusesEverydayForms() throws {
        let r = try CLI.run(["hours", "eval", "Mo-Su 8-20", "--strict", "--at", "2026-11-23T10:00"])
        #expect(r.status == 1)
        #expect(
            r.stderr == "error: not valid opening_hours (at character 8: expected ':' after the hour (write 08:00, not 8))\n")
    }
}
