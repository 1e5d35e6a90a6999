import ArgumentParser
import Foundation
import Geo
import Hours
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
            exact names first, then prefixes, word prefixes and substrings. Exits 3 when nothing matches.
            """
    )

    @Option(help: ArgumentHelp("Where you are, as latitude,longitude in degrees (52.2297,21.0122).", valueName: "LAT,LON"))
    var near: String?

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

    @Option(help: ArgumentHelp("Judge data as of this wall-clock time in --tz (default: now).", valueName: "TIME"))
    var at: String?

    @Option(help: ArgumentHelp("Time zone of --at.", valueName: "ZONE"))
    var tz = "Europe/Warsaw"

    @Option(
        help: ArgumentHelp(
            "With --near: report latest values over a threshold (PM10>50); repeatable. Exits 4 when any is exceeded.",
            valueName: "RULE"))
    var alert: [String] = []

    @Flag(help: "Print JSON instead of a table.")
    var json = false

    @OptionGroup var store: StoreOptions

    func validate() throws {
        guard (near == nil) != (name == nil) else { throw ValidationError("give either --near LAT,LON or --name TEXT") }
        if let near, Coordinate(latLonText: near) == nil {
            throw ValidationError("--near '\(near)' is not LAT,LON in degrees (for example 52.2297,21.0122)")
        }
        guard limit > 0 else { throw ValidationError("--limit must be at least 1") }
        if near == nil && (param != nil || freshWithin != nil || !alert.isEmpty) {
            throw ValidationError("--param, --fresh-within and --alert need --near")
        }
        if freshWithin != nil && param == nil && alert.isEmpty {
            throw ValidationError("--fresh-within needs --param or --alert")
        }
        if let f = freshWithin, StationCommand.seconds(f) == nil {
            throw ValidationError("--fresh-within '\(f)' is not an age such as 90m, 3h or 2d")
        }
        for a in alert where AirAlert(a) == nil {
            throw ValidationError("--alert '\(a)' is not a rule such as PM10>50")
        }
        guard let zone = TimeZone(identifier: tz) else { throw ValidationError("--tz '\(tz)' is not an IANA time zone") }
        if let at, WallClock.instant(at, in: zone) == nil {
            throw ValidationError("--at '\(at)' is not a wall-clock time YYYY-MM-DDTHH:MM")
        }
    }

    /// `90m`, `3h`, `2d` in seconds.
    static func seconds(_ text: String) -> TimeInterval? {
        guard let unit = text.last, let n = Double(text.dropLast()), n > 0 else { return nil }
        switch unit {
        case "m": return n * 60
        case "h": return n * 3600
        case "d": return n * 86400
        default: return nil
        }
    }

    func run() throws {
        let clock = Date()
        try reportingErrors {
            let finder = StationFinder(store: try LocateStore(readingAt: store.path))
            let now = TimeZone(identifier: tz).flatMap { zone in at.flatMap { WallClock.instant($0, in: zone) } } ?? clock
            let results: [StationResult]
            if let near, let point = Coordinate(latLonText: near) {
                results = try finder.nearest(
                    to: point, limit: limit, now: now, parameter: param, freshWithin: freshWithin.flatMap(StationCommand.seconds))
            } else {
                results = try finder.named(name ?? "", limit: limit, now: now)
            }
            let rules = alert.compactMap(AirAlert.init)
            let exceeded = results.flatMap { s in
                (s.air?.readings ?? []).flatMap { r in
                    rules.filter { $0.exceeded(by: r, maxAgeSeconds: freshWithin.flatMap(StationCommand.seconds)) }.map {
                        (s, r, $0)
                    }
                }
            }
            if json {
                let hits = exceeded.map {
                    AlertHit(station: $0.0.sourceID, name: $0.0.name, rule: $0.2.description, reading: $0.1)
                }
                Console.out(try jsonText(StationAnswer(results: results, alerts: hits)))
            } else if !results.isEmpty {
                Console.out(StationTable.render(results, byDistance: near != nil))
                for (s, r, rule) in exceeded {
                    Console.out(
                        "ALERT \(s.name) (\(s.sourceID)): \(r.parameter) \(JSONText.number(r.value)) \(r.unit) at \(r.localTime), over \(rule)"
                    )
                }
            }
            if results.isEmpty {
                Console.note("no station matches")
                throw Exit.noResult
            }
            if !exceeded.isEmpty { throw Exit.alert }
        }
    }
}

/// The JSON shape of `locate station --json`.
struct StationAnswer: Encodable {
    var results: [StationResult]
    var alerts: [AlertHit]
}

/// One exceeded threshold.
struct AlertHit: Encodable {
    var station: String
    var name: String
    var rule: String
    var reading: StationAir.Reading
}
