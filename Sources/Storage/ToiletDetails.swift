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

/// The attributes people filter on beyond hours, price and wheelchair access, as the OSM
/// tags of `amenity=toilets` carry them (OSM wiki, Tag:amenity=toilets). Every member is
/// nil (or `unknown`) when the source does not say.
public struct ToiletDetails: Sendable, Equatable {
    /// Who may use it (`access`).
    public var access: ToiletAccess
    /// A baby changing table (`changing_table=yes|no`).
    public var changingTable: Bool?
    /// One room for everybody (`unisex=yes|no`).
    public var unisex: Bool?
    /// Has a women's toilet (`female=yes|no`).
    public var female: Bool?
    /// Has a men's toilet (`male=yes|no`).
    public var male: Bool?
    /// How waste is disposed of (`toilets:disposal`: `flush`, `chemical`, `pitlatrine`, …).
    public var disposal: String?
    /// The floor (`level`: `0`, `-1`, `0.5`), as written.
    public var level: String?
    /// Inside a building (`indoor`: `yes`, `room`, …), as written.
    public var indoor: String?
    /// Who runs it (`operator`).
    public var operatorName: String?
    /// When a mapper last checked it (`check_date`, `YYYY-MM-DD` as written).
    public var checkDate: String?

    /// Creates details; the default says nothing.
    public init(
        access: ToiletAccess = .unknown, changingTable: Bool? = nil, unisex: Bool? = nil, female: Bool? = nil,
        male: Bool? = nil, disposal: String? = nil, level: String? = nil, indoor: String? = nil,
        operatorName: String? = nil, checkDate: String? = nil
    ) {
        self.access = access
        self.changingTable = changingTable
        self.unisex = unisex
        self.female = female
        self.male = male
        self.disposal = disposal
        self.level = level
        self.indoor = indoor
        self.operatorName = operatorName
        self.checkDate = checkDate
    }

    /// True when the source said nothing of these attributes.
    public var isEmpty: Bool { self == ToiletDetails() }

    /// Mixes the details into a content hash. Nothing is added for empty details, so the
    /// hashes of records stored before these columns existed stay the same.
    func addTo(_ h: inout ContentHash) {
        guard !isEmpty else { return }
        h.addString("details/1")
        h.addString(access.rawValue)
        h.addBool(changingTable)
        h.addBool(unisex)
        h.addBool(female)
        h.addBool(male)
        h.addString(disposal)
        h.addString(level)
        h.addString(indoor)
        h.addString(operatorName)
        h.addString(checkDate)
    }
}
