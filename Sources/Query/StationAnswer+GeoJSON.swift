import Contract

extension StationAnswer {
    /// `station-geojson/1`, `locate station --format geojson`: the stations as an RFC 7946
    /// FeatureCollection, in the answer's order (`ContractGeoJSON`: each station's
    /// `station-answer/1` members as properties, a Point at its `lon`/`lat`).
    public func geoJSON() throws -> [UInt8] { try ContractGeoJSON.encode(results, schema: "station-geojson/1") }
}
