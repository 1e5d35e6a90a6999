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

/// RFC 3339 instants with whole seconds (docs/json.md rule 4).
enum InstantText {
    /// `2026-11-21T20:00:00+01:00` in `zone`'s offset at that instant (`Z` for UTC).
    static func text(_ instant: Date, in zone: TimeZone) -> String {
        instant.formatted(
            Date.ISO8601FormatStyle(timeZoneSeparator: .colon, includingFractionalSeconds: false, timeZone: zone))
    }
}
