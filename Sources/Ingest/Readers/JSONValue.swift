import Hours
import Places

/// A parsed JSON value. Objects keep their members in source order (attributes are stored
/// as the source wrote them); numbers keep their source text so nothing is rounded.
public enum JSONValue: Sendable, Equatable {
    /// `null`.
    case null
    /// `true` or `false`.
    case bool(Bool)
    /// A number, as its source text (`14.414256558000034`, `-7.5e2`).
    case number(String)
    /// A string, unescaped.
    case string(String)
    /// An array.
    case array([JSONValue])
    /// An object, members in source order.
    case object([(String, JSONValue)])

    /// Parses a whole document held in memory; `path` names it in the error.
    static func parse(_ bytes: [UInt8], path: String) throws -> JSONValue {
        let parser = JSONStreamParser(bytes: bytes)
        do {
            try parser.skipByteOrderMark()
            let doc = try parser.parseValue()
            try parser.expectEnd()
            return doc
        } catch let e as JSONSyntaxError {
            throw IngestError.malformedJSON(path: path, e)
        }
    }

    /// Member lookup on an object (first match); nil for other kinds or a missing key.
    public subscript(key: String) -> JSONValue? {
        guard case .object(let members) = self else { return nil }
        for (k, v) in members where k == key { return v }
        return nil
    }

    /// The number's value, or a string's value when it parses as a number (the GIOŚ API
    /// writes coordinates as strings).
    public var doubleValue: Double? {
        switch self {
        case .number(let text): return Double(text)
        case .string(let text): return Double(text.trimmingSpaces)
        default: return nil
        }
    }

    /// The value as a whole number in `range` (a number, or a string holding one): nil when
    /// it is no number, not whole, not finite or out of range. Every whole number from
    /// outside goes through here before it becomes an `Int` (no `Int(Double)` trap).
    public func wholeNumber(in range: ClosedRange<Int64>) -> Int64? {
        guard let d = doubleValue, d.isFinite, d.rounded() == d, d >= Double(range.lowerBound), d <= Double(range.upperBound),
            let v = Int64(exactly: d), range.contains(v)
        else { return nil }
        return v
    }

    /// Ids and counts from outside stay within the integers a Double holds exactly (2^53 - 1).
    public static let safeIntegers: ClosedRange<Int64> = 0...9_007_199_254_740_991

    /// The string value; numbers and booleans as their text; nil for null, arrays, objects.
    public var textValue: String? {
        switch self {
        case .string(let s): return s
        case .number(let n): return n
        case .bool(let b): return b ? "true" : "false"
        default: return nil
        }
    }

    /// A short name of the kind, for error messages (`string`, `number`, ...).
    public var kindName: String {
        switch self {
        case .null: return "null"
        case .bool: return "boolean"
        case .number: return "number"
        case .string: return "string"
        case .array: return "array"
        case .object: return "object"
        }
    }

    /// Structural equality: numbers are equal when their text or their `Double` values are,
    /// objects only when they have the same members in the same order.
    public static func == (lhs: JSONValue, rhs: JSONValue) -> Bool {
        switch (lhs, rhs) {
        case (.null, .null): return true
        case (.bool(let a), .bool(let b)): return a == b
        case (.number(let a), .number(let b)): return a == b || Double(a) == Double(b)
        case (.string(let a), .string(let b)): return a == b
        case (.array(let a), .array(let b)): return a == b
        case (.object(let a), .object(let b)):
            return a.count == b.count && zip(a, b).allSatisfy { $0.0 == $1.0 && $0.1 == $1.1 }
        default: return false
        }
    }
}
