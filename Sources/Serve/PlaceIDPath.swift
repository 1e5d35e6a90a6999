/// The rewriting `PlaceIDPaths` does, on a path alone (no responder, so tests call it as it is).
enum PlaceIDPath {
    /// The routes under `/v1/toilets/{dataset}/{id}/` that follow an id.
    static var suffixes: Set<Substring> { ["edits", "reports", "photos"] }

    /// `path` (with its query) with a toilet id's slashes encoded, or nil when it names no
    /// id with a slash: `/v1/toilets/d/node/1` → `/v1/toilets/d/node%2F1`,
    /// `/v1/toilets/d/way/2/reports?x` → `/v1/toilets/d/way%2F2/reports?x`.
    static func encoded(_ path: String) -> String? {
        let query = path.firstIndex(of: "?")
        let route = path[..<(query ?? path.endIndex)]
        guard route.hasPrefix("/v1/toilets/") else { return nil }
        // "", "v1", "toilets", dataset, id segments…, [suffix]
        let parts = route.split(separator: "/", omittingEmptySubsequences: false)
        guard parts.count >= 6, !parts[3].isEmpty else { return nil }
        var id = parts[4...]
        var suffix: Substring?
        if let last = id.last, suffixes.contains(last), id.count >= 2 {
            suffix = last
            id = id.dropLast()
        }
        guard id.count >= 2, !id.contains(where: \.isEmpty) else { return nil }
        let head = "/v1/toilets/\(parts[3])/" + id.joined(separator: "%2F")
        return head + (suffix.map { "/\($0)" } ?? "") + (query.map { String(path[$0...]) } ?? "")
    }
}
