import Foundation
import Ingest
import LocateTestSupport
import Storage

let exportClock: @Sendable () -> Date = { Date(timeIntervalSince1970: 1_795_000_000) }  // 2026-11-18T11:06:40Z
let prague = TimeZone(identifier: "Europe/Prague") ?? .gmt

/// A store in a new folder with `pipeline` ingested at a fixed time.
func exportStore(_ pipelines: [String], source: String? = nil) throws -> (LocateStore, URL) {
    let dir = Fixtures.temporaryFolder()
    let store = try LocateStore(path: dir.appendingPathComponent("e.sqlite").path)
    for p in pipelines {
        let spec = try PipelineDecoder.load(path: Fixtures.repo("pipelines/\(p).yml"))
        _ = try IngestRunner(store: store, clock: exportClock).run(spec, sourceOverride: source)
    }
    return (store, dir)
}

/// The same through the asynchronous run, which air pipelines need (async tests get this one).
func exportStore(_ pipelines: [String], source: String? = nil) async throws -> (LocateStore, URL) {
    let dir = Fixtures.temporaryFolder()
    let store = try LocateStore(path: dir.appendingPathComponent("e.sqlite").path)
    for p in pipelines {
        let spec = try PipelineDecoder.load(path: Fixtures.repo("pipelines/\(p).yml"))
        _ = try await IngestRunner(store: store, clock: exportClock).run(spec, sourceOverride: source)
    }
    return (store, dir)
}

func read(_ path: String) -> String { (try? String(contentsOfFile: path, encoding: .utf8)) ?? "" }

func jsonObject(_ path: String) throws -> [String: Any] {
    try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: path))) as? [String: Any] ?? [:]
}
