import Dispatch
import Foundation
import Synchronization

/// An OpenStreetMap PBF file (`.osm.pbf`, OSM wiki "PBF Format"), read as a stream of
/// blocks. Opening reads and checks the header block; `scan` reads the data blocks in file
/// order, inflating and decoding them on every core, and hands each block's contents to the
/// caller in file order.
///
/// Memory: a scan holds one batch of compressed blobs (two per core, at most 8, or the first
/// to pass 16 MiB in all: at most 16 + 32 MiB), per core one inflated block (at most 32 MiB,
/// the format's limit), and each block of the batch once decoded (at most 16 MiB,
/// `PrimitiveBlockDecoder.maxDecodedBytes`, whatever its string table makes of it). With
/// typical blocks (8,000 objects, under 1 MiB) that is a few MiB; the worst case on 2 cores
/// is 48 + 2 × 32 + 4 × 16 = 176 MiB (`bench/pbf-memory.sh` measures it).
/// Not `Sendable`: one scan at a time, from one thread.
public final class PBFFile {
    /// The file as messages name it.
    public let path: String
    /// The file's size in bytes.
    public let size: Int64
    /// The header block.
    public let header: PBFHeader
    private let handle: FileHandle
    /// Offset of the first data block.
    private let dataStart: Int64

    /// Where a data block starts, and its 0-based number among the data blocks.
    public struct BlockInfo: Sendable, Equatable {
        /// Byte offset of the block's length prefix.
        public var offset: Int64
        /// 0-based number of the data block.
        public var index: Int
    }

    /// Opens `path` and reads its header block.
    public init(path: String) throws(PBFError) {
        self.path = path
        guard let handle = FileHandle(forReadingAtPath: path) else {
            throw .unreadable(
                path: path, reason: FileManager.default.fileExists(atPath: path) ? "permission denied" : "no such file")
        }
        self.handle = handle
        let end: UInt64
        do { end = try handle.seekToEnd() } catch { throw .unreadable(path: path, reason: error.localizedDescription) }
        size = Int64(end)
        guard size > 0 else { throw .notPBF(path: path, reason: "the file is empty") }
        let start =
            (try? { () throws -> Data? in
                try handle.seek(toOffset: 0)
                return try handle.read(upToCount: 8)
            }()) ?? nil
        if let start, let kind = PBFFile.otherFormat(start) { throw .notPBF(path: path, reason: kind) }
        guard let frame = try BlobFrame.read(handle, path: path, at: 0, fileSize: size) else {
            throw .notPBF(path: path, reason: "the file is empty")
        }
        guard frame.type == "OSMHeader" else {
            throw .notPBF(path: path, reason: "the first block is '\(frame.type)', expected 'OSMHeader'")
        }
        let content = try frame.content(path: path)
        header = try PBFHeader.decode(content, path: path, offset: 0)
        dataStart = frame.end
    }

    deinit { try? handle.close() }

    /// Names a file that is plainly something else: OSM XML, gzip, bzip2, JSON.
    static func otherFormat(_ start: Data) -> String? {
        let text = String(decoding: start.prefix(5), as: UTF8.self)
        if text.hasPrefix("<?xml") || text.hasPrefix("<osm") {
            return "it is XML (an .osm file? read it with osmium cat -o out.osm.pbf)"
        }
        if start.starts(with: [0x1F, 0x8B]) { return "it is gzip-compressed (gunzip it, or is it .osc.gz?)" }
        if start.starts(with: [0x42, 0x5A, 0x68]) { return "it is bzip2-compressed" }
        if text.hasPrefix("{") || text.hasPrefix("[") { return "it looks like JSON" }
        return nil
    }

    /// Blocks decoded at once: two per core, from 2 to 8 (each holds its decoded objects
    /// until the batch is handed on).
    static let batchBlocks = min(8, max(2, 2 * ProcessInfo.processInfo.activeProcessorCount))

    /// Reads the data blocks (every one, or only those at `offsets`, as an earlier scan
    /// reported them) and calls `body` with each block's contents for `plan`, in file order.
    /// `observe`, on a full scan, sees every byte of the file in order (to hash it).
    public func scan(
        plan: ScanPlan, offsets: [Int64]? = nil, observe: ((UnsafeRawBufferPointer) -> Void)? = nil,
        _ body: (BlockInfo, BlockContents) throws -> Void
    ) throws {
        var next: Int64 = dataStart
        var listed = offsets?.makeIterator()
        var index = 0
        if let observe {
            precondition(offsets == nil, "observe needs a full scan")
            _ = try BlobFrame.read(handle, path: path, at: 0, fileSize: size, observe: observe)
        }
        while true {
            var batch: [BlobFrame] = []
            var batchBytes = 0
            while batch.count < PBFFile.batchBlocks && batchBytes < 16 << 20 {
                let at: Int64
                if listed != nil {
                    guard let o = listed?.next() else { break }
                    at = o
                } else {
                    at = next
                }
                guard let frame = try BlobFrame.read(handle, path: path, at: at, fileSize: size, observe: observe) else { break }
                guard frame.type == "OSMData" else {
                    throw PBFError.unexpectedBlob(path: path, offset: frame.offset, type: frame.type)
                }
                next = frame.end
                batchBytes += frame.blob.count
                batch.append(frame)
            }
            if batch.isEmpty { return }
            let results = decode(batch, plan: plan)
            for (frame, result) in zip(batch, results) {
                let info = BlockInfo(offset: frame.offset, index: index)
                index += 1
                try body(info, try result.get())
            }
        }
    }

    /// Inflates and decodes a batch on every core; results in batch order.
    private func decode(_ batch: [BlobFrame], plan: ScanPlan) -> [Result<BlockContents, PBFError>] {
        let path = self.path
        let slots = ResultSlots(count: batch.count)
        DispatchQueue.concurrentPerform(iterations: batch.count) { i in
            slots.set(i, Result { () throws(PBFError) -> BlockContents in try PBFFile.decode(batch[i], plan: plan, path: path) })
        }
        return slots.values()
    }

    /// One block: inflate, then decode for `plan`.
    static func decode(_ frame: BlobFrame, plan: ScanPlan, path: String) throws(PBFError) -> BlockContents {
        let content = try frame.content(path: path)
        do throws(ProtoError) {
            return try withBytes(content) { (b: UnsafeRawBufferPointer) throws(ProtoError) in
                try PrimitiveBlockDecoder.decode(b, plan: plan)
            }
        } catch {
            if error.overBudget {
                throw .overBudget(path: path, offset: frame.offset, limit: Int64(PrimitiveBlockDecoder.maxDecodedBytes))
            }
            throw .malformed(path: path, offset: frame.offset, message: "PrimitiveBlock", reason: error.reason)
        }
    }
}

/// Result slots written by concurrent workers, one index each, read after they all end.
private final class ResultSlots: Sendable {
    private let slots: Mutex<[Result<BlockContents, PBFError>?]>

    init(count: Int) { slots = Mutex(Array(repeating: nil, count: count)) }

    func set(_ i: Int, _ r: Result<BlockContents, PBFError>) {
        slots.withLock { $0[i] = r }
    }

    func values() -> [Result<BlockContents, PBFError>] {
        slots.withLock { $0.map { $0 ?? .failure(.unreadable(path: "", reason: "a block was not decoded")) } }
    }
}
