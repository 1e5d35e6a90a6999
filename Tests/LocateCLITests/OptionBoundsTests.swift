import LocateTestSupport
import Testing

/// Options whose numbers reach time arithmetic are bounded: a typo is a usage error, never
/// a trap (regression: `--fresh-within 1e15d` and a huge `--arrive-within` crashed).
@Suite struct OptionBoundsTests {
    @Test(arguments: [
        (
            ["station", "--near", "50.06,19.94", "--param", "PM10", "--fresh-within", "1e15d"],
            "Error: --fresh-within '1e15d' is not an age such as 90m, 3h or 2d (at most 3650d)"
        ),
        (
            ["station", "--near", "50.06,19.94", "--param", "PM10", "--fresh-within", "infh"],
            "Error: --fresh-within 'infh' is not an age such as 90m, 3h or 2d (at most 3650d)"
        ),
        (
            ["toilet", "--near", "50.0875,14.4214", "--open-now", "--arrive-within", "100000000"],
            "Error: --arrive-within '100000000' is not a whole number of minutes from 0 to 1440 (15, 15m, 1h)"
        ),
        // The preview's basemap: OpenStreetMap's tiles keep their credit, another provider needs one.
        (
            ["export", "snapshot", "--out", "/nonexistent/site", "--tiles-attribution", ""],
            "Error: --tiles-attribution needs --tiles: OpenStreetMap's own tiles keep their credit"
        ),
        (
            ["export", "snapshot", "--out", "/nonexistent/site", "--tiles", "https://t.example/{z}/{x}/{y}.png"],
            "Error: --tiles needs --tiles-attribution: tile providers require their credit on the map"
        ),
        (
            [
                "export", "snapshot", "--out", "/nonexistent/site", "--tiles", "https://t.example/{z}/{x}.png",
                "--tiles-attribution", "T",
            ],
            "Error: --tiles 'https://t.example/{z}/{x}.png' is not an http(s) URL template with {z}, {x} and {y} (or none)"
        ),
        (
            [
                "export", "snapshot", "--out", "/nonexistent/site", "--tiles", "https://t.example/{z}/{x}/{y}.png",
                "--tiles-attribution", " ",
            ],
            "Error: --tiles-attribution is blank: tile providers require their credit on the map"
        ),
        (
            ["export", "snapshot", "--out", "/nonexistent/site", "--view", "50.08,14.42,25"],
            "Error: --view '50.08,14.42,25' is not LAT,LON,ZOOM (latitude -90…90, longitude -180…180, zoom 0…19)"
        ),
    ])
    func outOfRangeIsAUsageError(arguments: [String], message: String) throws {
        let r = try CLI.run(arguments + ["--db", "/nonexistent/x.sqlite"])
        #expect(r.status == 64)
        #expect(r.stderr.hasPrefix(message), "\(r.stderr)")
    }
}
