import OSMPBF

/// A basemap made from an OpenStreetMap extract for the preview page (docs/guide.md, "The
/// preview map"): streets, paths, railways, water, parks and street names, simplified per zoom
/// band and cut into shards the page loads as scripts (`basemap-shard/1`), with an index
/// (`basemap-index/1`) that lists them. It needs no tile server, opens from a folder
/// (`file://`) and is saved for offline use with the page.
public struct Basemap: Sendable {
    /// The index (also `basemap/index.json`).
    public var index: BasemapIndex
    /// The files by their path in the page's folder: `basemap/index.json` and the shards,
    /// `basemap/BAND-Z-X-Y.js`.
    public var files: [String: [UInt8]]

    /// At most this many shards in all, and in one way's box: a page's map of a city or a
    /// region (20,000 zoom-14 shards cover about 49,000 km² at 50°), not of a country.
    public static let shardLimit = 20_000

    /// At most this many ways filed into shards in all, each counted once per shard it is in
    /// (central Helsinki files 3,521): memory stays in proportion to the ways read.
    public static let filedLimit = 2_000_000

    /// The basemap of the extract at `path`; `name` is how the index names it (the file's
    /// name, not its path).
    public static func build(extract path: String, name: String) throws(BasemapError) -> Basemap {
        let lines: [WayLineReader.Line]
        let header: PBFHeader
        do {
            let file = try PBFFile(path: path)
            header = file.header
            lines = try WayLineReader.read(file, selection: BasemapLayer.selection)
        } catch let e as PBFError {
            throw .unreadable(e)
        } catch {
            throw .unreadable(.unreadable(path: path, reason: "\(error)"))
        }
        var builder = BasemapBuilder()
        for line in lines { builder.add(line) }
        if let n = builder.tooMany { throw .tooLarge(path: path, shards: n, limit: shardLimit) }
        guard builder.filed <= filedLimit else { throw .tooDense(path: path, limit: filedLimit) }
        guard builder.features > 0 else { throw .empty(path: path) }
        guard builder.shards.count <= shardLimit else {
            throw .tooLarge(path: path, shards: builder.shards.count, limit: shardLimit)
        }
        return builder.basemap(source: name, timestamp: header.replicationTimestamp)
    }
}
