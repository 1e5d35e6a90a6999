import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A read-only memory map of a whole file, unmapped in `deinit`. Not `Sendable`.
package final class MappedFile {
    /// The file's bytes.
    package let bytes: UnsafeRawBufferPointer

    /// Maps the file at `path`; nil when it cannot be opened or is empty.
    package init?(path: String) {
        let fd = open(path, O_RDONLY)
        guard fd >= 0 else { return nil }
        defer { close(fd) }
        var st = stat()
        guard fstat(fd, &st) == 0, st.st_size > 0 else { return nil }
        let size = Int(st.st_size)
        guard let p = mmap(nil, size, PROT_READ, MAP_PRIVATE, fd, 0), p != MAP_FAILED else { return nil }
        bytes = UnsafeRawBufferPointer(start: p, count: size)
    }

    /// Wraps memory this object owns (an index built in memory).
    package init(owning data: [UInt8]) {
        let p = UnsafeMutableRawBufferPointer.allocate(byteCount: max(data.count, 1), alignment: 16)
        data.withUnsafeBytes { p.copyMemory(from: $0) }
        bytes = UnsafeRawBufferPointer(p)
        owned = true
    }

    private var owned = false

    deinit {
        if owned {
            bytes.deallocate()
        } else if let base = bytes.baseAddress {
            munmap(UnsafeMutableRawPointer(mutating: base), bytes.count)
        }
    }
}
