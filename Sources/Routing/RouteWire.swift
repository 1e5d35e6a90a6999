import Foundation
import Geo

#if canImport(Glibc)
    import Glibc
#endif

/// The pipe protocol between `locate-serve` and its route workers (`RouteWorkerPool`,
/// `RouteWorker`): frames of a 4-byte little-endian length and that many bytes, the first
/// of which says what the frame is. Numbers are little-endian; coordinates are the exact
/// bits of their `Double`s, so a route from a worker measures exactly as one made in process.
///
/// Requests: `start` (folder, mode, point) places the start of the routes that follow;
/// `route` (point) asks for the route from it. Replies: `ok`, `path` (the points), `noRoute`
/// (why), `startOff` (no way near the start), `failed` (a message).
enum RouteWire {
    enum Request: Equatable {
        case start(folder: String, mode: TravelMode, point: Coordinate)
        case route(to: Coordinate)
    }

    enum Reply: Equatable {
        case ok
        case path([RoutePoint])
        case noRoute(NoRoute)
        case startOff
        case failed(String)
    }

    /// The longest frame either side accepts (a route of a million points is not a route).
    static let maxFrameBytes = 64 << 20

    static func encode(_ r: Request) -> [UInt8] {
        var w = Writer()
        switch r {
        case .start(let folder, let mode, let point):
            w.byte(1)
            w.byte(mode == .foot ? 0 : 1)
            w.coordinate(point)
            w.bytes(Array(folder.utf8))
        case .route(let point):
            w.byte(2)
            w.coordinate(point)
        }
        return w.framed()
    }

    static func decodeRequest(_ b: [UInt8]) -> Request? {
        var r = Reader(b)
        switch r.byte() {
        case 1:
            guard let m = r.byte(), let p = r.coordinate() else { return nil }
            return .start(folder: String(decoding: r.rest(), as: UTF8.self), mode: m == 0 ? .foot : .wheelchair, point: p)
        case 2: return r.coordinate().map { .route(to: $0) }
        default: return nil
        }
    }

    static func encode(_ r: Reply) -> [UInt8] {
        var w = Writer()
        switch r {
        case .ok: w.byte(0)
        case .path(let points):
            w.byte(1)
            w.u32(UInt32(points.count))
            for p in points {
                w.coordinate(p.point)
                if let name = p.name {
                    let utf8 = Array(name.utf8.prefix(0xFFFE))
                    w.u16(UInt16(utf8.count))
                    w.bytes(utf8)
                } else {
                    w.u16(0xFFFF)
                }
            }
        case .noRoute(let why): w.byte(why == .destinationOffNetwork ? 2 : 3)
        case .startOff: w.byte(4)
        case .failed(let message):
            w.byte(5)
            w.bytes(Array(message.utf8))
        }
        return w.framed()
    }

    static func decodeReply(_ b: [UInt8]) -> Reply? {
        var r = Reader(b)
        switch r.byte() {
        case 0: return .ok
        case 1:
            guard let n = r.u32(), Int(n) <= b.count / 18 else { return nil }
            var points: [RoutePoint] = []
            points.reserveCapacity(Int(n))
            for _ in 0..<n {
                guard let p = r.coordinate(), let length = r.u16() else { return nil }
                if length == 0xFFFF {
                    points.append(RoutePoint(point: p, name: nil))
                } else {
                    guard let name = r.take(Int(length)) else { return nil }
                    points.append(RoutePoint(point: p, name: String(decoding: name, as: UTF8.self)))
                }
            }
            return .path(points)
        case 2: return .noRoute(.destinationOffNetwork)
        case 3: return .noRoute(.unreachable)
        case 4: return .startOff
        case 5: return .failed(String(decoding: r.rest(), as: UTF8.self))
        default: return nil
        }
    }

    struct Writer {
        var out: [UInt8] = [0, 0, 0, 0]
        mutating func byte(_ b: UInt8) { out.append(b) }
        mutating func bytes(_ b: [UInt8]) { out.append(contentsOf: b) }
        mutating func u16(_ v: UInt16) { withUnsafeBytes(of: v.littleEndian) { out.append(contentsOf: $0) } }
        mutating func u32(_ v: UInt32) { withUnsafeBytes(of: v.littleEndian) { out.append(contentsOf: $0) } }
        mutating func u64(_ v: UInt64) { withUnsafeBytes(of: v.littleEndian) { out.append(contentsOf: $0) } }
        mutating func coordinate(_ c: Coordinate) {
            u64(c.latitude.bitPattern)
            u64(c.longitude.bitPattern)
        }
        /// The bytes with the length in front.
        func framed() -> [UInt8] {
            var o = out
            let n = UInt32(o.count - 4).littleEndian
            withUnsafeBytes(of: n) { for i in 0..<4 { o[i] = $0[i] } }
            return o
        }
    }

    struct Reader {
        let b: [UInt8]
        var at = 0
        init(_ b: [UInt8]) { self.b = b }
        mutating func take(_ n: Int) -> ArraySlice<UInt8>? {
            guard n >= 0, at + n <= b.count else { return nil }
            defer { at += n }
            return b[at..<at + n]
        }
        mutating func byte() -> UInt8? { take(1)?.first }
        mutating func rest() -> ArraySlice<UInt8> { take(b.count - at) ?? [] }
        mutating func uint(_ n: Int) -> UInt64? {
            guard let s = take(n) else { return nil }
            var v: UInt64 = 0
            for (i, x) in s.enumerated() { v |= UInt64(x) << (8 * UInt64(i)) }
            return v
        }
        mutating func u16() -> UInt16? { uint(2).map { UInt16($0) } }
        mutating func u32() -> UInt32? { uint(4).map { UInt32($0) } }
        mutating func coordinate() -> Coordinate? {
            guard let lat = uint(8), let lon = uint(8) else { return nil }
            return Coordinate(latitude: Double(bitPattern: lat), longitude: Double(bitPattern: lon))
        }
    }

    /// Writes all of `bytes` to `fd`; false when the other end is gone.
    static func write(_ bytes: [UInt8], to fd: Int32) -> Bool {
        var done = 0
        while done < bytes.count {
            let n = bytes.withUnsafeBytes { raw -> Int in
                guard let base = raw.baseAddress else { return -1 }
                return Glibc.write(fd, base + done, bytes.count - done)
            }
            if n < 0 && errno == EINTR { continue }
            guard n > 0 else { return false }
            done += n
        }
        return true
    }

    /// Why a frame could not be read.
    enum ReadFailure: Error {
        /// The other end closed its pipe (exited, was killed) or sent a bad frame.
        case closed
        /// Nothing came within the deadline.
        case timedOut
    }

    /// Reads one frame's bytes from `fd`, waiting until `deadline` (uptime nanoseconds; nil:
    /// for ever).
    static func readFrame(from fd: Int32, deadline: UInt64?) throws(ReadFailure) -> [UInt8] {
        let header = try readExactly(4, from: fd, deadline: deadline)
        let n = Int(header[0]) | Int(header[1]) << 8 | Int(header[2]) << 16 | Int(header[3]) << 24
        guard n > 0, n <= maxFrameBytes else { throw .closed }
        return try readExactly(n, from: fd, deadline: deadline)
    }

    private static func readExactly(_ count: Int, from fd: Int32, deadline: UInt64?) throws(ReadFailure) -> [UInt8] {
        var out = [UInt8](repeating: 0, count: count)
        var done = 0
        while done < count {
            if let deadline {
                let now = DispatchTime.now().uptimeNanoseconds
                guard now < deadline else { throw .timedOut }
                var p = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
                let ms = Int32(min((deadline - now) / 1_000_000 + 1, UInt64(Int32.max)))
                let ready = poll(&p, 1, ms)
                if ready < 0 && errno == EINTR { continue }
                if ready == 0 { continue }
                guard ready > 0 else { throw .closed }
            }
            let n = out.withUnsafeMutableBytes { raw -> Int in
                guard let base = raw.baseAddress else { return -1 }
                return Glibc.read(fd, base + done, count - done)
            }
            if n < 0 && errno == EINTR { continue }
            guard n > 0 else { throw .closed }
            done += n
        }
        return out
    }
}
