/// Errors raised by the Geo module.
public enum GeoError: Error, Equatable, CustomStringConvertible {
    /// PROJ does not know the CRS code (or proj-data is missing).
    case unknownCRS(CRS, reason: String)
    /// PROJ found no operation between the two CRS.
    case noOperation(from: CRS, to: CRS, reason: String)
    /// The PROJ library, loaded only to reproject from a CRS other than WGS84, cannot be
    /// loaded; `reason` is the dynamic loader's message.
    case projUnavailable(CRS, reason: String)
    /// `text` is not a `LAT,LON` position (the CLI's `--near` form); `reason` says which
    /// part is wrong and how (`latitude 95 is outside -90…90`).
    case invalidLatLon(text: String, reason: String)

    /// A short lower-case message the CLI prints after `error:`.
    public var description: String {
        switch self {
        case .unknownCRS(let crs, let reason):
            return "unknown CRS \(crs): \(reason)"
        case .noOperation(let from, let to, let reason):
            return "no coordinate operation from \(from) to \(to): \(reason)"
        case .projUnavailable(let crs, let reason):
            return "cannot load PROJ, needed to reproject from \(crs) (\(reason)); install PROJ 9 (Debian/Ubuntu: libproj25)"
        case .invalidLatLon(let text, let reason):
            return "'\(text)' is not LAT,LON: \(reason)"
        }
    }
}
