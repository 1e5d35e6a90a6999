import Foundation
import Ingest
import LocateTestSupport
import Places
import Storage
import Testing

let exportClock: @Sendable () -> Date = { Date(timeIntervalSince1970: 1_795_000_000) }  // 2026-11-18T11:06:40Z
let prague = TimeZone(identifier: "Europe/Prague") ?? .gmt

/// A store in a new folder with `pipeline` ingested at a fixed time.
func exportStore(_ pipelines: [String], source: String? = nil) throws -> (LocateStore, URL) {
    let dir = try Fixtures.temporaryFolder()
    let store = try LocateStore(path: dir.appendingPathComponent("e.sqlite").path)
    for p in pipelines {
        let spec = try PipelineDecoder.load(path: Fixtures.repo("pipelines/\(p).yml"))
        let report = try IngestRunner(store: store, clock: exportClock).run(spec, sourceOverride: source)
        try #require(report.run.accepted > 0, "setup: the ingest of \(p) accepted nothing")
    }
    return (store, dir)
}

/// The same through the asynchronous run, which air pipelines need (async tests get this one).
func exportStore(_ pipelines: [String], source: String? = nil) async throws -> (LocateStore, URL) {
    let dir = try Fixtures.temporaryFolder()
    let store = try LocateStore(path: dir.appendingPathComponent("e.sqlite").path)
    for p in pipelines {
        let spec = try PipelineDecoder.load(path: Fixtures.repo("pipelines/\(p).yml"))
        let report = try await IngestRunner(store: store, clock: exportClock).run(spec, sourceOverride: source)
        try #require(report.run.accepted > 0, "setup: the ingest of \(p) accepted nothing")
    }
    return (store, dir)
}

/// A text file's content; a missing or unreadable file fails the calling test (and reads
/// as "", which equals no real output).
func read(_ path: String) -> String {
    do {
        return try String(contentsOfFile: path, encoding: .utf8)
    } catch {
        Issue.record("cannot read \(path): \(error)")
        return ""
    }
}

/// A JSON file's top-level object; anything else fails the calling test.
func jsonObject(_ path: String) throws -> [String: Any] {
    let value = try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: path)))
    return try #require(value as? [String: Any], "\(path) does not hold a JSON object")
}
