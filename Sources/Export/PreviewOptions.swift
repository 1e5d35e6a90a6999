/// What the preview page shows beside the data: the basemap and the first view.
public struct PreviewOptions: Sendable, Equatable {
    /// The OpenStreetMap standard tile layer (tile.openstreetmap.org; its usage policy asks
    /// for light use with attribution: see README).
    public static let openStreetMapTiles = "https://tile.openstreetmap.org/{z}/{x}/{y}.png"
    /// The attribution the OpenStreetMap tile layer requires.
    public static let openStreetMapAttribution = "© OpenStreetMap contributors"

    /// Raster tile URL template with `{z}`, `{x}`, `{y}` (and optionally `{s}`), or nil for no
    /// basemap.
    public var tiles: String?
    /// The attribution shown for the tiles.
    public var tilesAttribution: String
    /// The first view (latitude, longitude, zoom); nil: frame the toilets (or the stations
    /// when there are no toilets).
    public var view: (latitude: Double, longitude: Double, zoom: Int)?

    /// Options; by default the OpenStreetMap tiles and a view framing the toilets.
    public init(
        tiles: String? = PreviewOptions.openStreetMapTiles, tilesAttribution: String = PreviewOptions.openStreetMapAttribution,
        view: (latitude: Double, longitude: Double, zoom: Int)? = nil
    ) {
        self.tiles = tiles
        self.tilesAttribution = tilesAttribution
        self.view = view
    }

    /// Equal when every field is.
    public static func == (a: PreviewOptions, b: PreviewOptions) -> Bool {
        a.tiles == b.tiles && a.tilesAttribution == b.tilesAttribution && a.view?.latitude == b.view?.latitude
            && a.view?.longitude == b.view?.longitude && a.view?.zoom == b.view?.zoom
    }
}
