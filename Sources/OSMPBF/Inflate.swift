internal import CZlib

/// zlib inflation of one blob (RFC 1950), into a buffer of the size the blob announces.
/// The one place zlib status codes become Swift errors.
enum Inflate {
    /// Inflates `input` into exactly `size` bytes; the failure reason as text when the stream
    /// is damaged, ends early, holds more or fewer bytes than announced, or is followed by
    /// bytes of no stream.
    static func inflate(_ input: UnsafeRawBufferPointer, size: Int) -> Result<[UInt8], InflateFailure> {
        var output = [UInt8](repeating: 0, count: size)
        var stream = z_stream()
        guard inflateInit_(&stream, ZLIB_VERSION, Int32(MemoryLayout<z_stream>.size)) == Z_OK else {
            return .failure(InflateFailure(reason: "zlib could not start (out of memory?)"))
        }
        defer { inflateEnd(&stream) }
        guard let inputBase = input.baseAddress, input.count > 0 else {
            return .failure(InflateFailure(reason: "the compressed data is empty"))
        }
        let status: Int32 = output.withUnsafeMutableBytes { out in
            stream.next_in = UnsafeMutablePointer(mutating: inputBase.assumingMemoryBound(to: Bytef.self))
            stream.avail_in = uInt(input.count)
            stream.next_out = out.baseAddress?.assumingMemoryBound(to: Bytef.self)
            stream.avail_out = uInt(out.count)
            return CZlib.inflate(&stream, Z_FINISH)
        }
        switch status {
        case Z_STREAM_END:
            guard Int(stream.total_out) == size else {
                return .failure(InflateFailure(reason: "inflated to \(stream.total_out) bytes, raw_size says \(size)"))
            }
            guard stream.avail_in == 0 else {
                return .failure(InflateFailure(reason: "\(stream.avail_in) bytes follow the end of the zlib stream"))
            }
            return .success(output)
        case Z_BUF_ERROR where stream.avail_out == 0:
            return .failure(InflateFailure(reason: "inflates to more than raw_size (\(size) bytes)"))
        case Z_BUF_ERROR:
            return .failure(InflateFailure(reason: "the stream ends early (truncated data)"))
        default:
            let text = stream.msg.map { String(cString: $0) } ?? "zlib status \(status)"
            return .failure(InflateFailure(reason: text))
        }
    }
}

/// Why a blob did not inflate.
struct InflateFailure: Error {
    let reason: String
}
