import ArgumentParser
import Foundation
import Geo
import Query
import Storage

/// `locate station --near LAT,LON` or `--name TEXT`.
struct StationCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "station",
        abstract: "Find air-quality stations: nearest to a point, or by name.",
        discussion: """
            --near gives the true nearest stations by WGS84 geodesic distance (exact, ties by row id). \\
            --name matches ignoring case and diacritics (Kraków, krakow and KRAKÓW are equal; ł folds to l), \\
            exact names first, then prefixes, word prefixes and substrings. Exits 3 when nothing matches.
            """
    )

    @Option(help: ArgumentHelp("Where you are, as latitude,longitude in degrees (52.2297,21.0122).", valueName: "LAT,LON"))
    var near: String?

    @Option(help: ArgumentHelp("Search station names.", valueName: "TEXT"))
    var name: String?

    @Option(help: "How many stations to return.")
    var limit = 5

    @Flag(help: "Print JSON instead of a table.")
    var json = false

    @OptionGroup var store: StoreOptions

    func validate() throws {
        guard (near == nil) != (name == nil) else { throw ValidationError("give either --near LAT,LON or --name TEXT") }
        if let near, Coordinate(latLonText: near) == nil {
            throw ValidationError("--near '\(near)' is not LAT,LON in degrees (for example 52.2297,21.0122)")
        }
        guard limit > 0 else { throw ValidationError("--limit must be at least 1") }
    }

    func run() throws {
        try reportingErrors {
            let finder = StationFinder(store: try LocateStore(readingAt: store.path))
            let results: [StationResult]
            if let near, let point = Coordinate(latLonText: near) {
                results = try finder.nearest(to: point, limit: limit)
            } else {
                results = try finder.named(name ?? "", limit: limit)
            }
            if json {
                Console.out(try jsonText(results))
            } else if !results.isEmpty {
                var t = Table(
                    headers: ["#", near != nil ? "distance" : "match", "station", "id", "city", "province"], rightAligned: [0, 1])
                for (i, s) in results.enumerated() {
                    let key =
                        s.distanceMeters.map(ToiletTable.distance)
                        ?? ["exact", "prefix", "word", "contains"][min(3, s.match ?? 3)]
                    t.rows.append(["\(i + 1)", key, s.name, s.id, s.city ?? "", s.province ?? ""])
                }
                Console.out(t.render())
            }
            if results.isEmpty {
                Console.note("no station matches")
                throw Exit.noResult
            }
        }
    }
}
