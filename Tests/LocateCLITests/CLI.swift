import Foundation
import LocateTestSupport
import Testing

/// Runs the built `locate` binary.
enum CLI {
    static let binary: String = Fixtures.locateBinary

    static func run(_ args: [String], env: [String: String] = [:]) throws -> (status: Int32, stdout: String, stderr: String) {
        try Fixtures.run(binary, args, environment: env)
    }

    /// A fresh database path and the sample ingested into it; a failed ingest fails the
    /// calling test with its exit status and stderr.
    static func sampleDatabase() throws -> String {
        let db = try Fixtures.temporaryFolder().appendingPathComponent("cli.sqlite").path
        try ingest(["pipelines/prague-toilets-sample.yml", "--db", db])
        return db
    }

    /// Runs `locate ingest arguments…` as a test's setup step: a non-zero exit fails the
    /// calling test, naming the arguments, the status and stderr.
    @discardableResult
    static func ingest(_ arguments: [String]) throws -> (status: Int32, stdout: String, stderr: String) {
        let r = try run(["ingest"] + arguments)
        try #require(r.status == 0, "setup: locate ingest \(arguments.joined(separator: " ")) exited \(r.status): \(r.stderr)")
        return r
    }
}
