public import GRDB
public import Storage

extension LocateStore {
    /// Test-only: runs a read-only query on the store's file through a connection of its own
    /// and returns the rows (the store itself speaks only domain reads).
    public func testRows(sql: String, arguments: StatementArguments = StatementArguments()) throws -> [Row] {
        var config = Configuration()
        config.readonly = true
        let queue = try DatabaseQueue(path: path, configuration: config)
        return try queue.read { db in try Row.fetchAll(db, sql: sql, arguments: arguments) }
    }
}
