import Foundation
import LocateTestSupport
import Testing

/// Issue 10, item 7: `--alert` and `--param` with a pollutant code GIOŚ does not measure
/// would never fire; they are usage errors (exit 64) listing the valid codes.
@Suite struct PollutantCodeOptionTests {
    static let valid = "SO2, NO2, PM10, PM2.5, CO, C6H6, O3"

    @Test(arguments: [
        (["--alert", "PM2,5>1"], "--alert 'PM2,5>1': unknown pollutant 'PM2,5'"),
        (["--alert", "BENZEN>0"], "--alert 'BENZEN>0': unknown pollutant 'BENZEN'"),
        (["--alert", "FOO>50"], "--alert 'FOO>50': unknown pollutant 'FOO'"),
        (["--param", "PM2,5"], "--param: unknown pollutant 'PM2,5'"),
    ])
    func unknownCodesAreUsageErrors(_ options: [String], _ message: String) throws {
        let r = try CLI.run(["station", "--near", "52.2,21.0", "--db", "/nonexistent.sqlite"] + options)
        #expect(r.status == 64)
        #expect(r.stderr.contains("\(message) (valid: \(Self.valid); case and dots do not count)"), "\(r.stderr)")
    }

    @Test(arguments: [["--alert", "pm25>1"], ["--alert", "c6h6>=5"], ["--param", "PM25"], ["--param", "no2"]])
    func knownCodesInAnySpellingPassValidation(_ options: [String]) throws {
        let r = try CLI.run(["station", "--near", "52.2,21.0", "--db", "/nonexistent.sqlite"] + options)
        #expect(r.status == 1, "\(r.stderr)")  // past validation: the database is what is missing
        #expect(r.stderr.contains("/nonexistent.sqlite"))
    }
}
