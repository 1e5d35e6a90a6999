import Foundation
import LocateTestSupport
import Places
import Storage
import Testing

/// The bad-input corpus (issue 10, "Tests that must exist"): every file of `bad-input/`
/// is run through the real `locate` binary against a copy of one template database, and
/// must end with the exit code and message its line of `bad-input/expectations.tsv` gives,
/// leave the database content as it says (`same`: `contentDigest()` unchanged), and never
/// write a control character other than a newline to stderr.
@Suite struct BadInputCorpusTests {
    static let folder = Fixtures.repo("Tests/LocateCLITests/bad-input")
    static let relativeFolder = "Tests/LocateCLITests/bad-input"

    /// One line of `expectations.tsv`: file, runner, exit code, `same` or `changed`, and the
    /// message (a substring of stderr, or after `=` the whole of it).
    struct Expectation: Sendable, CustomTestStringConvertible {
        var file: String
        var runner: String
        var status: Int32
        var unchanged: Bool
        var message: String
        var testDescription: String { file }
    }

    static let expectations: [Expectation] = {
        guard let text = try? String(contentsOfFile: folder + "/expectations.tsv", encoding: .utf8) else { return [] }
        return text.split(separator: "\n").filter { !$0.hasPrefix("#") && !$0.isEmpty }.map { line in
            let f = line.split(separator: "\t", maxSplits: 4, omittingEmptySubsequences: false).map(String.init)
            return Expectation(
                file: f[0], runner: f.count > 1 ? f[1] : "", status: f.count > 2 ? Int32(f[2]) ?? -1 : -1,
                unchanged: f.count > 3 && f[3] == "same", message: f.count > 4 ? f[4] : "")
        }
    }()

    @Test func everyFileHasOneExpectationAndEveryExpectationAFile() throws {
        let files = Set(try FileManager.default.contentsOfDirectory(atPath: Self.folder)).subtracting(["expectations.tsv"])
        let named = Self.expectations.map(\.file)
        #expect(named.count == Set(named).count, "a file has two expectations")
        #expect(files.subtracting(named).sorted() == [], "files without an expectation")
        #expect(Set(named).subtracting(files).sorted() == [], "expectations without a file")
        #expect(files.count >= 60)
        for e in Self.expectations {
            #expect(Self.runners.keys.contains(e.runner) || e.runner.hasPrefix("air:"), "\(e.file): unknown runner \(e.runner)")
            #expect([0, 1, 64].contains(e.status), "\(e.file): exit code \(e.status)")
            #expect(!e.message.isEmpty, "\(e.file): no expected message")
        }
    }

    /// Runners: the pipeline each input is ingested with (`--source FILE`), or the file
    /// itself as the pipeline.
    static let runners: [String: String?] = [
        "toilets": "pipelines/prague-toilets-sample.yml",
        "toilets-2026": "pipelines/prague-toilets-2026.yml",
        "stations-legacy": "pipelines/gios-stations-legacy-2019.yml",
        "stations-v1": "pipelines/gios-stations-v1.yml",
        "pipeline": nil,
    ]

    @Test(arguments: expectations)
    func fileEndsAsExpected(_ e: Expectation) throws {
        let template = try Self.template.get()
        let dir = try Fixtures.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: dir) }
        let db = dir.appendingPathComponent("corpus.sqlite").path
        try FileManager.default.copyItem(atPath: template.path, toPath: db)
        let file = Self.relativeFolder + "/" + e.file
        var arguments: [String]
        if e.runner.hasPrefix("air:") {
            // The sample's answer folder with one answer replaced by the corpus file.
            let answers = dir.appendingPathComponent("answers").path
            try FileManager.default.copyItem(atPath: Fixtures.repo("datasets/gios-air-sample"), toPath: answers)
            let target = answers + "/" + e.runner.dropFirst(4)
            try FileManager.default.removeItem(atPath: target)
            try FileManager.default.copyItem(atPath: Fixtures.repo(file), toPath: target)
            arguments = ["ingest", "pipelines/gios-air-sample.yml", "--source", answers]
        } else if let pipeline = try #require(Self.runners[e.runner], "unknown runner \(e.runner)") {
            arguments = ["ingest", pipeline, "--source", file]
        } else {
            arguments = ["ingest", file]
        }
        let r = try CLI.run(arguments + ["--db", db])
        #expect(r.status == e.status, "\(e.file): stderr \(r.stderr)")
        let stderr = r.stderr.hasSuffix("\n") ? String(r.stderr.dropLast()) : r.stderr
        if e.message.hasPrefix("=") {
            #expect(stderr == String(e.message.dropFirst()))
        } else {
            #expect(stderr.contains(e.message), "\(e.file): stderr \(r.stderr)")
        }
        #expect(!r.stderr.unicodeScalars.contains { $0.value < 0x20 && $0 != "\n" }, "a raw control character in stderr")
        let digest = try LocateStore(readingAt: db).contentDigest()
        #expect((digest == template.digest) == e.unchanged, "\(e.file): database \(e.unchanged ? "changed" : "unchanged")")
    }

    /// The template: the toilet and station samples ingested once per test process.
    struct Template: Sendable {
        var path: String
        var digest: String
    }

    static let template: Result<Template, any Error> = Result {
        let db = try Fixtures.temporaryFolder().appendingPathComponent("template.sqlite").path
        for pipeline in ["pipelines/prague-toilets-sample.yml", "pipelines/gios-stations-sample.yml"] {
            let r = try CLI.run(["ingest", pipeline, "--db", db])
            guard r.status == 0 else { throw TemplateError(message: "locate ingest \(pipeline) exited \(r.status): \(r.stderr)") }
        }
        return Template(path: db, digest: try LocateStore(readingAt: db).contentDigest())
    }

    struct TemplateError: Error, CustomStringConvertible {
        var message: String
        var description: String { message }
    }
}
