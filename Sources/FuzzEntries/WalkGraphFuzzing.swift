import Geo
import Routing

/// Properties of the walking-graph reader (`walk-graph.bin`) that must hold for every file,
/// forged ones included: the checksum is recomputed first (as a forger would), so every
/// input reaches the structure checks.
enum WalkGraphFuzzing {
    /// A graph file: ends with `RoutingError.badNetwork`, or with a graph on which starts and
    /// routes between its first nodes end with a route of finite length not below the straight
    /// line, no route, or a start off the network.
    static func walkGraph(_ input: [UInt8]) -> [String] {
        let graph: WalkGraph
        do {
            graph = try WalkGraph(fileBytes: WalkGraph.withChecksum(input))
        } catch RoutingError.badNetwork {
            return []
        } catch {
            return ["not a badNetwork error: \(error)"]
        }
        var broken: [String] = []
        let points =
            graph.firstNodes(4) + [Coordinate(latitude: 90, longitude: 0), Coordinate(latitude: -89.999, longitude: 180)]
        for from in points {
            for mode in TravelMode.allCases {
                do {
                    let start = try graph.start(at: from, mode: mode)
                    for to in points {
                        guard case .route(let r) = try start.route(to: to) else { continue }
                        let straight = Geodesic().distance(from: from, to: to)
                        if !r.lengthMeters.isFinite || r.lengthMeters < straight * 0.99 - 1 {
                            broken.append("route \(from) → \(to) of \(r.lengthMeters) m, straight \(straight) m")
                        }
                    }
                } catch RoutingError.startOffNetwork {
                    continue
                } catch {
                    broken.append("start or route at \(from): \(error)")
                }
            }
        }
        return broken
    }
}
