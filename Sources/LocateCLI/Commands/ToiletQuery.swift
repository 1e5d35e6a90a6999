import ArgumentParser
import Foundation
import Geo
import Query
import Storage

/// The values of a `locate toilet` command line, however they were parsed: by ArgumentParser
/// (`ToiletCommand.query`) or by `ToiletQuery(quickParsing:)`, the start-up fast path. The
/// checks and the run live here, so both paths do exactly the same.
struct ToiletQuery: Equatable {
    var near: String?
    var limit = 5
    var maxDistance: Double?
    var wheelchair = false
    var free = false
    var maxPrice: String?
    var publicOnly = false
    var changingTable = false
    var unisex = false
    var datasets: [String] = []
    var openNow = false
    var at: String?
    var tz: String?
    var includeUnknown = false
    var arriveWithin: Int?
    var walk = false
    var json = false
    var db: String?

    /// Every check of the command line, in ArgumentParser's order: the option groups'
    /// (`--near`, then `--at`/`--tz`), then the command's own.
    func validateAll() throws {
        try NearOptions.validate(near: near)
        try TimeOptions.validate(at: at, tz: tz)
        try validate()
    }

    /// The command's own checks (`ToiletCommand.validate()`).
    func validate() throws {
        guard near != nil else { throw ValidationError("missing --near LAT,LON") }
        guard limit > 0 else { throw ValidationError("--limit must be at least 1") }
        if let m = maxDistance, !(m > 0) { throw ValidationError("--max-distance must be a positive number of metres") }
        if openNow && at != nil { throw ValidationError("give either --open-now or --at, not both") }
        let timed = openNow || at != nil
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
        guard openNow || at != nil else { return nil }
        let instant = TimeOptions.instant(at: at, tz: tz, default: zone) ?? now
        let arrival: OpenFilter.Arrival? = walk ? .defaultWalk : arriveWithin.map { .within(minutes: $0) }
        return OpenFilter(at: instant, includeUnknown: includeUnknown, arrival: arrival)
    }

    /// Answers from the derived files alone when they are of the newest committed state
    /// (`ToiletFinder(currentFilesOf:)`: no SQL but the header's data nonce); otherwise,
    /// or when the row file turns out damaged, through the store as always, then writes
    /// the row file for the next query.
    func run() throws {
        guard let point = near.flatMap(Coordinate.init(latLonText:)) else { throw Exit.usage }
        let path = StoreOptions.path(db: self.db)
        if let finder = ToiletFinder(currentFilesOf: path) {
            // The process ends right after the answer: unmapping the files would only add to the wait.
            ProcessEnd.keep(finder)
            do {
                return try answer(point, finder: finder)
            } catch StorageError.badFile(let damaged, _) where damaged == ToiletRowFile.path(forFile: path) {
                // Answered through the store below, which writes a sound file again.
                unlink(damaged)
            }
        }
        let db = try LocateStore(readingAt: path)
        let finder = try ToiletFinder(store: db)
        // As above; closing the connection would also free SQLite's parsed schema.
        ProcessEnd.keep(finder)
        defer { try? finder.saveRowFile() }
        try answer(point, finder: finder)
    }

    private func answer(_ point: Coordinate, finder: ToiletFinder) throws {
        guard finder.count > 0 else { throw StorageError.empty(what: "active toilets") }
        if !datasets.isEmpty {
            let active = try finder.activeDatasets()
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
        let zone = at != nil && tz == nil ? try finder.nearest(to: point, limit: 1).first?.timeZone : nil
        let open = openFilter(now: Date(), zone: zone ?? "Europe/Prague")
        let results =
            try open.map { try finder.nearestOpen(to: point, limit: limit, filter: filter, open: $0) }
            ?? finder.nearest(to: point, limit: limit, filter: filter)
        if json {
            Console.out(try jsonText(ToiletAnswer(near: point, stateAt: open?.at, results: results)))
        } else if !results.isEmpty {
            Console.out(ToiletTable.render(results, timed: open != nil))
        }
        try NearOptions.noteIfSwapped(
            point, nearestMeters: results.first?.distanceMeters, data: "toilet", check: finder.exchangedPoint)
        guard results.isEmpty else { return }
        let unanswerable = try finder.unanswerableFilters(filter, open: open)
        throw CLIError.noResult(ToiletTable.noResult(unanswerable, openFlag: openNow ? "--open-now" : "--at"))
    }
}
