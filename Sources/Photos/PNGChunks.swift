import Foundation

/// A PNG's chunk layout (PNG specification, 3rd edition, §5.3: length, type, data, CRC),
/// walked before libvips sees the bytes: a chunk that runs past the end or a file without
/// `IEND` is refused as truncated, an ancillary chunk (lower-case first letter, §5.4) larger
/// than the limit is refused, and the text chunks (`tEXt`, `zTXt`, `iTXt`, §11.3.3) are
/// dropped unread: they would be removed from the stored photo anyway, and a compressed one
/// can inflate to hundreds of megabytes inside the decoder.
enum PNGChunks {
    /// The chunk types dropped before decoding.
    static let text: Set<String> = ["tEXt", "zTXt", "iTXt"]

    /// `data` (a PNG, its signature checked by the caller) without its text chunks; throws
    /// `PhotoError.corrupt` for a broken layout and `.chunkTooLarge` past `limit` bytes.
    static func withoutText(_ data: Data, ancillaryLimit limit: Int) throws -> Data {
        let bytes = [UInt8](data)
        var kept = Array(bytes.prefix(8))
        kept.reserveCapacity(bytes.count)
        var offset = 8
        while true {
            guard offset + 8 <= bytes.count else { throw corrupt("the file ends before its IEND chunk (truncated)") }
            let length = bytes[offset..<offset + 4].reduce(0) { $0 << 8 | Int($1) }
            let typeBytes = bytes[offset + 4..<offset + 8]
            guard typeBytes.allSatisfy({ (0x41...0x5A).contains($0) || (0x61...0x7A).contains($0) }) else {
                throw corrupt("a chunk type at byte \(offset + 4) is not four letters")
            }
            let type = String(decoding: typeBytes, as: UTF8.self)
            let end = offset + 12 + length
            guard length <= Int(Int32.max), end <= bytes.count else {
                throw corrupt("the \(type) chunk at byte \(offset) runs past the end of the file (truncated)")
            }
            let ancillary = typeBytes.first.map { $0 & 0x20 != 0 } ?? false
            if ancillary, length > limit { throw PhotoError.chunkTooLarge(type: type, bytes: length, limit: limit) }
            if !text.contains(type) { kept += bytes[offset..<end] }
            offset = end
            if type == "IEND" { return Data(kept) }
        }
    }

    private static func corrupt(_ detail: String) -> PhotoError { .corrupt(format: .png, detail: detail) }
}
