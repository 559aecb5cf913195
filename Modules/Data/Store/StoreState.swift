import StrataStore
/// What the store's mutex guards: the connection, the registered tables, the id generator.
final class StoreState {
    let connection: SQLiteConnection
    /// The registered tables by ``tableKey(_:)`` (what a type name finds).
    private(set) var tables: [String: TableDefinition] = [:]
    /// The same tables by the Swift type that registered each: what ``table(for:)`` reads on
    /// every call, without lower-casing the name.
    private var tablesByOwner: [ObjectIdentifier: TableDefinition] = [:]
    var ids = ObjectIDGenerator()
    /// The journal's operation ids, increasing (see ``OperationIDGenerator``).
    let operationIDs = OperationIDGenerator()
    /// Types changed by the write transaction in progress (see ``SQLiteDatabase/write(_:)``).
    var touchedTypes: Set<String> = []
    /// When each type's expired rows were last purged.
    var lastPurge: [String: Double] = [:]
    /// The `UPDATE` of each type's changed-field lists met so far (``ObjectWriter/updateSQL(changing:)``),
    /// so an edit does not build its SQL again; emptied when a type registers again (its columns
    /// and parameter numbers may differ) and past ``partialUpdateLimit`` entries.
    private var partialUpdates: [PartialUpdate: String] = [:]
    /// How many ``partialUpdates`` are kept at most (a type of n fields has 2ⁿ lists).
    static let partialUpdateLimit = 512

    /// A key of ``partialUpdates``: the registered type and the fields an edit changed, in schema order.
    private struct PartialUpdate: Hashable {
        var owner: ObjectIdentifier
        var changed: [String]
    }

    /// The registrations, also readable off the lane (see ``RegisteredTables``).
    let registered: RegisteredTables

    init(connection: SQLiteConnection, registered: RegisteredTables = RegisteredTables()) {
        self.connection = connection
        self.registered = registered
    }

    /// Table names as SQLite compares them: ASCII case-insensitively.
    static func tableKey(_ typeName: String) -> String { typeName.lowercased() }

    /// The registered table of `type`, or a `notRegistered` error saying what to call.
    func table<Object: ValueObject>(for type: Object.Type) throws -> TableDefinition {
        guard let table = tablesByOwner[ObjectIdentifier(type)] else {
            let name = Object.schema.typeName
            throw DataError(
                .notRegistered, "\(name) is not registered with the store; call register(\(Object.self).self) first")
        }
        return table
    }

    /// Records `table` as its type's registration (replacing an earlier one of the same type).
    func remember(_ table: TableDefinition) {
        tables[Self.tableKey(table.typeName)] = table
        tablesByOwner[table.owner] = table
        partialUpdates = [:]
        registered.remember(table)
    }

    /// The `UPDATE` of `table`'s rows setting `changed`, made by `make` the first time it is asked for.
    func partialUpdateSQL(_ table: TableDefinition, changing changed: [String], make: () -> String) -> String {
        let key = PartialUpdate(owner: table.owner, changed: changed)
        if let sql = partialUpdates[key] { return sql }
        if partialUpdates.count >= Self.partialUpdateLimit { partialUpdates = [:] }
        let sql = make()
        partialUpdates[key] = sql
        return sql
    }

    /// Notes that the write transaction in progress changes `typeName`.
    func touch(_ typeName: String) {
        touchedTypes.insert(typeName)
    }

    /// Bumps the version of every touched type (inside the write transaction).
    func bumpTouchedTypeVersions() throws {
        guard !touchedTypes.isEmpty else { return }
        // The row exists after a type's first write: a plain UPDATE then (cheaper than an
        // upsert's insert attempt), the INSERT only when it changed nothing.
        for typeName in touchedTypes {
            try connection.withStatement(#"UPDATE "_strata_type_versions" SET "version" = "version" + 1 WHERE "typeName" = ?1"#) {
                statement in
                statement.bind(typeName, at: 1)
                try statement.step()
            }
            guard connection.changes == 0 else { continue }
            try connection.withStatement(#"INSERT INTO "_strata_type_versions" ("typeName", "version") VALUES (?1, 1)"#) { statement in
                statement.bind(typeName, at: 1)
                try statement.step()
            }
        }
    }
}
