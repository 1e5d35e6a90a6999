public import Foundation

/// Where API answers are kept by default: one folder per run below `<db>.responses/`,
/// named by the run's UTC start time (`2026-11-22T031504.123Z`), so that names sort by time.
public enum ResponseArchive {
    /// The folder of all runs of the database at `db`.
    public static func root(for db: String) -> String { db + ".responses" }

    /// The folder for a run started at `time`.
    public static func folder(for db: String, at time: Date) -> String {
        var f = Date.ISO8601FormatStyle(includingFractionalSeconds: true)
        f.timeZone = TimeZone(identifier: "UTC") ?? .gmt
        return root(for: db) + "/" + time.formatted(f).replacingOccurrences(of: ":", with: "")
    }

    /// Removes all but the newest `keep` run folders of the database at `db` (folders whose
    /// names are not run times are left alone). Returns the names removed, oldest first.
    public static func prune(db: String, keep: Int) throws -> [String] {
        let root = root(for: db)
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: root) else { return [] }
        let runs = names.filter(isRunName).sorted()
        let old = runs.dropLast(max(0, keep))
        for name in old {
            do {
                try FileManager.default.removeItem(atPath: root + "/" + name)
            } catch {
                throw IngestError.unreadable(path: root + "/" + name, reason: "cannot remove an old response folder")
            }
        }
        return Array(old)
    }

    /// `2026-11-22T031504Z` or `2026-11-22T031504.123Z`.
    static func isRunName(_ name: String) -> Bool {
        let b = Array(name.utf8)
        guard b.count >= 18, b[4] == 0x2D, b[7] == 0x2D, b[10] == 0x54, b.last == 0x5A else { return false }
        let digits = [0, 1, 2, 3, 5, 6, 8, 9, 11, 12, 13, 14, 15, 16]
        return digits.allSatisfy { b[$0] >= 0x30 && b[$0] <= 0x39 }
    }
}
