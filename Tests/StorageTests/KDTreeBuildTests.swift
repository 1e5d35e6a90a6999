import Foundation
import Places
import SyntheticData
import Testing

@testable import SpatialIndex
@testable import Storage

/// The k-d tree of a large load is built on two threads (the root's subtrees at once): the
/// layout must be exactly the one a single thread builds.
@Suite struct KDTreeBuildTests {
    @Test(arguments: [1, 2, 3, 33, 1_000, 20_001])
    func twoThreadsBuildTheSameLayoutAsOne(count: Int) {
        var random = SeededRandom(seed: UInt64(count))
        var points: [Double] = []
        for _ in 0..<count {
            let p = KDTreeView.ecef(
                latitude: Double.random(in: 49.9...50.2, using: &random),
                longitude: Double.random(in: 14.2...14.7, using: &random))
            points += [p.0, p.1, p.2]
        }
        // Repeated positions too: ties must split the same way on both paths.
        if count > 10 {
            points.replaceSubrange(0..<9, with: Array(points[9..<12]) + Array(points[9..<12]) + Array(points[9..<12]))
        }
        var (onePoints, oneOrder, oneAxes, oneBoxes) = (points, Array(0..<count), [UInt8](), [Double]())
        KDTreeView.build(points: &onePoints, order: &oneOrder, axes: &oneAxes, boxes: &oneBoxes, parallelFrom: .max)
        var (twoPoints, twoOrder, twoAxes, twoBoxes) = (points, Array(0..<count), [UInt8](), [Double]())
        KDTreeView.build(points: &twoPoints, order: &twoOrder, axes: &twoAxes, boxes: &twoBoxes, parallelFrom: 0)
        #expect(twoOrder == oneOrder)
        #expect(twoPoints == onePoints)
        #expect(twoAxes == oneAxes)
        #expect(twoBoxes == oneBoxes)
        #expect(Set(oneOrder) == Set(0..<count))
    }
}
