import Contract
import Digests
import Foundation
import Geo
import Storage

/// The air run of an `openaq` pipeline: for every active station of the dataset (an OpenAQ
/// location, whose stored attributes list its sensors), its latest values
/// (`/v3/locations/{id}/latest`) and, with `source.history_hours`, each selected sensor's
/// hourly measurements up to its latest value (`/v3/sensors/{id}/measurements`, with flags and
/// coverage). Every answer is fetched before anything is written; values are stored in
/// µg/m³ with the conversion named on the sensor (`Concentration`).
struct OpenAQAirIngest {
    let spec: PipelineSpec
    let store: LocateStore
    let clock: () -> Date
    var meter: FetchMeter? = nil
    var rejectLimit: RejectLimit? = nil

    /// The origin name of OpenAQ sensor ids in the store (`AirWriter.sensorKey`).
    static let origin = "openaq"

    /// One location's answers.
    struct LocationAnswers {
        var sourceID: String
        var sensors: [OpenAQReader.Sensor]
        var problems: [OpenAQReader.Problem]
        var latest: [JSONValue]
        /// The ids of every sensor the location lists, selected or not.
        var listed: Set<Int64> = []
        /// Measurements by sensor id.
        var history: [Int64: [JSONValue]] = [:]
    }

    func run(source: any ResponseSource, label: String) async throws -> IngestReport {
        let started = clock()
        var stations = try store.activeStationProperties(dataset: spec.dataset)
        if let only = spec.stations {
            let wanted = Set(only.map { OpenAQStationMapper.idPrefix + $0 })
            stations = stations.filter { wanted.contains($0.sourceID) }
        }
        guard !stations.isEmpty else { throw IngestError.noStations(dataset: spec.dataset) }
        var client = OpenAQClient(base: spec.source, source: source, options: spec.openAQ)
        var answers: [LocationAnswers] = []
        for (done, station) in stations.enumerated() {
            meter?.stage(done: done, of: stations.count, unit: "stations")
            answers.append(try await fetch(station, client: &client))
        }
        meter?.stage(done: stations.count, of: stations.count, unit: "stations")
        return try AirIngest.record(
            spec, store: store, label: label, startedAt: started, clock: clock, sha256: client.hasher.finalize().hexString,
            rejectLimit: rejectLimit
        ) { writer, rejected, warnings in
            var read = 0
            for (s, a) in answers.enumerated() {
                read += try write(a, index: s, to: writer, rejected: &rejected, warnings: &warnings)
            }
            return read
        }
    }

    /// The selected sensors of a stored location, its latest values and, per sensor with a
    /// latest value, the measurements of the `history_hours` before it.
    private func fetch(_ station: (sourceID: String, properties: String), client: inout OpenAQClient) async throws
        -> LocationAnswers
    {
        guard let location = OpenAQStationMapper.locationID(station.sourceID) else {
            throw IngestError.unsupported(
                path: spec.origin ?? spec.name,
                reason:
                    "station \(station.sourceID) of dataset '\(spec.dataset)' is not an OpenAQ location (ingest it with format: openaq)"
            )
        }
        let properties = try JSONValue.parse(Array(station.properties.utf8), path: "\(spec.dataset)/\(station.sourceID)")
        var sensors: [OpenAQReader.Sensor] = []
        var problems: [OpenAQReader.Problem] = []
        var listed: Set<Int64> = []
        if case .array(let items)? = properties["sensors"] {
            for item in items {
                switch OpenAQReader.sensor(item) {
                case .success(let s):
                    listed.insert(s.id)
                    if spec.openAQ.parameters.contains(s.parameter) { sensors.append(s) }
                case .failure(let p): problems.append(p)
                }
            }
        }
        var answers = LocationAnswers(sourceID: station.sourceID, sensors: sensors, problems: problems, latest: [])
        answers.listed = listed
        answers.latest = try await client.list("locations/\(location)/latest")
        guard spec.openAQ.historyHours > 0 else { return answers }
        let latestBySensor = Dictionary(
            answers.latest.compactMap { item -> (Int64, Date)? in
                guard let v = try? OpenAQReader.latest(item).get(), let id = v.sensorID else { return nil }
                return (id, v.at)
            }, uniquingKeysWith: max)
        for sensor in sensors {
            guard let end = latestBySensor[sensor.id] else { continue }
            let from = end.addingTimeInterval(-Double(spec.openAQ.historyHours) * 3600)
            answers.history[sensor.id] = try await client.list(
                "sensors/\(sensor.id)/measurements",
                query: [("datetime_from", InstantText.utc(from)), ("datetime_to", InstantText.utc(end))])
        }
        return answers
    }

    /// Writes one location's sensors and values; returns the items read.
    private func write(
        _ a: LocationAnswers, index s: Int, to writer: AirWriter, rejected: inout [IngestIssue], warnings: inout [IngestIssue]
    ) throws -> Int {
        var read = 0
        for p in a.problems {
            read += 1
            rejected.append(IngestIssue(index: s, id: a.sourceID, field: p.field, reason: p.reason))
        }
        var keys: [Int64: (key: Int64, rule: Concentration.Rule, code: String)] = [:]
        for sensor in a.sensors {
            read += 1
            let code = Concentration.code(ofParameter: sensor.parameter)
            let id = "\(a.sourceID)/\(sensor.id)"
            let rule: Concentration.Rule
            switch Concentration.rule(unit: sensor.units, code: code) {
            case .success(let r): rule = r
            case .failure(let p):
                warnings.append(IngestIssue(index: s, id: id, field: p.field, reason: p.reason + ": its values are not stored"))
                continue
            }
            let key = try writer.sensorKey(origin: OpenAQAirIngest.origin, id: sensor.id)
            var record = SensorRecord(
                sensorID: key, stationID: a.sourceID, paramCode: code, paramName: sensor.displayName, paramFormula: nil,
                paramID: sensor.parameterID)
            record.unit = sensor.units
            record.conversion = rule.conversion
            record.origin = OpenAQAirIngest.origin
            record.sourceSensorID = sensor.id
            try writer.sensor(record)
            keys[sensor.id] = (key, rule, code)
        }
        func store(_ v: OpenAQReader.Value, sensor: Int64, field: String) throws {
            guard let k = keys[sensor] else { return }
            let id = "\(a.sourceID)/\(sensor)"
            var value: Double? = nil
            if let raw = v.value {
                let converted = raw * k.rule.factor
                guard converted >= 0, converted <= AirIngest.maxConcentration else {
                    rejected.append(
                        IngestIssue(
                            index: s, id: id, field: field,
                            reason: "value \(JSONText.number(raw)) is not a concentration (0 to 1,000,000 µg/m³ once converted)"))
                    return
                }
                value = converted
            }
            try writer.measurement(
                sensorID: k.key, measuredAt: InstantText.utc(v.at), localTime: v.local, value: value, flagged: v.flagged,
                coverage: v.coveragePercent)
        }
        for item in a.latest {
            read += 1
            switch OpenAQReader.latest(item) {
            case .failure(let p):
                rejected.append(IngestIssue(index: s, id: a.sourceID, field: p.field, reason: p.reason))
            case .success(let v):
                guard let sensor = v.sensorID else { continue }
                if !a.listed.contains(sensor) {
                    warnings.append(
                        IngestIssue(
                            index: s, id: "\(a.sourceID)/\(sensor)", field: "sensorsId",
                            reason: "a latest value of a sensor the location does not list: not stored"))
                    continue
                }
                try store(v, sensor: sensor, field: "value")
            }
        }
        for (sensor, items) in a.history.sorted(by: { $0.key < $1.key }) {
            for item in items {
                read += 1
                switch OpenAQReader.measurement(item) {
                case .failure(let p):
                    rejected.append(IngestIssue(index: s, id: "\(a.sourceID)/\(sensor)", field: p.field, reason: p.reason))
                case .success(let v):
                    try store(v, sensor: sensor, field: "value")
                }
            }
        }
        return read
    }
}
