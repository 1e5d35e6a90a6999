import Foundation
import LocateTestSupport
import Testing

/// The tables and file readers of `ReleaseTourTests`.
enum ReleaseTour {
    /// A shipped pipeline and the commands that show it works (`DB`: the test's database,
    /// `FAKE`: the fake GIOŚ API on 127.0.0.1).
    struct Pipeline: Sendable, CustomTestStringConvertible {
        var file: String
        var needsShared: Bool
        var steps: [[String]]
        var testDescription: String { file }
    }

    /// A command of README's tour: its arguments (`DB`: the sample database), exit status and
    /// a piece of what it prints on stdout.
    struct Command: Sendable, CustomTestStringConvertible {
        var arguments: [String]
        var status: Int32 = 0
        var prints: String
        var testDescription: String { arguments.prefix(2).joined(separator: " ") }
    }

    static let prague = ["toilet", "--near", "50.0875,14.4214", "--limit", "1", "--db", "DB"]
    static let pragueStations = ["station", "--near", "50.07,14.43", "--limit", "1", "--at", "2026-11-21T20:30", "--db", "DB"]
    static let krakow = ["station", "--near", "50.06,19.94", "--limit", "1", "--at", "2026-11-21T20:30", "--db", "DB"]

    /// Every pipeline that runs offline (bundled samples, ../shared, or the fake API).
    static let pipelines: [Pipeline] = [
        Pipeline(file: "prague-toilets-sample.yml", needsShared: false, steps: [ingest("prague-toilets-sample.yml"), prague]),
        Pipeline(
            file: "osm-toilets-sample.yml", needsShared: false,
            steps: [ingest("osm-toilets-sample.yml"), ["toilet", "--near", "48.8566,2.3522", "--limit", "1", "--db", "DB"]]),
        Pipeline(
            file: "osm-toilets-prague-sample.yml", needsShared: false, steps: [ingest("osm-toilets-prague-sample.yml"), prague]),
        Pipeline(file: "osm-toilets-tags-sample.yml", needsShared: false, steps: [ingest("osm-toilets-tags-sample.yml")]),
        Pipeline(
            file: "osm-toilets-accessibility-sample.yml", needsShared: false,
            steps: [ingest("osm-toilets-accessibility-sample.yml")]),
        Pipeline(file: "gios-stations-sample.yml", needsShared: false, steps: [ingest("gios-stations-sample.yml"), krakow]),
        Pipeline(
            file: "gios-air-sample.yml", needsShared: false,
            steps: [ingest("gios-stations-sample.yml"), ingest("gios-air-sample.yml"), krakow]),
        Pipeline(
            file: "openaq-stations-sample.yml", needsShared: false, steps: [ingest("openaq-stations-sample.yml"), pragueStations]),
        Pipeline(
            file: "openaq-air-sample.yml", needsShared: false,
            steps: [ingest("openaq-stations-sample.yml"), ingest("openaq-air-sample.yml"), pragueStations]),
        Pipeline(file: "prague-toilets-2016.yml", needsShared: true, steps: [ingest("prague-toilets-2016.yml"), prague]),
        Pipeline(file: "prague-toilets-2019.yml", needsShared: true, steps: [ingest("prague-toilets-2019.yml"), prague]),
        Pipeline(file: "prague-toilets-2026.yml", needsShared: true, steps: [ingest("prague-toilets-2026.yml"), prague]),
        Pipeline(file: "prague-toilets-sjtsk.yml", needsShared: true, steps: [ingest("prague-toilets-sjtsk.yml"), prague]),
        Pipeline(
            file: "osm-toilets-paris.yml", needsShared: true,
            steps: [ingest("osm-toilets-paris.yml"), ["toilet", "--near", "48.8566,2.3522", "--limit", "1", "--db", "DB"]]),
        Pipeline(
            file: "osm-toilets-rome.yml", needsShared: true,
            steps: [ingest("osm-toilets-rome.yml"), ["toilet", "--near", "41.8986,12.4769", "--limit", "1", "--db", "DB"]]),
        Pipeline(
            file: "osm-toilets-helsinki-pbf.yml", needsShared: true,
            steps: [
                ingest("osm-toilets-helsinki-pbf.yml"), ["toilet", "--near", "60.1699,24.9384", "--limit", "1", "--db", "DB"],
            ]),
        // The same toilets as osm-geojson (a committed slice), routed over the extract's streets.
        Pipeline(
            file: "osm-toilets-helsinki-centre.yml", needsShared: true,
            steps: [
                ingest("osm-toilets-helsinki-centre.yml"),
                ["network", "build", "../shared/datasets/osm-pbf/helsinki-centre.osm.pbf", "--db", "DB"],
                ["toilet", "--near", "60.1699,24.9384", "--by", "foot", "--limit", "1", "--db", "DB"],
            ]),
        // An extract without toilets: recorded as an empty run only when asked.
        Pipeline(
            file: "osm-toilets-kouvola-pbf.yml", needsShared: true,
            steps: [["ingest", "pipelines/osm-toilets-kouvola-pbf.yml", "--allow-mass-retire", "--db", "DB"]]),
        Pipeline(
            file: "gios-stations-legacy-2019.yml", needsShared: true,
            steps: [ingest("gios-stations-legacy-2019.yml"), ["station", "--near", "52.23,21.01", "--limit", "1", "--db", "DB"]]),
        Pipeline(
            file: "gios-stations-legacy-2021.yml", needsShared: true,
            steps: [ingest("gios-stations-legacy-2021.yml"), ["station", "--near", "52.23,21.01", "--limit", "1", "--db", "DB"]]),
        Pipeline(
            file: "gios-stations-v1.yml", needsShared: true,
            steps: [ingest("gios-stations-v1.yml"), ["station", "--near", "52.29,21.04", "--limit", "1", "--db", "DB"]]),
        // README's v1 air example (the one that crashed on the release build): the live
        // pipeline against the fake API, limited to station 552 as the fixtures are.
        Pipeline(
            file: "gios-air.yml", needsShared: true,
            steps: [
                ingest("gios-stations-v1.yml"),
                ["ingest", "PIPELINE_WITH_STATIONS_552", "--source", "FAKE/ok/v1/rest", "--db", "DB"],
                ["station", "--near", "52.29,21.04", "--at", "2025-07-04T17:00", "--limit", "1", "--db", "DB"],
            ]),
        Pipeline(
            file: "gios-stations-api.yml", needsShared: true,
            steps: [
                ["ingest", "pipelines/gios-stations-api.yml", "--source", "FAKE/ok/v1/rest/station/findAll", "--db", "DB"],
                ["station", "--near", "52.29,21.04", "--limit", "1", "--db", "DB"],
            ]),
    ]

    /// Pipelines that only read a live service, and the tests that cover them instead.
    static let onlineOnly: [String: String] = [
        "osm-toilets-overpass.yml":
            "needs a bounding box and a live Overpass API: OverpassCommandTests run it against fake_overpass.py",
        "openaq-stations-cz.yml":
            "needs OPENAQ_API_KEY and the live OpenAQ API: OpenAQCommandTests run the client against fake_openaq.py",
        "openaq-air-cz.yml":
            "needs OPENAQ_API_KEY and the live OpenAQ API: OpenAQCommandTests run the client against fake_openaq.py",
    ]

    /// One command of each README section that the pipelines above do not already run.
    static let commands: [Command] = [
        Command(arguments: ["--help"], prints: "SUBCOMMANDS:"),
        Command(arguments: ["toilet", "--near", "50.0875,14.4214", "--open-now", "--db", "DB"], status: 0, prints: "open"),
        Command(
            arguments: ["toilet", "--near", "50.0875,14.4214", "--at", "2026-11-21T20:30", "--json", "--db", "DB"],
            prints: "\"toilet-answer/1\""),
        Command(arguments: ["hours", "eval", "po-pá 8:00-16:00", "--at", "2026-11-23T10:00"], prints: "open"),
        Command(arguments: ["hours", "normalize", "po-pá 8:00-16:00"], prints: "Mo-Fr 08:00-16:00"),
        Command(arguments: ["station", "--name", "Kraków", "--at", "2026-11-21T20:30", "--db", "DB"], prints: "Kraków"),
        Command(arguments: ["station", "show", "9001", "--at", "2026-11-21T20:30", "--db", "DB"], prints: "9001"),
        Command(arguments: ["runs", "--db", "DB"], prints: "prague-toilets-sample"),
        Command(arguments: ["updates", "--since", "2000-01-01T00:00:00Z", "--db", "DB"], prints: "prague-toilets-sample"),
        Command(
            arguments: ["toilet", "--bookmarked", "--bookmarks", "/nonexistent/locate-bookmarks.json", "--db", "DB"], status: 3,
            prints: ""),
        Command(arguments: ["export", "geojson", "--db", "DB"], prints: "FeatureCollection"),
        // Nothing to list in a new database: exit 3, as every query that finds nothing.
        Command(arguments: ["review", "list", "--db", "DB"], status: 3, prints: ""),
        Command(arguments: ["token", "list", "--db", "DB"], status: 3, prints: ""),
        Command(arguments: ["bookmark", "list", "--db", "DB"], status: 3, prints: ""),
        Command(arguments: ["serve", "--help"], prints: "--port"),
    ]

    static func ingest(_ file: String) -> [String] { ["ingest", "pipelines/\(file)", "--db", "DB"] }

    /// A new database with the toilet sample, the station sample and its air data.
    static func sampleDatabaseWithStations() throws -> String {
        let db = try Fixtures.temporaryFolder().appendingPathComponent("tour.sqlite").path
        for file in ["prague-toilets-sample.yml", "gios-stations-sample.yml", "gios-air-sample.yml"] {
            try CLI.ingest(["pipelines/\(file)", "--db", db])
        }
        return db
    }

    /// `pipelines/gios-air.yml` limited to station 552 (README's v1 example), in a new folder.
    static func airPipeline552() throws -> String {
        let text = try String(contentsOfFile: Fixtures.repo("pipelines/gios-air.yml"), encoding: .utf8)
        return try Fixtures.write(text + "stations: [552]\n", name: "air-552.yml")
    }

    /// The `locate` commands of the Makefile's `demo` recipe, with `$(DEMO_DB)` as `db`.
    static func demoCommands(db: String) throws -> [[String]] {
        let makefile = try String(contentsOfFile: Fixtures.repo("Makefile"), encoding: .utf8)
        let lines = makefile.components(separatedBy: "\n")
        guard let start = lines.firstIndex(where: { $0.hasPrefix("demo:") }) else {
            throw TestSupportError("Makefile has no demo target")
        }
        let recipe = lines[(start + 1)...].prefix { $0.hasPrefix("\t") }
        let commands = recipe.compactMap { line -> [String]? in
            let words = line.trimmingCharacters(in: .whitespaces).split(separator: " ").map(String.init)
            guard words.first == "$(BIN)/locate" else { return nil }
            return words.dropFirst().map { $0 == "$(DEMO_DB)" ? db : $0 }
        }
        guard !commands.isEmpty else { throw TestSupportError("the demo recipe runs no $(BIN)/locate command") }
        return commands
    }

    /// The block README shows after "`make demo` prints".
    static func readmeQuickStartBlock() throws -> String {
        let readme = try String(contentsOfFile: Fixtures.repo("README.md"), encoding: .utf8)
        guard let intro = readme.range(of: "`make demo` prints"),
            let open = readme.range(of: "\n```\n", range: intro.upperBound..<readme.endIndex),
            let close = readme.range(of: "\n```\n", range: open.upperBound..<readme.endIndex)
        else { throw TestSupportError("README has no block after '`make demo` prints'") }
        return String(readme[open.upperBound..<close.lowerBound]) + "\n"
    }
}
