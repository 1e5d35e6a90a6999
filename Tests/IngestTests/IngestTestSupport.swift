import Foundation
import Ingest
import LocateTestSupport
import Places
import Storage

/// A fixed clock for reproducible runs.
let fixedClock: @Sendable () -> Date = { Date(timeIntervalSince1970: 1_795_000_000) }

/// A new store in its own temporary folder.
func newStore() throws -> LocateStore {
    try LocateStore(path: Fixtures.temporaryFolder().appendingPathComponent("t.sqlite").path)
}

/// Loads a shipped pipeline and runs it from a file (optionally another file);
/// `allowMassRetire` is `--allow-mass-retire`.
@discardableResult
func ingest(_ pipeline: String, into store: LocateStore, source: String? = nil, allowMassRetire: Bool = false) throws
    -> IngestReport
{
    let spec = try PipelineDecoder.load(path: Fixtures.repo("pipelines/\(pipeline).yml"))
    var runner = IngestRunner(store: store, clock: fixedClock)
    runner.allowMassRetire = allowMassRetire
    return try runner.run(spec, sourceOverride: source)
}

/// Loads a shipped pipeline and runs it through the asynchronous run: air pipelines and
/// API URLs (the overload async tests get).
@discardableResult
func ingest(_ pipeline: String, into store: LocateStore, source: String? = nil) async throws -> IngestReport {
    let spec = try PipelineDecoder.load(path: Fixtures.repo("pipelines/\(pipeline).yml"))
    return try await IngestRunner(store: store, clock: fixedClock).run(spec, sourceOverride: source)
}
