import Foundation

/// The (inflated) content of an OsmChange file, chunk by chunk, for `XMLScanner`. A file is
/// read and inflated on a thread of its own (`ChangeSource`), at most `capacity` chunks of
/// 64 KiB ahead of the scanner (1 MiB), so inflating runs on a second core while the first
/// scans: a day of planet diffs is ~130 MB of XML in ~20 MB of gzip, and inflating it is a
/// quarter of a run's work (docs/benchmarks.md). Bytes in memory (the fuzzer) are read on
/// the caller's thread. The source's error comes, in order, after the chunks before it. Not
/// `Sendable`: one scanner, one thread; `close()` (or deinit) stops and waits for the thread.
final class ChangeBytes {
    private let pipe: ThreadHandOff<[UInt8], PBFError>?
    private let source: ChangeSource?
    /// Chunks of 64 KiB the reading thread may be ahead.
    static let capacity = 16

    /// Opens `path`; `observe` sees every byte of the file as read (for its digest), on the
    /// reading thread, all of them before `nextChunk()` returns nil.
    init(path: String, observe: ((UnsafeRawBufferPointer) -> Void)?) throws(PBFError) {
        // The source is used by the reading thread alone once it starts (its digest closure
        // too: the run reads the digest after `close()` has waited for the thread).
        let file = try ChangeSource(path: path, observe: observe)
        pipe = ThreadHandOff(capacity: ChangeBytes.capacity) { (send) throws(PBFError) in
            while let chunk = try file.nextChunk() {
                guard send(chunk) else { return }
            }
        }
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
}
