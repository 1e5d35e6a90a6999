import Foundation
import LocateTestSupport
import Testing

/// The path a new user walks, on the binary users run: `make test` points `LOCATE_BIN` at
/// the release build (the one `make demo` builds), so these tests, and every other
/// end-to-end test, run it. Issue 23: the release binary crashed on every air-data ingest
/// while the suite, run on the debug build only, passed.
@Suite struct ReleaseTourTests {
    /// CI runs the suite through `make test`, which must hand the tests the release binary.
    @Test func ciRunsTheReleaseBinary() {
        guard ProcessInfo.processInfo.environment["CI"] == "true" else { return }
        #expect(Fixtures.runsReleaseBinary, "CI ran the end-to-end tests on \(Fixtures.locateBinary), not the release build")
    }

    /// The commands of `make demo` (read from the Makefile, so the two cannot differ) print
    /// exactly README's quick-start block.
    @Test func quickStartPrintsWhatReadmeShows() throws {
        let folder = try Fixtures.temporaryFolder()
        let db = folder.appendingPathComponent("demo.sqlite").path
        var printed = ""
        for arguments in try ReleaseTour.demoCommands(db: db) {
            let r = try CLI.run(arguments)
            try #require(r.status == 0, "locate \(arguments.joined(separator: " ")) exited \(r.status): \(r.stderr)")
            printed += r.stderr + r.stdout
        }
        let readme = try ReleaseTour.readmeQuickStartBlock()
        #expect(printed.replacingOccurrences(of: db, with: "demo.sqlite") == readme)
    }

    /// Every shipped pipeline that runs without the internet, on the release binary, with
    /// the query that follows it in README's tour. A new pipeline file must join this table.
    @Test(arguments: ReleaseTour.pipelines)
    func shippedPipelineRuns(_ p: ReleaseTour.Pipeline) throws {
        if p.needsShared && !Fixtures.haveSharedDatasets {
            print("skipped \(p.file): ../shared/datasets is absent")
            return
        }
        let db = try Fixtures.temporaryFolder().appendingPathComponent("tour.sqlite").path
        var server: TestServer?
        defer { server?.stop() }
        for step in p.steps {
            var arguments = step.map { $0.replacingOccurrences(of: "DB", with: db) }
            if arguments.contains(where: { $0.contains("FAKE") }) {
                let fake = try server ?? TestServer.fakeGIOS()
                server = fake
                arguments = arguments.map { $0.replacingOccurrences(of: "FAKE", with: "http://127.0.0.1:\(fake.port)") }
            }
            if let i = arguments.firstIndex(of: "PIPELINE_WITH_STATIONS_552") {
                arguments[i] = try ReleaseTour.airPipeline552()
            }
            let r = try CLI.run(arguments)
            #expect(r.status == 0, "locate \(arguments.joined(separator: " ")) exited \(r.status): \(r.stderr)")
            if arguments.first == "ingest" {
                #expect(r.stdout.hasPrefix("ingested ") || r.stderr.hasPrefix("ingested "), "\(r.stdout)\(r.stderr)")
            } else {
                #expect(!r.stdout.isEmpty, "locate \(arguments.joined(separator: " ")) printed nothing")
            }
        }
    }

    /// The table above names every file in pipelines/: an offline one with its steps, an
    /// online one with the reason it is left to the fault-server tests.
    @Test func everyPipelineFileIsInTheTour() throws {
        let files = try FileManager.default.contentsOfDirectory(atPath: Fixtures.repo("pipelines"))
            .filter { $0.hasSuffix(".yml") }.sorted()
        let named = Set(ReleaseTour.pipelines.map(\.file)).union(ReleaseTour.onlineOnly.keys)
        #expect(files == named.sorted())
    }

    /// One command of each of README's command sections, on the sample database.
    @Test(arguments: ReleaseTour.commands)
    func readmeCommandRuns(_ command: ReleaseTour.Command) throws {
        let db = try ReleaseTour.sampleDatabaseWithStations()
        let arguments = command.arguments.map { $0.replacingOccurrences(of: "DB", with: db) }
        let r = try CLI.run(arguments)
        #expect(r.status == command.status, "locate \(arguments.joined(separator: " ")): \(r.stderr)")
        if command.prints.isEmpty {
            #expect(r.stdout.isEmpty, "locate \(arguments.joined(separator: " ")) printed: \(r.stdout)")
        } else {
            #expect(r.stdout.contains(command.prints), "locate \(arguments.joined(separator: " ")) printed: \(r.stdout)")
        }
    }
}
