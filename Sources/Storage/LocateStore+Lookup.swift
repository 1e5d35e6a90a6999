internal import GRDB
import Places

extension LocateStore {
    /// The kind and name (a toilet: its `title`; a station: its name, nil when it has none) of
    /// the active place with global id `DATASET/SOURCE_ID`, or nil when
    /// no active toilet or station has it.
    public func activePlace(globalID: String) throws -> (kind: PlaceKind, name: String?)? {
        guard let slash = globalID.firstIndex(of: "/") else { return nil }
        let dataset = String(globalID[..<slash])
        let sourceID = String(globalID[globalID.index(after: slash)...])
        let found: (kind: PlaceKind, rowID: Int64, name: String?)? = try read { db in
            for kind in PlaceKind.allCases {
                let row = try Row.fetchOne(
                    db,
                    sql: "SELECT id, name FROM \(kind.table) WHERE dataset = ? AND source_id = ? AND \(PlaceStatus.isActive())",
                    arguments: [dataset, sourceID])
                if let row { return (kind, row["id"], row["name"]) }
            }
            return nil
        }
        guard let found else { return nil }
        // A toilet is named by its title (name and address, operator, kind or position).
        guard found.kind == .toilets, let toilet = try toilets(rowIDs: [found.rowID]).first else {
            return (found.kind, found.name)
        }
        return (found.kind, toilet.title)
    }
}
