public import Foundation
public import Geo

/// The street networks built beside a database: `<database>.network/<name>`, each a symbolic
/// link to the folder of its newest build (`NetworkBuilder`).
public enum NetworkCatalog {
    /// The folder a database's networks live in.
    public static func folder(forDatabase path: String) -> String { path + ".network" }

    /// The manifests of the networks beside the database at `path`, by name; none: empty.
    public static func list(databasePath path: String) throws -> [NetworkManifest] {
        let parent = folder(forDatabase: path)
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: parent) else { return [] }
        return try names.filter { !$0.hasPrefix(".") }.sorted().map {
            try NetworkManifest.read(folder: (parent as NSString).appendingPathComponent($0))
        }
    }

    /// The network to route from `point`: the one named, else the one whose area holds the
    /// point (the smallest when several do), else the one whose area is nearest to it (the
    /// start point is then usually too far from its ways, which routing reports).
    public static func network(for point: Coordinate, databasePath path: String, name: String? = nil) throws -> WalkGraph {
        try WalkGraph(folder: try chosenFolder(for: point, databasePath: path, name: name))
    }

    /// The folder of the network `network(for:databasePath:name:)` loads, its link resolved
    /// (a rebuild gives a new folder).
    public static func chosenFolder(for point: Coordinate, databasePath path: String, name: String? = nil) throws -> String {
        let parent = folder(forDatabase: path)
        let all = try list(databasePath: path)
        func resolved(_ name: String) -> String {
            let link = (parent as NSString).appendingPathComponent(name)
            guard let target = try? FileManager.default.destinationOfSymbolicLink(atPath: link) else { return link }
            return (parent as NSString).appendingPathComponent(target)
        }
        if let name {
            guard all.contains(where: { $0.name == name }) else {
                throw RoutingError.badNetwork(
                    path: (parent as NSString).appendingPathComponent(name), reason: "no network of that name")
            }
            return resolved(name)
        }
        func area(_ b: BoundingBox) -> Double { (b.maxLatitude - b.minLatitude) * (b.maxLongitude - b.minLongitude) }
        func outside(_ b: BoundingBox) -> Double {
            let dLat = max(b.minLatitude - point.latitude, 0, point.latitude - b.maxLatitude)
            let dLon = max(b.minLongitude - point.longitude, 0, point.longitude - b.maxLongitude)
            return dLat * dLat + dLon * dLon
        }
        guard let best = all.min(by: { (outside($0.bbox), area($0.bbox), $0.name) < (outside($1.bbox), area($1.bbox), $1.name) })
        else { throw RoutingError.noNetwork(folder: parent) }
        return resolved(best.name)
    }

    /// Throws unless `name` is a plain name a folder may have.
    static func check(name: String) throws {
        let allowed = Set("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-_.")
        guard !name.isEmpty, name.count <= 64, !name.hasPrefix("."), name.allSatisfy(allowed.contains) else {
            throw RoutingError.badName(name)
        }
    }

    /// Points `parent/name` at `parent/version` by renaming a new link over it (atomic), then
    /// removes the build it pointed at before (a reader that has it mapped keeps its pages).
    static func switchLink(name: String, to version: String, in parent: String) throws {
        let fm = FileManager.default
        let link = (parent as NSString).appendingPathComponent(name)
        let old = try? fm.destinationOfSymbolicLink(atPath: link)
        let temporary = (parent as NSString).appendingPathComponent(".link-\(UUID().uuidString)")
        try fm.createSymbolicLink(atPath: temporary, withDestinationPath: version)
        guard rename(temporary, link) == 0 else {
            let reason = String(cString: strerror(errno))
            try? fm.removeItem(atPath: temporary)
            throw RoutingError.badNetwork(path: link, reason: "cannot switch to the new build (\(reason))")
        }
        if let old, old != version, !old.contains("/") {
            try? fm.removeItem(atPath: (parent as NSString).appendingPathComponent(old))
        }
    }
}
