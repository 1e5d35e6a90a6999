import ArgumentParser
import Export
import Foundation
import Geo
import Query
import Routing
import Storage

/// The values of a `locate toilet` command line, however they were parsed: by ArgumentParser
/// (`ToiletCommand.query`) or by `ToiletQuery(quickParsing:)`, the start-up fast path. The
/// checks and the run live here, so both paths do exactly the same.
struct ToiletQuery: Equatable {
    var near: String?
    var limit: String?
    var offset: String?
    var maxDistance: String?
    var bbox: String?
    var name: String?
    var wheelchair = false
    var free = false
    var maxPrice: String?
    var publicOnly = false
    var changingTable = false
    var unisex = false
    var with: [String] = []
    var datasets: [String] = []
    var openNow = false
    var at: String?
    var tz: String?
    var includeUnknown = false
    var arriveWithin: String?
    var walk = false
    var by: String?
    var verifiedWithin: String?
    var json = false
    /// `--format table|json|geojson|csv` (`--json` is `--format json`).
    var format: String?
    var db: String?
    /// `--near-file POINTS`: the question asked at every point of the file (`-`: stdin).
    var nearFile: String?

    /// Whether a place to ask about is given (`--near`, `--bbox`, `--name` or `--near-file`).
    var asksAPlace: Bool { near != nil || bbox != nil || name != nil || nearFile != nil }
    /// `--max-bad-rows N` (with `--near-file`).
    var maxBadRows: String?

    /// Every check of the command line, in ArgumentParser's order: the option groups'
    /// (`--near`, then `--at`/`--tz`), then the command's own.
    func validateAll() throws {
        try NearOptions.validate(near: near)
        try TimeText.validate(at: at, tz: tz)
        try validate()
    }

    /// The command's own checks (`ToiletCommand.validate()`): the output format's, then the
    /// request's.
    func validate() throws {
        _ = try outputFormat()
        if nearFile != nil { return try validateNearFile() }
        if maxBadRows != nil { throw ValidationError("--max-bad-rows needs --near-file POINTS") }
        _ = try request()
    }

    /// How the answer is written: `--format`, or `--json`; a table by default.
    func outputFormat() throws -> ToiletOutputFormat {
        if nearFile != nil { return try ToiletQuery.nearFileFormat(format, json: json) }
        guard let format else { return json ? .json : .table }
        guard let f = ToiletOutputFormat(rawValue: format), f != .jsonl else {
            if format == "jsonl" { throw ValidationError("--format jsonl writes the answers of --near-file POINTS") }
            throw ValidationError("--format '\(format)' is not one of table, json, geojson, csv")
        }
        if json && f != .json { throw ValidationError("give either --json or --format \(format), not both") }
        return f
    }

    /// The texts given, by the request's field names (`GET /v1/toilets/nearest` hands over
    /// the same fields from its parameters).
    var values: [RequestField: [String]] {
        var v: [RequestField: [String]] = [:]
        let texts: [(RequestField, String?)] = [
            (.limit, limit), (.offset, offset), (.maxDistance, maxDistance), (.bbox, bbox), (.name, name),
            (.maxPrice, maxPrice), (.at, at), (.tz, tz), (.arriveWithin, arriveWithin), (.by, by),
            (.verifiedWithin, verifiedWithin),
        ]
        for case (let field, let text?) in texts { v[field] = [text] }
        let flags: [(RequestField, Bool)] = [
            (.wheelchair, wheelchair), (.free, free), (.publicOnly, publicOnly), (.changingTable, changingTable),
            (.unisex, unisex), (.openNow, openNow), (.includeUnknown, includeUnknown), (.walk, walk),
        ]
        for (field, on) in flags where on { v[field] = ["true"] }
        if !with.isEmpty { v[.with] = with }
        if !datasets.isEmpty { v[.dataset] = datasets }
        return v
    }

    /// The question these options ask; a field at fault is a usage error naming its option.
    func request() throws -> NearestToiletsRequest {
        guard near != nil || bbox != nil || name != nil else {
            throw ValidationError("missing --near LAT,LON (or --bbox W,S,E,N, or --name TEXT)")
        }
        let point = try near.map { text in
            guard let point = Coordinate(latLonText: text) else { throw Exit.usage }
            return point
        }
        return try ToiletQuery.usage { try NearestToiletsRequest(near: point, values: values) }
    }

    /// `body()`, with a request's field at fault as a usage error in the options' names.
    static func usage<T>(_ body: () throws -> T) throws -> T {
        do {
            return try body()
        } catch QueryError.badRequest(let problem) {
            throw ValidationError(problem.message(naming: \.cliName))
        }
    }

    /// Answers from the derived file alone when it is of the newest committed state
    /// (`ToiletFinder(currentFilesOf:)`: no SQL but the data nonce); otherwise through the
    /// store, which writes the file for the next query when the write that made the state
    /// did not (places changed by another program). A damaged file is the finder's to handle.
    func run() throws {
        if let nearFile { return try runNearFile(nearFile) }
        let request = try request()
        let path = StoreOptions.path(db: self.db)
        let finder = try ToiletFinder(currentFilesOf: path) ?? ToiletFinder(store: LocateStore(readingAt: path))
        // The process ends right after the answer: unmapping the files or closing the
        // connection (which would also free SQLite's parsed schema) would only add to the wait.
        ProcessEnd.keep(finder)
        try answer(request, finder: finder)
    }

    private func answer(_ request: NearestToiletsRequest, finder: ToiletFinder) throws {
        guard finder.count > 0 else { throw StorageError.empty(what: "active toilets") }
        let now = Date()
        let time = try request.instant(using: finder, now: now)
        if let time, let shift = time.shift, let at {
            Console.note(TimeText.shiftNote(shift, at: at, zone: time.zone))
        }
        // By route: the network whose area holds --near, beside the database (docs/routing.md).
        let network = try request.by.map { _ in
            try NetworkCatalog.network(for: request.near, databasePath: StoreOptions.path(db: db))
        }
        let answer = try ToiletQuery.usage { try request.answer(using: finder, at: time?.at, now: now, network: network) }
        let results = answer.results
        let format = try outputFormat()
        if format == .json {
            Console.out(jsonText(answer))
        } else if format == .geojson {
            Console.out(try ToiletAnswerGeoJSON.text(answer, feature: ToiletFeatureJSON.bytes))
        } else if format == .csv {
            Console.out(String(decoding: ToiletAnswerCSV.encode(answer), as: UTF8.self))
        } else if !results.isEmpty {
            Console.text(ToiletTable.render(results, timed: time != nil, by: request.by, offset: request.offset))
        }
        if let far = answer.far { Console.note("note: \(far.text)") }
        // A box alone given latitude first (a point's hint names --near, below).
        if near == nil, let swap = answer.swap { Console.note("note: \(swap.text)") }

        // Only a point given as --near can have been swapped (not a box's centre).
        try NearOptions.noteIfSwapped(
            near == nil ? nil : request.near, nearestMeters: results.first?.distanceMeters, data: "toilet",
            check: finder.exchangedPoint)
        guard results.isEmpty else { return }
        if request.offset > 0 { throw CLIError.noResult("no more toilets: at most \(request.offset) places match") }
        let unanswerable = try finder.unanswerableFilters(request.filter, open: request.openFilter(at: time?.at))
        throw CLIError.noResult(ToiletTable.noResult(unanswerable, openFlag: openNow ? "--open-now" : "--at"))
    }
}

/// The forms `locate toilet` writes its answer in (`--format`).
enum ToiletOutputFormat: String {
    /// A table (the default).
    case table
    /// `toilet-answer/1` (docs/json.md), as `--json`.
    case json
    /// An RFC 7946 FeatureCollection (`ToiletAnswerGeoJSON`, `toilet-geojson/1`).
    case geojson
    /// RFC 4180 CSV, a header and a line per toilet (`ToiletAnswerCSV`).
    case csv
    /// With `--near-file`: JSON lines, a `toilet-batch-line/1` object per input point.
    case jsonl
}
