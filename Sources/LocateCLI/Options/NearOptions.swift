import ArgumentParser
import Geo

/// `--near LAT,LON`, shared by `toilet` and `station`.
struct NearOptions: ParsableArguments {
    // Unconditional: the value may start with a minus (`--near -33.86,151.2`, southern or
    // western hemisphere), which ArgumentParser would otherwise read as an option.
    @Option(
        parsing: .unconditional,
        help: ArgumentHelp(
            "Where you are, as latitude,longitude in degrees, latitude first (50.0875,14.4214; -33.86,151.2).",
            valueName: "LAT,LON"))
    var near: String?

    func validate() throws { try NearOptions.validate(near: near) }

    /// The checks of `validate()`, on a value however it was parsed (`ToiletQuery`).
    static func validate(near: String?) throws {
        guard let near else { return }
        if near.hasPrefix("--") {
            throw ValidationError("--near needs a value LAT,LON (for example 50.0875,14.4214), not the option '\(near)'")
        }
        do {
            _ = try Coordinate(parsingLatLon: near)
        } catch {
            throw ValidationError("--near '\(near)': \(NearOptions.reason(error))")
        }
    }

    /// The point `--near` names (validated), or nil when it is not given.
    var point: Coordinate? { near.flatMap(Coordinate.init(latLonText:)) }

    /// What is wrong with a `LAT,LON` text, without repeating the text.
    static func reason(_ error: GeoError) -> String {
        if case .invalidLatLon(_, let reason) = error { return reason }
        return error.description
    }

    /// Prints a note on stderr when `--near` looks swapped: `check` (the finder's
    /// `exchangedPoint(for:nearestMeters:)`) finds it outside the `data` but the exchanged
    /// point inside. The answer itself is unchanged.
    func noteIfSwapped(
        nearestMeters: Double?, data: String, check: (Coordinate, Double?) throws -> Coordinate?
    ) throws {
        try NearOptions.noteIfSwapped(point, nearestMeters: nearestMeters, data: data, check: check)
    }

    /// `noteIfSwapped(nearestMeters:data:check:)` for the point `--near` names (nil: none).
    static func noteIfSwapped(
        _ point: Coordinate?, nearestMeters: Double?, data: String, check: (Coordinate, Double?) throws -> Coordinate?
    ) throws {
        guard let point, let exchanged = try check(point, nearestMeters) else { return }
        Console.note(
            "note: --near \(point) is outside the \(data) data, but \(exchanged) is inside: "
                + "--near takes latitude first (LAT,LON); did you swap them?")
    }
}
