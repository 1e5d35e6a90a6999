extension BoundingBox {
    /// Why a position read from a source as `coordinate` is rejected when it lies outside the
    /// box but inside once latitude and longitude are exchanged: the source wrote them in the
    /// wrong order. Nil when the position is inside, or outside either way. Every reader uses
    /// this one check and message, naming the values as read (latitude first).
    public func swappedCoordinatesReason(_ coordinate: Coordinate) -> String? {
        let exchanged = Coordinate(latitude: coordinate.longitude, longitude: coordinate.latitude)
        guard !contains(coordinate), contains(exchanged) else { return nil }
        return "coordinates look swapped: latitude \(coordinate.latitude), longitude \(coordinate.longitude) "
            + "is outside the region, but inside once exchanged"
    }
}
