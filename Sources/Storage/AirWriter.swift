import Foundation
import GRDB

/// One sensor of a station (GIOŚ `station/sensors`).
public struct SensorRecord: Sendable, Equatable {
    public var sensorID: Int64
    public var stationID: String
    /// Pollutant code as GIOŚ writes the formula: `PM10`, `PM2.5`, `NO2`.
    public var paramCode: String
    /// Polish name, such as `pył zawieszony PM10`.
    public var paramName: String?
    public var paramFormula: String?
    public var paramID: Int64?

    /// Creates a sensor record.
    public init(sensorID: Int64, stationID: String, paramCode: String, paramName: String?, paramFormula: String?, paramID: Int64?)
    {
        self.sensorID = sensorID
        self.stationID = stationID
        self.paramCode = paramCode
        self.paramName = paramName
        self.paramFormula = paramFormula
        self.paramID = paramID
    }
}

/// Writes one air-data run (sensors, measurement history, index) inside its transaction.
/// Measurements are history: a (sensor, time) pair is stored once, later runs add only new
/// times. Not `Sendable`.
public final class AirWriter {
    private let db: Database
    private let run: Int64
    /// New rows (sensors, measurements, index values), sensors whose description changed,
    /// and rows already stored as they are.
    public private(set) var added = 0
    public private(set) var updated = 0
    public private(set) var unchanged = 0

    init(db: Database, run: Int64) {
        self.db = db
        self.run = run
    }

    /// Inserts or updates a sensor.
    public func sensor(_ s: SensorRecord) throws {
        let existing = try Row.fetchOne(
            db, sql: "SELECT station_id, param_code, param_name, param_formula, param_id FROM sensors WHERE sensor_id = ?",
            arguments: [s.sensorID])
        if let e = existing, e["station_id"] == s.stationID, e["param_code"] == s.paramCode, e["param_name"] == s.paramName,
            e["param_formula"] == s.paramFormula, e["param_id"] == s.paramID
        {
            unchanged += 1
            return
        }
        try db.execute(
            sql: """
                INSERT INTO sensors (sensor_id, station_id, param_code, param_name, param_formula, param_id, changed_run)
                VALUES (?, ?, ?, ?, ?, ?, ?)
                ON CONFLICT(sensor_id) DO UPDATE SET station_id = excluded.station_id, param_code = excluded.param_code,
                  param_name = excluded.param_name, param_formula = excluded.param_formula, param_id = excluded.param_id,
                  changed_run = excluded.changed_run
                """, arguments: [s.sensorID, s.stationID, s.paramCode, s.paramName, s.paramFormula, s.paramID, run])
        if existing == nil { added += 1 } else { updated += 1 }
    }

    /// Adds a measurement, or updates the stored one of that sensor and time when the source
    /// now gives another value: GIOŚ publishes unverified data, and the newest hours often
    /// come as null first and get their value in a later answer. A value is never replaced
    /// by null (a later answer without it does not erase it).
    public func measurement(sensorID: Int64, measuredAt: String, localTime: String, value: Double?) throws {
        let stored = try Row.fetchOne(
            db, sql: "SELECT value FROM measurements WHERE sensor_id = ? AND measured_at = ?",
            arguments: [sensorID, measuredAt])
        guard let stored else {
            try db.execute(
                sql: "INSERT INTO measurements (sensor_id, measured_at, local_time, value, run) VALUES (?, ?, ?, ?, ?)",
                arguments: [sensorID, measuredAt, localTime, value, run])
            added += 1
            return
        }
        let old: Double? = stored["value"]
        guard let value, value != old else {
            unchanged += 1
            return
        }
        try db.execute(
            sql: "UPDATE measurements SET value = ?, local_time = ?, run = ? WHERE sensor_id = ? AND measured_at = ?",
            arguments: [value, localTime, run, sensorID, measuredAt])
        updated += 1
    }

    /// Adds an index calculation unless already stored. `pollutants` is JSON text.
    public func index(
        stationID: String, calculatedAt: String, localTime: String, level: Int?, category: String?, critical: String?,
        pollutants: String
    ) throws {
        try db.execute(
            sql: """
                INSERT OR IGNORE INTO aq_index (station_id, calculated_at, local_time, level, category, critical_pollutant, pollutants, run)
                VALUES (?, ?, ?, ?, ?, ?, ?, ?)
                """, arguments: [stationID, calculatedAt, localTime, level, category, critical, pollutants, run])
        if db.changesCount == 1 { added += 1 } else { unchanged += 1 }
    }
}

extension LocateStore {
    /// The source ids of the active stations of `dataset`, in id order.
    public func activeStationIDs(dataset: String) throws -> [String] {
        try read { db in
            try String.fetchAll(
                db,
                sql: "SELECT source_id FROM stations WHERE dataset = ? AND status = 'active' ORDER BY CAST(source_id AS INTEGER)",
                arguments: [dataset])
        }
    }

    /// Runs one air-data ingest in a single transaction; any error changes nothing.
    public func ingestAir(
        start: IngestRunStart, clock: () -> Date, body: (AirWriter) throws -> StagingTotals
    ) throws -> IngestRunRecord {
        try write { db in
            try db.execute(
                sql: """
                    INSERT INTO ingest_runs (pipeline, dataset, kind, source, source_sha256, source_crs,
                      started_at, finished_at, read_count, accepted, rejected, warnings, added, updated,
                      unchanged, retired, licence, attribution)
                    VALUES (?, ?, 'air', ?, ?, 'EPSG:4326', ?, ?, 0, 0, 0, 0, 0, 0, 0, 0, ?, ?)
                    """,
                arguments: [
                    start.pipeline, start.dataset, start.source, String(repeating: "0", count: 64), isoUTC(start.startedAt),
                    isoUTC(start.startedAt), start.licence, start.attribution,
                ])
            let run = db.lastInsertedRowID
            let writer = AirWriter(db: db, run: run)
            let totals = try body(writer)
            let finished = clock()
            let counts = MergeCounts(added: writer.added, updated: writer.updated, unchanged: writer.unchanged, retired: 0)
            try db.execute(
                sql: """
                    UPDATE ingest_runs SET source_sha256 = ?, finished_at = ?, read_count = ?, accepted = ?, rejected = ?,
                      warnings = ?, added = ?, updated = ?, unchanged = ?, retired = 0 WHERE id = ?
                    """,
                arguments: [
                    totals.sourceSHA256, isoUTC(finished), totals.read, totals.read - totals.rejected, totals.rejected,
                    totals.warnings, counts.added, counts.updated, counts.unchanged, run,
                ])
            return IngestRunRecord(
                id: Int(run), pipeline: start.pipeline, dataset: start.dataset, kind: "air", source: start.source,
                sourceSHA256: totals.sourceSHA256, sourceCRS: "EPSG:4326", projOperation: nil, projAccuracyMeters: nil,
                startedAt: isoUTC(start.startedAt), finishedAt: isoUTC(finished), read: totals.read,
                accepted: totals.read - totals.rejected, rejected: totals.rejected, warnings: totals.warnings, counts: counts)
        }
    }
}
