import Foundation
import OSMPBF

/// Properties of the OpenStreetMap PBF reader that must hold for every input.
enum PBFFuzzing {
    static let selection = [
        [TagCondition(key: "amenity", value: "toilets")],
        [TagCondition(key: "toilets", value: "yes"), TagCondition(key: "amenity", value: nil)],
    ]

    /// A PBF file: the header, then a selection in passes. Ends with objects, each placed
    /// or with a problem, or with a `PBFError`; any other error breaks a property.
    static func pbf(_ input: [UInt8], scratch: FuzzScratch) -> [String] {
        let path = scratch.file("fuzz.osm.pbf", input)
        do {
            let file = try PBFFile(path: path)
            let (objects, stats) = try SelectionReader.read(file, selection: selection)
            var broken: [String] = []
            if objects.contains(where: { ($0.position == nil) == ($0.problem == nil) }) {
                broken.append("an object has both or neither of a position and a problem")
            }
            if stats.blocks < 0 || objects.count > stats.nodes + stats.ways + stats.relations {
                broken.append("more objects selected than the file holds")
            }
            return broken
        } catch is PBFError {
            return []
        } catch {
            return ["not a PBFError: \(error)"]
        }
    }
}

/// Properties of the OsmChange reader (replication diffs) that must hold for every input.
enum ChangeFuzzing {
    /// An OsmChange document (plain or gzip): its changes, applied to an empty state and
    /// placed. Ends with objects, each placed or with a problem, or with a `PBFError`; any
    /// other error breaks a property.
    static func osmChange(_ input: [UInt8]) -> [String] {
        do {
            let changes = try ChangeReader.changes(of: input, path: "fuzz.osc")
            var applier = ChangeApplier(state: OSMState(), selection: PBFFuzzing.selection)
            for c in changes { applier.apply(c) }
            let (objects, pending) = applier.finish()
            var broken: [String] = []
            if objects.contains(where: { ($0.position == nil) == ($0.problem == nil) }) {
                broken.append("an object has both or neither of a position and a problem")
            }
            if objects.count > changes.count {
                broken.append("more objects placed than the changes hold")
            }
            if pending.contains(where: { p in objects.contains { $0.id == p.key.id && $0.type == p.key.type } }) {
                broken.append("a pending object without an earlier place was placed")
            }
            return broken
        } catch is PBFError {
            return []
        } catch {
            return ["not a PBFError: \(error)"]
        }
    }
}
