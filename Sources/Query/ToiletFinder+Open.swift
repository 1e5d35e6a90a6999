import Foundation
import GRDB
import Geo
import Hours
import Storage

extension ToiletFinder {
    /// The `limit` nearest toilets open at `open.at` (and on arrival, when asked), found by
    /// the incremental nearest search: it keeps going outward until it has `limit` of them,
    /// evaluating each candidate's hours in its own time zone. Unknown is never open; with
    /// `includeUnknown` such toilets are listed, marked `unknown`.
    public func nearestOpen(
        to point: Coordinate, limit: Int, filter: ToiletFilter = ToiletFilter(), open: OpenFilter
    ) throws -> [ToiletResult] {
        var decided: [Int64: (state: HoursState, next: Date?, arrival: Date?, zone: TimeZone)] = [:]
        let hits = try store.reading { db in
            let lookup = try db.makeStatement(
                sql: "SELECT hours_osm, hours_status, timezone, country, lat, lon FROM toilets WHERE id = ?")
            var parsed: [String: OpeningHours?] = [:]
            var zones: [String: TimeZone] = [:]
            return try index.nearest(to: point, limit: limit, maxDistanceMeters: filter.maxDistanceMeters) {
                id, flags, distance in
                guard flags.isSuperset(of: filter.requiredFlags) else { return false }
                guard let row = try Row.fetchOne(lookup, arguments: [id]) else { return false }
                let zoneName: String = row["timezone"]
                let zone = zones[zoneName] ?? TimeZone(identifier: zoneName) ?? .gmt
                zones[zoneName] = zone
                let osm: String? = row["hours_osm"]
                let hours: OpeningHours? = osm.flatMap { text in
                    if let hit = parsed[text] { return hit }
                    let tree = try? OpeningHours(parsing: text)
                    parsed[text] = tree
                    return tree
                }
                guard let hours else {
                    // No readable hours: unknown, never open.
                    guard open.includeUnknown else { return false }
                    decided[id] = (.unknown, nil, open.arrivalInstant(distanceMeters: distance), zone)
                    return true
                }
                let context = HoursContext(
                    timeZone: zone, country: row["country"], latitude: row["lat"], longitude: row["lon"])
                let now = hours.state(at: open.at, in: context)
                var state = now.state
                let arrival = open.arrivalInstant(distanceMeters: distance)
                if let arrival, state != .closed {
                    let then = hours.currentState(at: arrival, in: context).state
                    if then == .closed { state = .closed } else if then == .unknown { state = .unknown }
                }
                guard state == .open || (state == .unknown && open.includeUnknown) else { return false }
                decided[id] = (state, now.nextChange, arrival, zone)
                return true
            }
        }
        return try store.toilets(for: hits).map { r in
            var r = r
            if let d = decided[r.rowID] {
                r.state = d.state.rawValue
                r.nextChange = d.next.map { WallClock.text($0, in: d.zone) }
                r.arrival = d.arrival.map { WallClock.text($0, in: d.zone) }
                r.queryTime = WallClock.text(open.at, in: d.zone)
            }
            return r
        }
    }
}
