import Geo

/// SpatiaLite's internal BLOB geometry format (SpatiaLite "BLOB-Geometry" docs):
/// 0x00, byte order 0x01 (little-endian), SRID, MBR (4 doubles), 0x7C, class, coordinates, 0xFE.
enum SpatiaLiteBlob {
    static func point(_ c: Coordinate, srid: Int32) -> [UInt8] {
        var out: [UInt8] = [0x00, 0x01]
        out.reserveCapacity(60)
        func put<T>(_ v: T) { withUnsafeBytes(of: v) { out += $0 } }
        put(srid.littleEndian)
        for v in [c.longitude, c.latitude, c.longitude, c.latitude] { put(v.bitPattern.littleEndian) }
        out.append(0x7C)
        put(Int32(1).littleEndian)  // POINT, XY
        put(c.longitude.bitPattern.littleEndian)
        put(c.latitude.bitPattern.littleEndian)
        out.append(0xFE)
        return out
    }
}
