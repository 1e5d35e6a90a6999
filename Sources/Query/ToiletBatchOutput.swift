import Contract
import Foundation
import Geo
import Hours
public import Places

/// The answers of a `NearestToiletsBatch`, written as they come (one input point's answer at
/// a time; nothing is collected), in the three forms of `locate toilet --near-file`:
///
/// - CSV: the columns of `ToiletAnswerCSV` after five of the input point, `input_line`,
///   `input_id`, `input_lat`, `input_lon` and `rank` (1 for the nearest, offset + 1 with
///   `--offset`); one line per result, and one with an empty `rank` and empty toilet columns
///   for a point nothing answers.
/// - JSON lines: one `toilet-batch-line/1` object per input point, `input` (`line`, `id`,
///   `lat`, `lon`) and `answer`, the point's `toilet-answer/1` document.
/// - GeoJSON: one `LineString` Feature per result, from the input point to the toilet, its
///   properties the input's and the result's main members (`toilet-batch-geojson/1`).
public enum ToiletBatchOutput {
    /// The JSON lines' schema name.
    public static let lineSchema = "toilet-batch-line/1"
    /// The GeoJSON's schema name (its `locate` member).
    public static let geoJSONSchema = "toilet-batch-geojson/1"

    /// The CSV header line.
    public static func csvHeader() -> [UInt8] {
        var out: [UInt8] = []
        ContractCSV.line(["input_line", "input_id", "input_lat", "input_lon", "rank"] + ToiletAnswerCSV.header, to: &out)
        return out
    }

    /// The CSV lines of `answer`, the answer at `point`; `lines` keeps the places' own
    /// columns across answers (the same bytes, written once per place).
    public static func csv(
        _ answer: ToiletAnswer, for point: InputPoint, lines: ToiletCSVLines? = nil, to out: inout [UInt8]
    ) {
        // input_line, input_id, input_lat, input_lon and rank, each followed by a comma.
        func prefix(rank: Int?) {
            out += String(point.line).utf8
            out.append(UInt8(ascii: ","))
            if let id = point.id { ContractCSV.quoted(ContractCSV.safe(id), to: &out) }
            out.append(UInt8(ascii: ","))
            ContractJSON.number(JSONNumber.degrees(point.coordinate.latitude), to: &out)
            out.append(UInt8(ascii: ","))
            ContractJSON.number(JSONNumber.degrees(point.coordinate.longitude), to: &out)
            out.append(UInt8(ascii: ","))
            if let rank { out += String(rank).utf8 }
            out.append(UInt8(ascii: ","))
        }
        guard !answer.results.isEmpty else {
            prefix(rank: nil)
            out += [UInt8](repeating: UInt8(ascii: ","), count: ToiletAnswerCSV.header.count - 1)
            out += [13, 10]
            return
        }
        for (i, r) in answer.results.enumerated() {
            prefix(rank: answer.offset + i + 1)
            // The toilet's columns as the single answer writes them.
            if let lines { lines.line(r, to: &out) } else { ToiletAnswerCSV.line(r, to: &out) }
        }
    }

    /// The JSON line of `answer`, the answer at `point`, with its line break.
    public static func jsonLine(_ answer: ToiletAnswer, for point: InputPoint, to out: inout [UInt8]) {
        var document = ToiletAnswerJSON.encode(answer)
        while document.last == 10 { document.removeLast() }
        out += Array("{\"answer\":".utf8) + document + Array(",\"input\":".utf8)
        input(point, to: &out)
        out += Array(",\"schema\":\"\(lineSchema)\"}\n".utf8)
    }

    /// `{"id":…,"lat":…,"line":…,"lon":…}`.
    static func input(_ point: InputPoint, to out: inout [UInt8]) {
        out += Array("{\"id\":".utf8)
        if let id = point.id { ContractJSON.string(id, to: &out) } else { out += Array("null".utf8) }
        out += Array(",\"lat\":\(degrees(point.coordinate.latitude)),\"line\":\(point.line),\"lon\":".utf8)
        out += Array(degrees(point.coordinate.longitude).utf8)
        out.append(UInt8(ascii: "}"))
    }

    /// The GeoJSON's opening (`FeatureCollectionFrame`).
    public static func geoJSONOpening() -> [UInt8] { FeatureCollectionFrame.opening() }

    /// The Features of `answer`, the answer at `point`; `count` is how many were written
    /// before (the frame's separators), and grows.
    public static func geoJSON(_ answer: ToiletAnswer, for point: InputPoint, count: inout Int, to out: inout [UInt8]) {
        for (i, r) in answer.results.enumerated() {
            var state: [UInt8] = []
            if let s = r.state { ContractJSON.string(s.rawValue, to: &state) } else { state = Array("null".utf8) }
            lineFeature(
                from: point, to: r.toilet.coordinate, rank: answer.offset + i + 1, distance: r.distanceMeters,
                bearing: r.bearingDegrees,
                members: [("state", state), ("title", text(r.toilet.title)), ("toilet_id", text(r.id))],
                count: &count, to: &out)
        }
    }

    /// One result as a `LineString` Feature from the input point to the place: properties
    /// `bearing_deg`, `distance_m`, `input_id`, `input_line`, `rank` and `members` (each a
    /// name and its JSON text), in sorted order.
    static func lineFeature(
        from point: InputPoint, to place: Coordinate, rank: Int, distance: Double?, bearing: Double?,
        members: [(String, [UInt8])], count: inout Int, to out: inout [UInt8]
    ) {
        out += FeatureCollectionFrame.separator(before: count)
        count += 1
        let a = point.coordinate
        out += Array("{\"geometry\":{\"coordinates\":[[".utf8)
        out += Array(
            "\(degrees(a.longitude)),\(degrees(a.latitude))],[\(degrees(place.longitude)),\(degrees(place.latitude))]],".utf8)
        out += Array("\"type\":\"LineString\"},\"properties\":{".utf8)
        var all: [(String, [UInt8])] = [
            ("bearing_deg", number(bearing.map { JSONNumber.rounded($0, places: 1) })),
            ("distance_m", number(distance.map { JSONNumber.rounded($0, places: 1) })),
            ("input_id", point.id.map(text) ?? Array("null".utf8)), ("input_line", Array(String(point.line).utf8)),
            ("rank", Array(String(rank).utf8)),
        ]
        all += members
        for (i, (key, value)) in all.sorted(by: { $0.0 < $1.0 }).enumerated() {
            if i > 0 { out.append(UInt8(ascii: ",")) }
            ContractJSON.string(key, to: &out)
            out.append(UInt8(ascii: ":"))
            out += value
        }
        out += Array("},\"type\":\"Feature\"}".utf8)
    }

    /// A text's JSON.
    static func text(_ t: String) -> [UInt8] {
        var out: [UInt8] = []
        ContractJSON.string(t, to: &out)
        return out
    }

    /// The GeoJSON's end: the `locate` member names the schema (default: the toilets') and
    /// the request's `by`.
    public static func geoJSONClosing(by: String?, schema: String = geoJSONSchema) -> [UInt8] {
        var member = Array("{\"by\":".utf8)
        if let by { ContractJSON.string(by, to: &member) } else { member += Array("null".utf8) }
        member += Array(",\"schema\":\"\(schema)\"}".utf8)
        return FeatureCollectionFrame.closing(locate: member)
    }

    static func number(_ v: Double?) -> [UInt8] {
        guard let v else { return Array("null".utf8) }
        var out: [UInt8] = []
        ContractJSON.number(v, to: &out)
        return out
    }

    static func degrees(_ v: Double) -> String {
        var out: [UInt8] = []
        ContractJSON.number(JSONNumber.degrees(v), to: &out)
        return String(decoding: out, as: UTF8.self)
    }
}
