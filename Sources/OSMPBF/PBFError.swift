/// Why an OpenStreetMap PBF file cannot be read. Every case names the file and the byte
/// offset of the blob (its 4-byte length prefix) at fault, so a message points at the block
/// to look at (`osmium cat --input-format pbf` or a hex dump from that offset).
public enum PBFError: Error, Equatable, CustomStringConvertible {
    /// The file cannot be opened or read.
    case unreadable(path: String, reason: String)
    /// The file ends inside a blob header or blob: `needed` bytes were announced.
    /// (Bytes after the last blob that are not a whole blob are a truncated or malformed blob.)
    case truncated(path: String, offset: Int64, what: String, needed: Int64, available: Int64)
    /// A size field is over the format's limit (BlobHeader 64 KiB, blob 32 MiB).
    case tooLarge(path: String, offset: Int64, what: String, size: Int64, limit: Int64)
    /// A data block would cost more memory decoded than `limit` bytes (its strings, tags and
    /// objects: a string table entry referenced many times, a block of millions of objects).
    case overBudget(path: String, offset: Int64, limit: Int64)
    /// The objects a selection picked cost more than `limit` bytes in all by the block at
    /// `offset` (`SelectionReader.keptLimit`: 16 times the file's size, at least 64 MiB).
    case selectionTooLarge(path: String, offset: Int64, limit: Int64)
    /// The bytes are not a valid protobuf message of the expected kind.
    case malformed(path: String, offset: Int64, message: String, reason: String)
    /// The blob is compressed in a way this reader does not read (lzma, zstd, lz4, bzip2).
    case unsupportedCompression(path: String, offset: Int64, kind: String)
    /// zlib could not inflate the blob.
    case badZlib(path: String, offset: Int64, reason: String)
    /// The header block lists a required feature this reader does not have.
    case unsupportedFeature(path: String, offset: Int64, feature: String)
    /// The file does not start with an `OSMHeader` blob (not a PBF file, or OSM XML named .pbf).
    case notPBF(path: String, reason: String)
    /// A blob of an unexpected type (`OSMHeader` after the first blob, or an unknown type).
    case unexpectedBlob(path: String, offset: Int64, type: String)

    /// An OsmChange file (`.osc`) that is not well-formed or not OsmChange: the line and the
    /// byte (of the inflated content) at fault.
    case badChange(path: String, line: Int, offset: Int64, reason: String)
    /// A gzip-compressed OsmChange file (`.osc.gz`) that does not inflate: the byte of the
    /// compressed file where zlib stopped.
    case badChangeGzip(path: String, offset: Int64, reason: String)

    /// A short lower-case message the CLI prints after `error:`.
    public var description: String {
        switch self {
        case .unreadable(let path, let reason):
            return "\(path): cannot read: \(reason)"
        case .truncated(let path, let offset, let what, let needed, let available):
            return "\(path): truncated PBF: the \(what) of the block at byte \(offset) needs \(needed) bytes, "
                + "the file has \(available) left"
        case .tooLarge(let path, let offset, let what, let size, let limit):
            return "\(path): block at byte \(offset): \(what) is \(size) bytes, over the PBF limit of \(limit)"
        case .overBudget(let path, let offset, let limit):
            return "\(path): block at byte \(offset): the block costs more than \(limit) bytes of memory once decoded "
                + "(its strings, tags and objects), over the reader's limit"
        case .selectionTooLarge(let path, let offset, let limit):
            return "\(path): block at byte \(offset): the selected objects cost more than \(limit) bytes of memory "
                + "in all (16 times the file's size, at least 64 MiB), over the reader's limit"
        case .malformed(let path, let offset, let message, let reason):
            return "\(path): block at byte \(offset): malformed \(message): \(reason)"
        case .unsupportedCompression(let path, let offset, let kind):
            return "\(path): block at byte \(offset): \(kind) compression is not supported (zlib or raw blobs only; "
                + "recompress with `osmium cat -o out.osm.pbf`)"
        case .badZlib(let path, let offset, let reason):
            return "\(path): block at byte \(offset): bad zlib stream: \(reason)"
        case .unsupportedFeature(let path, let offset, let feature):
            let hint =
                feature == "HistoricalInformation"
                ? " (a history file: take a current extract, or `osmium time-filter` one)" : ""
            return "\(path): block at byte \(offset): required feature '\(feature)' is not supported\(hint)"
        case .notPBF(let path, let reason):
            return "\(path): not an OpenStreetMap PBF file: \(reason)"
        case .unexpectedBlob(let path, let offset, let type):
            return "\(path): block at byte \(offset): unexpected blob type '\(type)'"
        case .badChange(let path, let line, let offset, let reason):
            return "\(path): line \(line) (byte \(offset)): \(reason)"
        case .badChangeGzip(let path, let offset, let reason):
            return "\(path): bad gzip stream at byte \(offset): \(reason)"
        }
    }
}
