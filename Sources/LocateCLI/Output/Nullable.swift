import Foundation

/// An optional member that encodes as an explicit JSON `null` when absent (docs/json.md
/// rule 2: the key set never depends on the record). Synthesized `Encodable` drops nil
/// optionals; wrapping them keeps the key.
@propertyWrapper
struct Nullable<Value: Encodable>: Encodable {
    var wrappedValue: Value?

    init(wrappedValue: Value?) { self.wrappedValue = wrappedValue }

    func encode(to encoder: any Encoder) throws {
        var c = encoder.singleValueContainer()
        if let wrappedValue { try c.encode(wrappedValue) } else { try c.encodeNil() }
    }
}
