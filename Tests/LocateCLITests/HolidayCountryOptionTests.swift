import Foundation
import LocateTestSupport
import Testing

/// Issue 11 item 4: `--country` (and a batch line's "country") without a calendar is an error
/// naming the value and the nearest codes; a region code evaluates `PH` with its own holidays.
@Suite struct HolidayCountryOptionTests {
    @Test func aCountryWithOnlyRegionalCalendarsIsAUsageError() throws {
        let r = try CLI.run(["hours", "eval", "PH off", "--country", "DE", "--at", "2026-01-06T10:00"])
        #expect(r.status == 64)
        #expect(r.stdout == "")
        #expect(
            r.stderr.hasPrefix(
                "Error: --country 'DE' has no nationwide public-holiday calendar: pick its region (DE-BB, DE-BE, DE-BW, "
                    + "DE-BY, DE-HB, DE-HE, DE-HH, DE-MV, DE-NI, DE-NW, DE-RP, DE-SH, DE-SL, DE-SN, DE-ST, DE-TH)\n"))
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
        let input = #"{"id":1,"expr":"PH off","country":"GB","at":"2026-01-06T10:00"}"# + "\n"
        let r = try Fixtures.run(CLI.binary, ["hours", "eval", "--batch"], stdin: input)
        #expect(r.status == 0)
        #expect(
            r.stdout
                == #"{"error":"\"country\" 'GB' has no nationwide public-holiday calendar: pick its region (GB-ENG, GB-NIR, "#
                + #"GB-SCT, GB-WLS)","id":1,"next_change":null,"schema":"hours-eval-line/1","state":null,"state_at":null,"#
                + #""time_zone":null,"warnings":null}"# + "\n")
    }
}
