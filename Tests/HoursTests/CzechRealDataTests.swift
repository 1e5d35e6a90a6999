import Foundation
import Hours
import LocateTestSupport
import Places
import Testing

/// Every distinct OTEVRENO value of the real 2016 and 2019 Prague files.
@Suite(.enabled(if: Fixtures.haveSharedDatasets, "../shared/datasets is absent: real-data tests skipped"))
struct CzechRealDataTests {
    static func distinctValues() throws -> [String?] {
        var seen = Set<String>()
        var out: [String?] = []
        for name in ["prague-toilets-2016.geojson", "prague-toilets-2019.geojson"] {
            let data = try Data(contentsOf: URL(fileURLWithPath: Fixtures.shared(name)))
            let doc = try JSONSerialization.jsonObject(with: data) as? [String: Any]
            for f in doc?["features"] as? [[String: Any]] ?? [] {
                let v = (f["properties"] as? [String: Any])?["OTEVRENO"] as? String
                if seen.insert(v ?? "\u{0}").inserted { out.append(v) }
            }
        }
        return out
    }

    @Test func everyValueIsTranslatedOrExplained() throws {
        let values = try Self.distinctValues()
        #expect(values.count == 200)
        var lines: [String] = []
        var counts: [CzechHours.Status: Int] = [:]
        // Every translation is evaluated at one instant: Sunday 2026-11-22 06:30 in Prague.
        let at = Date(timeIntervalSince1970: 1_795_325_400)
        let context = HoursContext(timeZone: prague, country: "CZ")
        var states: [HoursState: Int] = [:]
        for v in values {
            let h = CzechHours(czech: v)
            counts[h.status, default: 0] += 1
            switch h.status {
            case .exact, .interpreted:
                let expr = try #require(h.expression)
                let tree = try OpeningHours(parsing: expr)
                #expect(try OpeningHours(parsing: tree.canonical) == tree, "\(expr): the canonical form reads back differently")
                states[tree.state(at: at, in: context).state, default: 0] += 1
                #expect(h.status == .exact || h.reason != nil)
            case .unknown:
                #expect(h.reason != nil)
                #expect(try OpeningHours(parsing: h.expression ?? "").state(at: at, in: context).state == .unknown)
            case .missing:
                #expect(v == nil || v?.trimmingCharacters(in: .whitespaces) == "")
            }
            #expect(h.reason?.hasPrefix("internal error") != true, "\(v ?? "nil"): \(h.reason ?? "")")
            lines.append(
                "\(v.map { $0.replacingOccurrences(of: "\r\n", with: "\\r\\n") } ?? "nil")\t\(h.status.rawValue)\t\(h.expression ?? "")\t\(h.reason ?? "")"
            )
        }
        #expect(states == [.open: 37, .closed: 155])  // and none unknown
        if let out = ProcessInfo.processInfo.environment["LOCATE_DUMP_CZECH"] {
            try Data(lines.joined(separator: "\n").utf8).write(to: URL(fileURLWithPath: out))
        }
        #expect(counts == [.exact: 182, .interpreted: 10, .unknown: 6, .missing: 2])
    }
}
