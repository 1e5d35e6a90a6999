import Foundation
import LocateTestSupport
import Testing

@Suite struct HoursCommandTests {
    /// The whole `hours-eval/1` answer (pretty, sorted keys).
    static func evalDocument(_ input: String, _ state: String, at: String, next: String?, normalized: String) -> String {
        """
        {
          "comment" : null,
          "hours_osm" : "\(normalized)",
          "hours_status" : "exact",
          "hours_text" : "\(input)",
          "next_change" : \(next.map { "\"\($0)\"" } ?? "null"),
          "schema" : "hours-eval/1",
          "state" : "\(state)",
          "state_at" : "\(at)",
          "time_zone" : "Europe/Prague",
          "warnings" : [

          ]
        }

        """
    }

    static let evalCases: [([String], String)] = [
        (
            ["hours", "eval", "po-ne 6:00-20:00", "--at", "2026-11-21T10:00", "--json"],
            evalDocument(
                "po-ne 6:00-20:00", "open", at: "2026-11-21T10:00:00+01:00", next: "2026-11-21T20:00:00+01:00",
                normalized: "Mo-Su 06:00-20:00")
        ),
        (
            ["hours", "eval", "Mo-Fr 08:00-18:00; PH off", "--at", "2026-12-24T10:00", "--country", "CZ", "--json"],
            evalDocument(
                "Mo-Fr 08:00-18:00; PH off", "closed", at: "2026-12-24T10:00:00+01:00", next: "2026-12-28T08:00:00+01:00",
                normalized: "Mo-Fr 08:00-18:00; PH off")
        ),
        (
            ["hours", "eval", "24/7", "--at", "2026-11-21T10:00", "--json"],
            evalDocument("24/7", "open", at: "2026-11-21T10:00:00+01:00", next: nil, normalized: "24/7")
        ),
        (
            // --at as an RFC 3339 instant: the answer is in the place's offset.
            ["hours", "eval", "24/7", "--at", "2026-11-21T09:00:00Z", "--json"],
            evalDocument("24/7", "open", at: "2026-11-21T10:00:00+01:00", next: nil, normalized: "24/7")
        ),
        (
            // The change is in summer time: each instant carries its own offset.
            ["hours", "eval", "Su 02:30-04:00", "--at", "2026-03-29T01:59", "--json"],
            evalDocument(
                "Su 02:30-04:00", "closed", at: "2026-03-29T01:59:00+01:00", next: "2026-03-29T03:00:00+02:00",
                normalized: "Su 02:30-04:00")
        ),
        (
            ["hours", "eval", "Mo-Fr 08:00-18:00", "--at", "2026-11-23T09:00"],
            "state: open\nnext change: 2026-11-23T18:00\nnormalized: Mo-Fr 08:00-18:00\n"
        ),
        (
            ["hours", "eval", "sunrise-sunset", "--at", "2026-06-21T12:00", "--coords", "50.0875,14.4214", "--json"],
            evalDocument(
                "sunrise-sunset", "open", at: "2026-06-21T12:00:00+02:00", next: "2026-06-21T21:16:00+02:00",
                normalized: "sunrise-sunset")
        ),
    ]

    @Test(arguments: evalCases)
    func evalPrintsTheAnswer(args: [String], stdout: String) throws {
        let r = try CLI.run(args)
        #expect(r.status == 0)
        #expect(r.stdout == stdout)
    }

    @Test func invalidExpressionIsAJSONError() throws {
        let r = try CLI.run(["hours", "eval", "Mo-Fr 10:60-12:00", "--at", "2026-11-21T10:00", "--json"])
        #expect(r.status == 1)
        #expect(r.stdout == "")
        #expect(
            r.stderr
                == "{\"error\":{\"exit_code\":1,\"message\":\"not valid opening_hours (at character 10: minutes 60 are out of range (00-59))\"},\"schema\":\"error/1\"}\n"
        )
    }

    @Test(arguments: [
        (
            ["hours", "eval", "24/7", "--at", "2026-02-30T10:00"],
            "Error: --at '2026-02-30T10:00' is not a wall-clock time YYYY-MM-DDTHH:MM or an RFC 3339 instant with offset"
        ),
        (["hours", "eval", "24/7", "--tz", "Mars/Olympus"], "Error: --tz 'Mars/Olympus' is not an IANA time zone"),
        (["hours", "eval"], "Error: missing EXPR (or use --batch)"),
        (
            ["hours", "eval", "24/7", "--coords", "95,14"],
            "Error: --coords '95,14': latitude 95 is outside -90…90; if 95 is the longitude, write 14,95 (latitude first)"
        ),
        (
            ["hours", "eval", "24/7", "--coords", "--tz"],
            "Error: --coords needs a value LAT,LON (for example 50.0875,14.4214), not the option '--tz'"
        ),
    ])
    func usageErrors(args: [String], message: String) throws {
        let r = try CLI.run(args)
        #expect(r.status == 64)
        #expect(r.stderr.hasPrefix(message))
    }

    /// A southern or western position after `--coords` is a value, not an option (it said
    /// "Missing value" before, as `--near` did).
    @Test func negativeCoordinatesAreAValue() throws {
        let r = try CLI.run([
            "hours", "eval", "sunrise-sunset", "--coords", "-33.86,151.2", "--tz", "Australia/Sydney", "--at",
            "2026-06-21T12:00",
        ])
        #expect(r.status == 0, "\(r.stderr)")
        #expect(r.stdout.hasPrefix("state: open\n"))
    }

    /// Issue 23: `sunrise-sunset` without coordinates said "next change: never"; its state
    /// is unknown, and so is its next change (the comment says why). A closed-for-good
    /// schedule still never changes.
    @Test(arguments: [
        (
            ["hours", "eval", "sunrise-sunset", "--at", "2026-11-23T10:00"],
            "state: unknown\nnext change: unknown\ncomment: variable times need coordinates\nnormalized: sunrise-sunset\n"
        ),
        (["hours", "eval", "off", "--at", "2026-11-23T10:00"], "state: closed\nnext change: never\nnormalized: off\n"),
    ])
    func anUnknownNextChangeIsNotNever(args: [String], stdout: String) throws {
        let r = try CLI.run(args)
        #expect(r.status == 0, "\(r.stderr)")
        #expect(r.stdout == stdout)
    }

    @Test func batchAnswersEachLineInOrder() throws {
        let input = """
            {"id":"x1","expr":"Mo-Fr 08:00-18:00","at":"2026-06-03T12:00","tz":"Europe/Prague","country":"CZ","coords":[50.08,14.42]}
            {"id":"x2","expr":"po-pá 6:00-21:00; so-ne 8:00-20:00","at":"2026-06-06T07:00","tz":"Europe/Prague"}
            {"id":"x3","expr":"Mo-Fr 10:60-12:00","at":"2026-06-03T12:00"}
            {"id":"x4","expr":"24/7","at":"2026-06-03T12:00","tz":"Europe/Warsaw"}
            not json
            {"id":"x6","expr":"PH off","country":5}

            """
        let r = try Fixtures.run(CLI.binary, ["hours", "eval", "--batch"], stdin: input)
        #expect(r.status == 0)
        let lines = r.stdout.split(separator: "\n").map(String.init)
        #expect(lines.count == 6)
        let ok = "\"schema\":\"hours-eval-line/1\""
        let failed = "\"next_change\":null,\(ok),\"state\":null,\"state_at\":null,\"time_zone\":null,\"warnings\":null}"
        #expect(
            lines[0]
                == "{\"error\":null,\"id\":\"x1\",\"next_change\":\"2026-06-03T18:00:00+02:00\",\(ok),\"state\":\"open\",\"state_at\":\"2026-06-03T12:00:00+02:00\",\"time_zone\":\"Europe/Prague\",\"warnings\":[]}"
        )
        #expect(
            lines[1]
                == "{\"error\":null,\"id\":\"x2\",\"next_change\":\"2026-06-06T08:00:00+02:00\",\(ok),\"state\":\"closed\",\"state_at\":\"2026-06-06T07:00:00+02:00\",\"time_zone\":\"Europe/Prague\",\"warnings\":[]}"
        )
        #expect(
            lines[2]
                == "{\"error\":\"not valid opening_hours (at character 10: minutes 60 are out of range (00-59))\",\"id\":\"x3\",\(failed)"
        )
        #expect(
            lines[3]
                == "{\"error\":null,\"id\":\"x4\",\"next_change\":null,\(ok),\"state\":\"open\",\"state_at\":\"2026-06-03T12:00:00+02:00\",\"time_zone\":\"Europe/Warsaw\",\"warnings\":[]}"
        )
        #expect(lines[4] == "{\"error\":\"line 5: not a JSON object\",\"id\":null,\(failed)")
        // A key of the wrong type is an error on its line (regression: a number was ignored).
        #expect(lines[5] == "{\"error\":\"\\\"country\\\" must be a string\",\"id\":\"x6\",\(failed)")
    }

    @Test func batchLinesTakeRFC3339InstantsNumericIdsAndCheckCoordinates() throws {
        let input = """
            {"id":5,"expr":"24/7","at":"2026-06-03T10:00:00Z","tz":"Europe/Prague"}
            {"id":6,"expr":"24/7","coords":[95,14]}

            """
        let r = try Fixtures.run(CLI.binary, ["hours", "eval", "--batch"], stdin: input)
        #expect(r.status == 0)
        #expect(
            r.stdout == """
                {"error":null,"id":5,"next_change":null,"schema":"hours-eval-line/1","state":"open","state_at":"2026-06-03T12:00:00+02:00","time_zone":"Europe/Prague","warnings":[]}
                {"error":"\\"coords\\" must be [lat, lon]","id":6,"next_change":null,"schema":"hours-eval-line/1","state":null,"state_at":null,"time_zone":null,"warnings":null}

                """)
    }

    @Test func normalize() throws {
        let ok = try CLI.run(["hours", "normalize", "po-pá 6:00-21:00; so-ne 8:00-20:00"])
        #expect(ok.status == 0)
        #expect(ok.stdout == "Mo-Fr 06:00-21:00; Sa-Su 08:00-20:00\n")
        #expect(ok.stderr == "exact\n")
        let season = try CLI.run(["hours", "normalize", "po-ne 9-21 h (léto); po-ne 9-19 h (zima)"])
        #expect(season.stdout == "Apr-Sep Mo-Su 09:00-21:00; Oct-Mar Mo-Su 09:00-19:00\n")
        // Bare hours are read with a warning each (issue 23 item 5).
        let minutes = "(times are written hh:mm, with minutes)"
        #expect(
            season.stderr == """
                interpreted: léto read as Apr-Sep; zima read as Oct-Mar
                warning: at character 7: '9' read as '09:00' \(minutes)
                warning: at character 9: '21' read as '21:00' \(minutes)
                warning: at character 28: '9' read as '09:00' \(minutes)
                warning: at character 30: '19' read as '19:00' \(minutes)

                """)
        let prose = try CLI.run(["hours", "normalize", "nejasná"])
        #expect(prose.status == 3)
        #expect(prose.stdout == "")
        #expect(prose.stderr == "could not normalize: not a schedule: 'nejasná' in 'nejasná'\n")
        let json = try CLI.run(["hours", "normalize", "po-ne 9-21 h (léto); po-ne 9-19 h (zima)", "--json"])
        #expect(json.status == 0)
        #expect(json.stderr == "")
        #expect(
            json.stdout == """
                {
                  "hours_osm" : "Apr-Sep Mo-Su 09:00-21:00; Oct-Mar Mo-Su 09:00-19:00",
                  "hours_status" : "interpreted",
                  "hours_text" : "po-ne 9-21 h (léto); po-ne 9-19 h (zima)",
                  "reason" : "léto read as Apr-Sep; zima read as Oct-Mar",
                  "schema" : "hours-normalize/1",
                  "warnings" : [
                    {
                      "at_character" : 7,
                      "canonical" : "09:00",
                      "found" : "9",
                      "reason" : "times are written hh:mm, with minutes"
                    },
                    {
                      "at_character" : 9,
                      "canonical" : "21:00",
                      "found" : "21",
                      "reason" : "times are written hh:mm, with minutes"
                    },
                    {
                      "at_character" : 28,
                      "canonical" : "09:00",
                      "found" : "9",
                      "reason" : "times are written hh:mm, with minutes"
                    },
                    {
                      "at_character" : 30,
                      "canonical" : "19:00",
                      "found" : "19",
                      "reason" : "times are written hh:mm, with minutes"
                    }
                  ]
                }

                """)
    }

    /// Tolerated variants are read and shown as warnings; --strict rejects them (issue 11).
    @Test func warningsAndStrictMode() throws {
        let table = try CLI.run(["hours", "eval", "Mo-FR 08:00-16:00", "--at", "2026-11-27T17:00"])
        #expect(table.status == 0, "\(table.stderr)")
        #expect(
            table.stdout == """
                state: closed
                next change: 2026-11-30T08:00
                normalized: Mo-Fr 08:00-16:00
                warning: at character 4: 'FR' read as 'Fr' (weekdays are written Mo, Tu, We, Th, Fr, Sa, Su)

                """)
        let json = try CLI.run(["hours", "eval", "Mo-FR 08:00-16:00", "--at", "2026-11-27T17:00", "--json"])
        #expect(json.stdout.contains("\"at_character\" : 4,\n      \"canonical\" : \"Fr\",\n      \"found\" : \"FR\""))
        let strict = try CLI.run(["hours", "eval", "Mo-FR 08:00-16:00", "--strict"])
        #expect(strict.status == 1)
        #expect(
            strict.stderr
                == "error: not valid opening_hours (at character 4: 'FR' is not the specification's syntax (weekdays are written Mo, Tu, We, Th, Fr, Sa, Su))\n"
        )
        let czech = try CLI.run(["hours", "eval", "po-pá 8:00-16:00", "--strict"])
        #expect(czech.status == 1)
        #expect(czech.stderr.hasPrefix("error: not valid opening_hours (at character 1: "))
        let batch = try Fixtures.run(
            CLI.binary, ["hours", "eval", "--batch", "--strict"],
            stdin: "{\"id\":1,\"expr\":\"Mo12:00-14:00\",\"at\":\"2026-11-23T13:00\"}\n")
        #expect(
            batch.stdout
                == "{\"error\":\"not valid opening_hours (at character 3: a missing space is not the specification's syntax (selectors are separated by a space))\",\"id\":1,\"next_change\":null,\"schema\":\"hours-eval-line/1\",\"state\":null,\"state_at\":null,\"time_zone\":null,\"warnings\":null}\n"
        )
        let normalized = try CLI.run(["hours", "normalize", "mo-fr 10:00-18:00"])
        #expect(normalized.stdout == "Mo-Fr 10:00-18:00\n")
        #expect(
            normalized.stderr == """
                exact
                warning: at character 1: 'mo' read as 'Mo' (weekdays are written Mo, Tu, We, Th, Fr, Sa, Su)
                warning: at character 4: 'fr' read as 'Fr' (weekdays are written Mo, Tu, We, Th, Fr, Sa, Su)

                """)
    }
}
