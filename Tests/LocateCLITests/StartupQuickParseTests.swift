import ArgumentParser
import Foundation
import Testing

@testable import LocateCLI

/// `ToiletQuery(quickParsing:)`, the start-up fast path of `locate toilet`: it reads every
/// option `toilet` has, and whatever it reads it reads as ArgumentParser does; everything else
/// (help, errors, unusual syntax) is left to ArgumentParser (docs/benchmarks.md).
@Suite struct StartupQuickParseTests {
    /// What ArgumentParser makes of `arguments`: the toilet command's values, or nil when it
    /// refuses them (or parses another command).
    static func parsedByArgumentParser(_ arguments: [String]) -> ToiletQuery? {
        (try? Locate.parseAsRoot(arguments) as? ToiletCommand)?.query
    }

    /// The quick reader's table lists exactly the options ArgumentParser declares for
    /// `toilet`, each taking its value the same way: a new option cannot be forgotten.
    @Test func theTableIsToiletsOptions() throws {
        let dump = try #require(JSONSerialization.jsonObject(with: Data(Locate._dumpHelp().utf8)) as? [String: Any])
        let root = try #require(dump["command"] as? [String: Any])
        let commands = try #require(root["subcommands"] as? [[String: Any]])
        let toilet = try #require(commands.first { $0["commandName"] as? String == "toilet" })
        var declared: [String: String] = [:]
        for argument in try #require(toilet["arguments"] as? [[String: Any]]) {
            let names = (argument["names"] as? [[String: Any]] ?? []).filter { $0["kind"] as? String == "long" }
            let name = try #require(names.first?["name"] as? String, "\(argument)")
            // ArgumentParser's own flags stay with it (help, and the root's --version).
            guard name != "help" && name != "version" else { continue }
            let kind = argument["kind"] as? String
            let strategy = argument["parsingStrategy"] as? String
            let repeating = argument["isRepeating"] as? Bool ?? false
            declared[name] =
                kind == "flag"
                ? "flag" : repeating ? "repeatable" : strategy == "unconditional" ? "anyValue" : "value"
        }
        let table = ToiletQuery.quickOptions.mapValues { "\($0)" }
        #expect(table == declared)
    }

    /// Command lines the fast path reads: exactly ArgumentParser's values.
    @Test(arguments: [
        ["toilet", "--near", "50.08,14.42", "--limit", "1"],
        ["toilet", "--near", "50.08,14.42", "--limit", "1", "--db", "bench/out/locate-1000000.sqlite"],
        ["toilet", "--near=-33.86,151.2"],
        ["toilet", "--near", "-33.86,151.2", "--json"],
        ["toilet", "--limit=3", "--near", "50.0875,14.4214", "--max-distance", "250.5", "--wheelchair", "--free"],
        ["toilet", "--near", "50.0875,14.4214", "--max-price", "0.50EUR", "--public", "--changing-table", "--unisex"],
        ["toilet", "--near", "50.0875,14.4214", "--dataset", "a", "--dataset=b", "--dataset", "a"],
        ["toilet", "--near", "50.0875,14.4214", "--open-now", "--include-unknown", "--arrive-within", "15"],
        ["toilet", "--near", "50.0875,14.4214", "--at", "2026-11-21T20:30", "--tz", "Europe/Vienna", "--walk"],
        ["toilet", "--near", "50.0875,14.4214", "--at", "2026-11-21T20:00:00+01:00", "--limit", "+7"],
        ["toilet", "--db=x.sqlite", "--near", "50.0875,14.4214", "--max-distance", "1e3", "--json"],
    ])
    func readsAsArgumentParserDoes(arguments: [String]) throws {
        let quick = try #require(ToiletQuery(quickParsing: arguments))
        #expect(quick == StartupQuickParseTests.parsedByArgumentParser(arguments))
    }

    /// The values arrive where they belong (not only equal to ArgumentParser's).
    @Test func valuesArriveInTheirFields() throws {
        let quick = try #require(
            ToiletQuery(quickParsing: [
                "toilet", "--near", "50.1,14.2", "--limit", "2", "--dataset", "a", "--dataset", "b", "--at",
                "2026-11-21T12:00", "--tz", "Europe/Prague", "--arrive-within", "5", "--db", "d.sqlite", "--public",
                "--max-price", "20CZK", "--max-distance", "99.5",
            ]))
        var expected = ToiletQuery()
        expected.near = "50.1,14.2"
        expected.limit = "2"
        expected.datasets = ["a", "b"]
        expected.at = "2026-11-21T12:00"
        expected.tz = "Europe/Prague"
        expected.arriveWithin = "5"
        expected.db = "d.sqlite"
        expected.publicOnly = true
        expected.maxPrice = "20CZK"
        expected.maxDistance = "99.5"
        #expect(quick == expected)
    }

    /// The whole command answers the same by both paths: the same line with `--near` given
    /// twice (ArgumentParser keeps the last; the fast path leaves repeats to it) prints the
    /// same output, notes and exit status.
    @Test(arguments: [
        ["--limit", "2"],
        ["--limit", "3", "--json"],
        ["--wheelchair"],
        ["--at", "2026-11-21T20:30", "--tz", "Europe/Prague", "--limit", "3"],
        ["--max-distance", "1", "--json"],
    ])
    func bothPathsAnswerAlike(options: [String]) throws {
        let db = try CLI.sampleDatabase()
        let quick = ["toilet", "--near", "50.0875,14.4214"] + options + ["--db", db]
        let parsed = ["toilet", "--near", "0,0"] + Array(quick.dropFirst())
        #expect(ToiletQuery(quickParsing: quick) != nil)
        #expect(ToiletQuery(quickParsing: parsed) == nil)
        let a = try CLI.run(quick)
        let b = try CLI.run(parsed)
        #expect(a.status == b.status)
        #expect(a.stdout == b.stdout)
        #expect(a.stderr == b.stderr)
        #expect(!a.stdout.isEmpty || a.status == 3, "\(a)")
    }

    /// Everything else goes to ArgumentParser, which reports it (or, for help and other
    /// commands, does what it always did).
    @Test(arguments: [
        ["toilet"],  // missing --near: a check fails
        ["toilet", "--near", "50.08,14.42", "--limit", "0"],
        ["toilet", "--near", "50.08,14.42", "--limit", "-1"],
        ["toilet", "--near", "50.08,14.42", "--limit", "five"],
        ["toilet", "--near", "50.08,14.42", "--limit", "1", "--limit", "2"],
        ["toilet", "--near", "50.08,14.42", "--limit"],
        ["toilet", "--near", "50.08,14.42", "--limit="],
        ["toilet", "--near", "--limit", "1"],
        ["toilet", "--near", "91,14"],
        ["toilet", "--near", "50.08,14.42", "--json=true"],
        ["toilet", "--near", "50.08,14.42", "--json", "--json"],
        ["toilet", "--near", "50.08,14.42", "--help"],
        ["toilet", "--near", "50.08,14.42", "-h"],
        ["toilet", "--near", "50.08,14.42", "--version"],
        ["toilet", "--near", "50.08,14.42", "--generate-completion-script", "bash"],
        ["toilet", "--near", "50.08,14.42", "--"],
        ["toilet", "--near", "50.08,14.42", "extra"],
        ["toilet", "--near", "50.08,14.42", "--max-distance", "-5"],
        ["toilet", "--near", "50.08,14.42", "--open-now", "--at", "2026-11-21T20:30"],
        ["toilet", "--near", "50.08,14.42", "--tz", "Mars/Olympus"],
        ["toilet", "--near", "50.08,14.42", "--walk"],
        ["toilet", "--near", "50.08,14.42", "--max-price", "cheap"],
        ["toilet", "--near", "50.08,14.42", "--dataset", ""],
        ["toilet", "--near", "50.08,14.42", "--unknown-option"],
        ["help", "toilet"],
        ["station", "--near", "50.08,14.42"],
        ["--near", "50.08,14.42", "toilet"],
    ])
    func leavesTheRestToArgumentParser(arguments: [String]) {
        #expect(ToiletQuery(quickParsing: arguments) == nil)
    }

    /// `locate --version` alone is printed before ArgumentParser is asked (`LocateMain`); it
    /// prints what ArgumentParser would, the version of the configuration, and any other
    /// words with it go the usual way (where ArgumentParser prints the version too).
    @Test(arguments: [
        (["--version"], 0, "0.1.0\n", ""),
        (["--version", "--json"], 0, "0.1.0\n", ""),
        (["--version", "extra"], 0, "0.1.0\n", ""),
    ])
    func theVersionIsArgumentParsers(arguments: [String], status: Int32, stdout: String, stderr: String) throws {
        let r = try CLI.run(arguments)
        #expect(r.status == status)
        #expect(r.stdout == stdout)
        #expect(r.stderr.hasPrefix(stderr), "\(r.stderr)")
    }
}
