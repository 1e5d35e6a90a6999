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
            ties broken by row id. Retired records and restricted toilets (OSM access private, no, \
            permit, key, …) are never returned; customers-only ones are marked. --open-now or --at keeps only \
            toilets open at that time. Exits 3 when nothing matches, saying so when no active toilet \
            has the data a filter needs (hours, wheelchair access, price). When the nearest toilet is over \
            100 km away and --near lies outside the data but inside once latitude and longitude are \
            exchanged, a note on stderr says so.
            """
    )

    @OptionGroup var place: NearOptions

    @Option(help: "How many toilets to return.")
    var limit = 5

    @Option(help: ArgumentHelp("Only toilets within this distance.", valueName: "METRES"))
    var maxDistance: Double?

    @Flag(help: "Only wheelchair-accessible toilets (wheelchair = yes).")
    var wheelchair = false

    @Flag(help: "Only toilets whose price text says free (OSM: fee=no or fee=donation).")
    var free = false

    @Option(
        help: ArgumentHelp(
            "Only free toilets or those priced at most this, in this currency (0.50EUR, 20CZK); prices in other currencies or with no known amount never match.",
            valueName: "AMOUNT"))
    var maxPrice: String?

    @Flag(name: .customLong("public"), help: "Not customers-only toilets (access = customers); unknown access is kept.")
    var publicOnly = false

    @Flag(help: "Only toilets with a baby changing table (changing_table = yes).")
    var changingTable = false

    @Flag(help: "Only unisex toilets (unisex = yes).")
    var unisex = false

    @Option(
        name: .customLong("dataset"),
        help: ArgumentHelp(
            "Only this dataset (repeatable); default: every active dataset, one place listed once with all its sources.",
            valueName: "NAME"))
    var datasets: [String] = []

    @Flag(help: "Only toilets open now (in each place's own time zone).")
    var openNow = false

    @OptionGroup var time: TimeOptions

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

    @OptionGroup var output: JSONOptions

    @OptionGroup var store: StoreOptions

    func validate() throws {
        guard place.near != nil else { throw ValidationError("missing --near LAT,LON") }
        guard limit > 0 else { throw ValidationError("--limit must be at least 1") }
        if let m = maxDistance, !(m > 0) { throw ValidationError("--max-distance must be a positive number of metres") }
        if openNow && time.at != nil { throw ValidationError("give either --open-now or --at, not both") }
        let timed = openNow || time.at != nil
        if !timed && (includeUnknown || arriveWithin != nil || walk) {
            throw ValidationError("--include-unknown, --arrive-within and --walk need --open-now or --at")
        }
        if arriveWithin != nil && walk { throw ValidationError("give either --arrive-within or --walk, not both") }
        if let m = arriveWithin, !(0...1440).contains(m) {
            throw ValidationError("--arrive-within must be 0 to 1440 minutes")
        }
        if let p = maxPrice, PriceLimit(text: p) == nil {
            throw ValidationError(
                "--max-price '\(p)' is not an amount with its currency (write 0.50EUR or 20CZK)")
        }
    }

    /// The open filter, when --open-now or --at asks for one; `now` is read once by `run`.
    /// A wall-clock `--at` without `--tz` is read in `zone` (the nearest toilet's).
    func openFilter(now: Date, zone: String) -> OpenFilter? {
        guard openNow || time.at != nil else { return nil }
        let instant = time.instant(default: zone) ?? now
        let arrival: OpenFilter.Arrival? = walk ? .defaultWalk : arriveWithin.map { .within(minutes: $0) }
        return OpenFilter(at: instant, includeUnknown: includeUnknown, arrival: arrival)
    }

    func run() throws {
        guard let point = place.point else { throw Exit.usage }
        let db = try LocateStore(readingAt: store.path)
        let finder = try ToiletFinder(store: db)
        // The process ends right after the answer: closing the connection (freeing SQLite's
        // parsed schema) and unmapping the index would only add to the wait.
        ProcessEnd.keep(finder)
        guard finder.count > 0 else { throw StorageError.empty(what: "active toilets") }
        if !datasets.isEmpty {
            let active = try db.activeToiletDatasets()
            if let unknown = datasets.first(where: { !active.contains($0) }) {
                throw ValidationError(
                    "--dataset '\(unknown)' has no active toilets (datasets: \(active.joined(separator: ", ")))")
            }
        }
        let filter = ToiletFilter(
            wheelchair: wheelchair, free: free, maxDistanceMeters: maxDistance, publicOnly: publicOnly,
            changingTable: changingTable, unisex: unisex, maxPrice: maxPrice.flatMap { PriceLimit(text: $0) },
            datasets: datasets.isEmpty ? nil : Set(datasets))
        // `--at 12:00` means noon where the toilets are: in the nearest one's zone unless --tz.
        let zone = time.at != nil && time.tz == nil ? try finder.nearest(to: point, limit: 1).first?.timeZone : nil
        let open = openFilter(now: Date(), zone: zone ?? "Europe/Prague")
        let results =
            try open.map { try finder.nearestOpen(to: point, limit: limit, filter: filter, open: $0) }
            ?? finder.nearest(to: point, limit: limit, filter: filter)
        if output.json {
            Console.out(try jsonText(ToiletAnswer(near: point, stateAt: open?.at, results: results)))
        } else if !results.isEmpty {
            Console.out(ToiletTable.render(results, timed: open != nil))
        }
        try place.noteIfSwapped(nearestMeters: results.first?.distanceMeters, data: "toilet", check: finder.exchangedPoint)
        guard results.isEmpty else { return }
        let unanswerable = try finder.unanswerableFilters(filter, open: open)
        throw CLIError.noResult(ToiletTable.noResult(unanswerable, openFlag: openNow ? "--open-now" : "--at"))
    }
}
