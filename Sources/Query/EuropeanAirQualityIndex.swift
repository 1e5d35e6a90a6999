public import AirNorms
import Contract
public import Foundation
public import Storage

/// The European Air Quality Index of a station (EEA, "European Air Quality Index", its
/// six-level band table as revised in 2024 to follow the WHO's 2021 guidelines,
/// airindex.eea.europa.eu; docs/air.md): a level per pollutant from the band of its newest
/// 1-hour value (the EEA judges all five pollutants on hourly concentrations), and the
/// station's level, the worst of them. Computed from the stored values of every source,
/// beside the source's own index (GIOŚ's). A value its source flagged or that covers too
/// little of its period is never judged: its pollutant shows why, and a station whose judged
/// pollutants are all good is not called good while such a value stands (its level is null).
public struct EuropeanAirQualityIndex: Sendable, Equatable, Encodable {
    /// The band table followed (docs/air.md, "European Air Quality Index").
    public static let version = "eea-eaqi-2024"

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

    /// The upper ends (µg/m³, included: a value equal to a limit is the better level) of the
    /// levels good … very poor, by pollutant; above the last is extremely poor. Every
    /// pollutant is judged on its 1-hour value.
    public static let bands: [(pollutant: String, upper: [Double])] = [
        ("PM2.5", [5, 15, 50, 90, 140]),
        ("PM10", [15, 45, 120, 195, 270]),
        ("NO2", [10, 25, 60, 100, 150]),
        ("O3", [60, 100, 120, 160, 180]),
        ("SO2", [20, 40, 125, 190, 275]),
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
            /// Over a day older than the station's newest value: not judged.
            case tooOld = "too_old"
        }

        /// The pollutant code.
        public var pollutant: String
        /// Its level, nil unless judged.
        public var level: Level?
        /// The 1-hour value judged, µg/m³ (nil unless judged).
        public var value: Double?
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
            try c.encode(AirNorm.Averaging.hour, forKey: .averaging)
            try c.encode(status, forKey: .status)
        }

        private enum Keys: String, CodingKey { case pollutant, level, band, value, averaging, status }
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
