#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif
import StrataCrossCutting
import StrataJournal
import StrataStore
import StrataWire

/// The live `SyncStateStore`: the engine's facts in `_strata_settings`, the journal's
/// counts, and pulled rows written by ``SyncApplier``, all on the store's one database.
struct SQLiteSyncState: SyncStateStore {
    let database: SQLiteDatabase
    /// The signed-in user's id and account name, read on the database's queue: the author's
    /// name ``objectFacts(typeName:objectIDs:)`` gives for that user's objects.
    var signedIn: @Sendable () -> (userID: String, account: String)? = { nil }

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
        // The server and the last error never keep a password (a URL's `user:password@`).
        let values = Dictionary(
            uniqueKeysWithValues: values.map { entry in
                (entry.key.rawValue, Self.shown.contains(entry.key) ? entry.value.map(CredentialMask.masked) : entry.value)
            })
        try await database.performWrite { state in try SyncSettings.set(values, in: state.connection) }
    }

    func syncedTypes() async throws -> [SyncedType] {
        try await database.perform { state in
            // Parents before their dependents (then by name): a sync pulls a report before the
            // follow-ups naming it.
            let depth = Self.dependencyDepths(state.tables.values)
            return state.tables.values.filter { $0.behaviour.persistentType == .localAndServer && $0.exists }
                .sorted { (depth[$0.typeName] ?? 0, $0.typeName) < (depth[$1.typeName] ?? 0, $1.typeName) }
                .map {
                    SyncedType(
                        name: $0.typeName, refreshInterval: $0.behaviour.autoRefresh?.interval,
                        pullScope: $0.behaviour.autoRefresh?.scope ?? .all)
                }
        }
    }

    /// How many ancestors each table has through its dependencies (a cycle counts once).
    static func dependencyDepths(_ tables: some Sequence<TableDefinition>) -> [String: Int] {
        let parents = Dictionary(
            tables.map { (StoreState.tableKey($0.typeName), $0.dependencies.map { StoreState.tableKey($0.parentType) }) },
            uniquingKeysWith: { first, _ in first })
        func depth(_ key: String, seen: Set<String>) -> Int {
            let above = (parents[key] ?? []).filter { !seen.contains($0) }
            return above.map { 1 + depth($0, seen: seen.union([key])) }.max() ?? 0
        }
        return Dictionary(
            tables.map { ($0.typeName, depth(StoreState.tableKey($0.typeName), seen: [])) }, uniquingKeysWith: { first, _ in first })
    }

    func applyPulled(_ page: PullResponse, typeName: String) async throws -> PulledPageOutcome {
        try await applyPulled(PreparedPullPage(page: page, typeName: typeName))
    }

    /// Seals and checks the page's values (``PreparedRows``) on the shared lane, for the type's
    /// table as registered now (``RegisteredTables``: read without the store's lane, which is
    /// meanwhile writing the page before). A page of a type without a `localAndServer` table, or
    /// on a store without its key, is left for ``applyPulled(_:)``, which refuses it as it did.
    ///
    /// Only a type with encrypted keys is prepared: sealing is what is worth moving off the
    /// lane. A plain type's values are cheaper to lay out in the transaction than to hand over
    /// (`strata-bench-scale --paths sync`, a plain type: 34.4–34.8 µs per pulled object before,
    /// 36.5 µs prepared, 34.7–35.6 µs not).
    func preparePulled(_ page: PullResponse, typeName: String) async throws -> PreparedPullPage {
        guard database.mode == .readWrite, let cipher = database.cipher, page.objects.contains(where: { !$0.deleted }) else {
            return PreparedPullPage(page: page, typeName: typeName)
        }
        guard let table = database.registeredTables.table(typeName), table.exists,
            table.behaviour.persistentType == .localAndServer, table.hasEncryptedKeys
        else {
            return PreparedPullPage(page: page, typeName: typeName)
        }
        let now = database.clock.now().timeIntervalSince1970
        let rows = await BlockingLane.shared.run { PreparedRows(page.objects, table: table, cipher: cipher, now: now) }
        return PreparedPullPage(page: page, typeName: typeName, work: rows)
    }

    func applyPulled(_ prepared: PreparedPullPage) async throws -> PulledPageOutcome {
        let typeName = prepared.typeName
        guard database.mode == .readWrite else {
            throw DataError(.readOnly, "cannot apply pulled \(typeName) objects: the store is open read-only")
        }
        let applier = SyncApplier(database: database)
        let (page, rows) = (prepared.page, prepared.work as? PreparedRows)
        return try await database.queue.run { try applier.apply(page, typeName: typeName, prepared: rows) }
    }

    func refetchRequests(_ typeName: String) async throws -> [String] {
        let prefix = SyncStateKey.refetchPrefix(typeName)
        return try await database.perform { state in
            let settings = try state.connection.integer(
                #"SELECT count(*) FROM sqlite_master WHERE type = 'table' AND name = '_strata_settings'"#)
            guard settings > 0 else { return [] }
            // The keys of one type are a range of the settings' primary key: after the prefix, before its successor.
            let sql = #"SELECT "key" FROM "_strata_settings" WHERE "key" > ?1 AND "key" < ?2 ORDER BY "key""#
            return try state.connection.withStatement(sql) { statement in
                statement.bind(prefix, at: 1)
                statement.bind(String(prefix.dropLast()) + "/", at: 2)
                var ids: [String] = []
                while try statement.step() { ids.append(String(statement.text(at: 0).dropFirst(prefix.count))) }
                return ids
            }
        }
    }

    func applyRefetched(_ objects: [WireObject], missing: [String], typeName: String) async throws -> PulledPageOutcome {
        guard database.mode == .readWrite else {
            throw DataError(.readOnly, "cannot apply fetched \(typeName) objects: the store is open read-only")
        }
        let applier = SyncApplier(database: database)
        return try await database.queue.run { try applier.applyRefetched(objects, missing: missing, typeName: typeName) }
    }

    func conflictHandling(for typeName: String) async throws -> ConflictHandling {
        try await database.perform { state in
            let table = state.tables[StoreState.tableKey(typeName)]
            return ConflictHandling(quietFields: table?.behaviour.quietFields ?? [], resolver: table?.resolver)
        }
    }

    /// The facts a person is shown, masked when written and when read (a store written before
    /// the masking may still hold a password).
    private static let shown: Set<SyncStateKey> = [.server, .lastError]

    /// The status from the settings and the journal's counts on `connection`.
    private static func status(in connection: SQLiteConnection) throws -> SyncStatus {
        let facts = try SyncSettings.all(in: connection)
        let counts = try SyncSettings.journalCounts(in: connection)
        let server = facts[SyncStateKey.server.rawValue].map(CredentialMask.masked)
        let recorded = facts[SyncStateKey.connectivity.rawValue].flatMap(SyncConnectivity.init(rawValue:))
        return SyncStatus(
            connectivity: recorded ?? (server == nil ? .notConfigured : .unknown), server: server,
            pendingCount: counts.pending, rejectedCount: counts.rejected,
            lastSyncAt: SyncSettings.date(facts[SyncStateKey.lastSyncAt.rawValue]),
            lastError: facts[SyncStateKey.lastError.rawValue].map(CredentialMask.masked),
            lastErrorAt: SyncSettings.date(facts[SyncStateKey.lastErrorAt.rawValue]))
    }
}
