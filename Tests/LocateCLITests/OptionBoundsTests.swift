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
            "Error: --arrive-within must be 0 to 1440 minutes"
        ),
    ])
    func outOfRangeIsAUsageError(arguments: [String], message: String) throws {
        let r = try CLI.run(arguments + ["--db", "/nonexistent/x.sqlite"])
        #expect(r.status == 64)
        #expect(r.stderr.hasPrefix(message), "\(r.stderr)")
    }
}
