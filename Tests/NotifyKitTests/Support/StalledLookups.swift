import StrataDataTesting
import StrataStore
import Synchronization

/// A store that never answers a look-up of a case report until released: the enrichment that
/// never returns. Every other call goes to the wrapped store.
struct StalledLookups: ForwardingStore {
    /// Holds the stalled look-ups until ``release()``.
    final class Gate: Sendable {
        private let waiting = Mutex<(released: Bool, continuations: [CheckedContinuation<Void, Never>])>((false, []))

        /// Suspends until released (at once when already released); ignores cancellation.
        func wait() async {
            await withCheckedContinuation { continuation in
                let resumeNow = waiting.withLock { state -> Bool in
                    if state.released { return true }
                    state.continuations.append(continuation)
                    return false
                }
                if resumeNow { continuation.resume() }
            }
        }

        /// How many look-ups wait now.
        var waitingCount: Int { waiting.withLock { $0.continuations.count } }

        /// Lets every stalled look-up (and every later one) through.
        func release() {
            let continuations = waiting.withLock { state in
                defer { state = (true, []) }
                return state.continuations
            }
            for continuation in continuations { continuation.resume() }
        }
    }

    let base: any ValueObjectStore
    let gate = Gate()

    func fetch<Object: ValueObject>(_ type: Object.Type, id: String) async throws -> Object? {
        if Object.schema.typeName == "CaseReport" { await gate.wait() }
        return try await base.fetch(type, id: id)
    }
}
