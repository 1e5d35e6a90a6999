import Contract
public import Foundation
public import Geo
public import Places

/// The question of one `StationsRequest` asked at many points (`locate station
/// --near-file`): the answer at a point is the single question's, the request with its
/// target replaced (`request(at:)`), so a batch answers exactly as one `--near` query per
/// point would, all at one instant (`at`, else the run's `now`).
public struct StationsBatch {
    /// The question, with a placeholder point (`request(at:)` replaces it).
    public let request: StationsRequest
    /// The finder every point is answered with.
    public let finder: StationFinder
    /// The instant every answer is for.
    public let at: Date

    /// The request `values` make for a point (as `StationsRequest(target: .near(…), values:)`
    /// reads them). Throws `QueryError.badRequest` naming the field at fault.
    public static func question(values: [RequestField: [String]], maxLimit: Int? = nil) throws -> StationsRequest {
        try StationsRequest(target: .near(Coordinate(latitude: 0, longitude: 0)), values: values, maxLimit: maxLimit)
    }

    /// The batch of `request` (from `question(values:)`), answered with `finder` as of
    /// `request.instant(now: now)`.
    public init(request: StationsRequest, finder: StationFinder, now: Date) {
        self.request = request
        self.finder = finder
        at = request.instant(now: now).at
    }

    /// The single question at `point`.
    public func request(at point: Coordinate) -> StationsRequest {
        var r = request
        r.target = .near(point)
        return r
    }

    /// The answer at `point`.
    public func answer(at point: Coordinate) throws -> StationAnswer {
        try request(at: point).answer(using: finder, at: at).answer
    }
}

/// The answers of a `StationsBatch` as they come, in the forms of `ToiletBatchOutput`: CSV
/// (`input_line`, `input_id`, `input_lat`, `input_lon`, `rank`, then the columns of
/// `locate station --format csv`, `csvColumns`), JSON lines (`station-batch-line/1`: `input`
/// and `answer`, the point's `station-answer/1`) and GeoJSON (`station-batch-geojson/1`).
public enum StationBatchOutput {
    /// The JSON lines' schema name.
    public static let lineSchema = "station-batch-line/1"
    /// The GeoJSON's schema name.
    public static let geoJSONSchema = "station-batch-geojson/1"
    /// The columns of a station result's CSV (`ContractCSV` of `StationResult`: `id`, then
    /// its members sorted).
    public static let csvColumns = [
        "id", "bearing_deg", "city", "code", "dataset", "distance_m", "eaqi", "index", "lat", "lon", "match", "name",
        "province", "readings", "same_monitor", "source_id", "street", "time_zone",
    ]

    /// The CSV header line.
    public static func csvHeader() -> [UInt8] {
        var out: [UInt8] = []
        ContractCSV.line(["input_line", "input_id", "input_lat", "input_lon", "rank"] + csvColumns, to: &out)
        return out
    }

    /// The CSV lines of `answer`, the answer at `point`.
    public static func csv(_ answer: StationAnswer, for point: InputPoint, to out: inout [UInt8]) throws {
        func prefix(rank: Int?) {
            var first: [UInt8] = []
            let c = point.coordinate
            ContractCSV.line(
                [
                    String(point.line), point.id.map(ContractCSV.safe) ?? "", ToiletBatchOutput.degrees(c.latitude),
                    ToiletBatchOutput.degrees(c.longitude), rank.map(String.init) ?? "",
                ], to: &first)
            out += first.dropLast(2)
            out.append(UInt8(ascii: ","))
        }
        guard !answer.results.isEmpty else {
            prefix(rank: nil)
            out += [UInt8](repeating: UInt8(ascii: ","), count: csvColumns.count - 1) + [13, 10]
            return
        }
        for (i, r) in answer.results.enumerated() {
            prefix(rank: answer.offset + i + 1)
            let text = try ContractCSV.encode([r])
            out += text.firstIndex(of: 10).map { text[($0 + 1)...] } ?? []
        }
    }

    /// The JSON line of `answer`, the answer at `point`, with its line break.
    public static func jsonLine(_ answer: StationAnswer, for point: InputPoint, to out: inout [UInt8]) throws {
        out += Array("{\"answer\":".utf8) + (try ContractJSON.encode(answer)) + Array(",\"input\":".utf8)
        ToiletBatchOutput.input(point, to: &out)
        out += Array(",\"schema\":\"\(lineSchema)\"}\n".utf8)
    }

    /// The Features of `answer` (`ToiletBatchOutput.lineFeature`, with `name` and `station_id`).
    public static func geoJSON(_ answer: StationAnswer, for point: InputPoint, count: inout Int, to out: inout [UInt8]) {
        for (i, r) in answer.results.enumerated() {
            ToiletBatchOutput.lineFeature(
                from: point, to: r.station.coordinate, rank: answer.offset + i + 1, distance: r.distanceMeters,
                bearing: r.bearingDegrees,
                members: [("name", ToiletBatchOutput.text(r.station.name)), ("station_id", ToiletBatchOutput.text(r.id))],
                count: &count, to: &out)
        }
    }
}
