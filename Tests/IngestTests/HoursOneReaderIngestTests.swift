import Foundation
import Geo
import LocateTestSupport
import Places
import Storage
import Testing

@testable import Ingest

/// Issue 22 step 4 and issue 23 item 5 (ingest's side): a source's hours text is stored as
/// `HoursReading` reads it (the one answer of `EverydayHours`), with the reason and the
/// corrections in the report; text that is not understood is stored as unknown, without an
/// OSM form (it was kept as a quoted comment before, where contributions kept none).
@Suite struct HoursOneReaderIngestTests {
    static let yaml = """
        name: t
        kind: toilets
        dataset: d
        source:
          path: x.geojson
          crs: EPSG:4326
        timezone: Europe/Prague
        id:
          derive: [a]
        fields:
          address: a
          hours: h
        region: { west: 14.22, south: 49.94, east: 14.71, north: 50.18 }
        """

    static func feature(hours: String) -> JSONValue {
        .object([
            ("type", .string("Feature")),
            ("geometry", .object([("type", .string("Point")), ("coordinates", .array([.number("14.42"), .number("50.08")]))])),
            ("properties", .object([("a", .string("Na Příkopě 1")), ("h", .string(hours))])),
        ])
    }

    @Test(arguments: EverydayHours.cases)
    func ingestStoresTheOneAnswer(c: EverydayHours.Case) throws {
        let spec = try PipelineDecoder.decode(Self.yaml, path: "p.yml", baseFolder: "/base", defaultName: "p")
        let mapper = ToiletMapper(spec: spec)
        let reprojector = try Reprojector(from: .wgs84, area: spec.region)
        guard
            case .accepted(let record, _, _, let warnings) = mapper.map(
                Self.feature(hours: c.text), index: 0, reprojector: reprojector)
        else {
            Issue.record("rejected")
            return
        }
        #expect(record.hoursText == c.text)
        #expect(record.hoursOSM == c.osm)
        #expect(record.hoursStatus.rawValue == c.status)
        var expected: [String] = []
        switch c.status {
        case "unknown": expected.append("hours not understood, stored as unknown: \(c.reason ?? "")")
        case "interpreted": expected.append("hours interpreted: \(c.reason ?? "")")
        default: break
        }
        if !c.warnings.isEmpty { expected.append("hours corrected: " + c.warnings.joined(separator: "; ")) }
        #expect(warnings.filter { $0.field == "h" }.map(\.reason) == expected)
    }
}
