import Foundation
import Storage

/// A threshold such as `PM10>50`: a pollutant, a comparison and a value.
public struct AirAlert: Sendable, Equatable, Codable, CustomStringConvertible {
    /// Pollutant code, compared ignoring case and dots (`pm25` is `PM2.5`).
    public var parameter: String
    /// `>` or `>=`.
    public var orEqual: Bool
    /// The threshold.
    public var threshold: Double

    /// Parses `PM10>50`, `NO2>=200`, `pm2.5 > 25`.
    public init?(_ text: String) {
        let t = text.replacingOccurrences(of: " ", with: "")
        let parts = t.components(separatedBy: ">")
        guard parts.count == 2, !parts[0].isEmpty else { return nil }
        orEqual = parts[1].hasPrefix("=")
        guard let v = Double(orEqual ? String(parts[1].dropFirst()) : parts[1]), v.isFinite else { return nil }
        parameter = parts[0]
        threshold = v
    }

    /// True when `reading` is of this pollutant and over the threshold, and, when
    /// `maxAgeSeconds` is given, no older than that (a station that stopped reporting does
    /// not keep alerting on its last value).
    public func exceeded(by reading: StationAir.Reading, maxAgeSeconds: TimeInterval? = nil) -> Bool {
        StationAir.sameParameter(reading.parameter, parameter)
            && maxAgeSeconds.map { Double(reading.ageMinutes) * 60 <= $0 } ?? true
            && (orEqual ? reading.value >= threshold : reading.value > threshold)
    }

    public var description: String { "\(parameter)\(orEqual ? ">=" : ">")\(JSONText.number(threshold))" }
}
