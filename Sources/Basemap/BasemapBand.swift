/// A zoom band of the basemap: the layers it draws, how finely its lines are kept and how its
/// shards are cut. The page draws a map tile at zoom z from the band whose zooms hold z (the
/// last band past its end).
public struct BasemapBand: Sendable, Equatable {
    /// `low` or `high`: the shards' file names start with it.
    public var name: String
    /// The zooms the band draws.
    public var minZoom: Int
    /// See `minZoom`.
    public var maxZoom: Int
    /// The tile zoom of the band's shards: one shard per Web Mercator tile at this zoom that
    /// something crosses.
    public var shardZoom: Int
    /// Lines are simplified to within half a pixel at this zoom (Douglas–Peucker).
    public var simplifiedAt: Int
    /// The layers drawn.
    public var layers: Set<BasemapLayer>

    /// The bands: `low` (zooms 0–14: main roads, railways, water and parks, within half a pixel
    /// at zoom 14, shards of zoom-11 tiles) and `high` (zoom 15 on: every layer and the street
    /// names, within half a pixel at zoom 18, shards of zoom-14 tiles).
    public static let all = [
        BasemapBand(
            name: "low", minZoom: 0, maxZoom: 14, shardZoom: 11, simplifiedAt: 14,
            layers: [.park, .water, .waterway, .major, .rail]),
        BasemapBand(
            name: "high", minZoom: 15, maxZoom: 19, shardZoom: 14, simplifiedAt: 18, layers: Set(BasemapLayer.allCases)),
    ]

    /// Half a pixel at `simplifiedAt`, in the unit square.
    var tolerance: Double { 0.5 / (256 * Double(1 << simplifiedAt)) }
}
