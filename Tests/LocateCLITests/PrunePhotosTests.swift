import Foundation
import LocateTestSupport
import Testing

/// `locate review prune-photos`: photo files no contribution names go; named ones, recent
/// ones and files not named as photos stay (end to end with the built binary).
@Suite struct PrunePhotosTests {
    /// The sample database with contributions (#4 names the photo `abab…`), and a photo
    /// folder beside it: the named photo's pair, an orphan pair an hour and a half old, a
    /// recent orphan, and two files that are not stored photos.
    static func setUp() throws -> (db: String, folder: String, named: String, orphan: String, recent: String) {
        let db = try ReviewCommandTests.databaseWithContributions()
        let folder = db + ".photos"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        let named = String(repeating: "ab", count: 32)
        let orphan = String(repeating: "cd", count: 32)
        let recent = String(repeating: "ef", count: 32)
        let old = Date().addingTimeInterval(-90 * 60)
        for (name, bytes, modified) in [
            ("\(named).jpg", 100, old), ("\(named).thumb.jpg", 10, old), ("\(orphan).jpg", 300, old),
            ("\(orphan).thumb.jpg", 30, old), ("\(recent).jpg", 7, Date()), ("notes.txt", 5, old),
            ("\(orphan.uppercased()).jpg", 5, old),
        ] {
            let path = folder + "/" + name
            try Data(repeating: 0x41, count: bytes).write(to: URL(fileURLWithPath: path))
            try FileManager.default.setAttributes([.modificationDate: modified], ofItemAtPath: path)
        }
        return (db, folder, named, orphan, recent)
    }

    static func files(_ folder: String) throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: folder).sorted()
    }

    @Test func removesOnlyOldFilesNoContributionNames() throws {
        let s = try Self.setUp()
        let all = try Self.files(s.folder)
        let dry = try CLI.run(["review", "prune-photos", "--dry-run", "--db", s.db])
        #expect(dry.status == 0, "\(dry.stderr)")
        #expect(dry.stdout == "would remove 2 photo files (330 bytes) no contribution names from \(s.folder)\n")
        #expect(try Self.files(s.folder) == all)

        let json = try CLI.run(["review", "prune-photos", "--json", "--db", s.db])
        #expect(json.status == 0, "\(json.stderr)")
        #expect(
            json.stdout == """
                {
                  "bytes" : 330,
                  "dry_run" : false,
                  "files" : [
                    {
                      "bytes" : 300,
                      "file" : "\(s.orphan).jpg"
                    },
                    {
                      "bytes" : 30,
                      "file" : "\(s.orphan).thumb.jpg"
                    }
                  ],
                  "folder" : "\(s.folder)",
                  "schema" : "review-prune-photos/1"
                }

                """)
        #expect(
            try Self.files(s.folder)
                == ["\(s.orphan.uppercased()).jpg", "\(s.named).jpg", "\(s.named).thumb.jpg", "\(s.recent).jpg", "notes.txt"]
                .sorted())
        let again = try CLI.run(["review", "prune-photos", "--db", s.db])
        #expect(again.stdout == "no photo files to remove in \(s.folder)\n")
        // --min-age 0: the recent orphan goes too.
        let now = try CLI.run(["review", "prune-photos", "--min-age", "0", "--db", s.db])
        #expect(now.stdout == "removed 1 photo file (7 bytes) no contribution names from \(s.folder)\n")
    }

    @Test(.enabled(if: JSONSchemaCheck.available, "python3 with jsonschema is missing: schema checks skipped"))
    func documentFollowsItsSchema() throws {
        let s = try Self.setUp()
        let out = try CLI.run(["review", "prune-photos", "--dry-run", "--json", "--db", s.db])
        let path = try Fixtures.write(out.stdout, name: "prune.json")
        let verdicts = try JSONSchemaCheck.verdicts([
            JSONSchemaCheck.Document(name: "prune-photos", schema: "review-prune-photos", path: path)
        ])
        #expect(verdicts == ["ok prune-photos"])
    }

    @Test(arguments: [
        (["review", "prune-photos", "--min-age=-1"], 64, "--min-age must be 0 or more minutes"),
        (["review", "prune-photos", "--photos", "/dev/null"], 1, "/dev/null: the photo folder is not a folder"),
    ])
    func errors(args: [String], status: Int32, message: String) throws {
        let s = try Self.setUp()
        let r = try CLI.run(args + ["--db", s.db])
        #expect(r.status == status)
        #expect(r.stderr.contains(message), "\(r.stderr)")
    }

    /// A missing folder has nothing to prune.
    @Test func missingFolderHasNothing() throws {
        let s = try Self.setUp()
        let r = try CLI.run(["review", "prune-photos", "--photos", s.folder + "-none", "--db", s.db])
        #expect(r.status == 0)
        #expect(r.stdout == "no photo files to remove in \(s.folder)-none\n")
    }
}
