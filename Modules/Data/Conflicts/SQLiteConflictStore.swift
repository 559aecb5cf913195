#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif
import Logging
import StrataCrossCutting
import StrataJournal
import StrataStore
import StrataWire

/// The conflicts this device was told of, kept in its store (`SyncConflictStore`): overwrites
/// in `_strata_conflicts` (``InternalTables/conflicts``), refused changes in the journal's
/// rejected list with the server's object beside them. Settling is in `+Resolve`.
struct SQLiteConflictStore: SyncConflictStore {
    let database: SQLiteDatabase

    /// How long a settled overwrite is kept so the same notice pulled again records nothing
    /// (the server keeps its notices 30 days).
    static let settledKept: Double = 31 * 24 * 3600

    func recordOverwritten(_ notices: [WireOverwrite], typeName: String) async throws -> [SyncConflict] {
        guard !notices.isEmpty else { return [] }
        guard database.mode == .readWrite else {
            throw DataError(.readOnly, "cannot record \(typeName) conflicts: the store is open read-only")
        }
        let cipher = try database.requireCipher(for: "\(typeName) conflicts")
        let now = database.clock.now().timeIntervalSince1970
        return try await database.performWrite { state in
            try Self.record(notices, typeName: typeName, state: state, cipher: cipher, now: now)
        }
    }

    /// ``recordOverwritten(_:typeName:)`` inside the caller's write transaction (a pulled page
    /// records its notices in the transaction that writes it and moves its cursor).
    static func record(
        _ notices: [WireOverwrite], typeName: String, state: StoreState, cipher: FieldCipher, now: Double
    ) throws -> [SyncConflict] {
        guard !notices.isEmpty else { return [] }
        let connection = state.connection
        let table = state.tables[StoreState.tableKey(typeName)]
        let name = table?.typeName ?? typeName
        let quiet = Set(table?.behaviour.quietFields ?? [])
        try connection.withStatement(#"DELETE FROM "_strata_conflicts" WHERE "settledAt" < ?1"#) { statement in
            statement.bind(.real(now - Self.settledKept), at: 1)
            try statement.step()
        }
        var recorded: [SyncConflict] = []
        for notice in notices {
            // Another device's write (or one older than the ledger keeps) is not this device's to settle.
            let ledger = try AcknowledgedLedger.entry(notice.operationId, in: connection)
            guard ledger.found else { continue }
            let fields = notice.fields.filter { !quiet.contains($0) }
            guard !fields.isEmpty else { continue }
            let mine = ConflictPayload.only(fields, of: notice.yours.mapValues(FieldValue.init(wire:)))
            let theirs = ConflictPayload.only(fields, of: notice.theirs.mapValues(FieldValue.init(wire:)))
            let payload = ConflictPayload(fields: fields, mine: mine.mapValues(\.wireValue), theirs: theirs.mapValues(\.wireValue))
            let id = Self.overwriteID(operationID: notice.operationId, version: notice.version)
            try connection.withStatement(
                #"""
                INSERT OR IGNORE INTO "_strata_conflicts" ("id", "typeName", "objectId", "operationId", "ownerUser",
                    "serverVersion", "byAccount", "payload", "detectedAt")
                VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9)
                """#
            ) { statement in
                statement.bind([
                    .text(id), .text(name), .text(notice.objectId), .text(notice.operationId),
                    ledger.ownerUser.map(FieldValue.text) ?? .null, .integer(notice.version), .text(notice.byAccount),
                    .blob([UInt8](try payload.sealed(with: cipher))), .real(now),
                ])
                try statement.step()
            }
            // A notice seen before (open or settled) records nothing.
            guard connection.changes > 0 else { continue }
            recorded.append(
                SyncConflict(
                    id: id, kind: .overwritten, typeName: name, objectID: notice.objectId, fields: fields, mine: mine,
                    theirs: theirs, byAccount: notice.byAccount, serverVersion: notice.version,
                    detectedAt: Date(timeIntervalSince1970: now)))
        }
        return recorded
    }

    func conflicts() async throws -> [SyncConflict] {
        let cipher = try database.requireCipher(for: "the conflicts")
        let journal = SQLiteChangeJournal(database: database)
        let logger = database.logger
        return try await database.perform { state in
            // A damaged conflict is skipped (and logged): it must not hide the others.
            let skip = { (id: String, error: any Error) in
                logger.warning(
                    "skipped a conflict whose stored values cannot be read; keep-theirs forgets it",
                    metadata: ["conflict": "\(id)", "error": "\((error as? DataError)?.message ?? "\(error)")"])
            }
            let all = try Self.overwritten(state: state, cipher: cipher, skipping: skip)
                + Self.refused(state: state, journal: journal, skipping: skip)
            return all.sorted { ($0.detectedAt, $0.id) < ($1.detectedAt, $1.id) }
        }
    }

    /// An overwrite's id: the overwritten change's operation id and the replacing write's version.
    static func overwriteID(operationID: String, version: Int64) -> String { "\(operationID):\(version)" }

    /// The open overwrites (only the one whose id is `id`, when given), oldest first; one whose
    /// payload cannot be opened goes to `skipping` (without it, it throws).
    static func overwritten(
        state: StoreState, cipher: FieldCipher, id only: String? = nil, skipping: ((String, any Error) -> Void)? = nil
    ) throws -> [SyncConflict] {
        try state.connection.withStatement(
            #"""
            SELECT "id", "typeName", "objectId", "serverVersion", "byAccount", "payload", "detectedAt" FROM "_strata_conflicts"
            WHERE "settledAt" IS NULL AND (?1 IS NULL OR "id" = ?1) ORDER BY "detectedAt", "id"
            """#
        ) { statement in
            statement.bind(only.map(FieldValue.text) ?? .null, at: 1)
            var conflicts: [SyncConflict] = []
            while try statement.step() {
                let id = statement.text(at: 0)
                let payload: ConflictPayload
                do {
                    guard case .blob(let sealed) = statement.value(at: 5) else {
                        throw DataError(.incompatibleStore, "conflict \(id): the stored conflict is missing")
                    }
                    payload = try ConflictPayload.opened(Data(sealed), with: cipher, what: "conflict \(id)")
                } catch {
                    guard let skipping else { throw error }
                    skipping(id, error)
                    continue
                }
                conflicts.append(
                    SyncConflict(
                        id: id, kind: .overwritten, typeName: statement.text(at: 1), objectID: statement.text(at: 2),
                        fields: payload.fields, mine: payload.mine.mapValues(FieldValue.init(wire:)),
                        theirs: payload.theirs.mapValues(FieldValue.init(wire:)), byAccount: String(fieldValue: statement.value(at: 4)),
                        serverVersion: statement.int64(at: 3),
                        detectedAt: Date(timeIntervalSince1970: Double(fieldValue: statement.value(at: 6)) ?? 0)))
            }
            return conflicts
        }
    }

    /// The refused changes in the journal's rejected list that keep the server's object (only
    /// the one whose id is `id`, when given); one that cannot be read goes to `skipping`
    /// (without it, it throws).
    static func refused(
        state: StoreState, journal: SQLiteChangeJournal, id only: String? = nil, skipping: ((String, any Error) -> Void)? = nil
    ) throws -> [SyncConflict] {
        var changes: [Change] = []
        for id in try refusedIDs(state: state) where only == nil || only == id {
            do {
                changes += try journal.read(
                    """
                    SELECT \(SQLiteChangeJournal.columns) FROM "_strata_journal" AS j
                    WHERE j."operationId" = ?1 AND j."state" = 'rejected' AND j."current" IS NOT NULL
                    """, bindings: [.text(id)], state: state)
            } catch {
                guard let skipping else { throw error }
                skipping(id, error)
            }
        }
        var refusedAt: [String: Double] = [:]
        try state.connection.withStatement(
            #"""
            SELECT "operationId", "updatedAt" FROM "_strata_journal" WHERE "state" = 'rejected' AND "current" IS NOT NULL
            """#
        ) { statement in
            while try statement.step() { refusedAt[statement.text(at: 0)] = Double(fieldValue: statement.value(at: 1)) }
        }
        return changes.compactMap { change in
            guard let current = change.current else { return nil }
            let quiet = state.tables[StoreState.tableKey(change.typeName)]?.behaviour.quietFields ?? []
            return conflict(refused: change, current: current, quiet: quiet, at: refusedAt[change.operationID] ?? 0)
        }
    }

    /// The ids of the refused changes that keep the server's object, in journal order (nothing opened).
    static func refusedIDs(state: StoreState) throws -> [String] {
        try state.connection.withStatement(
            #"""
            SELECT "operationId" FROM "_strata_journal" WHERE "state" = 'rejected' AND "current" IS NOT NULL ORDER BY "sequence"
            """#
        ) { statement in
            var ids: [String] = []
            while try statement.step() { ids.append(statement.text(at: 0)) }
            return ids
        }
    }

    /// The ids of the open overwrites (nothing opened).
    static func overwrittenIDs(state: StoreState) throws -> [String] {
        try state.connection.withStatement(#"SELECT "id" FROM "_strata_conflicts" WHERE "settledAt" IS NULL ORDER BY "id""#) {
            statement in
            var ids: [String] = []
            while try statement.step() { ids.append(statement.text(at: 0)) }
            return ids
        }
    }

    /// The conflict of a change refused with the server's `current` object, its fields less
    /// the type's `quiet` ones (unless only quiet ones conflict).
    static func conflict(refused change: Change, current: WireObject, quiet: [String], at refusedAt: Double) -> SyncConflict {
        let listed = change.conflictFields ?? change.fields ?? []
        let shown = listed.filter { !quiet.contains($0) }
        let fields = shown.isEmpty ? listed : shown
        return SyncConflict(
            id: change.operationID, kind: .refused, typeName: change.typeName, objectID: change.objectID, fields: fields,
            mine: ConflictPayload.only(fields, of: change.values),
            theirs: ConflictPayload.only(fields, of: current.values.mapValues(FieldValue.init(wire:))), byAccount: nil,
            serverVersion: current.version, detectedAt: Date(timeIntervalSince1970: refusedAt))
    }
}
