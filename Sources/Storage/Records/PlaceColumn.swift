/// What fills a column of a place table: the store's bookkeeping, the fields every place
/// record has, or the kind's own fields (with the column's type in the staging table).
enum ColumnRole: Equatable {
    /// Set by the store (`id`, `dataset`, `status`, `first_run`, `changed_run`).
    case bookkeeping
    /// From `PlaceRecord` (`source_id`, `source_index`, `match_key`, `properties`, `lon`,
    /// `lat`, `content_hash`).
    case common
    /// The kind's own field; the staging column's SQL type.
    case own(String)
}

/// The column keys of a place table's record: the table's one column declaration.
protocol PlaceColumn: CodingKey, CaseIterable, RawRepresentable<String> {
    /// Who fills the column.
    var role: ColumnRole { get }
}

extension PlaceColumn {
    /// The kind's own columns, in declaration order, with their staging types.
    static var ownColumns: [(column: Self, type: String)] {
        allCases.compactMap { c in
            if case .own(let type) = c.role { return (c, type) }
            return nil
        }
    }
}
