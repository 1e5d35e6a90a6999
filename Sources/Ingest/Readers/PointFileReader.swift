public import Foundation
public import Geo
public import Places

/// A row of a points file: a point, or why the row at `line` is none (the rest is read on).
public enum InputPointRow: Sendable, Equatable {
    /// A point.
    case point(InputPoint)
    /// A row that is no point: no coordinate, one out of range, a wrong column count, …
    case bad(line: Int, reason: String)
}

/// Streams the points of a points file in bounded memory, one row at a time: CSV with a
/// header (columns named as GIS tools name them, `PointFileReader.latitudeHeaders` and
/// `longitudeHeaders`, any case; `,`, `;` or tab between fields, as the header uses) or a
/// GeoJSON FeatureCollection of Points (RFC 7946, WGS84; the Feature's `id` or an `id`
/// property is its id). The form is told by the first byte: `{` is GeoJSON. A bad row is an
/// `InputPointRow.bad`; only a file that is neither (no header with a latitude and a
/// longitude column, malformed JSON) throws.
public final class PointFileReader {
    /// The longest CSV line read (longer ones are bad rows, skipped to their line break).
    public static let maxLineBytes = 1 << 16
    /// The latitude column's accepted names, lower-case, the first present taken.
    public static let latitudeHeaders = ["lat", "latitude", "y"]
    /// The longitude column's accepted names, lower-case, the first present taken.
    public static let longitudeHeaders = ["lon", "lng", "long", "longitude", "x"]
    /// The id column's accepted names, lower-case, the first present taken.
    public static let idHeaders = ["id", "fid"]
    /// The accepted headers, in words, for messages.
    public static let acceptedHeaders = "lat/lon (or lng), latitude/longitude or y/x, in any case"

    /// The input as messages name it (`-` is standard input).
    public let label: String
    let handle: FileHandle?
    var buffer: [UInt8]
    var index = 0
    var atEnd: Bool
    let chunkSize: Int
    /// The 1-based number of the line the next byte is on.
    var line = 1

    /// Reads `handle` (a file or standard input) `chunkSize` bytes at a time.
    public init(handle: FileHandle, label: String, chunkSize: Int = 1 << 16) {
        self.handle = handle
        self.label = label
        self.chunkSize = max(1, chunkSize)
        buffer = []
        atEnd = false
    }

    /// Reads bytes already in memory (a request body).
    public init(bytes: [UInt8], label: String) {
        handle = nil
        self.label = label
        chunkSize = 0
        buffer = bytes
        atEnd = true
    }

    /// Opens the file at `path`, or standard input for `-`.
    public convenience init(path: String) throws {
        if path == "-" {
            self.init(handle: FileHandle.standardInput, label: "-")
            return
        }
        var isFolder: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isFolder) else {
            throw IngestError.fileNotFound(path: path)
        }
        guard !isFolder.boolValue else { throw IngestError.unreadable(path: path, reason: "is a folder") }
        guard let handle = FileHandle(forReadingAtPath: path) else {
            throw IngestError.unreadable(path: path, reason: "permission denied")
        }
        self.init(handle: handle, label: path)
    }

    /// Calls `body` with each row in input order; returns how many rows were points.
    @discardableResult
    public func forEachRow(_ body: (InputPointRow) throws -> Void) throws -> Int {
        try fill(atLeast: 3)
        if buffer.count - index >= 3, buffer[index] == 0xEF, buffer[index + 1] == 0xBB, buffer[index + 2] == 0xBF {
            index += 3
        }
        // The first byte that is not white space tells the form.
        while true {
            while index < buffer.count, [0x20, 0x09, 0x0D, 0x0A].contains(buffer[index]) {
                if buffer[index] == 0x0A { line += 1 }
                index += 1
            }
            if index < buffer.count || atEnd { break }
            try fill(atLeast: 1)
        }
        guard index < buffer.count else { throw IngestError.notPointFile(path: label, reason: "it is empty") }
        if buffer[index] == UInt8(ascii: "{") { return try forEachFeature(body) }
        return try forEachCSVRow(body)
    }

    /// Makes sure `count` bytes from `index` are buffered (fewer only at the end), dropping
    /// the bytes before `index`.
    func fill(atLeast count: Int) throws {
        while buffer.count - index < count, !atEnd {
            guard let handle else {
                atEnd = true
                return
            }
            let data = try handle.read(upToCount: chunkSize) ?? Data()
            if data.isEmpty {
                atEnd = true
                return
            }
            if index > 0 {
                buffer.removeSubrange(0..<index)
                index = 0
            }
            buffer += data
        }
    }

    /// The GeoJSON rows: each element of `features`, its line that of its first byte.
    private func forEachFeature(_ body: (InputPointRow) throws -> Void) throws -> Int {
        let rest = Array(buffer[index...])
        let parser =
            handle.map { JSONStreamParser(handle: $0, prefix: rest, chunkSize: max(chunkSize, 1 << 16)) }
            ?? JSONStreamParser(bytes: rest)
        parser.line = line
        var points = 0
        do {
            try parser.beginObject()
            var first = true
            var sawFeatures = false
            while let key = try parser.nextKey(first: first) {
                first = false
                switch key {
                case "type":
                    let type = try parser.parseValue().textValue
                    guard type == "FeatureCollection" else {
                        throw IngestError.notPointFile(
                            path: label, reason: "a GeoJSON FeatureCollection of Points is read; type is '\(type ?? "not text")'")
                    }
                case "features":
                    sawFeatures = true
                    try parser.beginArray()
                    var firstFeature = true
                    while try parser.nextElement(first: firstFeature) {
                        firstFeature = false
                        _ = try parser.peek()
                        let at = parser.line
                        let row = PointFileReader.row(feature: try parser.parseValue(), line: at)
                        if case .point = row { points += 1 }
                        try body(row)
                    }
                default:
                    _ = try parser.parseValue()
                }
            }
            try parser.expectEnd()
            guard sawFeatures else { throw IngestError.notPointFile(path: label, reason: "the GeoJSON has no features") }
        } catch let e as JSONSyntaxError {
            throw IngestError.malformedJSON(path: label, e)
        }
        return points
    }

    /// One Feature as a row: a Point with a position in range, else why not.
    static func row(feature: JSONValue, line: Int) -> InputPointRow {
        guard case .object = feature, feature["type"]?.textValue == "Feature" else {
            return .bad(line: line, reason: "not a GeoJSON Feature")
        }
        let id = feature["id"]?.textValue ?? feature["properties"]?["id"]?.textValue
        guard let geometry = feature["geometry"], case .object = geometry else {
            return .bad(line: line, reason: "no geometry")
        }
        guard geometry["type"]?.textValue == "Point" else {
            return .bad(line: line, reason: "the geometry is a \(geometry["type"]?.textValue ?? "nameless type"), not a Point")
        }
        guard case .array(let position)? = geometry["coordinates"], position.count >= 2 else {
            return .bad(line: line, reason: "the Point has no [longitude, latitude] coordinates")
        }
        guard case .number(let lonText) = position[0], case .number(let latText) = position[1] else {
            return .bad(line: line, reason: "the Point's coordinates are not numbers")
        }
        return point(latitude: latText, longitude: lonText, id: id, line: line)
    }

    /// A point from its two texts, or the bad row naming the first fault.
    static func point(latitude: String, longitude: String, id: String?, line: Int) -> InputPointRow {
        for (text, name) in [(latitude, "latitude"), (longitude, "longitude")] where text.isEmpty {
            return .bad(line: line, reason: "no \(name)")
        }
        guard let lat = number(latitude) else { return .bad(line: line, reason: "latitude '\(latitude)' is not a number") }
        guard let lon = number(longitude) else { return .bad(line: line, reason: "longitude '\(longitude)' is not a number") }
        guard abs(lat) <= 90 else { return .bad(line: line, reason: "latitude \(latitude) is outside -90…90") }
        guard abs(lon) <= 180 else { return .bad(line: line, reason: "longitude \(longitude) is outside -180…180") }
        return .point(InputPoint(line: line, id: id, coordinate: Coordinate(latitude: lat, longitude: lon)))
    }

    /// A decimal number (digits, sign, point, exponent; no `nan`, `inf` or hexadecimal), finite.
    static func number(_ text: String) -> Double? {
        guard text.utf8.allSatisfy({ ($0 >= 0x30 && $0 <= 0x39) || [0x2B, 0x2D, 0x2E, 0x45, 0x65].contains($0) }),
            let v = Double(text), v.isFinite
        else { return nil }
        return v
    }
}
