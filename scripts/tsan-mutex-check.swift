// Does ThreadSanitizer see Synchronization.Mutex on Linux? 16 threads append to an array
// under one lock, a Mutex or an NSLock, holding it long enough that threads wait for it.
// Both print 3200 (the lock works); only the Mutex run gets a "Swift access race" report:
// Mutex's contended lock and unlock (_lockSlow/_unlockSlow: futex calls inside the
// uninstrumented libswiftSynchronization.so) hand the lock over where TSan cannot see it.
// scripts/tsan.sh runs it: `swiftc -sanitize=thread scripts/tsan-mutex-check.swift`, then
// `./a.out mutex` and `./a.out nslock`.
import Dispatch
import Foundation
import Synchronization

final class Box: @unchecked Sendable { var a: [Int] = [] }  // Safe: only touched under `lock`
let useMutex = CommandLine.arguments.dropFirst().first == "mutex"
let mutex = Mutex<[Int]>([])
let lock = NSLock()
let box = Box()
DispatchQueue.concurrentPerform(iterations: 16) { i in
    for _ in 0..<200 {
        if useMutex {
            mutex.withLock {
                $0.append(i)
                usleep(10)
            }
        } else {
            lock.withLock {
                box.a.append(i)
                usleep(10)
            }
        }
    }
}
print(useMutex ? mutex.withLock { $0.count } : box.a.count)
