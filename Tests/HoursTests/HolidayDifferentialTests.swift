import Foundation
import Hours
import LocateTestSupport
import Testing

/// Issue 11 item 5 (holidays): every supported code compared date by date with the PyPI
/// `holidays` package (its default, public category) over 1990–2100. The package is
/// installed into a virtual environment under .build by scripts/holidays-oracle.py, which
/// caches its dump per package version. Every difference must be listed in
/// docs/holiday-differences.txt with its reason, and every listed one must still occur.
@Suite struct HolidayDifferentialTests {
    struct Oracle: Sendable {
        let version: String
        let firstYear: Int
        let lastYear: Int
        let dates: [String: Set<String>]
        let startYears: [String: Int]
    }

    /// The oracle's dump, or why it could not be made (no python3, no network for pip).
    static let oracle: Result<Oracle, TestSupportError> = {
        let folder = Fixtures.packageRoot.appendingPathComponent(".build/holidays-oracle").path
        let script = Fixtures.repo("scripts/holidays-oracle.py")
        guard let r = try? Fixtures.run("/usr/bin/env", ["python3", script, folder] + PublicHolidays.supportedCountries),
            r.status == 0
        else { return .failure(TestSupportError("scripts/holidays-oracle.py could not install or run holidays")) }
        let path = r.stdout.trimmingCharacters(in: .whitespacesAndNewlines)
        guard let data = FileManager.default.contents(atPath: path),
            let object = try? JSONSerialization.jsonObject(with: data) as? [String: Any],
            let version = object["holidays_version"] as? String, let first = object["first_year"] as? Int,
            let last = object["last_year"] as? Int, let codes = object["codes"] as? [String: [String]],
            let starts = object["start_years"] as? [String: Int]
        else { return .failure(TestSupportError("\(path) is not a holidays dump")) }
        return .success(
            Oracle(version: version, firstYear: first, lastYear: last, dates: codes.mapValues(Set.init), startYears: starts))
    }()

    static var haveOracle: Bool { (try? oracle.get()) != nil }

    /// The accepted differences: "CODE ours|theirs DATE…" lines and "start CODE YEAR" lines.
    static func accepted() throws -> (differences: Set<String>, starts: [String: Int]) {
        let text = try String(contentsOfFile: Fixtures.repo("docs/holiday-differences.txt"), encoding: .utf8)
        var differences = Set<String>()
        var starts: [String: Int] = [:]
        for line in text.split(separator: "\n") where !line.hasPrefix("#") {
            let fields = (line.components(separatedBy: " | ").first ?? "").split(separator: " ").map(String.init)
            guard fields.count >= 3, line.contains(" | ") else {
                throw TestSupportError("docs/holiday-differences.txt: '\(line)' is not 'CODE SIDE DATE… | reason'")
            }
            if fields[0] == "start", let year = Int(fields[2]) {
                starts[fields[1]] = year
                continue
            }
            for date in fields.dropFirst(2) { differences.insert("\(fields[0]) \(fields[1]) \(date)") }
        }
        return (differences, starts)
    }

    static func iso(_ h: PublicHoliday) -> String {
        String(format: "%04d-%02d-%02d", h.year, h.month, h.dayOfMonth)
    }

    @Test(.enabled(if: haveOracle, "the holidays package could not be installed (python3 and pip are needed)"))
    func everyCodeAgreesWithTheHolidaysPackageOrIsAListedDifference() throws {
        let oracle = try Self.oracle.get()
        let accepted = try Self.accepted()
        var found = Set<String>()
        var starts: [String: Int] = [:]
        for code in PublicHolidays.supportedCountries {
            let theirs = try #require(oracle.dates[code], "\(code) missing from the holidays \(oracle.version) dump")
            let start = max(oracle.firstYear, oracle.startYears[code] ?? oracle.firstYear)
            if start > oracle.firstYear { starts[code] = start }
            var ours = Set<String>()
            for year in start...oracle.lastYear {
                for h in PublicHolidays.holidays(code: code, year: year) ?? [] { ours.insert(Self.iso(h)) }
            }
            let compared = theirs.filter { $0 >= "\(start)" }
            for date in ours.subtracting(compared) { found.insert("\(code) ours \(date)") }
            for date in compared.subtracting(ours) { found.insert("\(code) theirs \(date)") }
        }
        let new = found.subtracting(accepted.differences).sorted()
        let gone = accepted.differences.subtracting(found).sorted()
        #expect(new.isEmpty, "differences not in docs/holiday-differences.txt: \(new.prefix(30)) (\(new.count))")
        #expect(gone.isEmpty, "listed differences that no longer occur: \(gone.prefix(30)) (\(gone.count))")
        #expect(starts == accepted.starts, "the holidays package's first years changed")
        if ProcessInfo.processInfo.environment["UPDATE_HOLIDAY_DIFFERENCES"] == "1" {
            let raw =
                found.sorted().joined(separator: "\n") + "\n"
                + starts.sorted { $0.key < $1.key }
                .map { "start \($0.key) \($0.value)" }.joined(separator: "\n") + "\n"
            try Data(raw.utf8).write(to: Fixtures.packageRoot.appendingPathComponent(".build/holiday-differences-raw.txt"))
        }
    }
}
