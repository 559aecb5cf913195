#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif
import StrataWire

/// The live ``SyncStateStore``: the engine's facts in `_strata_settings`, the journal's
/// counts, and pulled rows written by ``SyncApplier``, all on the store's one database.
struct SQLiteSyncState: SyncStateStore {
    let database: SQLiteDatabase

    func status() async throws -> SyncStatus {
        try await database.perform { state in try Self.status(in: state.connection) }
    }

    func value(_ key: SyncStateKey) async throws -> String? {
        try await database.perform { state in try SyncSettings.value(key.rawValue, in: state.connection) }
    }

    func set(_ values: [SyncStateKey: String?]) async throws {
        guard database.mode == .readWrite else {
            throw DataError(.readOnly, "cannot record sync facts: the store is open read-only")
        }
        let values = Dictionary(uniqueKeysWithValues: values.map { ($0.key.rawValue, $0.value) })
        try await database.performWrite { state in try SyncSettings.set(values, in: state.connection) }
    }

    func syncedTypes() async throws -> [SyncedType] {
        try await database.perform { state in
            state.tables.values.filter { $0.behaviour.persistentType == .localAndServer && $0.exists }
                .map {
                    SyncedType(
                        name: $0.typeName, refreshInterval: $0.behaviour.autoRefresh?.interval,
                        pullScope: $0.behaviour.autoRefresh?.scope ?? .all)
                }
                .sorted { $0.name < $1.name }
        }
    }

    func applyPulled(_ page: PullResponse, typeName: String) async throws -> PulledPageOutcome {
        guard database.mode == .readWrite else {
            throw DataError(.readOnly, "cannot apply pulled \(typeName) objects: the store is open read-only")
        }
        let applier = SyncApplier(database: database)
        return try await database.queue.run { try applier.apply(page, typeName: typeName) }
    }

    /// The status from the settings and the journal's counts on `connection`.
    private static func status(in connection: SQLiteConnection) throws -> SyncStatus {
        let facts = try SyncSettings.all(in: connection)
        let counts = try SyncSettings.journalCounts(in: connection)
        let server = facts[SyncStateKey.server.rawValue]
        let recorded = facts[SyncStateKey.connectivity.rawValue].flatMap(SyncConnectivity.init(rawValue:))
        return SyncStatus(
            connectivity: recorded ?? (server == nil ? .notConfigured : .unknown), server: server,
            pendingCount: counts.pending, rejectedCount: counts.rejected,
            lastSyncAt: SyncSettings.date(facts[SyncStateKey.lastSyncAt.rawValue]),
            lastError: facts[SyncStateKey.lastError.rawValue],
            lastErrorAt: SyncSettings.date(facts[SyncStateKey.lastErrorAt.rawValue]))
    }
}
