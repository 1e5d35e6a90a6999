import Digests
import Foundation
import Geo
import OSMPBF
import Storage

/// A reader of toilet records: one item at a time, in bounded memory, hashing the bytes.
protocol FeatureReader: AnyObject {
    /// The CRS the input declares, once read (GeoJSON's legacy `crs` member).
    var declaredCRS: CRS? { get }
    /// Notes about the input worth a line in the report (an Overpass `remark` that is not
    /// an error).
    var notes: [String] { get }
    /// Calls `body` with each item's 0-based index and value; returns the item count and the
    /// SHA-256 of the whole file.
    func forEachFeature(_ body: (Int, JSONValue) throws -> Void) throws -> (count: Int, sha256: String)
    /// After a full read of a PBF extract: the state replication diffs start from.
    var osm: OSMReadState? { get }
}

extension FeatureReader {
    var osm: OSMReadState? { nil }
}

extension GeoJSONFeatureReader: FeatureReader {
    var notes: [String] { [] }
}

enum FeatureReaders {
    /// The reader for `format`; `label` names the input in messages (the URL of a
    /// downloaded answer), `path` is where its bytes are.
    static func open(
        path: String, format: PipelineSpec.Format, label: String? = nil,
        filters: [[OverpassQuery.Condition]] = OverpassQuery.standard.filters, objects: SelectedObjects? = nil
    ) throws -> any FeatureReader {
        if let objects { return PBFFeatureReader(objects: objects.objects, sha256: objects.sha256, label: label ?? path) }
        if format == .overpass { return try OverpassReader(path: path, label: label ?? path) }
        if format == .osmPBF { return try PBFFeatureReader(path: path, label: label ?? path, filters: filters) }
        return try GeoJSONFeatureReader(path: path, label: label)
    }
}

/// Streams the `elements` of an Overpass API JSON answer (`[out:json]`) one at a time, in
/// bounded memory, hashing the bytes as they are read. The answer's `remark` is read
/// wherever it stands (Overpass writes it after the elements): one that reports an error
/// (`runtime error: Query timed out…`) fails the read, since the elements before it may be
/// only part of the answer.
final class OverpassReader: FeatureReader {
    let path: String
    let label: String
    private let parser: JSONStreamParser
    private(set) var notes: [String] = []
    var declaredCRS: CRS? { nil }

    init(path: String, label: String) throws {
        self.path = path
        self.label = label
        try GeoJSONFeatureReader.checkReadable(path)
        guard let handle = FileHandle(forReadingAtPath: path) else {
            throw IngestError.unreadable(path: label, reason: "permission denied")
        }
        parser = JSONStreamParser(handle: handle)
    }

    func forEachFeature(_ body: (Int, JSONValue) throws -> Void) throws -> (count: Int, sha256: String) {
        var count = 0
        var sawElements = false
        var geoJSON = false
        do {
            try parser.skipByteOrderMark()
            guard try parser.peek() == UInt8(ascii: "{") else {
                if try parser.peek() == nil { throw IngestError.notOverpassAnswer(path: label, reason: "the file is empty") }
                let v = try parser.parseValue()
                throw IngestError.notOverpassAnswer(path: label, reason: "top level is \(v.kindName), expected an object")
            }
            try parser.beginObject()
            var first = true
            while let key = try parser.nextKey(first: first) {
                first = false
                switch key {
                case "elements":
                    sawElements = true
                    guard try parser.peek() == UInt8(ascii: "[") else {
                        throw IngestError.notOverpassAnswer(path: label, reason: "elements is not an array")
                    }
                    try parser.beginArray()
                    var firstElement = true
                    while try parser.nextElement(first: firstElement) {
                        firstElement = false
                        try body(count, try parser.parseValue())
                        count += 1
                    }
                case "remark":
                    let remark = try parser.parseValue().textValue ?? ""
                    if OverpassReader.isError(remark) { throw IngestError.overpassRemark(path: label, remark: remark) }
                    notes.append("Overpass remark: \(remark)")
                case "features":
                    geoJSON = true
                    _ = try parser.parseValue()
                default:
                    _ = try parser.parseValue()
                }
            }
            try parser.expectEnd()
        } catch let e as JSONSyntaxError {
            throw IngestError.malformedJSON(path: label, e)
        }
        guard sawElements else {
            let hint = geoJSON ? " (this is GeoJSON: use format: osm-geojson)" : ""
            throw IngestError.notOverpassAnswer(path: label, reason: "no elements array\(hint)")
        }
        return (count, parser.digest.finalize().hexString)
    }

    /// Overpass reports a query stopped by its timeout or memory limit as a 200 answer whose
    /// `remark` starts `runtime error:`; any remark naming an error is taken as one.
    static func isError(_ remark: String) -> Bool { remark.lowercased().contains("error") }
}
