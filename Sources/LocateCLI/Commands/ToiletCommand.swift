import ArgumentParser
import Foundation
import Geo
import Hours
import Query
import Storage

/// `locate toilet --near LAT,LON`: the nearest toilets.
struct ToiletCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "toilet",
        abstract: "Find the nearest public toilets to a point (true geodesic distance).",
        discussion: """
            Distances are ellipsoidal (WGS84) geodesic metres; results are exact, nearest first, \
            ties broken by row id. Retired records are never returned. Exits 3 when nothing matches.
            """
    )

    @Option(help: ArgumentHelp("Where you are, as latitude,longitude in degrees (50.0875,14.4214).", valueName: "LAT,LON"))
    var near: String

    @Option(help: "How many toilets to return.")
    var limit = 5

    @Option(help: ArgumentHelp("Only toilets within this distance.", valueName: "METRES"))
    var maxDistance: Double?

    @Flag(help: "Only wheelchair-accessible toilets (wheelchair = yes).")
    var wheelchair = false

    @Flag(help: "Only toilets whose price text says free.")
    var free = false

    @Flag(help: "Only toilets open now (in each place's own time zone).")
    var openNow = false

    @Option(help: ArgumentHelp("Only toilets open at this wall-clock time in --tz (YYYY-MM-DDTHH:MM).", valueName: "TIME"))
    var at: String?

    @Option(help: ArgumentHelp("Time zone of --at.", valueName: "ZONE"))
    var tz = "Europe/Prague"

    @Flag(help: "With --open-now/--at: also list toilets whose hours are unknown, marked as such.")
    var includeUnknown = false

    @Option(
        help: ArgumentHelp("With --open-now/--at: keep only toilets still open this many minutes later.", valueName: "MINUTES"))
    var arriveWithin: Int?

    @Flag(
        help:
            "With --open-now/--at: keep only toilets still open when you get there on foot (5 km/h, paths 1.3× the straight line)."
    )
    var walk = false

    @Flag(help: "Print JSON instead of a table.")
    var json = false

    @OptionGroup var store: StoreOptions

    func validate() throws {
        guard Coordinate(latLonText: near) != nil else {
            throw ValidationError("--near '\(near)' is not LAT,LON in degrees (for example 50.0875,14.4214)")
        }
        guard limit > 0 else { throw ValidationError("--limit must be at least 1") }
        if let m = maxDistance, !(m > 0) { throw ValidationError("--max-distance must be a positive number of metres") }
        if openNow && at != nil { throw ValidationError("give either --open-now or --at, not both") }
        guard let zone = TimeZone(identifier: tz) else { throw ValidationError("--tz '\(tz)' is not an IANA time zone") }
        if let at, WallClock.instant(at, in: zone) == nil {
            throw ValidationError("--at '\(at)' is not a wall-clock time YYYY-MM-DDTHH:MM")
        }
        let timed = openNow || at != nil
        if !timed && (includeUnknown || arriveWithin != nil || walk) {
            throw ValidationError("--include-unknown, --arrive-within and --walk need --open-now or --at")
        }
        if arriveWithin != nil && walk { throw ValidationError("give either --arrive-within or --walk, not both") }
        if let m = arriveWithin, m < 0 { throw ValidationError("--arrive-within must be zero or more minutes") }
    }

    /// The open filter, when --open-now or --at asks for one; `now` is read once by `run`.
    func openFilter(now: Date) -> OpenFilter? {
        guard openNow || at != nil, let zone = TimeZone(identifier: tz) else { return nil }
        let instant = at.flatMap { WallClock.instant($0, in: zone) } ?? now
        let arrival: OpenFilter.Arrival? = walk ? .defaultWalk : arriveWithin.map { .within(minutes: $0) }
        return OpenFilter(at: instant, includeUnknown: includeUnknown, arrival: arrival)
    }

    func run() throws {
        try reportingErrors {
            guard let point = Coordinate(latLonText: near) else { throw Exit.usage }
            let db = try LocateStore(readingAt: store.path)
            let finder = try ToiletFinder(store: db)
            guard finder.count > 0 else { throw StorageError.empty(what: "active toilets") }
            let filter = ToiletFilter(wheelchair: wheelchair, free: free, maxDistanceMeters: maxDistance)
            let open = openFilter(now: Date())
            let results =
                try open.map { try finder.nearestOpen(to: point, limit: limit, filter: filter, open: $0) }
                ?? finder.nearest(to: point, limit: limit, filter: filter)
            if json {
                Console.out(try jsonText(ToiletAnswer(near: point, results: results)))
            } else if !results.isEmpty {
                Console.out(ToiletTable.render(results, timed: open != nil))
            }
            if results.isEmpty {
                Console.note("no toilet matches")
                throw Exit.noResult
            }
        }
    }
}

/// The JSON shape of `locate toilet --json`.
struct ToiletAnswer: Encodable {
    var near: Coordinate
    var results: [ToiletResult]
}
