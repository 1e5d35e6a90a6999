/// A known value of a toilet attribute: yes/no, or a word or text (see
/// `ToiletAttribute.Kind`). Unknown is the absence of a value.
public enum AttributeValue: Sendable, Hashable, ExpressibleByBooleanLiteral, ExpressibleByStringLiteral {
    /// yes (true) or no (false).
    case flag(Bool)
    /// A word of a choice, `;`-joined words of a list, or free text.
    case text(String)

    /// `true` is `.flag(true)`.
    public init(booleanLiteral value: Bool) { self = .flag(value) }
    /// `"radar"` is `.text("radar")`.
    public init(stringLiteral value: String) { self = .text(value) }

    /// The flag, if this is one.
    public var flag: Bool? {
        if case .flag(let b) = self { return b }
        return nil
    }

    /// The text, if this is one.
    public var text: String? {
        if case .text(let s) = self { return s }
        return nil
    }
}

/// The attributes of one toilet: a value or unknown (nil) for every `ToiletAttribute`.
public struct ToiletAttributes: Sendable, Hashable {
    private var values: [AttributeValue?]

    /// Every attribute unknown.
    public init() { values = Array(repeating: nil, count: ToiletAttribute.ordered.count) }

    /// These values; the others unknown.
    public init(_ known: [ToiletAttribute: AttributeValue]) {
        self.init()
        for (a, v) in known { self[a] = v }
    }

    /// The value of `a`, nil when unknown.
    public subscript(_ a: ToiletAttribute) -> AttributeValue? {
        get { values[a.ordinal] }
        set { values[a.ordinal] = newValue }
    }

    /// The flag of a yes/no attribute, nil when unknown.
    public func flag(_ a: ToiletAttribute) -> Bool? { self[a]?.flag }

    /// The text of a word, list or text attribute, nil when unknown.
    public func text(_ a: ToiletAttribute) -> String? { self[a]?.text }

    /// True when every attribute is unknown.
    public var isEmpty: Bool { values.allSatisfy { $0 == nil } }

    /// The known attributes, in table order.
    public var known: [(ToiletAttribute, AttributeValue)] {
        ToiletAttribute.ordered.compactMap { a in self[a].map { (a, $0) } }
    }

    /// Fills the attributes derived from others, where the source did not state them: the
    /// one place these domain rules live, applied by every source's mapping.
    /// - `gender_neutral`: yes when `unisex=yes`, no when `unisex=no` (a source's
    ///   `gender_segregated` wins, read by the mapping).
    /// - `changing_table_all_genders`: no without a changing table; with one, yes when its
    ///   location includes a room anybody may enter, or both the women's and the men's
    ///   toilet; no when it is only in one of them; unknown when the location is not given.
    public func completed() -> ToiletAttributes {
        var out = self
        if out[.genderNeutral] == nil, let u = flag(.unisex) { out[.genderNeutral] = .flag(u) }
        if out[.changingTableAllGenders] == nil {
            switch flag(.changingTable) {
            case false?: out[.changingTableAllGenders] = .flag(false)
            case true?:
                if let location = text(.changingTableLocation) {
                    let places = Set(location.split(separator: ";").map(String.init))
                    let shared = !places.isDisjoint(with: [
                        "unisex_toilet", "wheelchair_toilet", "dedicated_room", "room", "sales_area",
                    ])
                    let both = places.isSuperset(of: ["female_toilet", "male_toilet"])
                    out[.changingTableAllGenders] = .flag(shared || both)
                }
            case nil: break
            }
        }
        return out
    }
}
