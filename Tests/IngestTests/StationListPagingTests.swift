import Foundation
import Ingest
import LocateTestSupport
import Places
import Storage
import Testing

/// A v1 station list read from its API URL follows `totalPages`.
@Suite(.enabled(if: Fixtures.haveSharedDatasets && Fixtures.haveTool("python3"), "needs ../shared/datasets and python3"))
struct StationListPagingTests {
    @Test func everyPageOfTheV1ListIsRead() async throws {
        let server = try FakeGIOS()
        let folder = try Fixtures.temporaryFolder().appendingPathComponent("responses").path
        let spec = try PipelineDecoder.load(path: Fixtures.repo("pipelines/gios-stations-v1.yml"))
        let url = server.base("split") + "/station/findAll"
        let r = try await IngestRunner(store: try newStore(), clock: fixedClock).run(
            spec, sourceOverride: url, saveResponses: folder)
        #expect(r.run.counts.added == 2)
        let index = try String(contentsOfFile: folder + "/index.tsv", encoding: .utf8)
        #expect(
            index.split(separator: "\n").map { $0.split(separator: "\t")[0] } == [
                "\(url)?page=0&size=500", "\(url)?page=1&size=500",
            ])
        // The saved answers replay offline to the same run.
        server.server.stop()
        let replayed = try await IngestRunner(store: try newStore(), clock: fixedClock).run(
            spec, sourceOverride: url, replay: folder)
        #expect(replayed.run.counts == r.run.counts)
        #expect(replayed.run.sourceSHA256 == r.run.sourceSHA256)
    }
}
