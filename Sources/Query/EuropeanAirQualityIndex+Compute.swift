public import Foundation
public import Storage

extension EuropeanAirQualityIndex {
    /// The index of a station from its newest values (`readings`) and the sound values of
    /// the 24 hours before each PM value (`histories`, `LocateStore.airHistory`), as of
    /// `now`; nil when the station has no value of any pollutant of the table.
    public static func of(
        readings: [StationAir.Reading], histories: [PollutantHistory], zone: TimeZone, now: Date
    ) -> EuropeanAirQualityIndex? {
        let newest = readings.map(\.measuredInstant).max()
        var parts: [Pollutant] = []
        for band in bands {
            guard let r = readings.first(where: { PollutantCode.same($0.parameter, band.pollutant) }) else { continue }
            var p = Pollutant(
                pollutant: band.pollutant, level: nil, value: nil, averaging: band.averaging, hours: 0, status: .judged,
                at: r.measuredInstant)
            if r.quality == .flagged {
                p.status = .flagged
            } else if r.quality == .lowCoverage {
                p.status = .lowCoverage
            } else if let newest, newest.timeIntervalSince(r.measuredInstant) > 86400 {
                p.status = .tooOld
            } else if band.averaging == .day {
                let samples = histories.first { PollutantCode.same($0.parameter, band.pollutant) }?.samples ?? []
                let day = NormStanding.judge(
                    samples.filter { $0.at <= r.measuredInstant },
                    against: AirNorm(
                        set: .eu, pollutant: band.pollutant, kind: .limitValue, averaging: .day, threshold: .infinity))
                p.hours = day.hours
                if let mean = day.value, day.status != .notEnoughData {
                    p.value = mean
                    p.level = level(mean, upper: band.upper)
                } else {
                    p.status = .notEnoughData
                }
            } else {
                p.value = r.value
                p.hours = 1
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
