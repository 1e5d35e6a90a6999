import Files
import Foundation
import Geo
import SpatialIndex

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// What a first load (an ingest into a kind's empty table) keeps of its own inserts: each
/// row's R*Tree entry, packed on another core while the load checks its rows
/// (`packInBackground`), and for toilets the rows section's records (`ToiletRowSection`),
/// encoded from the values each insert binds (`BoundValues`) by the code that encodes a
/// scan's rows (`ToiletRowColumns`), in insert order, which is row id order. The load then
/// reads its million rows back once (`LocateStore.checkedPoints`), not for the tree or the
/// section. Valid only while every row of the table is one the load inserted, active and
/// unchanged after its insert: true of a first load into an empty table (nothing after the
/// inserts changes a row; a failed check rolls everything back).
final class FirstLoadCapture {
    // Filled by the one thread that runs the write, then read by it (`DerivedFiles`).
    /// Each inserted row's R*Tree entry.
    private var entries: [RTreeBulkLoader.Entry] = []
    /// The rows section so far, or nil when the records are not kept (another kind; no
    /// scratch file could be made or written: the section is then built by a scan).
    private(set) var rows: ToiletRowSection?
    /// The values the current insert binds (toilets).
    let bound: BoundValues?
    private let columns: ToiletRowColumns<BoundValues>?
    /// The scratch file the records go to (unlinked when made: nothing is left behind).
    private var scratch: Int32 = -1

    /// A capture for a first load of `kind`; records of toilets go to an unlinked scratch
    /// file beside `databaseFile`.
    init(kind: PlaceKind, databaseFile: String) {
        guard kind == .toilets else {
            (bound, columns) = (nil, nil)
            return
        }
        let values = BoundValues(count: ToiletRow.selectionCount)
        (bound, columns) = (values, ToiletRowColumns(values))
        let path = NearestIndex.path(forFile: databaseFile, kind: .toilets)
        if let (tmp, fd) = ToiletRowFile.createTemporary(for: path, readable: true) {
            unlink(tmp)
            scratch = fd
            rows = ToiletRowSection(expectedRows: 0)
        }
    }

    deinit { if scratch >= 0 { close(scratch) } }

    /// How many toilets' files this process wrote from a capture (tests check that a first
    /// load took this path, not the scan it falls back to).
    static let used = Counter()

    /// Takes the row just inserted with row id `id` at `coordinate`, whose values are
    /// `bound`'s.
    func take(id: Int64, coordinate: Coordinate) {
        // As stored: a REAL column keeps -0.0 as 0.0.
        entries.append(RTreeBulkLoader.Entry(id: id, longitude: coordinate.longitude + 0, latitude: coordinate.latitude + 0))
        guard rows != nil, let bound, let columns else { return }
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
            guard n > 0 else {
                throw StorageError.cannotWrite(path: "scratch file", reason: n == 0 ? "short read" : CheckedFile.reason())
            }
            try buffer.withUnsafeBytes { try put(at, UnsafeRawBufferPointer(rebasing: $0[0..<n])) }
            at += n
        }
    }

    /// Packs the R*Tree of the rows taken into nodes of `nodeSize` bytes on a thread of its
    /// own; the entries are handed over.
    func packInBackground(nodeSize: Int) -> BackgroundResult<RTreeBulkLoader.Packed> {
        let taken = entries
        entries = []
        return BackgroundResult { RTreeBulkLoader.pack(taken, nodeSize: nodeSize) }
    }

    private struct ScratchFailed: Error {}

    private func dropRows() {
        rows = nil
        if scratch >= 0 { close(scratch) }
        scratch = -1
    }
}

/// A value computed on a thread of its own (`wait()` gives it, waiting when it is not done).
/// `@unchecked Sendable` because `value`, its one mutable part, is written once by the
/// thread and read, like written, only under the condition's lock (`BackgroundResultTests`
/// waits from many threads at once; every first load of the release binary uses it twice).
// Safe: `value` is written once by the worker thread and read only while `condition` is held.
final class BackgroundResult<T: Sendable>: @unchecked Sendable {
    private let condition = NSCondition()
    private var value: T? = nil

    /// Starts computing `body` at once.
    init(_ body: @escaping @Sendable () -> T) {
        let thread = Thread { [self] in
            let v = body()
            condition.lock()
            value = v
            condition.broadcast()
            condition.unlock()
        }
        thread.stackSize = 8 << 20
        thread.start()
    }

    /// The value, waiting for the thread when it is not done yet.
    func wait() -> T {
        condition.lock()
        defer { condition.unlock() }
        while true {
            if let value { return value }
            condition.wait()
        }
    }
}
