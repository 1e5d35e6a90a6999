import Contract
public import Foundation
public import Storage

/// The European Air Quality Index of a station (EEA, "European Air Quality Index", the
/// six-level band table introduced in November 2017, airindex.eea.europa.eu): a level per
/// pollutant from its band, and the station's level, the worst of them. PM2.5 and PM10 are
/// judged on the mean of the 24 hours ending at their newest value (at least 18 of them), NO₂,
/// O₃ and SO₂ on their newest 1-hour value. Computed from the stored values of every source,
/// beside the source's own index (GIOŚ's). A value its source flagged or that covers too
/// little of its period is never judged: its pollutant shows why, and a station whose judged
/// pollutants are all good is not called good while such a value stands (its level is null).
public struct EuropeanAirQualityIndex: Sendable, Equatable, Encodable {
    /// The band table followed (docs/air.md, "European Air Quality Index").
    public static let version = "eea-eaqi-2017"

    /// A level of the index, 1 (good) to 6 (extremely poor).
    public enum Level: Int, Sendable, Equatable, Comparable, CaseIterable, Encodable {
        case good = 1, fair, moderate, poor, veryPoor, extremelyPoor

        /// The EEA's name in snake case: `good`, `very_poor`.
        public var name: String {
            switch self {
            case .good: "good"
            case .fair: "fair"
            case .moderate: "moderate"
            case .poor: "poor"
            case .veryPoor: "very_poor"
            case .extremelyPoor: "extremely_poor"
            }
        }

        /// The level named `text` (`poor`, `very_poor`, `very-poor`) or numbered (`4`).
        public init?(_ text: String) {
            let t = text.lowercased().replacingOccurrences(of: "-", with: "_")
            if let n = Int(t), let l = Level(rawValue: n) {
                self = l
            } else if let l = Level.allCases.first(where: { $0.name == t }) {
                self = l
            } else {
                return nil
            }
        }

        /// Lower levels are better air.
        public static func < (a: Level, b: Level) -> Bool { a.rawValue < b.rawValue }
    }

    /// The upper ends (µg/m³, included) of the levels good … very poor, by pollutant; above
    /// the last is extremely poor.
    public static let bands: [(pollutant: String, averaging: AirNorm.Averaging, upper: [Double])] = [
        ("PM2.5", .day, [10, 20, 25, 50, 75]),
        ("PM10", .day, [20, 40, 50, 100, 150]),
        ("NO2", .hour, [40, 90, 120, 230, 340]),
        ("O3", .hour, [50, 100, 130, 240, 380]),
        ("SO2", .hour, [100, 200, 350, 500, 750]),
    ]

    /// The level of `value` in `upper`'s bands.
    public static func level(_ value: Double, upper: [Double]) -> Level {
        Level(rawValue: (upper.firstIndex { value <= $0 } ?? upper.count) + 1) ?? .extremelyPoor
    }

    /// One pollutant's part of the index.
    public struct Pollutant: Sendable, Equatable, Encodable {
        /// How the pollutant was judged.
        public enum Status: String, Sendable, Equatable, Encodable {
            /// Judged: `level` holds its level.
            case judged
            /// Its newest value is flagged by its source: not judged.
            case flagged
            /// Its newest value covers too little of its period: not judged.
            case lowCoverage = "low_coverage"
            /// Fewer than 18 sound hours in the 24 hours (PM): not judged.
            case notEnoughData = "not_enough_data"
            /// Over a day older than the station's newest value: not judged.
            case tooOld = "too_old"
        }

        /// The pollutant code.
        public var pollutant: String
        /// Its level, nil unless judged.
        public var level: Level?
        /// The value judged (the 24-hour mean for PM), µg/m³.
        public var value: Double?
        /// `1h` or `24h`.
        public var averaging: AirNorm.Averaging
        /// Hours of values the mean found (1 for a 1-hour value).
        public var hours: Int
        /// How it was judged.
        public var status: Status
        /// The newest value's instant.
        public var at: Date

        /// Encodes per the JSON contract (the instant is written by `EuropeanAirQualityIndex`).
        public func encode(to encoder: any Encoder) throws {
            var c = encoder.container(keyedBy: Keys.self)
            try c.encode(pollutant, forKey: .pollutant)
            try c.encode(level?.rawValue, forKey: .level)
            try c.encode(level?.name, forKey: .band)
            try c.encode(value.map { JSONNumber.rounded($0, places: 1) }, forKey: .value)
            try c.encode(averaging, forKey: .averaging)
            try c.encode(hours, forKey: .hours)
            try c.encode(status, forKey: .status)
        }

        private enum Keys: String, CodingKey { case pollutant, level, band, value, averaging, hours, status }
    }

    /// The station's level: the worst judged pollutant's; nil when none is judged, or when
    /// all judged are good while a pollutant's value is flagged or of low coverage.
    public var level: Level?
    /// The pollutant that sets the level.
    public var dominant: String?
    /// The newest instant of the judged values.
    public var calculatedAt: Date?
    /// Whole minutes between `calculatedAt` and the query instant.
    public var ageMinutes: Int?
    /// Every pollutant of the table the station has a value of, in the table's order.
    public var pollutants: [Pollutant]
    /// The station's zone, for the instant.
    var zone: TimeZone

    /// Encodes per the JSON contract: snake_case keys, explicit nulls, the instant in the
    /// station's offset.
    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: Keys.self)
        try c.encode(EuropeanAirQualityIndex.version, forKey: .version)
        try c.encode(level?.rawValue, forKey: .level)
        try c.encode(level?.name, forKey: .band)
        try c.encode(dominant, forKey: .dominantPollutant)
        try c.encode(calculatedAt.map { InstantText.text($0, in: zone) }, forKey: .calculatedAt)
        try c.encode(ageMinutes, forKey: .ageMinutes)
        try c.encode(pollutants, forKey: .pollutants)
    }

    private enum Keys: String, CodingKey {
        case version, level, band, dominantPollutant = "dominant_pollutant", calculatedAt = "calculated_at"
        case ageMinutes = "age_minutes", pollutants
    }
}
