import CSQLite

/// Writes objects of one registered table inside the caller's write transaction.
struct ObjectWriter {
    let table: TableDefinition
    let connection: SQLiteConnection

    /// Inserts objects without an id (giving them one) and updates the others.
    func save<Object: ValueObject>(_ objects: [Object], ids: inout ObjectIDGenerator) throws -> [Object] {
        guard table.exists else {
            throw DataError(.readOnly, "\(table.typeName) has no table in \(connection.path); open the store writable")
        }
        let fields = Object.schema.fields
        var saved: [Object] = []
        saved.reserveCapacity(objects.count)
        var insert: SQLiteStatement?
        var update: SQLiteStatement?
        defer {
            insert?.reset()
            update?.reset()
        }
        for var object in objects {
            let isNew = object.objectId == nil
            let id = object.objectId ?? ids.next()
            let statement: SQLiteStatement
            if isNew {
                statement = try insert ?? connection.statement(table.insertSQL)
                insert = statement
            } else {
                statement = try update ?? connection.statement(table.updateSQL)
                update = statement
            }
            statement.bind(id, at: 1)
            var index: Int32 = 2
            for field in fields {
                statement.bind(field.value(in: object), at: index)
                index += 1
            }
            let code = try statement.run()
            if code != SQLITE_DONE {
                throw failure(code, statement: statement, object: object)
            }
            statement.rewind()
            if !isNew && connection.changes == 0 {
                throw DataError(
                    .notFound, "\(table.typeName) '\(id)' is not stored (it may have been deleted); nothing was saved")
            }
            object.objectId = id
            saved.append(object)
        }
        return saved
    }

    /// Deletes objects by id; returns how many rows went.
    func delete<Object: ValueObject>(_ objects: [Object]) throws -> Int {
        guard table.exists else { return 0 }
        let statement = try connection.statement(table.deleteSQL)
        defer { statement.reset() }
        var deleted = 0
        for object in objects {
            guard let id = object.objectId else {
                throw DataError(.notFound, "cannot delete a \(table.typeName) that was never saved (it has no objectId)")
            }
            statement.bind(id, at: 1)
            try statement.step()
            statement.rewind()
            deleted += connection.changes
        }
        return deleted
    }

    /// The error for a failed insert or update; a unique-key clash names the key and value.
    private func failure<Object: ValueObject>(_ code: Int32, statement: SQLiteStatement, object: Object) -> DataError {
        let base = connection.error(code, doing: statement.sql)
        guard code & 0xff == SQLITE_CONSTRAINT else { return base }
        let schema = Object.schema
        for key in schema.uniqueKeys where base.message.contains("\(schema.typeName).\(key)") {
            let value = schema.field(forKey: key).map { $0.value(in: object) } ?? .null
            return DataError(.duplicate, "\(schema.typeName).\(key) \(value) is already stored; it must be unique")
        }
        return DataError(.duplicate, "\(schema.typeName): \(base.message)")
    }
}
