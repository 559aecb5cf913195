/// What the store's mutex guards: the connection, the registered tables, the id generator.
final class StoreState {
    let connection: SQLiteConnection
    var tables: [String: TableDefinition] = [:]
    var ids = ObjectIDGenerator()

    init(connection: SQLiteConnection) {
        self.connection = connection
    }

    /// Table names as SQLite compares them: ASCII case-insensitively.
    static func tableKey(_ typeName: String) -> String { typeName.lowercased() }

    /// The registered table of `type`, or a `notRegistered` error saying what to call.
    func table<Object: ValueObject>(for type: Object.Type) throws -> TableDefinition {
        let name = Object.schema.typeName
        guard let table = tables[Self.tableKey(name)], table.owner == ObjectIdentifier(type) else {
            throw DataError(
                .notRegistered, "\(name) is not registered with the store; call register(\(Object.self).self) first")
        }
        return table
    }
}
