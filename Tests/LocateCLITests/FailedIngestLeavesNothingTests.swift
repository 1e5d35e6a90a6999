import Foundation
import LocateTestSupport
import Testing

/// A failed first ingest creates nothing (issue 10 item 5: it left an empty 6.7 MB database
/// where none existed): no database, no SQLite side file, no index, no lock file.
@Suite struct FailedIngestLeavesNothingTests {
    enum Failure: String, CaseIterable {
        case malformedJSON, missingSource, unknownCRS
    }

    @Test(arguments: Failure.allCases)
    func aFailedFirstIngestLeavesTheFolderEmpty(failure: Failure) throws {
        let inputs = try Fixtures.temporaryFolder()
        let sample = Fixtures.repo("datasets/prague-toilets-sample.geojson")
        let text = try String(contentsOfFile: sample, encoding: .utf8)
        var arguments = ["ingest", "pipelines/prague-toilets-sample.yml"]
        switch failure {
        case .malformedJSON:
            let cut = try Fixtures.write(String(text.prefix(text.count / 2)), name: "cut.geojson", in: inputs)
            arguments += ["--source", cut]
        case .missingSource:
            arguments += ["--source", inputs.appendingPathComponent("nope.geojson").path]
        case .unknownCRS:
            let data = try Fixtures.write(text, name: "data.geojson", in: inputs)
            let yaml = try String(contentsOfFile: Fixtures.repo("pipelines/prague-toilets-sample.yml"), encoding: .utf8)
                .replacingOccurrences(of: "path: ../datasets/prague-toilets-sample.geojson", with: "path: \(data)")
                .replacingOccurrences(of: "crs: EPSG:4326", with: "crs: EPSG:999999")
            arguments = ["ingest", try Fixtures.write(yaml, name: "p.yml", in: inputs)]
        }
        let folder = try Fixtures.temporaryFolder()
        let db = folder.appendingPathComponent("new.sqlite").path
        let r = try CLI.run(arguments + ["--db", db])
        #expect(r.status == 1)
        #expect(r.stderr.hasPrefix("error: "), "\(r.stderr)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path) == [])
    }

    @Test func aSuccessfulFirstIngestLeavesTheDatabaseAndItsDerivedFilesOnly() throws {
        let folder = try Fixtures.temporaryFolder()
        let db = folder.appendingPathComponent("new.sqlite").path
        try CLI.ingest(["pipelines/prague-toilets-sample.yml", "--db", db])
        #expect(
            try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted() == [
                "new.sqlite", "new.sqlite.toilets.kdt",
            ])
    }
}
