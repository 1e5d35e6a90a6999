import Foundation

/// A coordinate reference system named by its EPSG code. Codes are never written as bare
/// numbers elsewhere: use the named constants.
public struct CRS: Sendable, Hashable, Codable, CustomStringConvertible {
    /// The EPSG code, such as 4326.
    public let epsg: Int

    /// Creates a CRS from an EPSG code. Whether PROJ knows it is checked when a
    /// `Reprojector` is made.
    public init(epsg: Int) { self.epsg = epsg }

    /// WGS84 geographic, the one CRS storage keeps (EPSG:4326).
    public static let wgs84 = CRS(epsg: 4326)
    /// S-JTSK / Krovak East North, the Czech national grid (EPSG:5514).
    public static let sJTSK = CRS(epsg: 5514)

    /// `EPSG:5514`.
    public var description: String { "EPSG:\(epsg)" }

    /// Parses `EPSG:5514`, `epsg:5514`, `5514` and the OGC URN forms
    /// `urn:ogc:def:crs:EPSG::5514` and `urn:ogc:def:crs:OGC:1.3:CRS84` (= WGS84).
    public init?(text: String) {
        let t = text.trimmingCharacters(in: .whitespaces)
        let upper = t.uppercased()
        if upper == "URN:OGC:DEF:CRS:OGC:1.3:CRS84" || upper == "CRS84" {
            self = .wgs84
            return
        }
        let digits: Substring
        if upper.hasPrefix("EPSG:") {
            digits = t.dropFirst(5).drop(while: { $0 == ":" })
        } else if upper.hasPrefix("URN:OGC:DEF:CRS:EPSG:") {
            digits = Substring(t.split(separator: ":").last ?? "")
        } else {
            digits = Substring(t)
        }
        guard let code = Int(digits), code > 0 else { return nil }
        self.init(epsg: code)
    }
}
