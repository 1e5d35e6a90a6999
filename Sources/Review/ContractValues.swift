import Contract
public import Contributions
public import Storage

/// Stored column values (`AppliedOverride.value`, `.replaced`, `.sourceValue`,
/// `ContributionDetail.current`) as the JSON contract names them: `is_free` becomes `free`
/// (a boolean), `lat`/`lon` have at most 7 decimals; other columns (`name`, `hours_text`,
/// `hours_osm`, `hours_status`, `price_text`, `price_amount`, `price_currency`,
/// `wheelchair`, `access`, and `content_hash` for a retirement) keep their names.
public struct ContractValues: Sendable, Equatable, Encodable {
    /// The stored values, by column.
    public var columns: [String: FieldValue]

    /// Wraps stored values.
    public init(_ columns: [String: FieldValue]) { self.columns = columns }

    struct Key: CodingKey {
        var stringValue: String
        var intValue: Int? { nil }
        init(stringValue: String) { self.stringValue = stringValue }
        init?(intValue: Int) { nil }
    }

    /// Encodes an object keyed by contract names.
    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: Key.self)
        for (column, value) in columns {
            switch (column, value) {
            case ("is_free", .number(let d)): try c.encode(d != 0, forKey: Key(stringValue: "free"))
            case ("is_free", _): try c.encode(value, forKey: Key(stringValue: "free"))
            case ("lat", .number(let d)), ("lon", .number(let d)):
                try c.encode(JSONNumber.degrees(d), forKey: Key(stringValue: column))
            default: try c.encode(value, forKey: Key(stringValue: column))
            }
        }
    }
}
