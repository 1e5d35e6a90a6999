import Digests
import Foundation
import OSMPBF
import Storage

/// One run of replication diffs, inside the ingest's transaction: reads the dataset's OSM
/// state, refuses diffs out of order or applied already, applies every change of every
/// diff in order (`ChangeApplier`) and hands back the objects to store, as a full read of
/// the extract would.
struct ChangeRun {
    /// The objects to stage, and what to store after them.
    var objects: SelectedObjects
    /// The state to store.
    var state: OSMState
    /// The state the run started from, and the stored way nodes it was read from.
    private var before: OSMState
    private var storedWayNodes: [OSMWayNodeRecord]
    /// Objects not placeable from the diffs.
    var pending: [PendingObject]
    /// The sequence and timestamp the run leaves the dataset at.
    var sequence: Int64
    /// See `sequence`.
    var timestamp: String?
    /// Report notices.
    var notes: [String]
    /// The source ids (`node/1`) of the places the diffs may have changed, when only those
    /// are staged (`objects` holds only them; the others stay as they are); nil: all staged.
    var touched: [String]?
    /// How many objects the filters select after the diffs (the run's `read`).
    var selectedCount: Int

    /// Applies `files` to the dataset `stager` writes.
    init(_ files: [ChangeFile], spec: PipelineSpec, stager: PlaceStager) throws {
        guard let stored = try stager.osmState() else {
            throw IngestError.noOSMState(dataset: spec.dataset, pipeline: spec.origin ?? spec.name)
        }
        var notes: [String] = []
        var current = try ReplicationSequence.stored(stored.sequence, dataset: spec.dataset)
        for file in files {
            if let c = current, file.sequence != c + 1 {
                throw IngestError.diffOutOfOrder(path: file.path, dataset: spec.dataset, sequence: file.sequence, current: c)
            }
            if current == nil {
                notes.append(
                    "dataset '\(spec.dataset)' had no replication sequence (its extract's header names none): "
                        + "it now follows the diffs from sequence \(file.sequence)")
            }
            current = file.sequence
        }
        let selection = PBFFeatureReader.selection(spec.overpass.filters)
        before = try OSMState(stored)
        storedWayNodes = stored.wayNodes
        var applier = ChangeApplier(state: before, selection: selection)
        var hasher = SHA256Hasher()
        for file in files {
            do {
                try ChangeReader.read(
                    path: file.path, selection: selection,
                    observe: { hasher.update($0.assumingMemoryBound(to: UInt8.self)) }
                ) {
                    applier.apply($0)
                }
            } catch let e as PBFError {
                throw IngestError.osmPBF(e)
            }
        }
        // Only the places the diffs may have changed are staged when place ids are OSM ids.
        let placingTouched = spec.id == .field("@id")
        let (objects, pending, selected) = applier.finish(touchedOnly: placingTouched)
        let last = files.last?.sequence ?? 0
        if !pending.isEmpty {
            notes.append("\(pending.count) object(s) pending: not placeable from the diffs alone, kept until the next full read")
        }
        selectedCount = selected
        if placingTouched {
            touched = applier.placesTouched.sorted().map(\.osmID)
            self.objects = SelectedObjects(objects: objects, sha256: hasher.finalize().hexString)
        } else {
            touched = nil
            self.objects = SelectedObjects(objects: objects, sha256: hasher.finalize().hexString)
        }
        state = applier.state
        self.pending = pending.map { PendingObject(osmID: $0.key.osmID, reason: $0.reason) }
        sequence = last
        timestamp = files.last?.timestamp
        self.notes = notes
    }

    /// The rows of the OSM state the run changed (`OSMState.changes(since:stored:dataset:)`).
    func stateChanges(dataset: String) throws -> OSMStateChanges {
        try state.changes(since: before, stored: storedWayNodes, dataset: dataset)
    }
}
