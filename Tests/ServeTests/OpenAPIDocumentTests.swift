import Foundation
import LocateTestSupport
import Places
import Serve
import Testing

/// docs/openapi.yaml is the server's contract: every route is in it, the server serves it,
/// and schemathesis finds no answer that breaks it.
@Suite struct OpenAPIDocumentTests {
    static let file = Fixtures.repo("docs/openapi.yaml")

    /// The `paths:` keys of the document (two-space indented lines ending in a colon).
    static func documentedPaths(_ text: String) -> [String] {
        text.split(separator: "\n").compactMap { line in
            guard line.hasPrefix("  /"), line.hasSuffix(":") else { return nil }
            return String(line.dropFirst(2).dropLast())
        }
    }

    @Test func everyRouteIsDocumentedAndNothingElse() throws {
        let text = try String(contentsOfFile: OpenAPIDocumentTests.file, encoding: .utf8)
        #expect(OpenAPIDocumentTests.documentedPaths(text).sorted() == Server.routes.sorted())
    }

    /// The built-in document is docs/openapi.yaml byte for byte (the file itself is embedded:
    /// `Sources/Serve/Resources/openapi.yaml` links to it), and the server serves exactly it.
    @Test func theServedCopyIsTheFile() throws {
        let text = try String(contentsOfFile: OpenAPIDocumentTests.file, encoding: .utf8)
        #expect(OpenAPIDocument.text == text)
        let db = try CLI.sampleDatabase()
        let server = try ServeProcess(db: db)
        let served = try server.get("/v1/openapi.yaml")
        #expect(served.status == 200)
        #expect(served.headers["content-type"] == "application/yaml; charset=utf-8")
        #expect(served.body == text)
        #expect(server.terminate() == 0)
    }

    /// schemathesis (PyPI) in a venv under .build/, against the running server: every
    /// operation with generated parameters; no server error, no answer outside the document.
    /// Its check that every schema-valid request is accepted is left out: parameters that
    /// depend on each other (`walk` needs `open_now` or `at`, `at` excludes `open_now`, an
    /// IANA zone name) cannot be said in OpenAPI, and the server rightly answers 400. The seed
    /// is fixed (a failure reproduces); hypothesis's health check on how many generated values
    /// the patterns filter out is off (it judges the generator, not the server).
    @Test(.timeLimit(.minutes(3))) func schemathesisFindsNoFailure() throws {
        let venv = Fixtures.repo(".build/serve-venv")
        let st = venv + "/bin/schemathesis"
        if !FileManager.default.isExecutableFile(atPath: st) {
            let made = try Fixtures.shell(
                "python3 -m venv '\(venv)' && '\(venv)/bin/pip' install -q schemathesis 2>&1 | tail -3")
            guard made.status == 0, FileManager.default.isExecutableFile(atPath: st) else {
                print("skipped: schemathesis cannot be installed (\(made.stdout)\(made.stderr))")
                return
            }
        }
        let db = try CLI.sampleDatabase(stations: true)
        let server = try ServeProcess(db: db, ["--rate", "100000", "--burst", "100000"])
        // Run in a temporary folder: schemathesis and hypothesis keep caches in the current one.
        let scratch = try Fixtures.temporaryFolder().path
        let r = try Fixtures.shell(
            "cd '\(scratch)' && '\(st)' run http://127.0.0.1:\(server.port)/v1/openapi.yaml --checks all"
                + " --exclude-checks positive_data_acceptance --max-examples 25 --no-color --seed 20261122"
                + " --suppress-health-check filter_too_much")
        #expect(r.status == 0, "\(r.stdout)\n\(r.stderr)")
        #expect(server.terminate() == 0)
    }
}
