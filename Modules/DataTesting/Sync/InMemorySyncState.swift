import Foundation
import StrataData
import StrataWire
import Synchronization

/// The sync facts of `DataLayerFactory.inMemory(…)`: recorded facts in memory, counts from
/// the in-memory journal, and the registered `localAndServer` types. Applying a pulled page
/// moves the type's cursor; objects in it are refused loudly (`unexpectedCall`): the double's
/// store has no path for rows the server wrote (a `StrataSyncTesting` script pulls empty pages).
final class InMemorySyncState: SyncStateStore {
    let store: InMemoryStore
    let readOnly: Bool
    private let facts = Mutex<[SyncStateKey: String]>([:])

    init(store: InMemoryStore, readOnly: Bool) {
        self.store = store
        self.readOnly = readOnly
    }

    func status() async throws -> SyncStatus { try readStatus() }

    func readStatus() throws -> SyncStatus {
        let facts = facts.withLock { $0 }
        let (pending, rejected) = store.state.withLock { state in
            let all = state.journal.bySequence.values
            return (all.count { $0.state != .rejected }, all.count { $0.state == .rejected })
        }
        let server = facts[.server]
        return SyncStatus(
            connectivity: facts[.connectivity].flatMap(SyncConnectivity.init(rawValue:)) ?? (server == nil ? .notConfigured : .unknown),
            server: server, pendingCount: pending, rejectedCount: rejected,
            lastSyncAt: facts[.lastSyncAt].flatMap(Double.init).map(Date.init(timeIntervalSince1970:)),
            lastError: facts[.lastError], lastErrorAt: facts[.lastErrorAt].flatMap(Double.init).map(Date.init(timeIntervalSince1970:)))
    }

    func value(_ key: SyncStateKey) async throws -> String? {
        facts.withLock { $0[key] }
    }

    func set(_ values: [SyncStateKey: String?]) async throws {
        guard !readOnly else { throw DataError(.readOnly, "cannot record sync facts: the in-memory layer is read-only") }
        facts.withLock { facts in
            for (key, value) in values { facts[key] = value }
        }
    }

    func syncedTypes() async throws -> [SyncedType] {
        store.state.withLock { state in
            state.behaviours.filter { $0.value.persistentType == .localAndServer && state.tables[$0.key] != nil }
                .map { SyncedType(name: $0.key, refreshInterval: $0.value.autoRefresh?.interval) }
                .sorted { $0.name < $1.name }
        }
    }

    func applyPulled(_ page: PullResponse, typeName: String) async throws -> PulledPageOutcome {
        guard page.objects.isEmpty else {
            throw DataError(
                .unexpectedCall,
                "StrataDataTesting: unexpected call to applyPulled(\(typeName)) with \(page.objects.count) objects; "
                    + "the in-memory layer applies empty pages only (use a live layer on a temporary container)")
        }
        try await set([.cursor(typeName): String(page.cursor)])
        return PulledPageOutcome()
    }
}
