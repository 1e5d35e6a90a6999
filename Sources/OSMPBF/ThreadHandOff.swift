import Foundation

/// Items made on a thread of its own and taken, in order, by one consumer: at most
/// `capacity` ahead of it, the producer's error after the items before it. The one bounded
/// hand-off of a replication diff's stages (`ChangeBytes`: inflated chunks; `ChangeStream`:
/// batches of changes), so a stage runs on another core while the next consumes.
/// `@unchecked Sendable` because the producing thread and the consumer share only `slots`,
/// `head`, `cancelled` and `finished`, read and written under `condition`'s lock; `produce`
/// is called by the thread alone. `ThreadHandOffTests` loads it (100,000 items through a
/// capacity of 2, a consumer that stops early, an error after the items before it), and every
/// `--changes` test runs it in the release binary.
// Safe: every mutable member is read and written only while `condition` is held.
final class ThreadHandOff<Item, Failure: Error>: @unchecked Sendable {
    private enum Slot {
        case item(Item)
        case end
        case failure(Failure)
    }
    private let condition = NSCondition()
    private var slots: [Slot] = []
    private var head = 0
    private var cancelled = false
    private var finished = false
    private var done = false
    private let capacity: Int
    private let produce: (_ send: (Item) -> Bool) throws(Failure) -> Void

    /// Starts `produce` on a thread of its own. It hands each item to `send`, which waits
    /// while `capacity` items are ahead and returns false once the consumer has stopped (the
    /// producer then returns); its error reaches the consumer after the items before it.
    init(capacity: Int, produce: @escaping (_ send: (Item) -> Bool) throws(Failure) -> Void) {
        self.capacity = max(1, capacity)
        self.produce = produce
        let thread = Thread { [self] in
            do throws(Failure) {
                try self.produce { put(.item($0)) }
                _ = put(.end)
            } catch {
                _ = put(.failure(error))
            }
            condition.lock()
            finished = true
            condition.broadcast()
            condition.unlock()
        }
        thread.stackSize = 1 << 20
        thread.start()
    }

    deinit { stop() }

    /// Queues `slot`, waiting for room; false when the consumer has stopped.
    private func put(_ slot: Slot) -> Bool {
        condition.lock()
        defer { condition.unlock() }
        while slots.count - head >= capacity && !cancelled { condition.wait() }
        if cancelled { return false }
        if head > capacity {
            slots.removeFirst(head)
            head = 0
        }
        slots.append(slot)
        condition.broadcast()
        return true
    }

    /// The next item, waiting for the thread; nil at the end; the producer's error.
    func next() throws(Failure) -> Item? {
        if done { return nil }
        condition.lock()
        while slots.count - head == 0 { condition.wait() }
        let slot = slots[head]
        slots[head] = .end
        head += 1
        condition.broadcast()
        condition.unlock()
        switch slot {
        case .item(let item): return item
        case .end:
            done = true
            stop()
            return nil
        case .failure(let e):
            done = true
            stop()
            throw e
        }
    }

    /// Stops the thread (its next `send` returns false) and waits until it has ended.
    func stop() {
        condition.lock()
        cancelled = true
        condition.broadcast()
        while !finished { condition.wait() }
        condition.unlock()
    }
}
