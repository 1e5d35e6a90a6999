import ArgumentParser
import Foundation
import Query
import Storage

/// `locate station --near LAT,LON` or `--name TEXT`.
struct StationCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "station",
        abstract: "Find air-quality stations: nearest to a point, or by name.",
        discussion: """
            --near gives the true nearest stations by WGS84 geodesic distance (exact, ties by row id). \
            --name matches ignoring case and diacritics (Kraków, krakow and KRAKÓW are equal; ł folds to l), \
            exact names first, then prefixes, word prefixes and substrings. Data is judged as of --at \
            (default: now; --tz defaults to Europe/Warsaw). Exits 3 when nothing matches.
            """
    )

    @OptionGroup var place: NearOptions

    @Option(help: ArgumentHelp("Search station names.", valueName: "TEXT"))
    var name: String?

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
            "With --near: report latest values over a threshold (PM10>50); repeatable. Exits 4 when any is exceeded.",
            valueName: "RULE"))
    var alert: [String] = []

    @OptionGroup var output: JSONOptions

    @OptionGroup var store: StoreOptions

    func validate() throws {
        guard (place.near == nil) != (name == nil) else { throw ValidationError("give either --near LAT,LON or --name TEXT") }
        guard limit > 0 else { throw ValidationError("--limit must be at least 1") }
        if place.near == nil && (param != nil || freshWithin != nil || !alert.isEmpty) {
            throw ValidationError("--param, --fresh-within and --alert need --near")
        }
        if freshWithin != nil && param == nil && alert.isEmpty {
            throw ValidationError("--fresh-within needs --param or --alert")
        }
        if let f = freshWithin, StationCommand.seconds(f) == nil {
            throw ValidationError("--fresh-within '\(f)' is not an age such as 90m, 3h or 2d (at most 3650d)")
        }
        for a in alert {
            guard let rule = AirAlert(a) else { throw ValidationError("--alert '\(a)' is not a rule such as PM10>50") }
            try StationCommand.checkPollutant(rule.parameter, option: "--alert '\(a)'")
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

    /// `90m`, `3h`, `2d` in seconds.
    /// At most ten years: an age beyond that is a typo, and would reach past any stored data.
    static func seconds(_ text: String) -> TimeInterval? {
        guard let unit = text.last, let n = Double(text.dropLast()), n > 0, n.isFinite else { return nil }
        let seconds: TimeInterval
        switch unit {
        case "m": seconds = n * 60
        case "h": seconds = n * 3600
        case "d": seconds = n * 86400
        default: return nil
        }
        return seconds <= 3650 * 86400 ? seconds : nil
    }

    func run() throws {
        let clock = Date()
        let finder = StationFinder(store: try LocateStore(readingAt: store.path))
        let now = time.instant(default: "Europe/Warsaw") ?? clock
        let results: [StationResult]
        if let point = place.point {
            results = try finder.nearest(
                to: point, limit: limit, now: now, parameter: param, freshWithin: freshWithin.flatMap(StationCommand.seconds))
        } else {
            results = try finder.named(name ?? "", limit: limit, now: now)
        }
        let hits = AirAlert.hits(
            in: results, rules: alert.compactMap(AirAlert.init), maxAgeSeconds: freshWithin.flatMap(StationCommand.seconds))
        if output.json {
            Console.out(try jsonText(StationAnswer(near: place.point, at: now, results: results, alerts: hits)))
        } else if !results.isEmpty {
            Console.out(StationTable.render(results, byDistance: place.near != nil))
            for hit in hits { Console.out(StationTable.alertLine(hit)) }
        }
        try place.noteIfSwapped(nearestMeters: results.first?.distanceMeters, data: "station", check: finder.exchangedPoint)
        if results.isEmpty { throw CLIError.noResult("no station matches") }
        if !hits.isEmpty {
            let list = hits.map { "\($0.station.sourceID) \($0.rule)" }.joined(separator: ", ")
            throw CLIError.alert("\(hits.count) alert threshold(s) exceeded: \(list)")
        }
    }
}
