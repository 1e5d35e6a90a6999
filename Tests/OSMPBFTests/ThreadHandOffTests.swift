import Synchronization
import Testing

@testable import OSMPBF

/// `ThreadHandOff`, the bounded hand-off between the stages of a replication diff: under
/// load, in order, nothing lost or repeated; a consumer that stops early ends the producer;
/// the producer's error comes after the items before it.
@Suite struct ThreadHandOffTests {
    struct Broken: Error, Equatable {}

    @Test func everyItemInOrderThroughASmallCapacity() throws {
        let handOff = ThreadHandOff<Int, Never>(capacity: 2) { send in
            for i in 0..<100_000 { guard send(i) else { return } }
        }
        var got: [Int] = []
        got.reserveCapacity(100_000)
        while let i = handOff.next() { got.append(i) }
        #expect(got == Array(0..<100_000))
        #expect(handOff.next() == nil, "the end is said again")
    }

    @Test func anErrorComesAfterTheItemsBeforeIt() throws {
        let handOff = ThreadHandOff<Int, Broken>(capacity: 3) { (send) throws(Broken) in
            for i in 0..<10 { _ = send(i) }
            throw Broken()
        }
        var got: [Int] = []
        #expect(throws: Broken()) { while let i = try handOff.next() { got.append(i) } }
        #expect(got == Array(0..<10))
    }

    /// Many hand-offs at once, each stopped by its consumer part way: `stop()` returns only
    /// once the producer has seen `send` return false and ended.
    /// How many producers have ended.
    final class Ended: Sendable {
        let count = Mutex(0)
    }

    @Test func consumersThatStopEarlyEndTheirProducers() async {
        let ended = Ended()
        await withTaskGroup(of: [Int].self) { group in
            for n in 0..<16 {
                group.addTask {
                    let handOff = ThreadHandOff<Int, Never>(capacity: 4) { send in
                        defer { ended.count.withLock { $0 += 1 } }
                        var i = 0
                        while send(i) { i += 1 }
                    }
                    var got: [Int] = []
                    while got.count < 100 * n + 1, let i = handOff.next() { got.append(i) }
                    handOff.stop()
                    return got
                }
            }
            for await got in group { #expect(got == Array(0..<got.count)) }
        }
        #expect(ended.count.withLock { $0 } == 16)
    }
}
