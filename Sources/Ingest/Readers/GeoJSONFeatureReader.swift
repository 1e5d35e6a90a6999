import Digests
import Foundation
import Geo
import Storage

/// Streams the features of a GeoJSON FeatureCollection file one at a time, in bounded
/// memory, hashing the bytes as they are read.
final class GeoJSONFeatureReader {
    /// The input as messages name it: the file, or the URL a downloaded file came from.
    let path: String
    private let parser: JSONStreamParser
    /// The CRS the input declares in a legacy `crs` member, once that member was read.
    private(set) var declaredCRS: CRS?

    /// Reads the file at `path`; `label` names it in messages (default: `path`).
    init(path: String, label: String? = nil) throws {
        self.path = label ?? path
        try GeoJSONFeatureReader.checkReadable(path)
        guard let handle = FileHandle(forReadingAtPath: path) else {
            throw IngestError.unreadable(path: path, reason: "permission denied")
        }
        parser = JSONStreamParser(handle: handle)
    }

    /// Fails unless `path` is an existing, readable file.
    static func checkReadable(_ path: String) throws {
        var isDir: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isDir) else {
            throw IngestError.fileNotFound(path: path)
        }
        guard !isDir.boolValue else { throw IngestError.unreadable(path: path, reason: "is a folder") }
        guard FileManager.default.isReadableFile(atPath: path) else {
            throw IngestError.unreadable(path: path, reason: "permission denied")
        }
    }

    /// Calls `body` with each feature's 0-based index and value; returns the feature count
    /// and the SHA-256 of the whole file.
    func forEachFeature(_ body: (Int, JSONValue) throws -> Void) throws -> (count: Int, sha256: String) {
        var count = 0
        var type: String? = nil
        var sawFeatures = false
        do {
            try parser.skipByteOrderMark()
            guard try parser.peek() == UInt8(ascii: "{") else {
                if try parser.peek() == nil { throw IngestError.notFeatureCollection(path: path, reason: "the file is empty") }
                let v = try parser.parseValue()
                throw IngestError.notFeatureCollection(path: path, reason: "top level is \(v.kindName), expected an object")
            }
            try parser.beginObject()
            var first = true
            while let key = try parser.nextKey(first: first) {
                first = false
                switch key {
                case "type":
                    type = try parser.parseValue().textValue
                    if type != "FeatureCollection" {
                        throw IngestError.notFeatureCollection(path: path, reason: "type is '\(type ?? "not text")'")
                    }
                case "crs":
                    declaredCRS = try crs(from: try parser.parseValue())
                case "features":
                    sawFeatures = true
                    guard try parser.peek() == UInt8(ascii: "[") else {
                        throw IngestError.notFeatureCollection(path: path, reason: "features is not an array")
                    }
                    try parser.beginArray()
                    var firstFeature = true
                    while try parser.nextElement(first: firstFeature) {
                        firstFeature = false
                        try body(count, try parser.parseValue())
                        count += 1
                    }
                default:
                    _ = try parser.parseValue()
                }
            }
            try parser.expectEnd()
        } catch let e as JSONSyntaxError {
            throw IngestError.malformedJSON(path: path, e)
        }
        guard type == "FeatureCollection" else {
            throw IngestError.notFeatureCollection(path: path, reason: "no \"type\": \"FeatureCollection\" member")
        }
        guard sawFeatures else { throw IngestError.notFeatureCollection(path: path, reason: "no features array") }
        return (count, parser.digest.finalize().hexString)
    }

    /// Reads a legacy GeoJSON (2008) named CRS: `{"type":"name","properties":{"name":"EPSG:5514"}}`.
    private func crs(from v: JSONValue) throws -> CRS? {
        if case .null = v { return nil }
        guard let name = v["properties"]?["name"]?.textValue else {
            throw IngestError.notFeatureCollection(path: path, reason: "crs member has no properties.name")
        }
        guard let c = CRS(text: name) else {
            throw IngestError.unsupported(
                path: path, reason: "the crs member names '\(name)', which is not an EPSG code (such as EPSG:5514)")
        }
        return c
    }
}

/// Files read whole (pipelines, station lists): regular files of bounded size only, so a
/// device (`/dev/zero`) or a huge file is an error, not an endless read.
enum WholeFile {
    /// Reads `path`, failing on a missing, unreadable, non-regular or larger-than-`limit` file.
    static func read(_ path: String, limit: Int) throws -> Data {
        try GeoJSONFeatureReader.checkReadable(path)
        let attributes = try? FileManager.default.attributesOfItem(atPath: path)
        guard attributes?[.type] as? FileAttributeType == .typeRegular else {
            throw IngestError.unreadable(path: path, reason: "not a regular file")
        }
        if let size = attributes?[.size] as? Int, size > limit {
            throw IngestError.unreadable(path: path, reason: "\(size) bytes is more than the \(limit) bytes read whole")
        }
        guard let data = FileManager.default.contents(atPath: path) else {
            throw IngestError.unreadable(path: path, reason: "permission denied")
        }
        return data
    }
}
