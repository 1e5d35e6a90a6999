import Foundation
import LocateTestSupport
import Testing

/// Every shell example of README.md and docs/*.md runs against the binary under test and
/// prints what the text shows (CONTRIBUTING.md, "Examples in docs"). `LOCATE_UPDATE_DOCS=1`
/// rewrites the shown outputs from the actual ones, keeping lines with masks that still match.
@Suite struct DocExampleTests {
    /// A document with examples, and what its session needs.
    struct Document: Sendable, CustomTestStringConvertible {
        var path: String
        /// Runs a pipeline that reads `../shared/datasets`, or names that folder.
        var needsShared: Bool
        /// Names `demo.sqlite`, the database `make demo` leaves: the session starts with it.
        var needsDemo: Bool
        var testDescription: String { path }
    }

    /// README.md and every docs/*.md, in name order.
    static let documents: [Document] = {
        let docs: [String]
        do {
            docs = try FileManager.default.contentsOfDirectory(atPath: Fixtures.repo("docs"))
        } catch {
            // A document that cannot be read fails its test, naming it (never a silent skip).
            return [Document(path: "docs/ (not listable: \(error))", needsShared: false, needsDemo: false)]
        }
        let paths = ["README.md"] + docs.filter { $0.hasSuffix(".md") }.sorted().map { "docs/" + $0 }
        return paths.map { path in
            let text = (try? String(contentsOfFile: Fixtures.repo(path), encoding: .utf8)) ?? ""
            let commands = ((try? DocExamples.parse(text)) ?? []).map(\.command)
            return Document(
                path: path, needsShared: commands.contains(where: readsSharedData),
                needsDemo: commands.contains { $0.contains("demo.sqlite") })
        }
    }()

    /// True when a command names `shared/datasets` or a pipeline whose source is there.
    static func readsSharedData(_ command: String) -> Bool {
        if command.contains("shared/datasets") { return true }
        let words = command.split(whereSeparator: { $0 == " " || $0 == "\n" })
        return words.contains { word in
            guard word.hasPrefix("pipelines/"), word.hasSuffix(".yml"),
                let pipeline = try? String(contentsOfFile: Fixtures.repo(String(word)), encoding: .utf8)
            else { return false }
            return pipeline.contains("shared/datasets")
        }
    }

    @Test(arguments: documents.filter { !$0.needsShared })
    func examplesPrintWhatTheTextShows(_ document: Document) throws {
        try check(document)
    }

    @Test(
        .enabled(if: Fixtures.haveSharedDatasets, "../shared/datasets is absent: documents with real-data examples skipped"),
        arguments: documents.filter(\.needsShared))
    func realDataExamplesPrintWhatTheTextShows(_ document: Document) throws {
        try check(document)
    }

    /// Runs the document's examples in one session and records one issue per example whose
    /// output differs; with `LOCATE_UPDATE_DOCS=1` rewrites the document instead.
    private func check(_ document: Document) throws {
        let url = URL(fileURLWithPath: Fixtures.repo(document.path))
        let text = try String(contentsOf: url, encoding: .utf8)
        let examples: [DocExample]
        do {
            examples = try DocExamples.parse(text)
        } catch let problem as DocExamples.LayoutProblem {
            Issue.record("\(document.path):\(problem.line): \(problem.message)")
            return
        }
        guard !examples.isEmpty else { return }
        let runner = try DocExampleRunner(withDemo: document.needsDemo)
        let outcomes = try runner.run(examples)
        if ProcessInfo.processInfo.environment["LOCATE_UPDATE_DOCS"] == "1" {
            var lines = text.components(separatedBy: "\n")
            for outcome in outcomes.reversed() where !outcome.passed {
                let range = outcome.example.outputLines
                lines.replaceSubrange(range, with: DocExamples.updated(outcome.example.expected, outcome.actual))
            }
            try Data(lines.joined(separator: "\n").utf8).write(to: url)
            return
        }
        for outcome in outcomes where !outcome.passed {
            Issue.record(
                """
                \(document.path):\(outcome.example.line): the output of
                $ \(outcome.example.command)
                differs from the text (- shown, + printed; LOCATE_UPDATE_DOCS=1 rewrites it):
                \(DocExamples.difference(outcome.example.expected, outcome.actual))
                """)
        }
    }
}
