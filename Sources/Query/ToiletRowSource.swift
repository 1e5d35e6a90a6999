import Foundation
public import SpatialIndex
public import Storage
import Synchronization

/// The rows section a finder reads rows from (`ToiletRowFile`), dropped when it turns out
/// damaged (`ToiletFinder.fallBack(fromDamaged:)`). Thread-safe.
public final class ToiletRowSource: Sendable {
    private let current: Mutex<ToiletRowFile?>

    /// A source holding `file` (nil: none yet).
    public init(_ file: ToiletRowFile? = nil) { current = Mutex(file) }

    /// The row file, when there is one.
    public var file: ToiletRowFile? { current.withLock { $0 } }

    /// Sets the row file (once it is built).
    public func fill(_ file: ToiletRowFile) { current.withLock { $0 = file } }

    /// Stops using `file` (found damaged): rows come from the store again.
    func drop(_ file: ToiletRowFile) { current.withLock { if $0 === file { $0 = nil } } }
}
