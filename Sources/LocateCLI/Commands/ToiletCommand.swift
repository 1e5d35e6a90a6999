import ArgumentParser
import Foundation
import Geo
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

    @Flag(help: "Print JSON instead of a table.")
    var json = false

    @OptionGroup var store: StoreOptions

    func validate() throws {
        guard Coordinate(latLonText: near) != nil else {
            throw ValidationError("--near '\(near)' is not LAT,LON in degrees (for example 50.0875,14.4214)")
        }
        guard limit > 0 else { throw ValidationError("--limit must be at least 1") }
        if let m = maxDistance, !(m > 0) { throw ValidationError("--max-distance must be a positive number of metres") }
    }

    func run() throws {
        try reportingErrors {
            guard let point = Coordinate(latLonText: near) else { throw Exit.usage }
            let db = try LocateStore(readingAt: store.path)
            let finder = try ToiletFinder(store: db)
            guard finder.count > 0 else { throw StorageError.empty(what: "active toilets") }
            let results = try finder.nearest(
                to: point, limit: limit, filter: ToiletFilter(wheelchair: wheelchair, free: free, maxDistanceMeters: maxDistance))
            if json {
                Console.out(try jsonText(ToiletAnswer(near: point, results: results)))
            } else if !results.isEmpty {
                Console.out(ToiletTable.render(results))
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
