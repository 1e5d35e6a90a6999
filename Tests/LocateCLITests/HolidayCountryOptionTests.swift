import Foundation
import LocateTestSupport
import Testing

/// Issue 11 item 4: `--country` (and a batch line's "country") without a calendar is an error
/// naming the value and the nearest codes; a region code evaluates `PH` with its own holidays.
@Suite struct HolidayCountryOptionTests {
    /// Issue 23 item 6: a country whose holidays are mostly regional, given bare, applies its
    /// national holidays (Jan 6 is one in Spain; Madrid's May 2 needs ES-MD); an unknown
    /// region is a usage error naming the codes near it.
    @Test(arguments: [
        (["--country", "ES", "--at", "2026-01-06T10:00"], "state: closed\nnext change: 2026-01-07T08:00\n"),
        (["--country", "ES", "--at", "2026-05-04T10:00"], "state: open\nnext change: 2026-05-04T18:00\n"),
        (["--country", "ES-MD", "--at", "2026-05-02T10:00"], "state: closed\nnext change: 2026-05-03T08:00\n"),
        (["--country", "ES", "--at", "2026-05-02T10:00"], "state: open\nnext change: 2026-05-02T18:00\n"),
        (["--country", "DE", "--at", "2026-10-03T10:00"], "state: closed\nnext change: 2026-10-04T08:00\n"),
        (["--country", "DE", "--at", "2026-01-06T10:00"], "state: open\nnext change: 2026-01-06T18:00\n"),
        (["--country", "CH", "--at", "2026-08-01T10:00"], "state: closed\nnext change: 2026-08-02T08:00\n"),
        (["--country", "GB", "--at", "2026-12-28T10:00"], "state: closed\nnext change: 2026-12-29T08:00\n"),
    ])
    func aBareCountryAppliesItsNationalHolidays(options: [String], answer: String) throws {
        let expr = "Mo-Su 08:00-18:00; PH off"
        let r = try CLI.run(["hours", "eval", expr, "--tz", "Europe/Madrid"] + options)
        #expect(r.status == 0, "\(r.stderr)")
        #expect(r.stdout == answer + "normalized: \(expr)\n")
    }

    @Test func anUnknownRegionIsAUsageError() throws {
        let r = try CLI.run(["hours", "eval", "PH off", "--country", "ES-XX", "--at", "2026-01-06T10:00"])
        #expect(r.status == 64)
        #expect(r.stdout == "")
        #expect(r.stderr.hasPrefix("Error: --country 'ES-XX' has no public-holiday calendar (near: ES, ES-AN, ES-AR, "))
    }

    @Test func aRegionEvaluatesItsOwnHolidays() throws {
        // Epiphany is a holiday in Bavaria, not in Berlin.
        let expr = "Mo-Su 08:00-18:00; PH off"
        let bavaria = try CLI.run([
            "hours", "eval", expr, "--country", "de-by", "--at", "2026-01-06T10:00", "--tz", "Europe/Berlin",
        ])
        let berlin = try CLI.run([
            "hours", "eval", expr, "--country", "DE-BE", "--at", "2026-01-06T10:00", "--tz", "Europe/Berlin",
        ])
        #expect(bavaria.status == 0)
        #expect(bavaria.stdout == "state: closed\nnext change: 2026-01-07T08:00\nnormalized: \(expr)\n")
        #expect(berlin.stdout == "state: open\nnext change: 2026-01-06T18:00\nnormalized: \(expr)\n")
    }

    @Test func aBatchLineWithoutACalendarAnswersAnError() throws {
        let input = #"{"id":1,"expr":"PH off","country":"GB-XX","at":"2026-01-06T10:00"}"# + "\n"
        let r = try Fixtures.run(CLI.binary, ["hours", "eval", "--batch"], stdin: input)
        #expect(r.status == 0)
        #expect(
            r.stdout
                == #"{"error":"\"country\" 'GB-XX' has no public-holiday calendar (near: GB, GB-ENG, GB-NIR, "#
                + #"GB-SCT, GB-WLS)","id":1,"next_change":null,"schema":"hours-eval-line/1","state":null,"state_at":null,"#
                + #""time_zone":null,"warnings":null}"# + "\n")
    }
}
