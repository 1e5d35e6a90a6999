extension IngestReport {
    /// Warnings of one kind: the same field and the same reason up to its first `:`.
    public struct WarningGroup: Sendable, Equatable {
        /// The field the warnings are about (`OTEVRENO`).
        public var field: String
        /// The reason up to its first `:` (`opening hours missing`).
        public var kind: String
        /// How many warnings the group holds.
        public var count: Int
    }

    /// The warnings grouped by field and kind, largest group first (ties by field, then
    /// kind, alphabetically).
    public var warningGroups: [WarningGroup] {
        var counts: [String: WarningGroup] = [:]
        for w in warnings {
            let kind = w.reason.split(separator: ":", maxSplits: 1).first.map(String.init) ?? w.reason
            counts["\(w.field): \(kind)", default: WarningGroup(field: w.field, kind: kind, count: 0)].count += 1
        }
        return counts.sorted { ($0.value.count, $1.key) > ($1.value.count, $0.key) }.map(\.value)
    }
}
