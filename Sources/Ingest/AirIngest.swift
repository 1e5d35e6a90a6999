import Foundation
import Geo
import Storage

/// Fetches sensors, measurements and the index of stations and writes them in one run.
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
        var client = GIOSClient(base: spec.source.hasSuffix("/") ? String(spec.source.dropLast()) : spec.source, source: source)
        var rejected: [IngestIssue] = []
        var warnings: [IngestIssue] = []
        var read = 0
        let start = IngestRunStart(
            pipeline: spec.name, dataset: spec.dataset, source: label, licence: spec.licence, attribution: spec.attribution,
            startedAt: started)
        let run = try store.ingestAir(start: start, clock: clock) { writer in
            for (s, station) in stationIDs.enumerated() {
                let sensors: [JSONValue]
                do {
                    sensors = try client.list("station/sensors/\(station)", key: "Lista stanowisk pomiarowych dla podanej stacji")
                } catch let e as GIOSClient.APIError {
                    warnings.append(IngestIssue(index: s, id: station, field: "sensors", reason: "\(e.code): \(e.reason)"))
                    continue
                }
                // Each sensor's data, fetched in parallel (bounded), then written in order.
                let ids = sensors.compactMap { $0["Identyfikator stanowiska"]?.doubleValue.map { Int64($0) } }
                let results = client.lists(ids.map { "data/getData/\($0)" }, key: "Lista danych pomiarowych")
                let fetched = Dictionary(zip(ids, results), uniquingKeysWith: { first, _ in first })
                for sensor in sensors {
                    read += 1
                    guard let sid = sensor["Identyfikator stanowiska"]?.doubleValue.map({ Int64($0) }),
                        let code = (sensor["Wskaźnik - wzór"] ?? sensor["Wskaźnik - kod"])?.textValue
                    else {
                        rejected.append(
                            IngestIssue(
                                index: s, id: station, field: "Identyfikator stanowiska", reason: "sensor without id or pollutant"
                            ))
                        continue
                    }
                    try writer.sensor(
                        SensorRecord(
                            sensorID: sid, stationID: station, paramCode: code, paramName: sensor["Wskaźnik"]?.textValue,
                            paramFormula: sensor["Wskaźnik - wzór"]?.textValue,
                            paramID: sensor["Id wskaźnika"]?.doubleValue.map { Int64($0) }))
                    let rows: [JSONValue]
                    do {
                        guard let result = fetched[sid] else { continue }
                        rows = try result.get()
                    } catch let e as GIOSClient.APIError {
                        warnings.append(
                            IngestIssue(index: s, id: "\(station)/\(sid)", field: "data", reason: "\(e.code): \(e.reason)"))
                        continue
                    }
                    for row in rows {
                        read += 1
                        guard let local = row["Data"]?.textValue, let utc = GIOSClient.utc(local, zone: zone) else {
                            rejected.append(
                                IngestIssue(
                                    index: s, id: "\(station)/\(sid)", field: "Data",
                                    reason: "time '\(row["Data"]?.textValue ?? "null")' is not YYYY-MM-DD HH:MM:SS"))
                            continue
                        }
                        let value = row["Wartość"]?.doubleValue
                        if let v = value, !v.isFinite || v < 0 {
                            rejected.append(
                                IngestIssue(
                                    index: s, id: "\(station)/\(sid)", field: "Wartość",
                                    reason: "value \(v) is not a concentration"))
                            continue
                        }
                        try writer.measurement(sensorID: sid, measuredAt: utc, localTime: local, value: value)
                    }
                }
                do {
                    let doc = try client.object("aqindex/getIndex/\(station)")
                    let index = doc["AqIndex"] ?? doc
                    if let local = index["Data wykonania obliczeń indeksu"]?.textValue,
                        let utc = GIOSClient.utc(local, zone: zone)
                    {
                        read += 1
                        try writer.index(
                            stationID: station, calculatedAt: utc, localTime: local,
                            level: index["Wartość indeksu"]?.doubleValue.map { Int($0) },
                            category: index["Nazwa kategorii indeksu"]?.textValue,
                            critical: index["Kod zanieczyszczenia krytycznego"]?.textValue,
                            pollutants: AirIngest.pollutantsJSON(index))
                    } else {
                        warnings.append(IngestIssue(index: s, id: station, field: "AqIndex", reason: "no index calculation time"))
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

    /// Per pollutant: level, category and source-data time; the category key is misspelt
    /// `wskażnika` in the API.
    static func pollutantsJSON(_ index: JSONValue) -> String {
        let members: [(String, JSONValue)] = pollutants.map { p in
            let level = index["Wartość indeksu dla wskaźnika \(p)"] ?? .null
            let category =
                index["Nazwa kategorii indeksu dla wskażnika \(p)"] ?? index["Nazwa kategorii indeksu dla wskaźnika \(p)"]
                ?? .null
            let time = index["Data danych źródłowych, z których policzono wartość indeksu dla wskaźnika \(p)"] ?? .null
            return (p, .object([("level", level), ("category", category), ("source_time", time)]))
        }
        return JSONValue.object(members).jsonText
    }
}
