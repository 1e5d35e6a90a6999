import ArgumentParser
import Foundation
import Geo
import Places
import Query
import Routing
import Storage

extension ToiletQuery {
    /// The form of `--near-file`'s answers: csv by default, geojson or jsonl.
    static func nearFileFormat(_ format: String?, json: Bool) throws -> ToiletOutputFormat {
        if json { throw ValidationError("--near-file writes --format csv, geojson or jsonl, not --json") }
        guard let format else { return .csv }
        guard let f = ToiletOutputFormat(rawValue: format), [.csv, .geojson, .jsonl].contains(f) else {
            throw ValidationError("--format '\(format)' with --near-file is not one of csv, geojson, jsonl")
        }
        return f
    }

    /// The checks of `--near-file`: no `--near` (the file gives the points), a name alone is
    /// not a batch's question, then the request's own.
    func validateNearFile() throws {
        if near != nil { throw ValidationError("give either --near LAT,LON or --near-file POINTS, not both") }
        _ = try NearFileRun.maxBadRows(maxBadRows)
        _ = try ToiletQuery.usage { try NearestToiletsBatch.question(values: values) }
    }

    /// `--near-file`: the question of these options at every point of `path`, each answer
    /// written as soon as it is found (`ToiletBatchOutput`).
    func runNearFile(_ path: String) throws {
        let request = try ToiletQuery.usage { try NearestToiletsBatch.question(values: values) }
        let db = StoreOptions.path(db: self.db)
        let finder = try ToiletFinder(currentFilesOf: db) ?? ToiletFinder(store: LocateStore(readingAt: db))
        ProcessEnd.keep(finder)
        guard finder.count > 0 else { throw StorageError.empty(what: "active toilets") }
        // Many points meet the same toilets: up to 50,000 of them (a city's, a country's) are
        // decoded once and kept, and so is each one's open state at the batch's instant; a
        // larger set is decoded and evaluated per point, in bounded memory.
        let keepsRows = finder.count <= 50_000
        if keepsRows {
            finder.rowCache = ToiletRowCache(capacity: finder.count)
            finder.openStates = OpenStateCache(capacity: finder.count)
        }
        let batch = NearestToiletsBatch(request: request, finder: finder, now: Date())
        // By route: each point's network (docs/routing.md), each loaded once.
        var networks: [String: WalkGraph] = [:]
        func network(_ point: Coordinate) throws -> any RouteNetwork {
            let folder = try NetworkCatalog.chosenFolder(for: point, databasePath: db)
            if let known = networks[folder] { return known }
            let graph = try WalkGraph(folder: folder)
            networks[folder] = graph
            return graph
        }
        let run = NearFileRun(path: path, maxBadRows: try NearFileRun.maxBadRows(maxBadRows))
        // A point routing cannot start from (off the network) is its row's fault; the first
        // one of a wrong dataset is the whole question's (a usage error).
        func perPoint(_ error: any Error) -> String? { error is RoutingError ? "\(error)" : nil }
        func answer(_ point: InputPoint) throws -> ToiletAnswer {
            try ToiletQuery.usage {
                try batch.answer(at: point.coordinate, network: request.by == nil ? nil : network)
            }
        }
        switch try outputFormat() {
        case .geojson:
            var count = 0
            try run.run(
                opening: ToiletBatchOutput.geoJSONOpening(),
                closing: { ToiletBatchOutput.geoJSONClosing(by: request.by?.rawValue) }, perPoint: perPoint
            ) { point, out in
                ToiletBatchOutput.geoJSON(try answer(point), for: point, count: &count, to: &out)
            }
        case .jsonl:
            try run.run(opening: [], closing: { [] }, perPoint: perPoint) { point, out in
                ToiletBatchOutput.jsonLine(try answer(point), for: point, to: &out)
            }
        default:
            // Each place's own columns written once, when its rows are kept.
            let lines = keepsRows ? ToiletCSVLines(capacity: finder.count, of: finder) : nil
            try run.run(opening: ToiletBatchOutput.csvHeader(), closing: { [] }, perPoint: perPoint) { point, out in
                ToiletBatchOutput.csv(try answer(point), for: point, lines: lines, to: &out)
            }
        }
    }
}
