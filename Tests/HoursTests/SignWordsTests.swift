import Foundation
import Hours
import Places
import Testing

/// Issue 40 §1: the words of opening-hours signs in Czech, Polish, English and German, and
/// the confusions of text recognition, each read with what it assumed.
@Suite struct SignWordsTests {
    /// (text, OSM form, status, the reason of an interpreted reading, the warnings).
    @Test(
        arguments: [
            // The four failures of the issue.
            (
                "po-pá 8-16 hod.", "Mo-Fr 08:00-16:00", "exact", nil,
                [
                    "at character 7: '8' read as '08:00' (times are written hh:mm, with minutes)",
                    "at character 9: '16' read as '16:00' (times are written hh:mm, with minutes)",
                ]
            ),
            ("zavřeno", "off", "exact", nil, []),
            ("Ne zavřeno", "Su off", "exact", nil, []),
            ("celoročně nonstop", "24/7", "exact", nil, []),
            // The issue's sign, as tesseract read it.
            ("Po–Pá 8:00–18:00\nSo 9:00–12:00\nNe zavřeno", "Mo-Fr 08:00-18:00; Sa 09:00-12:00; Su off", "exact", nil, []),
            // Polish, English and German day names, abbreviated with dots, written out.
            (
                "Pon.-Pt. 8:00-16:00, Sob. 9:00-13:00, Niedz. nieczynne", "Mo-Fr 08:00-16:00; Sa 09:00-13:00; Su off", "exact",
                nil, []
            ),
            ("Poniedziałek - Piątek 7:30 - 15:30", "Mo-Fr 07:30-15:30", "exact", nil, []),
            ("Mon-Fri 9:00-17:00; Sat, Sun closed", "Mo-Fr 09:00-17:00; Sa,Su off", "exact", nil, []),
            ("Monday to Friday 08:30 - 17:00", "Mo-Fr 08:30-17:00", "exact", nil, []),
            ("Montag bis Freitag 8.30 - 17.00", "Mo-Fr 08:30-17:00", "exact", nil, []),
            (
                "Mo.-Fr. 9:00-18:00 Uhr\nSa. 9:00-13:00 Uhr\nSo. Ruhetag", "Mo-Fr 09:00-18:00; Sa 09:00-13:00; Su off",
                "interpreted", "so read as Su (German day names)", []
            ),
            // "Uhr" misread as "um" (the rotated German sign of bench/signs), and German "um".
            (
                "Mo-Fr 9:00-18:00 um\nSa um 9:00-13:00 Uhr\nSo Ruhetag", "Mo-Fr 09:00-18:00; Sa 09:00-13:00; Su off",
                "interpreted", "so read as Su (German day names)", []
            ),
            (
                "Mo-Do 8:00-16:00, Fr 8:00-13:00", "Mo-Th 08:00-16:00; Fr 08:00-13:00", "interpreted",
                "do read as Th (German day names)", []
            ),
            // Every day, from … to, headings.
            ("codziennie 6:00-22:00", "06:00-22:00", "exact", nil, []),
            ("täglich 7:00 - 20:00", "07:00-20:00", "exact", nil, []),
            ("Öffnungszeiten: täglich 10:00 bis 18:00", "10:00-18:00", "exact", nil, []),
            ("Otevírací doba: denně 10:00-18:00", "10:00-18:00", "exact", nil, []),
            ("od 8:00 do 16:00", "08:00-16:00", "exact", nil, []),
            ("Po - Pá: 7.00 až 15.30", "Mo-Fr 07:00-15:30", "exact", nil, []),
            ("Godziny otwarcia: całodobowo", "24/7", "exact", nil, []),
            // Holidays among the days.
            ("Po-Pá 8:00-16:00; So, Ne a svátky zavřeno", "Mo-Fr 08:00-16:00; Sa,Su,PH off", "exact", nil, []),
            ("Sa. und Feiertage geschlossen", "Sa,PH off", "exact", nil, []),
            // Raised minutes, a lunch break on a line of its own.
            (
                "Po-Pá 8³⁰-17⁰⁰", "Mo-Fr 08:30-17:00", "exact", nil,
                [
                    "at character 7: '8³⁰' read as '08:30' (minutes written raised)",
                    "at character 11: '17⁰⁰' read as '17:00' (minutes written raised)",
                ]
            ),
            (
                "Po-Pá 8:00-12:00\n13:00-17:00", "Mo-Fr 08:00-12:00,13:00-17:00", "interpreted",
                "times on a line of their own read as later hours of the line before", []
            ),
            // A later line that overlaps is no lunch break: the days the others left out.
            (
                "po-so 7:00-24:00\n8:00-24:00", "Mo-Sa 07:00-24:00; Su 08:00-24:00", "interpreted",
                "a group without days read as Su", []
            ),
            // What text recognition confuses: O and l for 0 and 1, a semicolon for a colon, a dropped dash.
            (
                "Po-Pá 1O:00-l8:00", "Mo-Fr 10:00-18:00", "exact", nil,
                [
                    "at character 8: 'O' read as '0' (a letter read as the digit it resembles)",
                    "at character 13: 'l' read as '1' (a letter read as the digit it resembles)",
                ]
            ),
            (
                "Po-Pá 8;30-17;00", "Mo-Fr 08:30-17:00", "exact", nil,
                [
                    "at character 8: ';' read as ':' (a semicolon between hour and minutes read as a colon)",
                    "at character 14: ';' read as ':' (a semicolon between hour and minutes read as a colon)",
                ]
            ),
            (
                "Po-Pá 8:00 18:00", "Mo-Fr 08:00-18:00", "exact", nil,
                ["at character 12: '' read as '-' (two times without a dash read as a range)"]
            ),
            // Issue 40 (bench/signs misses): "24 hours" is nonstop, the end of a range is not;
            // Polish "całą dobę"; text recognition reads a Polish ł as t.
            ("Opening hours\nopen 24 hours nonstop", "24/7", "exact", nil, []),
            ("otevřeno 24 hodin", "24/7", "exact", nil, []),
            ("czynne przez całą dobę", "24/7", "exact", nil, []),
            (
                "Mo-Fr 8-24 h", "Mo-Fr 08:00-24:00", "exact", nil,
                [
                    "at character 7: '8' read as '08:00' (times are written hh:mm, with minutes)",
                    "at character 9: '24' read as '24:00' (times are written hh:mm, with minutes)",
                ]
            ),
            (
                "Poniedziatek-Piatek 08:00-16:00", "Mo-Fr 08:00-16:00", "exact", nil,
                [
                    "at character 1: 'Poniedziatek' read as 'poniedzialek' (a word read with a letter text recognition confuses (ł read as t))"
                ]
            ),
            // A semicolon that separates ranges stays a separator.
            (
                "po 8-12;15-18", "Mo 08:00-12:00; Tu-Su 15:00-18:00", "interpreted", "a group without days read as Tu-Su",
                [
                    "at character 4: '8' read as '08:00' (times are written hh:mm, with minutes)",
                    "at character 6: '12' read as '12:00' (times are written hh:mm, with minutes)",
                    "at character 9: '15' read as '15:00' (times are written hh:mm, with minutes)",
                    "at character 12: '18' read as '18:00' (times are written hh:mm, with minutes)",
                ]
            ),
        ] as [(String, String, String, String?, [String])])
    func readsTheWordsOfSigns(text: String, osm: String, status: String, reason: String?, warnings: [String]) {
        let r = HoursReading(text)
        #expect(r.osm == osm, "\(r.reason ?? "")")
        #expect(r.status.rawValue == status)
        #expect(r.reason == reason)
        #expect(r.warnings.map(\.description) == warnings)
    }

    /// What is still no schedule says why.
    @Test(arguments: [
        ("Po-Pá 8:00-16:00 zavřeno", "times and 'closed' for the same days in 'Po-Pá 8:00-16:00 zavřeno'"),
        ("Tel. 603 123 456", "not a schedule: 'tel' in 'Tel. 603 123 456'"),
    ])
    func stillUnreadable(text: String, reason: String) {
        let r = HoursReading(text)
        #expect(r.status == .unknown)
        #expect(r.reason == reason)
    }
}

/// Issue 40 §1: a rule that cannot depend on a holiday answers without a country.
@Suite struct HolidayFreeAnswerTests {
    static let prague = TimeZone(identifier: "Europe/Prague") ?? .gmt

    static func at(_ text: String) -> Date {
        var c = Calendar(identifier: .gregorian)
        c.timeZone = prague
        let p = text.split(whereSeparator: { "-T:".contains($0) }).compactMap { Int($0) }
        return c.date(from: DateComponents(year: p[0], month: p[1], day: p[2], hour: p[3], minute: p[4])) ?? .distantPast
    }

    /// (expression, local time, state with no country). 2026-11-21 is a Saturday, 2026-11-23 a Monday.
    @Test(arguments: [
        ("Mo-Fr 08:00-18:00; PH off", "2026-11-21T10:00", "closed"),
        ("Mo-Fr 08:00-18:00; PH off", "2026-11-23T10:00", "unknown"),
        ("Mo-Fr 08:00-18:00; PH off", "2026-11-23T20:00", "closed"),
        ("Mo-Su 08:00-18:00; PH 10:00-12:00", "2026-11-23T11:00", "open"),
        ("Mo-Su 08:00-18:00; PH 10:00-12:00", "2026-11-23T09:00", "unknown"),
        ("Sa 09:00-12:00; PH 09:00-12:00", "2026-11-21T10:00", "open"),
        ("Sa 09:00-12:00; PH 09:00-12:00", "2026-11-23T10:00", "unknown"),
    ])
    func answersWithoutACountryWhenHolidaysCannotMatter(expr: String, at: String, state: String) throws {
        let hours = try OpeningHours(parsing: expr)
        let answer = hours.state(at: Self.at(at), in: HoursContext(timeZone: Self.prague))
        #expect(answer.state.rawValue == state)
        if state == "unknown" { #expect(answer.comment == "public holidays of an unknown country are not known") }
    }

    /// The next change skips what holidays cannot change: Saturday closed until the
    /// Monday's unknown start.
    @Test func theNextChangeIsTheFirstMomentHolidaysMatter() throws {
        let hours = try OpeningHours(parsing: "Mo-Fr 08:00-18:00; PH off")
        let answer = hours.state(at: Self.at("2026-11-21T10:00"), in: HoursContext(timeZone: Self.prague))
        #expect(answer.nextChange == Self.at("2026-11-23T08:00"))
    }
}

/// Issue 40 §2: the lines of a sign's recognised text read as hours.
@Suite struct SignHoursTests {
    @Test func headingsAndNoiseAreIgnored() {
        let s = SignHours(lines: [
            "VEŘEJNÉ WC", "Otevírací doba", "Po-Pá 8:00-18:00", "So 9:00-12:00", "Ne zavřeno", "www.praha.eu",
        ])
        #expect(s.suggestion == "Mo-Fr 08:00-18:00; Sa 09:00-12:00; Su off")
        #expect(s.used == [2, 3, 4])
        #expect(s.ignored == [0, 1, 5])
    }

    @Test func allLinesTogetherWhenTheyRead() {
        let s = SignHours(lines: ["Po-Pá 8:00-12:00", "13:00-17:00"])
        #expect(s.suggestion == "Mo-Fr 08:00-12:00,13:00-17:00")
        #expect(s.used == [0, 1])
        #expect(s.ignored == [])
    }

    @Test func nothingReadable() {
        let s = SignHours(lines: ["", "Hello", "~~~"])
        #expect(s.suggestion == nil)
        #expect(s.reading == nil)
        #expect(s.used == [])
        #expect(s.ignored == [1, 2])
    }

    /// Issue 40 (bench/signs misses): a frame's edge read as `|` and specks at a line's
    /// ends are left out, each with a warning (offsets in the used lines joined).
    @Test func strayMarksAtTheEndsOfLinesAreLeftOut() {
        let s = SignHours(lines: ["| Denně 9:00—17:00 |", "—", "© Ne zavřeno"])
        #expect(s.suggestion == "09:00-17:00; Su off")
        #expect(s.used == [0, 2])
        #expect(s.ignored == [1])
        #expect(
            s.warnings.map(\.description) == [
                "at character 1: '|' read as '' (a stray mark at the end of a line left out)",
                "at character 17: '|' read as '' (a stray mark at the end of a line left out)",
                "at character 18: '©' read as '' (a stray mark at the end of a line left out)",
            ])
    }

    /// Bounds: only the first `maxLines` lines are looked at.
    @Test func manyLinesAreBounded() {
        let lines = Array(repeating: "noise 123 x", count: 500) + ["Po-Pá 8:00-16:00"]
        let s = SignHours(lines: lines)
        #expect(s.suggestion == nil)
        #expect(s.ignored.count == SignHours.maxLines)
    }
}
