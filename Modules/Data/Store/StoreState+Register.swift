import Logging

extension StoreState {
    /// Registers `schema`: checks the table, creates or migrates it on a writable store, and
    /// remembers the SQL to use for it.
    func register<Object: ValueObject>(_ schema: ValueObjectSchema<Object>, owner: ObjectIdentifier, logger: Logger) throws {
        if let known = tables[Self.tableKey(schema.typeName)] {
            guard known.owner == owner else {
                throw DataError(
                    .invalidSchema,
                    "two different types use the value-object name \(schema.typeName) (SQLite compares table names "
                        + "ignoring case); names must be unique")
            }
        }
        let migrator = SchemaMigrator(schema: schema, connection: connection, logger: logger)
        var columns = try migrator.existingColumns()
        if let columns { try migrator.checkTypes(columns) }
        if connection.access == .readWrite,
            !migrator.pendingChanges(columns: columns, indexes: try migrator.existingIndexes()).isEmpty
        {
            try connection.writeTransaction {
                // Another process may have migrated while we looked: look again under the write lock.
                let fresh = try migrator.existingColumns()
                if let fresh { try migrator.checkTypes(fresh) }
                try migrator.apply(migrator.pendingChanges(columns: fresh, indexes: try migrator.existingIndexes()))
            }
            columns = try migrator.existingColumns()
            logger.info("registered \(schema.typeName) (table created or migrated)")
        }
        tables[Self.tableKey(schema.typeName)] = TableDefinition(for: schema, owner: owner, existingColumns: columns.map { Set($0.keys) })
    }
}
