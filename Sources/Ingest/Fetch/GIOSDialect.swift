import Foundation
import Hours
import Places
import Storage

/// The two shapes of the GIOŚ API behind the same paths (`station/sensors/{station}`,
/// `data/getData/{sensor}`, `aqindex/getIndex/{station}`):
/// - legacy (`…/pjp-api/rest`, until 2025): plain JSON, English keys, one answer per
///   request: a sensors array, `{key, values: [{date, value}]}`, and an index object with
///   `stIndexLevel: {id, indexLevelName}` and per-pollutant `so2IndexLevel`, `pm25…`;
/// - v1 (`…/pjp-api/v1/rest`): JSON-LD with Polish keys, paged lists (`totalPages`) and
///   error objects (`error_code`).
/// Both write Polish wall-clock times without an offset.
enum GIOSDialect: Sendable {
    case legacy
    case v1

    init(_ format: PipelineSpec.Format) { self = format == .giosLegacy ? .legacy : .v1 }

    /// How a list endpoint answers.
    enum ListShape: Sendable {
        /// v1: pages of `{key: [...], totalPages: n}`.
        case paged(key: String)
        /// Legacy sensors: the document is the array.
        case array
        /// Legacy data: an object whose member is the array.
        case member(String)
    }

    /// A sensor as both dialects describe it.
    struct Sensor: Equatable {
        var id: Int64
        var code: String
        var name: String?
        var formula: String?
        var paramID: Int64?
    }

    /// One measurement: the wall-clock time text (nil when missing or not text) and value.
    struct Row: Equatable {
        var local: String?
        var value: JSONValue
    }

    /// An index answer: overall level (nil: "no index"), category, critical pollutant, the
    /// calculation time, and per pollutant of `AirIngest.pollutants` level, category and
    /// source-data time.
    struct Index {
        var calculatedLocal: String?
        var level: Int?
        var category: String?
        var critical: String?
        var pollutants: [(code: String, level: JSONValue, category: JSONValue, sourceTime: JSONValue)]
    }

    var sensorsShape: ListShape {
        self == .v1 ? .paged(key: "Lista stanowisk pomiarowych dla podanej stacji") : .array
    }

    var dataShape: ListShape { self == .v1 ? .paged(key: "Lista danych pomiarowych") : .member("values") }

    /// The field named in a report when a sensor has no id or pollutant.
    var sensorIDField: String { self == .v1 ? "Identyfikator stanowiska" : "id" }

    /// The field named in a report for a measurement's time and value.
    var timeField: String { self == .v1 ? "Data" : "date" }
    var valueField: String { self == .v1 ? "Wartość" : "value" }

    /// The sensor's id alone (to fetch its data before the rest is checked).
    func sensorID(_ item: JSONValue) -> Int64? {
        item[sensorIDField]?.wholeNumber(in: JSONValue.safeIntegers)
    }

    /// The sensor, or nil when it has no usable id, no pollutant code or a parameter id out
    /// of range (`problem` says which).
    func sensor(_ item: JSONValue) -> Sensor? {
        guard let id = sensorID(item) else { return nil }
        switch self {
        case .v1:
            guard let code = nonBlank(item["Wskaźnik - wzór"] ?? item["Wskaźnik - kod"]),
                case .success(let paramID) = paramID(item["Id wskaźnika"])
            else { return nil }
            return Sensor(
                id: id, code: code, name: nonBlank(item["Wskaźnik"]), formula: nonBlank(item["Wskaźnik - wzór"]),
                paramID: paramID)
        case .legacy:
            let param = item["param"] ?? .null
            guard let code = nonBlank(param["paramFormula"]) ?? nonBlank(param["paramCode"]),
                case .success(let paramID) = paramID(param["idParam"])
            else { return nil }
            return Sensor(
                id: id, code: code, name: nonBlank(param["paramName"]), formula: nonBlank(param["paramFormula"]),
                paramID: paramID)
        }
    }

    /// Why `sensor(item)` is nil: the field at fault and the reason.
    func problem(_ item: JSONValue) -> (field: String, reason: String) {
        if let v = item[sensorIDField], v != .null, sensorID(item) == nil {
            return (sensorIDField, "sensor id \(v.textValue ?? v.kindName) is not a whole number from 0 to 2^53")
        }
        let param = self == .v1 ? item["Id wskaźnika"] : (item["param"] ?? .null)["idParam"]
        if case .failure(let reason) = paramID(param) { return (self == .v1 ? "Id wskaźnika" : "idParam", reason.text) }
        return (sensorIDField, "sensor without id or pollutant")
    }

    private struct Reason: Error { let text: String }

    /// An optional parameter id: absent or null is nil; otherwise a whole number in range.
    private func paramID(_ v: JSONValue?) -> Result<Int64?, Reason> {
        guard let v, v != .null else { return .success(nil) }
        guard let n = v.wholeNumber(in: JSONValue.safeIntegers) else {
            return .failure(Reason(text: "parameter id \(v.textValue ?? v.kindName) is not a whole number from 0 to 2^53"))
        }
        return .success(n)
    }

    func row(_ item: JSONValue) -> Row {
        let time: JSONValue? = item[timeField]
        let local: String?
        if case .string(let s)? = time { local = s.trimmingSpaces } else { local = nil }
        return Row(local: local, value: item[valueField] ?? .null)
    }

    /// The index answer (v1 wraps it in `AqIndex`).
    func index(_ doc: JSONValue) -> Index {
        switch self {
        case .v1:
            let i = doc["AqIndex"] ?? doc
            let pollutants = AirIngest.pollutants.map { p in
                (
                    code: p, level: i["Wartość indeksu dla wskaźnika \(p)"] ?? .null,
                    // The API misspells the category key `wskażnika`; accept both.
                    category: i["Nazwa kategorii indeksu dla wskażnika \(p)"] ?? i["Nazwa kategorii indeksu dla wskaźnika \(p)"]
                        ?? .null,
                    sourceTime: i["Data danych źródłowych, z których policzono wartość indeksu dla wskaźnika \(p)"] ?? .null
                )
            }
            return Index(
                calculatedLocal: nonBlank(i["Data wykonania obliczeń indeksu"]), level: level(i["Wartość indeksu"]),
                category: nonBlank(i["Nazwa kategorii indeksu"]), critical: nonBlank(i["Kod zanieczyszczenia krytycznego"]),
                pollutants: pollutants)
        case .legacy:
            let pollutants = AirIngest.pollutants.map { p in
                let key = PollutantCode.keySuffix(p)
                let levelObject = doc[key + "IndexLevel"] ?? .null
                return (
                    code: p, level: level(levelObject["id"]).map { JSONValue.number(String($0)) } ?? .null,
                    category: levelObject["indexLevelName"] ?? .null, sourceTime: doc[key + "SourceDataDate"] ?? .null
                )
            }
            let overall = doc["stIndexLevel"] ?? .null
            return Index(
                calculatedLocal: nonBlank(doc["stCalcDate"]), level: level(overall["id"]),
                category: nonBlank(overall["indexLevelName"]), critical: nonBlank(doc["stIndexCrParam"]),
                pollutants: pollutants)
        }
    }

    /// Index levels are 0 (very good) to 5 (very bad); -1 and null mean "no index".
    private func level(_ v: JSONValue?) -> Int? {
        guard let d = v?.doubleValue, d >= 0, d <= 5, d.rounded() == d else { return nil }
        return Int(d)
    }

    private func nonBlank(_ v: JSONValue?) -> String? { v?.textValue?.trimmedNonBlank }
}
