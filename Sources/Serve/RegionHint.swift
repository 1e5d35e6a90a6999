import Geo
import Storage

/// `--region` given latitude first (S,W,N,E, the order it had before issue 35): every box
/// locate takes is W,S,E,N. Read so, such a box misses the data, and its exchange holds the
/// data's centre: said once at start (the box is used as given).
enum RegionHint {
    /// The note, or nil when the region holds the toilets' centre, there are none, or the
    /// exchanged box does not hold it either.
    static func note(_ region: BoundingBox, store: LocateStore) throws -> String? {
        guard let extent = try store.activeExtent(.toilets).box else { return nil }
        let centre = Coordinate(
            latitude: (extent.minLatitude + extent.maxLatitude) / 2, longitude: (extent.minLongitude + extent.maxLongitude) / 2)
        let exchanged = BoundingBox(
            minLongitude: region.minLatitude, minLatitude: region.minLongitude, maxLongitude: region.maxLatitude,
            maxLatitude: region.maxLongitude)
        guard !region.contains(centre), exchanged.contains(centre) else { return nil }
        let text = [region.minLongitude, region.minLatitude, region.maxLongitude, region.maxLatitude].map { "\($0)" }
            .joined(separator: ",")
        return "--region \(text) holds none of the toilet data, but does with each pair exchanged: --region is "
            + "longitude first (W,S,E,N), as --bbox; did you give it latitude first?"
    }
}
