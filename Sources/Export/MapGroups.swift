import Foundation
import Geo

/// The far-apart groups of places a preview map offers to jump between (issue 24 §3: a
/// snapshot of Prague, Paris and Rome opens on one city, with a picker for the others).
///
/// How places are grouped: each place falls in a cell of `cellDegrees` (0.1°, about 11 km
/// north–south); two cells join when the geodesic distance between their places' centres
/// is at most `joinMeters` (50 km), and joined cells chain (single linkage over cells). So
/// places more than 50 km (give or take a cell) from every other group's places are a group
/// of their own, and a city's suburbs stay with the city. The groups come in the order the
/// page offers them: most toilets first, then most stations, then by name; the first one
/// is the first view (unless `--view` is given).
struct MapGroups {
    /// One place, as the grouping sees it.
    struct Place {
        var dataset: String
        var isToilet: Bool
        var coordinate: Coordinate
        /// A city a person would name (a station's city), if known.
        var city: String? = nil
    }

    /// One group: what the picker says, and what the map frames.
    struct Group: Encodable, Equatable {
        /// `osm-toilets-paris`; a dataset split into several groups adds the group's most
        /// common city, else its centre (`gios-stations-sample, Kraków`,
        /// `osm-toilets-x near 50.09,14.42`).
        var name: String
        var toilets: Int
        var stations: Int
        /// `[west, south, east, north]` of the group's places, degrees.
        var bbox: [Double]
    }

    /// Side of a grid cell, degrees.
    static let cellDegrees = 0.1
    /// Cells whose centres are at most this far apart join, metres.
    static let joinMeters = 50_000.0
    /// At most this many groups are offered (the smallest are left out of the picker).
    static let maxGroups = 20

    private struct Cell {
        var count = 0
        var latSum = 0.0
        var lonSum = 0.0
        var places: [Place] = []
        var centre: Coordinate { Coordinate(latitude: latSum / Double(count), longitude: lonSum / Double(count)) }
    }

    /// The groups of `places`, in the page's order; empty when there are no places.
    static func groups(of places: [Place]) -> [Group] {
        var cells: [[Int]: Cell] = [:]
        for p in places {
            let key = [
                Int((p.coordinate.latitude / cellDegrees).rounded(.down)),
                Int((p.coordinate.longitude / cellDegrees).rounded(.down)),
            ]
            cells[key, default: Cell()].count += 1
            cells[key, default: Cell()].latSum += p.coordinate.latitude
            cells[key, default: Cell()].lonSum += p.coordinate.longitude
            cells[key, default: Cell()].places.append(p)
        }
        // Cells by latitude row: once a cell's centre is more than 50 km (and a cell) north of
        // cell i's, no later cell can join i.
        let list = cells.sorted { $0.key.lexicographicallyPrecedes($1.key) }.map(\.value)
        let centres = list.map(\.centre)
        let maxLatitudeDegrees = joinMeters / 110_000  // a degree of latitude is at least 110.57 km
        var parent = Array(list.indices)
        func root(_ i: Int) -> Int {
            var i = i
            while parent[i] != i {
                parent[i] = parent[parent[i]]
                i = parent[i]
            }
            return i
        }
        let geodesic = Geodesic()
        for i in list.indices {
            for j in (i + 1)..<list.count {
                if centres[j].latitude - centres[i].latitude > maxLatitudeDegrees + cellDegrees { break }
                guard root(i) != root(j) else { continue }
                // Far apart east–west (with a 10 % margin for the ellipsoid): no geodesic needed.
                let latitude = max(abs(centres[i].latitude), abs(centres[j].latitude)) * .pi / 180
                let eastWestMeters = abs(centres[j].longitude - centres[i].longitude) * 111_000 * cos(latitude) * 0.9
                if eastWestMeters > joinMeters { continue }
                if geodesic.distance(from: centres[i], to: centres[j]) <= joinMeters { parent[root(j)] = root(i) }
            }
        }
        var members: [Int: [Place]] = [:]
        for i in list.indices { members[root(i), default: []] += list[i].places }
        let parts = members.sorted { $0.key < $1.key }.map(\.value)
        var groups = parts.map(group)
        // Names a person can tell apart: a dataset in several groups adds a city or a centre.
        let repeated = Dictionary(grouping: groups.indices, by: { groups[$0].name }).filter { $0.value.count > 1 }
        for i in repeated.values.joined() {
            let (lat, lon) = centre(parts[i])
            groups[i].name += commonCity(parts[i]).map { ", " + $0 } ?? String(format: " near %.2f,%.2f", lat, lon)
        }
        groups.sort { a, b in
            if a.toilets != b.toilets { return a.toilets > b.toilets }
            if a.stations != b.stations { return a.stations > b.stations }
            return a.name < b.name
        }
        return Array(groups.prefix(maxGroups))
    }

    /// A group of places: named after its most common dataset (ties: the first by name).
    private static func group(_ places: [Place]) -> Group {
        let byDataset = Dictionary(grouping: places, by: \.dataset).mapValues(\.count)
        let name = byDataset.sorted { $0.value != $1.value ? $0.value > $1.value : $0.key < $1.key }.first?.key ?? ""
        let lats = places.map(\.coordinate.latitude)
        let lons = places.map(\.coordinate.longitude)
        let toilets = places.filter(\.isToilet).count
        return Group(
            name: name, toilets: toilets, stations: places.count - toilets,
            bbox: [lons.min() ?? 0, lats.min() ?? 0, lons.max() ?? 0, lats.max() ?? 0])
    }

    private static func commonCity(_ places: [Place]) -> String? {
        let cities = Dictionary(grouping: places.compactMap(\.city), by: { $0 }).mapValues(\.count)
        return cities.sorted { $0.value != $1.value ? $0.value > $1.value : $0.key < $1.key }.first?.key
    }

    private static func centre(_ places: [Place]) -> (Double, Double) {
        let n = Double(max(places.count, 1))
        return (
            places.map(\.coordinate.latitude).reduce(0, +) / n, places.map(\.coordinate.longitude).reduce(0, +) / n
        )
    }
}
