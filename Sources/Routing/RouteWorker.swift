import Foundation
import Geo

/// The loop of a route worker process (`locate-serve --route-worker`, started by
/// `RouteWorkerPool`): reads `RouteWire` requests on `input`, answers each on `output` with
/// its own libroutino (networks loaded once per folder), until `input` closes. Returns the
/// exit status: 0 when the pool closed the pipe, 2 on a malformed frame.
public enum RouteWorker {
    /// Serves requests until `input` closes.
    public static func serve(input: Int32 = 0, output: Int32 = 1) -> Int32 {
        closeInherited(keeping: [0, 1, 2, input, output])
        var networks: [String: StreetNetwork] = [:]
        var start: RouteStart?
        while true {
            let frame: [UInt8]
            do {
                frame = try RouteWire.readFrame(from: input, deadline: nil)
            } catch {
                return 0
            }
            guard let request = RouteWire.decodeRequest(frame) else { return 2 }
            let reply: RouteWire.Reply
            do {
                switch request {
                case .start(let folder, let mode, let point):
                    start = nil
                    let network: StreetNetwork
                    if let n = networks[folder] {
                        network = n
                    } else {
                        network = try StreetNetwork(folder: folder)
                        // A rebuilt network (a new folder of the same name) replaces the old one.
                        networks = networks.filter { $0.value.manifest.name != network.manifest.name }
                        networks[folder] = network
                    }
                    start = try network.start(at: point, mode: mode)
                    reply = .ok
                case .route(let destination):
                    guard let s = start else {
                        reply = .failed("route worker: a route asked for before its start")
                        break
                    }
                    switch try s.path(to: destination) {
                    case .points(let points): reply = .path(points)
                    case .none(let why): reply = .noRoute(why)
                    }
                }
            } catch RoutingError.startOffNetwork {
                reply = .startOff
            } catch {
                reply = .failed("\(error)")
            }
            guard RouteWire.write(RouteWire.encode(reply), to: output) else { return 0 }
        }
    }

    /// Closes the descriptors inherited from the server (its sockets, its database) but
    /// `keeping`: a worker holds nothing of the server's open.
    static func closeInherited(keeping: Set<Int32>) {
        let open = (try? FileManager.default.contentsOfDirectory(atPath: "/proc/self/fd")) ?? []
        for name in open {
            if let fd = Int32(name), !keeping.contains(fd) { close(fd) }
        }
    }
}
