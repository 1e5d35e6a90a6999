/// `backup/1`: `locate backup DEST --json` and `locate restore SRC --json`.
public struct BackupDocument: Encodable, Sendable {
    /// `backup/1`.
    public let schema = "backup/1"
    /// `backup` or `restore`.
    public var operation: String
    /// The database copied (backup) or the copy restored (restore).
    public var from: String
    /// The file written.
    public var to: String
    /// Its size in bytes.
    public var bytes: Int64
    /// Rows per table that holds data, by table name.
    public var rows: [String: Int]
    /// Files in the photo folder beside the file written (`<to>.photos`).
    public var photos: Int
    /// Always "ok": a copy that fails `PRAGMA integrity_check` is not put in place.
    public let integrity = "ok"

    /// The document of a backup or a restore (`operation`) from `from`.
    public init(operation: String, from: String, _ summary: DatabaseBackup.Summary) {
        self.operation = operation
        self.from = from
        to = summary.path
        bytes = summary.bytes
        rows = summary.rows
        photos = summary.photos
    }

    /// `12 toilets, 0 stations, 3 ingest_runs, 2 contributions, 40,960 bytes`.
    public static func counts(_ summary: DatabaseBackup.Summary) -> String {
        let tables = summary.rows.keys.sorted { a, b in
            (DatabaseBackup.countedOrder(a), a) < (DatabaseBackup.countedOrder(b), b)
        }
        let photos = summary.photos > 0 ? ["\(summary.photos) photo files in \(summary.path).photos"] : []
        return (tables.map { "\(summary.rows[$0] ?? 0) \($0)" } + photos + ["\(summary.bytes) bytes"]).joined(separator: ", ")
    }
}
