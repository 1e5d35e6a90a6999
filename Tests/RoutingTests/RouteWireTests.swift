import Foundation
import Geo
import Testing

@testable import Routing

/// The pipe protocol between the server and its route workers (`RouteWire`): every request
/// and reply reads back as written, coordinates to the exact bit (a route from a worker
/// measures as one made in process), and a truncated or unknown frame is refused.
@Suite struct RouteWireTests {
    static let point = Coordinate(latitude: 60.169_912_345_678_9, longitude: 24.938_412_345_678_9)

    @Test func requestsReadBackAsWritten() {
        let requests: [RouteWire.Request] = [
            .start(folder: "/data/h.sqlite.network/.helsinki-centre-1a2b", mode: .foot, point: Self.point),
            .start(folder: "", mode: .wheelchair, point: Coordinate(latitude: -0.0, longitude: 180)),
            .route(to: Self.point),
        ]
        for r in requests { #expect(RouteWire.decodeRequest(Array(RouteWire.encode(r).dropFirst(4))) == r) }
    }

    @Test func repliesReadBackAsWritten() {
        let points = [
            RoutePoint(point: Self.point, name: nil), RoutePoint(point: Self.point, name: "Kaivokatu"),
            RoutePoint(point: Coordinate(latitude: 60.1, longitude: 24.9), name: "Pohjoisesplanadi – ö"),
        ]
        let replies: [RouteWire.Reply] = [
            .ok, .path(points), .path([]), .noRoute(.destinationOffNetwork), .noRoute(.unreachable), .startOff,
            .failed("helsinki: Routino_CalculateRoute failed (Routino error 3)"),
        ]
        for r in replies { #expect(RouteWire.decodeReply(Array(RouteWire.encode(r).dropFirst(4))) == r) }
    }

    @Test func aFrameIsItsLengthThenItsBytes() {
        let frame = RouteWire.encode(.route(to: Self.point))
        #expect(frame.count == 4 + 1 + 16)
        #expect(Array(frame.prefix(4)) == [17, 0, 0, 0])
    }

    @Test func aBadFrameIsRefused() {
        let path = Array(RouteWire.encode(.path([RoutePoint(point: Self.point, name: "x")])).dropFirst(4))
        #expect(RouteWire.decodeReply(Array(path.dropLast())) == nil)
        #expect(RouteWire.decodeReply([9]) == nil)
        #expect(RouteWire.decodeRequest([]) == nil)
        #expect(RouteWire.decodeRequest([2, 1, 2, 3]) == nil)
    }

    /// Frames through a real pipe: a reader gets each whole frame, and a closed pipe reads as closed.
    @Test func framesCrossAPipe() throws {
        var fds: [Int32] = [0, 0]
        try #require(pipe(&fds) == 0)
        let replies: [RouteWire.Reply] = [.ok, .path([RoutePoint(point: Self.point, name: "Mannerheimintie")])]
        for r in replies { #expect(RouteWire.write(RouteWire.encode(r), to: fds[1])) }
        close(fds[1])
        for r in replies {
            let frame = try RouteWire.readFrame(from: fds[0], deadline: nil)
            #expect(RouteWire.decodeReply(frame) == r)
        }
        #expect(throws: RouteWire.ReadFailure.closed) { try RouteWire.readFrame(from: fds[0], deadline: nil) }
        close(fds[0])
    }
}
