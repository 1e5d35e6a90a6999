import Foundation
internal import GRDB
import SpatialIndex

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The derived files of one write of ours (`LocateStore.write`): for each place kind the
/// write changed, one file: the nearest index (`NearestIndex`) and, for toilets, their rows
/// after it (`ToiletRowFile`), of the state it commits, stamped with the kind's new data nonce. They
/// are built inside the write's transaction (so they are exactly of the state it commits)
/// under temporary names, synced, and renamed into place after the commit: a reader maps an
/// old or a new file whole, never a truncated one, and a file is never unlinked while another
/// process may have it mapped. A write killed before its commit leaves dead temporaries (the
/// next build removes them); killed after it, files of the state before, which no reader
/// trusts (their stamp is not the new nonce), so readers answer through SQLite and put files
/// of the new state in place. A file that cannot be written (a full disk) is left out the
/// same way: the write itself never fails for one.
final class DerivedFiles {
    /// The file the database is in (`<db>` or `<db>.partial`): the files go beside it.
    private let databaseFile: String
    /// Built temporaries and the names they get.
    private var ready: [(temporary: String, path: String)] = []

    init(databaseFile: String) { self.databaseFile = databaseFile }

    /// Builds the files of `kind` of the state `db` is about to commit, stamped `nonce`;
    /// `pending` is the index a first load serialised meanwhile (`PendingNearestIndex`).
    func build(_ db: Database, kind: PlaceKind, nonce: Int64, pending: PendingNearestIndex?) {
        let stamp = LocateStore.stamp(kind, nonce: nonce)
        let indexBytes: [UInt8]
        if let pending {
            indexBytes = NearestIndex.restamped(pending.wait(), stamp)
        } else {
            guard let points = try? NearestIndex.points(db, kind: kind) else { return }
            indexBytes = NearestIndex.serialize(points, stamp: stamp)
        }
        let path = NearestIndex.path(forFile: databaseFile, kind: kind)
        let file = temporary(for: path) { put in
            guard kind == .toilets else { return try indexBytes.withUnsafeBytes { try put(0, $0) } }
            try ToiletRowFile.serializeFile(
                db, nonce: nonce, stamp: stamp, index: indexBytes,
                captured: pending?.capture.map { (capture: $0, rows: pending?.count ?? 0) }, to: put)
        }
        if let file { ready.append((file, path)) }
    }

    /// Renames every built file into place (after the commit), and drops the failure marker
    /// of the toilets' file (`ToiletRowFile.failureMarker`) and the rows file of an older
    /// locate.
    func putInPlace() {
        for (temporary, path) in ready where rename(temporary, path) != 0 { unlink(temporary) }
        if ready.contains(where: { $0.path == ToiletRowFile.path(forFile: databaseFile) }) {
            unlink(ToiletRowFile.failureMarker(of: ToiletRowFile.path(forFile: databaseFile)))
            ToiletRowFile.removeLegacyFiles(besideDatabase: databaseFile)
        }
        ready = []
    }

    /// Removes every built temporary (the write rolled back).
    func discard() {
        for (temporary, _) in ready { unlink(temporary) }
        ready = []
    }

    /// A synced temporary beside `path` holding what `fill` puts, or nil (and no temporary)
    /// when it cannot be written or `fill` throws (`ToiletRowFile.syncedTemporary`).
    private func temporary(
        for path: String, filling fill: ((Int, UnsafeRawBufferPointer) throws -> Void) throws -> Void
    ) -> String? {
        ToiletRowFile.removeDeadTemporaries(of: path)  // of killed earlier writes
        return (try? ToiletRowFile.syncedTemporary(for: path, filling: fill)) ?? nil
    }
}
