import ArgumentParser
import Contract
import Foundation
import Query
import Storage

/// `locate station --near LAT,LON`, `--name TEXT` or `--bookmarked`; `locate station show`.
struct StationCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "station",
        abstract: "Find air-quality stations: nearest to a point, by name, or bookmarked.",
        // Written out: ArgumentParser shortens a synopsis this long to `<options>`.
        usage: """
            locate station (--near <LAT,LON> | --name <TEXT> | --bookmarked [--bookmarks <FILE>]) [--limit <N>] [--offset <N>]
                           [--param <CODE>] [--fresh-within <AGE>] [--at <TIME> [--tz <ZONE>]] [--alert <RULE> ...]
                           [--json | --format <FORMAT>] [--db <PATH>]
            locate station --near-file <POINTS> [--limit <N>] [--param <CODE>] [--at <TIME>] [--format csv|geojson|jsonl]
            locate station show <KEY> [<options>]
            """,
        discussion: """
            --near gives the true nearest stations by WGS84 geodesic distance (exact, ties by row id). \
            --name matches ignoring case and diacritics (Kraków, krakow and KRAKÓW are equal; ł folds to l), \
            exact names first, then prefixes, word prefixes and substrings. Data is judged as of --at \
            (default: now; --tz defaults to Europe/Warsaw). --bookmarked lists the stations bookmarked with \
            `locate bookmark add`. --alert takes thresholds (PM10>50), `norms` (any EU limit value or \
            threshold exceeded, judged on means of the stored history), `who` (the WHO 2021 guideline \
            values), `index>=4` (the GIOŚ index level) or `eaqi>=poor` (the European Air Quality \
            Index, computed for every station: good, fair, moderate, poor, very_poor, extremely_poor). \
            Exits 3 when nothing matches, 4 on an alert. \
            `locate station show ID` prints one station in detail.
            """,
        subcommands: [StationShowCommand.self]
    )

    @OptionGroup var place: NearOptions

    // Unconditional: the value may be `-` (standard input).
    @Option(
        parsing: .unconditional,
        help: ArgumentHelp(
            "Ask the question at every point of this file instead of --near (CSV with lat/lon, latitude/longitude or y/x columns and an optional id column, or a GeoJSON FeatureCollection of Points; - reads stdin): --format csv (default), geojson or jsonl, one line per result, streamed.",
            valueName: "POINTS"))
    var nearFile: String?

    @Option(
        help: ArgumentHelp(
            "With --near-file: how many bad input rows to pass over (each said on stderr with its line) before failing with exit 6 (default 100).",
            valueName: "N"))
    var maxBadRows: String?

    @Option(help: ArgumentHelp("Search station names.", valueName: "TEXT"))
    var name: String?

    @Flag(help: "The bookmarked stations (locate bookmark add), in the order they were added.")
    var bookmarked = false

    @OptionGroup var bookmarks: BookmarkOptions

    @Option(help: ArgumentHelp("How many stations to return (default 5).", valueName: "N"))
    var limit: String?

    @Option(
        help: ArgumentHelp(
            "With --near or --name: skip this many stations first (paging; default 0); the JSON's next_offset gives the next page's.",
            valueName: "N"))
    var offset: String?

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

    @OptionGroup var time: TimeOptions<WarsawZone>

    @Option(
        help: ArgumentHelp(
            "Report a threshold (PM10>50), `norms`, `who` or `index>=4` exceeded; repeatable. Exits 4 when any is.",
            valueName: "RULE"))
    var alert: [String] = []

    @OptionGroup var output: JSONOptions

    @OptionGroup var formats: FormatOptions

    @OptionGroup var store: StoreOptions

    /// Checks what can be checked before a subcommand (`show`) runs: ArgumentParser validates
    /// this command's options on the way to one, so "give one of" waits for `run`.
    func validate() throws {
        if nearFile != nil { return try validateNearFile() }
        if maxBadRows != nil { throw ValidationError("--max-bad-rows needs --near-file POINTS") }
        _ = try formats.resolved(json: output.json, places: true)
        guard [place.near != nil, name != nil, bookmarked].filter({ $0 }).count <= 1 else {
            throw ValidationError("give one of --near LAT,LON, --name TEXT or --bookmarked")
        }
        // The target's kind is all the checks need: the bookmarks are read in `run`.
        _ = try request(target: place.point.map { .near($0) } ?? name.map { .name($0) } ?? .ids([]))
    }

    /// The texts given, by the request's field names (`GET /v1/stations/nearest` hands over
    /// the same fields from its parameters).
    var values: [RequestField: [String]] {
        var v: [RequestField: [String]] = [:]
        for case (let field, let text?) in [
            (RequestField.limit, limit), (.offset, offset), (.param, param), (.freshWithin, freshWithin),
        ] {
            v[field] = [text]
        }
        for case (let field, let text?) in [(RequestField.at, time.at), (.tz, time.tz)] { v[field] = [text] }
        if !alert.isEmpty { v[.alert] = alert }
        return v
    }

    /// The question these options ask about `target`; a field at fault is a usage error
    /// naming its option.
    func request(target: StationsRequest.Target) throws -> StationsRequest {
        try ToiletQuery.usage { try StationsRequest(target: target, values: values) }
    }

    func run() throws {
        if let nearFile { return try runNearFile(nearFile) }
        guard place.near != nil || name != nil || bookmarked else {
            throw ValidationError("give one of --near LAT,LON, --name TEXT or --bookmarked (or: locate station show KEY)")
        }
        let target: StationsRequest.Target
        if let point = place.point {
            target = .near(point)
        } else if bookmarked {
            target = .ids(try bookmarks.load().filter { $0.kind == "station" }.map(\.id))
        } else {
            target = .name(name ?? "")
        }
        let request = try request(target: target)
        let finder = StationFinder(store: try LocateStore(readingAt: store.path))
        let (now, shift) = request.instant(now: Date())
        if let shift, let at = time.at { Console.note(TimeText.shiftNote(shift, at: at, zone: request.zone)) }
        let (answer, missing) = try request.answer(using: finder, at: now)
        for id in missing { Console.note("note: bookmarked station \(id) is no longer in the database") }
        let results = answer.results
        let hits = answer.alerts
        let unjudged = answer.unjudged
        let format = try formats.resolved(json: output.json, places: true)
        switch format {
        case .geojson:
            Console.out(String(decoding: try answer.geoJSON(), as: UTF8.self))
        case .json: Console.out(try jsonText(answer))
        case .csv: Console.out(String(decoding: try ContractCSV.encode(results), as: UTF8.self))
        case .table where !results.isEmpty:
            Console.text(StationTable.render(results, byDistance: place.near != nil, offset: request.offset))
            for hit in hits { Console.text(StationTable.alertLine(hit, zone: request.zone)) }
        case .table: break
        }
        // With --json they are in the document (stderr carries only the error/1 object).
        if format != .json {
            for u in unjudged { Console.note("warning: \(u.message)") }
            // The swap hint in the CLI's own words, naming --near (below).
            for note in answer.notes where note != answer.swap?.text { Console.note("note: \(note)") }
        }
        try place.noteIfSwapped(nearestMeters: results.first?.distanceMeters, data: "station", check: finder.exchangedPoint)
        if results.isEmpty {
            if request.offset > 0 {
                throw CLIError.noResult("no more stations: at most \(request.offset) stations match")
            }
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
