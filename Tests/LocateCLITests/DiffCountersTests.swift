import Foundation
import LocateTestSupport
import Places
import Storage
import Testing

/// Every path of a replication diff that changes a run's counters or the dataset's state,
/// through the release binary, on the real Helsinki extract at sequence 100
/// (`DiffIngestCommandTests.fixtures`): a chain of hand-written diffs per case, each applied
/// with `--changes FILE --sequence N` as a timer would, with the exact counters of every run
/// and the books checked after each (`DiffBooks`). Issue 35 §1: a diff with one rejected
/// record left the counters unbalanced, and every later diff failed on
/// `CHECK (accepted + rejected = read_count)`.
@Suite(
    .enabled(if: Fixtures.haveSharedDatasets, "../shared/datasets is absent: real-data tests skipped"),
    .enabled(if: Fixtures.haveTool("osmium"), "osmium (osmium-tool) is not installed: scripts/setup.sh --test"))
struct DiffCountersTests {
    /// A toilet node of the extract (amenity=toilets).
    static let toilet: Int64 = 103_678_074
    static let toiletAt = (lat: "60.1784922", lon: "24.9526551")
    /// A node of the toilet way 464733009.
    static let wayNode: Int64 = 4_598_135_913

    static func node(_ id: Int64, _ lat: String, _ lon: String, _ tags: [(String, String)]) -> String {
        let t = tags.map { "<tag k=\"\($0.0)\" v=\"\($0.1)\"/>" }.joined()
        return "<node id=\"\(id)\" version=\"99\" lat=\"\(lat)\" lon=\"\(lon)\">\(t)</node>"
    }
    static func toilets(_ id: Int64, _ lat: String, _ lon: String, fee: String = "no") -> String {
        node(id, lat, lon, [("amenity", "toilets"), ("fee", fee)])
    }
    static func doc(_ actions: [(String, [String])]) -> String {
        "<osmChange version=\"0.6\">" + actions.map { "<\($0.0)>" + $0.1.joined() + "</\($0.0)>" }.joined() + "</osmChange>"
    }

    /// What one diff of a case must leave: the run's counters (read, accepted, rejected;
    /// added, updated, unchanged, retired, reactivated) and the lines of its report beyond
    /// the two counter lines and the replication line.
    struct Step: Sendable {
        var osc: String
        var counters: [Int]
        var more: [String] = []
    }

    static let outside = DiffCountersTests.toilets(toilet, "50.0", "10.0")
    static func rejected(_ index: Int, _ id: Int64) -> String {
        "rejected feature \(index) (node/\(id)): geometry: position 50.000000,10.000000 (lat,lon) is outside the region "
            + "59.5..70.1 N, 19.0..31.6 E"
    }
    static let rejectedOutside = rejected(1, toilet)
    static let carried =
        "warning: 1 selected object(s) the diffs did not touch are not places (rejected by an earlier run, or retired by a report): counted as rejected again"

    static let cases: [(String, [Step])] = [
        (
            "a node moved out of the region, then a valid diff (issue 35 §1)",
            [
                Step(osc: doc([("modify", [outside])]), counters: [18, 17, 1, 0, 0, 17, 1, 0], more: [rejectedOutside]),
                Step(
                    osc: doc([("create", [toilets(9_000_000_001, "60.17", "24.945")])]),
                    counters: [19, 18, 1, 1, 0, 17, 0, 0], more: [carried]),
                Step(
                    osc: doc([("modify", [toilets(9_000_000_001, "60.17", "24.945", fee: "yes")])]),
                    counters: [19, 18, 1, 0, 1, 17, 0, 0], more: [carried]),
            ]
        ),
        (
            "the rejected node moves back",
            [
                Step(osc: doc([("modify", [outside])]), counters: [18, 17, 1, 0, 0, 17, 1, 0], more: [rejectedOutside]),
                Step(
                    osc: doc([("modify", [toilets(toilet, toiletAt.lat, toiletAt.lon)])]), counters: [18, 18, 0, 0, 0, 17, 0, 1]),
            ]
        ),
        (
            "the rejected node is deleted",
            [
                Step(osc: doc([("modify", [outside])]), counters: [18, 17, 1, 0, 0, 17, 1, 0], more: [rejectedOutside]),
                Step(
                    osc: doc([("delete", ["<node id=\"\(toilet)\" version=\"100\"/>"])]), counters: [17, 17, 0, 0, 0, 17, 0, 0]),
            ]
        ),
        (
            "a new toilet outside the region, then a valid diff",
            [
                Step(
                    osc: doc([("create", [toilets(9_000_000_004, "50.0", "10.0")])]), counters: [19, 18, 1, 0, 0, 18, 0, 0],
                    more: [rejected(1, 9_000_000_004)]),
                Step(
                    osc: doc([("create", [toilets(9_000_000_005, "60.17", "24.945")])]),
                    counters: [20, 19, 1, 1, 0, 18, 0, 0], more: [carried]),
            ]
        ),
        (
            "deletes of objects never seen",
            [
                Step(
                    osc: doc([
                        (
                            "delete",
                            [
                                "<node id=\"1\" version=\"2\"/>", "<way id=\"2\" version=\"2\"/>",
                                "<relation id=\"3\" version=\"2\"/>",
                            ]
                        )
                    ]), counters: [18, 18, 0, 0, 0, 18, 0, 0])
            ]
        ),
        (
            "a modify before its create",
            [
                Step(osc: doc([("modify", [toilets(9_000_000_002, "60.17", "24.945")])]), counters: [19, 19, 0, 1, 0, 18, 0, 0]),
                Step(osc: doc([("create", [toilets(9_000_000_002, "60.17", "24.945")])]), counters: [19, 19, 0, 0, 0, 19, 0, 0]),
            ]
        ),
        (
            "one object three times in one diff",
            [
                Step(
                    osc: doc([
                        ("create", [toilets(9_000_000_003, "60.17", "24.945")]),
                        (
                            "modify",
                            [toilets(9_000_000_003, "60.17", "24.945", fee: "yes"), toilets(9_000_000_003, "60.171", "24.946")]
                        ),
                    ]), counters: [19, 19, 0, 1, 0, 18, 0, 0])
            ]
        ),
        (
            "a tag removed: the node is no longer a toilet",
            [
                Step(
                    osc: doc([("modify", [node(toilet, toiletAt.lat, toiletAt.lon, [("level", "1")])])]),
                    counters: [17, 17, 0, 0, 0, 17, 1, 0])
            ]
        ),
        (
            "a node of a toilet way moves",
            [
                Step(
                    osc: doc([("modify", [node(wayNode, "60.1667025", "24.9532331", [])])]),
                    counters: [18, 18, 0, 0, 1, 17, 0, 0])
            ]
        ),
        (
            "a new toilet way whose nodes come in the next diff",
            [
                Step(
                    osc: doc([
                        (
                            "create",
                            [
                                "<way id=\"9100000001\" version=\"1\"><nd ref=\"9200000001\"/><nd ref=\"9200000002\"/>"
                                    + "<tag k=\"amenity\" v=\"toilets\"/></way>"
                            ]
                        )
                    ]), counters: [18, 18, 0, 0, 0, 18, 0, 0],
                    more: [
                        "warning: 1 object(s) pending: not placeable from the diffs alone, kept until the next full read",
                        "pending way/9100000001: 2 of its 2 nodes are neither in the diffs nor stored: not placed until the next full read",
                    ]),
                Step(
                    osc: doc([
                        ("create", [node(9_200_000_001, "60.17", "24.945", []), node(9_200_000_002, "60.1702", "24.9452", [])])
                    ]),
                    counters: [19, 19, 0, 1, 0, 18, 0, 0]),
            ]
        ),
    ]

    @Test(arguments: cases)
    func everyRunsBooksBalance(name: String, steps: [Step]) throws {
        let dir = try DiffIngestCommandTests.fixtures.get()
        let work = try Fixtures.temporaryFolder()
        let db = work.appendingPathComponent("books.sqlite").path
        let pipeline = try DiffIngestCommandTests.pipeline("base.osm.pbf", in: dir)
        try CLI.ingest([pipeline, "--db", db])
        var books = DiffBooks(db: db)
        #expect(
            try books.check()
                == DiffBooks.Counters(
                    read: 18, accepted: 18, rejected: 0, added: 18, updated: 0, unchanged: 0, retired: 0, reactivated: 0,
                    sequence: 100))
        for (i, step) in steps.enumerated() {
            let sequence = 101 + i
            let osc = try Fixtures.write(step.osc, name: "\(sequence).osc", in: work)
            let r = try CLI.run(["ingest", pipeline, "--db", db, "--changes", osc, "--sequence", String(sequence)])
            #expect(r.status == 0, "\(name), diff \(sequence): \(r.stderr)")
            let c = step.counters
            let expected =
                [
                    "ingested osm-toilets-helsinki-pbf into \(db) (run \(i + 2), dataset osm-toilets-helsinki): "
                        + "read \(c[0]), accepted \(c[1]), rejected \(c[2]), warnings 0",
                    "changes: \(c[3]) added, \(c[4]) updated, \(c[5]) unchanged, \(c[6]) retired, \(c[7]) reactivated",
                ] + step.more.filter { !$0.hasPrefix("pending ") } + ["replication: sequence \(sequence)"]
                + step.more.filter { $0.hasPrefix("pending ") }
            #expect(r.stderr == expected.joined(separator: "\n") + "\n", "\(name), diff \(sequence)")
            let run = try books.check()
            #expect(
                run
                    == DiffBooks.Counters(
                        read: c[0], accepted: c[1], rejected: c[2], added: c[3], updated: c[4], unchanged: c[5], retired: c[6],
                        reactivated: c[7], sequence: sequence), "\(name), diff \(sequence)")
        }
    }

    /// Issue 35 §2: a run of diffs is exempt from the reject limit (`RejectLimit`): a diff that
    /// moves a node out of the region is an edit to report, not a pipeline that does not fit
    /// its source. With `--max-reject-share 0` a full read rejecting 1 of 18 would fail; the
    /// diff is stored, and the next diff too (no wedge).
    @Test func aDiffWithARejectIsExemptFromTheRejectLimit() throws {
        let dir = try DiffIngestCommandTests.fixtures.get()
        let work = try Fixtures.temporaryFolder()
        let db = work.appendingPathComponent("limit.sqlite").path
        let pipeline = try DiffIngestCommandTests.pipeline("base.osm.pbf", in: dir)
        try CLI.ingest([pipeline, "--db", db])
        var books = DiffBooks(db: db)
        _ = try books.check()
        let diffs = [
            DiffCountersTests.doc([("modify", [DiffCountersTests.outside])]),
            DiffCountersTests.doc([("create", [DiffCountersTests.toilets(9_000_000_001, "60.17", "24.945")])]),
        ]
        let expected = [
            DiffBooks.Counters(
                read: 18, accepted: 17, rejected: 1, added: 0, updated: 0, unchanged: 17, retired: 1, reactivated: 0,
                sequence: 101),
            DiffBooks.Counters(
                read: 19, accepted: 18, rejected: 1, added: 1, updated: 0, unchanged: 17, retired: 0, reactivated: 0,
                sequence: 102),
        ]
        for (i, diff) in diffs.enumerated() {
            let sequence = 101 + i
            let osc = try Fixtures.write(diff, name: "\(sequence).osc", in: work)
            let r = try CLI.run([
                "ingest", pipeline, "--db", db, "--changes", osc, "--sequence", String(sequence), "--max-reject-share", "0",
            ])
            #expect(r.status == 0, "diff \(sequence): \(r.stderr)")
            #expect(try books.check() == expected[i], "diff \(sequence)")
        }
    }
}
