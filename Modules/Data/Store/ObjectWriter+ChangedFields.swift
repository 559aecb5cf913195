import StrataStore
/// What an update of a synced object changed, for its journal entry (`Change/fields`).
extension ObjectWriter {
    /// The keys of the fields whose values in `object` differ from the row stored under `id`
    /// (read before the row is rewritten, encrypted fields opened), in schema order; `nil` when
    /// the type keeps no local rows or none is stored (the change then sends the whole object).
    ///
    /// It runs before the row is rewritten, so with `sealing` (the object's newest change was
    /// handed to the server or refused: ``JournalWriter/Newest/mayHoldSentReference``) it also
    /// seals the values of the object's insert kept by reference that was handed to the server
    /// already (``JournalStoredRow``): a change once sent is never rewritten, and this edit
    /// queues behind it.
    func changedFields<Object: ValueObject>(
        _ object: Object, id: String, schema: ValueObjectSchema<Object>, sealing: Bool
    ) throws -> [String]? {
        guard schema.behaviour.keepsLocalRows, table.exists else { return nil }
        if sealing {
            try JournalStoredRow.keepValues(typeName: table.typeName, objectIDs: [id], state: state, cipher: context.cipher)
        }
        // `fetchSQL` selects `objectId`, then each field at its `readPositions` (every field
        // of a writable store's table, which registration completed); the table's fields are
        // the schema's, in order.
        return try state.connection.withStatement(table.fetchSQL) { statement -> [String]? in
            statement.bind(id, at: 1)
            guard try statement.step() else { return nil }
            var changed: [String] = []
            let fields = table.fields
            let schemaFields = schema.fields
            for index in 0..<fields.count {
                let field = fields[index]
                guard let position = table.readPositions[index] else { continue }
                var stored = statement.value(at: position)
                if table.encrypted[index] {
                    stored = try context.cipher.open(stored, as: field.type, what: "\(table.typeName) '\(id)'.\(field.key)")
                }
                let new = schemaFields[index].value(in: object)
                if field.type.normalized(new) != field.type.normalized(stored) { changed.append(field.key) }
            }
            return changed
        }
    }

    /// The row's `UPDATE` setting only the fields `changed` names (the keyed hashes of those
    /// that are encrypted) and `_storedAt`, with ``TableDefinition/updateSQL``'s parameter
    /// numbers (so the same binding fills either). SQLite rewrites the entry of every index on
    /// a column an `UPDATE` sets, even to the value it had: an edit of one unindexed field
    /// then writes the row's page alone, not one page per index as well.
    func updateSQL(changing changed: [String]) -> String {
        // A closure, not `map(\.key)`: a key-path literal would be built on every save (TableDefinition).
        let keys = table.fields.map { $0.key }
        var sql = "UPDATE \"\(table.typeName)\" SET "
        sql.reserveCapacity(64 + 24 * changed.count)
        var next = changed.startIndex
        // `changed` lists keys in schema order (``changedFields(_:id:schema:sealing:)``).
        for (offset, key) in keys.enumerated() where next < changed.endIndex && changed[next] == key {
            sql += "\"\(key)\" = ?\(offset + 2), "
            next += 1
        }
        if next < changed.endIndex {
            // Not in schema order: the general form.
            return slowUpdateSQL(changing: changed)
        }
        sql += "\"_storedAt\" = ?\(keys.count + 2)"
        for (offset, key) in table.behaviour.encryptedKeys.enumerated() where changed.contains(key) {
            sql += ", \(TableDefinition.quote(TableDefinition.hashColumn(key))) = ?\(keys.count + 6 + offset)"
        }
        return sql + " WHERE \"objectId\" = ?1"
    }

    private func slowUpdateSQL(changing changed: [String]) -> String {
        let changed = Set(changed)
        let keys = table.fields.map { $0.key }
        var assignments = keys.enumerated().filter { changed.contains($0.element) }.map {
            "\(TableDefinition.quote($0.element)) = ?\($0.offset + 2)"
        }
        assignments.append("\"_storedAt\" = ?\(keys.count + 2)")
        for (offset, key) in table.behaviour.encryptedKeys.enumerated() where changed.contains(key) {
            assignments.append("\(TableDefinition.quote(TableDefinition.hashColumn(key))) = ?\(keys.count + 6 + offset)")
        }
        return "UPDATE \(TableDefinition.quote(table.typeName)) SET \(assignments.joined(separator: ", ")) WHERE \"objectId\" = ?1"
    }
}
