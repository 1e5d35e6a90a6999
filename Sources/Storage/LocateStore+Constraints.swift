internal import GRDB

extension LocateStore {
    /// The CHECK constraints of `table` as the schema declares them: the expression inside
    /// each `CHECK (…)` of its `CREATE TABLE` text in `sqlite_master` (SQLite appends the
    /// columns `ALTER TABLE … ADD COLUMN` added to that text), in order. Read from the
    /// schema, so a first load that inserts with `ignore_check_constraints` checks exactly
    /// what SQLite would have checked, and no list of allowed values is written twice.
    static func checkConstraints(_ db: Database, table: String) throws -> [String] {
        guard
            let sql = try String.fetchOne(
                db, sql: "SELECT sql FROM sqlite_master WHERE type = 'table' AND name = ?", arguments: [table])
        else { throw StorageError.sqlFailed(sql: "constraint check", reason: "no table \(table)") }
        return try checkExpressions(in: sql, table: table)
    }

    /// The expressions of every `CHECK (…)` in `sql`: the keyword as a whole word outside
    /// quotes, then its balanced parentheses (quotes inside them skipped whole).
    static func checkExpressions(in sql: String, table: String) throws -> [String] {
        let b = Array(sql.utf8)
        func isWordByte(_ c: UInt8) -> Bool {
            (c >= 0x30 && c <= 0x39) || (c >= 0x41 && c <= 0x5A) || (c >= 0x61 && c <= 0x7A) || c == 0x5F || c >= 0x80
        }
        /// The index after the quoted text that starts at `i` (`'…'`, `"…"`, `` `…` `` or `[…]`).
        func skipQuoted(_ i: Int) -> Int {
            let close: UInt8 = b[i] == UInt8(ascii: "[") ? UInt8(ascii: "]") : b[i]
            var j = i + 1
            while j < b.count {
                if b[j] == close {
                    // A doubled quote is an escaped quote.
                    if close != UInt8(ascii: "]"), j + 1 < b.count, b[j + 1] == close {
                        j += 2
                        continue
                    }
                    return j + 1
                }
                j += 1
            }
            return j
        }
        let quotes: Set<UInt8> = [UInt8(ascii: "'"), UInt8(ascii: "\""), UInt8(ascii: "`"), UInt8(ascii: "[")]
        let keyword = Array("check".utf8)
        var found: [String] = []
        var i = 0
        while i < b.count {
            if quotes.contains(b[i]) {
                i = skipQuoted(i)
                continue
            }
            let isKeyword =
                i + keyword.count <= b.count && (i == 0 || !isWordByte(b[i - 1]))
                && zip(b[i..<(i + keyword.count)], keyword).allSatisfy { $0 | 0x20 == $1 }
                && (i + keyword.count == b.count || !isWordByte(b[i + keyword.count]))
            guard isKeyword else {
                if isWordByte(b[i]) {
                    while i < b.count, isWordByte(b[i]) { i += 1 }
                } else {
                    i += 1
                }
                continue
            }
            var j = i + keyword.count
            while j < b.count, b[j] == 0x20 || b[j] == 0x09 || b[j] == 0x0A || b[j] == 0x0D { j += 1 }
            guard j < b.count, b[j] == UInt8(ascii: "(") else {
                throw StorageError.sqlFailed(sql: "constraint check", reason: "cannot read a CHECK of \(table)")
            }
            let start = j + 1
            var depth = 1
            j += 1
            while j < b.count, depth > 0 {
                if quotes.contains(b[j]) {
                    j = skipQuoted(j)
                    continue
                }
                if b[j] == UInt8(ascii: "(") { depth += 1 }
                if b[j] == UInt8(ascii: ")") { depth -= 1 }
                j += 1
            }
            guard depth == 0 else {
                throw StorageError.sqlFailed(sql: "constraint check", reason: "cannot read a CHECK of \(table)")
            }
            found.append(String(decoding: b[start..<(j - 1)], as: UTF8.self))
            i = j
        }
        return found
    }

    /// Names the first new row that breaks a CHECK constraint and the constraint, as SQLite's
    /// own message would (`CHECK constraint failed: …`).
    static func failConstraintCheck(
        _ db: Database, table: String, checks: [String], newRowsFrom firstID: Int64, count: Int
    ) throws -> Never {
        for check in checks {
            if let id = try String.fetchOne(
                db, sql: "SELECT source_id FROM \(table) WHERE id >= ? AND NOT (\(check)) ORDER BY id LIMIT 1",
                arguments: [firstID])
            {
                throw StorageError.sqlFailed(
                    sql: "INSERT record '\(id)'",
                    reason: "CHECK constraint failed: \(check) (\(count) new \(count == 1 ? "row breaks" : "rows break") a CHECK)"
                )
            }
        }
        throw StorageError.sqlFailed(sql: "constraint check", reason: "\(count) new rows break a CHECK constraint")
    }
}
