import AirNorms
import Foundation
import Places
import Query
import Storage
import Testing

/// Norms judged on means of hourly values (issue 15, item 2): windows, the 75 % rule,
/// "exceeded" meaning over (equal is within), three consecutive hours, DST nights.
@Suite struct AirNormsTests {
    /// Hourly samples ending at `end`, oldest first: `values[i]` is the value `values.count-1-i`
    /// hours before `end`; nil leaves the hour out.
    static func hourly(_ values: [Double?], end: Date = Date(timeIntervalSince1970: 1_795_000_000)) -> [PollutantHistory.Sample] {
        values.enumerated().compactMap { i, v in
            v.map { PollutantHistory.Sample(at: end.addingTimeInterval(-Double(values.count - 1 - i) * 3600), value: $0) }
        }
    }

    static func norm(_ a: AirNorm.Averaging, _ threshold: Double) -> AirNorm {
        AirNorm(set: .eu, pollutant: "PM10", kind: .limitValue, averaging: a, threshold: threshold)
    }

    struct Case: Sendable, CustomStringConvertible {
        var name: String
        var values: [Double?]
        var averaging: AirNorm.Averaging
        var threshold: Double
        var status: NormStanding.Status
        var value: Double?
        var hours: Int
        var description: String { name }
    }

    static let cases: [Case] = [
        Case(
            name: "24 values at the limit are within", values: Array(repeating: 50, count: 24), averaging: .day, threshold: 50,
            status: .within, value: 50, hours: 24),
        Case(
            name: "a mean just over is exceeded", values: Array(repeating: 50, count: 23) + [74], averaging: .day,
            threshold: 50, status: .exceeded, value: 51, hours: 24),
        Case(
            name: "18 of 24 hours make a mean", values: Array(repeating: nil, count: 6) + Array(repeating: 60, count: 18),
            averaging: .day, threshold: 50, status: .exceeded, value: 60, hours: 18),
        Case(
            name: "17 of 24 hours are not enough", values: Array(repeating: nil, count: 7) + Array(repeating: 60, count: 17),
            averaging: .day, threshold: 50, status: .notEnoughData, value: nil, hours: 17),
        Case(
            name: "values older than the window do not count",
            values: Array(repeating: 500, count: 10) + Array(repeating: 10, count: 24),
            averaging: .day, threshold: 50, status: .within, value: 10, hours: 24),
        Case(
            name: "8-hour mean from 6 values", values: [nil, nil, 12_000, 12_000, 9_000, 9_000, 9_000, 9_000],
            averaging: .eightHours, threshold: 10_000, status: .within, value: 10_000, hours: 6),
        Case(
            name: "8-hour mean from 5 values is not enough", values: [nil, nil, nil, 20_000, 20_000, 20_000, 20_000, 20_000],
            averaging: .eightHours, threshold: 10_000, status: .notEnoughData, value: nil, hours: 5),
        Case(
            name: "three consecutive hours over", values: [401, 450, 402], averaging: .threeConsecutiveHours, threshold: 400,
            status: .exceeded, value: 401, hours: 3),
        Case(
            name: "one of three at the threshold is not three over", values: [450, 400, 450],
            averaging: .threeConsecutiveHours, threshold: 400, status: .within, value: 400, hours: 3),
        Case(
            name: "a missing hour breaks three consecutive", values: [450, nil, 450], averaging: .threeConsecutiveHours,
            threshold: 400, status: .notEnoughData, value: nil, hours: 2),
        Case(
            name: "1 hour: the newest value", values: [500, 181], averaging: .hour, threshold: 180, status: .exceeded,
            value: 181, hours: 1),
        Case(
            name: "no values at all", values: [], averaging: .hour, threshold: 180, status: .notEnoughData, value: nil, hours: 0),
    ]

    @Test(arguments: cases) func judged(_ c: Case) {
        let s = NormStanding.judge(AirNormsTests.hourly(c.values), against: AirNormsTests.norm(c.averaging, c.threshold))
        #expect(s.status == c.status)
        #expect(s.value == c.value)
        #expect(s.hours == c.hours)
    }

    /// The autumn night in Warsaw (2026-10-25, clocks go back 03:00 → 02:00) has 25 wall-clock
    /// hours; windows count instants (stored in UTC), so the 24 hours ending at 12:00 local
    /// hold 24 values, both 02:00s among them.
    @Test func theAutumnDSTNightIsTwentyFourHoursOfInstants() throws {
        let end = try #require(ISO8601DateFormatter().date(from: "2026-10-25T11:00:00Z"))  // 12:00 CET
        let samples = AirNormsTests.hourly(Array(repeating: 40, count: 23) + [100], end: end)
        let s = NormStanding.judge(samples, against: AirNormsTests.norm(.day, 50))
        #expect(s.hours == 24)
        #expect(s.value == 42.5)
        #expect(s.windowEnd == end)
    }

    /// A pollutant that lags the others (PM10 often does at GIOŚ) still gets its whole
    /// window: the history norms read starts 24 hours before the oldest newest value.
    /// Regression: it started at the newest value of any pollutant, leaving PM10 17 of 24 hours.
    @Test func theNormHistoryCoversTheLaggingPollutant() {
        func reading(_ p: String, _ at: Double) -> StationAir.Reading {
            StationAir.Reading(
                parameter: p, value: 1, unit: StationAir.unit, measuredAt: "", measuredInstant: Date(timeIntervalSince1970: at),
                localTime: "", ageMinutes: 0)
        }
        let readings = [reading("NO2", 1_000_000 + 7 * 3600), reading("PM10", 1_000_000)]
        #expect(StationFinder.normWindowStart(readings) == Date(timeIntervalSince1970: 1_000_000 - 86400))
        #expect(StationFinder.normWindowStart([]) == nil)
    }

    /// The sets: the values README documents, in order.
    @Test func theNormTablesHoldTheDocumentedValues() {
        #expect(
            AirNorm.norms(.eu).map(\.label) == [
                "EU SO2 limit value (1h mean) 350 µg/m³", "EU SO2 limit value (24h mean) 125 µg/m³",
                "EU SO2 alert threshold (3 consecutive hours) 500 µg/m³", "EU NO2 limit value (1h mean) 200 µg/m³",
                "EU NO2 alert threshold (3 consecutive hours) 400 µg/m³", "EU PM10 limit value (24h mean) 50 µg/m³",
                "EU CO limit value (8h running mean) 10000 µg/m³", "EU O3 information threshold (1h mean) 180 µg/m³",
                "EU O3 alert threshold (1h mean) 240 µg/m³",
            ])
        #expect(
            AirNorm.norms(.who).map(\.label) == [
                "WHO SO2 guideline (24h mean) 40 µg/m³", "WHO NO2 guideline (24h mean) 25 µg/m³",
                "WHO PM10 guideline (24h mean) 45 µg/m³", "WHO PM2.5 guideline (24h mean) 15 µg/m³",
                "WHO CO guideline (24h mean) 4000 µg/m³", "WHO O3 guideline (8h running mean) 100 µg/m³",
            ])
    }

    /// Alert rules parse; anything else is nil (a usage error in the CLI).
    @Test(arguments: [
        ("norms", "norms"), ("EU", "norms"), ("who", "who"), ("index>=4", "index>=4"), ("Index > 3", "index>3"),
        ("pm10>50", "pm10>50"),
    ])
    func alertRulesParse(text: String, canonical: String) throws {
        #expect(try #require(AlertRule(text)).description == canonical)
    }

    @Test(arguments: ["index>=9", "index>=x", "normz", "index", ""])
    func badAlertRulesAreRejected(text: String) {
        #expect(AlertRule(text) == nil)
    }

    /// The mean is summed in hour order, whatever order the history comes in: summed in a
    /// dictionary's order, the CLI wrote 48.74 and the server 48.74000000000001 for one
    /// window (issue 22's one-request test saw it).
    @Test func theMeanDoesNotDependOnTheOrderOfTheHistory() {
        let values: [Double?] = (0..<24).map { (i: Int) -> Double? in Double(40 + (i * 37) % 23) + 0.1 * Double(i % 7) }
        let samples = AirNormsTests.hourly(values)
        let norm = AirNormsTests.norm(.day, 50)
        let first = NormStanding.judge(samples, against: norm).value
        var rng = SystemRandomNumberGenerator()
        for _ in 0..<50 {
            let shuffled = samples.shuffled(using: &rng)
            #expect(NormStanding.judge(shuffled, against: norm).value?.bitPattern == first?.bitPattern)
        }
    }
}
