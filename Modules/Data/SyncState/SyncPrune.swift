#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif
import StrataCrossCutting
import StrataJournal
import StrataStore

/// A revocation's removal of others' rows (`SyncStatePruning`).
extension SQLiteSyncState: SyncStatePruning {
    func prune(_ typeName: String, present: Set<String>, ownerUser: String) async throws -> PruneOutcome {
        guard database.mode == .readWrite else {
            throw DataError(.readOnly, "cannot remove \(typeName) objects: the store is open read-only")
        }
        let cipher = try database.requireCipher(for: "removing \(typeName) objects")
        let now = database.clock.now().timeIntervalSince1970
        return try await database.performWrite { state in
            guard let table = state.tables[StoreState.tableKey(typeName)], table.exists,
                table.behaviour.persistentType == .localAndServer
            else {
                throw DataError(.notRegistered, "cannot remove \(typeName) objects: the type is not registered as localAndServer")
            }
            let connection = state.connection
            var gone: [String] = []
            let select = """
                SELECT "objectId" FROM \(TableDefinition.quote(typeName))
                WHERE "_ownerUser" IS NOT NULL AND "_ownerUser" <> ?1 ORDER BY "objectId"
                """
            try connection.withStatement(select) { statement in
                statement.bind(ownerUser, at: 1)
                while try statement.step() {
                    let id = statement.text(at: 0)
                    if !present.contains(id) { gone.append(id) }
                }
            }
            var outcome = PruneOutcome()
            let reject = """
                UPDATE "_strata_journal" SET "state" = 'rejected', "reason" = ?3, "updatedAt" = ?4
                WHERE "typeName" = ?1 AND "objectId" = ?2 AND "state" <> 'rejected'
                """
            for id in gone {
                try connection.withStatement(reject) { statement in
                    statement.bind(typeName, at: 1)
                    statement.bind(id, at: 2)
                    statement.bind(
"\(typeName) \(id) is no longer visible to this user; the change was not sent", at: 3)
                    statement.bind(FieldValue.real(now), at: 4)
                    try statement.step()
                }
                outcome.rejected += connection.changes
                // A refused change holds its values once its row is gone (an insert kept by reference).
                try JournalStoredRow.keepValues(typeName: typeName, objectIDs: [id], state: state, cipher: cipher)
                try connection.withStatement(table.deleteSQL) { statement in
                    statement.bind(id, at: 1)
                    try statement.step()
                }
                outcome.removed += 1
            }
            try ServerVersions.forget(table.typeName, gone, in: connection)
            try DependentRows(state: state, cipher: cipher).deleteDependents(of: typeName, ids: gone)
            if !gone.isEmpty { state.touch(typeName) }
            return outcome
        }
    }
}
