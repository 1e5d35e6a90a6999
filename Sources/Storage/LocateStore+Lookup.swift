internal import GRDB

extension LocateStore {
    /// The kind and name (nil: it has none) of the active place with global id `DATASET/SOURCE_ID`, or nil when
    /// no active toilet or station has it.
    public func activePlace(globalID: String) throws -> (kind: PlaceKind, name: String?)? {
        guard let slash = globalID.firstIndex(of: "/") else { return nil }
        let dataset = String(globalID[..<slash])
        let sourceID = String(globalID[globalID.index(after: slash)...])
        return try read { db in
            for kind in PlaceKind.allCases {
                let row = try Row.fetchOne(
                    db, sql: "SELECT name FROM \(kind.table) WHERE dataset = ? AND source_id = ? AND \(PlaceStatus.isActive())",
                    arguments: [dataset, sourceID])
                if let row { return (kind, row["name"]) }
            }
            return nil
        }
    }
}
