import Places
import Testing

@testable import Hours

/// Issue 10, items 9-11: Czech hours text never traps, never loops, and is read in linear
/// time. Each case gives the exact outcome.
@Suite struct CzechRobustnessTests {
    static let longNines = String(repeating: "9", count: 60) + "…"

    @Test(arguments: [
        // Item 9: digits multiplied without bounds (an overflow trap, exit 132).
        ("999999999999999999:00", "a number longer than 4 digits at character 1 in '999999999999999999:00'"),
        ("po-pá 6:00-99999:00", "a number longer than 4 digits at character 12 in 'po-pá 6:00-99999:00'"),
        ("6.99999", "a number longer than 4 digits at character 3 in '6.99999'"),
        ("po-ne 15. 123456", "a number longer than 4 digits at character 11 in 'po-ne 15. 123456'"),
        // Item 10: invalid dates made the reader loop forever without progress.
        ("8.0.", "month 0 does not exist in '8.0.'"),
        ("0.6", "day 0 does not exist in Jun in '0.6'"),
        ("32.1.", "day 32 does not exist in Jan in '32.1.'"),
        ("15.13.", "month 13 does not exist in '15.13.'"),
        ("45.dubna", "day 45 does not exist in Apr in '45.dubna'"),
        ("po-ne 94.9e-324 h", "day 94 does not exist in Sep in 'po-ne 94.9e-324 h'"),
        // Dates the reader let through to an OSM expression that then failed ("internal error").
        ("31.4.-30.9. 8:00-20:00", "day 31 does not exist in Apr in '31.4.-30.9. 8:00-20:00'"),
        ("1.5.-32.5. 8:00-20:00", "day 32 does not exist in May in '1.5.-32.5. 8:00-20:00'"),
        ("1.5. a 30.2. 8:00-20:00", "day 30 does not exist in Feb in '1.5. a 30.2. 8:00-20:00'"),
        ("duben 0.6 8:00-20:00", "day 0 does not exist in Jun in 'duben 0.6 8:00-20:00'"),
    ])
    func unreadableTextIsUnknownWithTheReason(text: String, reason: String) {
        let h = CzechHours(czech: text)
        #expect(h.status == .unknown)
        #expect(h.reason == reason)
        #expect(h.expression == "\"\(text)\"")
    }

    /// Item 11: 4,000 and 16,000 digits took 1.9 s and 21 s; now reading stops at the fifth
    /// digit, and the message quotes only the first 60 characters.
    @Test(arguments: [4_000, 16_000, 200_000])
    func longDigitRunsStopAtTheFifthDigit(count: Int) {
        let text = String(repeating: "9", count: count)
        #expect(CzechHours(czech: text).reason == "a number longer than 4 digits at character 1 in '\(Self.longNines)'")
        var lexer = CzechLexer(text)
        #expect(throws: CzechReader.Failure.self) { try lexer.tokens() }
        // One read by the main loop, then five digits: the fifth proves the number too long.
        #expect(lexer.examined == 6)
    }

    /// The lexer's work is linear: no input makes it read a character more than a few times.
    /// `examined` counts reads, so this is exact and independent of the machine's speed.
    @Test(arguments: [
        "1 ", "1.", "1.1.", "12.34.", "15. dubna ", "15.    x", "1   :", "1 :00 ", "6:00-21:00, ", "po-ne 9-21 h; ",
        "(léto ", "((", "9999 ", "a", "ž", "½", "-", "\n", "1.1.2024 ", "24 :00-",
    ])
    func lexingIsLinear(unit: String) throws {
        for count in [1_000, 10_000] {
            let text = String(repeating: unit, count: count)
            var lexer = CzechLexer(text)
            let tokens = try lexer.tokens()
            #expect(!tokens.isEmpty)
            // Five reads a character at most (issue 40 added one look after a number's digits).
            #expect(lexer.examined <= 5 * text.count + 1, "\(lexer.examined) reads for \(text.count) characters")
        }
    }

    /// Fuzzing finding: a quote followed by a combining mark is one `Character` that is not
    /// `"`, so it stayed in the OSM comment and ended it early ("internal error: produced
    /// invalid syntax"); `\r\n` stayed too. Quotes and line breaks are replaced per scalar.
    @Test(arguments: [
        ("po 8:00-9:00 (a\"\u{0655}b)", "exact", "Mo 08:00-09:00 \"a'\u{0655}b\""),
        ("po 8:00-9:00 (a\r\nb)", "exact", "Mo 08:00-09:00 \"a  b\""),
        ("x\"\u{0655} y", "unknown", "\"x'\u{0655} y\""),
        ("x\r\ny", "unknown", "\"x  y\""),
    ])
    func quotesAndLineBreaksNeverReachAComment(text: String, status: String, expression: String) throws {
        let h = CzechHours(czech: text)
        #expect(h.status.rawValue == status, "\(h.reason ?? "")")
        #expect(h.expression == expression)
        #expect(try OpeningHours(parsing: expression).canonical == expression)
    }

    @Test func aLeapDayIsADate() {
        let h = CzechHours(czech: "29.2. 8:00-12:00")
        #expect(h.status == .exact)
        #expect(h.expression == "Feb 29 08:00-12:00")
    }

    /// A huge hour is no trap: OSM syntax first, then Czech text, then the Czech reason (the
    /// text names no OSM word).
    @Test func aHugeHourIsNotUnderstoodWithAReason() {
        let r = HoursReading("999999999999999999:00")
        #expect(r.status == .unknown)
        #expect(r.hours == nil)
        #expect(r.reason == "a number longer than 4 digits at character 1 in '999999999999999999:00'")
    }

    /// Long schedules are read whole (linear reading, not a bound on length).
    @Test func aLongScheduleIsReadWhole() {
        let text = Array(repeating: "po 6:00-7:00", count: 2_000).joined(separator: "; ")
        let h = CzechHours(czech: text)
        #expect(h.status == .exact, "\(h.reason ?? "")")
        #expect(h.expression == Array(repeating: "Mo 06:00-07:00", count: 2_000).joined(separator: "; "))
    }
}
