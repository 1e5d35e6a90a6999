import Digests
import Foundation
import Geo
import Storage

/// Fetches sensors, measurements and the index of stations (either API dialect) and writes
/// them in one run.
/// Per-sensor and per-station API errors (a manual sensor, a station without an index) are
/// warnings; transport failures after the last retry and malformed or inconsistent pages
/// fail the run, which then changes nothing.
struct AirIngest {
    /// The largest concentration accepted, µg/m³ (1 g/m³).
    static let maxConcentration = 1_000_000.0

    let spec: PipelineSpec
    let store: LocateStore
    let clock: () -> Date
    /// Told how many stations' answers are in (`FetchMeter.stage`).
    var meter: FetchMeter? = nil
    /// Fails a run that rejects every item it read, or too many (`RejectLimit`).
    var rejectLimit: RejectLimit? = nil

    /// The pollutants whose sub-index both dialects' index answers are read for (in this order).
    static let pollutants = ["SO2", "NO2", "PM10", "PM2.5", "O3"]

    /// One station's answers, all fetched before anything is written (the write transaction
    /// never waits for the network).
    struct StationAnswers {
        var station: String
        /// The sensor list, or the API error that stands for it (then nothing else was asked).
        var sensors: Result<[JSONValue], GIOSClient.APIError>
        /// Each listed sensor's data by sensor id: rows, or an API error (a manual sensor).
        var data: [Int64: Result<[JSONValue], any Error>] = [:]
        /// The index answer, or its API error; nil when the sensor list was an API error.
        var index: Result<JSONValue, GIOSClient.APIError>? = nil
    }

    func run(source: any ResponseSource, label: String) async throws -> IngestReport {
        let started = clock()
        let stationIDs = try spec.stations ?? store.activeStationIDs(dataset: spec.dataset)
        guard !stationIDs.isEmpty else { throw IngestError.noStations(dataset: spec.dataset) }
        var client = GIOSClient(base: spec.source.hasSuffix("/") ? String(spec.source.dropLast()) : spec.source, source: source)
        let answers = try await fetch(stationIDs, client: &client)
        return try AirIngest.record(
            spec, store: store, label: label, startedAt: started, clock: clock, sha256: client.hasher.finalize().hexString,
            rejectLimit: rejectLimit
        ) { writer, rejected, warnings in
            try write(answers, to: writer, rejected: &rejected, warnings: &warnings)
        }
    }

    /// Writes an air run's fetched answers in one transaction (`write` returns the items
    /// read), checks the reject limit before the commit, and reports: the one write step of
    /// every air source (GIOŚ, OpenAQ).
    static func record(
        _ spec: PipelineSpec, store: LocateStore, label: String, startedAt: Date, clock: () -> Date, sha256: String,
        rejectLimit: RejectLimit?, write: (AirWriter, inout [IngestIssue], inout [IngestIssue]) throws -> Int
    ) throws -> IngestReport {
        let start = IngestRunStart(
            pipeline: spec.name, dataset: spec.dataset, source: label, licence: spec.licence, attribution: spec.attribution,
            startedAt: startedAt)
        var rejected: [IngestIssue] = []
        var warnings: [IngestIssue] = []
        let run = try store.ingestAir(start: start, clock: clock) { writer in
            let read = try write(writer, &rejected, &warnings)
            try rejectLimit?.check(read: read, rejected: rejected, input: label)
            return StagingTotals(
                read: read, rejected: rejected.count, warnings: warnings.count, sourceCRS: .wgs84, operation: nil,
                sourceSHA256: sha256)
        }
        return IngestReport(run: run, rejected: rejected, warnings: warnings)
    }

    /// Asks the API for every station's sensors, their data (in parallel, bounded) and the
    /// index, in station order. API error objects are kept as answers; a transport failure or
    /// a malformed answer of a listed sensor fails the run before anything is written.
    private func fetch(_ stationIDs: [String], client: inout GIOSClient) async throws -> [StationAnswers] {
        let dialect = GIOSDialect(spec.format)
        var out: [StationAnswers] = []
        for (done, station) in stationIDs.enumerated() {
            meter?.stage(done: done, of: stationIDs.count, unit: "stations")
            defer { meter?.stage(done: done + 1, of: stationIDs.count, unit: "stations") }
            let sensors: [JSONValue]
            do {
                sensors = try await client.list("station/sensors/\(station)", shape: dialect.sensorsShape)
            } catch let e as GIOSClient.APIError {
                out.append(StationAnswers(station: station, sensors: .failure(e)))
                continue
            }
            var answers = StationAnswers(station: station, sensors: .success(sensors))
            let ids = sensors.compactMap(dialect.sensorID)
            let results = await client.lists(ids.map { "data/getData/\($0)" }, shape: dialect.dataShape)
            answers.data = Dictionary(zip(ids, results), uniquingKeysWith: { first, _ in first })
            for item in sensors {
                guard let sensor = dialect.sensor(item), case .failure(let e)? = answers.data[sensor.id] else { continue }
                if !(e is GIOSClient.APIError) { throw e }
            }
            do {
                answers.index = .success(try await client.object("aqindex/getIndex/\(station)"))
            } catch let e as GIOSClient.APIError {
                answers.index = .failure(e)
            }
            out.append(answers)
        }
        return out
    }

    /// Writes the fetched answers in station and sensor order; returns the number of items
    /// read (sensors, measurements, indexes).
    private func write(
        _ stations: [StationAnswers], to writer: AirWriter, rejected: inout [IngestIssue], warnings: inout [IngestIssue]
    ) throws -> Int {
        let zone = TimeZone(identifier: spec.timeZone) ?? .gmt
        let dialect = GIOSDialect(spec.format)
        var read = 0
        for (s, answers) in stations.enumerated() {
            let station = answers.station
            let sensors: [JSONValue]
            switch answers.sensors {
            case .failure(let e):
                warnings.append(IngestIssue(index: s, id: station, field: "sensors", reason: "\(e.code): \(e.reason)"))
                continue
            case .success(let list):
                sensors = list
            }
            if sensors.isEmpty {
                warnings.append(IngestIssue(index: s, id: station, field: "sensors", reason: "the station lists no sensors"))
            }
            let fetched = answers.data
            for item in sensors {
                read += 1
                guard let sensor = dialect.sensor(item) else {
                    let problem = dialect.problem(item)
                    rejected.append(IngestIssue(index: s, id: station, field: problem.field, reason: problem.reason))
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
                        // Over 1 g/m³ is no air a station measures: a unit or data error
                        // (and sums of such values overflow the means norms are judged on).
                        guard let v = row.value.doubleValue, v.isFinite, v >= 0, v <= AirIngest.maxConcentration else {
                            rejected.append(
                                IngestIssue(
                                    index: s, id: id, field: dialect.valueField,
                                    reason:
                                        "value \(row.value.textValue ?? row.value.kindName) is not a concentration (0 to 1,000,000 µg/m³)"
                                ))
                            continue
                        }
                        value = v
                    }
                    try writer.measurement(sensorID: sensor.id, measuredAt: utc, localTime: local, value: value)
                }
            }
            switch answers.index {
            case .success(let doc)?:
                let index = dialect.index(doc)
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
            case .failure(let e)?:
                warnings.append(IngestIssue(index: s, id: station, field: "index", reason: "\(e.code): \(e.reason)"))
            case nil:
                break
            }
        }
        return read
    }

    /// Per pollutant: level, category and source-data time, as stored in `aq_index.pollutants`.
    static func pollutantsJSON(_ index: GIOSDialect.Index) -> String {
        let members: [(String, JSONValue)] = index.pollutants.map { p in
            (p.code, .object([("level", p.level), ("category", p.category), ("source_time", p.sourceTime)]))
        }
        return JSONValue.object(members).jsonText
    }
}
