import Digests
import Foundation
public import Geo
public import Places

/// An air-quality measuring station (GIOŚ) as the ingest writes it.
public struct StationRecord: PlaceRecord, Equatable {
    /// Stations go to `stations`.
    public static let placeKind = PlaceKind.stations
    /// The GIOŚ station id, as text.
    public let sourceID: String
    /// Station name, spaces trimmed and collapsed.
    public let name: String
    /// Station code (`MzWarKondrat`), when the source has one.
    public let code: String?
    /// City.
    public let city: String?
    /// Commune (gmina).
    public let commune: String?
    /// District (powiat).
    public let district: String?
    /// Province (województwo).
    public let province: String?
    /// Street address.
    public let street: String?
    /// IANA time zone of the station's timestamps.
    public let timeZone: String
    /// The source's attributes as compact JSON.
    public let propertiesJSON: String
    /// Position, WGS84.
    public let coordinate: Coordinate
    /// `ContentHash` of every field (in declaration order) and the properties fingerprint:
    /// equal hashes mean "unchanged".
    public let contentHash: String

    /// Creates a record; the content hash covers every field and `propertiesFingerprint`.
    public init(
        sourceID: String, name: String, code: String?, city: String?, commune: String?, district: String?, province: String?,
        street: String?, timeZone: String, propertiesJSON: String, propertiesFingerprint: String, coordinate: Coordinate
    ) {
        self.sourceID = sourceID
        self.name = name
        self.code = code
        self.city = city
        self.commune = commune
        self.district = district
        self.province = province
        self.street = street
        self.timeZone = timeZone
        self.propertiesJSON = propertiesJSON
        self.coordinate = coordinate
        var h = ContentHash()
        for part in [sourceID, name, code, city, commune, district, province, street, timeZone, propertiesFingerprint] {
            h.addString(part)
        }
        h.addNumber(coordinate.longitude)
        h.addNumber(coordinate.latitude)
        contentHash = h.hex
    }

    /// The station's own columns' values, in `StationRow.CodingKeys` order.
    public var values: [PlaceValue] { StationRecord.ownColumns.map(value) }

    /// Lower case without diacritics, for name search: Polish letters fold to ASCII
    /// (`Kraków` → `krakow`, `Łódź` → `lodz`; ł has no decomposition, so it is mapped).
    public static func fold(_ text: String) -> String {
        let mapped = String(text.map { $0 == "ł" ? "l" : ($0 == "Ł" ? "L" : $0) })
        return mapped.folding(options: [.diacriticInsensitive, .caseInsensitive], locale: Locale(identifier: "pl_PL"))
            .lowercased()
    }
}
