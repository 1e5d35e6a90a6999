import Foundation
public import Storage

/// The rows section a finder reads rows from (`ToiletRowFile`), dropped when it turns out
/// damaged (`ToiletFinder.fallBack(fromDamaged:)`). Thread-safe.
public final class ToiletRowSource: @unchecked Sendable {
    private let lock = NSLock()
    private var current: ToiletRowFile?

    /// A source holding `file` (nil: none yet).
    public init(_ file: ToiletRowFile? = nil) { current = file }

    /// The row file, when there is one.
    public var file: ToiletRowFile? { lock.withLock { current } }

    /// Sets the row file (once it is built).
    public func fill(_ file: ToiletRowFile) { lock.withLock { current = file } }

    /// Stops using `file` (found damaged): rows come from the store again.
    func drop(_ file: ToiletRowFile) { lock.withLock { if current === file { current = nil } } }
}
