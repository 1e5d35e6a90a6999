import Hours
import Testing

/// Issue 10: the OSM `opening_hours` parser reads no number past its width (so none can
/// overflow) and answers long inputs with the same error as short ones.
@Suite struct SyntaxRobustnessTests {
    static let digits = String(repeating: "9", count: 100_000)

    @Test(arguments: [
        ("Mo 999999999999999999:00-10:00", "at character 4: expected an hour of 1-2 digits"),
        ("Mo \(digits):00-10:00", "at character 4: expected an hour of 1-2 digits"),
        ("Mo 10:00-\(digits):00", "at character 10: expected an hour of 1-2 digits"),
        ("Mo 10:\(digits)-11:00", "at character 7: expected two-digit minutes after ':'"),
        ("week \(digits)", "at character 6: expected a week of 1-2 digits"),
        ("week 01-\(digits)", "at character 9: expected a week of 1-2 digits"),
        ("week 01-53/\(digits)", "at character 12: expected a step of 1-2 digits"),
        ("2026-2030/\(digits) off", "at character 11: expected a step of 1-3 digits"),
        ("Su[-\(digits)]", "at character 5: expected an nth weekday of 1 digit"),
        ("Su[\(digits)]", "at character 4: expected an nth weekday of 1 digit"),
        ("Dec \(digits) off", "at character 5: expected a day of 1-2 digits"),
        ("Dec 24-\(digits) off", "at character 8: expected a day of 1-2 digits"),
        ("easter +\(digits) days off", "at character 9: expected a day offset of 1-3 digits"),
        ("PH -\(digits) days off", "at character 5: expected a day offset of 1-3 digits"),
        ("sunrise-(sunset+\(digits):00)", "at character 17: expected an hour of 1-2 digits"),
        ("Mo-Fr 08:00-18:00 \"\(digits)", "at character 100020: unterminated comment: expected a closing '\"'"),
        (digits, "at character 1: expected an hour of 1-2 digits"),
    ])
    func longNumbersAreRejectedAtTheirStart(input: String, message: String) {
        do {
            let tree = try OpeningHours(parsing: input)
            Issue.record("accepted \(input.prefix(40)) as \(tree.canonical.prefix(40))")
        } catch {
            #expect(error.description == message)
        }
    }

    /// Fuzzing finding: a year-anchored date took any four digits, and `0225` printed as
    /// `225`, which does not read back. Its years are those of year selectors now.
    @Test(arguments: [
        ("Jan 01,0225 Sep", "at character 8: year 225 is out of range (1900-9999)"),
        ("Jan 01,1899 Sep", "at character 8: year 1899 is out of range (1900-9999)"),
    ])
    func yearAnchoredDatesKeepToTheYearRange(input: String, message: String) {
        do {
            let tree = try OpeningHours(parsing: input)
            Issue.record("accepted \(input) as \(tree.canonical)")
        } catch {
            #expect(error.description == message)
        }
    }

    /// Issue 23 item 6: years after 2200 are OSM syntax (four digits run to 9999).
    @Test(arguments: ["Jan 01,2201 Sep", "Jan 01,9999 Sep", "2030-2500 Mo-Fr 08:00-12:00"])
    func yearsAfter2200ReadBack(input: String) throws {
        let tree = try OpeningHours(parsing: input)
        #expect(tree.canonical == input)
        #expect(try OpeningHours(parsing: tree.canonical) == tree)
    }

    @Test func aYearAnchoredDateReadsBack() throws {
        let tree = try OpeningHours(parsing: "Jan 01,1900 Sep")
        #expect(tree.canonical == "Jan 01,1900 Sep")
        #expect(try OpeningHours(parsing: tree.canonical) == tree)
    }

    /// Fuzzing finding: `, ` separates rules and also continues a time list, so a rule whose
    /// first list could continue the previous rule's last one read back as part of it. The
    /// canonical form ends such a rule with an explicit `open`; other forms are unchanged.
    /// Year, date and week lists take no space after their commas (as opening-hours-rs).
    @Test(arguments: [
        (
            "Su,PH off  ,        2027+,     2027+       ,        2027+,     2027+ May",
            "Su,PH off, 2027+, 2027+, 2027+, 2027+ May"
        ),
        ("10:00-11:00 ,12:00-13:00", "10:00-11:00 open, 12:00-13:00"),
        ("2056week 2 , 5:00-48:00", "2056 week 02, 05:00-48:00"),
        ("Jan ,Feb 10:00-11:00", "Jan,Feb 10:00-11:00"),  // a date list takes spaces before ',': one rule
        ("Mo 10:00-12:00, Tu 11:00-13:00", "Mo 10:00-12:00, Tu 11:00-13:00"),
        ("Mo ,Tu 10:00-11:00", "Mo, Tu 10:00-11:00"),
        ("week 01 ,week 02 Mo", "week 01, week 02 Mo"),
        ("10:00-11:00 off, 12:00-13:00", "10:00-11:00 off, 12:00-13:00"),
    ])
    func additionalRulesReadBackAsRules(input: String, canonical: String) throws {
        let tree = try OpeningHours(parsing: input)
        #expect(tree.canonical == canonical)
        #expect(try OpeningHours(parsing: canonical) == tree)
    }

    /// The largest numbers each selector takes are read and evaluated without a trap
    /// (Monday 2026-06-01 12:00 in Prague).
    @Test(arguments: [
        ("easter +999 days off", "easter +999 days off", HoursState.closed),
        ("PH -999 days 10:00-11:00", "PH -999 days 10:00-11:00", .closed),
        ("1900-2200/999 Mo open", "1900-2200/999 Mo", .closed),
        ("week 53-01/99 Mo 10:00-11:00", "week 53-01/99 Mo 10:00-11:00", .closed),
        ("Mo 00:00-48:00", "Mo 00:00-48:00", .open),
        ("(sunrise-24:00)-(sunset+24:00)", "(sunrise-24:00)-(sunset+24:00)", .open),
    ])
    func extremeNumbersAreRead(input: String, canonical: String, state: HoursState) throws {
        let tree = try OpeningHours(parsing: input)
        #expect(tree.canonical == canonical)
        let context = HoursContext(timeZone: prague, country: "CZ", latitude: 50.08, longitude: 14.42)
        #expect(tree.state(at: wall("2026-06-01T12:00"), in: context).state == state)
    }
}
