import Foundation

/// The changes of an OsmChange file, read on a thread of its own (`ChangeReader.read`): the
/// file is inflated on one thread (`ChangeBytes`), scanned and made into changes on a second
/// (this one), and the changes applied on the caller's, in batches of `batch`, at most
/// `capacity` batches ahead (some MB). Three stages of a day of diffs (~0.2, ~0.5 and ~0.2 s
/// of CPU a million changes) then share two cores. The reader's error comes, in order,
/// after the changes before it.
/// The hand-off is `ThreadHandOff`; the digest closure (`observe`) is called by the reading
/// threads alone, and the caller reads the digest after `stop()` has waited for them.
final class ChangeStream {
    private let handOff: ThreadHandOff<[OSMChange], any Error>
    private static let capacity = 8
    private static let batch = 2048

    /// Starts reading `path` (see `ChangeReader.read`).
    init(path: String, selection: [[TagCondition]]?, observe: ((UnsafeRawBufferPointer) -> Void)?) {
        handOff = ThreadHandOff(capacity: ChangeStream.capacity) { send in
            try ChangeStream.produce(path: path, selection: selection, observe: observe, send: send)
        }
    }

    private struct Stopped: Error {}

    /// Reads `path` into batches handed to `send`, until the end or until `send` says the
    /// consumer has stopped.
    private static func produce(
        path: String, selection: [[TagCondition]]?, observe: ((UnsafeRawBufferPointer) -> Void)?,
        send: ([OSMChange]) -> Bool
    ) throws {
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
                    guard send(pending) else { throw Stopped() }
                    pending.removeAll(keepingCapacity: true)
                }
            }
            if !pending.isEmpty { _ = send(pending) }
        } catch is Stopped {
            return
        }
    }

    /// The next batch of changes, waiting for the thread; nil at the end; the reader's error.
    func next() throws -> [OSMChange]? { try handOff.next() }

    /// Stops the thread and waits until it (and the inflating thread it started) has ended.
    func stop() { handOff.stop() }
}
