#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif
import StrataCrossCutting
import StrataWire

/// The conflicts this device was told of, kept in its store (``SyncConflictStore``): overwrites
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
    }

    func conflicts() async throws -> [SyncConflict] {
        let cipher = try database.requireCipher(for: "the conflicts")
        let journal = SQLiteChangeJournal(database: database)
        return try await database.perform { state in
            let all = try Self.overwritten(state: state, cipher: cipher) + Self.refused(state: state, journal: journal)
            return all.sorted { ($0.detectedAt, $0.id) < ($1.detectedAt, $1.id) }
        }
    }

    /// An overwrite's id: the overwritten change's operation id and the replacing write's version.
    static func overwriteID(operationID: String, version: Int64) -> String { "\(operationID):\(version)" }

    /// The open overwrites, oldest first.
    static func overwritten(state: StoreState, cipher: FieldCipher) throws -> [SyncConflict] {
        try state.connection.withStatement(
            #"""
            SELECT "id", "typeName", "objectId", "serverVersion", "byAccount", "payload", "detectedAt" FROM "_strata_conflicts"
            WHERE "settledAt" IS NULL ORDER BY "detectedAt", "id"
            """#
        ) { statement in
            var conflicts: [SyncConflict] = []
            while try statement.step() {
                let id = statement.text(at: 0)
                guard case .blob(let sealed) = statement.value(at: 5) else { continue }
                let payload = try ConflictPayload.opened(Data(sealed), with: cipher, what: "conflict \(id)")
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

    /// The refused changes in the journal's rejected list that keep the server's object.
    static func refused(state: StoreState, journal: SQLiteChangeJournal) throws -> [SyncConflict] {
        let changes = try journal.read(
            """
            SELECT \(SQLiteChangeJournal.columns) FROM "_strata_journal" AS j
            WHERE j."state" = 'rejected' AND j."current" IS NOT NULL ORDER BY j."sequence"
            """, bindings: [], state: state)
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
