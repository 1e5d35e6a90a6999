import Foundation
import GRDB
import LocateTestSupport
import Places
import Storage
import Testing

/// Approved contributions through re-ingests, their JSON documents and the privacy promise,
/// end to end with the built binary (issue 14).
@Suite struct ReviewFlowTests {
    /// The sample with its first feature's hours changed, written to a temporary file.
    static func sampleWithChangedHours() throws -> String {
        let text = try String(contentsOfFile: Fixtures.repo("datasets/prague-toilets-sample.geojson"), encoding: .utf8)
        let changed = text.replacingOccurrences(of: "\"po-ne 9:00-21:00\"", with: "\"po-ne 8:00-20:00\"")
        #expect(changed != text)
        return try Fixtures.write(changed, name: "changed.geojson")
    }

    static func locate(_ args: [String], status: Int32 = 0) throws -> (stdout: String, stderr: String) {
        let r = try CLI.run(args)
        #expect(r.status == status, "locate \(args.joined(separator: " ")): \(r.stderr)")
        return (r.stdout, r.stderr)
    }

    @Test func editAndGoneSurviveSameDataAndAChangedSourceIsAConflict() throws {
        let db = try ReviewCommandTests.databaseWithContributions()
        let pipeline = "pipelines/prague-toilets-sample.yml"
        _ = try Self.locate(["review", "approve", "1", "--as", "eva", "--db", db])
        _ = try Self.locate(["review", "approve", "3", "--as", "eva", "--db", db])
        let same = try Self.locate(["ingest", pipeline, "--db", db])
        #expect(same.stderr.contains("changes: 0 added, 0 updated, 12 unchanged, 0 retired, 0 reactivated\n"))
        #expect(!same.stderr.contains("conflicts"))
        let store = try LocateStore(readingAt: db)
        let rows = try store.testRows(sql: "SELECT hours_text, status FROM toilets ORDER BY id LIMIT 2")
        #expect(rows.map { $0["hours_text"] as String? } == ["Mo-Su 07:00-22:00", "nonstop"])
        #expect(rows.map { $0["status"] as String } == ["active", "retired"])

        let changed = try Self.locate(["ingest", pipeline, "--source", try Self.sampleWithChangedHours(), "--db", db, "--json"])
        #expect(changed.stdout.contains("\"conflicts\" : 1"))
        #expect(
            changed.stderr.contains(
                "conflicts: 1 approved edits met a changed source value (kept the source's): see `locate review conflicts`\n"))
        let after = try LocateStore(readingAt: db).testRows(sql: "SELECT hours_text FROM toilets ORDER BY id LIMIT 1")
        #expect(after.first?["hours_text"] == "po-ne 8:00-20:00")
        let conflicts = try Self.locate(["review", "conflicts", "--db", db])
        #expect(
            conflicts.stdout == """
                ID  TARGET                                                  FIELD  SOURCE WAS          EDIT                 SOURCE NOW          RUN
                #1  prague-toilets-sample/b7c62809f17d@50.087400,14.420760  hours  "po-ne 9:00-21:00"  "Mo-Su 07:00-22:00"  "po-ne 8:00-20:00"    5

                """)
        let list = try Self.locate(["review", "list", "--status", "approved", "--db", db])
        #expect(list.stdout.contains("approved (conflict)"))
        _ = try Self.locate(["review", "approve", "1", "--as", "eva", "--db", db])
        let back = try LocateStore(readingAt: db).testRows(sql: "SELECT hours_text FROM toilets ORDER BY id LIMIT 1")
        #expect(back.first?["hours_text"] == "Mo-Su 07:00-22:00")
        _ = try Self.locate(["review", "conflicts", "--db", db], status: 3)
    }

    @Test(.enabled(if: JSONSchemaCheck.available, "python3 with jsonschema is missing: schema checks skipped"))
    func reviewDocumentsFollowTheirSchemas() throws {
        let db = try ReviewCommandTests.databaseWithContributions()
        let dir = try Fixtures.temporaryFolder()
        var documents: [JSONSchemaCheck.Document] = []
        func keep(_ name: String, _ schema: String, _ args: [String], status: Int32 = 0) throws {
            let out = try Self.locate(args + ["--json", "--db", db], status: status)
            let path = dir.appendingPathComponent("\(documents.count).json").path
            try out.stdout.write(toFile: path, atomically: true, encoding: .utf8)
            documents.append(JSONSchemaCheck.Document(name: name, schema: schema, path: path))
        }
        try keep("review list", "review-list", ["review", "list"])
        for id in 1...4 { try keep("review show \(id)", "review-show", ["review", "show", "\(id)"]) }
        try keep("review approve 1", "review-decision", ["review", "approve", "1", "--as", "eva"])
        try keep("review approve 2", "review-decision", ["review", "approve", "2", "--as", "eva"])
        try keep("review reject 4", "review-decision", ["review", "reject", "4", "--reason", "blurred", "--as", "eva"])
        try keep(
            "ingest with a conflict", "ingest-report",
            ["ingest", "pipelines/prague-toilets-sample.yml", "--source", try Self.sampleWithChangedHours()])
        try keep("review conflicts", "review-conflicts", ["review", "conflicts"])
        try keep("review show 1 (conflict)", "review-show", ["review", "show", "1"])
        try keep("review list --status all", "review-list", ["review", "list", "--status", "all"])
        _ = try Self.locate(["token", "create", "eva", "--db", db])
        try keep("token list", "token-list", ["token", "list"])
        let verdicts = try JSONSchemaCheck.verdicts(documents)
        #expect(verdicts == documents.map { "ok \($0.name)" })
    }

    /// Approved contributions carry the community licence and attribution into exports:
    /// an edit of another dataset's toilet as much as a new community toilet.
    @Test func exportsNameTheCommunityLicenceOnceContributionsAreApplied() throws {
        let db = try ReviewCommandTests.databaseWithContributions()
        let before = try Self.locate(["export", "geojson", "--db", db]).stdout
        #expect(!before.contains("ODbL-1.0"))
        _ = try Self.locate(["review", "approve", "1", "--as", "eva", "--db", db])
        let edited = try Self.locate(["export", "geojson", "--db", db]).stdout
        #expect(edited.contains("ODbL-1.0"))
        #expect(edited.contains("© locate contributors"))
        _ = try Self.locate(["review", "approve", "2", "--as", "eva", "--db", db])
        let snapshot = try Fixtures.temporaryFolder().appendingPathComponent("snap").path
        _ = try Self.locate(["export", "snapshot", "--out", snapshot, "--db", db])
        let manifest = try String(contentsOfFile: snapshot + "/manifest.json", encoding: .utf8)
        #expect(manifest.contains("\"community\""))
        #expect(manifest.contains("ODbL-1.0"))
    }

    /// Contact and client hash are kept for maintainers only: no export, snapshot or query
    /// answer of a database with approved contributions carries them.
    @Test func contactAndClientHashNeverLeaveTheReviewCommands() throws {
        let db = try ReviewCommandTests.databaseWithContributions()
        for id in ["1", "2", "4"] { _ = try Self.locate(["review", "approve", id, "--as", "eva", "--db", db]) }
        let secrets = ["privacy-contact@example.org", "c0ffee-client-hash"]
        // The maintainers' own view has them (so the search below can find them).
        let own = try Self.locate(["review", "list", "--status", "all", "--json", "--db", db]).stdout
        #expect(secrets.allSatisfy { own.contains($0) })
        var outputs: [(String, String)] = []
        outputs.append(("export geojson", try Self.locate(["export", "geojson", "--db", db]).stdout))
        outputs.append(
            (
                "toilet --json",
                try Self.locate(["toilet", "--near", "50.0851,14.4222", "--limit", "20", "--json", "--db", db]).stdout
            ))
        outputs.append(("toilet", try Self.locate(["toilet", "--near", "50.0851,14.4222", "--limit", "20", "--db", db]).stdout))
        outputs.append(("runs --json", try Self.locate(["runs", "--json", "--db", db]).stdout))
        let snapshot = try Fixtures.temporaryFolder().appendingPathComponent("snap").path
        _ = try Self.locate(["export", "snapshot", "--out", snapshot, "--db", db])
        let folder = URL(fileURLWithPath: snapshot).resolvingSymlinksInPath().path
        let files = FileManager.default.enumerator(atPath: folder)?.compactMap { $0 as? String } ?? []
        #expect(files.contains("manifest.json"))
        for file in files {
            let path = folder + "/" + file
            var isDir: ObjCBool = false
            guard FileManager.default.fileExists(atPath: path, isDirectory: &isDir), !isDir.boolValue else { continue }
            let data = try Data(contentsOf: URL(fileURLWithPath: path))
            outputs.append(("snapshot \(file)", String(decoding: data, as: UTF8.self)))
        }
        #expect(outputs.contains { $0.1.contains("community/c1") || $0.1.contains("\"c1\"") })
        for (name, text) in outputs {
            for secret in secrets { #expect(!text.contains(secret), "\(name) carries \(secret)") }
        }
    }
}
