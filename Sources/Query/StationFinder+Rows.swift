public import Foundation
import Storage

extension StationFinder {
    /// The stations with these row ids (`LocateStore.placeReferences`), in row-id order,
    /// each with its latest air data as of `now`: one station's answer by its id.
    public func stations(rowIDs: [Int64], now: Date) throws -> [StationResult] {
        try withAir(store.stations(rowIDs: rowIDs).map(StationResult.init), now: now)
    }
}
