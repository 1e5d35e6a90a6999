/// The fixed half of a toilet's field table (`ToiletAttribute` is the other half): each
/// field of `Toilet` with a column of its own in `toilets`, in the order the rows section of
/// the nearest-index file and the content hash take them. Everything that reads or writes a
/// toilet's fixed fields loops over this table: the table's columns and staging types
/// (`ToiletRow.ownColumns`), the column a later migration adds and the `toilets_active` view
/// (`ToiletFieldMigration`), the insert's values (`ToiletRecord.forEachValue`), the streamed
/// read (`ToiletRow.streamed`), the rows-section codec (`ToiletRowCoding`,
/// `ToiletRowColumns`), the content hash, and every writer of the contract's toilet objects
/// under `contractKey` (`ToiletMembers`: `toilet-answer/1`, `toilet-detail/1`, the GeoJSON
/// properties, the CSV columns). A new fixed field is a case here (after the last, naming the
/// migration that adds it in `addedIn`), a property of `Toilet` with its rows in
/// `Toilet.value(_:)` and `set(_:_:)`, the migration registered in `Schema` (one line calling
/// `ToiletFieldMigration.migrate`), each source's mapping, the checked schema files, and tests. The
/// position (`lon`, `lat`) and the details (`access`, the attributes) follow these fields in
/// the row file.
package enum ToiletColumn: String, CaseIterable, Sendable {
    case name, address
    case hoursText = "hours_text", hoursOSM = "hours_osm", hoursStatus = "hours_status", country
    case priceText = "price_text", priceAmount = "price_amount", priceCurrency = "price_currency", isFree = "is_free"
    case wheelchair, kind
    case locationDetail = "location_detail", timezone
    /// The evidence that the place is there and its hours are right (`Verification`):
    /// derived by the writes that bring evidence (ingest, review), never content.
    case sourceReleased = "source_released", verifiedAt = "verified_at", verifiedBy = "verified_by"
    case hoursVerifiedAt = "hours_verified_at", hoursVerifiedBy = "hours_verified_by"

    /// How a field's value is written.
    package enum Kind: Equatable, Sendable {
        /// Text or NULL.
        case text
        /// Text, never NULL.
        case requiredText
        /// A real number or NULL.
        case real
        /// yes / no / unknown: 1, 0 or NULL.
        case flag
        /// One of these words, never NULL (`unknown` when the column holds another).
        case choice([String])
    }

    /// How its values are written.
    package var kind: Kind {
        switch self {
        case .name, .address, .hoursText, .hoursOSM, .country, .priceText, .priceCurrency, .kind, .locationDetail,
            .sourceReleased, .verifiedAt, .verifiedBy, .hoursVerifiedAt, .hoursVerifiedBy:
            return .text
        case .timezone: return .requiredText
        case .priceAmount: return .real
        case .isFree: return .flag
        case .hoursStatus: return .choice(HoursStatus.allCases.map(\.rawValue))
        case .wheelchair: return .choice(WheelchairAccess.allCases.map(\.rawValue))
        }
    }

    /// The migration that added the column; nil for the columns of the first schema. The
    /// content hash takes a later field only when it is known, by name, so adding one
    /// changes no stored hash until a source states it.
    package var addedIn: String? {
        switch self {
        case .sourceReleased, .verifiedAt, .verifiedBy, .hoursVerifiedAt, .hoursVerifiedBy: return "v15-verification"
        default: return nil
        }
    }

    /// Whether the field is the source's content (the content hash takes it, so a change of it
    /// counts as an update): false for the evidence of verification, which a new release or
    /// a review changes without the place changing.
    package var isContent: Bool { addedIn != "v15-verification" }
}
