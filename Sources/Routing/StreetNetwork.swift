internal import CRoutino
import Foundation
public import Geo

// Safe: the Routino handles are immutable after loading and every call into Routino runs under `RoutinoLibrary.lock`.
/// A street network built by `NetworkBuilder` (a Routino database and its manifest), loaded
/// for routing by Routino itself: the oracle our own search (`WalkGraph`) is tested against
/// (`WalkGraphOracleTests`); `locate` routes on the walking graph. libroutino maps the
/// database files; every call into it runs under `RoutinoLibrary.lock`.
public final class StreetNetwork: RouteNetwork, @unchecked Sendable {
    /// How far a start point may lie from the nearest way it can use before a route from it
    /// is refused (`RoutingError.startOffNetwork`): 500 m (docs/routing.md).
    public static let startLimitMeters = 500.0

    /// The network's folder (the database files and `network.json`).
    public let folder: String
    /// What the network is.
    public let manifest: NetworkManifest
    private let database: OpaquePointer
    private let translation: OpaquePointer
    private let profiles: [TravelMode: OpaquePointer]
    /// Destination waypoints already found (Routino's search for the nearest segment is most
    /// of a route's cost on a small network: about 1.1 of 1.8 ms on central Helsinki), kept
    /// while the network is loaded: one small struct per toilet and mode asked about.
    /// Guarded by `RoutinoLibrary.lock`.
    private var destinations: [Destination: OpaquePointer] = [:]

    private struct Destination: Hashable {
        var latitude: Double
        var longitude: Double
        var mode: TravelMode
    }

    /// Loads the network in `folder`; a missing or damaged one names the folder.
    public init(folder: String) throws {
        let manifest = try NetworkManifest.read(folder: folder)
        (database, translation, profiles) = try RoutinoLibrary.locked {
            let translation = try RoutinoLibrary.prepare(folder: folder)
            guard let db = Routino_LoadDatabase(folder, nil) else {
                throw RoutingError.library(function: "Routino_LoadDatabase", code: croutino_errno(), folder: folder)
            }
            var profiles: [TravelMode: OpaquePointer] = [:]
            do {
                for mode in TravelMode.allCases {
                    profiles[mode] = try RoutinoLibrary.profile(mode, database: db, folder: folder)
                }
            } catch {
                for p in profiles.values { free(UnsafeMutableRawPointer(p)) }
                Routino_UnloadDatabase(db)
                throw error
            }
            return (db, translation, profiles)
        }
        self.folder = folder
        self.manifest = manifest
    }

    deinit {
        RoutinoLibrary.locked {
            for w in destinations.values { free(UnsafeMutableRawPointer(w)) }
            for p in profiles.values { free(UnsafeMutableRawPointer(p)) }
            Routino_UnloadDatabase(database)
        }
    }

    /// The start of routes from `point` for `mode`: the point placed on the nearest way the
    /// mode may use. Throws `RoutingError.startOffNetwork` when Routino finds none near.
    public func start(at point: Coordinate, mode: TravelMode) throws -> RouteStart {
        guard let w = waypoint(point, mode: mode) else {
            throw RoutingError.startOffNetwork(
                latitude: point.latitude, longitude: point.longitude, meters: nil, limitMeters: StreetNetwork.startLimitMeters,
                network: manifest.name)
        }
        return RouteStart(network: self, point: point, mode: mode, waypoint: w)
    }

    /// `start(at:mode:)`, as a `RouteNetwork` (Routino's search runs to its end: the oracle
    /// of the tests takes no cancellation).
    public func origin(at point: Coordinate, mode: TravelMode, cancellation: SearchCancellation?) throws -> any RouteOrigin {
        try start(at: point, mode: mode)
    }

    /// Routino's waypoint for `point` (freed by the caller), or nil when no usable way is near.
    func waypoint(_ point: Coordinate, mode: TravelMode) -> OpaquePointer? {
        RoutinoLibrary.locked {
            guard let profile = profiles[mode] else { return nil }
            return Routino_FindWaypoint(database, profile, point.latitude, point.longitude)
        }
    }

    /// Routino's waypoint for a destination, owned by the network (never freed by the
    /// caller), or nil when no usable way is near.
    func destination(_ point: Coordinate, mode: TravelMode) -> OpaquePointer? {
        let key = Destination(latitude: point.latitude, longitude: point.longitude, mode: mode)
        return RoutinoLibrary.locked {
            if let w = destinations[key] { return w }
            guard let profile = profiles[mode], let w = Routino_FindWaypoint(database, profile, point.latitude, point.longitude)
            else { return nil }
            destinations[key] = w
            return w
        }
    }

    /// The points of the shortest route between two waypoints (degrees), or why there is none.
    func path(from a: OpaquePointer, to b: OpaquePointer, mode: TravelMode) throws -> [RoutePoint]? {
        try RoutinoLibrary.locked {
            guard let profile = profiles[mode] else { return nil }
            var waypoints: [OpaquePointer?] = [a, b]
            let options = Int32(ROUTINO_ROUTE_SHORTEST | ROUTINO_ROUTE_LIST_TEXT_ALL)
            guard let output = Routino_CalculateRoute(database, profile, translation, &waypoints, 2, options, nil) else {
                let code = croutino_errno()
                if code >= ROUTINO_ERROR_NO_ROUTE_1 { return nil }
                throw RoutingError.library(function: "Routino_CalculateRoute", code: code, folder: folder)
            }
            defer { Routino_DeleteRoute(output) }
            var points: [RoutePoint] = []
            var item: UnsafeMutablePointer<Routino_Output>? = output
            while let o = item {
                let degrees = 180 / Double.pi
                points.append(
                    RoutePoint(
                        point: Coordinate(latitude: Double(o.pointee.lat) * degrees, longitude: Double(o.pointee.lon) * degrees),
                        name: o.pointee.name.map { String(cString: $0) }))
                item = o.pointee.next
            }
            return points
        }
    }
}
