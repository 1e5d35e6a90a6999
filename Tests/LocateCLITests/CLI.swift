import Foundation
import LocateTestSupport

/// Runs the built `locate` binary.
enum CLI {
    static let binary: String = {
        let candidates = [
            Bundle.main.bundleURL.appendingPathComponent("locate"),
            Bundle.main.bundleURL.deletingLastPathComponent().appendingPathComponent("locate"),
            Fixtures.packageRoot.appendingPathComponent(".build/debug/locate"),
        ]
        return candidates.first { FileManager.default.isExecutableFile(atPath: $0.path) }?.path ?? candidates[2].path
    }()

    static func run(_ args: [String], env: [String: String] = [:]) throws -> (status: Int32, stdout: String, stderr: String) {
        try Fixtures.run(binary, args, environment: env)
    }

    /// A setup step that failed (a test failure, not a crash of the test process).
    struct SetupFailed: Error, CustomStringConvertible {
        var description: String
    }

    /// A fresh database path and the sample ingested into it.
    static func sampleDatabase() throws -> String {
        let db = Fixtures.temporaryFolder().appendingPathComponent("cli.sqlite").path
        let r = try run(["ingest", "pipelines/prague-toilets-sample.yml", "--db", db])
        guard r.status == 0 else { throw SetupFailed(description: "sample ingest exited \(r.status): \(r.stderr)") }
        return db
    }
}
