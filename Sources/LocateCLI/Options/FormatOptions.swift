import ArgumentParser

/// `--format`, for the commands whose answer is a list (stations, runs, review lists): a
/// table for people, the JSON document, or CSV (`ContractCSV`: one line per item, the JSON
/// members as columns). `--json` is `--format json`.
struct FormatOptions: ParsableArguments {
    @Option(
        help: ArgumentHelp(
            "How to write the answer: table (default), json (as --json), csv (RFC 4180: a header and a line per item, the JSON item's members as columns), or for stations geojson (an RFC 7946 FeatureCollection, a Point per station).",
            valueName: "FORMAT"))
    var format: String?

    /// The form asked for, given `--json`: a usage error for another name, or for `--json`
    /// with another form.
    func resolved(json: Bool, places: Bool = false) throws -> ListFormat {
        guard let format else { return json ? .json : .table }
        guard let f = ListFormat(rawValue: format), places || f != .geojson else {
            throw ValidationError("--format '\(format)' is not one of table, json, csv\(places ? ", geojson" : "")")
        }
        if json && f != .json { throw ValidationError("give either --json or --format \(format), not both") }
        return f
    }
}

/// The forms a list answer is written in (`--format`).
enum ListFormat: String {
    case table, json, csv
    /// Lists of places (stations): an RFC 7946 FeatureCollection (`ContractGeoJSON`).
    case geojson
}
