public import Foundation
internal import GRDB

/// One sensor of a station (GIOŚ `station/sensors`).
public struct SensorRecord: Sendable, Equatable {
    /// GIOŚ sensor id.
    public var sensorID: Int64
    /// GIOŚ station id of the sensor.
    public var stationID: String
    /// Pollutant code as GIOŚ writes the formula: `PM10`, `PM2.5`, `NO2`.
    public var paramCode: String
    /// Polish name, such as `pył zawieszony PM10`.
    public var paramName: String?
    /// Chemical formula as GIOŚ writes it.
    public var paramFormula: String?
    /// GIOŚ parameter id.
    public var paramID: Int64?
    /// The unit the source reports values in; nil: µg/m³ (GIOŚ).
    public var unit: String? = nil
    /// How the source's values became µg/m³ (`ppb × 1.9125 (NO₂ at 20 °C, 1013.25 hPa)`);
    /// nil when they came in µg/m³.
    public var conversion: String? = nil
    /// The source whose own sensor id `sourceSensorID` is (`openaq`); nil: `sensorID` is the
    /// source's id (GIOŚ).
    public var origin: String? = nil
    /// The source's own sensor id when `sensorID` is a key of the store's (`AirWriter.sensorKey`).
    public var sourceSensorID: Int64? = nil

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
    /// New rows (sensors, measurements, index values).
    public private(set) var added = 0
    /// Stored rows that changed: sensors with a new description, measurements with a new value.
    public private(set) var updated = 0
    /// Rows already stored as they are.
    public private(set) var unchanged = 0

    init(db: Database, run: Int64) {
        self.db = db
        self.run = run
    }

    /// Inserts or updates a sensor.
    public func sensor(_ s: SensorRecord) throws {
        let existing = try SensorRow.fetchOne(db, key: s.sensorID)
        if let existing, existing.describes(s) {
            unchanged += 1
            return
        }
        try SensorRow(
            sensorID: s.sensorID, stationID: s.stationID, paramCode: s.paramCode, paramName: s.paramName,
            paramFormula: s.paramFormula, paramID: s.paramID, changedRun: run, unit: s.unit, conversion: s.conversion,
            origin: s.origin, sourceSensorID: s.sourceSensorID
        ).save(db)
        if existing == nil { added += 1 } else { updated += 1 }
    }

    /// Adds a measurement, or updates the stored one of that sensor and time when the source
    /// now gives another value: GIOŚ publishes unverified data, and the newest hours often
    /// come as null first and get their value in a later answer. A value is never replaced
    /// by null (a later answer without it does not erase it).
    /// `flagged` and `coverage` (percent, 0...100) are the source's quality marks, nil when it
    /// has none; a later answer that has them sets them on the stored value.
    public func measurement(
        sensorID: Int64, measuredAt: String, localTime: String, value: Double?, flagged: Bool? = nil,
        coverage: Double? = nil
    ) throws {
        let key: [String: (any DatabaseValueConvertible)?] = ["sensor_id": sensorID, "measured_at": measuredAt]
        guard var stored = try MeasurementRow.fetchOne(db, key: key) else {
            try MeasurementRow(
                sensorID: sensorID, measuredAt: measuredAt, localTime: localTime, value: value, run: run, flagged: flagged,
                coverage: coverage
            ).insert(db)
            added += 1
            return
        }
        let newValue = value.map { $0 != stored.value } ?? false
        let newMarks = (flagged != nil && flagged != stored.flagged) || (coverage != nil && coverage != stored.coverage)
        guard newValue || newMarks else {
            unchanged += 1
            return
        }
        if let value { stored.value = value }
        stored.flagged = flagged ?? stored.flagged
        stored.coverage = coverage ?? stored.coverage
        stored.localTime = localTime
        stored.run = run
        try stored.update(db)
        updated += 1
    }

    /// The store's key for the sensor `id` of `origin` (`openaq`): the key it has, or a new one
    /// above every GIOŚ sensor id, so that two sources' sensor ids never meet in one table.
    public func sensorKey(origin: String, id: Int64) throws -> Int64 {
        if let key = try Int64.fetchOne(
            db, sql: "SELECT sensor_id FROM sensors WHERE origin = ? AND source_sensor_id = ?", arguments: [origin, id])
        {
            return key
        }
        let top = try Int64.fetchOne(
            db, sql: "SELECT max(sensor_id) FROM sensors WHERE sensor_id >= ?", arguments: [AirSourceSchema.firstForeignKey])
        return top.map { $0 + 1 } ?? AirSourceSchema.firstForeignKey
    }

    /// Adds an index calculation unless already stored. `pollutants` is JSON text.
    public func index(
        stationID: String, calculatedAt: String, localTime: String, level: Int?, category: String?, critical: String?,
        pollutants: String
    ) throws {
        try AQIndexRow(
            stationID: stationID, calculatedAt: calculatedAt, localTime: localTime, level: level, category: category,
            criticalPollutant: critical, pollutants: pollutants, run: run
        ).insert(db, onConflict: .ignore)
        if db.changesCount == 1 { added += 1 } else { unchanged += 1 }
    }
}

extension LocateStore {
    /// The source ids of the active stations of `dataset`, in id order.
    public func activeStationIDs(dataset: String) throws -> [String] {
        try read { db in
            try String.fetchAll(
                db,
                sql:
                    "SELECT source_id FROM stations WHERE dataset = ? AND \(PlaceStatus.isActive()) ORDER BY CAST(source_id AS INTEGER), source_id",
                arguments: [dataset])
        }
    }

    /// The source ids of the active stations of `dataset` with their stored source
    /// attributes (compact JSON), in source-id order: an OpenAQ location lists its sensors.
    public func activeStationProperties(dataset: String) throws -> [(sourceID: String, properties: String)] {
        try read { db in
            try Row.fetchAll(
                db,
                sql:
                    "SELECT source_id, properties FROM stations WHERE dataset = ? AND \(PlaceStatus.isActive()) ORDER BY length(source_id), source_id",
                arguments: [dataset]
            ).map { (sourceID: $0["source_id"], properties: $0["properties"]) }
        }
    }

    /// Runs one air-data ingest in a single transaction; any error changes nothing.
    public func ingestAir(
        start: IngestRunStart, clock: () -> Date, body: (AirWriter) throws -> StagingTotals
    ) throws -> IngestRunRecord {
        try write { db in
            var run = try LocateStore.startRun(db, start, kind: "air", sourceCRS: "EPSG:4326")
            let writer = AirWriter(db: db, run: run.id ?? 0)
            let totals = try body(writer)
            let counts = MergeCounts(added: writer.added, updated: writer.updated, unchanged: writer.unchanged, retired: 0)
            return try LocateStore.finishRun(
                db, &run, totals: totals, accepted: totals.read - totals.rejected, counts: counts, at: clock())
        }
    }
}
