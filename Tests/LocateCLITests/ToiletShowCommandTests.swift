import Foundation
import LocateTestSupport
import Testing

/// `locate toilet show ID`: one toilet in detail (`toilet-detail/1`, the document of
/// `GET /v1/toilets/{dataset}/{id}`, compared byte for byte in ServeEndpointTests).
@Suite struct ToiletShowCommandTests {
    static let id = "prague-toilets-sample/b7c62809f17d@50.087400,14.420760"
    /// One sample database for the cases that only read it.
    static let shared = Result { try CLI.sampleDatabase() }

    @Test func oneToiletForPeopleAndForMachines() throws {
        let db = try Self.shared.get()
        let text = try CLI.run(["toilet", "show", Self.id, "--at", "2026-11-23T20:50", "--db", db])
        #expect(text.status == 0, "\(text.stderr)")
        let lines = text.stdout.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        #expect(
            Array(lines.prefix(11)) == [
                "Staroměstské nám. (sample) (\(Self.id))",
                "time zone Europe/Prague; as of 2026-11-23T20:50:00+01:00",
                "now: open until 2026-11-23 21:00",
                "hours: \"po-ne 9:00-21:00\", opening_hours Mo-Su 09:00-21:00 (exact)",
                "price: jednotná cena 10 Kč; wheelchair: unknown",
                "never verified",
                "",
                "the next 7 days:",
                "from              until             state",
                "2026-11-23 20:50  2026-11-23 21:00  open",
                "2026-11-23 21:00  2026-11-24 09:00  closed",
            ])
        #expect(lines.contains { $0.hasPrefix("source: ") && $0.contains("pipeline prague-toilets-sample") })

        let json = try CLI.run(["toilet", "show", Self.id, "--at", "2026-11-23T20:50", "--json", "--db", db])
        #expect(json.status == 0)
        #expect(
            JSONSchemaCheck.available ? try JSONSchemaCheck.errors(Data(json.stdout.utf8), schema: "toilet-detail") == [] : true)
        let document = try #require(try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any])
        #expect(document["schema"] as? String == "toilet-detail/1")
        #expect((document["opening_times"] as? [Any])?.count == 15)
    }

    /// Every way to ask wrongly: its exit code and its words. An option of `locate toilet`
    /// or `locate station` given to their `show` is refused, not read and dropped.
    @Test(arguments: [
        (["toilet", "show", "nope/1"], Int32(3), "no active toilet nope/1"),
        (["toilet", "show", "nope"], 64, "'nope' is not a global id DATASET/SOURCE_ID (prague-toilets/42)"),
        (
            ["toilet", "show", "prague-toilets-sample/x", "--at", "soon"], 64,
            "--at 'soon' is not a wall-clock time YYYY-MM-DDTHH:MM or an RFC 3339 instant with offset"
        ),
        (
            ["toilet", "show", "prague-toilets-sample/x", "--tz", "Mars/Olympus"], 64,
            "--tz 'Mars/Olympus' is not an IANA time zone"
        ),
        (["toilet", "show", Self.id, "--wheelchair"], 64, "Unknown option '--wheelchair'"),
        (["toilet", "--near", "50.08,14.42", "show", Self.id], 64, "the options of locate toilet show go after its name"),
        (["station", "show", "9001", "--near", "50.06,19.94"], 64, "Unknown option '--near'. Did you mean '--chart'?"),
    ])
    func wrongQuestionsSaySo(arguments: [String], status: Int32, message: String) throws {
        let db = try Self.shared.get()
        let r = try CLI.run(arguments + ["--json", "--db", db])
        #expect(r.status == status)
        let error = try JSONSerialization.jsonObject(with: Data(r.stderr.utf8)) as? [String: Any]
        #expect((error?["error"] as? [String: Any])?["message"] as? String == message, "\(r.stderr)")
        #expect(r.stdout.isEmpty)
    }

    /// The text form of such a refusal names the subcommand's own usage.
    @Test func aParentsOptionGivenToShowIsAUsageErrorOfShow() throws {
        let r = try CLI.run(["toilet", "show", Self.id, "--free", "--db", try Self.shared.get()])
        #expect(r.status == 64)
        #expect(
            r.stderr.split(separator: "\n").map(String.init) == [
                "Error: Unknown option '--free'",
                "Usage: locate toilet show <ID> [--at <TIME>] [--tz <ZONE>] [--json] [--db <PATH>]",
                "  See 'locate toilet show --help' for more information.",
            ])
    }
}
