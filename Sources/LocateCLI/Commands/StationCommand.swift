import ArgumentParser
import Foundation
import Query
import Storage

/// `locate station --near LAT,LON`, `--name TEXT` or `--bookmarked`; `locate station show`.
struct StationCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "station",
        abstract: "Find air-quality stations: nearest to a point, by name, or bookmarked.",
        discussion: """
            --near gives the true nearest stations by WGS84 geodesic distance (exact, ties by row id). \
            --name matches ignoring case and diacritics (Kraków, krakow and KRAKÓW are equal; ł folds to l), \
            exact names first, then prefixes, word prefixes and substrings. Data is judged as of --at \
            (default: now; --tz defaults to Europe/Warsaw). --bookmarked lists the stations bookmarked with \
            `locate bookmark add`. --alert takes thresholds (PM10>50), `norms` (any EU limit value or \
            threshold exceeded, judged on means of the stored history), `who` (the WHO 2021 guideline \
            values) or `index>=4` (the GIOŚ index level). Exits 3 when nothing matches, 4 on an alert. \
            `locate station show ID` prints one station in detail.
            """,
        subcommands: [StationShowCommand.self]
    )

    @OptionGroup var place: NearOptions

    @Option(help: ArgumentHelp("Search station names.", valueName: "TEXT"))
    var name: String?

    @Flag(help: "The bookmarked stations (locate bookmark add), in the order they were added.")
    var bookmarked = false

    @OptionGroup var bookmarks: BookmarkOptions

    @Option(help: "How many stations to return.")
    var limit = 5

    @Option(
        help: ArgumentHelp(
            "With --near: only stations that measure this pollutant (PM10, PM2.5, NO2, O3, SO2, CO, C6H6; case and dots ignored).",
            valueName: "CODE"))
    var param: String?

    @Option(
        help: ArgumentHelp(
            "With --param: only stations with a value this recent (90m, 3h, 2d). With --alert: only values this recent can alert.",
            valueName: "AGE"))
    var freshWithin: String?

    @OptionGroup var time: TimeOptions

    @Option(
        help: ArgumentHelp(
            "Report a threshold (PM10>50), `norms`, `who` or `index>=4` exceeded; repeatable. Exits 4 when any is.",
            valueName: "RULE"))
    var alert: [String] = []

    @OptionGroup var output: JSONOptions

    @OptionGroup var store: StoreOptions

    /// Checks what can be checked before a subcommand (`show`) runs: ArgumentParser validates
    /// this command's options on the way to one, so "give one of" waits for `run`.
    func validate() throws {
        guard [place.near != nil, name != nil, bookmarked].filter({ $0 }).count <= 1 else {
            throw ValidationError("give one of --near LAT,LON, --name TEXT or --bookmarked")
        }
        guard limit > 0 else { throw ValidationError("--limit must be at least 1") }
        if place.near == nil && param != nil { throw ValidationError("--param needs --near") }
        if name != nil && (freshWithin != nil || !alert.isEmpty) {
            throw ValidationError("--fresh-within and --alert need --near or --bookmarked")
        }
        if freshWithin != nil && param == nil && alert.isEmpty {
            throw ValidationError("--fresh-within needs --param or --alert")
        }
        if let f = freshWithin, Quantity.seconds(f) == nil {
            throw ValidationError("--fresh-within '\(f)' \(Quantity.ageReason)")
        }
        for a in alert {
            guard let rule = AlertRule(a) else {
                throw ValidationError("--alert '\(a)' is not a rule such as PM10>50, norms, who or index>=4")
            }
            if case .threshold(let t) = rule { try StationCommand.checkPollutant(t.parameter, option: "--alert '\(a)'") }
        }
        if let param { try StationCommand.checkPollutant(param, option: "--param") }
    }

    /// Fails (exit 64) unless `code` is a pollutant GIOŚ measures: a rule on an unknown code
    /// would never fire.
    static func checkPollutant(_ code: String, option: String) throws {
        guard PollutantCode.canonical(code) == nil else { return }
        throw ValidationError(
            "\(option): unknown pollutant '\(code)' (valid: \(PollutantCode.known.joined(separator: ", ")); case and dots do not count)"
        )
    }

    func run() throws {
        guard place.near != nil || name != nil || bookmarked else {
            throw ValidationError("give one of --near LAT,LON, --name TEXT or --bookmarked (or: locate station show KEY)")
        }
        let clock = Date()
        let finder = StationFinder(store: try LocateStore(readingAt: store.path))
        let now = time.instant(default: "Europe/Warsaw") ?? clock
        let results: [StationResult]
        if let point = place.point {
            results = try finder.nearest(
                to: point, limit: limit, now: now, parameter: param, freshWithin: freshWithin.flatMap(Quantity.seconds))
        } else if bookmarked {
            let ids = try bookmarks.load().filter { $0.kind == "station" }.map(\.id)
            results = try finder.stations(ids: ids, now: now)
            for id in ids where !results.contains(where: { $0.id == id }) {
                Console.note("note: bookmarked station \(id) is no longer in the database")
            }
        } else {
            results = try finder.named(name ?? "", limit: limit, now: now)
        }
        let rules = alert.compactMap(AlertRule.init)
        let maxAge = freshWithin.flatMap(Quantity.seconds)
        let hits = try finder.alerts(in: results, rules: rules, now: now, maxAgeSeconds: maxAge)
        let unjudged = try finder.unjudged(in: results, rules: rules, now: now, maxAgeSeconds: maxAge)
        if output.json {
            Console.out(
                try jsonText(StationAnswer(near: place.point, at: now, results: results, alerts: hits, unjudged: unjudged)))
        } else if !results.isEmpty {
            Console.out(StationTable.render(results, byDistance: place.near != nil))
            for hit in hits { Console.out(StationTable.alertLine(hit)) }
        }
        // With --json they are in the document (stderr carries only the error/1 object).
        if !output.json { for u in unjudged { Console.note("warning: \(u.message)") } }
        try place.noteIfSwapped(nearestMeters: results.first?.distanceMeters, data: "station", check: finder.exchangedPoint)
        if results.isEmpty {
            throw CLIError.noResult(bookmarked ? "no station is bookmarked (locate bookmark add ID)" : "no station matches")
        }
        if !hits.isEmpty {
            let list = hits.map { "\($0.station.sourceID) \($0.rule)" }.joined(separator: ", ")
            throw CLIError.alert("\(hits.count) alert threshold(s) exceeded: \(list)")
        }
        if !unjudged.isEmpty {
            // Missing data is never "all fine": a cron job sees exit 5, not 0.
            throw CLIError.unjudged(
                "\(unjudged.count) alert rule(s) could not be judged: \(unjudged.map(\.message).joined(separator: "; "))")
        }
    }
}
