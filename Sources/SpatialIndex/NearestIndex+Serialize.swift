import Foundation

/// The active places of one table as the nearest index is built from them, in row order.
package struct NearestPoints: Sendable {
    /// Latitude and longitude of each place, two per place.
    package var latLon: [Double] = []
    /// Row id of each place.
    package var ids: [Int64] = []
    /// `PointFlags` bits of each place.
    package var flags: [UInt8] = []

    /// No places.
    package init() {}
}

extension NearestIndex {
    /// The index file's bytes for `p`, stamped `stamp` (`restamped` changes it later): pure
    /// computation, so it can run on a thread of its own (see `PendingNearestIndex`).
    package static func serialize(_ p: NearestPoints, stamp: String) -> [UInt8] {
        let n = p.ids.count
        var points: [Double] = []
        points.reserveCapacity(n * 3)
        for i in 0..<n {
            let e = KDTreeView.ecef(latitude: p.latLon[i * 2], longitude: p.latLon[i * 2 + 1])
            points.append(e.0)
            points.append(e.1)
            points.append(e.2)
        }
        var order = Array(0..<n)
        var axes: [UInt8] = []
        var boxes: [Double] = []
        KDTreeView.build(points: &points, order: &order, axes: &axes, boxes: &boxes)
        var out = [UInt8](repeating: 0, count: headerSize)
        out.reserveCapacity(headerSize + n * 58 + boxes.count * 8)
        out.replaceSubrange(0..<8, with: magic)
        withUnsafeBytes(of: Int64(n).littleEndian) { out.replaceSubrange(8..<16, with: $0) }
        out.replaceSubrange(16..<56, with: stampField(stamp))
        withUnsafeBytes(of: Int64(boxes.count / 6).littleEndian) { out.replaceSubrange(56..<64, with: $0) }
        points.withUnsafeBytes { out += $0 }
        var ll: [Double] = []
        ll.reserveCapacity(p.latLon.count)
        var rid: [Int64] = []
        rid.reserveCapacity(n)
        var rfl: [UInt8] = []
        rfl.reserveCapacity(n)
        for o in order {
            ll.append(p.latLon[o * 2])
            ll.append(p.latLon[o * 2 + 1])
            rid.append(p.ids[o])
            rfl.append(p.flags[o])
        }
        ll.withUnsafeBytes { out += $0 }
        rid.withUnsafeBytes { out += $0 }
        boxes.withUnsafeBytes { out += $0 }
        out += axes
        out += rfl
        return out
    }

    /// `bytes` of an index file with its stamp replaced by `stamp`.
    package static func restamped(_ bytes: [UInt8], _ stamp: String) -> [UInt8] {
        var out = bytes
        out.replaceSubrange(16..<56, with: stampField(stamp))
        return out
    }
}
