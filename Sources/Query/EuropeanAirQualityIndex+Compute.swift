public import Foundation
import Places
public import Storage

extension EuropeanAirQualityIndex {
    /// The index of a station from its newest values (`readings`), as of `now`; nil when the
    /// station has no value of any pollutant of the table.
    public static func of(readings: [StationAir.Reading], zone: TimeZone, now: Date) -> EuropeanAirQualityIndex? {
        let newest = readings.map(\.measuredInstant).max()
        var parts: [Pollutant] = []
        for band in bands {
            guard let r = readings.first(where: { PollutantCode.same($0.parameter, band.pollutant) }) else { continue }
            var p = Pollutant(pollutant: band.pollutant, level: nil, value: nil, status: .judged, at: r.measuredInstant)
            if r.quality == .flagged {
                p.status = .flagged
            } else if r.quality == .lowCoverage {
                p.status = .lowCoverage
            } else if let newest, newest.timeIntervalSince(r.measuredInstant) > 86400 {
                p.status = .tooOld
            } else {
                p.value = r.value
                p.level = level(r.value, upper: band.upper)
            }
            parts.append(p)
        }
        guard !parts.isEmpty else { return nil }
        let judged = parts.filter { $0.level != nil }
        let worst = judged.max { ($0.level?.rawValue ?? 0) < ($1.level?.rawValue ?? 0) }
        var level = worst?.level
        // A flagged or thin value is never judged good: with one standing, "good" is unknown.
        if level == .good, parts.contains(where: { $0.status == .flagged || $0.status == .lowCoverage }) { level = nil }
        let at = judged.map(\.at).max()
        return EuropeanAirQualityIndex(
            level: level, dominant: level == nil ? nil : worst?.pollutant, calculatedAt: at,
            ageMinutes: at.map { Int(now.timeIntervalSince($0) / 60) }, pollutants: parts, zone: zone)
    }
}

extension EuropeanAirQualityIndex {
    /// The index of `of(readings:zone:now:)` as a station's map feature carries it (Export's
    /// `StationEAQIRule`, the flat `eaqi_*` properties): level, band name, the pollutant that
    /// sets it, and the newest judged instant.
    public static func headline(readings: [StationAir.Reading], zone: TimeZone, now: Date) -> (
        level: Int?, band: String?, dominantPollutant: String?, calculatedAt: Date?
    )? {
        of(readings: readings, zone: zone, now: now).map { ($0.level?.rawValue, $0.level?.name, $0.dominant, $0.calculatedAt) }
    }
}
