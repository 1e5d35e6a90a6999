import ArgumentParser
import Geo

/// `--near LAT,LON`, shared by `toilet` and `station`.
struct NearOptions: ParsableArguments {
    @Option(
        help: ArgumentHelp("Where you are, as latitude,longitude in degrees (50.0875,14.4214).", valueName: "LAT,LON"))
    var near: String?

    func validate() throws {
        if let near, Coordinate(latLonText: near) == nil {
            throw ValidationError("--near '\(near)' is not LAT,LON in degrees (for example 50.0875,14.4214)")
        }
    }

    /// The point `--near` names (validated), or nil when it is not given.
    var point: Coordinate? { near.flatMap(Coordinate.init(latLonText:)) }
}
