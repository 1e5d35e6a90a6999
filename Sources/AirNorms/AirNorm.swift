import Contract
import Foundation

/// A set of air-quality norms: the EU's ambient-air limit values and thresholds, or the WHO
/// 2021 guideline values (stricter).
public enum NormSet: String, Sendable, CaseIterable, Encodable {
    /// Directive 2008/50/EC (Annexes XI and XII): limit values, information and alert
    /// thresholds.
    case eu
    /// WHO global air quality guidelines, 2021 (short-term guideline levels).
    case who
}

/// One norm: a pollutant, a threshold in µg/m³ and the averaging it applies to.
public struct AirNorm: Sendable, Equatable {
    /// How the values are averaged before they are compared with the threshold.
    public enum Averaging: String, Sendable, Encodable {
        /// The newest 1-hour value.
        case hour = "1h"
        /// Three consecutive 1-hour values, each over the threshold (the EU alert thresholds
        /// of SO₂ and NO₂): the lowest of the three is compared.
        case threeConsecutiveHours = "3h_consecutive"
        /// The running mean of the 8 hours ending at the newest value.
        case eightHours = "8h"
        /// The mean of the 24 hours ending at the newest value.
        case day = "24h"

        /// Hourly values the window holds.
        public var hours: Int {
            switch self {
            case .hour: 1
            case .threeConsecutiveHours: 3
            case .eightHours: 8
            case .day: 24
            }
        }

        /// Values needed for a mean (the EU data-quality rule: 75 % of the hours, so 18 of
        /// 24 and 6 of 8); every value for 1 hour and 3 consecutive hours.
        public var required: Int {
            switch self {
            case .hour: 1
            case .threeConsecutiveHours: 3
            case .eightHours: 6
            case .day: 18
            }
        }
    }

    /// What kind of norm it is.
    public enum Kind: String, Sendable, Encodable {
        /// An EU limit value.
        case limitValue = "limit_value"
        /// An EU information threshold (the public is informed).
        case informationThreshold = "information_threshold"
        /// An EU alert threshold (brief exposure is a risk to health).
        case alertThreshold = "alert_threshold"
        /// A WHO guideline level.
        case guideline
    }

    /// The set it belongs to.
    public var set: NormSet
    /// The pollutant code (`PM10`, `NO2`, …).
    public var pollutant: String
    /// Its kind.
    public var kind: Kind
    /// Its averaging.
    public var averaging: Averaging
    /// The threshold, µg/m³ (CO too: GIOŚ reports CO in µg/m³, so 10 mg/m³ is 10,000).
    public var threshold: Double

    /// A norm.
    public init(set: NormSet, pollutant: String, kind: Kind, averaging: Averaging, threshold: Double) {
        self.set = set
        self.pollutant = pollutant
        self.kind = kind
        self.averaging = averaging
        self.threshold = threshold
    }

    /// `EU PM10 limit value (24h mean) 50 µg/m³`.
    public var label: String {
        let what = kind.rawValue.replacingOccurrences(of: "_", with: " ")
        let mean: String
        switch averaging {
        case .hour: mean = "1h mean"
        case .threeConsecutiveHours: mean = "3 consecutive hours"
        case .eightHours: mean = "8h running mean"
        case .day: mean = "24h mean"
        }
        return "\(set.rawValue.uppercased()) \(pollutant) \(what) (\(mean)) \(JSONText.number(threshold)) µg/m³"
    }

    /// The norms of a set, by pollutant in `PollutantCode.known` order. Norms that apply to a
    /// calendar year (the EU's PM2.5 and C₆H₆ limit values, annual means) are left out: hourly
    /// data of a few days cannot judge them.
    public static func norms(_ set: NormSet) -> [AirNorm] {
        func n(_ p: String, _ k: Kind, _ a: Averaging, _ t: Double) -> AirNorm {
            AirNorm(set: set, pollutant: p, kind: k, averaging: a, threshold: t)
        }
        switch set {
        case .eu:
            return [
                n("SO2", .limitValue, .hour, 350), n("SO2", .limitValue, .day, 125),
                n("SO2", .alertThreshold, .threeConsecutiveHours, 500),
                n("NO2", .limitValue, .hour, 200), n("NO2", .alertThreshold, .threeConsecutiveHours, 400),
                n("PM10", .limitValue, .day, 50),
                n("CO", .limitValue, .eightHours, 10_000),
                n("O3", .informationThreshold, .hour, 180), n("O3", .alertThreshold, .hour, 240),
            ]
        case .who:
            return [
                n("SO2", .guideline, .day, 40), n("NO2", .guideline, .day, 25), n("PM10", .guideline, .day, 45),
                n("PM2.5", .guideline, .day, 15), n("CO", .guideline, .day, 4_000), n("O3", .guideline, .eightHours, 100),
            ]
        }
    }
}
