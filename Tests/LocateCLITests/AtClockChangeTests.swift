import Foundation
import LocateTestSupport
import Testing

/// `--at` on a day the clocks change says which instant it uses (regression, issue 10 item
/// 19: `--at 2026-03-29T02:30` in Prague was moved to 03:00 without a word).
@Suite struct AtClockChangeTests {
    static let spring =
        "note: 02:30 does not exist on 2026-03-29 in Europe/Prague (clocks go forward 02:00→03:00); "
        + "using 03:00 (2026-03-29T03:00:00+02:00)\n"
    static let autumn =
        "note: 02:30 happens twice on 2026-10-25 in Europe/Prague (clocks go back 03:00→02:00); "
        + "using the first, 2026-10-25T02:30:00+02:00 (the second is 2026-10-25T02:30:00+01:00)\n"

    @Test func toiletNotesTheSkippedAndTheRepeatedTime() throws {
        let db = try CLI.sampleDatabase()
        let base = ["toilet", "--near", "50.0875,14.4214", "--limit", "1", "--db", db]
        let spring = try CLI.run(base + ["--at", "2026-03-29T02:30"])
        #expect(spring.status == 0)
        #expect(spring.stderr == AtClockChangeTests.spring)
        #expect(
            spring.stdout == """
                #  distance  dir  place             open       price  wheelchair
                1     280 m  E    Celetná (sample)  open 24/7  free   unknown

                """)
        let autumn = try CLI.run(base + ["--at", "2026-10-25T02:30", "--json"])
        #expect(autumn.status == 0)
        #expect(autumn.stderr == AtClockChangeTests.autumn)
        #expect(autumn.stdout.contains("\"state_at\" : \"2026-10-25T00:30:00Z\""))
        // An ordinary time, and an instant with an offset, need no note.
        for at in ["2026-03-29T03:00", "2026-10-25T02:30:00+01:00"] {
            let plain = try CLI.run(base + ["--at", at])
            #expect(plain.status == 0)
            #expect(plain.stderr == "", "\(at)")
        }
    }

    @Test func hoursEvalNotesIt() throws {
        let r = try CLI.run(["hours", "eval", "Mo-Su 00:00-24:00", "--at", "2026-03-29T02:30", "--json"])
        #expect(r.status == 0)
        #expect(r.stderr == AtClockChangeTests.spring)
        #expect(r.stdout.contains("\"state_at\" : \"2026-03-29T03:00:00+02:00\""))
        let autumn = try CLI.run(["hours", "eval", "Mo-Su 00:00-24:00", "--at", "2026-10-25T02:30"])
        #expect(autumn.status == 0)
        #expect(autumn.stderr == AtClockChangeTests.autumn)
    }

    /// `locate station` reads `--at` in Europe/Warsaw unless `--tz` says otherwise.
    @Test func stationNotesItInItsZone() throws {
        let db = try Fixtures.temporaryFolder().appendingPathComponent("s.sqlite").path
        try CLI.ingest(["pipelines/gios-stations-sample.yml", "--db", db])
        let r = try CLI.run(["station", "--near", "52.2297,21.0122", "--limit", "1", "--at", "2026-03-29T02:30", "--db", db])
        #expect(r.status == 0)
        #expect(
            r.stderr
                == "note: 02:30 does not exist on 2026-03-29 in Europe/Warsaw (clocks go forward 02:00→03:00); "
                + "using 03:00 (2026-03-29T03:00:00+02:00)\n")
        let newYork = try CLI.run([
            "station", "--near", "52.2297,21.0122", "--limit", "1", "--at", "2026-11-01T01:30", "--tz", "America/New_York",
            "--db", db,
        ])
        #expect(newYork.status == 0)
        #expect(
            newYork.stderr
                == "note: 01:30 happens twice on 2026-11-01 in America/New_York (clocks go back 02:00→01:00); "
                + "using the first, 2026-11-01T01:30:00-04:00 (the second is 2026-11-01T01:30:00-05:00)\n")
    }
}
