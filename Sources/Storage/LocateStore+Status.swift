internal import GRDB

extension LocateStore {
    /// The newest measurement time (RFC 3339, UTC) of each air dataset with a measurement,
    /// by dataset: how old the newest value of a feed is (`locate status`).
    public func newestMeasurementTimes() throws -> [String: String] {
        try read { db in
            let rows = try Row.fetchAll(
                db,
                sql: """
                    SELECT r.dataset AS dataset, max(m.measured_at) AS newest
                    FROM measurements m JOIN ingest_runs r ON r.id = m.run
                    WHERE m.value IS NOT NULL
                    GROUP BY r.dataset
                    """)
            var newest: [String: String] = [:]
            for row in rows {
                if let dataset: String = row["dataset"], let time: String = row["newest"] { newest[dataset] = time }
            }
            return newest
        }
    }
}
