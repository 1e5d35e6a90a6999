import Foundation
import Geo
import Query
import Routing
import Storage
import SyntheticData

/// `locate-bench route DB Q`: Q in-process `--by foot --limit 5` answers from seeded random
/// points in the box of the network beside DB (`locate network build`), timed one by one
/// (the network and finder loaded once, as the server has them). Prints p50 and p95.
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
        for p in points {
            let t0 = DispatchTime.now().uptimeNanoseconds
            do {
                let start = try network.start(at: p, mode: .foot)
                routed += try finder.nearestByRoute(to: p, limit: 5, open: nil, start: start).count
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
            "max_ms=\(String(format: "%.2f", millis[millis.count - 1])) results=\(routed)")
    }
}
