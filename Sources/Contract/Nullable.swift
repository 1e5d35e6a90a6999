/// An optional member that encodes as an explicit JSON `null` when absent (docs/json.md
/// rule 2: the key set never depends on the record). Synthesized `Encodable` drops nil
/// optionals; wrapping them keeps the key.
@propertyWrapper
public struct Nullable<Value: Encodable>: Encodable {
    /// The value, or nil for `null`.
    public var wrappedValue: Value?

    /// Wraps a value.
    public init(wrappedValue: Value?) { self.wrappedValue = wrappedValue }

    /// Encodes the value or an explicit `null`.
    public func encode(to encoder: any Encoder) throws {
        var c = encoder.singleValueContainer()
        if let wrappedValue { try c.encode(wrappedValue) } else { try c.encodeNil() }
    }
}

extension Nullable: Sendable where Value: Sendable {}
