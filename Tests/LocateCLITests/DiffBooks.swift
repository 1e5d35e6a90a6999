import Foundation
import GRDB
import LocateTestSupport
import Places
import Storage
import Testing

/// The books of a dataset's runs, checked after every run a test makes: each run's counters
/// add up (`accepted + rejected = read`, every accepted record counted once as added,
/// updated, unchanged or reactivated), and the active places follow from the run before
/// (`active = before + added + reactivated − retired`), whatever the run's diffs brought.
struct DiffBooks {
    let db: String
    let dataset: String
    /// Active places after the last run checked; nil before the first.
    private(set) var active: Int?
    /// Runs checked so far.
    private(set) var runs = 0

    init(db: String, dataset: String = "osm-toilets-helsinki") {
        self.db = db
        self.dataset = dataset
    }

    /// One run's counters, as `locate runs --json` shows them.
    struct Counters: Equatable, CustomStringConvertible {
        var read, accepted, rejected, added, updated, unchanged, retired, reactivated: Int
        var sequence: Int?

        var description: String {
            "read \(read), accepted \(accepted), rejected \(rejected); \(added) added, \(updated) updated, "
                + "\(unchanged) unchanged, \(retired) retired, \(reactivated) reactivated; sequence \(sequence.map(String.init) ?? "none")"
        }
    }

    /// Every run of the database, oldest first.
    static func counters(_ db: String) throws -> [Counters] {
        let r = try CLI.run(["runs", "--db", db, "--json"])
        try #require(r.status == 0, "locate runs: \(r.stderr)")
        let doc = try JSONSerialization.jsonObject(with: Data(r.stdout.utf8)) as? [String: Any]
        let runs = try #require(doc?["runs"] as? [[String: Any]], "runs --json: \(r.stdout)")
        return try runs.map { run in
            func n(_ key: String) throws -> Int { try #require(run[key] as? Int, "runs --json: no \(key) in \(run)") }
            return Counters(
                read: try n("read"), accepted: try n("accepted"), rejected: try n("rejected"), added: try n("added"),
                updated: try n("updated"), unchanged: try n("unchanged"), retired: try n("retired"),
                reactivated: try n("reactivated"), sequence: run["replication_sequence"] as? Int)
        }
    }

    /// The active places of the dataset now.
    func activeNow() throws -> Int {
        let rows = try LocateStore(readingAt: db).testRows(
            sql: "SELECT count(*) AS n FROM toilets WHERE status = 'active' AND dataset = ?", arguments: [dataset])
        return rows.first.map { $0["n"] as Int } ?? -1
    }

    /// Checks the runs made since the last call (one: the common case; none only when
    /// `allowingNone`) and returns the last one's counters.
    @discardableResult
    mutating func check(allowingNone: Bool = false, sourceLocation: SourceLocation = #_sourceLocation) throws -> Counters? {
        let all = try DiffBooks.counters(db)
        if all.count == runs, allowingNone { return all.last }
        try #require(all.count > runs, "no new run", sourceLocation: sourceLocation)
        for c in all[runs...] {
            #expect(c.accepted + c.rejected == c.read, "books of \(c)", sourceLocation: sourceLocation)
            #expect(
                c.added + c.updated + c.unchanged + c.reactivated == c.accepted, "accepted records of \(c)",
                sourceLocation: sourceLocation)
        }
        let now = try activeNow()
        if let active, all.count == runs + 1, let c = all.last {
            #expect(
                active + c.added + c.reactivated - c.retired == now, "active places after \(c): \(now), before \(active)",
                sourceLocation: sourceLocation)
        }
        if let c = all.last { #expect(c.accepted == now, "accepted = active places after \(c)", sourceLocation: sourceLocation) }
        active = now
        runs = all.count
        return all.last
    }
}
