import Hours
import Testing

@Suite struct ParserTests {
    @Test(arguments: [
        ("Mo-Fr 8:00-18:00", "Mo-Fr 08:00-18:00"),
        ("Oct 1-Mar 31 08:30-18:00; Apr 1-Sep 30 07:30-20:00", "Oct 01-Mar 31 08:30-18:00; Apr 01-Sep 30 07:30-20:00"),
        ("Su,PH off", "Su,PH off"),
        ("Mo-Fr 09:00-17:00 || \"by appointment\"", "Mo-Fr 09:00-17:00 || \"by appointment\""),
        ("sunrise-(sunset-01:00)", "sunrise-(sunset-01:00)"),
        (
            "Mo-Th 05:30-23:30; Fr 05:30-24:00; Sa 00:00-01:30, 05:30-24:00",
            "Mo-Th 05:30-23:30; Fr 05:30-24:00; Sa 00:00-01:30,05:30-24:00"
        ),
        ("Jan,Feb,Nov,Dec 09:00-17:00", "Jan,Feb,Nov,Dec 09:00-17:00"),
        ("Tu 09:30-12:30,13:30-17:30; We closed", "Tu 09:30-12:30,13:30-17:30; We off"),
        ("2026-2030/2 Dec 24-26 off", "2026-2030/2 Dec 24-26 off"),
        ("week 01-53/2 Mo 10:00-11:00", "week 01-53/2 Mo 10:00-11:00"),
        ("Su[-1] -1 day 10:00-12:00", "Su[-1] -1 day 10:00-12:00"),
        ("We[1,3] 10:00-12:00", "We[1,3] 10:00-12:00"),
        ("easter -2 days off", "easter -2 days off"),
        ("Fr 18:00+", "Fr 18:00+"),
        ("2027+ Mo 10:00-11:00", "2027+ Mo 10:00-11:00"),
        ("24/7", "24/7"),
        ("Mo-Fr 22:00-26:00", "Mo-Fr 22:00-26:00"),
        ("Mo 10:00-12:00, Tu 11:00-13:00", "Mo 10:00-12:00, Tu 11:00-13:00"),
        ("Apr-Sep 09:30-12:30,16:00-19:40; Oct-Mar 09:30-16:10", "Apr-Sep 09:30-12:30,16:00-19:40; Oct-Mar 09:30-16:10"),
        // Fuzz finding (opening-hours, 2026-11-23): a selector-less `open` with a comment was
        // printed as the comment alone, which reads back as an unknown rule.
        ("DeC Su[-2],Jan 10:00-18:20, open \"x\"", "Dec Su[-2], Jan 10:00-18:20, open \"x\""),
        ("open \"ring the bell\"", "open \"ring the bell\""),
        ("\"ring the bell\"", "\"ring the bell\""),
        // Fuzz finding (opening-hours, 2026-11-23): a year before a month and an nth weekday
        // is a year selector (`2020 May Su[1]`: the first Sunday of May 2020), as after
        // `2020May:`; only an nth weekday that starts a range makes it a year's date.
        ("2020May: Su[1-1] ", "2020 May Su[1]"),
        ("2020 May Su[1] 10:00-12:00", "2020 May Su[1] 10:00-12:00"),
        ("2020 May Su[1]-Jun 01 10:00-12:00", "2020 May Su[1]-Jun 01 10:00-12:00"),
        ("2020 May Su[1] -1 day-Jun 01", "2020 May Su[1] -1 day-Jun 01"),
        ("Jan-May: Su[1] 10:00-12:00", "Jan-May Su[1] 10:00-12:00"),
    ])
    func canonicalForm(input: String, canonical: String) throws {
        let tree = try OpeningHours(parsing: input)
        #expect(tree.canonical == canonical)
        #expect(try OpeningHours(parsing: canonical) == tree)
    }

    @Test(arguments: [
        ("Mo-Fr 0800-2000", "at character 7: expected an hour of 1-2 digits"),
        ("25:00-26:00", "at character 1: time 25:00 is out of range (00:00-24:00)"),
        ("week 54", "at character 6: week 54 is out of range (01-53)"),
        ("Mo[0]", "at character 4: nth weekday 0 is out of range (1 to 5, or -1 to -5)"),
        ("", "at character 1: the expression is empty"),
        ("Mo-Fr 08:00-18:00;", "at character 19: expected a rule after the separator"),
        ("Xy 10:00-12:00", "at character 1: expected a selector, a time, '24/7', a modifier or a comment"),
        ("Mo 10:00", "at character 9: expected '-' and an end time"),
        ("Feb 30", "at character 5: day 30 does not exist in Feb"),
        ("Mo \"open", "at character 9: unterminated comment: expected a closing '\"'"),
        ("Mo 10:60-11:00", "at character 7: minutes 60 are out of range (00-59)"),
        ("Mo 10:00-12:00/01:00", "at character 15: repeating time spans ('/' intervals) are not supported"),
        ("Mo 10:0-12:00", "at character 7: expected two-digit minutes after ':'"),
        ("2026-2024 off", "at character 6: year range 2026-2024 runs backwards"),
    ])
    func rejectsWithPosition(input: String, message: String) {
        do {
            let tree = try OpeningHours(parsing: input)
            Issue.record("accepted \(input) as \(tree.canonical)")
        } catch {
            #expect(error.description == message)
        }
    }
}
