internal import CSpatial
import Foundation
internal import GRDB

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// What a first load of toilets (an ingest into an empty table) keeps of its own inserts:
/// the rows section's records (`ToiletRowSection`), encoded from the values each insert binds
/// (`BoundValues`) by the code that encodes a scan's rows (`ToiletRowColumns`), in insert
/// order, which is row id order. The load then does not read its million rows back for the
/// section. Valid only while every row of the table is one the load inserted, active and
/// unchanged after its insert: true of a first load into an empty table (nothing after the
/// inserts changes a row; a failed check rolls everything back).
final class FirstLoadCapture: @unchecked Sendable {
    // Filled by the one thread that runs the write, then read by it (`DerivedFiles`).
    /// The rows section so far, or nil when the records are not kept (no scratch file could
    /// be made or written: the section is then built by a scan).
    private(set) var rows: ToiletRowSection?
    /// The values the current insert binds.
    let bound = BoundValues(count: ToiletRow.selectionCount)
    private let columns: ToiletRowColumns<BoundValues>
    /// The scratch file the records go to (unlinked when made: nothing is left behind).
    private var scratch: Int32 = -1

    /// A capture whose records go to an unlinked scratch file beside `databaseFile`.
    init(databaseFile: String) {
        columns = ToiletRowColumns(bound)
        let path = NearestIndex.path(forFile: databaseFile, kind: .toilets)
        if let (tmp, fd) = ToiletRowFile.createTemporary(for: path, readable: true) {
            unlink(tmp)
            scratch = fd
            rows = ToiletRowSection(expectedRows: 0)
        }
    }

    deinit { if scratch >= 0 { close(scratch) } }

    /// Takes the row just inserted with row id `id`, whose values are `bound`'s.
    func take(id: Int64) {
        guard rows != nil else { return }
        bound.set(ToiletRow.positions.id, int64: id)
        let fd = scratch
        do {
            try rows?.append(columns) { at, piece in
                guard ToiletRowFile.writeAll(piece, to: fd, at: at) else { throw ScratchFailed() }
            }
        } catch {
            dropRows()
        }
    }

    /// The rows section, its records flushed to the scratch file; nil when they could not
    /// be kept (then the section is built by a scan).
    func finishedRows() -> ToiletRowSection? {
        let fd = scratch
        do {
            try rows?.flushChunk { at, piece in
                guard ToiletRowFile.writeAll(piece, to: fd, at: at) else { throw ScratchFailed() }
            }
        } catch {
            dropRows()
        }
        return rows
    }

    /// Gives the records (`finishedRows()`'s) to `put`, in pieces of 1 MB with their offset
    /// in the data.
    func copyRecords(to put: (Int, UnsafeRawBufferPointer) throws -> Void) throws {
        guard let rows else { return }
        var buffer = [UInt8](repeating: 0, count: 1 << 20)
        var at = 0
        while at < rows.dataBytes {
            let want = min(buffer.count, rows.dataBytes - at)
            let n = buffer.withUnsafeMutableBytes { pread(scratch, $0.baseAddress, want, off_t(at)) }
            if n < 0 && errno == EINTR { continue }
            guard n > 0 else { throw StorageError.cannotWrite(path: "scratch file", reason: CheckedFile.reason()) }
            try buffer.withUnsafeBytes { try put(at, UnsafeRawBufferPointer(rebasing: $0[0..<n])) }
            at += n
        }
    }

    private struct ScratchFailed: Error {}

    private func dropRows() {
        rows = nil
        if scratch >= 0 { close(scratch) }
        scratch = -1
    }
}
