import Geo

/// SpatiaLite's internal BLOB geometry format (SpatiaLite "BLOB-Geometry" docs):
/// 0x00, byte order 0x01 (little-endian), SRID, MBR (4 doubles), 0x7C, class, coordinates, 0xFE.
enum SpatiaLiteBlob {
    /// The 60-byte point blob, as an array.
    static func point(_ c: Coordinate, srid: Int32) -> [UInt8] {
        withPoint(c, srid: srid) { Array($0) }
    }

    /// Calls `body` with the 60-byte point blob in a stack buffer: no allocation (the stager
    /// binds one per record).
    static func withPoint<R>(_ c: Coordinate, srid: Int32, _ body: (UnsafeRawBufferPointer) -> R) -> R {
        withUnsafeTemporaryAllocation(byteCount: 60, alignment: 8) { out in
            var at = 0
            func put<T>(_ v: T) {
                withUnsafeBytes(of: v) { bytes in
                    for b in bytes {
                        out[at] = b
                        at += 1
                    }
                }
            }
            put(UInt8(0x00))
            put(UInt8(0x01))  // little-endian
            put(srid.littleEndian)
            put(c.longitude.bitPattern.littleEndian)  // the MBR: min x, min y, max x, max y
            put(c.latitude.bitPattern.littleEndian)
            put(c.longitude.bitPattern.littleEndian)
            put(c.latitude.bitPattern.littleEndian)
            put(UInt8(0x7C))
            put(Int32(1).littleEndian)  // POINT, XY
            put(c.longitude.bitPattern.littleEndian)
            put(c.latitude.bitPattern.littleEndian)
            put(UInt8(0xFE))
            return body(UnsafeRawBufferPointer(out))
        }
    }
}
