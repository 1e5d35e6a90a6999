import Foundation

/// Protobuf and OSM PBF encoding, just enough to write test files (OSM PBF format: a 4-byte
/// big-endian BlobHeader length, the BlobHeader, the Blob): hostile blocks the real files do
/// not have, written by the tests that read them. Blobs are raw (`Blob.raw`) unless a test
/// builds a zlib one with `zlibStored`.
public enum PBFWriter {
    /// A base-128 varint.
    public static func varint(_ v: UInt64) -> [UInt8] {
        var v = v
        var out: [UInt8] = []
        while v >= 0x80 {
            out.append(UInt8(v & 0x7F) | 0x80)
            v >>= 7
        }
        return out + [UInt8(v)]
    }

    /// Zigzag encoding (`sint64`).
    public static func zigzag(_ v: Int64) -> UInt64 { UInt64(bitPattern: (v << 1) ^ (v >> 63)) }
    /// A varint field.
    public static func field(_ n: Int, _ v: UInt64) -> [UInt8] { varint(UInt64(n << 3)) + varint(v) }
    /// A length-delimited field.
    public static func field(_ n: Int, bytes: [UInt8]) -> [UInt8] {
        varint(UInt64(n << 3 | 2)) + varint(UInt64(bytes.count)) + bytes
    }
    /// A packed repeated varint field.
    public static func packed(_ n: Int, _ values: [UInt64]) -> [UInt8] { field(n, bytes: values.flatMap(varint)) }
    /// A PrimitiveBlock's string table (field 1).
    public static func strings(_ s: [String]) -> [UInt8] { field(1, bytes: s.flatMap { field(1, bytes: Array($0.utf8)) }) }

    /// One frame: BlobHeader (`type`, `datasize`, the blob's length unless given) and the blob.
    public static func frame(_ type: String, blob: [UInt8], datasize: UInt64? = nil) -> [UInt8] {
        let header = field(1, bytes: Array(type.utf8)) + field(3, datasize ?? UInt64(blob.count))
        let n = UInt32(header.count)
        return [UInt8(n >> 24), UInt8(n >> 16 & 0xFF), UInt8(n >> 8 & 0xFF), UInt8(n & 0xFF)] + header + blob
    }

    /// The header frame: a raw HeaderBlock with the required features and `optional` ones.
    public static func headerFrame(optional: [String] = []) -> [UInt8] {
        let block =
            field(4, bytes: Array("OsmSchema-V0.6".utf8)) + field(4, bytes: Array("DenseNodes".utf8))
            + optional.flatMap { field(5, bytes: Array($0.utf8)) }
        return frame("OSMHeader", blob: field(1, bytes: block))
    }

    /// A data frame holding `block` (a PrimitiveBlock) as a raw blob.
    public static func dataFrame(_ block: [UInt8]) -> [UInt8] { frame("OSMData", blob: field(1, bytes: block)) }

    /// A block's string table as it is made: each string once, the empty string first.
    struct StringTable {
        var table = [""]
        var index: [String: UInt64] = [:]

        /// The string's number in the table, added when new.
        mutating func ref(_ s: String) -> UInt64 {
            if let i = index[s] { return i }
            table.append(s)
            index[s] = UInt64(table.count - 1)
            return UInt64(table.count - 1)
        }
    }

    /// A node of DenseNodes: id, position in degrees (granularity 100: 7 decimals) and tags.
    public struct Node {
        /// The node id.
        public var id: Int64
        /// Latitude in degrees.
        public var lat: Double
        /// Longitude in degrees.
        public var lon: Double
        /// Key and value pairs, in order.
        public var tags: [(String, String)]

        /// A node.
        public init(id: Int64, lat: Double, lon: Double, tags: [(String, String)] = []) {
            self.id = id
            self.lat = lat
            self.lon = lon
            self.tags = tags
        }
    }

    /// A PrimitiveBlock of one DenseNodes group holding `nodes` (delta-coded, string table
    /// made from their tags).
    public static func denseBlock(_ nodes: [Node]) -> [UInt8] {
        var strings = StringTable()
        func ref(_ s: String) -> UInt64 { strings.ref(s) }
        var ids: [UInt64] = []
        var lats: [UInt64] = []
        var lons: [UInt64] = []
        var keysVals: [UInt64] = []
        var last = (id: Int64(0), lat: Int64(0), lon: Int64(0))
        for n in nodes {
            let lat = Int64((n.lat * 1e7).rounded())
            let lon = Int64((n.lon * 1e7).rounded())
            ids.append(zigzag(n.id - last.id))
            lats.append(zigzag(lat - last.lat))
            lons.append(zigzag(lon - last.lon))
            last = (n.id, lat, lon)
            for (k, v) in n.tags { keysVals += [ref(k), ref(v)] }
            keysVals.append(0)
        }
        let dense = packed(1, ids) + packed(8, lats) + packed(9, lons) + packed(10, keysVals)
        return self.strings(strings.table) + field(2, bytes: field(2, bytes: dense))
    }

    /// A PrimitiveBlock of one group of ways: each its id, tags and node ids (delta-coded).
    public static func wayBlock(_ ways: [(id: Int64, tags: [(String, String)], nodes: [Int64])]) -> [UInt8] {
        var strings = StringTable()
        func ref(_ s: String) -> UInt64 { strings.ref(s) }
        var group: [UInt8] = []
        for w in ways {
            var previous: Int64 = 0
            let refs = w.nodes.map { n -> UInt64 in
                defer { previous = n }
                return zigzag(n - previous)
            }
            let way =
                field(1, UInt64(w.id)) + packed(2, w.tags.map { ref($0.0) }) + packed(3, w.tags.map { ref($0.1) })
                + packed(8, refs)
            group += field(3, bytes: way)
        }
        return self.strings(strings.table) + field(2, bytes: group)
    }

    /// A made-up extract of a few Prague streets near the bundled samples' toilets (not OSM
    /// data): a named main road with diacritics, a named street, a footway, a tram line and a
    /// park, for basemap tests that must not need ../shared.
    public static func sampleStreets() -> [UInt8] {
        let nodes = [
            Node(id: 1, lat: 50.0810, lon: 14.4260), Node(id: 2, lat: 50.0845, lon: 14.4240),
            Node(id: 3, lat: 50.0875, lon: 14.4214), Node(id: 4, lat: 50.0870, lon: 14.4180),
            Node(id: 5, lat: 50.0880, lon: 14.4150), Node(id: 6, lat: 50.0860, lon: 14.4200),
            Node(id: 7, lat: 50.0865, lon: 14.4230), Node(id: 8, lat: 50.0830, lon: 14.4290),
            Node(id: 9, lat: 50.0835, lon: 14.4300), Node(id: 10, lat: 50.0828, lon: 14.4305),
        ]
        let ways: [(id: Int64, tags: [(String, String)], nodes: [Int64])] = [
            (101, [("highway", "primary"), ("name", "Václavské náměstí")], [1, 2, 3]),
            (102, [("highway", "residential"), ("name", "Národní")], [3, 4, 5]),
            (103, [("highway", "footway")], [6, 7]),
            (104, [("railway", "tram")], [2, 6, 4]),
            (105, [("leisure", "park"), ("name", "Františkánská zahrada")], [8, 9, 10, 8]),
        ]
        return file([denseBlock(nodes), wayBlock(ways)])
    }

    /// A whole file: the header frame, then one raw data frame per block.
    public static func file(_ blocks: [[UInt8]], optional: [String] = []) -> [UInt8] {
        headerFrame(optional: optional) + blocks.flatMap(dataFrame)
    }

    /// `bytes` as a zlib stream (RFC 1950) of stored deflate blocks (RFC 1951 §3.2.4): what a
    /// `zlib_data` blob holds, without a compressor.
    public static func zlibStored(_ bytes: [UInt8]) -> [UInt8] {
        var out: [UInt8] = [0x78, 0x01]
        var rest = bytes[...]
        repeat {
            let chunk = rest.prefix(65_535)
            rest = rest.dropFirst(chunk.count)
            let n = UInt16(chunk.count)
            out += [rest.isEmpty ? 1 : 0, UInt8(n & 0xFF), UInt8(n >> 8), UInt8(~n & 0xFF), UInt8(~n >> 8)] + chunk
        } while !rest.isEmpty
        var a: UInt32 = 1
        var b: UInt32 = 0
        for byte in bytes {
            a = (a + UInt32(byte)) % 65_521
            b = (b + a) % 65_521
        }
        let adler = b << 16 | a
        return out + [UInt8(adler >> 24), UInt8(adler >> 16 & 0xFF), UInt8(adler >> 8 & 0xFF), UInt8(adler & 0xFF)]
    }
}
