import Foundation

/// GIOŚ pollutant codes (the `paramCode` of a sensor): the one place that says when two
/// spellings name the same pollutant.
public enum PollutantCode {
    /// The pollutant codes outputs report for GIOŚ stations, in the order they list them (the
    /// index is read for five of them: `AirIngest.pollutants` leaves out CO and C6H6).
    public static let known = ["SO2", "NO2", "PM10", "PM2.5", "CO", "C6H6", "O3"]

    /// The comparison form: upper case without dots (`pm2.5`, `PM25` → `PM25`).
    public static func fold(_ code: String) -> String { code.uppercased().replacingOccurrences(of: ".", with: "") }

    /// Whether two codes name the same pollutant: case and dots do not count.
    public static func same(_ a: String, _ b: String) -> Bool { fold(a) == fold(b) }

    /// The known spelling of `code` (`pm25` → `PM2.5`), or nil when it is not a known code.
    public static func canonical(_ code: String) -> String? { known.first { same($0, code) } }

    /// The key suffix GeoJSON properties use: lower case without dots (`PM2.5` → `pm25`).
    public static func keySuffix(_ code: String) -> String { fold(code).lowercased() }
}
