import Foundation

/// The (inflated) content of an OsmChange file, chunk by chunk, for `XMLScanner`. A file is
/// read and inflated on a thread of its own (`ChangeSource`), at most `capacity` chunks of
/// 64 KiB ahead of the scanner (1 MiB), so inflating runs on a second core while the first
/// scans: a day of planet diffs is ~130 MB of XML in ~20 MB of gzip, and inflating it is a
/// quarter of a run's work (docs/benchmarks.md). Bytes in memory (the fuzzer) are read on
/// the caller's thread. The source's error comes, in order, after the chunks before it. Not
/// `Sendable`: one scanner, one thread; `close()` (or deinit) stops and waits for the thread.
final class ChangeBytes {
    private let pipe: Pipe?
    private let source: ChangeSource?

    /// Opens `path`; `observe` sees every byte of the file as read (for its digest), on the
    /// reading thread, all of them before `nextChunk()` returns nil.
    init(path: String, observe: ((UnsafeRawBufferPointer) -> Void)?) throws(PBFError) {
        pipe = Pipe(try ChangeSource(path: path, observe: observe))
        source = nil
    }

    /// Bytes in memory (the fuzzer), named `path` in messages.
    init(bytes: [UInt8], path: String) throws(PBFError) {
        source = try ChangeSource(bytes: bytes, path: path)
        pipe = nil
    }

    deinit { close() }

    /// The next chunk of the content, or nil at its end.
    func nextChunk() throws(PBFError) -> [UInt8]? {
        if let source { return try source.nextChunk() }
        return try pipe?.next()
    }

    /// Stops the reading thread (when it runs) and waits until it has ended.
    func close() { pipe?.stop() }

    /// The chunks of one `ChangeSource`, made on its own thread and handed over under a lock.
    /// `@unchecked Sendable` because the thread and the scanner share only `chunks`,
    /// `cancelled` and `finished`, read and written under `condition`'s lock; the source
    /// itself is used by the thread alone once it starts (its digest closure too: the run
    /// reads the digest after `stop()` has waited for the thread). Exercised by every
    /// `--changes` test (DiffIngestCommandTests, DiffFolderCommandTests, OSMPBFTests).
    private final class Pipe: @unchecked Sendable {
        private enum Chunk {
            case bytes([UInt8])
            case end
            case failure(PBFError)
        }
        private let condition = NSCondition()
        private var chunks: [Chunk] = []
        private var head = 0
        private var cancelled = false
        private var finished = false
        private var done = false
        private let source: ChangeSource
        static let capacity = 16

        init(_ source: ChangeSource) {
            self.source = source
            let thread = Thread { [self] in
                produce()
                condition.lock()
                finished = true
                condition.broadcast()
                condition.unlock()
            }
            thread.stackSize = 1 << 20
            thread.start()
        }

        private func produce() {
            while true {
                let chunk: Chunk
                do {
                    chunk = try source.nextChunk().map(Chunk.bytes) ?? .end
                } catch {
                    chunk = .failure(error)
                }
                condition.lock()
                while chunks.count - head >= Pipe.capacity && !cancelled { condition.wait() }
                if cancelled {
                    condition.unlock()
                    return
                }
                if head > Pipe.capacity {
                    chunks.removeFirst(head)
                    head = 0
                }
                chunks.append(chunk)
                condition.broadcast()
                condition.unlock()
                if case .bytes = chunk { continue }
                return
            }
        }

        /// The next chunk, waiting for the thread; nil at the end; the source's error.
        func next() throws(PBFError) -> [UInt8]? {
            if done { return nil }
            condition.lock()
            while chunks.count - head == 0 { condition.wait() }
            let chunk = chunks[head]
            chunks[head] = .end
            head += 1
            condition.broadcast()
            condition.unlock()
            switch chunk {
            case .bytes(let b): return b
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

        /// Stops the thread and waits until it has ended.
        func stop() {
            condition.lock()
            cancelled = true
            condition.broadcast()
            while !finished { condition.wait() }
            condition.unlock()
        }
    }
}
