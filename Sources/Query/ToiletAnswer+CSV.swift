import Contract
import Foundation
import Geo
import Hours
import Places
import Routing
import Storage

/// The nearest-toilets answer as CSV (RFC 4180: a header line, one line per toilet, CRLF line
/// ends, a field quoted when it holds a comma, a quote or a line break), for spreadsheets and
/// `ogr2ogr`/QGIS (`lat` and `lon` columns). The columns are the `toilet-answer/1` result's
/// members under the same names, in reading order, then each attribute of the field table
/// (`ToiletAttribute.ordered`); the route's geometry and steps are left out (its length, time
/// and note are in). An empty field is null; numbers, instants and `true`/`false` are spelled
/// as in the JSON document. `locate toilet --format csv` writes it.
public enum ToiletAnswerCSV {
    /// One column: its name and its value in a result (nil for an empty field).
    private struct Column: Sendable {
        let name: String
        /// Whether the value is the place's alone: the same at every point the place answers
        /// (its records' fields), not the point's (distance, bearing, route, the state at an
        /// instant). `ToiletCSVLines` writes such columns once per place.
        var ofPlace = true
        let value: @Sendable (ToiletResult, _ instant: (Date?) -> String?) -> Field?
    }

    private enum Field: Sendable {
        case text(String)
        case number(Double)
        case flag(Bool)
    }

    private static let columns: [Column] = {
        func text(_ name: String, _ v: @escaping @Sendable (ToiletResult) -> String?) -> Column {
            Column(name: name) { r, _ in v(r).map(Field.text) }
        }
        func number(_ name: String, _ v: @escaping @Sendable (ToiletResult) -> Double?) -> Column {
            Column(name: name) { r, _ in v(r).map(Field.number) }
        }
        func instant(_ name: String, _ v: @escaping @Sendable (ToiletResult) -> Date?) -> Column {
            Column(name: name) { r, instant in instant(v(r)).map(Field.text) }
        }
        func ofPoint(_ c: Column) -> Column {
            var c = c
            c.ofPlace = false
            return c
        }
        func field(_ c: ToiletColumn) -> Column {
            Column(name: c.contractKey) { r, _ in
                switch r.toilet.toilet.contractValue(c) {
                case .text(let v): return v.map(Field.text)
                case .number(let v): return v.map(Field.number)
                case .flag(let v): return v.map(Field.flag)
                }
            }
        }
        // The reading order: who and where, how far, the state, then the hours, price and
        // access; a fixed field not placed here follows them (`ToiletColumn`'s order).
        var list: [Column] = [
            text("id") { $0.id },
            text("title") { $0.toilet.title },
            field(.name),
            field(.address),
            number("lat") { JSONNumber.degrees($0.toilet.coordinate.latitude) },
            number("lon") { JSONNumber.degrees($0.toilet.coordinate.longitude) },
            ofPoint(number("distance_m") { $0.distanceMeters.map { JSONNumber.rounded($0, places: 1) } }),
            ofPoint(number("bearing_deg") { $0.bearingDegrees.map { JSONNumber.rounded($0, places: 1) } }),
            ofPoint(number("route_distance_m") { $0.route?.route.map { JSONNumber.rounded($0.lengthMeters, places: 1) } }),
            ofPoint(number("walk_time_s") { $0.route.map { JSONNumber.rounded($0.seconds, places: 0) } }),
            ofPoint(text("route_note") { $0.route?.note }),
            ofPoint(text("state") { $0.state?.rawValue }),
            ofPoint(instant("state_at") { $0.stateAt }),
            ofPoint(instant("next_change") { $0.nextChangeAt }),
            ofPoint(instant("arrival_at") { $0.arrivalAt }),
            field(.hoursText),
            field(.hoursOSM),
            field(.hoursStatus),
            field(.timezone),
            field(.isFree),
            field(.priceAmount),
            field(.priceCurrency),
            field(.priceText),
            field(.wheelchair),
            text("access") { $0.toilet.details.access.rawValue },
            field(.kind),
            field(.locationDetail),
            field(.country),
            text("dataset") { $0.toilet.dataset },
            text("source_id") { $0.toilet.sourceID },
        ]
        let placed = Set(list.map(\.name))
        list += ToiletColumn.allCases.filter { !placed.contains($0.contractKey) }.map(field)
        for a in ToiletAttribute.ordered {
            list.append(
                Column(name: a.key) { r, _ in
                    switch r.toilet.details.attributes[a] {
                    case nil: return nil
                    case .flag(let b)?: return .flag(b)
                    case .text(let t)?: return .text(t)
                    }
                })
        }
        // Every source of a place merged from several datasets, `dataset/source_id`, by `;`.
        list.append(text("sources") { r in r.sources.map { $0.dataset + "/" + $0.sourceID }.joined(separator: ";") })
        return list
    }()

    /// The names of the columns, in order.
    public static var header: [String] { columns.map(\.name) }

    /// The answer's CSV text: the header, then one line per result.
    public static func encode(_ answer: ToiletAnswer) -> [UInt8] {
        var out: [UInt8] = []
        ContractCSV.line(header.map(ContractCSV.safe), to: &out)
        for r in answer.results { line(r, to: &out) }
        return out
    }

    /// One result's line (its fields in the header's order, ended by CRLF), as `encode`
    /// writes it: for writers of many answers (`locate toilet --near-file`).
    public static func line(_ r: ToiletResult, to out: inout [UInt8]) {
        write(r, columns: columns.indices, to: &out)
        out += [13, 10]
    }

    /// The fields of `columns` (indices into the header), each after a comma but the first
    /// column's.
    static func write(_ r: ToiletResult, columns indices: Range<Int>, to out: inout [UInt8]) {
        var zone: TimeZone? = nil
        let instant: (Date?) -> String? = { date in
            date.map { date in
                if zone == nil { zone = TimeZone(identifier: r.toilet.timeZone) ?? .gmt }
                return InstantText.text(date, in: zone ?? .gmt)
            }
        }
        for i in indices {
            if i > 0 { out.append(UInt8(ascii: ",")) }
            switch columns[i].value(r, instant) {
            case nil: break
            case .flag(let b)?: out += (b ? "true" : "false").utf8
            case .number(let v)?: ContractJSON.number(v, to: &out)
            case .text(let t)?: ContractCSV.quoted(ContractCSV.safe(t), to: &out)
            }
        }
    }

    /// The header's columns cut into runs: each run all of the place's columns or all of the
    /// point's, in order.
    static let runs: [(columns: Range<Int>, ofPlace: Bool)] = {
        var runs: [(columns: Range<Int>, ofPlace: Bool)] = []
        for (i, c) in columns.enumerated() {
            if let last = runs.last, last.ofPlace == c.ofPlace {
                runs[runs.count - 1].columns = last.columns.lowerBound..<(i + 1)
            } else {
                runs.append((i..<(i + 1), c.ofPlace))
            }
        }
        return runs
    }()
}
