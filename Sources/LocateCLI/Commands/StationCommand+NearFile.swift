import ArgumentParser
import Foundation
import Places
import Query
import Storage

extension StationCommand {
    /// The checks of `--near-file`: no other target, the output form, the request's own.
    func validateNearFile() throws {
        guard place.near == nil, name == nil, !bookmarked else {
            throw ValidationError("give one of --near LAT,LON, --near-file POINTS, --name TEXT or --bookmarked")
        }
        _ = try ToiletQuery.nearFileFormat(formats.format, json: output.json)
        _ = try NearFileRun.maxBadRows(maxBadRows)
        _ = try ToiletQuery.usage { try StationsBatch.question(values: values) }
    }

    /// `--near-file`: the question of these options at every point of `path`, each answer
    /// written as soon as it is found (`StationBatchOutput`). Alerts are in the answers; the
    /// run exits 0 whatever they say.
    func runNearFile(_ path: String) throws {
        let request = try ToiletQuery.usage { try StationsBatch.question(values: values) }
        let batch = StationsBatch(
            request: request, finder: StationFinder(store: try LocateStore(readingAt: store.path)), now: Date())
        let run = NearFileRun(path: path, maxBadRows: try NearFileRun.maxBadRows(maxBadRows))
        func never(_ error: any Error) -> String? { nil }
        switch try ToiletQuery.nearFileFormat(formats.format, json: output.json) {
        case .geojson:
            var count = 0
            try run.run(
                opening: ToiletBatchOutput.geoJSONOpening(),
                closing: { ToiletBatchOutput.geoJSONClosing(by: nil, schema: StationBatchOutput.geoJSONSchema) },
                perPoint: never
            ) { point, out in
                StationBatchOutput.geoJSON(try batch.answer(at: point.coordinate), for: point, count: &count, to: &out)
            }
        case .jsonl:
            try run.run(opening: [], closing: { [] }, perPoint: never) { point, out in
                try StationBatchOutput.jsonLine(try batch.answer(at: point.coordinate), for: point, to: &out)
            }
        default:
            try run.run(opening: StationBatchOutput.csvHeader(), closing: { [] }, perPoint: never) { point, out in
                try StationBatchOutput.csv(try batch.answer(at: point.coordinate), for: point, to: &out)
            }
        }
    }
}
