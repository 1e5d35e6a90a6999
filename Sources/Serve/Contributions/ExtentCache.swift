import Foundation
import Geo
import Storage

/// The default service region per data version: the active toilets' extent widened by
/// `ContributionSettings.regionMarginDegrees` (the whole world while there is no toilet),
/// computed once per version.
final class ExtentCache: @unchecked Sendable {
    private let lock = NSLock()
    private var cached: (version: String, region: BoundingBox)?

    func region(for state: DataState) throws -> BoundingBox {
        lock.lock()
        if let cached, cached.version == state.version {
            lock.unlock()
            return cached.region
        }
        lock.unlock()
        let extent = try state.withReader { r in try r.store.activeToiletExtent() }
        let m = ContributionSettings.regionMarginDegrees
        let region =
            extent.map {
                BoundingBox(
                    minLongitude: max(-180, $0.minLongitude - m), minLatitude: max(-90, $0.minLatitude - m),
                    maxLongitude: min(180, $0.maxLongitude + m), maxLatitude: min(90, $0.maxLatitude + m))
            } ?? BoundingBox(minLongitude: -180, minLatitude: -90, maxLongitude: 180, maxLatitude: 90)
        lock.lock()
        cached = (state.version, region)
        lock.unlock()
        return region
    }
}
