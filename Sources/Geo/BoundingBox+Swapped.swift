extension BoundingBox {
    /// `coordinate` with latitude and longitude exchanged, when the box does not contain
    /// `coordinate` but contains the exchanged position (someone wrote LON,LAT where LAT,LON
    /// was meant, or the reverse); nil when it is inside, or outside either way. The one
    /// "looks swapped" rule: readers reject such records, queries add a note.
    public func exchangedInside(_ coordinate: Coordinate) -> Coordinate? {
        let exchanged = Coordinate(latitude: coordinate.longitude, longitude: coordinate.latitude)
        guard !contains(coordinate), exchanged.isValid, contains(exchanged) else { return nil }
        return exchanged
    }

    /// Why a position read from a source as `coordinate` is rejected when it lies outside the
    /// box but inside once latitude and longitude are exchanged: the source wrote them in the
    /// wrong order. Nil when the position is inside, or outside either way. Every reader uses
    /// this one check and message, naming the values as read (latitude first).
    public func swappedCoordinatesReason(_ coordinate: Coordinate) -> String? {
        guard exchangedInside(coordinate) != nil else { return nil }
        return "coordinates look swapped: latitude \(coordinate.latitude), longitude \(coordinate.longitude) "
            + "is outside the region, but inside once exchanged"
    }
}
