public import OSMPBF

/// Why a basemap cannot be built.
public enum BasemapError: Error, Equatable, CustomStringConvertible {
    /// The extract cannot be read (its PBF error names the file and the block).
    case unreadable(PBFError)
    /// The extract holds nothing the basemap draws.
    case empty(path: String)
    /// The ways would be filed into shards more than `limit` times in all (ways that each
    /// cross many shards).
    case tooDense(path: String, limit: Int)
    /// The ways would be filed into more than `limit` shards (an extract too large for a page's
    /// map, or a way that crosses much of the world).
    case tooLarge(path: String, shards: Int, limit: Int)

    /// A short lower-case message the CLI prints after `error:`.
    public var description: String {
        switch self {
        case .unreadable(let e):
            return "basemap: \(e)"
        case .empty(let path):
            return "basemap: \(path) holds no streets, paths, railways, water or parks to draw"
        case .tooDense(let path, let limit):
            return "basemap: \(path): its ways cross more than \(limit) shards in all, each counted once per way "
                + "(cut a smaller extract, e.g. osmium extract -b W,S,E,N)"
        case .tooLarge(let path, let shards, let limit):
            return "basemap: \(path) would make \(shards) shards, over the limit of \(limit) "
                + "(cut a smaller extract, e.g. osmium extract -b W,S,E,N)"
        }
    }
}
