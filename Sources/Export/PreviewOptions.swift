public import Basemap

/// What the preview page shows beside the data: the basemap, the first view, and where
/// people may send contributions.
public struct PreviewOptions: Sendable, Equatable {
    /// The OpenStreetMap standard tile layer (tile.openstreetmap.org; its usage policy asks
    /// for light use with attribution: see docs/guide.md).
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
    /// The base URL of a `locate serve` that takes contributions (`https://example.org`;
    /// empty: the page's own origin, as `locate serve` serves it), or nil: the page offers
    /// none ("suggest a toilet here", "suggest an edit", "report", "add a photo").
    public var api: String?
    /// A basemap made from an OpenStreetMap extract (`Basemap.build`), drawn under the tiles
    /// (or alone, with `tiles` nil): the page shows streets with no tile server and offline.
    public var basemap: Basemap?
    /// The boxes (west, south, east, north in degrees) of the street networks the page's API
    /// routes on (`locate serve` over a database with networks beside it): the list shows
    /// walking minutes from an origin inside one. Empty: none.
    public var routes: [[Double]]

    /// Options; by default the OpenStreetMap tiles, a view framing the toilets and no
    /// contributions.
    public init(
        tiles: String? = PreviewOptions.openStreetMapTiles, tilesAttribution: String = PreviewOptions.openStreetMapAttribution,
        view: (latitude: Double, longitude: Double, zoom: Int)? = nil, api: String? = nil, basemap: Basemap? = nil,
        routes: [[Double]] = []
    ) {
        self.tiles = tiles
        self.tilesAttribution = tilesAttribution
        self.view = view
        self.api = api
        self.basemap = basemap
        self.routes = routes
    }

    /// Equal when every field is.
    public static func == (a: PreviewOptions, b: PreviewOptions) -> Bool {
        a.tiles == b.tiles && a.tilesAttribution == b.tilesAttribution && a.view?.latitude == b.view?.latitude
            && a.view?.longitude == b.view?.longitude && a.view?.zoom == b.view?.zoom && a.api == b.api
            && a.basemap?.index == b.basemap?.index && a.routes == b.routes
    }
}
