import Foundation
import LocateTestSupport
import Places
import Storage
import Testing

@testable import Ingest

/// Per-field limits of an ingest (issue 27, item 5): an id past 200 characters rejects its
/// record, a descriptive text past 1,000 characters is cut with a warning, and a third
/// coordinate is reported as dropped.
@Suite struct FieldLimitTests {
    func feature(_ id: String, lon: Double, name: String = "x", address: String = "y", z: [Double] = []) -> [String: Any] {
        [
            "type": "Feature", "geometry": ["type": "Point", "coordinates": [lon, 50.08] + z],
            "properties": [
                "globalid": id, "lokalita": name, "adresa": address, "vozickari": "1 ano", "typ": "t", "umisteni_podrob": "u",
            ],
        ]
    }

    func run(_ features: [[String: Any]]) throws -> IngestReport {
        let pipeline = try String(contentsOfFile: Fixtures.repo("pipelines/prague-toilets-2026.yml"), encoding: .utf8)
        let spec = try PipelineDecoder.decode(pipeline, path: "p.yml", baseFolder: "/", defaultName: "p")
        let doc: [String: Any] = ["type": "FeatureCollection", "features": features]
        let text = String(decoding: try JSONSerialization.data(withJSONObject: doc), as: UTF8.self)
        return try IngestRunner(store: try newStore(), clock: fixedClock).run(
            spec, sourceOverride: try Fixtures.write(text, name: "limits.geojson"))
    }

    @Test(arguments: [(200, true), (201, false), (100_000, false)])
    func anIDLongerThan200CharactersIsRejected(length: Int, accepted: Bool) throws {
        let id = String(repeating: "7", count: length)
        let r = try run([feature("ok", lon: 14.42), feature(id, lon: 14.43)])
        #expect(r.run.accepted == (accepted ? 2 : 1))
        let expected =
            accepted
            ? []
            : [IngestIssue(index: 1, id: id, field: "globalid", reason: "id has \(length) characters; at most 200 are accepted")]
        #expect(r.rejected == expected)
    }

    @Test func aLongNameOrAddressIsCutWithAWarning() throws {
        let name = String(repeating: "ž", count: 1_000_000)
        let r = try run([
            feature("a", lon: 14.42, name: name, address: String(repeating: "a", count: 1_001)),
            feature("b", lon: 14.43, name: String(repeating: "n", count: 1_000)),
        ])
        #expect(r.run.accepted == 2)
        #expect(
            r.warnings.filter { $0.reason.hasPrefix("text has") } == [
                IngestIssue(
                    index: 0, id: "a", field: "adresa", reason: "text has 1001 characters; only the first 1000 are stored"),
                IngestIssue(
                    index: 0, id: "a", field: "lokalita", reason: "text has 1000000 characters; only the first 1000 are stored"),
            ])
    }

    /// SQLite stores text up to its first NUL (GRDB binds a Swift string as a C string).
    @Test func aNULInANameIsRemovedWithAWarning() throws {
        let r = try run([feature("a", lon: 14.42, name: "Radnice\u{0} (closed)"), feature("b", lon: 14.43)])
        #expect(r.run.accepted == 2)
        #expect(
            r.warnings.filter { $0.reason.contains("NUL") } == [
                IngestIssue(index: 0, id: "a", field: "lokalita", reason: "text contains NUL characters: removed")
            ])
    }

    @Test func aThirdCoordinateIsReportedAsDropped() throws {
        let r = try run([feature("a", lon: 14.42, z: [245.5]), feature("b", lon: 14.43), feature("c", lon: 14.44, z: [1, 2])])
        #expect(r.run.accepted == 3)
        #expect(
            r.warnings.filter { $0.field == "geometry" } == [
                IngestIssue(
                    index: 0, id: "a", field: "geometry",
                    reason: "coordinates have 3 values; locate stores 2D positions and drops the rest (245.5)"),
                IngestIssue(
                    index: 2, id: "c", field: "geometry",
                    reason: "coordinates have 4 values; locate stores 2D positions and drops the rest (1.0, 2.0)"),
            ])
    }
}
