internal import CZlib
import Foundation

/// The bytes of an OsmChange file, read in 64 KiB chunks: as they are, or inflated from
/// gzip (RFC 1952; concatenated members too) when the file starts with the gzip magic
/// bytes. Memory is two chunks. Not `Sendable`: one thread at a time (`ChangeBytes` runs
/// one on a thread of its own for a file, handing its chunks over under a lock).
final class ChangeSource {
    private let path: String
    private let handle: FileHandle?
    private var memory: [UInt8]?
    private let observe: ((UnsafeRawBufferPointer) -> Void)?
    private var raw: [UInt8] = []
    private var rawPosition = 0
    /// Compressed bytes read so far (for messages about a damaged gzip stream).
    private(set) var rawOffset: Int64 = 0
    private var out: [UInt8] = []
    private var gzip: UnsafeMutablePointer<z_stream>?
    private var gzipEnded = false
    private var rawEOF = false
    private static let chunk = 1 << 16

    /// Opens `path`; `observe` sees every byte of the file as read (for its digest).
    init(path: String, observe: ((UnsafeRawBufferPointer) -> Void)?) throws(PBFError) {
        self.path = path
        self.observe = observe
        guard let h = FileHandle(forReadingAtPath: path) else {
            throw .unreadable(
                path: path, reason: FileManager.default.fileExists(atPath: path) ? "permission denied" : "no such file")
        }
        handle = h
        try start()
    }

    /// Bytes in memory (the fuzzer), named `path` in messages.
    init(bytes: [UInt8], path: String) throws(PBFError) {
        self.path = path
        handle = nil
        memory = bytes
        observe = nil
        try start()
    }

    deinit {
        if let gzip {
            inflateEnd(gzip)
            gzip.deallocate()
        }
    }

    private func start() throws(PBFError) {
        try fillRaw()
        guard raw.count >= 2, raw[0] == 0x1f, raw[1] == 0x8b else { return }
        let z = UnsafeMutablePointer<z_stream>.allocate(capacity: 1)
        z.initialize(to: z_stream())
        guard inflateInit2_(z, 15 + 16, ZLIB_VERSION, Int32(MemoryLayout<z_stream>.size)) == Z_OK else {
            z.deallocate()
            throw .badChangeGzip(path: path, offset: 0, reason: "zlib could not start (out of memory?)")
        }
        gzip = z
    }

    /// The next chunk of raw bytes, when the current one is used up.
    private func fillRaw() throws(PBFError) {
        guard rawPosition >= raw.count, !rawEOF else { return }
        rawOffset += Int64(raw.count)
        rawPosition = 0
        if let m = memory {
            raw = m
            memory = nil
            rawEOF = raw.isEmpty
            return
        }
        if handle == nil {
            raw = []
            rawEOF = true
            return
        }
        do {
            let data = try handle?.read(upToCount: ChangeSource.chunk) ?? Data()
            raw = [UInt8](data)
        } catch {
            throw .unreadable(path: path, reason: error.localizedDescription)
        }
        if raw.isEmpty { rawEOF = true } else { raw.withUnsafeBytes { observe?($0) } }
    }

    /// The next chunk of the (inflated) content, or nil at its end. The reader walks a
    /// chunk as a local array: no per-byte call into this class.
    func nextChunk() throws(PBFError) -> [UInt8]? {
        try refill()
        guard !out.isEmpty else { return nil }
        defer { out = [] }
        return out
    }

    private func refill() throws(PBFError) {
        out = []
        guard let z = gzip else {
            try fillRaw()
            if rawEOF { return }
            out = raw
            rawPosition = raw.count
            return
        }
        while out.isEmpty {
            try fillRaw()
            if rawEOF {
                guard gzipEnded else {
                    throw .badChangeGzip(
                        path: path, offset: rawOffset, reason: "the gzip stream ends early (truncated file)")
                }
                return
            }
            if gzipEnded {
                // Another gzip member follows (concatenated .gz).
                guard inflateReset(z) == Z_OK else {
                    throw .badChangeGzip(path: path, offset: rawOffset + Int64(rawPosition), reason: "zlib reset failed")
                }
                gzipEnded = false
            }
            var buffer = [UInt8](repeating: 0, count: ChangeSource.chunk)
            let before = rawPosition
            let status: Int32 = raw.withUnsafeMutableBytes { input in
                buffer.withUnsafeMutableBytes { output in
                    z.pointee.next_in = input.baseAddress?.advanced(by: before).assumingMemoryBound(to: Bytef.self)
                    z.pointee.avail_in = uInt(input.count - before)
                    z.pointee.next_out = output.baseAddress?.assumingMemoryBound(to: Bytef.self)
                    z.pointee.avail_out = uInt(output.count)
                    return CZlib.inflate(z, Z_NO_FLUSH)
                }
            }
            let used = raw.count - before - Int(z.pointee.avail_in)
            rawPosition += used
            let produced = ChangeSource.chunk - Int(z.pointee.avail_out)
            buffer.removeSubrange(produced...)
            out = buffer
            if used == 0, produced == 0, status != Z_STREAM_END, rawPosition < raw.count {
                throw .badChangeGzip(path: path, offset: rawOffset + Int64(rawPosition), reason: "zlib made no progress")
            }
            switch status {
            case Z_OK, Z_BUF_ERROR: continue
            case Z_STREAM_END: gzipEnded = true
            default:
                let text = z.pointee.msg.map { String(cString: $0) } ?? "zlib status \(status)"
                throw .badChangeGzip(path: path, offset: rawOffset + Int64(rawPosition), reason: text)
            }
        }
    }
}
