import Foundation
import GRDB

/// The latest air data of a station: its newest index and, per pollutant, the newest
/// non-null value.
public struct StationAir: Sendable, Equatable, Codable {
    /// The newest air-quality index calculation.
    public struct Index: Sendable, Equatable, Codable {
        /// 0 (very good) … 5 (very bad), as GIOŚ numbers it.
        public var level: Int?
        /// Category name in Polish (`Bardzo dobry`, `Dobry`, …).
        public var category: String?
        /// Critical pollutant code.
        public var criticalPollutant: String?
        /// Calculation time, UTC ISO 8601.
        public var calculatedAt: String
        /// Minutes between the calculation and the query instant.
        public var ageMinutes: Int
    }

    /// One pollutant's newest non-null value.
    public struct Reading: Sendable, Equatable, Codable {
        /// Pollutant code: `PM10`, `PM2.5`, `NO2`, …
        public var parameter: String
        /// The value.
        public var value: Double
        /// Always `µg/m³` (see `unit`).
        public var unit: String
        /// Measurement time, UTC ISO 8601.
        public var measuredAt: String
        /// The same time as GIOŚ wrote it (Polish wall clock).
        public var localTime: String
        /// Minutes between the measurement and the query instant.
        public var ageMinutes: Int
    }

    /// The newest index, if any.
    public var index: Index?
    /// Newest value per pollutant, by code.
    public var readings: [Reading]

    /// GIOŚ's API reports every pollutant in µg/m³, carbon monoxide included (its map shows
    /// CO in mg/m³, the API does not: powietrze.gios.gov.pl/pjp/content/api).
    static let unit = "µg/m³"

    /// Whether two pollutant codes name the same pollutant: case and dots do not count
    /// (`pm25`, `PM2.5` and `PM25` are one code; GeoJSON keys drop the dot too).
    public static func sameParameter(_ a: String, _ b: String) -> Bool { foldCode(a) == foldCode(b) }

    static func foldCode(_ code: String) -> String { code.uppercased().replacingOccurrences(of: ".", with: "") }

    /// Reads a station's latest data as of `now` (nothing measured after `now` counts).
    public static func read(_ db: Database, station: String, now: Date) throws -> StationAir {
        let nowText = isoText(now)
        let idx = try Row.fetchOne(
            db,
            sql: """
                SELECT level, category, critical_pollutant, calculated_at FROM aq_index
                WHERE station_id = ? AND calculated_at <= ? ORDER BY calculated_at DESC LIMIT 1
                """, arguments: [station, nowText])
        let rows = try Row.fetchAll(
            db,
            sql: """
                SELECT s.param_code AS parameter, m.value, m.measured_at, m.local_time FROM sensors s
                JOIN measurements m ON m.sensor_id = s.sensor_id
                WHERE s.station_id = ? AND m.value IS NOT NULL AND m.measured_at <= ?
                  AND m.measured_at = (SELECT max(m2.measured_at) FROM measurements m2
                    WHERE m2.sensor_id = s.sensor_id AND m2.value IS NOT NULL AND m2.measured_at <= ?)
                ORDER BY s.param_code, m.measured_at DESC, s.sensor_id
                """, arguments: [station, nowText, nowText])
        var seen = Set<String>()
        var readings: [Reading] = []
        for r in rows {
            let p: String = r["parameter"]
            guard seen.insert(p).inserted else { continue }  // two sensors, one pollutant: the newer wins
            let at: String = r["measured_at"]
            let age = isoDate(at).map { Int(now.timeIntervalSince($0) / 60) } ?? 0
            readings.append(
                Reading(
                    parameter: p, value: r["value"], unit: unit, measuredAt: at, localTime: r["local_time"], ageMinutes: age))
        }
        let index = idx.map { r -> Index in
            let at: String = r["calculated_at"]
            return Index(
                level: r["level"], category: r["category"], criticalPollutant: r["critical_pollutant"], calculatedAt: at,
                ageMinutes: isoDate(at).map { Int(now.timeIntervalSince($0) / 60) } ?? 0)
        }
        return StationAir(index: index, readings: readings)
    }

    public static func isoText(_ d: Date) -> String {
        var f = Date.ISO8601FormatStyle()
        f.timeZone = TimeZone(identifier: "UTC") ?? .gmt
        return d.formatted(f)
    }

    public static func isoDate(_ s: String) -> Date? { try? Date(s, strategy: .iso8601) }
}
