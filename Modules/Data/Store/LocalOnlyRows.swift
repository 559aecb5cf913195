import StrataJournal

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif
import Logging
import StrataCrossCutting
import StrataStore

/// Rows saved while their type was local only, which no journal entry ever sent: the
/// follow-ups of a store written before they synced (store format 5 or older).
///
/// Exactly those are sent, once. The upgrade to format 7 (``StoreMigration``) lists the
/// follow-ups of a store coming from format 5 or older in `_strata_local_only_rows`
/// (``InternalTables/localOnlyRows``): those builds kept follow-ups local only, so none had
/// been sent, and a format-6 store (whose follow-ups went through the journal, and may be on
/// the server already, acknowledged, not pulled back) lists none. When a writer registers a
/// type that sends changes, ``journal(_:schema:database:)`` records an insert for each listed
/// row of it, stamped as the journal writer stamps a new one (its parent's scope and owner
/// group, the row's owner user), and takes it off the list in the same transaction. The insert
/// carries base version 0 (made on no copy of the server's): should the server hold the object
/// already (a store restored from a backup taken after it synced), it checks the insert as the
/// whole update it is, so another user's differing write there is a conflict the type's
/// policy decides, never silently replaced.
///
/// The store does not know the reference app's types; it knows its own history: which
/// value-object table its released formats kept local only (``formerlyLocalOnly``).
enum LocalOnlyRows {
    /// The newest store format whose builds kept ``formerlyLocalOnly`` local only.
    static let lastLocalOnlyFormat: Int64 = 5

    /// The value-object tables the builds of format 5 and older kept local only (the
    /// reference app's follow-ups), with their rows never sent.
    static let formerlyLocalOnly = ["FollowUp"]

    /// Lists every row of ``formerlyLocalOnly`` that has no journal entry (inside the
    /// upgrade's write transaction). A table the store lacks lists nothing.
    static func list(in connection: SQLiteConnection) throws {
        for typeName in formerlyLocalOnly {
            let exists = try connection.withStatement(
                #"SELECT count(*) FROM sqlite_schema WHERE type = 'table' AND name = ?1 COLLATE NOCASE"#
            ) { statement in
                statement.bind(typeName, at: 1)
                return try statement.step() ? statement.int64(at: 0) : 0
            }
            guard exists > 0 else { continue }
            let sql = """
                INSERT OR IGNORE INTO "_strata_local_only_rows" ("typeName", "objectId")
                SELECT ?2, "objectId" FROM \(TableDefinition.quote(typeName)) AS t WHERE NOT EXISTS (
                    SELECT 1 FROM "_strata_journal" AS j WHERE j."typeName" = ?1 AND j."objectId" = t."objectId")
                """
            try connection.withStatement(sql) { statement in
                statement.bind(typeName, at: 1)
                statement.bind(StoreState.tableKey(typeName), at: 2)
                try statement.step()
            }
        }
    }

    /// Journals, as inserts, the listed rows of the type `schema` declares, now that a writer
    /// registered it as sending changes (`table`), and takes them off the list; one write
    /// transaction. A row gone since, or with a journal entry already, is only taken off. A
    /// row whose parent (`ValueObjectDependency/sharesVisibility`) is not stored here yet, or
    /// whose parent's table is not registered yet (it has no owner columns), stays listed
    /// unsent, to be tried again at the next registration: who may see it is not known yet. One
    /// that names no parent is taken off unsent (nobody who could see it is known). A
    /// row that cannot be read is logged (naming the store file and the row) and stays listed,
    /// to be tried again at the next registration.
    ///
    /// - Throws: `DataError` when the store cannot be read or written; the transaction is
    ///   rolled back, so every row stays listed for the next registration.
    static func journal<Object: ValueObject>(
        _ table: TableDefinition, schema: ValueObjectSchema<Object>, state: StoreState, database: SQLiteDatabase
    ) throws {
        guard table.exists, table.hasOwnerColumns, table.behaviour.sendsChanges, table.behaviour.keepsLocalRows
        else { return }
        let connection = state.connection
        let key = StoreState.tableKey(schema.typeName)
        let anyListed = try connection.withStatement(#"SELECT 1 FROM "_strata_local_only_rows" WHERE "typeName" = ?1 LIMIT 1"#) {
            statement in
            statement.bind(key, at: 1)
            return try statement.step()
        }
        guard anyListed else { return }
        let cipher = try database.requireCipher(for: "the \(schema.typeName) objects saved before they synced")
        let now = database.clock.now().timeIntervalSince1970
        var sent = 0
        var unsent: [String] = []
        var waiting: [String] = []
        var unreadable: [DataError] = []
        defer { state.touchedTypes.removeAll() }
        try connection.writeTransaction {
            let (rows, failures) = try listedRows(table, schema: schema, cipher: cipher, connection: connection)
            unreadable = failures.map(\.error)
            let parent = schema.dependencies.first { $0.sharesVisibility }
            let writer = JournalWriter(connection: connection, cipher: cipher, now: now, operationIDs: state.operationIDs)
            for row in rows {
                guard try !hasJournalEntry(schema.typeName, row.id, in: connection) else { continue }
                var stamp = ParentVisibility.Stamp(scope: row.scope, ownerGroup: row.ownerGroup)
                if let parent {
                    guard case .text(let parentID)? = objectValue(row.object, key: parent.key), !parentID.isEmpty else {
                        // It names no parent: nobody who could see it is known.
                        unsent.append(row.id)
                        continue
                    }
                    guard let found = try parentStamp(parentID, parentType: parent.parentType, in: connection) else {
                        waiting.append(row.id)
                        continue
                    }
                    stamp = ParentVisibility.Stamp(scope: found.scope, ownerGroup: found.ownerGroup ?? row.ownerGroup)
                }
                var values: [String: FieldValue] = [:]
                for field in schema.fields { values[field.key] = field.value(in: row.object) }
                try writer.record(
                    JournalWriter.Entry(
                        typeName: table.typeName, objectID: row.id, operation: .insert, values: values, scope: stamp.scope,
                        ownerUser: row.ownerUser, ownerGroup: stamp.ownerGroup,
                        // Made on no copy of the server's: it may hold the object already.
                        baseVersion: 0, policy: table.behaviour.conflictPolicy),
                    isNewObject: true)
                if stamp != ParentVisibility.Stamp(scope: row.scope, ownerGroup: row.ownerGroup) {
                    try restamp(table, id: row.id, stamp: stamp, in: connection)
                    state.touch(table.typeName)
                }
                sent += 1
            }
            // Rows that cannot be read, or whose parent is not known yet, stay listed, for the
            // next registration.
            let kept = Set(failures.map(\.id)).union(waiting)
            try connection.withStatement(#"DELETE FROM "_strata_local_only_rows" WHERE "typeName" = ?1 AND "objectId" = ?2"#) {
                statement in
                for id in try listed(key, in: connection) where !kept.contains(id) {
                    statement.bind(key, at: 1)
                    statement.bind(id, at: 2)
                    try statement.step()
                    statement.rewind()
                }
            }
            try state.bumpTouchedTypeVersions()
        }
        for error in unreadable { database.logger.error("\(error.message); it stays listed, to be tried again") }
        guard sent > 0 || !unsent.isEmpty || !waiting.isEmpty else { return }
        let stay = unsent.isEmpty ? "" : "; \(unsent.count) that name no parent stay on this device"
        let wait = waiting.isEmpty ? "" : "; \(waiting.count) whose parent is not stored here yet stay listed, to be tried again"
        database.logger.info(
            "queued \(sent) \(schema.typeName) objects saved before they synced, to be sent\(stay)\(wait)",
            metadata: [
                "store": "\(connection.path)", "unsent": "\(unsent.joined(separator: ","))",
                "waiting": "\(waiting.joined(separator: ","))",
            ])
    }

    /// The ids listed for the table `key`.
    private static func listed(_ key: String, in connection: SQLiteConnection) throws -> [String] {
        try connection.withStatement(#"SELECT "objectId" FROM "_strata_local_only_rows" WHERE "typeName" = ?1"#) { statement in
            statement.bind(key, at: 1)
            var ids: [String] = []
            while try statement.step() { ids.append(statement.text(at: 0)) }
            return ids
        }
    }

    /// A listed row, read.
    private struct Row<Object: ValueObject> {
        var id: String
        var object: Object
        var scope: DataScope
        var ownerUser: String?
        var ownerGroup: String?
    }

    /// The listed rows of `table` that are still stored, read (and decrypted) as objects, and
    /// the ones that cannot be read, each with an error naming the store file and the row.
    private static func listedRows<Object: ValueObject>(
        _ table: TableDefinition, schema: ValueObjectSchema<Object>, cipher: FieldCipher, connection: SQLiteConnection
    ) throws -> (rows: [Row<Object>], failures: [(id: String, error: DataError)]) {
        let extra = Int32(1 + table.readPositions.compactMap { $0 }.count)
        let sql = """
            SELECT \(table.selectColumns), "_scope", "_ownerUser", "_ownerGroup" FROM \(TableDefinition.quote(table.typeName))
            WHERE "objectId" IN (SELECT "objectId" FROM "_strata_local_only_rows" WHERE "typeName" = ?1)
            ORDER BY "objectId"
            """
        return try connection.withStatement(sql) { statement in
            statement.bind(StoreState.tableKey(schema.typeName), at: 1)
            var rows: [Row<Object>] = []
            var failures: [(id: String, error: DataError)] = []
            while try statement.step() {
                let id = statement.text(at: 0)
                let object: Object
                do {
                    object = try table.read(statement, schema: schema, cipher: cipher)
                } catch let error as DataError {
                    failures.append(
                        (
                            id,
                            DataError(
                                error.code,
                                "cannot send \(table.typeName) '\(id)', saved in \(connection.path) before \(table.typeName) "
                                    + "objects synced: \(error.message)")
                        ))
                    continue
                }
                let scope = DataScope(rawValue: Int(statement.int64(at: extra))) ?? table.behaviour.scope
                let owner: String? = if case .text(let user) = statement.value(at: extra + 1) { user } else { nil }
                let group: String? = if case .text(let group) = statement.value(at: extra + 2) { group } else { nil }
                rows.append(Row(id: id, object: object, scope: scope, ownerUser: owner, ownerGroup: group))
            }
            return (rows, failures)
        }
    }

    /// Whether the journal holds any change of the object (pending or rejected).
    private static func hasJournalEntry(_ typeName: String, _ id: String, in connection: SQLiteConnection) throws -> Bool {
        try connection.withStatement(
            #"SELECT 1 FROM "_strata_journal" WHERE "typeName" = ?1 AND "objectId" = ?2 LIMIT 1"#
        ) { statement in
            statement.bind(typeName, at: 1)
            statement.bind(id, at: 2)
            return try statement.step()
        }
    }

    /// The scope and owner group of the parent row `parentID`, or `nil` when it is not stored
    /// here (its table may not be registered yet, or lack the owner columns: it is read by name).
    private static func parentStamp(
        _ parentID: String, parentType: String, in connection: SQLiteConnection
    ) throws -> ParentVisibility.Stamp? {
        let columns = try connection.withStatement(
            #"SELECT count(*) FROM pragma_table_info(?1) WHERE name IN ('_scope', '_ownerGroup')"#
        ) { statement in
            statement.bind(parentType, at: 1)
            return try statement.step() ? statement.int64(at: 0) : 0
        }
        guard columns == 2 else { return nil }
        let sql = #"SELECT "_scope", "_ownerGroup" FROM \#(TableDefinition.quote(parentType)) WHERE "objectId" = ?1"#
        return try connection.withStatement(sql) { statement in
            statement.bind(parentID, at: 1)
            guard try statement.step() else { return nil }
            let scope = DataScope(rawValue: Int(statement.int64(at: 0))) ?? .group
            let group: String? = if case .text(let group) = statement.value(at: 1) { group } else { nil }
            return ParentVisibility.Stamp(scope: scope, ownerGroup: group)
        }
    }

    private static func objectValue<Object: ValueObject>(_ object: Object, key: String) -> FieldValue? {
        Object.schema.field(forKey: key)?.value(in: object)
    }

    /// Gives the row the scope and owner group its insert goes with.
    private static func restamp(_ table: TableDefinition, id: String, stamp: ParentVisibility.Stamp, in connection: SQLiteConnection)
        throws
    {
        let sql = #"UPDATE \#(TableDefinition.quote(table.typeName)) SET "_scope" = ?2, "_ownerGroup" = ?3 WHERE "objectId" = ?1"#
        try connection.withStatement(sql) { statement in
            statement.bind(id, at: 1)
            statement.bind(.integer(Int64(stamp.scope.rawValue)), at: 2)
            statement.bind(stamp.ownerGroup.map(FieldValue.text) ?? .null, at: 3)
            try statement.step()
        }
    }
}
