import Foundation

/// One `BlobHeader` + `Blob` pair of a PBF file as read from disk (OSM PBF format, "File
/// format"): a 4-byte big-endian header length, the BlobHeader, then `datasize` bytes of
/// Blob. Sizes are checked against the format's limits before anything is allocated.
struct BlobFrame: Sendable {
    /// Byte offset of the frame's length prefix: the offset every error names.
    var offset: Int64
    /// `OSMHeader` or `OSMData`.
    var type: String
    /// The Blob message's bytes.
    var blob: [UInt8]
    /// The offset just past the frame.
    var end: Int64

    /// The largest BlobHeader the format allows (64 KiB).
    static let maxHeaderSize: Int64 = 64 * 1024
    /// The largest Blob, compressed or not (32 MiB).
    static let maxBlobSize: Int64 = 32 * 1024 * 1024

    /// Reads the frame at `offset` of `handle` (a file of `fileSize` bytes), or nil at the
    /// end of the file; `observe` sees every byte read, in order.
    static func read(
        _ handle: FileHandle, path: String, at offset: Int64, fileSize: Int64,
        observe: ((UnsafeRawBufferPointer) -> Void)? = nil
    ) throws(PBFError) -> BlobFrame? {
        guard offset < fileSize else { return nil }
        func bytes(_ count: Int64, from start: Int64, what: String) throws(PBFError) -> [UInt8] {
            guard count <= fileSize - start else {
                throw .truncated(path: path, offset: offset, what: what, needed: count, available: fileSize - start)
            }
            let data: Data
            do {
                try handle.seek(toOffset: UInt64(start))
                data = try handle.read(upToCount: Int(count)) ?? Data()
            } catch {
                throw .unreadable(path: path, reason: "at byte \(start): \(error.localizedDescription)")
            }
            guard data.count == Int(count) else {
                throw .truncated(path: path, offset: offset, what: what, needed: count, available: Int64(data.count))
            }
            let array = [UInt8](data)
            if let observe { array.withUnsafeBytes { observe($0) } }
            return array
        }
        let prefix = try bytes(4, from: offset, what: "length prefix")
        let headerSize = prefix.reduce(Int64(0)) { $0 << 8 | Int64($1) }
        guard headerSize <= maxHeaderSize else {
            throw .tooLarge(path: path, offset: offset, what: "the BlobHeader", size: headerSize, limit: maxHeaderSize)
        }
        let headerData = try bytes(headerSize, from: offset + 4, what: "BlobHeader")
        var type: String? = nil
        var dataSize: Int64? = nil
        do throws(ProtoError) {
            try withBytes(headerData) { (raw: UnsafeRawBufferPointer) throws(ProtoError) in
                var r = ProtoReader(raw)
                while let (number, wire) = try r.nextField() {
                    switch (number, wire) {
                    case (1, .lengthDelimited): type = try r.string()
                    // int32 in the format, read whole: 2^32 + n is not n, and -1 is -1.
                    case (3, .varint): dataSize = try r.int64()
                    default: try r.skip(wire)
                    }
                }
            }
        } catch {
            throw .malformed(path: path, offset: offset, message: "BlobHeader", reason: error.reason)
        }
        guard let type else { throw .malformed(path: path, offset: offset, message: "BlobHeader", reason: "no type") }
        guard let dataSize, dataSize >= 0 else {
            throw .malformed(path: path, offset: offset, message: "BlobHeader", reason: "no datasize, or a negative one")
        }
        guard dataSize <= maxBlobSize else {
            throw .tooLarge(path: path, offset: offset, what: "the blob (datasize)", size: dataSize, limit: maxBlobSize)
        }
        let start = offset + 4 + headerSize
        let blob = try bytes(dataSize, from: start, what: "Blob")
        return BlobFrame(offset: offset, type: type, blob: blob, end: start + dataSize)
    }

    /// The Blob's content, inflated when zlib-compressed; lzma, zstd, lz4 and bzip2 are refused.
    func content(path: String) throws(PBFError) -> [UInt8] {
        var raw: Range<Int>? = nil
        var zlib: Range<Int>? = nil
        var rawSize: Int64? = nil
        var other: String? = nil
        do throws(ProtoError) {
            try withBytes(blob) { (bytes: UnsafeRawBufferPointer) throws(ProtoError) in
                var r = ProtoReader(bytes)
                while let (number, wire) = try r.nextField() {
                    switch (number, wire) {
                    case (1, .lengthDelimited): raw = try r.range()
                    case (2, .varint): rawSize = try r.int64()
                    case (3, .lengthDelimited): zlib = try r.range()
                    case (4, _): other = "lzma"; try r.skip(wire)
                    case (5, _): other = "bzip2"; try r.skip(wire)
                    case (6, _): other = "lz4"; try r.skip(wire)
                    case (7, _): other = "zstd"; try r.skip(wire)
                    default: try r.skip(wire)
                    }
                }
            }
        } catch {
            throw .malformed(path: path, offset: offset, message: "Blob", reason: error.reason)
        }
        if let raw { return Array(blob[raw]) }
        if let zlib {
            guard let rawSize, rawSize >= 0 else {
                throw .malformed(path: path, offset: offset, message: "Blob", reason: "zlib_data without raw_size")
            }
            guard rawSize <= BlobFrame.maxBlobSize else {
                throw .tooLarge(
                    path: path, offset: offset, what: "the inflated blob (raw_size)", size: rawSize, limit: BlobFrame.maxBlobSize)
            }
            let result = blob.withUnsafeBytes { Inflate.inflate(UnsafeRawBufferPointer(rebasing: $0[zlib]), size: Int(rawSize)) }
            switch result {
            case .success(let out): return out
            case .failure(let f): throw .badZlib(path: path, offset: offset, reason: f.reason)
            }
        }
        if let other { throw .unsupportedCompression(path: path, offset: offset, kind: other) }
        throw .malformed(path: path, offset: offset, message: "Blob", reason: "no data (neither raw nor zlib_data)")
    }
}
