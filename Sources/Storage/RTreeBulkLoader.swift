internal import CSpatial
import Foundation
import GRDB

/// Fills SpatiaLite's R*Tree for a place table's `geom` (an SQLite `rtree` virtual table,
/// `idx_<table>_geom`) in one pass with Sort-Tile-Recursive packing, writing its shadow
/// tables (`_node`, `_rowid`, `_parent`) in SQLite's documented node format: 2-byte depth
/// (root only), 2-byte cell count, then cells of an 8-byte id and float32 min/max per axis,
/// all big-endian, with min rounded down and max rounded up. Inserting row by row costs
/// ~7 s per million points; packing costs well under one. `CheckSpatialIndex` and
/// `rtreecheck` verify the result in tests.
enum RTreeBulkLoader {
    struct Entry: Sendable {
        var id: Int64
        var minX: Float
        var maxX: Float
        var minY: Float
        var maxY: Float
    }

    /// Replaces the tree's content (`idx_<table>_geom`) with every row of `table`; `packed`,
    /// when given, is every row's, packed beforehand (a first load's, `FirstLoadCapture`),
    /// else the rows are read and packed here.
    static func rebuild(_ db: Database, table: String, packed given: Packed? = nil) throws {
        let idx = "idx_\(table)_geom"
        let packed: Packed
        if let given {
            packed = given
        } else {
            var level: [Entry] = []
            let rows = try Row.fetchCursor(db, sql: "SELECT id, lon, lat FROM \(table)")
            while let r = try rows.next() { level.append(Entry(id: r[0], longitude: r[1], latitude: r[2])) }
            packed = pack(level, nodeSize: try nodeSize(db, table: table))
        }
        guard packed.nodeSize == (try nodeSize(db, table: table)) else {
            throw StorageError.sqlFailed(sql: "\(idx)_node", reason: "the tree was packed for another node size")
        }
        try db.execute(
            sql: "DELETE FROM \(idx)_node; DELETE FROM \(idx)_rowid; DELETE FROM \(idx)_parent")
        let insertNode = try db.makeStatement(sql: "INSERT INTO \(idx)_node (nodeno, data) VALUES (?, ?)")
        let insertParent = try db.makeStatement(sql: "INSERT INTO \(idx)_parent (nodeno, parentnode) VALUES (?, ?)")
        let nodeSize = packed.nodeSize
        guard let levels = packed.levels else {
            // Everything fits in the root, a leaf at depth 0.
            try insertNode.execute(arguments: [1, Data(node(packed.root, depth: 0, size: nodeSize))])
            try insertRowIDs(db, idx: idx, packed.rowids)
            return
        }
        let (depth, numbers) = (levels.count, packed.numbers)
        try insertNode.execute(arguments: [1, Data(node(packed.root, depth: depth, size: nodeSize))])
        for n in numbers[depth - 1] { try insertParent.execute(arguments: [n, 1]) }
        for l in stride(from: depth - 1, through: 0, by: -1) {
            for (g, group) in levels[l].enumerated() {
                var cells = group
                if l > 0 {
                    for i in cells.indices { cells[i].id = numbers[l - 1][Int(cells[i].id)] }
                    for c in cells { try insertParent.execute(arguments: [c.id, numbers[l][g]]) }
                }
                try insertNode.execute(arguments: [numbers[l][g], Data(node(cells, depth: 0, size: nodeSize))])
            }
        }
        try insertRowIDs(db, idx: idx, packed.rowids)
    }

    /// The size of a node of the tree of `table` (its root's, which an empty tree has too).
    static func nodeSize(_ db: Database, table: String) throws -> Int {
        let nodeSize = try Int.fetchOne(db, sql: "SELECT length(data) FROM idx_\(table)_geom_node WHERE nodeno = 1") ?? 0
        guard (nodeSize - 4) / 24 >= 4 else {
            throw StorageError.sqlFailed(sql: "idx_\(table)_geom_node", reason: "unexpected node size \(nodeSize)")
        }
        return nodeSize
    }

    /// A tree packed bottom-up (`pack`), not written yet.
    struct Packed: Sendable {
        let nodeSize: Int
        /// The root's cells; their ids are the top level's node numbers (or the rows' ids
        /// when everything fits in the root: `levels` is nil then).
        let root: [Entry]
        /// The nodes of each level, the leaves first; a parent's cell's id is its child
        /// group's index in the level below.
        let levels: [[[Entry]]]?
        /// The node number of each group of each level (the root is 1).
        let numbers: [[Int64]]
        /// Each row's id and its leaf's node number, in row id order (the `_rowid` table's
        /// rows, inserted in key order).
        let rowids: [(Int64, Int64)]
    }

    /// Packs `level` (every row's entry) into nodes of `nodeSize` bytes: pure computation, so
    /// it can run on a thread of its own (`FirstLoadCapture`).
    static func pack(_ level: [Entry], nodeSize: Int) -> Packed {
        let capacity = (nodeSize - 4) / 24
        guard level.count > capacity else {
            let rowids = level.map { ($0.id, Int64(1)) }.sorted { $0.0 < $1.0 }
            return Packed(nodeSize: nodeSize, root: level, levels: nil, numbers: [], rowids: rowids)
        }
        // Pack bottom-up; node numbers are given top-down at the end so the root is 1.
        var levels: [[[Entry]]] = []
        var current = level
        while current.count > capacity {
            let groups = pack(current, capacity: capacity)
            levels.append(groups)
            // A parent entry's id is its child group's index until node numbers are known.
            current = groups.enumerated().map { index, group in
                var b = bounds(group)
                b.id = Int64(index)
                return b
            }
        }
        // current (≤ capacity entries) is the root's content; levels.last are its children.
        let depth = levels.count
        var nextNumber: Int64 = 2
        var numbers: [[Int64]] = Array(repeating: [], count: depth)
        for l in stride(from: depth - 1, through: 0, by: -1) {
            numbers[l] = levels[l].indices.map { _ in
                defer { nextNumber += 1 }
                return nextNumber
            }
        }
        // Root: cells point at the top level's nodes.
        var rootCells = current
        for i in rootCells.indices { rootCells[i].id = numbers[depth - 1][Int(rootCells[i].id)] }
        var rowids: [(Int64, Int64)] = []
        rowids.reserveCapacity(level.count)
        for (g, group) in levels[0].enumerated() { for e in group { rowids.append((e.id, numbers[0][g])) } }
        rowids.sort { $0.0 < $1.0 }
        return Packed(nodeSize: nodeSize, root: rootCells, levels: levels, numbers: numbers, rowids: rowids)
    }

    /// One row per point (a million for a million points): bound and stepped directly,
    /// without GRDB's per-call argument handling.
    /// `pairs` in row id order (`Packed.rowids`).
    private static func insertRowIDs(_ db: Database, idx: String, _ pairs: [(Int64, Int64)]) throws {
        let st = try db.makeStatement(sql: "INSERT INTO \(idx)_rowid (rowid, nodeno) VALUES (?, ?)")
        let s = st.sqliteStatement
        for (id, n) in pairs {
            sqlite3_reset(s)
            sqlite3_bind_int64(s, 1, id)
            sqlite3_bind_int64(s, 2, n)
            guard sqlite3_step(s) == SQLITE_DONE else {
                let reason = String(cString: sqlite3_errmsg(db.sqliteConnection))
                sqlite3_reset(s)
                throw StorageError.sqlFailed(sql: "INSERT INTO \(idx)_rowid", reason: reason)
            }
        }
        sqlite3_reset(s)
    }

    /// Sort-Tile-Recursive: vertical slices by x, each sorted by y, cut into full nodes.
    static func pack(_ entries: [Entry], capacity: Int) -> [[Entry]] {
        let leaves = (entries.count + capacity - 1) / capacity
        let slices = Int(Double(leaves).squareRoot().rounded(.up))
        let perSlice = slices * capacity
        let byX = sorted(entries[...]) { $0.minX + $0.maxX }
        var groups: [[Entry]] = []
        groups.reserveCapacity(leaves)
        var start = 0
        while start < byX.count {
            let slice = sorted(byX[start..<min(start + perSlice, byX.count)]) { $0.minY + $0.maxY }
            var i = slice.startIndex
            while i < slice.endIndex {
                groups.append(Array(slice[i..<min(i + capacity, slice.endIndex)]))
                i += capacity
            }
            start += perSlice
        }
        return groups
    }

    /// `entries` in increasing (`center`, id) order. Ids are unique, so the order is total
    /// and any sort gives the same answer: with ids under 2^32, one sort of 64-bit keys (the
    /// centre's order-preserving bits above the id), several times faster than comparing
    /// tuples in a closure; otherwise the tuples.
    static func sorted(_ entries: ArraySlice<Entry>, center: (Entry) -> Float) -> [Entry] {
        guard entries.allSatisfy({ $0.id >= 0 && $0.id <= Int64(UInt32.max) }) else {
            return entries.sorted { (center($0), $0.id) < (center($1), $1.id) }
        }
        var keys: [(key: UInt64, at: Int)] = []
        keys.reserveCapacity(entries.count)
        for i in entries.indices {
            // -0 as +0 (equal as floats); then negative values flipped whole, positive ones
            // above them: unsigned order is float order.
            let bits = (center(entries[i]) + 0).bitPattern
            let ordered = bits & 0x8000_0000 != 0 ? ~bits : bits | 0x8000_0000
            keys.append((UInt64(ordered) << 32 | UInt64(entries[i].id), i))
        }
        keys.sort { $0.key < $1.key }
        return keys.map { entries[$0.at] }
    }

    static func bounds(_ group: [Entry]) -> Entry {
        var b = Entry(id: 0, minX: .infinity, maxX: -.infinity, minY: .infinity, maxY: -.infinity)
        for e in group {
            b.minX = min(b.minX, e.minX)
            b.maxX = max(b.maxX, e.maxX)
            b.minY = min(b.minY, e.minY)
            b.maxY = max(b.maxY, e.maxY)
        }
        return b
    }

    static func node(_ cells: [Entry], depth: Int, size: Int) -> [UInt8] {
        var out = [UInt8](repeating: 0, count: size)
        out[0] = UInt8(depth >> 8)
        out[1] = UInt8(depth & 0xFF)
        out[2] = UInt8(cells.count >> 8)
        out[3] = UInt8(cells.count & 0xFF)
        var at = 4
        func put64(_ v: UInt64) {
            for s in stride(from: 56, through: 0, by: -8) {
                out[at] = UInt8(truncatingIfNeeded: v >> UInt64(s))
                at += 1
            }
        }
        func put32(_ v: UInt32) {
            for s in stride(from: 24, through: 0, by: -8) {
                out[at] = UInt8(truncatingIfNeeded: v >> UInt32(s))
                at += 1
            }
        }
        for c in cells {
            put64(UInt64(bitPattern: c.id))
            put32(c.minX.bitPattern)
            put32(c.maxX.bitPattern)
            put32(c.minY.bitPattern)
            put32(c.maxY.bitPattern)
        }
        return out
    }

    /// The largest float not above `v`.
    static func down(_ v: Double) -> Float {
        let f = Float(v)
        return Double(f) > v ? f.nextDown : f
    }

    /// The smallest float not below `v`.
    static func up(_ v: Double) -> Float {
        let f = Float(v)
        return Double(f) < v ? f.nextUp : f
    }
}

extension RTreeBulkLoader.Entry {
    /// The entry of a point: its box rounded outwards to floats.
    init(id: Int64, longitude x: Double, latitude y: Double) {
        self.init(
            id: id, minX: RTreeBulkLoader.down(x), maxX: RTreeBulkLoader.up(x), minY: RTreeBulkLoader.down(y),
            maxY: RTreeBulkLoader.up(y))
    }
}
