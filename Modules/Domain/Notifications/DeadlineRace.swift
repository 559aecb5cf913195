import Synchronization

/// Runs a body against a deadline without waiting for a body that does not end: the first of
/// the two to finish answers, and a body still running at the deadline is cancelled and left
/// to end on its own (its result is dropped).
enum DeadlineRace {
    /// What the race came to.
    enum Outcome<Value: Sendable>: Sendable {
        /// The body finished first with this value.
        case finished(Value)
        /// The deadline passed first.
        case timedOut
    }

    /// The one answer of a race: whichever side takes the continuation first resumes it.
    private final class Finish<Value: Sendable>: Sendable {
        private struct Slot {
            var continuation: CheckedContinuation<Outcome<Value>, any Error>?
            var timer: Task<Void, Never>?
        }

        private let slot = Mutex(Slot())

        func arm(_ continuation: CheckedContinuation<Outcome<Value>, any Error>) {
            slot.withLock { $0.continuation = continuation }
        }

        func setTimer(_ timer: Task<Void, Never>) {
            let finished = slot.withLock { slot -> Bool in
                guard slot.continuation != nil else { return true }
                slot.timer = timer
                return false
            }
            if finished { timer.cancel() }
        }

        /// Resumes with `result` if nobody has yet; returns whether this call did.
        @discardableResult
        func resume(_ result: Result<Outcome<Value>, any Error>) -> Bool {
            let (continuation, timer) = slot.withLock { slot in
                defer { slot = Slot() }
                return (slot.continuation, slot.timer)
            }
            guard let continuation else { return false }
            timer?.cancel()
            continuation.resume(with: result)
            return true
        }
    }

    /// `body`'s value, or ``Outcome/timedOut`` when `deadline` passes first.
    ///
    /// - Throws: what `body` throws before the deadline.
    static func run<Value: Sendable>(
        deadline: Duration, _ body: @escaping @Sendable () async throws -> Value
    ) async throws -> Outcome<Value> {
        let finish = Finish<Value>()
        return try await withCheckedThrowingContinuation { continuation in
            finish.arm(continuation)
            let work = Task {
                do {
                    finish.resume(.success(.finished(try await body())))
                } catch {
                    finish.resume(.failure(error))
                }
            }
            finish.setTimer(
                Task {
                    guard (try? await Task.sleep(for: deadline)) != nil else { return }
                    if finish.resume(.success(.timedOut)) { work.cancel() }
                })
        }
    }
}
