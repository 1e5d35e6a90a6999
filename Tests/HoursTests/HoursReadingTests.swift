import Foundation
import Hours
import LocateTestSupport
import Places
import Testing

/// Issue 22 step 4 (one hours reader), issue 23 items 5 and 6, issue 27 item 5 (bounded text).
@Suite struct HoursReadingTests {
    @Test(arguments: EverydayHours.cases)
    func everydayTextReadsToOneAnswer(c: EverydayHours.Case) {
        let r = HoursReading(c.text)
        #expect(r.text == c.text)
        #expect(r.osm == c.osm)
        #expect(r.status.rawValue == c.status)
        #expect(r.reason == c.reason)
        #expect(r.warnings.map(\.description) == c.warnings)
        #expect(r.hours?.canonical == c.osm)
    }

    @Test(arguments: [nil, "", "  \n\t "] as [String?])
    func blankTextIsMissing(text: String?) {
        let r = HoursReading(text)
        #expect(r.status == .missing)
        #expect(r.osm == nil)
        #expect(r.reason == "no opening hours given")
    }

    /// Strict mode stays strict: no everyday form, no Czech, the parser's own message.
    @Test(arguments: [
        ("Mo-Su 8-20", "not valid opening_hours (at character 8: expected ':' after the hour (write 08:00, not 8))"),
        ("Mo-Fr 8.30-16:00", "not valid opening_hours (at character 8: expected ':' after the hour (write 08:00, not 8))"),
        (
            "Mo-Fr 08:30h-16:00",
            "not valid opening_hours (at character 12: expected '-' and an end time)"
        ),
        (
            "Mo-Fr 08:00–16:00",
            "not valid opening_hours (at character 12: expected '-' and an end time)"
        ),
        (
            "po-pá 8:00-16:00",
            "not valid opening_hours (at character 1: expected a selector, a time, '24/7', a modifier or a comment)"
        ),
        ("Mo-Fr 08:00 - 16:00", "not valid opening_hours (at character 12: expected '-' and an end time)"),
        ("non-stop", "not valid opening_hours (at character 1: expected a selector, a time, '24/7', a modifier or a comment)"),
    ])
    func strictModeRefusesEverydayForms(text: String, reason: String) {
        let r = HoursReading(text, mode: .strict)
        #expect(r.status == .unknown)
        #expect(r.osm == nil)
        #expect(r.reason == reason)
    }

    /// Issue 27 item 5: the 120 KB text is refused before it is parsed; the longest text read
    /// has a bounded number of spans however it repeats them.
    @Test func longTextIsUnknownAndTheLongestReadTextStaysSmall() throws {
        let refused = HoursReading(EverydayHours.huge)
        #expect(refused.status == .unknown)
        #expect(refused.hours == nil)
        #expect(refused.reason == "a text of 120000 characters, longer than the limit of 1000")
        let longest = String(repeating: "00:00-24:00 ", count: HoursReading.maxLength / 12)
        #expect(longest.count == 996)
        let read = HoursReading(longest)
        #expect(read.status == .exact)
        let hours = try #require(read.hours)
        #expect(hours.rules.count == 1)
        #expect(hours.rules[0].times.count == 83)
        let context = HoursContext(timeZone: try #require(TimeZone(identifier: "Europe/Prague")))
        #expect(hours.state(at: Date(timeIntervalSince1970: 1_800_000_000), in: context).state == .open)
        // One character more than the limit is refused, whatever it is.
        let over = String(repeating: "x", count: HoursReading.maxLength + 1)
        #expect(HoursReading(over).reason == "a text of 1001 characters, longer than the limit of 1000")
    }

    /// Issue 23 item 6: years run to 9999; the evaluation stays bounded.
    @Test(
        arguments: [
            ("2030-2500 Mo-Fr 08:00-12:00", "2026-11-23T10:00:00Z", HoursState.closed, "2030-01-01T07:00:00Z"),
            ("2030-2500 Mo-Fr 08:00-12:00", "2400-03-01T08:00:00Z", HoursState.open, "2400-03-01T11:00:00Z"),
            ("9999 Dec 31 10:00-12:00", "2026-11-23T10:00:00Z", HoursState.closed, "9999-12-31T09:00:00Z"),
            // Open every day until 9999: the change lies past the days the scan looks at.
            ("2026-9999 00:00-24:00", "2026-11-23T10:00:00Z", HoursState.open, nil),
        ] as [(String, String, HoursState, String?)])
    func yearsRunTo9999(text: String, at: String, state: HoursState, next: String?) throws {
        let reading = HoursReading(text)
        #expect(reading.status == .exact)
        let hours = try #require(reading.hours)
        let f = ISO8601DateFormatter()
        let answer = hours.state(
            at: try #require(f.date(from: at)), in: HoursContext(timeZone: try #require(TimeZone(identifier: "Europe/Prague"))))
        #expect(answer.state == state)
        #expect(answer.nextChange.map(f.string(from:)) == next)
    }

    @Test func aYearOfFiveDigitsIsStillRefused() {
        #expect(HoursReading("10000 Mo-Fr 08:00-12:00").reason?.hasPrefix("not valid opening_hours") == true)
        #expect(
            HoursReading("1899 Mo 08:00-12:00", mode: .strict).reason
                == "not valid opening_hours (at character 1: year 1899 is out of range (1900-9999))")
    }
}

/// Issue 27 item 5 (stored text): the evaluator of stored places does not parse OSM text
/// longer than any reading produces (an edit made in QGIS or sqlite3 could store any).
@Suite struct StoredHoursBoundTests {
    @Test func overlongStoredTextIsUnknown() throws {
        let evaluator = OpenStateEvaluator()
        let huge = String(repeating: "00:00-24:00,", count: 1_000) + "00:00-24:00"
        #expect(huge.utf8.count > OpenStateEvaluator.maxOSMLength)
        #expect(evaluator.hours(huge) == nil)
        let answer = evaluator.state(
            hoursOSM: huge, timeZone: "Europe/Prague", country: nil, latitude: 50, longitude: 14,
            at: Date(timeIntervalSince1970: 1_800_000_000))
        #expect(answer.state == .unknown)
        // The canonical form of the longest text read stays within the bound.
        let longest = String(repeating: "1-2,", count: HoursReading.maxLength / 4 - 1) + "1-2"
        let read = try #require(HoursReading(longest).osm)
        #expect(read.utf8.count == 2_999)
        #expect(evaluator.hours(read) != nil)
    }
}
