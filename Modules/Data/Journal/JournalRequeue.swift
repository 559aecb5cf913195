#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif
import StrataCrossCutting

/// Re-sending what a restored server lacks (see ``SyncStateStore/requeueMissing(_:present:ownerUser:)``).
extension SQLiteSyncState {
    func requeueMissing(_ typeName: String, present: Set<String>, ownerUser: String) async throws -> Int {
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
            let columns = (["objectId"] + table.fields.map(\.key) + ["_scope", "_ownerGroup"]).map(TableDefinition.quote)
            // Objects with a change still in the journal are sent by it already.
            let sql = """
                SELECT \(columns.joined(separator: ", ")) FROM \(TableDefinition.quote(typeName))
                WHERE "_ownerUser" = ?1 AND "objectId" NOT IN (SELECT "objectId" FROM "_strata_journal" WHERE "typeName" = ?2)
                ORDER BY "objectId"
                """
            var entries: [JournalWriter.Entry] = []
            try state.connection.withStatement(sql) { statement in
                statement.bind(ownerUser, at: 1)
                statement.bind(typeName, at: 2)
                while try statement.step() {
                    let objectID = statement.text(at: 0)
                    guard !present.contains(objectID) else { continue }
                    var values: [String: FieldValue] = [:]
                    for (index, field) in table.fields.enumerated() {
                        let stored = statement.value(at: Int32(index + 1))
                        values[field.key] =
                            table.encrypted[index]
                            ? try cipher.open(stored, as: field.type, what: "\(typeName) '\(objectID)'.\(field.key)") : stored
                    }
                    let scopeColumn = Int32(table.fields.count + 1)
                    let group = statement.value(at: scopeColumn + 1)
                    var ownerGroup: String?
                    if case .text(let text) = group { ownerGroup = text }
                    var scope = DataScope.user
                    if case .integer(let raw) = statement.value(at: scopeColumn) { scope = DataScope(rawValue: Int(raw)) ?? .user }
                    entries.append(
                        JournalWriter.Entry(
                            typeName: typeName, objectID: objectID, operation: .insert, values: values, scope: scope,
                            ownerUser: ownerUser, ownerGroup: ownerGroup))
                }
            }
            let writer = JournalWriter(connection: state.connection, cipher: cipher, now: now, operationIDs: state.operationIDs)
            for entry in entries { try writer.record(entry, isNewObject: true) }
            return entries.count
        }
    }
}
