import Foundation
public import Geo
import Hours
import Places
public import Routing
import Storage

extension ToiletFinder {
    /// The `limit` nearest toilets open at `open.at` (and on arrival, when asked), found by
    /// the incremental nearest search: it keeps going outward until it has `limit` of them,
    /// evaluating each candidate's hours in its own time zone. Unknown is never open; with
    /// `includeUnknown` such toilets are listed, marked `unknown`. Throws `CancellationError`
    /// once `cancellation` is raised.
    public func nearestOpen(
        to point: Coordinate, limit: Int, filter: ToiletFilter = ToiletFilter(), open: OpenFilter,
        cancellation: SearchCancellation? = nil
    ) throws -> [ToiletResult] {
        var decided: [Int64: (state: HoursState, next: Date?, arrival: Date?)] = [:]
        let hours = evaluator
        var refused = notOpen.flatMap { $0.at == open.at && $0.includeUnknown == open.includeUnknown ? $0.rows : nil } ?? []
        notOpen = nil  // the set is ours alone now: inserting does not copy it
        let fallBacksBefore = fallBacks
        defer { if fallBacks == fallBacksBefore { notOpen = (open.at, open.includeUnknown, refused) } }
        // Refused at any distance: its state now rules it out (an arrival only makes it worse).
        func refuse(_ id: Int64) -> Bool {
            if refused.count < ToiletFinder.notOpenMost { refused.insert(id) }
            return false
        }
        let found = try search(
            to: point, limit: limit, filter: filter, cancellation: cancellation, skip: { refused.contains($0) }
        ) { t, distance in
            let id = t.rowID
            let arrival = open.arrivalInstant(distanceMeters: distance)
            guard hours.hours(t.hoursOSM) != nil else {
                // No readable hours: unknown, never open.
                guard open.includeUnknown else { return refuse(id) }
                decided[id] = (.unknown, nil, arrival)
                return true
            }
            let (lat, lon) = (t.coordinate.latitude, t.coordinate.longitude)
            func evaluate() -> (state: HoursState, nextChange: Date?) {
                let a = hours.state(
                    hoursOSM: t.hoursOSM, timeZone: t.timeZone, country: t.country, latitude: lat, longitude: lon, at: open.at)
                return (a.state, a.nextChange)
            }
            let now =
                openStates.map { $0.state(id, at: open.at, evaluate: evaluate) } ?? evaluate()
            if now.state == .closed || (now.state == .unknown && !open.includeUnknown) { return refuse(id) }
            var state = now.state
            if let arrival, state != .closed {
                let then =
                    openStates?.kept(id, at: arrival)?.state
                    ?? hours.currentState(
                        hoursOSM: t.hoursOSM, timeZone: t.timeZone, country: t.country, latitude: lat, longitude: lon, at: arrival
                    )
                if then == .closed { state = .closed } else if then == .unknown { state = .unknown }
            }
            guard state == .open || (state == .unknown && open.includeUnknown) else { return false }
            decided[id] = (state, now.nextChange, arrival)
            return true
        }
        return found.map { r in
            var r = r
            if let d = decided[r.rowID] {
                r.state = d.state
                r.stateAt = open.at
                r.nextChangeAt = d.next
                r.arrivalAt = d.arrival
            }
            return r
        }
    }
}
