import AirNorms
import ArgumentParser
import Contract
import Export
import Foundation
import Query
import Storage

/// `locate station show ID|NAME`: one station in detail.
struct StationShowCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "show",
        abstract: "One station in detail: latest values, means, norms and the last hours.",
        discussion: """
            KEY is a global id (gios-stations/400), a source id (400) or a station's exact name \
            (case and diacritics ignored). For each pollutant: the newest value with its age, the \
            1-hour value and the mean of the 24 hours ending at it (at least 18 values, else none), \
            every EU limit value and threshold and WHO 2021 guideline of the pollutant with the \
            mean it is judged on (exceeded means over it; equal is within), and the values of the \
            last --days days as a sparkline. --format csv lists the shown history instead: a line per \
            value with at, pollutant, station, unit and value. Exits 3 when no station matches.
            """
    )

    @Argument(help: ArgumentHelp("Global id, source id or exact name.", valueName: "KEY"))
    var key: String

    @Option(help: "Days of history to show (1 to 31; default 1).")
    var days: String?

    @Option(help: ArgumentHelp("Also write a chart of the shown history as SVG.", valueName: "FILE.svg"))
    var chart: String?

    @OptionGroup var time: TimeOptions<WarsawZone>

    @OptionGroup var output: JSONOptions

    @OptionGroup var formats: FormatOptions

    @OptionGroup var store: StoreOptions

    /// The question these options ask; a field at fault is a usage error naming its option.
    var request: StationDetailRequest {
        get throws {
            var values: [RequestField: [String]] = [:]
            for case (let field, let text?) in [(RequestField.days, days), (.at, time.at), (.tz, time.tz)] {
                values[field] = [text]
            }
            return try ToiletQuery.usage { try StationDetailRequest(key: key, values: values) }
        }
    }

    func validate() throws {
        _ = try formats.resolved(json: output.json)
        _ = try request
    }

    func run() throws {
        if let chart { try OutputPath.checkWritableFile(chart, option: "--chart") }
        let request = try request
        let days = request.days
        let finder = StationFinder(store: try LocateStore(readingAt: store.path))
        let (now, shift) = request.instant(now: Date())
        if let shift, let at = time.at { Console.note(TimeText.shiftNote(shift, at: at, zone: request.zone)) }
        guard let detail = try request.answer(using: finder, at: now) else { throw CLIError.noResult(request.notFound) }
        let zone = TimeZone(identifier: detail.station.timeZone) ?? .gmt
        if let chart {
            let panels = detail.pollutants.map { p in
                AirChart.Panel(
                    parameter: p.parameter, samples: p.history,
                    norms: p.norms.map {
                        ("\($0.norm.set.rawValue.uppercased()) \($0.norm.averaging.rawValue)", $0.norm.threshold)
                    })
            }
            let from = now.addingTimeInterval(-Double(days) * 86400)
            let title = "\(detail.station.name) (\(detail.station.id))"
            try AirChart.write(AirChart.svg(title: title, panels: panels, from: from, to: now, zone: zone), to: chart)
        }
        let form = try formats.resolved(json: output.json)
        switch form {
        case .json: Console.out(try jsonText(detail))
        case .csv:
            // The header alone when no value is shown: the columns are always these.
            let rows = detail.historyRows
            Console.out(
                rows.isEmpty
                    ? "at,pollutant,station,unit,value\r\n" : String(decoding: try ContractCSV.encode(rows), as: UTF8.self))
        case .table, .geojson: Console.text(StationDetailText.render(detail, zone: zone))
        }
        if let chart, form != .json { Console.note("chart written to \(chart)") }
    }
}
