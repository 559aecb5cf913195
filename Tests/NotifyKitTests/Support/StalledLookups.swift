import StrataData
import StrataJournal
import StrataMaintenance
import StrataSession
import StrataStore
import Synchronization

/// A data layer whose store never answers a look-up of a case report until released: the
/// enrichment that never returns. Every other call goes to the wrapped layer.
struct StalledLookups: DataLayer {
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

    /// The store that stalls case-report look-ups.
    struct Store: ValueObjectStore {
        let base: any ValueObjectStore
        let gate: Gate

        func register<Object: ValueObject>(_ type: Object.Type) async throws { try await base.register(type) }
        func save<Object: ValueObject>(_ object: Object) async throws -> Object { try await base.save(object) }
        func save<Object: ValueObject>(_ objects: [Object]) async throws -> [Object] { try await base.save(objects) }
        func fetch<Object: ValueObject>(_ type: Object.Type, id: String) async throws -> Object? {
            if Object.schema.typeName == "CaseReport" { await gate.wait() }
            return try await base.fetch(type, id: id)
        }
        func delete<Object: ValueObject>(_ object: Object) async throws -> Bool { try await base.delete(object) }
        func delete<Object: ValueObject>(_ objects: [Object]) async throws -> Int { try await base.delete(objects) }
        func deleteAll<Object: ValueObject>(_ type: Object.Type) async throws -> Int { try await base.deleteAll(type) }
        func query<Object: ValueObject>(_ query: Query<Object>) async throws -> [Object] { try await base.query(query) }
        func count<Object: ValueObject>(_ query: Query<Object>) async throws -> Int { try await base.count(query) }
    }

    let base: any DataLayer
    let gate = Gate()

    var store: any ValueObjectStore { Store(base: base.store, gate: gate) }
    var isWritable: Bool { base.isWritable }
    var location: String { base.location }
    var journal: any ChangeJournal { base.journal }
    var diagnostics: any DiagnosticLog { base.diagnostics }
    var session: any SessionStore { base.session }
    var notices: any ChangeNotices { base.notices }
    var syncState: any SyncStateStore { base.syncState }
    var conflicts: any SyncConflictStore { base.conflicts }
}
