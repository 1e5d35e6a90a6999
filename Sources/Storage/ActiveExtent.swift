public import Geo

/// How many active places a table has and the box around them.
public struct ActiveExtent: Sendable, Equatable {
    /// Active places.
    public var count: Int
    /// The smallest box around them (nil when there are none).
    public var box: BoundingBox?

    /// Creates a value (the store makes them; tests compare against them).
    public init(count: Int, box: BoundingBox?) {
        self.count = count
        self.box = box
    }
}
