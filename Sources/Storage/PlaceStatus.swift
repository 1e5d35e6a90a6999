/// Whether a stored place is current (`active`) or gone from its source (`retired`, kept
/// for history). The only place that spells the active-status rule in SQL, apart from the
/// `toilets_active` and `stations_active` views that the frozen migrations create.
enum PlaceStatus: String {
    /// In the newest input of its dataset.
    case active
    /// Absent from a later input; never deleted.
    case retired

    /// The SQL literal (`'active'`).
    var sql: String { "'\(rawValue)'" }

    /// `status = 'active'`, qualified by `alias` when given.
    static func isActive(_ alias: String? = nil) -> String { "\(alias.map { $0 + "." } ?? "")status = \(active.sql)" }
}
