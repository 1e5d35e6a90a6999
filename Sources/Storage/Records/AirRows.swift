internal import GRDB

/// A row of `sensors`.
struct SensorRow: Codable, FetchableRecord, PersistableRecord {
    static let databaseTableName = "sensors"

    var sensorID: Int64
    var stationID: String
    var paramCode: String
    var paramName: String?
    var paramFormula: String?
    var paramID: Int64?
    var changedRun: Int64
    var unit: String? = nil
    var conversion: String? = nil
    var origin: String? = nil
    var sourceSensorID: Int64? = nil

    enum CodingKeys: String, CodingKey {
        case sensorID = "sensor_id", stationID = "station_id", paramCode = "param_code", paramName = "param_name"
        case paramFormula = "param_formula", paramID = "param_id", changedRun = "changed_run"
        case unit, conversion, origin, sourceSensorID = "source_sensor_id"
    }

    /// Whether the stored description equals `s` (the run that wrote it does not count).
    func describes(_ s: SensorRecord) -> Bool {
        stationID == s.stationID && paramCode == s.paramCode && paramName == s.paramName
            && paramFormula == s.paramFormula && paramID == s.paramID && unit == s.unit && conversion == s.conversion
            && origin == s.origin && sourceSensorID == s.sourceSensorID
    }
}

/// A row of `measurements`: one value of one sensor at one instant (UTC text).
struct MeasurementRow: Codable, FetchableRecord, PersistableRecord {
    static let databaseTableName = "measurements"

    var sensorID: Int64
    var measuredAt: String
    var localTime: String
    var value: Double?
    var run: Int64
    /// The source flagged the value (OpenAQ `flagInfo.hasFlags`); nil: the source has no flags.
    var flagged: Bool? = nil
    /// Share of the period the value covers, percent (OpenAQ `coverage.percentComplete`); nil: unknown.
    var coverage: Double? = nil

    enum CodingKeys: String, CodingKey {
        case sensorID = "sensor_id", measuredAt = "measured_at", localTime = "local_time", value, run, flagged, coverage
    }
}

/// A row of `aq_index`: one air-quality index calculation of a station.
struct AQIndexRow: Codable, FetchableRecord, PersistableRecord {
    static let databaseTableName = "aq_index"

    var stationID: String
    var calculatedAt: String
    var localTime: String
    var level: Int?
    var category: String?
    var criticalPollutant: String?
    var pollutants: String
    var run: Int64

    enum CodingKeys: String, CodingKey {
        case stationID = "station_id", calculatedAt = "calculated_at", localTime = "local_time", level, category
        case criticalPollutant = "critical_pollutant", pollutants, run
    }
}
