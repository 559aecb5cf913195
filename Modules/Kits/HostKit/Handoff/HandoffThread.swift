import Foundation
import Synchronization

/// Runs the handoff channel's blocking socket work on threads of its own, never on the
/// cooperative pool, and bridges between them and async code.
enum HandoffThread {
    /// Runs `body` on a new thread and suspends the caller (holding no thread) until it returns.
    static func run<Value: Sendable>(_ body: @escaping @Sendable () -> Value) async -> Value {
        await withCheckedContinuation { continuation in
            Thread.detachNewThread { continuation.resume(returning: body()) }
        }
    }

    /// Runs `work` as a task and blocks the calling thread — one of the channel's own, never a
    /// thread of the pool — until it has finished.
    static func wait<Value: Sendable>(for work: @escaping @Sendable () async -> Value) -> Value {
        let slot = Slot<Value>()
        let done = DispatchSemaphore(value: 0)
        Task {
            let value = await work()
            slot.value.withLock { $0 = value }
            done.signal()
        }
        done.wait()
        // The semaphore orders the write before this read; the value is set.
        return slot.value.withLock { $0! }
    }

    /// Where a task leaves its value for the waiting thread.
    private final class Slot<Value: Sendable>: Sendable {
        let value = Mutex<Value?>(nil)
    }
}
