/// How a place's opening hours were read from its source text (stored per place): a domain
/// value every module shares; the Czech reader (`Hours`) is one of the readers that set it.
public enum HoursStatus: String, Sendable, Equatable, Codable, CaseIterable {
    /// Every part maps directly onto OSM syntax.
    case exact
    /// A reading was chosen (seasons, `dušičky`, a dropped day part, days carried over);
    /// `reason` says which.
    case interpreted
    /// Not a schedule (prose, events, typos): the expression is a comment and evaluates
    /// to unknown; `reason` says why.
    case unknown
    /// No text at all (null or blank).
    case missing
}

/// Wheelchair access as stored: the OSM `wheelchair` values.
public enum WheelchairAccess: String, Sendable, Codable, CaseIterable {
    /// Fully accessible.
    case yes
    /// Partly accessible.
    case limited
    /// Not accessible.
    case no
    /// Not stated by the source.
    case unknown
}

/// Who may use a toilet, as stored: the OSM `access` values folded into four groups
/// (OSM wiki, Key:access).
public enum ToiletAccess: String, Sendable, Codable, CaseIterable {
    /// Anybody (`yes`, `public`, `permissive`).
    case `public`
    /// Customers of the place only (`customers`).
    case customers
    /// Not for the public (`private`, `no`, `permit`, `key`, `employees`, …): never an answer
    /// of a nearest query.
    case restricted
    /// Not stated by the source (OSM convention for `amenity=toilets`: usually public).
    case unknown
}

/// Who may use a toilet and its attributes (the field table `ToiletAttribute`). Every
/// attribute is unknown (and access `unknown`) when the source does not say.
public struct ToiletDetails: Sendable, Hashable {
    /// Who may use it (`access`).
    public var access: ToiletAccess
    /// The attributes.
    public var attributes: ToiletAttributes

    /// Creates details; the default says nothing.
    public init(access: ToiletAccess = .unknown, _ attributes: [ToiletAttribute: AttributeValue] = [:]) {
        self.access = access
        self.attributes = ToiletAttributes(attributes)
    }

    /// Details with these attributes.
    public init(access: ToiletAccess, attributes: ToiletAttributes) {
        self.access = access
        self.attributes = attributes
    }

    /// True when the source said nothing of these attributes.
    public var isEmpty: Bool { access == .unknown && attributes.isEmpty }

    /// The value of `a`, nil when unknown.
    public subscript(_ a: ToiletAttribute) -> AttributeValue? {
        get { attributes[a] }
        set { attributes[a] = newValue }
    }

    /// The flag of a yes/no attribute, nil when unknown.
    public func flag(_ a: ToiletAttribute) -> Bool? { attributes.flag(a) }

    /// The text of a word, list or text attribute, nil when unknown.
    public func text(_ a: ToiletAttribute) -> String? { attributes.text(a) }
}
