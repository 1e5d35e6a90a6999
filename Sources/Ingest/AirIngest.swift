import Foundation
import Geo
import Storage

/// Fetches sensors, measurements and the index of stations (either API dialect) and writes
/// them in one run.
/// Per-sensor and per-station API errors (a manual sensor, a station without an index) are
/// warnings; transport failures after the last retry and malformed or inconsistent pages
/// fail the run, which then changes nothing.
struct AirIngest {
    let spec: PipelineSpec
    let store: LocateStore
    let clock: () -> Date

    static let pollutants = ["SO2", "NO2", "PM10", "PM2.5", "O3"]

    func run(source: any ResponseSource, label: String) throws -> IngestReport {
        let started = clock()
        let zone = TimeZone(identifier: spec.timeZone) ?? .gmt
        let stationIDs = try spec.stations ?? store.activeStationIDs(dataset: spec.dataset)
        guard !stationIDs.isEmpty else { throw IngestError.noStations(dataset: spec.dataset) }
        var client = GIOSClient(base: spec.source.hasSuffix("/") ? String(spec.source.dropLast()) : spec.source, source: source)
        var rejected: [IngestIssue] = []
        var warnings: [IngestIssue] = []
        var read = 0
        let start = IngestRunStart(
            pipeline: spec.name, dataset: spec.dataset, source: label, licence: spec.licence, attribution: spec.attribution,
            startedAt: started)
        let dialect = GIOSDialect(spec.format)
        let run = try store.ingestAir(start: start, clock: clock) { writer in
            for (s, station) in stationIDs.enumerated() {
                let sensors: [JSONValue]
                do {
                    sensors = try client.list("station/sensors/\(station)", shape: dialect.sensorsShape)
                } catch let e as GIOSClient.APIError {
                    warnings.append(IngestIssue(index: s, id: station, field: "sensors", reason: "\(e.code): \(e.reason)"))
                    continue
                }
                if sensors.isEmpty {
                    warnings.append(IngestIssue(index: s, id: station, field: "sensors", reason: "the station lists no sensors"))
                }
                // Each sensor's data, fetched in parallel (bounded), then written in order.
                let ids = sensors.compactMap(dialect.sensorID)
                let results = client.lists(ids.map { "data/getData/\($0)" }, shape: dialect.dataShape)
                let fetched = Dictionary(zip(ids, results), uniquingKeysWith: { first, _ in first })
                for item in sensors {
                    read += 1
                    guard let sensor = dialect.sensor(item) else {
                        rejected.append(
                            IngestIssue(
                                index: s, id: station, field: dialect.sensorIDField, reason: "sensor without id or pollutant"))
                        continue
                    }
                    try writer.sensor(
                        SensorRecord(
                            sensorID: sensor.id, stationID: station, paramCode: sensor.code, paramName: sensor.name,
                            paramFormula: sensor.formula, paramID: sensor.paramID))
                    let rows: [JSONValue]
                    do {
                        guard let result = fetched[sensor.id] else { continue }
                        rows = try result.get()
                    } catch let e as GIOSClient.APIError {
                        warnings.append(
                            IngestIssue(index: s, id: "\(station)/\(sensor.id)", field: "data", reason: "\(e.code): \(e.reason)"))
                        continue
                    }
                    let parsed = rows.map(dialect.row)
                    var times = MeasurementTimes(locals: parsed.map(\.local), zone: zone)
                    for (item, row) in zip(rows, parsed) {
                        read += 1
                        let id = "\(station)/\(sensor.id)"
                        let local = row.local ?? ""
                        let utc: String
                        switch row.local == nil ? .invalid : times.utc(local) {
                        case .utc(let u):
                            utc = u
                        case .invalid:
                            rejected.append(
                                IngestIssue(
                                    index: s, id: id, field: dialect.timeField,
                                    reason:
                                        "time '\(row.local ?? item[dialect.timeField]?.textValue ?? "null")' is not YYYY-MM-DD HH:MM:SS"
                                ))
                            continue
                        case .duplicate:
                            rejected.append(
                                IngestIssue(
                                    index: s, id: id, field: dialect.timeField,
                                    reason: "time '\(local)' appears more than once in the sensor's data"))
                            continue
                        }
                        var value: Double? = nil
                        if row.value != .null {
                            guard let v = row.value.doubleValue, v.isFinite, v >= 0 else {
                                rejected.append(
                                    IngestIssue(
                                        index: s, id: id, field: dialect.valueField,
                                        reason: "value \(row.value.textValue ?? row.value.kindName) is not a concentration"))
                                continue
                            }
                            value = v
                        }
                        try writer.measurement(sensorID: sensor.id, measuredAt: utc, localTime: local, value: value)
                    }
                }
                do {
                    let index = dialect.index(try client.object("aqindex/getIndex/\(station)"))
                    if let local = index.calculatedLocal, let utc = GIOSClient.utc(local, zone: zone) {
                        read += 1
                        try writer.index(
                            stationID: station, calculatedAt: utc, localTime: local, level: index.level, category: index.category,
                            critical: index.critical, pollutants: AirIngest.pollutantsJSON(index))
                    } else {
                        warnings.append(
                            IngestIssue(
                                index: s, id: station, field: "index",
                                reason: index.calculatedLocal.map { "calculation time '\($0)' is not YYYY-MM-DD HH:MM:SS" }
                                    ?? "no index calculation time"))
                    }
                } catch let e as GIOSClient.APIError {
                    warnings.append(IngestIssue(index: s, id: station, field: "index", reason: "\(e.code): \(e.reason)"))
                }
            }
            return StagingTotals(
                read: read, rejected: rejected.count, warnings: warnings.count, sourceCRS: .wgs84, operation: nil,
                sourceSHA256: client.hasher.finalize().hexString)
        }
        return IngestReport(run: run, rejected: rejected, warnings: warnings)
    }

    /// Per pollutant: level, category and source-data time, as stored in `aq_index.pollutants`.
    static func pollutantsJSON(_ index: GIOSDialect.Index) -> String {
        let members: [(String, JSONValue)] = index.pollutants.map { p in
            (p.code, .object([("level", p.level), ("category", p.category), ("source_time", p.sourceTime)]))
        }
        return JSONValue.object(members).jsonText
    }
}
