import Foundation
import Geo
import Ingest
import LocateTestSupport
import Places
import Storage
import Testing

/// A store in a new folder with a shipped pipeline (or `yaml`) ingested; an ingest that
/// accepts nothing fails the calling test.
func storeWith(_ pipeline: String, source: String? = nil, yaml: String? = nil) throws -> LocateStore {
    let dir = try Fixtures.temporaryFolder()
    let store = try LocateStore(path: dir.appendingPathComponent("q.sqlite").path)
    let spec: PipelineSpec
    if let yaml {
        spec = try PipelineDecoder.decode(yaml, path: "inline.yml", baseFolder: dir.path, defaultName: pipeline)
    } else {
        spec = try PipelineDecoder.load(path: Fixtures.repo("pipelines/\(pipeline).yml"))
    }
    let report = try IngestRunner(store: store, clock: { Date(timeIntervalSince1970: 0) }).run(spec, sourceOverride: source)
    try #require(report.run.accepted > 0, "setup: the ingest of \(pipeline) accepted nothing")
    return store
}

/// `n` seeded random points in a latitude/longitude box (default: around Prague).
func randomPoints(_ n: Int, seed: UInt64, lat: ClosedRange<Double> = 49.90...50.22, lon: ClosedRange<Double> = 14.15...14.80)
    -> [Coordinate]
{
    var rng = SeededRandom(seed: seed)
    return (0..<n).map { _ in Coordinate(latitude: .random(in: lat, using: &rng), longitude: .random(in: lon, using: &rng)) }
}
