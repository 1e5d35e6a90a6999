/// The `HeaderBlock` of a PBF file (OSM PBF format, "OSMHeader"): the bounding box, the
/// features a reader must have, and the replication state Osmosis and osmium write.
public struct PBFHeader: Sendable, Equatable {
    /// The bounding box in degrees (west, south, east, north), when the file has one.
    public var bbox: (west: Double, south: Double, east: Double, north: Double)?
    /// Features a reader must understand (`OsmSchema-V0.6`, `DenseNodes`).
    public var requiredFeatures: [String] = []
    /// Features a reader may use (`Sort.Type_then_ID`, `LocationsOnWays`).
    public var optionalFeatures: [String] = []
    /// The program that wrote the file.
    public var writingProgram: String?
    /// `osmosis_replication_timestamp`: seconds since 1970 of the replication state.
    public var replicationTimestamp: Int64?
    /// `osmosis_replication_sequence_number`.
    public var replicationSequence: Int64?
    /// `osmosis_replication_base_url`.
    public var replicationBaseURL: String?

    /// The required features this reader has.
    public static let supportedFeatures: Set<String> = ["OsmSchema-V0.6", "DenseNodes"]

    /// Equal when every field is equal.
    public static func == (a: PBFHeader, b: PBFHeader) -> Bool {
        a.bbox.map { [$0.west, $0.south, $0.east, $0.north] } == b.bbox.map { [$0.west, $0.south, $0.east, $0.north] }
            && a.requiredFeatures == b.requiredFeatures && a.optionalFeatures == b.optionalFeatures
            && a.writingProgram == b.writingProgram && a.replicationTimestamp == b.replicationTimestamp
            && a.replicationSequence == b.replicationSequence && a.replicationBaseURL == b.replicationBaseURL
    }

    /// Decodes a HeaderBlock; a required feature this reader lacks is an error.
    static func decode(_ content: [UInt8], path: String, offset: Int64) throws(PBFError) -> PBFHeader {
        var header = PBFHeader()
        do throws(ProtoError) {
            try withBytes(content) { (bytes: UnsafeRawBufferPointer) throws(ProtoError) in
                var r = ProtoReader(bytes)
                while let (number, wire) = try r.nextField() {
                    switch (number, wire) {
                    case (1, .lengthDelimited):
                        var box = try r.message()
                        var v: [Int: Int64] = [:]
                        while let (n, w) = try box.nextField() {
                            if (1...4).contains(n), w == .varint { v[n] = try box.signedVarint() } else { try box.skip(w) }
                        }
                        if let l = v[1], let rr = v[2], let t = v[3], let b = v[4] {
                            header.bbox = (Double(l) / 1e9, Double(b) / 1e9, Double(rr) / 1e9, Double(t) / 1e9)
                        }
                    case (4, .lengthDelimited): header.requiredFeatures.append(try r.string())
                    case (5, .lengthDelimited): header.optionalFeatures.append(try r.string())
                    case (16, .lengthDelimited): header.writingProgram = try r.string()
                    case (32, .varint): header.replicationTimestamp = try r.int64()
                    case (33, .varint): header.replicationSequence = try r.int64()
                    case (34, .lengthDelimited): header.replicationBaseURL = try r.string()
                    default: try r.skip(wire)
                    }
                }
            }
        } catch {
            throw .malformed(path: path, offset: offset, message: "HeaderBlock", reason: error.reason)
        }
        if let missing = header.requiredFeatures.first(where: { !supportedFeatures.contains($0) }) {
            throw .unsupportedFeature(path: path, offset: offset, feature: missing)
        }
        return header
    }
}
