public import AirNorms
import Contract
public import Foundation
import Hours
import Places
public import Storage

/// Where a pollutant's values stand against one norm.
public struct NormStanding: Sendable, Equatable {
    /// The outcome.
    public enum Status: String, Sendable, Encodable {
        /// The averaged value is over the threshold (equal is not over: "not to be exceeded").
        case exceeded
        /// The averaged value is at or under the threshold.
        case within
        /// Too few values in the window for the averaging (a 24-hour mean of fewer than 18
        /// hours is not a mean).
        case notEnoughData = "not_enough_data"
    }

    /// The norm.
    public var norm: AirNorm
    /// The outcome.
    public var status: Status
    /// The averaged value (the lowest of three for consecutive hours), or nil without
    /// enough data.
    public var value: Double?
    /// Values found in the window.
    public var hours: Int
    /// The window's end: the newest value's instant (nil: no value at all).
    public var windowEnd: Date?

    /// Judges `history` (values at or before the query instant, any order) against `norm`:
    /// the window holds the `norm.averaging.hours` hours ending at the newest value.
    public static func judge(_ history: [PollutantHistory.Sample], against norm: AirNorm) -> NormStanding {
        guard let end = history.map(\.at).max() else {
            return NormStanding(norm: norm, status: .notEnoughData, value: nil, hours: 0, windowEnd: nil)
        }
        let a = norm.averaging
        let start = end.addingTimeInterval(-Double(a.hours) * 3600)
        var byHour: [Int: Double] = [:]  // one value per hour slot (a repeated instant counts once)
        for s in history where s.at > start && s.at <= end {
            byHour[Int((end.timeIntervalSince(s.at) / 3600).rounded(.down))] = s.value
        }
        // In hour order: a dictionary's order differs from process to process, and a sum in
        // another order can differ in the last bit (the CLI and the server wrote 48.74 and
        // 48.74000000000001 for the same mean).
        let values = byHour.sorted { $0.key < $1.key }.map(\.value)
        guard values.count >= a.required else {
            return NormStanding(norm: norm, status: .notEnoughData, value: nil, hours: values.count, windowEnd: end)
        }
        let value =
            a == .threeConsecutiveHours ? (values.min() ?? 0) : values.reduce(0, +) / Double(values.count)
        return NormStanding(
            norm: norm, status: value > norm.threshold ? .exceeded : .within, value: value, hours: values.count, windowEnd: end)
    }

    /// Every norm of `set` judged for the pollutants in `histories` (norms of pollutants the
    /// station does not measure are left out), in the set's order.
    public static func judge(_ histories: [PollutantHistory], set: NormSet) -> [NormStanding] {
        AirNorm.norms(set).compactMap { norm in
            histories.first { PollutantCode.same($0.parameter, norm.pollutant) }.map { judge($0.samples, against: norm) }
        }
    }
}
