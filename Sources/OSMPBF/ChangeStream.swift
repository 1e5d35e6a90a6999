import Foundation

/// The changes of an OsmChange file, read on a thread of its own (`ChangeReader.read`): the
/// file is inflated on one thread (`ChangeBytes`), scanned and made into changes on a second
/// (this one), and the changes applied on the caller's, in batches of `batch`, at most
/// `capacity` batches ahead (some MB). Three stages of a day of diffs (~0.2, ~0.5 and ~0.2 s
/// of CPU a million changes) then share two cores. The reader's error comes, in order,
/// after the changes before it.
/// `@unchecked Sendable` because the thread and the caller share only `batches`, `cancelled`
/// and `finished`, under `condition`'s lock; the digest closure (`observe`) is called by the
/// reading threads alone, and the caller reads the digest after `stop()` has waited for them.
/// Exercised by every `--changes` test (DiffIngestCommandTests, DiffFolderCommandTests) and by
/// ChangeReaderTests' file cases.
final class ChangeStream: @unchecked Sendable {
    private enum Message {
        case changes([OSMChange])
        case end
        case failure(any Error)
    }
    private let condition = NSCondition()
    private var batches: [Message] = []
    private var head = 0
    private var cancelled = false
    private var finished = false
    private var done = false
    private let observe: ((UnsafeRawBufferPointer) -> Void)?
    private static let capacity = 8
    private static let batch = 2048

    /// Starts reading `path` (see `ChangeReader.read`).
    init(path: String, selection: [[TagCondition]]?, observe: ((UnsafeRawBufferPointer) -> Void)?) {
        self.observe = observe
        let thread = Thread { [self] in
            produce(path: path, selection: selection)
            condition.lock()
            finished = true
            condition.broadcast()
            condition.unlock()
        }
        thread.stackSize = 1 << 20
        thread.start()
    }

    private struct Cancelled: Error {}

    private func produce(path: String, selection: [[TagCondition]]?) {
        var pending: [OSMChange] = []
        pending.reserveCapacity(ChangeStream.batch)
        do {
            let bytes = try ChangeBytes(path: path, observe: observe)
            defer { bytes.close() }
            var scanner = XMLScanner(bytes: bytes, path: path)
            var reader = ObjectReader(selection: selection)
            try ChangeReader.read(&scanner, &reader) { change in
                pending.append(change)
                if pending.count == ChangeStream.batch {
                    try send(.changes(pending))
                    pending.removeAll(keepingCapacity: true)
                }
            }
            if !pending.isEmpty { try send(.changes(pending)) }
            try send(.end)
        } catch is Cancelled {
            return
        } catch {
            try? send(.failure(error))
        }
    }

    private func send(_ m: Message) throws {
        condition.lock()
        defer { condition.unlock() }
        while batches.count - head >= ChangeStream.capacity && !cancelled { condition.wait() }
        if cancelled { throw Cancelled() }
        if head > ChangeStream.capacity {
            batches.removeFirst(head)
            head = 0
        }
        batches.append(m)
        condition.broadcast()
    }

    /// The next batch of changes, waiting for the thread; nil at the end; the reader's error.
    func next() throws -> [OSMChange]? {
        if done { return nil }
        condition.lock()
        while batches.count - head == 0 { condition.wait() }
        let m = batches[head]
        batches[head] = .end
        head += 1
        condition.broadcast()
        condition.unlock()
        switch m {
        case .changes(let c): return c
        case .end:
            done = true
            stop()
            return nil
        case .failure(let e):
            done = true
            stop()
            throw e
        }
    }

    /// Stops the thread and waits until it (and the inflating thread it started) has ended.
    func stop() {
        condition.lock()
        cancelled = true
        condition.broadcast()
        while !finished { condition.wait() }
        condition.unlock()
    }
}
