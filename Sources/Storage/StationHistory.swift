import Contract
public import Foundation
internal import GRDB
import Hours
import Places

/// The measured values of one pollutant of a station over a time window: the input of norm
/// means, sparklines and charts.
public struct PollutantHistory: Sendable, Equatable {
    /// One hourly value (GIOŚ values are 1-hour means, stamped with the hour's end).
    public struct Sample: Sendable, Equatable {
        /// The measurement instant.
        public var at: Date
        /// The value in µg/m³.
        public var value: Double

        /// A sample.
        public init(at: Date, value: Double) {
            self.at = at
            self.value = value
        }
    }

    /// The pollutant code as the sensor names it (`PM10`, `PM2.5`, `NO2`, …).
    public var parameter: String
    /// The sensor the values come from (a station with two sensors of one pollutant: the
    /// one with the newest value, as the latest readings choose).
    public var sensorID: Int64
    /// The non-null values in the window, oldest first.
    public var samples: [Sample]

    /// A history.
    public init(parameter: String, sensorID: Int64, samples: [Sample]) {
        self.parameter = parameter
        self.sensorID = sensorID
        self.samples = samples
    }
}

extension LocateStore {
    /// Per pollutant of the station `sourceID`, its non-null values measured after `from`
    /// and at or before `through`, oldest first; pollutants by code. Values their source
    /// flagged or that cover too little of their period are left out: they are never judged. Nothing measured after
    /// `through` counts (the query instant).
    public func airHistory(station sourceID: String, after from: Date, through: Date) throws -> [PollutantHistory] {
        let rows = try read { db in
            try Row.fetchAll(
                db,
                sql: """
                    SELECT s.sensor_id, s.param_code, m.measured_at, m.value FROM sensors s
                    JOIN measurements m ON m.sensor_id = s.sensor_id
                    WHERE s.station_id = ? AND m.value IS NOT NULL AND m.measured_at > ? AND m.measured_at <= ?
                      AND (m.flagged IS NULL OR m.flagged = 0) AND (m.coverage IS NULL OR m.coverage >= ?)
                    ORDER BY s.param_code, s.sensor_id, m.measured_at
                    """, arguments: [sourceID, InstantText.utc(from), InstantText.utc(through), StationAir.minCoveragePercent])
        }
        var bySensor: [(code: String, sensor: Int64, samples: [PollutantHistory.Sample])] = []
        for r in rows {
            let sensor: Int64 = r["sensor_id"]
            let code: String = r["param_code"]
            let text: String = r["measured_at"]
            guard let at = InstantText.instant(text) else { continue }
            let sample = PollutantHistory.Sample(at: at, value: r["value"])
            if bySensor.last?.sensor == sensor {
                bySensor[bySensor.count - 1].samples.append(sample)
            } else {
                bySensor.append((code, sensor, [sample]))
            }
        }
        var out: [PollutantHistory] = []
        for s in bySensor {
            let h = PollutantHistory(parameter: s.code, sensorID: s.sensor, samples: s.samples)
            if let i = out.firstIndex(where: { PollutantCode.same($0.parameter, s.code) }) {
                if (h.samples.last?.at ?? .distantPast) > (out[i].samples.last?.at ?? .distantPast) { out[i] = h }
            } else {
                out.append(h)
            }
        }
        return out
    }
}
