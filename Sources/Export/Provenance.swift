import Foundation
import GRDB
import Storage

/// The `locate` foreign member: where the data came from and when it was made.
struct Provenance {
    var count: Int
    var bbox: [String]
    var generatedAt: String
    var at: Date?
    /// One JSON object per dataset's newest run of each kind (a station dataset has station
    /// list runs and air runs), in dataset and kind order.
    var sources: [String]
    var licences: [(licence: String?, attribution: String?)]

    static func read(_ store: LocateStore, at: Date?, table: String = "toilets") throws -> Provenance {
        try store.reading { db in
            let box = try Row.fetchOne(
                db,
                sql:
                    "SELECT count(*) AS n, min(lon) AS w, min(lat) AS s, max(lon) AS e, max(lat) AS nn FROM \(table) WHERE status = 'active'"
            )
            let n: Int = box?["n"] ?? 0
            let bbox: [String] = n == 0 ? [] : ["w", "s", "e", "nn"].map { JSONText.degrees(box?[$0] ?? 0) }
            let runs = try Row.fetchAll(
                db,
                sql: """
                    SELECT r.* FROM ingest_runs r
                    WHERE r.id = (SELECT max(id) FROM ingest_runs r2 WHERE r2.dataset = r.dataset AND r2.kind = r.kind)
                      AND r.dataset IN (SELECT DISTINCT dataset FROM \(table) WHERE status = 'active')
                    ORDER BY r.dataset, r.kind
                    """)
            let newest = try String.fetchOne(db, sql: "SELECT max(finished_at) FROM ingest_runs") ?? "1970-01-01T00:00:00Z"
            let generated = at.map(isoUTCText) ?? newest
            func q(_ v: String?) -> String { v.map(JSONText.quoted) ?? "null" }
            let sources = runs.map { r -> String in
                let acc: Double? = r["proj_accuracy_m"]
                return
                    "{\"dataset\":\(q(r["dataset"])),\"kind\":\(q(r["kind"])),\"pipeline\":\(q(r["pipeline"])),\"source\":\(q(r["source"])),"
                    + "\"source_sha256\":\(q(r["source_sha256"])),\"ingested_at\":\(q(r["finished_at"])),"
                    + "\"source_crs\":\(q(r["source_crs"])),\"proj_operation\":\(q(r["proj_operation"])),"
                    + "\"proj_accuracy_m\":\(acc.map { JSONText.number($0) } ?? "null"),"
                    + "\"licence\":\(q(r["licence"])),\"attribution\":\(q(r["attribution"]))}"
            }
            return Provenance(
                count: n, bbox: bbox, generatedAt: generated, at: at, sources: sources,
                licences: distinctLicences(runs.map { ($0["licence"], $0["attribution"]) }))
        }
    }

    /// The generation time as a date (the newest ingest when no `at` was given).
    var generatedDate: Date { at ?? (try? Date(generatedAt, strategy: .iso8601)) ?? Date(timeIntervalSince1970: 0) }

    /// The collection's opening, up to and including `"features":[`.
    func json(dataset: String, count: Int, bbox: [String]) -> String {
        "{\"type\":\"FeatureCollection\",\"bbox\":[\(bbox.joined(separator: ","))],"
            + "\"locate\":{\"schema\":1,\"dataset\":\(JSONText.quoted(dataset)),\"generated_at\":\(JSONText.quoted(generatedAt)),"
            + "\"state_at\":\(at.map { JSONText.quoted(isoUTCText($0)) } ?? "null"),\"count\":\(count),"
            + "\"sources\":[\(sources.joined(separator: ","))]},\n\"features\":[\n"
    }
}

/// Each (licence, attribution) pair once, in first-seen order.
func distinctLicences(_ all: [(licence: String?, attribution: String?)]) -> [(licence: String?, attribution: String?)] {
    var seen: [(licence: String?, attribution: String?)] = []
    for l in all where !seen.contains(where: { $0.licence == l.licence && $0.attribution == l.attribution }) { seen.append(l) }
    return seen
}

/// `2026-11-21T10:00:00Z`.
func isoUTCText(_ d: Date) -> String {
    var f = Date.ISO8601FormatStyle()
    f.timeZone = TimeZone(identifier: "UTC") ?? .gmt
    return d.formatted(f)
}
