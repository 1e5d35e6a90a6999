/// The members of a toilet's contract objects that come from the toilet itself: each fixed
/// field (`ToiletColumn`) under its contract key, `access`, and each attribute
/// (`ToiletAttribute`) under its key. Every writer of a toilet object (`toilet-answer/1`'s
/// results, `toilet-detail/1`'s toilet, the GeoJSON properties, the CSV columns) takes them
/// from here and adds its own members (distance, state, route, …), so a new field of either
/// table is written by all of them without a change to any.
package enum ToiletMember<Own: Sendable>: Sendable {
    /// A fixed field.
    case field(ToiletColumn)
    /// Who may use it (`ToiletDetails.access`).
    case access
    /// An attribute of the field table.
    case attribute(ToiletAttribute)
    /// A member of the writer's own.
    case own(Own)
}

/// A writer's members in the order of their keys' UTF-8 bytes (docs/json.md, rule 9): the
/// toilet's (`ToiletMember`) merged with the writer's own, each with its key's bytes, made
/// once per writer.
package struct ToiletMembers<Own: Sendable>: Sendable {
    /// One member: its key, the key's UTF-8 bytes, and what it writes.
    package struct Entry: Sendable {
        /// The key.
        package let key: String
        /// The key's UTF-8 bytes.
        package let keyBytes: [UInt8]
        /// What it writes.
        package let member: ToiletMember<Own>
    }

    /// Every member, in key order.
    package let entries: [Entry]

    /// The toilet's members and `own` (keys that are not the toilet's), in key order.
    package init(own: [(key: String, member: Own)]) {
        var all: [(String, ToiletMember<Own>)] = ToiletColumn.allCases.map { ($0.contractKey, .field($0)) }
        all.append(("access", .access))
        all += ToiletAttribute.allCases.map { ($0.key, .attribute($0)) }
        all += own.map { ($0.key, .own($0.member)) }
        entries = all.sorted { $0.0.utf8.lexicographicallyPrecedes($1.0.utf8) }
            .map { Entry(key: $0.0, keyBytes: Array($0.0.utf8), member: $0.1) }
    }

    /// The keys, in order.
    package var keys: [String] { entries.map(\.key) }
}

/// A fixed field's value as the contract writes it.
package enum ToiletScalar: Sendable, Equatable {
    /// A string or null.
    case text(String?)
    /// A number or null.
    case number(Double?)
    /// `true`, `false` or null.
    case flag(Bool?)
}

extension ToiletColumn {
    /// The field's name in the contract (docs/json.md): the column's, but for `free`,
    /// `toilet_type` and `time_zone`, which the documents spell as the first release did.
    package var contractKey: String {
        switch self {
        case .isFree: return "free"
        case .kind: return "toilet_type"
        case .timezone: return "time_zone"
        default: return rawValue
        }
    }
}

extension Toilet {
    /// A fixed field's value as the contract writes it: text as text, a real number as a
    /// number, a yes/no flag (stored 1/0) as `true`/`false`.
    package func contractValue(_ column: ToiletColumn) -> ToiletScalar {
        switch value(column) {
        case .text(let s): return .text(s)
        case .real(let d): return .number(d)
        case .integer(let i): return .flag(i.map { $0 != 0 })
        }
    }
}
