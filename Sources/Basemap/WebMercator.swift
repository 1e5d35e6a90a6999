import Foundation

/// Web Mercator (EPSG:3857) in "world pixels": the unit square scaled by 256 · 2^zoom, as
/// Leaflet and the slippy-map tile scheme number them (OSM wiki "Slippy map tilenames"). The
/// latitude is clamped to ±85.0511°, where the square ends.
enum WebMercator {
    static let maxLatitude = 85.051_128_779_806_59

    /// The point at `(latitude, longitude)` in the unit square: x east from −180°, y south
    /// from the top.
    static func unit(latitude: Double, longitude: Double) -> (x: Double, y: Double) {
        let lat = min(max(latitude, -maxLatitude), maxLatitude) * .pi / 180
        let x = (longitude + 180) / 360
        let y = (1 - log(tan(lat) + 1 / cos(lat)) / .pi) / 2
        return (x, y)
    }

    /// The tile at `zoom` holding the unit-square point `(x, y)` (the east and south edges
    /// belong to the last tile).
    static func tile(x: Double, y: Double, zoom: Int) -> (x: Int, y: Int) {
        let n = 1 << zoom
        return (min(n - 1, max(0, Int(x * Double(n)))), min(n - 1, max(0, Int(y * Double(n)))))
    }
}
