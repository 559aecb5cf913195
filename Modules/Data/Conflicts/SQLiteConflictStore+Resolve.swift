#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif
import StrataCrossCutting
import StrataJournal
import StrataStore
import StrataWire

/// Settling a conflict (`SyncConflictStore/resolve(_:_:)`), in one write transaction.
///
/// An overwrite kept (or merged) is a local save: the values go to the row and an update of
/// exactly those fields is queued, based on the row's known server version; kept theirs, it is
/// only forgotten (the row already holds theirs). A refused change kept (or merged) goes back
/// to pending, based on the server's object it was refused with (changed again on the server
/// since, it is refused again with the newer one; deleted, it is rejected); kept theirs, it is
/// dropped, that object is written to the row and the object is fetched again at the next sync
/// (a newer version replaces it, a deletion removes the row). A conflict that cannot be read is
/// forgotten by keep theirs; keep mine is refused naming its id.
extension SQLiteConflictStore {
    func resolve(_ id: String, _ choice: ConflictChoice) async throws {
        guard database.mode == .readWrite else {
            throw DataError(.readOnly, "cannot settle the conflict \(id): the store is open read-only")
        }
        let cipher = try database.requireCipher(for: "settling the conflict \(id)")
        let now = database.clock.now().timeIntervalSince1970
        let journal = SQLiteChangeJournal(database: database)
        let database = database
        try await database.performWrite { state in
            // Only the conflict asked for is read: a damaged other one cannot block it.
            let overwriteIDs = try Self.overwrittenIDs(state: state)
            let id = try Self.find(id, among: overwriteIDs + Self.refusedIDs(state: state))
            let settle = Settle(state: state, cipher: cipher, now: now, database: database, journal: journal)
            let isOverwrite = overwriteIDs.contains(id)
            let conflict: SyncConflict?
            do {
                conflict =
                    isOverwrite
                    ? try Self.overwritten(state: state, cipher: cipher, id: id).first
                    : try Self.refused(state: state, journal: journal, id: id).first
            } catch {
                // A damaged conflict: keep theirs forgets it (a refused change is dropped and its
                // object fetched again); there is nothing readable to keep.
                guard case .keepTheirs = choice else {
                    throw DataError(
                        .incompatibleStore,
                        "the conflict \(id) cannot be read (\((error as? DataError)?.message ?? "\(error)")); "
                            + "there is nothing to keep: keep theirs to forget it")
                }
                if isOverwrite { try settle.forget(id) } else { try journal.discard(id, state: state, refetch: true) }
                return
            }
            guard let conflict else { throw DataError(.notFound, "no open conflict has the id '\(id)'") }
            switch conflict.kind {
            case .overwritten: try settle.overwrite(conflict, choice)
            case .refused: try settle.refusal(conflict, choice)
            }
        }
    }

    /// The open conflict id (of `open`) that is `id` or, failing that, the only one that starts
    /// with it (a start of at least ``IdStart/shortestConflictStart`` characters): the rule
    /// ``IdStart`` keeps for every caller.
    static func find(_ id: String, among open: [String]) throws -> String {
        switch IdStart.find(id, in: open, shortest: IdStart.shortestConflictStart, id: { $0 }) {
        case .found(let found):
            return found
        case .tooShort(let shortest):
            throw DataError(
                .notFound, "'\(id)' is too short to name a conflict: give its whole id or at least \(shortest) characters of it")
        case .ambiguous(let count):
            throw DataError(.notFound, "'\(id)' starts \(count) open conflicts' ids; give more of the id")
        case .noMatch:
            throw DataError(
                .notFound, "no open conflict has the id '\(id)' (\(open.count) open \(open.count == 1 ? "conflict" : "conflicts"))")
        }
    }
}

/// One settling, inside its write transaction.
private struct Settle {
    let state: StoreState
    let cipher: FieldCipher
    let now: Double
    let database: SQLiteDatabase
    let journal: SQLiteChangeJournal

    private var connection: SQLiteConnection { state.connection }

    /// An overwrite: keep mine / merged is a local save of those fields; keep theirs forgets it.
    func overwrite(_ conflict: SyncConflict, _ choice: ConflictChoice) throws {
        if let values = Self.values(for: conflict, choice) {
            let table = try syncedTable(conflict)
            let rows = LocalRow(table: table, connection: connection, cipher: cipher)
            guard var stored = try rows.read(conflict.objectID) else {
                throw DataError(
                    .notFound,
                    "\(conflict.typeName) \(conflict.objectID) is no longer stored on this device; nothing to keep "
                        + "(keep theirs to forget the conflict \(conflict.id))")
            }
            let written = try rows.write(values, to: conflict.objectID, now: now)
            stored.values.merge(written) { _, new in new }
            let ownerUser = try connection.withStatement(#"SELECT "ownerUser" FROM "_strata_conflicts" WHERE "id" = ?1"#) {
                statement -> String? in
                statement.bind(conflict.id, at: 1)
                return try statement.step() ? String(fieldValue: statement.value(at: 0)) : nil
            }
            let entry = JournalWriter.Entry(
                typeName: table.typeName, objectID: conflict.objectID, operation: .update, values: stored.values,
                scope: stored.scope, ownerUser: ownerUser, ownerGroup: stored.ownerGroup,
                fields: table.fields.map(\.key).filter { written[$0] != nil },
                baseVersion: try ServerVersions.known(table.typeName, conflict.objectID, in: connection),
                policy: table.behaviour.conflictPolicy)
            try JournalWriter(connection: connection, cipher: cipher, now: now, operationIDs: state.operationIDs)
                .record(entry, isNewObject: false)
            state.touch(table.typeName)
        }
        try forget(conflict.id)
    }

    /// Marks the overwrite `id` settled (kept a while so the same notice records nothing).
    func forget(_ id: String) throws {
        try connection.withStatement(#"UPDATE "_strata_conflicts" SET "settledAt" = ?2 WHERE "id" = ?1"#) { statement in
            statement.bind(id, at: 1)
            statement.bind(.real(now), at: 2)
            try statement.step()
        }
    }

    /// A refused change: keep mine / merged sends it again on the server's current version;
    /// keep theirs drops it and writes the server's object to the row.
    func refusal(_ conflict: SyncConflict, _ choice: ConflictChoice) throws {
        let change = try journal.read(
            "SELECT \(SQLiteChangeJournal.columns) FROM \"_strata_journal\" AS j WHERE j.\"operationId\" = ?1",
            bindings: [.text(conflict.id)], state: state
        ).first
        guard let change, let current = change.current else {
            throw DataError(.notFound, "no open conflict has the id '\(conflict.id)'")
        }
        guard let values = Self.values(for: conflict, choice) else {
            // Theirs: the change goes; the row takes the server's object as it was refused with
            // (unless other edits wait), and the object is fetched again at the next sync: pulls
            // skipped it while the change waited, so newer versions (or its deletion) came and went.
            try journal.discard(change.operationID, state: state, refetch: true)
            if state.tables[StoreState.tableKey(change.typeName)]?.exists == true {
                _ = try SyncApplier(database: database).write(
                    [current], typeName: change.typeName, state: state, cipher: cipher, now: now, logger: database.logger)
            }
            return
        }
        guard let sequence = try journal.retry(change.operationID, now: now, state: state) else { return }
        let writer = JournalWriter(connection: connection, cipher: cipher, now: now, operationIDs: state.operationIDs)
        if case .merged = choice {
            // The merged values replace the listed fields, in the change and on the row.
            let table = try syncedTable(conflict)
            let written = try LocalRow(table: table, connection: connection, cipher: cipher)
                .write(values, to: conflict.objectID, now: now)
            try writer.merge(written, into: sequence)
            state.touch(table.typeName)
        }
        try connection.withStatement(#"UPDATE "_strata_journal" SET "baseVersion" = ?2 WHERE "sequence" = ?1"#) { statement in
            statement.bind(.integer(sequence), at: 1)
            statement.bind(.integer(current.version), at: 2)
            try statement.step()
        }
    }

    /// The values a choice sends for the conflict's fields (`nil`: keep theirs); a field
    /// absent from mine (or from merged values and mine) is cleared.
    private static func values(for conflict: SyncConflict, _ choice: ConflictChoice) -> [String: FieldValue]? {
        switch choice {
        case .keepTheirs:
            return nil
        case .keepMine:
            return Dictionary(uniqueKeysWithValues: conflict.fields.map { ($0, conflict.mine[$0] ?? .null) })
        case .merged(let merged):
            var values = Dictionary(uniqueKeysWithValues: conflict.fields.map { ($0, merged[$0] ?? conflict.mine[$0] ?? .null) })
            values.merge(merged) { chosen, _ in chosen }
            return values
        }
    }

    /// The registered synced table of the conflict's type.
    private func syncedTable(_ conflict: SyncConflict) throws -> TableDefinition {
        guard let table = state.tables[StoreState.tableKey(conflict.typeName)], table.exists,
            table.behaviour.persistentType == .localAndServer
        else {
            throw DataError(
                .notRegistered,
                "cannot settle the conflict \(conflict.id): \(conflict.typeName) is not registered as localAndServer in this process")
        }
        return table
    }
}
