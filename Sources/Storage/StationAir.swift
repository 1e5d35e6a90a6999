import Contract
public import Foundation
internal import GRDB
import Hours
import Places

/// The latest air data of a station: its newest index and, per pollutant, the newest
/// non-null value. Encodes per the JSON contract (docs/json.md): snake_case keys, explicit
/// nulls, instants in the station's offset.
public struct StationAir: Sendable, Equatable, Encodable {
    /// The newest air-quality index calculation.
    public struct Index: Sendable, Equatable, Encodable {
        /// 0 (very good) … 5 (very bad), as GIOŚ numbers it.
        public var level: Int?
        /// Category name in Polish (`Bardzo dobry`, `Dobry`, …).
        public var category: String?
        /// Critical pollutant code.
        public var criticalPollutant: String?
        /// Calculation instant, RFC 3339 in the station's offset.
        public var calculatedAt: String
        /// Whole minutes between the calculation and the query instant.
        public var ageMinutes: Int

        /// Encodes per the JSON contract: snake_case keys, explicit nulls (docs/json.md).
        public func encode(to encoder: any Encoder) throws {
            var c = encoder.container(keyedBy: Keys.self)
            try c.encode(level, forKey: .level)
            try c.encode(category, forKey: .category)
            try c.encode(criticalPollutant, forKey: .criticalPollutant)
            try c.encode(calculatedAt, forKey: .calculatedAt)
            try c.encode(ageMinutes, forKey: .ageMinutes)
        }

        private enum Keys: String, CodingKey {
            case level, category, criticalPollutant = "critical_pollutant", calculatedAt = "calculated_at"
            case ageMinutes = "age_minutes"
        }
    }

    /// One pollutant's newest non-null value.
    public struct Reading: Sendable, Equatable, Encodable {
        /// Pollutant code as the sensor names it: `PM10`, `PM2.5`, `NO2`, … (JSON `pollutant`).
        public var parameter: String
        /// The value.
        public var value: Double
        /// Always `µg/m³` (see `unit`).
        public var unit: String
        /// Measurement instant, RFC 3339 in the station's offset.
        public var measuredAt: String
        /// The instant itself.
        public var measuredInstant: Date
        /// The time as GIOŚ wrote it (Polish wall clock; not in JSON).
        public var localTime: String
        /// Whole minutes between the measurement and the query instant.
        public var ageMinutes: Int
        /// The unit the source reported the value in (`ppb`, `ppm`, `µg/m³`).
        public var sourceUnit: String = StationAir.unit
        /// How the value became µg/m³, nil when it came in µg/m³ (JSON `conversion`).
        public var conversion: String? = nil
        /// The source flagged the value; nil: the source has no flags (GIOŚ).
        public var flagged: Bool? = nil
        /// Share of its period the value covers, percent; nil: unknown.
        public var coveragePercent: Double? = nil

        /// A reading.
        public init(
            parameter: String, value: Double, unit: String, measuredAt: String, measuredInstant: Date, localTime: String,
            ageMinutes: Int
        ) {
            self.parameter = parameter
            self.value = value
            self.unit = unit
            self.measuredAt = measuredAt
            self.measuredInstant = measuredInstant
            self.localTime = localTime
            self.ageMinutes = ageMinutes
        }

        /// Whether the value may be judged (norms, the EAQI): neither flagged by its source nor
        /// covering less than `StationAir.minCoveragePercent` of its period.
        public var isSound: Bool { quality == .ok || quality == .unknown }

        /// What the source says of the value: `ok`, `flagged`, `low_coverage`, or `unknown`
        /// (no flags and no coverage: GIOŚ).
        public var quality: Quality {
            if flagged == true { return .flagged }
            if let c = coveragePercent, c < StationAir.minCoveragePercent { return .lowCoverage }
            return flagged == nil && coveragePercent == nil ? .unknown : .ok
        }

        /// Encodes per the JSON contract: snake_case keys, explicit nulls (docs/json.md).
        public func encode(to encoder: any Encoder) throws {
            var c = encoder.container(keyedBy: Keys.self)
            try c.encode(parameter, forKey: .pollutant)
            try c.encode(value, forKey: .value)
            try c.encode(unit, forKey: .unit)
            try c.encode(measuredAt, forKey: .measuredAt)
            try c.encode(ageMinutes, forKey: .ageMinutes)
            try c.encode(sourceUnit, forKey: .sourceUnit)
            try c.encode(conversion, forKey: .conversion)
            try c.encode(flagged, forKey: .flagged)
            try c.encode(coveragePercent, forKey: .coveragePercent)
            try c.encode(quality, forKey: .quality)
        }

        private enum Keys: String, CodingKey {
            case pollutant, value, unit, measuredAt = "measured_at", ageMinutes = "age_minutes"
            case sourceUnit = "source_unit", conversion, flagged, coveragePercent = "coverage_percent", quality
        }
    }

    /// What a value's source says of it.
    public enum Quality: String, Sendable, Equatable, Encodable {
        /// Not flagged, and covering enough of its period.
        case ok
        /// Flagged by the source: shown, never judged.
        case flagged
        /// Covering less than `StationAir.minCoveragePercent` of its period: shown, never judged.
        case lowCoverage = "low_coverage"
        /// The source says nothing either way (GIOŚ): judged.
        case unknown
    }

    /// The least share of its period a value must cover to be judged: 75 %, the EU
    /// data-capture rule the norms' means follow (Directive 2008/50/EC, Annex I).
    public static let minCoveragePercent = 75.0

    /// The newest index, if any.
    public var index: Index?
    /// Newest value per pollutant, by code.
    public var readings: [Reading]

    /// True when there is neither an index nor a value.
    public var isEmpty: Bool { index == nil && readings.isEmpty }

    /// The newest reading of `pollutant` (case and dots ignored), if any.
    public func reading(of pollutant: String) -> Reading? { readings.first { PollutantCode.same($0.parameter, pollutant) } }

    /// Encodes per the JSON contract: snake_case keys, explicit nulls (docs/json.md).
    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: Keys.self)
        try c.encode(index, forKey: .index)
        try c.encode(readings, forKey: .readings)
    }

    private enum Keys: String, CodingKey { case index, readings }

    /// GIOŚ's API reports every pollutant in µg/m³, carbon monoxide included (its map shows
    /// CO in mg/m³, the API does not: powietrze.gios.gov.pl/pjp/content/api).
    public static let unit = "µg/m³"
}

extension LocateStore {
    /// A station's latest air data as of `now` (nothing measured after `now` counts), with
    /// instants written in the station's `timeZone`.
    public func latestAir(station sourceID: String, timeZone: String, asOf now: Date) throws -> StationAir {
        let nowText = InstantText.utc(now)
        let zone = TimeZone(identifier: timeZone) ?? .gmt
        func age(_ at: Date?) -> Int { at.map { Int(now.timeIntervalSince($0) / 60) } ?? 0 }
        return try read { db in
            let idx = try AQIndexRow.fetchOne(
                db,
                sql: """
                    SELECT * FROM aq_index WHERE station_id = ? AND calculated_at <= ?
                    ORDER BY calculated_at DESC LIMIT 1
                    """, arguments: [sourceID, nowText])
            let rows = try Row.fetchAll(
                db,
                sql: """
                    SELECT s.param_code AS parameter, m.value, m.measured_at, m.local_time, m.flagged, m.coverage,
                      s.unit, s.conversion FROM sensors s
                    JOIN measurements m ON m.sensor_id = s.sensor_id
                    WHERE s.station_id = ? AND m.value IS NOT NULL AND m.measured_at <= ?
                      AND m.measured_at = (SELECT max(m2.measured_at) FROM measurements m2
                        WHERE m2.sensor_id = s.sensor_id AND m2.value IS NOT NULL AND m2.measured_at <= ?)
                    ORDER BY s.param_code, m.measured_at DESC, s.sensor_id
                    """, arguments: [sourceID, nowText, nowText])
            var seen = Set<String>()
            var readings: [StationAir.Reading] = []
            for r in rows {
                let p: String = r["parameter"]
                guard seen.insert(p).inserted else { continue }  // two sensors, one pollutant: the newer wins
                let text: String = r["measured_at"]
                let at = InstantText.instant(text) ?? Date(timeIntervalSince1970: 0)
                var reading = StationAir.Reading(
                    parameter: p, value: r["value"], unit: StationAir.unit, measuredAt: InstantText.text(at, in: zone),
                    measuredInstant: at, localTime: r["local_time"], ageMinutes: age(at))
                reading.sourceUnit = r["unit"] ?? StationAir.unit
                reading.conversion = r["conversion"]
                reading.flagged = r["flagged"]
                reading.coveragePercent = r["coverage"]
                readings.append(reading)
            }
            let index = idx.map { r -> StationAir.Index in
                let at = InstantText.instant(r.calculatedAt)
                return StationAir.Index(
                    level: r.level, category: r.category, criticalPollutant: r.criticalPollutant,
                    calculatedAt: at.map { InstantText.text($0, in: zone) } ?? r.calculatedAt, ageMinutes: age(at))
            }
            return StationAir(index: index, readings: readings)
        }
    }

    /// Whether the active station with row id `rowID` has a non-null value of `pollutant`
    /// (case and dots ignored) measured between `since` and `until`, both included: the
    /// predicate of the nearest search for stations that measure something.
    public func stationMeasures(rowID: Int64, pollutant: String, freshSince since: Date, until: Date) throws -> Bool {
        try read { db in
            let codes = try String.fetchAll(
                db,
                sql: """
                    SELECT DISTINCT s.param_code FROM stations st JOIN sensors s ON s.station_id = st.source_id
                    WHERE st.id = ? AND EXISTS (SELECT 1 FROM measurements m WHERE m.sensor_id = s.sensor_id
                      AND m.value IS NOT NULL AND m.measured_at >= ? AND m.measured_at <= ?)
                    """, arguments: [rowID, InstantText.utc(since), InstantText.utc(until)])
            return codes.contains { PollutantCode.same($0, pollutant) }
        }
    }
}
