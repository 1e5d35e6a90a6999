import Storage

/// Which toilets a query keeps.
public struct ToiletFilter: Sendable, Equatable {
    /// Only wheelchair-accessible (wheelchair = yes).
    public var wheelchair: Bool
    /// Only free ones (price text says free).
    public var free: Bool
    /// Only within this many metres.
    public var maxDistanceMeters: Double?

    /// Creates a filter; the default keeps everything.
    public init(wheelchair: Bool = false, free: Bool = false, maxDistanceMeters: Double? = nil) {
        self.wheelchair = wheelchair
        self.free = free
        self.maxDistanceMeters = maxDistanceMeters
    }

    var requiredFlags: PointFlags {
        var f: PointFlags = []
        if wheelchair { f.insert(.wheelchair) }
        if free { f.insert(.free) }
        return f
    }
}
