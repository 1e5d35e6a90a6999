/// The field table of a toilet's attributes: what people filter on beyond its place,
/// hours, price and wheelchair access, as the OSM tags of `amenity=toilets` carry them
/// (OSM wiki, Tag:amenity=toilets, Key:changing_table, Key:centralkey,
/// Key:gender_segregated, Key:toilets:wheelchair).
///
/// Each case is declared once, here, and everything else is derived from it: the column of
/// `toilets` (named `key`, typed by `kind`), the derived files' payload, the `x/1` contract
/// encoders and GeoJSON properties (under `key`), the `toilets_active` view, the filters
/// (`--with KEY[=VALUE]`, `with=` in the API), the table's labels, the data-coverage notes
/// and the OSM profile's mapping (`osmTag`). Adding an attribute is a case and its rows in
/// the switches below, the mapping of sources that have it, and tests; docs/schema is
/// checked against this table by a test.
public enum ToiletAttribute: String, CaseIterable, Sendable, Codable, Comparable {
    /// A baby changing table.
    case changingTable = "changing_table"
    /// One room for everybody (the OSM tag as written).
    case unisex
    /// Has a women's toilet.
    case female
    /// Has a men's toilet.
    case male
    /// How waste is disposed of.
    case disposal = "toilets_disposal"
    /// The floor, as written.
    case level
    /// Inside a building, as written.
    case indoor
    /// Who runs it.
    case operatorName = "operator"
    /// When a mapper last checked it.
    case checkDate = "check_date"
    /// Where the changing table is (`female_toilet;male_toilet`, `dedicated_room`, …).
    case changingTableLocation = "changing_table_location"
    /// A changing table that people of any gender can reach (a father, a mother).
    case changingTableAllGenders = "changing_table_all_genders"
    /// Usable by anybody whatever their gender: `unisex=yes` or `gender_segregated=no`.
    case genderNeutral = "gender_neutral"
    /// The key of a locked accessible toilet: `radar` (UK), `eurokey` (Europe) or `none`.
    case centralKey = "centralkey"
    /// The toilets of a place that is not itself a toilet are wheelchair accessible.
    case toiletsWheelchair = "toilets_wheelchair"
    /// When a mapper last surveyed it on the spot.
    case surveyDate = "survey_date"
    /// When a mapper last checked its opening hours.
    case checkDateOpeningHours = "check_date_opening_hours"

    /// How a value is written and stored.
    public enum Kind: Sendable, Equatable {
        /// yes / no / unknown: JSON `true`/`false`/`null`, an INTEGER 0/1 column.
        case triState
        /// One of a few words, or unknown: JSON string or `null`, a TEXT column with a CHECK.
        case choice([String])
        /// Some of a few words joined by `;` in this order, or unknown.
        case list([String])
        /// Free text as the source wrote it, or unknown.
        case text
    }

    /// The attribute's name in the contract, the column, the GeoJSON properties and filters.
    public var key: String { rawValue }

    /// How its values are written.
    public var kind: Kind {
        switch self {
        case .changingTable, .unisex, .female, .male, .changingTableAllGenders, .genderNeutral, .toiletsWheelchair:
            return .triState
        case .disposal, .level, .indoor, .operatorName, .checkDate, .surveyDate, .checkDateOpeningHours: return .text
        case .centralKey: return .choice(["eurokey", "radar", "none"])
        case .changingTableLocation:
            return .list([
                "female_toilet", "male_toilet", "unisex_toilet", "wheelchair_toilet", "dedicated_room", "room",
                "sales_area",
            ])
        }
    }

    /// The OSM tag the `osm` profile reads it from; nil when derived from other attributes
    /// (`ToiletAttributes.completed()`).
    public var osmTag: String? {
        switch self {
        case .changingTable: return "changing_table"
        case .unisex: return "unisex"
        case .female: return "female"
        case .male: return "male"
        case .disposal: return "toilets:disposal"
        case .level: return "level"
        case .indoor: return "indoor"
        case .operatorName: return "operator"
        case .checkDate: return "check_date"
        case .changingTableLocation: return "changing_table:location"
        case .changingTableAllGenders: return nil
        case .genderNeutral: return nil
        case .centralKey: return "centralkey"
        case .toiletsWheelchair: return "toilets:wheelchair"
        case .surveyDate: return "survey:date"
        case .checkDateOpeningHours: return "check_date:opening_hours"
        }
    }

    /// What a table row or a map popup says when a yes/no attribute is yes; nil for those
    /// shown otherwise (text, or folded into another label).
    public var label: String? {
        switch self {
        case .changingTable: return "changing table"
        case .changingTableAllGenders: return "changing table for all genders"
        case .genderNeutral: return "gender-neutral"
        case .toiletsWheelchair: return "wheelchair toilet"
        case .unisex, .female, .male, .disposal, .level, .indoor, .operatorName, .checkDate, .changingTableLocation,
            .centralKey, .surveyDate, .checkDateOpeningHours:
            return nil
        }
    }

    /// One line for the reference (docs/json.md, the schemas, `--with` help).
    public var summary: String {
        switch self {
        case .changingTable: return "a baby changing table (OSM changing_table)"
        case .unisex: return "one room for everybody (OSM unisex, as tagged)"
        case .female: return "has a women's toilet (OSM female)"
        case .male: return "has a men's toilet (OSM male)"
        case .disposal: return "how waste is disposed of (OSM toilets:disposal), as written"
        case .level: return "the floor (OSM level), as written"
        case .indoor: return "inside a building (OSM indoor), as written"
        case .operatorName: return "who runs it (OSM operator)"
        case .checkDate: return "when a mapper last checked it (OSM check_date), as written"
        case .changingTableLocation:
            return "where the changing table is (OSM changing_table:location), known values joined by ';'"
        case .changingTableAllGenders:
            return "a changing table people of any gender can reach: true when it is in a room anybody may enter "
                + "(not only the women's or only the men's toilet); false when there is none or it is in one gender's toilet"
        case .genderNeutral: return "usable by anybody whatever their gender (unisex=yes or gender_segregated=no)"
        case .centralKey: return "the key a locked accessible toilet needs (OSM centralkey): eurokey, radar or none"
        case .toiletsWheelchair:
            return "the toilets of a place that is not itself a toilet are wheelchair accessible (OSM toilets:wheelchair)"
        case .surveyDate: return "when a mapper last surveyed it on the spot (OSM survey:date), as written"
        case .checkDateOpeningHours:
            return "when a mapper last checked its opening hours (OSM check_date:opening_hours), as written"
        }
    }

    /// The migration that added its column (attributes of one release are added together).
    public var addedIn: String {
        switch self {
        case .changingTable, .unisex, .female, .male, .disposal, .level, .indoor, .operatorName, .checkDate:
            return "v6-toilet-details"
        case .changingTableLocation, .changingTableAllGenders, .genderNeutral, .centralKey, .toiletsWheelchair:
            return "v10-accessibility"
        case .surveyDate, .checkDateOpeningHours: return "v15-verification"
        }
    }

    /// The words a source writes for yes (OSM `designated` is yes for wheelchair tags, as
    /// for `wheelchair`); `no` is the only word for no.
    public var yesWords: [String] {
        switch self {
        case .toiletsWheelchair: return ["yes", "designated"]
        default: return ["yes"]
        }
    }

    /// Whether `--with` / `with=` can filter on it (free text cannot).
    public var isFilter: Bool {
        if case .text = kind { return false }
        return true
    }

    /// Every attribute, in table order (computed once: encoders loop over it per record).
    public static let ordered = allCases

    /// Every attribute in the order of its key's UTF-8 bytes: the order the `x/1` documents
    /// write members in (docs/json.md, rule 9).
    public static let byKey = allCases.sorted { $0.key.utf8.lexicographicallyPrecedes($1.key.utf8) }

    /// The position of the attribute in `ordered`: the case's tag, which Swift numbers in
    /// declaration order for an enum without payloads, as `allCases` lists them (a test checks
    /// every case). Read per attribute of every record stored, so no table lookup.
    public var ordinal: Int { Int(withUnsafeBytes(of: self) { $0[0] }) }

    /// Table order.
    public static func < (a: ToiletAttribute, b: ToiletAttribute) -> Bool { a.ordinal < b.ordinal }

    /// The attribute named `name` (`changing_table`; `-` may stand for `_` and `:`, as in
    /// `changing-table` and the OSM `toilets:wheelchair`), case-insensitive.
    public init?(name: String) {
        let n = String(name.lowercased().map { $0 == "-" || $0 == ":" ? "_" : $0 })
        guard let a = Self.allCases.first(where: { $0.key == n }) else { return nil }
        self = a
    }
}
