import Foundation
internal import GRDB

/// The tables of OSM replication (migration `v11-osm-replication`): what a replication diff
/// starts from (docs/pipelines.md, "Replication diffs").
enum OSMStateSchema {
    static let sql = """
        ALTER TABLE ingest_runs ADD COLUMN replication_sequence INTEGER CHECK (replication_sequence >= 0);
        ALTER TABLE ingest_runs ADD COLUMN replication_timestamp TEXT;
        CREATE TABLE osm_objects (
            dataset TEXT NOT NULL,
            osm_type TEXT NOT NULL CHECK (osm_type IN ('node', 'way', 'relation')),
            osm_id INTEGER NOT NULL,
            tags TEXT NOT NULL,
            refs TEXT NOT NULL,
            lon TEXT,
            lat TEXT,
            pending TEXT,
            PRIMARY KEY (dataset, osm_type, osm_id)
        ) WITHOUT ROWID;
        CREATE TABLE osm_way_nodes (
            dataset TEXT NOT NULL,
            node_id INTEGER NOT NULL,
            way_id INTEGER NOT NULL,
            lat_nano INTEGER NOT NULL CHECK (lat_nano BETWEEN -90000000000 AND 90000000000),
            lon_nano INTEGER NOT NULL CHECK (lon_nano BETWEEN -180000000000 AND 180000000000),
            PRIMARY KEY (dataset, node_id, way_id)
        ) WITHOUT ROWID;
        CREATE TABLE osm_pending (
            run_id INTEGER NOT NULL REFERENCES ingest_runs (id) ON DELETE CASCADE,
            osm_id TEXT NOT NULL,
            reason TEXT NOT NULL,
            PRIMARY KEY (run_id, osm_id)
        ) WITHOUT ROWID;
        """
}

/// One OSM object a dataset's places come from (a row of `osm_objects`): its tags and
/// references as JSON text, written and read by `Ingest` (which knows their shape), and
/// the place the last run gave it.
public struct OSMObjectRecord: Sendable, Equatable {
    /// The dataset.
    public var dataset: String
    /// `node`, `way` or `relation`.
    public var osmType: String
    /// The OSM id.
    public var osmID: Int64
    /// Tags, as JSON `[[key, value], …]`.
    public var tags: String
    /// A way's node ids or a relation's members, as JSON (`[]` for a node).
    public var refs: String
    /// Where the last run placed it (decimal text), nil when it was not placed.
    public var lon: String?
    /// See `lon`.
    public var lat: String?
    /// Why it is pending, when it is.
    public var pending: String?

    /// A record.
    public init(
        dataset: String, osmType: String, osmID: Int64, tags: String, refs: String, lon: String?, lat: String?,
        pending: String?
    ) {
        self.dataset = dataset
        self.osmType = osmType
        self.osmID = osmID
        self.tags = tags
        self.refs = refs
        self.lon = lon
        self.lat = lat
        self.pending = pending
    }
}

/// A node of a stored way, with its position (a row of `osm_way_nodes`: the side table
/// from node id to way id that lets a moved node move its way's place).
public struct OSMWayNodeRecord: Sendable, Equatable {
    /// The dataset.
    public var dataset: String
    /// The node.
    public var nodeID: Int64
    /// A stored way that has it.
    public var wayID: Int64
    /// Latitude in 1e-9 degrees.
    public var latNano: Int64
    /// Longitude in 1e-9 degrees.
    public var lonNano: Int64

    /// A record.
    public init(dataset: String, nodeID: Int64, wayID: Int64, latNano: Int64, lonNano: Int64) {
        self.dataset = dataset
        self.nodeID = nodeID
        self.wayID = wayID
        self.latNano = latNano
        self.lonNano = lonNano
    }
}

/// An OSM object a run could not place from replication diffs alone (`osm_pending`).
public struct PendingObject: Sendable, Equatable, Encodable {
    /// `way/123`.
    public var osmID: String
    /// Why, as a short lower-case fragment.
    public var reason: String

    /// A pending object.
    public init(osmID: String, reason: String) {
        self.osmID = osmID
        self.reason = reason
    }

    private enum CodingKeys: String, CodingKey { case osmID = "osm_id", reason }
}

/// The stored OSM state of one dataset and the replication state of its newest run.
public struct StoredOSMState: Sendable {
    /// Its objects.
    public var objects: [OSMObjectRecord]
    /// The nodes of its stored ways.
    public var wayNodes: [OSMWayNodeRecord]
    /// The newest run of the dataset (before this one).
    public var run: Int64
    /// That run's replication sequence and timestamp.
    public var sequence: Int64?
    /// See `sequence`.
    public var timestamp: String?
}

extension PlaceStager {
    /// The OSM state of the dataset as the runs before this one left it, or nil when none
    /// is stored (its runs did not read a PBF extract).
    public func osmState() throws -> StoredOSMState? {
        let row = try Row.fetchOne(
            db,
            sql: """
                SELECT id, replication_sequence, replication_timestamp FROM ingest_runs
                WHERE dataset = ? AND kind = 'toilets' AND id < ? ORDER BY id DESC LIMIT 1
                """, arguments: [self.dataset, run])
        guard let row else { return nil }
        let dataset = self.dataset
        // Columns by index, rows by cursor: a name is looked up case-insensitively (a
        // lowercased copy of it per row and column), a country's state is tens of thousands.
        var objects: [OSMObjectRecord] = []
        let objectRows = try Row.fetchCursor(
            db, sql: "SELECT osm_type, osm_id, tags, refs, lon, lat, pending FROM osm_objects WHERE dataset = ?",
            arguments: [dataset])
        while let r = try objectRows.next() {
            objects.append(
                OSMObjectRecord(
                    dataset: dataset, osmType: r[0], osmID: r[1], tags: r[2], refs: r[3], lon: r[4], lat: r[5], pending: r[6]))
        }
        guard !objects.isEmpty || row["replication_sequence"] != nil else { return nil }
        var nodes: [OSMWayNodeRecord] = []
        let nodeRows = try Row.fetchCursor(
            db, sql: "SELECT node_id, way_id, lat_nano, lon_nano FROM osm_way_nodes WHERE dataset = ?", arguments: [dataset])
        while let r = try nodeRows.next() {
            nodes.append(OSMWayNodeRecord(dataset: dataset, nodeID: r[0], wayID: r[1], latNano: r[2], lonNano: r[3]))
        }
        return StoredOSMState(
            objects: objects, wayNodes: nodes, run: row["id"], sequence: row["replication_sequence"],
            timestamp: row["replication_timestamp"])
    }

    /// The replication sequence the dataset's newest run (before this one) left it at; nil
    /// when it has none (no run, or one that read no extract with a sequence).
    public func replicationSequence() throws -> Int64? {
        try Int64.fetchOne(
            db,
            sql: """
                SELECT replication_sequence FROM ingest_runs
                WHERE dataset = ? AND kind = 'toilets' AND id < ? ORDER BY id DESC LIMIT 1
                """, arguments: [self.dataset, run])
    }

    /// Replaces the OSM state of the dataset (none: a source other than a PBF extract) and
    /// records this run's pending objects.
    public func replaceOSMState(objects: [OSMObjectRecord], wayNodes: [OSMWayNodeRecord], pending: [PendingObject]) throws {
        try db.execute(sql: "DELETE FROM osm_objects WHERE dataset = ?", arguments: [self.dataset])
        try db.execute(sql: "DELETE FROM osm_way_nodes WHERE dataset = ?", arguments: [self.dataset])
        let object = try db.makeStatement(
            sql:
                "INSERT INTO osm_objects (dataset, osm_type, osm_id, tags, refs, lon, lat, pending) VALUES (?, ?, ?, ?, ?, ?, ?, ?)"
        )
        for o in objects {
            try object.execute(arguments: [o.dataset, o.osmType, o.osmID, o.tags, o.refs, o.lon, o.lat, o.pending])
        }
        let node = try db.makeStatement(
            sql: "INSERT INTO osm_way_nodes (dataset, node_id, way_id, lat_nano, lon_nano) VALUES (?, ?, ?, ?, ?)")
        for n in wayNodes { try node.execute(arguments: [n.dataset, n.nodeID, n.wayID, n.latNano, n.lonNano]) }
        for p in pending {
            try db.execute(
                sql: "INSERT INTO osm_pending (run_id, osm_id, reason) VALUES (?, ?, ?)", arguments: [run, p.osmID, p.reason])
        }
    }
}

/// The rows of a dataset's OSM state a run of replication diffs changed
/// (`PlaceStager.updateOSMState`): rows to write (new or changed) and keys of rows to drop.
public struct OSMStateChanges: Sendable {
    /// Objects new or changed.
    public var objects: [OSMObjectRecord] = []
    /// Objects gone: `osm_type`, `osm_id`.
    public var removedObjects: [(osmType: String, osmID: Int64)] = []
    /// Way nodes new or moved.
    public var wayNodes: [OSMWayNodeRecord] = []
    /// Way nodes gone: node id, way id.
    public var removedWayNodes: [(nodeID: Int64, wayID: Int64)] = []

    /// No changes.
    public init() {}
}

extension PlaceStager {
    /// Writes only the rows of the OSM state a run of diffs changed (the others stay as
    /// they are) and records this run's pending objects.
    public func updateOSMState(_ changes: OSMStateChanges, pending: [PendingObject]) throws {
        let dropObject = try db.makeStatement(
            sql: "DELETE FROM osm_objects WHERE dataset = ? AND osm_type = ? AND osm_id = ?")
        for o in changes.removedObjects { try dropObject.execute(arguments: [dataset, o.osmType, o.osmID]) }
        let object = try db.makeStatement(
            sql: """
                INSERT OR REPLACE INTO osm_objects (dataset, osm_type, osm_id, tags, refs, lon, lat, pending)
                VALUES (?, ?, ?, ?, ?, ?, ?, ?)
                """)
        for o in changes.objects {
            try object.execute(arguments: [o.dataset, o.osmType, o.osmID, o.tags, o.refs, o.lon, o.lat, o.pending])
        }
        let dropNode = try db.makeStatement(
            sql: "DELETE FROM osm_way_nodes WHERE dataset = ? AND node_id = ? AND way_id = ?")
        for n in changes.removedWayNodes { try dropNode.execute(arguments: [dataset, n.nodeID, n.wayID]) }
        let node = try db.makeStatement(
            sql: "INSERT OR REPLACE INTO osm_way_nodes (dataset, node_id, way_id, lat_nano, lon_nano) VALUES (?, ?, ?, ?, ?)")
        for n in changes.wayNodes { try node.execute(arguments: [n.dataset, n.nodeID, n.wayID, n.latNano, n.lonNano]) }
        for p in pending {
            try db.execute(
                sql: "INSERT INTO osm_pending (run_id, osm_id, reason) VALUES (?, ?, ?)", arguments: [run, p.osmID, p.reason])
        }
    }
}

extension LocateStore {
    /// The pending objects of each run that has some.
    /// The objects run `run` left pending, by OSM id.
    static func pendingByRun(_ db: Database, run: Int) throws -> [PendingObject] {
        try Row.fetchAll(db, sql: "SELECT osm_id, reason FROM osm_pending WHERE run_id = ? ORDER BY osm_id", arguments: [run])
            .map { PendingObject(osmID: $0["osm_id"], reason: $0["reason"]) }
    }

    static func pendingByRun(_ db: Database) throws -> [Int: [PendingObject]] {
        var out: [Int: [PendingObject]] = [:]
        for row in try Row.fetchAll(db, sql: "SELECT run_id, osm_id, reason FROM osm_pending ORDER BY run_id, osm_id") {
            out[row["run_id"], default: []].append(PendingObject(osmID: row["osm_id"], reason: row["reason"]))
        }
        return out
    }
}
