import Foundation
import Geo
import Query
import Routing
import Storage
import SyntheticData

/// `locate-bench route DB Q`: Q in-process `--by foot --limit 5` answers from seeded random
/// points in the box of the network beside DB (`locate network build`), timed one by one
/// (the network and finder loaded once, as the server has them). Prints p50 and p95, and
/// where the time goes: routes computed per answer, the mean time to place the start
/// (Routino's FindWaypoint) and per route (Routino's route and our measuring of it).
enum RouteBench {
    static func run(db: String, queries: Int) throws {
        // As `locate toilet` opens it: from the derived files when they are current.
        let finder = try ToiletFinder(currentFilesOf: db) ?? ToiletFinder(store: LocateStore(readingAt: db))
        guard let manifest = try NetworkCatalog.list(databasePath: db).first else {
            throw RoutingError.noNetwork(folder: NetworkCatalog.folder(forDatabase: db))
        }
        let b = manifest.bbox
        let center = Coordinate(
            latitude: (b.minLatitude + b.maxLatitude) / 2, longitude: (b.minLongitude + b.maxLongitude) / 2)
        let network = try NetworkCatalog.network(for: center, databasePath: db)
        var rng = SeededRandom(seed: 26)
        let points = (0..<queries).map { _ in
            Coordinate(
                latitude: .random(in: b.minLatitude...b.maxLatitude, using: &rng),
                longitude: .random(in: b.minLongitude...b.maxLongitude, using: &rng))
        }
        var millis: [Double] = []
        var routed = 0
        var refused = 0
        var (routes, routeNanos, startNanos) = (0, UInt64(0), UInt64(0))
        for p in points {
            let t0 = DispatchTime.now().uptimeNanoseconds
            do {
                let start = try network.start(at: p, mode: .foot)
                startNanos += DispatchTime.now().uptimeNanoseconds - t0
                let counted = CountedOrigin(start)
                routed += try finder.nearestByRoute(to: p, limit: 5, open: nil, start: counted).count
                routes += counted.routes
                routeNanos += counted.nanos
            } catch RoutingError.startOffNetwork {
                refused += 1
                continue
            }
            millis.append(Double(DispatchTime.now().uptimeNanoseconds - t0) / 1_000_000)
        }
        millis.sort()
        guard !millis.isEmpty else { return print("route queries=0 refused=\(refused)") }
        print(
            "route by=foot k=5 queries=\(millis.count) refused=\(refused)",
            "p50_ms=\(String(format: "%.2f", millis[millis.count / 2]))",
            "p95_ms=\(String(format: "%.2f", millis[millis.count * 95 / 100]))",
            "max_ms=\(String(format: "%.2f", millis[millis.count - 1])) results=\(routed)",
            "routes_per_query=\(String(format: "%.1f", Double(routes) / Double(millis.count)))",
            "start_ms=\(String(format: "%.3f", Double(startNanos) / 1e6 / Double(millis.count)))",
            "route_ms=\(String(format: "%.3f", Double(routeNanos) / 1e6 / Double(max(routes, 1))))")
    }
}

/// A start that counts its routes and the time they take.
final class CountedOrigin: RouteOrigin {
    let origin: any RouteOrigin
    var routes = 0
    var nanos: UInt64 = 0
    init(_ origin: any RouteOrigin) { self.origin = origin }
    var point: Coordinate { origin.point }
    var mode: TravelMode { origin.mode }
    func route(to destination: Coordinate) throws -> RouteOutcome {
        let t0 = DispatchTime.now().uptimeNanoseconds
        defer {
            routes += 1
            nanos += DispatchTime.now().uptimeNanoseconds - t0
        }
        return try origin.route(to: destination)
    }
}
