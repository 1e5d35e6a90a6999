import Foundation
import LocateTestSupport
import Testing

@Suite struct HoursCommandTests {
    @Test(arguments: [
        (
            ["hours", "eval", "po-ne 6:00-20:00", "--at", "2026-11-21T10:00", "--json"],
            "{\"state\":\"open\",\"next_change\":\"2026-11-21T20:00\",\"comment\":null,\"normalized\":\"Mo-Su 06:00-20:00\"}\n"
        ),
        (
            ["hours", "eval", "Mo-Fr 08:00-18:00; PH off", "--at", "2026-12-24T10:00", "--country", "CZ", "--json"],
            "{\"state\":\"closed\",\"next_change\":\"2026-12-28T08:00\",\"comment\":null,\"normalized\":\"Mo-Fr 08:00-18:00; PH off\"}\n"
        ),
        (
            ["hours", "eval", "24/7", "--at", "2026-11-21T10:00", "--json"],
            "{\"state\":\"open\",\"next_change\":null,\"comment\":null,\"normalized\":\"24/7\"}\n"
        ),
        (
            ["hours", "eval", "Su 02:30-04:00", "--at", "2026-03-29T01:59", "--json"],
            "{\"state\":\"closed\",\"next_change\":\"2026-03-29T03:00\",\"comment\":null,\"normalized\":\"Su 02:30-04:00\"}\n"
        ),
        (
            ["hours", "eval", "Mo-Fr 08:00-18:00", "--at", "2026-11-23T09:00"],
            "state: open\nnext change: 2026-11-23T18:00\nnormalized: Mo-Fr 08:00-18:00\n"
        ),
        (
            ["hours", "eval", "sunrise-sunset", "--at", "2026-06-21T12:00", "--coords", "50.0875,14.4214", "--json"],
            "{\"state\":\"open\",\"next_change\":\"2026-06-21T21:16\",\"comment\":null,\"normalized\":\"sunrise-sunset\"}\n"
        ),
    ])
    func evalPrintsTheAnswer(args: [String], stdout: String) throws {
        let r = try CLI.run(args)
        #expect(r.status == 0)
        #expect(r.stdout == stdout)
    }

    @Test func invalidExpressionIsAJSONError() throws {
        let r = try CLI.run(["hours", "eval", "Mo-Fr 8-20", "--at", "2026-11-21T10:00", "--json"])
        #expect(r.status == 1)
        #expect(
            r.stdout
                == "{\"error\":\"not valid opening_hours (at character 8: expected ':' after the hour (write 08:00, not 8)) nor Czech hours text (not a schedule: 'mo' in 'Mo-Fr 8-20')\"}\n"
        )
    }

    @Test(arguments: [
        (
            ["hours", "eval", "24/7", "--at", "2026-02-30T10:00"],
            "Error: --at '2026-02-30T10:00' is not a wall-clock time YYYY-MM-DDTHH:MM"
        ),
        (["hours", "eval", "24/7", "--tz", "Mars/Olympus"], "Error: --tz 'Mars/Olympus' is not an IANA time zone"),
        (["hours", "eval"], "Error: missing EXPR (or use --batch)"),
    ])
    func usageErrors(args: [String], message: String) throws {
        let r = try CLI.run(args)
        #expect(r.status == 64)
        #expect(r.stderr.hasPrefix(message))
    }

    @Test func batchAnswersEachLineInOrder() throws {
        let input = """
            {"id":"x1","expr":"Mo-Fr 08:00-18:00","at":"2026-06-03T12:00","tz":"Europe/Prague","country":"CZ","coords":[50.08,14.42]}
            {"id":"x2","expr":"po-pá 6:00-21:00; so-ne 8:00-20:00","at":"2026-06-06T07:00","tz":"Europe/Prague"}
            {"id":"x3","expr":"Mo-Fr 8-20","at":"2026-06-03T12:00"}
            {"id":"x4","expr":"24/7","at":"2026-06-03T12:00","tz":"Europe/Warsaw"}
            not json

            """
        let r = try Fixtures.run(CLI.binary, ["hours", "eval", "--batch"], stdin: input)
        #expect(r.status == 0)
        let lines = r.stdout.split(separator: "\n").map(String.init)
        #expect(lines.count == 5)
        #expect(lines[0] == "{\"id\":\"x1\",\"state\":\"open\",\"next_change\":\"2026-06-03T18:00\"}")
        #expect(lines[1] == "{\"id\":\"x2\",\"state\":\"closed\",\"next_change\":\"2026-06-06T08:00\"}")
        #expect(lines[2].hasPrefix("{\"id\":\"x3\",\"error\":\"not valid opening_hours (at character 8"))
        #expect(lines[3] == "{\"id\":\"x4\",\"state\":\"open\",\"next_change\":null}")
        #expect(lines[4] == "{\"id\":null,\"error\":\"line 5: not a JSON object\"}")
    }

    @Test func normalize() throws {
        let ok = try CLI.run(["hours", "normalize", "po-pá 6:00-21:00; so-ne 8:00-20:00"])
        #expect(ok.status == 0)
        #expect(ok.stdout == "Mo-Fr 06:00-21:00; Sa-Su 08:00-20:00\n")
        #expect(ok.stderr == "exact\n")
        let season = try CLI.run(["hours", "normalize", "po-ne 9-21 h (léto); po-ne 9-19 h (zima)"])
        #expect(season.stdout == "Apr-Sep Mo-Su 09:00-21:00; Oct-Mar Mo-Su 09:00-19:00\n")
        #expect(season.stderr == "interpreted: léto read as Apr-Sep; zima read as Oct-Mar\n")
        let prose = try CLI.run(["hours", "normalize", "nejasná"])
        #expect(prose.status == 3)
        #expect(prose.stdout == "")
        #expect(prose.stderr == "could not normalize: not a schedule: 'nejasná' in 'nejasná'\n")
    }

    @Test func toiletOpenAtShowsUntil() throws {
        let db = try CLI.sampleDatabase()
        let r = try CLI.run(["toilet", "--near", "50.0875,14.4214", "--at", "2026-11-23T20:50", "--limit", "2", "--db", db])
        #expect(r.status == 0)
        #expect(
            r.stdout == """
                #  distance  dir  place                       open              price   wheelchair
                1      47 m  W    Staroměstské nám. (sample)  open until 21:00  10 CZK  unknown
                2     280 m  E    Celetná (sample)            open 24/7         free    unknown

                """)
        let late = try CLI.run(
            [
                "toilet", "--near", "50.0875,14.4214", "--at", "2026-11-23T20:50", "--arrive-within", "15", "--limit", "1",
                "--json", "--db", db,
            ])
        #expect(late.stdout.contains("\"address\" : \"Celetná (sample)\""))
        #expect(late.stdout.contains("\"arrival_at\" : \"2026-11-23T21:05:00+01:00\""))
        let usage = try CLI.run(["toilet", "--near", "50,14", "--walk", "--db", db])
        #expect(usage.status == 64)
        #expect(usage.stderr.hasPrefix("Error: --include-unknown, --arrive-within and --walk need --open-now or --at"))
    }
}
