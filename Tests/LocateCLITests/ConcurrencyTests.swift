import Foundation
import LocateTestSupport
import Testing

/// Readers never fail while data changes (issue 10 item 13; 2.2 % of queries failed with
/// `database is locked` before WAL): two reader processes query in a loop while four
/// ingests alternate two versions of the data; every answer is one of the two committed
/// states and none fails.
@Suite struct ConcurrencyTests {
    /// A bash loop running the read command until `stop` exists (at most 400 times), writing
    /// each answer and exit status into `folder`.
    static func reader(_ db: String, folder: String, stop: String) throws -> Process {
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        let query = (TwoStates.queryArguments + ["--db", db]).map { "'\($0)'" }.joined(separator: " ")
        let script = """
            n=0
            while [ ! -e '\(stop)' ] && [ $n -lt 400 ]; do
              n=$((n+1))
              '\(CLI.binary)' \(query) > '\(folder)'/$n.out 2> '\(folder)'/$n.err
              echo $? > '\(folder)'/$n.status
            done
            """
        let p = Process()
        p.executableURL = URL(fileURLWithPath: "/bin/bash")
        p.arguments = ["-c", script]
        p.currentDirectoryURL = Fixtures.packageRoot
        p.environment = ProcessInfo.processInfo.environment.filter { $0.key != "LOCATE_DB" }
        try p.run()
        return p
    }

    @Test func readersNeverFailWhileIngestsCommit() throws {
        let states = try TwoStates(count: 1000)
        let db = states.path("c.sqlite")
        let other = states.path("b.sqlite")
        try states.prepare(before: db, after: other)
        let answers = try Set([states.query(db).stdout, states.query(other).stdout])
        try #require(answers.count == 2, "setup: the two states answer alike")
        let stop = states.path("stop")
        let folders = [states.path("reader-1"), states.path("reader-2")]
        let readers = try folders.map { try ConcurrencyTests.reader(db, folder: $0, stop: stop) }
        defer { readers.forEach(Fixtures.stop) }
        for source in [states.b, states.a, states.b, states.a] {
            try states.ingest(source, db: db)
        }
        FileManager.default.createFile(atPath: stop, contents: nil)
        readers.forEach { $0.waitUntilExit() }
        var count = 0
        for folder in folders {
            let names = try FileManager.default.contentsOfDirectory(atPath: folder).filter { $0.hasSuffix(".status") }
            for name in names {
                let base = folder + "/" + name.dropLast(".status".count)
                let status = try String(contentsOfFile: base + ".status", encoding: .utf8)
                let err = try String(contentsOfFile: base + ".err", encoding: .utf8)
                let out = try String(contentsOfFile: base + ".out", encoding: .utf8)
                #expect(status == "0\n", "\(base): \(err)")
                #expect(answers.contains(out), "\(base): an answer of neither state: \(out)")
                count += 1
            }
        }
        // Both readers ran during the ingests.
        #expect(count >= 4)
    }
}
