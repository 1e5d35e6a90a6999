import Foundation
import Geo

/// A JSON value of a request body, as `JSONDecoder` tells them apart (`true` is not a
/// number, `1` is not a boolean).
enum BodyValue: Decodable, Equatable {
    case null
    case bool(Bool)
    case number(Double)
    case string(String)
    case array
    case object

    init(from decoder: any Decoder) throws {
        let c = try decoder.singleValueContainer()
        if c.decodeNil() {
            self = .null
        } else if let b = try? c.decode(Bool.self) {
            self = .bool(b)
        } else if let n = try? c.decode(Double.self) {
            self = .number(n)
        } else if let s = try? c.decode(String.self) {
            self = .string(s)
        } else if (try? c.decode([String: BodyValue].self)) != nil {
            self = .object
        } else if (try? c.decode([BodyValue].self)) != nil {
            self = .array
        } else {
            // Valid JSON that is none of those: a number too large for a Double (`1e400`).
            self = .number(.infinity)
        }
    }

    /// The JSON type's name in messages.
    var typeName: String {
        switch self {
        case .null: "null"
        case .bool: "a boolean"
        case .number: "a number"
        case .string: "a string"
        case .array: "an array"
        case .object: "an object"
        }
    }
}

/// The members of a JSON object body, read field by field: a member the endpoint does not
/// take, a wrong type or a value out of range is a 422 naming the field.
struct BodyFields {
    private let members: [String: BodyValue]

    /// Reads `data` as one JSON object whose keys are all in `allowed`.
    init(json data: Data, allowed: Set<String>) throws {
        let decoded: [String: BodyValue]
        do {
            decoded = try JSONDecoder().decode([String: BodyValue].self, from: data)
        } catch {
            throw ServeError.refused(status: 400, message: "the body is not a JSON object", field: nil)
        }
        try BodyShape.check(data)
        for name in decoded.keys.sorted() where !allowed.contains(name) {
            let list = allowed.sorted().joined(separator: ", ")
            throw BodyFields.invalid(name, "unknown field (this endpoint takes: \(list))")
        }
        members = decoded
    }

    /// A 422 naming `field`.
    static func invalid(_ field: String, _ reason: String) -> ServeError {
        .refused(status: 422, message: "field '\(field)': \(reason)", field: field)
    }

    /// True when `name` is given and not null.
    func has(_ name: String) -> Bool {
        if let v = members[name], v != .null { return true }
        return false
    }

    /// A number in `range`, or nil when absent or null; `required` refuses nil.
    func number(_ name: String, in range: ClosedRange<Double>, required: Bool = false) throws -> Double? {
        switch members[name] {
        case nil, .null?:
            if required { throw BodyFields.invalid(name, "missing") }
            return nil
        case .number(let n)? where n.isFinite && range.contains(n): return n
        case .number(let n)? where !n.isFinite: throw BodyFields.invalid(name, "must be a finite number")
        case .number(let n)?:
            throw BodyFields.invalid(
                name, "\(Self.text(n)) is not from \(Self.text(range.lowerBound)) to \(Self.text(range.upperBound))")
        case let v?: throw BodyFields.invalid(name, "must be a number, not \(v.typeName)")
        }
    }

    /// The position in `lat` and `lon` (WGS84 degrees), or nil when neither is given.
    func position(required: Bool) throws -> Coordinate? {
        let lat = try number("lat", in: -90...90, required: required)
        let lon = try number("lon", in: -180...180, required: required)
        switch (lat, lon) {
        case (let la?, let lo?): return Coordinate(latitude: la, longitude: lo)
        case (nil, nil): return nil
        case (nil, _): throw BodyFields.invalid("lat", "missing (lon is given)")
        case (_, nil): throw BodyFields.invalid("lon", "missing (lat is given)")
        }
    }

    /// Text of at most `maxLength` characters (Unicode code points) with no control
    /// characters (line breaks and tabs only where `lines`) and no format characters (Cf:
    /// bidirectional overrides such as U+202E would reorder what `locate review` prints), trimmed; nil when absent or
    /// null. Blank text is refused: omit the field instead.
    func text(_ name: String, maxLength: Int, lines: Bool = false) throws -> String? {
        switch members[name] {
        case nil, .null?: return nil
        case .string(let s)?:
            // Lengths in code points, as JSON Schema's maxLength counts them (docs/openapi.yaml).
            guard s.unicodeScalars.count <= maxLength else {
                throw BodyFields.invalid(name, "has \(s.unicodeScalars.count) characters; at most \(maxLength) are accepted")
            }
            let trimmed = s.trimmingCharacters(in: .whitespacesAndNewlines)
            guard !trimmed.isEmpty else { throw BodyFields.invalid(name, "is empty (leave it out instead)") }
            let control = trimmed.unicodeScalars.first {
                $0.properties.generalCategory == .control && !(lines && ($0 == "\n" || $0 == "\r" || $0 == "\t"))
            }
            if let control {
                let code = "U+" + String(control.value, radix: 16, uppercase: true).leftPadded(to: 4)
                throw BodyFields.invalid(name, "contains the control character \(code)")
            }
            if let format = trimmed.unicodeScalars.first(where: { $0.properties.generalCategory == .format }) {
                let code = "U+" + String(format.value, radix: 16, uppercase: true).leftPadded(to: 4)
                throw BodyFields.invalid(name, "contains the invisible format character \(code)")
            }
            return trimmed
        case let v?: throw BodyFields.invalid(name, "must be a string, not \(v.typeName)")
        }
    }

    /// One of `values` (a string), or nil when absent or null.
    func choice(_ name: String, of values: [String]) throws -> String? {
        guard let s = try text(name, maxLength: 100) else { return nil }
        guard values.contains(s) else {
            throw BodyFields.invalid(name, "'\(s)' is not one of \(values.joined(separator: ", "))")
        }
        return s
    }

    /// `true` or `false` (absent or null: false).
    func flag(_ name: String) throws -> Bool {
        switch members[name] {
        case nil, .null?: return false
        case .bool(let b)?: return b
        case let v?: throw BodyFields.invalid(name, "must be true or false, not \(v.typeName)")
        }
    }

    /// A number as a message shows it: whole numbers without `.0` (only those an `Int` holds
    /// exactly; larger ones as Swift writes a `Double`).
    static func text(_ v: Double) -> String {
        v == v.rounded() && abs(v) < 1e15 ? String(Int(v)) : String(v)
    }
}

extension String {
    /// The string with zeros in front up to `width` characters.
    fileprivate func leftPadded(to width: Int) -> String {
        count >= width ? self : String(repeating: "0", count: width - count) + self
    }
}
