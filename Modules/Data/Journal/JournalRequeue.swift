#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif
import StrataCrossCutting
import StrataJournal
import StrataStore
import StrataWire

/// Re-sending what a restored server lacks (a client reset): see
/// `SyncStateStore/requeueChanged(_:typeName:ownerUser:)` and
/// `SyncStateStore/requeueMissing(_:present:ownerUser:)`.
extension SQLiteSyncState {
    func requeueChanged(_ objects: [WireObject], typeName: String, ownerUser: String) async throws -> Int {
        try await requeue(typeName) { rows in
            var entries: [JournalWriter.Entry] = []
            for object in objects where !object.deleted {
                guard let local = try rows.row(object.objectId, ownerUser: ownerUser) else { continue }
                let differs = rows.table.fields.contains { field in
                    let pulled = object.values[field.key].map { field.type.normalized(FieldValue(wire: $0)) } ?? .null
                    return pulled != local.values[field.key] ?? .null
                }
                if differs { entries.append(local.entry(.update, typeName: typeName, ownerUser: ownerUser)) }
            }
            return entries
        }
    }

    func requeueMissing(_ typeName: String, present: Set<String>, ownerUser: String) async throws -> Int {
        try await requeue(typeName) { rows in
            try rows.all(ownerUser: ownerUser).filter { !present.contains($0.objectID) }
                .map { $0.entry(.insert, typeName: typeName, ownerUser: ownerUser) }
        }
    }

    /// Writes the journal entries `select` makes from the type's rows, in one write transaction.
    private func requeue(_ typeName: String, _ select: @escaping @Sendable (LocalRows) throws -> [JournalWriter.Entry]) async throws
        -> Int
    {
        guard database.mode == .readWrite else {
            throw DataError(.readOnly, "cannot re-send \(typeName) objects: the store is open read-only")
        }
        let cipher = try database.requireCipher(for: "re-sending \(typeName) objects")
        let now = database.clock.now().timeIntervalSince1970
        return try await database.performWrite { state in
            guard let table = state.tables[StoreState.tableKey(typeName)], table.exists,
                table.behaviour.persistentType == .localAndServer
            else {
                throw DataError(.notRegistered, "cannot re-send \(typeName) objects: the type is not registered as localAndServer")
            }
            let entries = try select(LocalRows(table: table, connection: state.connection, cipher: cipher))
            let writer = JournalWriter(connection: state.connection, cipher: cipher, now: now, operationIDs: state.operationIDs)
            for entry in entries { try writer.record(entry, isNewObject: true) }
            return entries.count
        }
    }
}

/// A type's local rows owned by one user, without a change in the journal (a change there is
/// sent by the journal already) and not waiting to be fetched again (a change of it was
/// discarded: the row still holds what the user threw away, and the server's copy, or its
/// absence, decides it; `SyncStateKey/refetch(_:_:)`), read with their values decrypted.
private struct LocalRows {
    let table: TableDefinition
    let connection: SQLiteConnection
    let cipher: FieldCipher

    /// One row's values, scope and owner group.
    struct Row {
        var objectID: String
        var values: [String: FieldValue]
        var scope: DataScope
        var ownerGroup: String?
        /// The type's conflict policy.
        var policy: ConflictPolicy

        /// The journal entry that sends the row as it is.
        func entry(_ operation: ChangeOperation, typeName: String, ownerUser: String) -> JournalWriter.Entry {
            JournalWriter.Entry(
                typeName: typeName, objectID: objectID, operation: operation, values: values, scope: scope, ownerUser: ownerUser,
                ownerGroup: ownerGroup, policy: policy)
        }
    }

    /// Every such row, by id.
    func all(ownerUser: String) throws -> [Row] { try rows(ownerUser: ownerUser, objectID: nil) }

    /// The row of `objectID`, if it is such a row.
    func row(_ objectID: String, ownerUser: String) throws -> Row? { try rows(ownerUser: ownerUser, objectID: objectID).first }

    private func rows(ownerUser: String, objectID: String?) throws -> [Row] {
        let typeName = table.typeName
        let columns = (["objectId"] + table.fields.map(\.key) + ["_scope", "_ownerGroup"]).map(TableDefinition.quote)
        let sql = """
            SELECT \(columns.joined(separator: ", ")) FROM \(TableDefinition.quote(typeName))
            WHERE "_ownerUser" = ?1 AND (?3 IS NULL OR "objectId" = ?3)
              AND "objectId" NOT IN (SELECT "objectId" FROM "_strata_journal" WHERE "typeName" = ?2)
              AND NOT EXISTS (SELECT 1 FROM "_strata_settings" WHERE "key" = ?4 || "objectId")
            ORDER BY "objectId"
            """
        var rows: [Row] = []
        try connection.withStatement(sql) { statement in
            statement.bind(ownerUser, at: 1)
            statement.bind(typeName, at: 2)
            statement.bind(objectID.map(FieldValue.text) ?? .null, at: 3)
            statement.bind(SyncStateKey.refetchPrefix(typeName), at: 4)
            while try statement.step() {
                let id = statement.text(at: 0)
                var values: [String: FieldValue] = [:]
                for (index, field) in table.fields.enumerated() {
                    let stored = statement.value(at: Int32(index + 1))
                    values[field.key] =
                        table.encrypted[index] ? try cipher.open(stored, as: field.type, what: "\(typeName) '\(id)'.\(field.key)") : stored
                }
                let scopeColumn = Int32(table.fields.count + 1)
                var scope = DataScope.user
                if case .integer(let raw) = statement.value(at: scopeColumn) { scope = DataScope(rawValue: Int(raw)) ?? .user }
                var ownerGroup: String?
                if case .text(let group) = statement.value(at: scopeColumn + 1) { ownerGroup = group }
                rows.append(
                    Row(objectID: id, values: values, scope: scope, ownerGroup: ownerGroup, policy: table.behaviour.conflictPolicy))
            }
        }
        return rows
    }
}
