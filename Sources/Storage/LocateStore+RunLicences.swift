import GRDB

/// The licence and attribution an ingest run recorded from its pipeline.
public struct RunLicence: Sendable, Equatable {
    /// Licence of the data, as the pipeline states it.
    public var licence: String?
    /// Attribution the licence requires.
    public var attribution: String?
}

extension LocateStore {
    /// The licence and attribution of every ingest run, by run id (`locate runs --json` and
    /// ingest reports use it; the records of `runs()` carry the same two values).
    public func runLicences() throws -> [Int: RunLicence] {
        try read { db in
            try Row.fetchAll(db, sql: "SELECT id, licence, attribution FROM ingest_runs").reduce(into: [:]) { all, r in
                all[r["id"]] = RunLicence(licence: r["licence"], attribution: r["attribution"])
            }
        }
    }
}
