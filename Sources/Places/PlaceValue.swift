/// A value of a place table's own column (`PlaceRecord.values`, `Toilet.value(_:)`).
public enum PlaceValue: Sendable, Equatable {
    /// Text or NULL.
    case text(String?)
    /// A real number or NULL.
    case real(Double?)
    /// An integer (booleans as 0/1) or NULL.
    case integer(Int64?)
}

extension PlaceValue {
    /// Whether the value is NULL.
    package var isNull: Bool {
        switch self {
        case .text(let s): return s == nil
        case .real(let d): return d == nil
        case .integer(let i): return i == nil
        }
    }

    /// The text, nil for NULL or another type.
    package var text: String? {
        if case .text(let s) = self { return s }
        return nil
    }

    /// The real number (an integer converted), nil for NULL or another type.
    package var real: Double? {
        switch self {
        case .real(let d): return d
        case .integer(let i): return i.map(Double.init)
        case .text: return nil
        }
    }

    /// The integer, nil for NULL or another type.
    package var integer: Int64? {
        if case .integer(let i) = self { return i }
        return nil
    }
}
